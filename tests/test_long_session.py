"""A long session does not grow (issue #30, item 14): what earlier games drew leaves the caches.

The figures themselves come from `python -m game bench soak` (never asserted by time here):
games played one after another through "Main menu" grew the app by about 0.6 MB a game, the
pixels of score labels and panels of every earlier game kept by caches bounded only by a count.
"""

from __future__ import annotations

import gc
import json
import tracemalloc
import weakref
from typing import Any

import pygame
import pytest

from game.ui import widgets
from game.ui.text import TextCache

MB = 2**20
HELD_AT_MOST = 8 * MB  # generous: what one frame draws is well under a megabyte at 1280x720


def _alive_bytes(refs: list[weakref.ref]) -> int:
    gc.collect()
    return sum(s.get_pitch() * s.get_height() for s in (ref() for ref in refs) if s is not None)


def test_score_labels_of_earlier_games_do_not_pile_up_in_the_text_cache() -> None:
    """Every game draws new totals and names: their pictures do not all stay in memory, while
    the labels on screen now are still drawn from the cache."""
    pygame.font.init()
    text = TextCache()
    refs = [weakref.ref(text.render(f"Robin {n} · {n % 97} points this round", 60)) for n in range(400)]
    assert _alive_bytes(refs) <= HELD_AT_MOST
    latest = text.render("Robin 399 · 11 points this round", 60)
    assert refs[-1]() is latest  # the label drawn last is not drawn again


def test_panels_of_many_sizes_do_not_pile_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """A panel sized to its text (a seat's label, a round's scores) is made again for a new size:
    the panels of earlier sizes do not all stay in memory."""
    made: list[weakref.ref] = []

    class Tracked(pygame.Surface):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(weakref.ref(self))

    target = pygame.Surface((900, 400))
    monkeypatch.setattr(pygame, "Surface", Tracked)
    for n in range(200):
        widgets.draw_panel(target, pygame.Rect(0, 0, 300 + n, 160), (10, 20, 30, 200))
    assert _alive_bytes(made) <= HELD_AT_MOST
    made.clear()
    widgets.draw_panel(target, pygame.Rect(0, 0, 499, 160), (10, 20, 30, 200))
    assert not made  # the panel drawn last is reused, not made again


@pytest.mark.slow
def test_games_in_a_row_through_main_menu_leave_nothing_behind() -> None:
    """Four short computer games played through the app's screens, back to the menu each time:
    only the menu is left on the stack, the caches stay within their budgets, and the Python
    objects the app keeps grow by less than a generous bound per game (tracemalloc)."""
    from skyjo.bench_soak import soak_app

    traced: dict[int, int] = {}
    seen: list[list[str]] = []
    held: list[int] = []

    def after_game(number: int, app: Any) -> None:
        seen.append([scene.name for scene in app.stack.scenes])
        held.append(app.text.cache.bytes)
        # the caches are bounded by their own budgets (checked above and below); emptied here so
        # that filling them up to that budget is not read as growth of what the app keeps
        app.text.cache.clear()
        widgets._PANELS.clear()
        gc.collect()
        traced[number] = tracemalloc.get_traced_memory()[0]

    tracemalloc.start()
    try:
        result = soak_app(4, seed=3, end_score=10, after_game=after_game)
    finally:
        tracemalloc.stop()
    json.dumps(result)  # the --json output
    assert result["games"] == 4 and len(result["rss_mb"]) == 4
    assert all(isinstance(mb, float) and mb > 0 for mb in result["rss_mb"])
    assert result["frames"] > 0 and result["frame_p99_ms"] > 0
    assert seen == [["menu"]] * 4
    assert max(held) <= HELD_AT_MOST
    per_game = (traced[4] - traced[2]) / 2
    assert per_game < 256 * 1024, f"{per_game / 1024:.0f} KiB of Python objects kept per game"


@pytest.mark.parametrize("games", ["0", "1001", "-3"])
def test_soak_refuses_a_number_of_games_out_of_range_in_one_line(
    games: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from skyjo.cli import main

    assert main(["bench", "soak", "--games", games, "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"skyjo bench: error: --games must be between 1 and 1000, not {games}\n"


@pytest.mark.slow
def test_a_headless_host_serving_games_in_a_row_reports_memory_after_each() -> None:
    """Two bots joined on 127.0.0.1 play three short games; the host's memory is read after each."""
    from skyjo.bench_soak import soak_host

    result = soak_host(3, seed=5, end_score=10)
    json.dumps(result)
    assert result["mode"] == "host" and result["games"] == 3 and len(result["rss_mb"]) == 3
    assert all(isinstance(mb, float) and mb > 0 for mb in result["rss_mb"])


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_ten_games_leave_the_menu_the_pictures_it_had() -> None:
    """Issue 47: what belongs to a table goes when the table goes. Ten one-round games through the
    app's screens; back at the menu each time, the pictures the modules keep (felt, card faces and
    their pieces, veils, panels, avatars, halos) are the menu's own, as at the first menu (before,
    a game left four times those pixels behind)."""
    from skyjo.bench_soak import soak_app

    result = soak_app(10, seed=3, end_score=1)
    first, after = result["start_pictures_mib"], result["pictures_mib"]
    assert len(after) == 10 and first > 0
    assert max(after) <= first + 0.5, f"{first} MiB at the first menu, then {after}"


def test_a_table_that_goes_takes_its_pictures() -> None:
    """The felt, the card faces at the table's sizes and the other pictures a table draws leave
    the modules' caches when the table closes (its screen's exit calls it)."""
    from game.rules import GameState, seat_view
    from game.ui.card_art import CardArt
    from game.ui.table_view import Board, TableView
    from skyjo.bench_soak import held_pictures_mib

    pygame.font.init()
    state = GameState.new_game("voyage", players=4, seed=4)
    view = TableView(4, ["Ann", "Bob", "Cy", "Dee"], CardArt("standard"), TextCache())
    view.draw(pygame.Surface((1280, 720)), Board.from_view(seat_view(state, 0)), [])
    drawn = held_pictures_mib()
    view.close()
    assert held_pictures_mib() < min(1.0, drawn / 4), f"{drawn} MiB while drawn"
