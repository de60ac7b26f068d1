"""Table layouts: the committed Tiled maps, their reader and the window fit."""

from __future__ import annotations

import importlib.util
import math
import pathlib
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.layout import TABLE_MARGIN, Box, TableLayout, fit, layout_path, load_layout, read_layout_file

ALL = range(2, 9)
ROOT = pathlib.Path(__file__).resolve().parents[1]


def _all_boxes(layout: TableLayout) -> dict[str, Box]:
    return layout.boxes()


@pytest.mark.parametrize("players", ALL)
def test_layout_has_one_seat_per_player(players: int) -> None:
    layout = load_layout(players)
    assert layout.players == players
    assert (layout.width, layout.height) == (1920, 1080)
    assert [area.seat for area in layout.seats] == list(range(players))


@pytest.mark.parametrize("players", ALL)
def test_every_box_inside_the_map(players: int) -> None:
    layout = load_layout(players)
    for name, box in _all_boxes(layout).items():
        assert box.w > 0 and box.h > 0, name
        assert 0 <= box.x and 0 <= box.y and box.right <= layout.width and box.bottom <= layout.height, name


@pytest.mark.parametrize("players", ALL)
def test_felt_margin_at_every_edge(players: int) -> None:
    """No grid, nor the seat panel and "to play" ring drawn around it, nor any label or box,
    touches the window's edge: every box keeps TABLE_MARGIN px of felt (a grid's panel, 14 px
    round it, keeps most of it)."""
    layout = load_layout(players)
    for name, box in _all_boxes(layout).items():
        assert box.x >= TABLE_MARGIN and box.y >= TABLE_MARGIN, name
        assert box.right <= layout.width - TABLE_MARGIN and box.bottom <= layout.height - TABLE_MARGIN, name


@pytest.mark.parametrize("players", ALL)
def test_the_tip_has_a_corner_of_its_own(players: int) -> None:
    """The first-game tips and the hint line get a free corner: big enough for a few lines, clear
    of every grid (with its ring), label, pile and the prompt, and of the Scores button."""
    from scenes.score_overlay import scores_button_box

    layout = load_layout(players)
    tip = layout.tip
    assert tip.w >= 300 and tip.h >= 230, (tip.w, tip.h)
    for name, box in _all_boxes(layout).items():
        if name != "tip":
            assert not tip.overlaps(box.inflate(16)), f"the tip's corner touches {name}"
    assert not tip.overlaps(scores_button_box())


@pytest.mark.parametrize("players", ALL)
def test_no_two_boxes_overlap(players: int) -> None:
    """Grids, labels, piles, hand, prompt and score panel each have their own space."""
    boxes = list(_all_boxes(layout := load_layout(players)).items())
    assert len(boxes) == 6 + 2 * layout.players
    for i, (name_a, a) in enumerate(boxes):
        for name_b, b in boxes[i + 1:]:
            assert not a.overlaps(b), f"{name_a} overlaps {name_b} with {players} players"


@pytest.mark.parametrize("players", ALL)
def test_cells_inside_their_grid_and_apart(players: int) -> None:
    for area in load_layout(players).seats:
        cells = [area.cell(col, row) for row in range(3) for col in range(4)]
        for cell in cells:
            g = area.grid
            assert g.x - 1e-6 <= cell.x and cell.right <= g.right + 1e-6
            assert g.y - 1e-6 <= cell.y and cell.bottom <= g.bottom + 1e-6
            assert 1.3 <= cell.h / cell.w <= 1.5  # about 5:7
        for i, a in enumerate(cells):
            assert all(not a.overlaps(b) for b in cells[i + 1:])
        # reading order: columns left to right, rows top to bottom
        assert area.cell(1, 0).x > area.cell(0, 0).x and area.cell(0, 1).y > area.cell(0, 0).y


@pytest.mark.parametrize("players", ALL)
def test_cards_are_big_enough_to_read(players: int) -> None:
    layout = load_layout(players)
    heights = [area.cell(0, 0).h for area in layout.seats]
    assert min(heights) >= 100
    # seat 0 is the acting human's place (hot-seat turns the table to them): never smaller
    assert heights[0] == max(heights)
    assert len({round(h) for h in heights[1:]}) == 1  # the others alike


