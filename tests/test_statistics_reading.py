"""No frame waits for a file (issue 38 item 4): Statistics reads the review shelf once per visit,
not once per player row, and Statistics and Review a game read their files (reviews.json,
last-game.json, the exports: each may take long at its size cap) off the frame loop, drawing
"Reading…" meanwhile.

A slow read is a stand-in for the store's `read_bytes` that blocks on an Event until the test
releases it (never a timed sleep); every wait is bounded and generous."""

from __future__ import annotations

import importlib
import os
import threading
import time
from pathlib import Path

import pytest
from helpers import finished_game, journal_inks
from pilot import Pilot
from test_stats_trend import write_trend

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.store import Store
from game.store.export import export_game
from game.store.last_game import LAST_GAME_FILE, keep_last_game
from game.store.reviews import REVIEWS_FILE
from game.wire.finished import FinishedGame
from scenes.names import MENU, REVIEW_PICK

pygame = pytest.importorskip("pygame")

WAIT = 30.0  # seconds: any wait here takes far less; this only bounds a test that would hang
NAMES = ["Ann", "Bob", "Chloé", "Dan", "Eve", "Farid", "Gus"]  # seven players: the screen's seven rows


class SlowFile:
    """Stands in for `read_bytes` (or another `function` of the store that reads a file given
    first) for one file: counts its reads, and (once `hold` is called) keeps the next read
    waiting until `release`, noting the thread it runs on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: str, name: str, function: str = "read_bytes") -> None:
        self.name = name
        self.function = getattr(importlib.import_module(module), function)
        self.reads = 0
        self.holding = False
        self.started = threading.Event()  # a held read has begun (and waits)
        self.released = threading.Event()
        self.thread: threading.Thread | None = None
        monkeypatch.setattr(f"{module}.{function}", self.read)

    def hold(self) -> None:
        self.holding = True

    def read(self, path: Path, *args: object) -> object:
        if Path(path).name == self.name:
            self.reads += 1
            if self.holding:
                self.thread = threading.current_thread()
                self.started.set()
                self.released.wait(WAIT)
        return self.function(path, *args)


def record_games(folder: Path) -> None:
    store = Store(folder)
    for number, name in enumerate(NAMES):
        match, state = finished_game(number)
        seats = (SeatConfig(name, HUMAN), SeatConfig("Bot", COMPUTER, "hard"))
        store.stats.record_game(MatchConfig(match.edition, seats, end_score=match.end_score, seed=match.seed), state)


def frames_while_held(app, slow: SlowFile, frames: int = 5) -> tuple[int, list[str]]:
    """Wait until the held read has begun, then draw `frames` frames while it waits: how many
    were drawn, and the words on the screen."""
    assert slow.started.wait(WAIT), "the read never began"
    before = app.frames_drawn
    for _ in range(frames):
        Pilot(app).advance()
    drawn = app.frames_drawn - before
    return drawn, [ink.words for ink in journal_inks(app, [app.stack.top])]


def wait_until_read(app, scene) -> None:
    deadline = time.monotonic() + WAIT
    while getattr(scene, "reading", None) is not None and time.monotonic() < deadline:
        Pilot(app).advance()
        time.sleep(0.001)
    assert getattr(scene, "reading", None) is None


def test_the_statistics_read_the_review_shelf_once_for_all_seven_rows(make_app, tmp_path, monkeypatch):
    record_games(tmp_path)
    write_trend(tmp_path, {name: [0.5 + number / 10] for number, name in enumerate(NAMES)})
    shelf = SlowFile(monkeypatch, "game.store.reviews", REVIEWS_FILE)
    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    app.stack.push(MENU)
    pilot.click("Statistics")
    scene = app.stack.top
    wait_until_read(app, scene)
    assert [name for name, _entry in scene.players] == sorted(NAMES)
    words = [ink.words for ink in journal_inks(app, [scene])]
    assert sum(word.startswith("last reviewed game: ") for word in words) == 7  # every row shows its trend...
    assert shelf.reads == 1  # ...from one read of reviews.json (it was one read per row: 7)
    pilot.click("Review a game")  # Review a game, and back: the trend is read again, once
    app.stack.top.close()
    wait_until_read(app, scene)
    assert shelf.reads == 2


def test_the_statistics_screen_keeps_drawing_while_the_review_shelf_is_read(make_app, tmp_path, monkeypatch):
    record_games(tmp_path)
    write_trend(tmp_path, {"Ann": [0.6, 0.3]})
    shelf = SlowFile(monkeypatch, "game.store.reviews", REVIEWS_FILE)
    shelf.hold()
    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    app.stack.push(MENU)
    try:
        pilot.click("Statistics")  # (before: the click's frame waited for the whole read)
        drawn, words = frames_while_held(app, shelf)
        assert shelf.thread is not threading.current_thread()  # read off the frame loop...
        assert drawn == 5 and "Reading the statistics…" in words  # ...which draws meanwhile
    finally:
        shelf.released.set()
    scene = app.stack.top
    wait_until_read(app, scene)
    words = [ink.words for ink in journal_inks(app, [scene])]
    assert "last reviewed game: 0.30 a decision" in words and "Reading the statistics…" not in words


@pytest.mark.parametrize("held", ["last game", "an export"])
def test_review_a_game_keeps_drawing_while_the_games_are_read(make_app, tmp_path, monkeypatch, held):
    _match, state = finished_game(1)
    keep_last_game(tmp_path, FinishedGame(record=state.record(), names=["Ann", "Bot"], humans=[0],
                                          when=time.time() - 600))
    export_game(finished_game(2)[1], tmp_path / "exports")
    if held == "last game":
        slow = SlowFile(monkeypatch, "game.store.last_game", LAST_GAME_FILE)
    else:
        slow = SlowFile(monkeypatch, "game.store.export", "", "open_ordinary")  # (its head: what the list shows)
        slow.name = next((tmp_path / "exports").iterdir()).name
    slow.hold()
    app = make_app(size=(1280, 720))
    try:
        app.stack.push(REVIEW_PICK)  # (before: pushing it read every game on this frame)
        drawn, words = frames_while_held(app, slow)
        assert slow.thread is not threading.current_thread()
        assert drawn == 5 and "Reading the games…" in words
    finally:
        slow.released.set()
    scene = app.stack.top
    wait_until_read(app, scene)
    labels = [choice.label for choice in scene.choices]
    assert len(labels) == 2 and labels[0].startswith("Last game — ") and labels[1].startswith("Game log — ")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
def test_review_a_game_never_waits_on_a_fifo_in_place_of_a_game(make_app, tmp_path):
    (tmp_path / "exports").mkdir()
    os.mkfifo(tmp_path / "exports" / "skyjo-20240101-120000.json")  # nobody writes: an open would wait
    os.mkfifo(tmp_path / LAST_GAME_FILE)
    export_game(finished_game(2)[1], tmp_path / "exports")
    app = make_app(size=(1280, 720))
    scene = app.stack.push(REVIEW_PICK)
    assert scene.reading is not None and scene.reading.wait(WAIT)
    wait_until_read(app, scene)
    offered = [choice.label.endswith("Voyage, 2 players") and choice.load is not None for choice in scene.choices]
    assert offered == [True]
