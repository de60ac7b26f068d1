"""Generate the table layouts assets/layouts/table_2.tmx ... table_8.tmx (Tiled maps).

Run from anywhere:  python build/make_layouts.py [--check]
--check compares the generated text with the committed files and exits 1 when they differ.

The table is 1920x1080 logical pixels (80x45 tiles of 24 px). Seat 0 (the acting human: the
table turns to them) sits at the bottom, or on the left at 2 players, then seats go clockwise.
The seats, piles and labels use the felt: no empty rectangle larger than 12% of the table at 2-4
players (tests/test_layout_felt.py). At 2 the two grids face each other, as large as the width
allows, with the piles, the card in hand and the round between them; at 3 the human's grid sits
at the bottom centre, the others in the top corners, the piles between them; at 4 the human's
large grid sits at the bottom left with the piles, the hand card and the prompt line to its
right, the others spread along the top. With 5-8 players the side seats sit at the left and
right edges, the others in a top and a bottom row, with labels above the grids and the piles in
the middle band. A small box says the round's number (each grid's label tells its player's
totals).
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
LARGE_PILE_H = 100    # 5-8 players: the piles as tall as the grids' cards, so the cards stay 100 px or more
STACK_ROOM = 10      # 5-8 players: felt above and below the middle band (the draw pile's stack rises 7 steps)
LARGE_LABEL_H = 62    # 5-8 players: a label above a grid on two lines (name; points), the avatar on their left
LABEL_GAP = 14        # a label keeps clear of the "to play" ring drawn 8 px round its grid (4 px wide)
SIDE_LABEL = (230, 76)  # a label beside a grid: name line and score line
# the viewer's plate beside its grid at 3 and 4 players: tall enough for the avatar above the name
# and the points line, as legible as the others' (tests/test_ui_table_labels.py)
VIEWER_LABEL_3, VIEWER_LABEL_4 = (300, 160), (230, 180)
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


def seat_with_label_above(seat: int, x: float, grid_y: float, gw: float, gh: float,
                          label_h: float = LABEL_H) -> list[Obj]:
    return [Obj("seat", x, grid_y, gw, gh, seat),
            Obj("seat_label", x, grid_y - LABEL_GAP - label_h, gw, label_h, seat)]


def seat_with_label_beside(seat: int, x: float, y: float, gw: float, gh: float, side: str, align: str,
                           label: tuple[float, float] = SIDE_LABEL) -> list[Obj]:
    lw, lh = label
    lx = x - 12 - lw if side == "left" else x + gw + 12
    ly = y if align == "top" else y + gh - lh
    return [Obj("seat", x, y, gw, gh, seat), Obj("seat_label", lx, ly, lw, lh, seat)]


def side_seat(seat: int, side: str, gw: float, gh: float) -> list[Obj]:
    """A seat at the left or right edge, its label above, the pair centred vertically."""
    top = (H - (LARGE_LABEL_H + LABEL_GAP + gh)) / 2
    x = MARGIN if side == "left" else W - MARGIN - gw
    return seat_with_label_above(seat, x, top + LARGE_LABEL_H + LABEL_GAP, gw, gh, LARGE_LABEL_H)


def centre_band(left: float, right: float, top: float, bottom: float, pile_h: float = PILE_H,
                hand_h: float = HAND_H) -> list[Obj]:
    """Draw pile, discard pile and hand card in a row, the prompt line under them.

    The stack is centred in the band with CAPTION px free above the hand card and below the
    piles, where the table view writes "Draw pile (49)", "Ada draws" and the like.
    """
    pile_w, hand_w = pile_h / CARD_RATIO, hand_h / CARD_RATIO
    gap, hand_gap = 24, 64
    row_w = 2 * pile_w + gap + hand_gap + hand_w
    stack_h = CAPTION + hand_h + CAPTION + PROMPT_H
    card_top = top + (bottom - top - stack_h) / 2 + CAPTION
    pile_top = card_top + (hand_h - pile_h) / 2
    cx = (left + right) / 2
    x0 = cx - row_w / 2
    prompt_w = min(right - left - 20, 1100)
    return [
        Obj("draw_pile", x0, pile_top, pile_w, pile_h),
        Obj("discard_pile", x0 + pile_w + gap, pile_top, pile_w, pile_h),
        Obj("hand", x0 + 2 * pile_w + gap + hand_gap, card_top, hand_w, hand_h),
        Obj("prompt", cx - prompt_w / 2, card_top + hand_h + CAPTION, prompt_w, PROMPT_H),
    ]


HUMAN_CARD_H = 180   # 3-4 players: seat 0's cards (the acting human's, the table turns to them)

ROUND_BOX = (230, 48)  # the round's number (each grid's label tells its totals)
BIG_PILE_H = 160     # 4 players: the piles, nearly as large as the human's cards (they have the room)
FACE_OFF_PILE_H = 150  # 2 players: the piles between the grids
CUE_ROOM = 130       # 2 players: felt below the card in hand for the cues (game/ui/table_cues.py)
FACE_OFF_GAP = 340   # 2 players: the felt between the two grids, for the piles, the card in hand and the tip


def small_table(players: int) -> list[Obj]:
    """2-4 players, laid out so that no wide stretch of felt is left bare (tests/test_layout_felt.py):
    2 face to face, 3 around the human's grid at the bottom centre; 4: the human's grid large at
    the bottom, its label to its left (the round's box above it) and the piles, the hand card and
    the prompt to its right; the other three spread along the top from edge to edge, as large as
    fits above the human's grid."""
    if players == 2:
        return face_off()
    if players == 3:
        return three_seats()
    gw, gh = grid_size(HUMAN_CARD_H)
    bottom_y = H - MARGIN - gh
    x0 = MARGIN + SIDE_LABEL[0] + 12
    objs = seat_with_label_beside(0, x0, bottom_y, gw, gh, "left", "bottom", VIEWER_LABEL_4)
    row_bottom = bottom_y - 40  # clear of both "to play" rings
    top = MARGIN + LABEL_H + LABEL_GAP
    ow, oh = grid_size(_card_h_for(row_bottom - top))
    pitch = (W - 2 * MARGIN - ow) / 2  # three grids from edge to edge
    for seat in range(1, players):
        objs += seat_with_label_above(seat, MARGIN + (seat - 1) * pitch, top, ow, oh)
    objs += centre_band(x0 + gw + 24, W - MARGIN, bottom_y, SCORES_BUTTON_TOP - 40, BIG_PILE_H, HUMAN_CARD_H)
    objs.append(Obj("score_panel", MARGIN, bottom_y, *ROUND_BOX))  # above the human's label
    return objs + [tip_box(objs)]


THREE_CARD_H = 170  # 3 players: the two others' cards, in the top corners


def three_seats() -> list[Obj]:
    """3 players: the human's grid at the bottom centre, its label to its left; the others in the
    top corners, their labels above, as large as fits beside the human's grid; the piles, the hand
    card and the prompt between them, just above the human's grid."""
    gw, gh = grid_size(HUMAN_CARD_H)
    bottom_y = H - MARGIN - gh
    x0 = W / 2 - gw / 2
    objs = seat_with_label_beside(0, x0, bottom_y, gw, gh, "left", "bottom", VIEWER_LABEL_3)
    ow, oh = grid_size(THREE_CARD_H)
    top = MARGIN + LABEL_H + LABEL_GAP
    objs += seat_with_label_above(1, MARGIN, top, ow, oh) + seat_with_label_above(2, W - MARGIN - ow, top, ow, oh)
    objs += centre_band(MARGIN + ow + 24, W - MARGIN - ow - 24, MARGIN, bottom_y - 40)
    objs.append(Obj("score_panel", W - MARGIN - ow / 2 - ROUND_BOX[0] / 2, top + oh + 40, *ROUND_BOX))
    return objs + [tip_box(objs)]


def face_off() -> list[Obj]:
    """2 players: the two grids side by side as large as the width allows (the human's on the
    left, the other's on the right, labels above), the round, the piles, the card in hand and the
    tip's corner in the felt between them, and the prompt under the whole table."""
    card_h = float(int((W - 2 * MARGIN - FACE_OFF_GAP) / 2 / (4 + 3 * GAP_RATIO) * CARD_RATIO))
    gw, gh = grid_size(card_h)
    prompt_top = H - MARGIN - PROMPT_H
    grid_y = (MARGIN + LABEL_H + LABEL_GAP + prompt_top - 24 - gh) / 2  # the felt left over shared above and below
    objs = seat_with_label_above(0, MARGIN, grid_y, gw, gh) + seat_with_label_above(1, W - MARGIN - gw, grid_y, gw, gh)
    left, right = MARGIN + gw + 40, W - MARGIN - gw - 40  # (the draw pile's stack rises up and to the left)
    pile_h = FACE_OFF_PILE_H
    pile_w, hand_w, cx = pile_h / CARD_RATIO, HUMAN_CARD_H / CARD_RATIO, W / 2
    top = grid_y - LABEL_GAP - LABEL_H
    pile_top = top + ROUND_BOX[1] + 24
    hand_top = pile_top + pile_h + 2 * CAPTION + 20  # the piles' captions, then the hand's
    tip_top = hand_top + HUMAN_CARD_H + CUE_ROOM  # the cues of what the other took, then the tip
    return [*objs,
            Obj("score_panel", cx - ROUND_BOX[0] / 2, top, *ROUND_BOX),
            Obj("draw_pile", left, pile_top, pile_w, pile_h),
            Obj("discard_pile", right - pile_w, pile_top, pile_w, pile_h),
            Obj("hand", cx - hand_w / 2, hand_top, hand_w, HUMAN_CARD_H),
            Obj("prompt", cx - 1100 / 2, prompt_top, 1100, PROMPT_H),
            Obj("tip", MARGIN + gw + 20, tip_top, FACE_OFF_GAP - 40, prompt_top - TIP_CLEAR - tip_top)]


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
    """5-8 players: side seats at the edges, top and bottom rows between them, labels of two lines
    above the grids (legible at 1280x720: the name on one line, the points on the next), the cards
    as large as leaves the middle band its piles, card in hand and prompt."""
    # the piles and the card in hand as tall as the grids' cards here, and above them room for the
    # draw pile's stack at its thickest (it rises up and to the left, towards the top row's grids)
    band = 2 * CAPTION + LARGE_PILE_H + PROMPT_H + 2 * STACK_ROOM
    card_h = _card_h_for((H - 2 * (MARGIN + LARGE_LABEL_H + LABEL_GAP) - band) / 2)
    gw, gh = grid_size(card_h)
    places = LARGE_PLACES[players]
    inner_left, inner_right = MARGIN + gw + 24, W - MARGIN - gw - 24
    cx, pitch = W / 2, gw + (inner_right - inner_left - 3 * gw) / 2  # three grids fill the inner width
    top_grid_y = MARGIN + LARGE_LABEL_H + LABEL_GAP
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
        objs += seat_with_label_above(seat, cx + offset - gw / 2, grid_y, gw, gh, LARGE_LABEL_H)
    objs += centre_band(inner_left, inner_right, top_grid_y + gh, bottom_grid_y - LABEL_GAP - LARGE_LABEL_H,
                        LARGE_PILE_H, LARGE_PILE_H)
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
