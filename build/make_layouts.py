"""Generate the table layouts assets/layouts/table_2.tmx ... table_8.tmx (Tiled maps).

Run from anywhere:  python build/make_layouts.py [--check]
--check compares the generated text with the committed files and exits 1 when they differ.

The table is 1920x1080 logical pixels (80x45 tiles of 24 px). Seat 0 sits at the bottom, then
seats go clockwise. With 2-4 players seat 0 (the acting human: the table turns to them) gets a
large grid at the bottom with the piles, the hand card and the prompt line to its right, and
the others sit in a row along the top, as large as fits; with 5-8 players the side seats sit at
the left and right edges, the others in a top and a bottom row, with labels above the grids and
the piles in the middle band. A small box in the top-left corner says the round's number (each
grid's label tells its player's totals).
"""

from __future__ import annotations

import argparse
import pathlib
import sys
from dataclasses import dataclass
from xml.sax.saxutils import quoteattr

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "layouts"
W, H, TILE = 1920, 1080, 24
MARGIN = 40          # felt kept clear at the window's edges: no grid, ring or label touches them
TIP_CLEAR = 24       # felt between the tip's box and anything else of the table
SCORES_BUTTON_TOP = 990  # the table's "Scores (S)" button takes the bottom-right corner below this
LABEL_H = 36          # a label above a grid: one line "name  score"
LABEL_GAP = 14        # a label keeps clear of the "to play" ring drawn 8 px round its grid (4 px wide)
SIDE_LABEL = (230, 76)  # a label beside a grid: name line and score line
CARD_RATIO = 7 / 5    # height / width
GAP_RATIO = 0.10      # must match game.ui.layout.GAP_RATIO
PILE_H, HAND_H, PROMPT_H = 130, 150, 40
CAPTION = 26        # free height above the hand card and below the piles, for captions


@dataclass
class Obj:
    kind: str
    x: float
    y: float
    w: float
    h: float
    seat: int | None = None


def grid_size(card_h: float) -> tuple[float, float]:
    card_w = card_h / CARD_RATIO
    gap = card_w * GAP_RATIO
    return 4 * card_w + 3 * gap, 3 * card_h + 2 * gap


def seat_with_label_above(seat: int, x: float, grid_y: float, gw: float, gh: float) -> list[Obj]:
    return [Obj("seat", x, grid_y, gw, gh, seat),
            Obj("seat_label", x, grid_y - LABEL_GAP - LABEL_H, gw, LABEL_H, seat)]


def seat_with_label_beside(seat: int, x: float, y: float, gw: float, gh: float, side: str, align: str) -> list[Obj]:
    lw, lh = SIDE_LABEL
    lx = x - 12 - lw if side == "left" else x + gw + 12
    ly = y if align == "top" else y + gh - lh
    return [Obj("seat", x, y, gw, gh, seat), Obj("seat_label", lx, ly, lw, lh, seat)]


def side_seat(seat: int, side: str, gw: float, gh: float) -> list[Obj]:
    """A seat at the left or right edge, its label above, the pair centred vertically."""
    top = (H - (LABEL_H + LABEL_GAP + gh)) / 2
    x = MARGIN if side == "left" else W - MARGIN - gw
    return seat_with_label_above(seat, x, top + LABEL_H + LABEL_GAP, gw, gh)


def centre_band(left: float, right: float, top: float, bottom: float) -> list[Obj]:
    """Draw pile, discard pile and hand card in a row, the prompt line under them.

    The stack is centred in the band with CAPTION px free above the hand card and below the
    piles, where the table view writes "Draw pile (49)", "Ada draws" and the like.
    """
    pile_w, hand_w = PILE_H / CARD_RATIO, HAND_H / CARD_RATIO
    gap, hand_gap = 24, 64
    row_w = 2 * pile_w + gap + hand_gap + hand_w
    stack_h = CAPTION + HAND_H + CAPTION + PROMPT_H
    card_top = top + (bottom - top - stack_h) / 2 + CAPTION
    pile_top = card_top + (HAND_H - PILE_H) / 2
    cx = (left + right) / 2
    x0 = cx - row_w / 2
    prompt_w = min(right - left - 20, 1100)
    return [
        Obj("draw_pile", x0, pile_top, pile_w, PILE_H),
        Obj("discard_pile", x0 + pile_w + gap, pile_top, pile_w, PILE_H),
        Obj("hand", x0 + 2 * pile_w + gap + hand_gap, card_top, hand_w, HAND_H),
        Obj("prompt", cx - prompt_w / 2, card_top + HAND_H + CAPTION, prompt_w, PROMPT_H),
    ]