@pytest.mark.parametrize("players", [2, 3])
def test_the_humans_cards_grew_half_again_at_two_and_three_players(players: int) -> None:
    """On a 1920x1080 window (the layout's own size: scale 1) the human's cards at 2-3 players
    were 118 px high, every seat alike; now at least 1.5 times that (180 px; 244 px face to face
    at 2), the others larger than the 118 px of before (244 px at 2, 170 px at 3)."""
    before = 118  # measured on the old layouts: view.rect(seat.cell(0, 0)).h at 1920x1080, every seat
    layout = load_layout(players)
    view = fit(layout, 1920, 1080)
    human = view.rect(layout.seats[0].cell(0, 0)).h
    assert human >= 180 and human >= 1.5 * before
    assert all(view.rect(area.cell(0, 0)).h > before for area in layout.seats[1:])


def test_fewer_players_get_bigger_grids() -> None:
    assert load_layout(2).seats[0].grid.h > load_layout(8).seats[0].grid.h


@pytest.mark.parametrize("players", ALL)
def test_seat_zero_bottom_centre_then_clockwise(players: int) -> None:
    layout = load_layout(players)
    cx, cy = layout.width / 2, layout.height / 2
    zero = layout.seats[0].grid
    if players > 4:  # (at 2-4 the human's large grid sits left of the piles)
        assert abs(zero.center[0] - cx) < 1
    assert zero.center[1] >= max(area.grid.center[1] for area in layout.seats)
    # screen y points down, so bottom -> left -> top -> right is an increasing angle from "down"
    angles = [math.degrees(math.atan2(a.grid.center[1] - cy, a.grid.center[0] - cx)) - 90 for a in layout.seats]
    angles = [(a + 1) % 360 for a in angles]  # +1: seat 0 sits at ~0 degrees, maybe a hair below
    assert angles == sorted(angles) and len(set(angles)) == players


@pytest.mark.parametrize("players", ALL)
def test_labels_sit_next_to_their_grid(players: int) -> None:
    for area in load_layout(players).seats:
        gap_x = max(area.label.x - area.grid.right, area.grid.x - area.label.right, 0)
        gap_y = max(area.label.y - area.grid.bottom, area.grid.y - area.label.bottom, 0)
        assert gap_x <= 20 and gap_y <= 20


@pytest.mark.parametrize("players", ALL)
def test_piles_hand_and_prompt_between_the_seats(players: int) -> None:
    """The piles and the card in hand lie in the middle of the table's width, within every
    player's reach, and the prompt is centred under or between them."""
    layout = load_layout(players)
    for box in (layout.draw_pile, layout.discard_pile, layout.hand):
        assert layout.width * 0.3 < box.center[0] < layout.width * 0.85
        assert layout.height * 0.1 < box.center[1] < layout.height * 0.8
    assert layout.width * 0.4 < layout.prompt.center[0] < layout.width * 0.75


def test_load_layout_is_cached() -> None:
    assert load_layout(4) is load_layout(4)


@pytest.mark.parametrize("bad", [1, 9, 0, -3, "4", None])
def test_load_layout_refuses_bad_player_counts(bad) -> None:
    with pytest.raises(ValueError, match="players"):
        load_layout(bad)


def test_committed_layouts_match_the_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("make_layouts", ROOT / "build" / "make_layouts.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "make_layouts", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    for players in ALL:
        assert layout_path(players).read_text(encoding="utf-8") == module.generate(players)


# -- fit / viewport -----------------------------------------------------------------------------------------
def test_fit_at_native_size_is_identity() -> None:
    vp = fit(load_layout(4), 1920, 1080)
    assert (vp.scale, vp.offset_x, vp.offset_y) == (1.0, 0.0, 0.0)
    box = Box(100, 200, 300, 400)
    assert tuple(vp.rect(box)) == (100, 200, 300, 400)


@pytest.mark.parametrize(("w", "h", "scale", "ox", "oy"), [
    (960, 540, 0.5, 0, 0),           # same shape, half size
    (1280, 1024, 2 / 3, 0, 152),     # taller window: bars above and below
    (2560, 1080, 1.0, 320, 0),       # wider window: bars left and right
    (800, 800, 800 / 1920, 0, 175),
])
def test_fit_letterboxes(w: int, h: int, scale: float, ox: float, oy: float) -> None:
    vp = fit(load_layout(3), w, h)
    assert vp.scale == pytest.approx(scale)
    assert (vp.offset_x, vp.offset_y) == (pytest.approx(ox), pytest.approx(oy))


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.integers(200, 4000), st.integers(150, 3000), st.sampled_from(list(ALL)))
def test_fit_keeps_table_inside_window_and_centred(w: int, h: int, players: int) -> None:
    layout = load_layout(players)
    vp = fit(layout, w, h)
    table = vp.rect(Box(0, 0, layout.width, layout.height))
    assert table.left >= 0 and table.top >= 0 and table.right <= w and table.bottom <= h
    assert table.width == w or table.height == h or abs(table.width - w) <= 1 or abs(table.height - h) <= 1
    assert abs((table.left - 0) - (w - table.right)) <= 1 and abs(table.top - (h - table.bottom)) <= 1
    for area in layout.seats:  # a click at a cell's centre on screen maps back into that cell
        rect = vp.rect(area.cell(2, 1))
        lx, ly = vp.to_logical(*rect.center)
        assert area.cell(2, 1).inflate(1 / vp.scale).contains(lx, ly)


