"""Table layouts: Tiled maps (assets/layouts/table_<n>.tmx) read into plain frozen dataclasses.

pytmx objects stay inside this module; the rest of the UI only sees Box, SeatArea, TableLayout
and Viewport. Every box is in logical pixels of a 1920x1080 table; ``fit`` maps them to a window.
"""

from __future__ import annotations

import functools
import pathlib
from dataclasses import dataclass, replace

import pygame

from game.resources import asset_path
from game.rules import COLS, EDITIONS, ROWS

# a table layout for every player count some edition allows (the editions own the limits)
MIN_PLAYERS = min(edition.min_players for edition in EDITIONS.values())
MAX_PLAYERS = max(edition.max_players for edition in EDITIONS.values())
GAP_RATIO = 0.10  # gap between two cards of a grid, as a fraction of a card's width
SINGLE_KINDS = ("draw_pile", "discard_pile", "hand", "score_panel", "prompt", "tip")
TABLE_MARGIN = 40  # logical px of felt at every edge: no grid, ring or label touches the window


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in logical pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def contains(self, x: float, y: float) -> bool:
        """True when the point lies inside (left/top edges in, right/bottom edges out)."""
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    def inflate(self, d: float) -> Box:
        """The box grown by ``d`` on every side (shrunk when ``d`` is negative), same centre."""
        return Box(self.x - d, self.y - d, max(0.0, self.w + 2 * d), max(0.0, self.h + 2 * d))

    def overlaps(self, other: Box) -> bool:
        """True when the two boxes share some area (touching edges do not count)."""
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)


@dataclass(frozen=True)
class SeatArea:
    """One player's place: the 4x3 grid box and the label box (name, score) beside it."""

    seat: int
    grid: Box
    label: Box

    def cell(self, col: int, row: int) -> Box:
        """The card box at (col, row) inside the grid: 4 columns x 3 rows separated by gaps."""
        if not (0 <= col < COLS and 0 <= row < ROWS):
            raise ValueError(f"no cell ({col}, {row}) in a {COLS}x{ROWS} grid")
        card_w, card_h, gap = cell_metrics(self.grid)
        return Box(self.grid.x + col * (card_w + gap), self.grid.y + row * (card_h + gap), card_w, card_h)


def cell_metrics(grid: Box) -> tuple[float, float, float]:
    """(card width, card height, gap) for a grid box; the gap is GAP_RATIO of a card width."""
    card_w = grid.w / (COLS + (COLS - 1) * GAP_RATIO)
    gap = card_w * GAP_RATIO
    card_h = (grid.h - (ROWS - 1) * gap) / ROWS
    return card_w, card_h, gap


@dataclass(frozen=True)
class TableLayout:
    """Where everything goes on the table, for one number of players."""

    players: int
    width: int
    height: int
    seats: tuple[SeatArea, ...]
    draw_pile: Box
    discard_pile: Box
    hand: Box
    score_panel: Box
    prompt: Box
    tip: Box  # the free corner for the first-game tips and the notices (the hint line)

    def boxes(self) -> dict[str, Box]:
        """Every named box (for drawing debug overlays and for tests)."""
        named = {kind: getattr(self, kind) for kind in SINGLE_KINDS}
        for area in self.seats:
            named[f"seat_{area.seat}"] = area.grid
            named[f"seat_label_{area.seat}"] = area.label
        return named


def turned(layout: TableLayout, bottom: int) -> TableLayout:
    """The table turned so that seat `bottom` has the place of seat 0 (the big grid at the
    bottom) and the others keep their order around the table: seat s takes the place drawn
    for seat (s - bottom) mod players."""
    count = len(layout.seats)
    places = layout.seats
    seats = tuple(SeatArea(s, places[(s - bottom) % count].grid, places[(s - bottom) % count].label)
                  for s in range(count))
    return replace(layout, seats=seats)


@dataclass(frozen=True)
class Viewport:
    """A uniform scale and offset from logical table pixels to window pixels."""

    scale: float
    offset_x: float
    offset_y: float

    def rect(self, box: Box) -> pygame.Rect:
        """The window rectangle for a logical box; edges are rounded so neighbours never gap."""
        left = round(self.offset_x + box.x * self.scale)
        top = round(self.offset_y + box.y * self.scale)
        right = round(self.offset_x + (box.x + box.w) * self.scale)
        bottom = round(self.offset_y + (box.y + box.h) * self.scale)
        return pygame.Rect(left, top, right - left, bottom - top)

    def point(self, x: float, y: float) -> tuple[int, int]:
        """The window pixel of a logical point."""
        return round(self.offset_x + x * self.scale), round(self.offset_y + y * self.scale)

    def to_logical(self, x: float, y: float) -> tuple[float, float]:
        """A window point (e.g. the mouse) in logical table pixels."""
        return ((x - self.offset_x) / self.scale, (y - self.offset_y) / self.scale)