HUMAN_CARD_H = 180   # 2-4 players: seat 0's cards (the acting human's, the table turns to them)

TOP_ROW_GAP = 40     # between two grids of the top row
ROUND_BOX = (230, 48)  # the corner box: the round's number (each grid's label tells its totals)


def small_table(players: int) -> list[Obj]:
    """2-4 players: the human's grid large at the bottom, its label to its left and the piles, the
    hand card and the prompt to its right; the others in a row along the top, as large as fits
    above the human's grid (labels beside for one or two, above for three)."""
    gw, gh = grid_size(HUMAN_CARD_H)
    bottom_y = H - MARGIN - gh
    x0 = MARGIN + SIDE_LABEL[0] + 12
    objs = seat_with_label_beside(0, x0, bottom_y, gw, gh, "left", "bottom")
    row_bottom = bottom_y - 40  # clear of both "to play" rings
    others = players - 1
    if others <= 2:
        ow, oh = grid_size(_card_h_for(row_bottom - MARGIN))
        xs = [W / 2 - ow / 2] if others == 1 else [W / 2 - TOP_ROW_GAP / 2 - ow, W / 2 + TOP_ROW_GAP / 2]
        sides = ["left"] if others == 1 else ["left", "right"]
        for seat, (x, side) in enumerate(zip(xs, sides), start=1):
            objs += seat_with_label_beside(seat, x, MARGIN, ow, oh, side, "top")
    else:
        top = MARGIN + LABEL_H + LABEL_GAP
        ow, oh = grid_size(_card_h_for(row_bottom - top))
        left = W / 2 - (3 * ow + 2 * TOP_ROW_GAP) / 2
        for seat in range(1, players):
            objs += seat_with_label_above(seat, left + (seat - 1) * (ow + TOP_ROW_GAP), top, ow, oh)
    objs += centre_band(x0 + gw + 24, W - MARGIN, bottom_y, SCORES_BUTTON_TOP - 40)
    objs.append(Obj("score_panel", MARGIN, MARGIN, *ROUND_BOX))
    return objs + [tip_box(objs)]


def _card_h_for(grid_h: float) -> float:
    """The card height whose 3-row grid is `grid_h` high (whole pixels, rounded down)."""
    return float(int(grid_h / (3 + 2 * GAP_RATIO / CARD_RATIO)))


# Clockwise from the bottom centre: bottom-left, middle-left, top-left, top-centre, top-right,
# middle-right, bottom-right. Each count uses a subset, in this order.
LARGE_PLACES = {
    5: ["BC", "ML", "TL", "TR", "MR"],
    6: ["BC", "ML", "TL", "TC", "TR", "MR"],
    7: ["BC", "BL", "ML", "TL", "TC", "TR", "MR"],
    8: ["BC", "BL", "ML", "TL", "TC", "TR", "MR", "BR"],
}


def large_table(players: int) -> list[Obj]:
    """5-8 players: side seats at the edges, top and bottom rows between them, labels above grids."""
    card_h = 104
    gw, gh = grid_size(card_h)
    places = LARGE_PLACES[players]
    inner_left, inner_right = MARGIN + gw + 24, W - MARGIN - gw - 24
    cx, pitch = W / 2, gw + (inner_right - inner_left - 3 * gw) / 2  # three grids fill the inner width
    top_grid_y = MARGIN + LABEL_H + LABEL_GAP
    bottom_grid_y = H - MARGIN - gh
    top_two = "TC" not in places  # two grids in the top row: centre them as a pair
    pair = (gw + 40) / 2
    column = {"L": -pair if top_two else -pitch, "C": 0.0, "R": pair if top_two else pitch}
    objs: list[Obj] = []
    for seat, place in enumerate(places):
        if place in ("ML", "MR"):
            objs += side_seat(seat, "left" if place == "ML" else "right", gw, gh)
            continue
        offset = column[place[1]] if place[0] == "T" else {"L": -pitch, "C": 0.0, "R": pitch}[place[1]]
        grid_y = top_grid_y if place[0] == "T" else bottom_grid_y
        objs += seat_with_label_above(seat, cx + offset - gw / 2, grid_y, gw, gh)
    objs += centre_band(inner_left, inner_right, top_grid_y + gh, bottom_grid_y - LABEL_GAP - LABEL_H)
    objs.append(Obj("score_panel", MARGIN, MARGIN, *ROUND_BOX))
    return objs + [tip_box(objs)]