def test_fit_refuses_empty_window() -> None:
    with pytest.raises(ValueError, match="window size"):
        fit(load_layout(2), 0, 600)


def test_box_helpers() -> None:
    box = Box(10, 20, 30, 40)
    assert box.center == (25, 40)
    assert box.contains(10, 20) and box.contains(39.9, 59.9) and not box.contains(40, 30)
    assert box.inflate(5) == Box(5, 15, 40, 50)
    assert box.inflate(-20) == Box(30, 40, 0, 0)


def test_cell_refuses_positions_outside_the_grid() -> None:
    area = load_layout(2).seats[0]
    with pytest.raises(ValueError):
        area.cell(4, 0)
    with pytest.raises(ValueError):
        area.cell(0, 3)


# -- broken files -------------------------------------------------------------------------------------------
def _tmx(objects: str, width: int = 80, height: int = 45) -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
            f'renderorder="right-down" width="{width}" height="{height}" tilewidth="24" tileheight="24" '
            f'infinite="0" nextlayerid="2" nextobjectid="20">\n<objectgroup id="1" name="table">\n'
            f'{objects}\n</objectgroup>\n</map>\n')


def _obj(kind: str, x: float, y: float, w: float = 50, h: float = 50, seat: int | None = None) -> str:
    props = "" if seat is None else f'<properties><property name="seat" type="int" value="{seat}"/></properties>'
    return f'<object name="{kind}" type="{kind}" x="{x}" y="{y}" width="{w}" height="{h}">{props}</object>'


def _minimal(extra: str = "", seats: tuple[int, ...] = (0, 1), seat_x: float = 0) -> str:
    parts = [_obj(kind, 100 * i, 0) for i, kind in
             enumerate(["draw_pile", "discard_pile", "hand", "score_panel", "prompt", "tip"])]
    for s in seats:
        parts.append(_obj("seat", seat_x + 200 * s, 500, 100, 100, seat=s))
        parts.append(_obj("seat_label", 200 * s, 450, 100, 40, seat=s))
    return _tmx("\n".join(parts) + extra)


def test_minimal_hand_written_layout_loads(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "ok.tmx"
    path.write_text(_minimal(), encoding="utf-8")
    layout = read_layout_file(path, 2)
    assert layout.seats[1].grid == Box(200, 500, 100, 100)
    assert layout.hand == Box(200, 0, 50, 50)


def test_missing_layout_file(tmp_path: pathlib.Path) -> None:
    with pytest.raises(FileNotFoundError, match="not found"):
        read_layout_file(tmp_path / "nope.tmx", 2)


@pytest.mark.parametrize(("text", "message"), [
    ("this is not xml <", "not a valid Tiled map"),
    ("<map></map>", "not a valid Tiled map|no object group"),
    (_tmx(""), "lacks"),
    (_minimal(seats=(0,)), "seats 0..1"),
    (_minimal(seats=(0, 2)), "seats 0..1"),
    (_minimal(extra=_obj("hand", 0, 0)), "two 'hand'"),
    (_minimal(seat_x=1900), "outside"),
    (_minimal(extra=_obj("seat", 0, 0, seat=0)), "repeated seat"),
    (_minimal(extra=_obj("seat", 0, 0)), "missing or repeated seat"),
])
def test_malformed_layout_gives_a_plain_error(tmp_path: pathlib.Path, text: str, message: str) -> None:
    path = tmp_path / "bad.tmx"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message) as info:
        read_layout_file(path, 2)
    assert "\n" not in str(info.value)