def fit(layout: TableLayout, width: int, height: int) -> Viewport:
    """The largest uniform scale showing the whole table in a window, centred (letterboxed)."""
    if width <= 0 or height <= 0:
        raise ValueError(f"window size must be positive, got {width}x{height}")
    scale = min(width / layout.width, height / layout.height)
    return Viewport(scale, (width - layout.width * scale) / 2, (height - layout.height * scale) / 2)


def layout_path(players: int) -> pathlib.Path:
    return asset_path("layouts", f"table_{players}.tmx")


def load_layout(players: int) -> TableLayout:
    """The table layout for ``players`` (2..8), read once from its .tmx file and cached."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"no table layout for {players!r} players; expected {MIN_PLAYERS} to {MAX_PLAYERS}")
    return _load_cached(players)


@functools.cache
def _load_cached(players: int) -> TableLayout:
    return read_layout_file(layout_path(players), players)


def read_layout_file(path: pathlib.Path, players: int) -> TableLayout:
    """Read one Tiled map; every problem becomes a one-line FileNotFoundError or ValueError."""
    path = pathlib.Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"table layout file not found: {path}")
    tiled = _parse_tmx(path)
    width = int(tiled.width * tiled.tilewidth)
    height = int(tiled.height * tiled.tileheight)
    objects = _table_objects(tiled, path)
    layout = _build_layout(objects, players, width, height, path)
    _check(layout, path)
    return layout


def _parse_tmx(path: pathlib.Path):
    import xml.etree.ElementTree as ElementTree  # (the map reader's: not before a table is laid out, issue 47)

    import pytmx  # imported here so merely importing the UI does not pull the map reader in

    try:
        return pytmx.TiledMap(str(path))
    except (ElementTree.ParseError, KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise ValueError(f"table layout {path.name} is not a valid Tiled map: {exc}") from None


def _table_objects(tiled, path: pathlib.Path) -> list[tuple[str, int | None, Box]]:
    """(kind, seat or None, box) for every object of the "table" object group."""
    group = next((layer for layer in tiled.objectgroups if layer.name == "table"), None)
    if group is None:
        raise ValueError(f"table layout {path.name} has no object group named 'table'")
    found = []
    for obj in group:
        kind = obj.type or obj.name
        seat = obj.properties.get("seat")
        if seat is not None and not isinstance(seat, int):
            raise ValueError(f"table layout {path.name}: object {obj.name!r} has a non-integer seat {seat!r}")
        found.append((kind, seat, Box(float(obj.x), float(obj.y), float(obj.width), float(obj.height))))
    return found


def _build_layout(objects, players: int, width: int, height: int, path: pathlib.Path) -> TableLayout:
    singles: dict[str, Box] = {}
    grids: dict[int, Box] = {}
    labels: dict[int, Box] = {}
    for kind, seat, box in objects:
        if kind in SINGLE_KINDS:
            if kind in singles:
                raise ValueError(f"table layout {path.name} has two '{kind}' boxes")
            singles[kind] = box
        elif kind in ("seat", "seat_label"):
            target = grids if kind == "seat" else labels
            if seat is None or seat in target:
                raise ValueError(f"table layout {path.name}: '{kind}' box with a missing or repeated seat {seat}")
            target[seat] = box
    missing = [kind for kind in SINGLE_KINDS if kind not in singles]
    if missing:
        raise ValueError(f"table layout {path.name} lacks the box(es): {', '.join(missing)}")
    expected = set(range(players))
    if set(grids) != expected or set(labels) != expected:
        raise ValueError(f"table layout {path.name} must have seat and seat_label boxes for seats 0..{players - 1}, "
                         f"found seats {sorted(grids)} and labels {sorted(labels)}")
    seats = tuple(SeatArea(n, grids[n], labels[n]) for n in range(players))
    return TableLayout(players, width, height, seats, **singles)


def _check(layout: TableLayout, path: pathlib.Path) -> None:
    """Refuse layouts with boxes outside the table or with empty boxes."""
    for name, box in layout.boxes().items():
        if box.w <= 0 or box.h <= 0:
            raise ValueError(f"table layout {path.name}: box {name} is empty")
        if box.x < 0 or box.y < 0 or box.right > layout.width or box.bottom > layout.height:
            raise ValueError(f"table layout {path.name}: box {name} lies outside "
                             f"the {layout.width}x{layout.height} map")