def tip_box(objs: list[Obj]) -> Obj:
    """The largest free corner of the felt, for the first-game tips and the hint line: each
    quarter of the table is cut clear of every box in it (keeping the larger side), and the
    largest piece wins."""
    quarters = [(W / 2, MARGIN, W - MARGIN, H / 2), (W / 2, H / 2, W - MARGIN, SCORES_BUTTON_TOP),
                (MARGIN, H / 2, W / 2, H - MARGIN), (MARGIN, MARGIN, W / 2, H / 2)]
    hand, prompt = (next(o for o in objs if o.kind == kind) for kind in ("hand", "prompt"))
    # right of the card in hand, up to the prompt's end: where its caption goes when large text
    # leaves no room above the card
    caption = Obj("hand_caption", hand.x + hand.w, hand.y, prompt.x + prompt.w - hand.x - hand.w, hand.h)
    pieces = [_cut_clear(quarter, [*objs, caption]) for quarter in quarters]
    left, top, right, bottom = max(pieces, key=lambda p: (p[2] - p[0]) * (p[3] - p[1]))
    return Obj("tip", left, top, right - left, bottom - top)


def _cut_clear(area: tuple[float, float, float, float], objs: list[Obj]) -> tuple[float, float, float, float]:
    left, top, right, bottom = area
    for obj in objs:
        x0, y0 = obj.x - TIP_CLEAR, obj.y - TIP_CLEAR
        x1, y1 = obj.x + obj.w + TIP_CLEAR, obj.y + obj.h + TIP_CLEAR
        if x0 >= right or x1 <= left or y0 >= bottom or y1 <= top:
            continue
        cuts = [(max(left, x1), top, right, bottom), (left, top, min(right, x0), bottom),
                (left, max(top, y1), right, bottom), (left, top, right, min(bottom, y0))]
        left, top, right, bottom = max(cuts, key=lambda c: max(0.0, c[2] - c[0]) * max(0.0, c[3] - c[1]))
    return left, top, right, bottom


def to_tmx(players: int, objs: list[Obj]) -> str:
    """Tiled 1.10 XML: one empty tile layer and the object group "table"."""
    cols, rows = W // TILE, H // TILE
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{cols}" height="{rows}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="3" nextobjectid="{len(objs) + 1}">',
        " <properties>",
        f'  <property name="players" type="int" value="{players}"/>',
        " </properties>",
        f' <layer id="1" name="felt" width="{cols}" height="{rows}">',
        '  <data encoding="csv">',
        ",\n".join(",".join("0" for _ in range(cols)) for _ in range(rows)),
        "</data>",
        " </layer>",
        ' <objectgroup id="2" name="table">',
    ]
    for number, obj in enumerate(objs, start=1):
        name = obj.kind if obj.seat is None else f"{obj.kind}_{obj.seat}"
        head = (f'  <object id="{number}" name={quoteattr(name)} type={quoteattr(obj.kind)} '
                f'x="{obj.x:g}" y="{obj.y:g}" width="{obj.w:g}" height="{obj.h:g}"')
        if obj.seat is None:
            lines.append(head + "/>")
        else:
            lines += [head + ">", "   <properties>",
                      f'    <property name="seat" type="int" value="{obj.seat}"/>',
                      "   </properties>", "  </object>"]
    lines += [" </objectgroup>", "</map>", ""]
    return "\n".join(lines)


def _rounded(objs: list[Obj]) -> list[Obj]:
    """Round to 0.01 px so the files stay readable and stable."""
    return [Obj(o.kind, round(o.x, 2), round(o.y, 2), round(o.w, 2), round(o.h, 2), o.seat) for o in objs]


def generate(players: int) -> str:
    objs = small_table(players) if players <= 4 else large_table(players)
    return to_tmx(players, _rounded(objs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the committed files")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for players in range(2, 9):
        path, text = OUT / f"table_{players}.tmx", generate(players)
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print(f"out of date: {', '.join(stale)} (run python build/make_layouts.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
