"""No frame waits for a file (issue 38 item 4), the review screen's part: "How did you play?"
looks its kept review up in reviews.json and keeps a finished review there (a read and a write
of a file of up to 4 MiB), and the game-over screen keeps the game in last-game.json and
exports its log, all off the frame loop: the screens keep drawing meanwhile, and the review is
still found and kept, the game kept, the log written.

A slow file is a stand-in for the store's `read_bytes` or `atomic_write` that blocks on an Event
until the test releases it (never a timed sleep); every wait is bounded and generous."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from helpers import finished_game, journal_inks, wait_until
from pilot import Pilot
from test_statistics_reading import WAIT, SlowFile, frames_while_held

from game.ai.review import DEFAULT_SAMPLES, METHOD, review_game
from game.store.files import atomic_write, read_bytes
from game.store.last_game import LAST_GAME_FILE, last_game
from game.store.reviews import REVIEWS_FILE, ReviewShelf, review_key
from scenes.game_over import GameOverScene
from scenes.review import REVIEW_SEED, ReviewScene

pygame = pytest.importorskip("pygame")

SAMPLES = 2  # few sampled worlds, one process: a review of these games takes a second or two


class SlowWrite:
    """Stands in for `atomic_write` in `module` of the files whose name begins with `name`: the
    next write of one (once `hold` is called) waits until `release`, noting the thread it runs on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: str, name: str) -> None:
        self.name = name
        self.writes = 0
        self.holding = False
        self.started = threading.Event()
        self.released = threading.Event()
        self.thread: threading.Thread | None = None
        monkeypatch.setattr(f"{module}.atomic_write", self.write)

    def hold(self) -> None:
        self.holding = True

    def write(self, path: Path, data: bytes, keep_backup: bool = True) -> None:
        if Path(path).name.startswith(self.name):
            self.writes += 1
            if self.holding:
                self.thread = threading.current_thread()
                self.started.set()
                self.released.wait(WAIT)
        atomic_write(path, data, keep_backup=keep_backup)


def drawn_off_the_frame_loop(app, write, shown: str) -> None:
    """While `write` is held, the write runs on a thread of its own and the frames go on (five of
    them), `shown` among the words they draw."""
    drawn, words = frames_while_held(app, write)
    assert write.thread is not threading.current_thread()
    assert drawn == 5 and shown in words


@pytest.fixture(scope="module")
def played():
    """A finished game of Ann (human) against an Easy computer, and its review at little work."""
    match, state = finished_game(3, end_score=40)
    return match, state, review_game(state.record(), 0, seed=REVIEW_SEED, samples=SAMPLES)


def open_review(app, match, state) -> ReviewScene:
    """The game-over screen, then its "Review the game" (as a player reaches the review)."""
    over = app.stack.reset(GameOverScene(app, match, state))
    Pilot(app).advance()
    assert over.press("review")
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    return scene


def test_the_review_screen_keeps_drawing_while_its_kept_review_is_looked_up(make_app, tmp_path, monkeypatch,
                                                                              played):
    match, state, review = played
    ReviewShelf(tmp_path).put(review_key(state.record(), 0, REVIEW_SEED, DEFAULT_SAMPLES, METHOD), review)
    shelf = SlowFile(monkeypatch, "game.store.reviews", REVIEWS_FILE)
    shelf.hold()
    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    try:
        scene = open_review(app, match, state)  # (before: this press waited for the whole read)
        drawn, words = frames_while_held(app, shelf)
        assert shelf.thread is not threading.current_thread()  # read off the frame loop...
        assert drawn == 5 and "Looking for this game's review…" in words  # ...which draws meanwhile
    finally:
        shelf.released.set()
    pilot.read_in(scene)
    assert scene.review == review and scene.job is None  # the kept review, shown: nothing judged again
    words = [ink.words for ink in journal_inks(app, [scene])]
    assert any(word.startswith(f"Expert judged {len(review.decisions)} of your decisions") for word in words)
    assert shelf.reads == 1


def test_the_review_screen_keeps_drawing_while_a_finished_review_is_kept(make_app, tmp_path, monkeypatch, played):
    match, state, review = played
    write = SlowWrite(monkeypatch, "game.store.reviews", REVIEWS_FILE)
    write.hold()
    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    scene = open_review(app, match, state)
    scene.samples, scene.workers = SAMPLES, 1  # little work: judged again at once
    scene.start()
    try:
        deadline = time.monotonic() + WAIT
        while not write.started.is_set() and time.monotonic() < deadline:
            pilot.advance()  # (before: the frame that took the result kept it, and waited)
            time.sleep(0.001)
        drawn_off_the_frame_loop(app, write, "Expert is judging each of your decisions from what you could see then.")
    finally:
        write.released.set()
    assert wait_until(lambda: scene.job is None or not scene.job.running, WAIT)
    pilot.advance()
    assert scene.review == review and scene.job is None
    shelf = ReviewShelf(tmp_path)
    assert shelf.get(review_key(state.record(), 0, REVIEW_SEED, SAMPLES, METHOD)) == review  # kept...
    assert [point.per_decision for point in shelf.trend("Ann")] == [review.per_decision]  # ...in Ann's trend too
    assert write.writes == 1


def test_the_game_over_screen_keeps_drawing_while_the_game_is_kept(make_app, tmp_path, monkeypatch):
    match, state = finished_game(4)
    write = SlowWrite(monkeypatch, "game.store.last_game", LAST_GAME_FILE)
    write.hold()
    app = make_app(size=(1280, 720))
    try:
        over = app.stack.reset(GameOverScene(app, match, state))  # (before: entering waited for the write)
        drawn_off_the_frame_loop(app, write, "Game over")
    finally:
        write.released.set()
    assert over.keeping is not None and over.keeping.wait(WAIT)
    kept = last_game(tmp_path)
    assert kept is not None and kept.record == state.record() and kept.humans == [0]


def test_the_game_over_screen_keeps_drawing_while_the_game_log_is_exported(make_app, tmp_path, monkeypatch):
    match, state = finished_game(7)
    write = SlowWrite(monkeypatch, "game.store.export", "skyjo-")
    write.hold()
    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    over = app.stack.reset(GameOverScene(app, match, state))
    try:
        pilot.click("Export game log")  # (before: the click's frame waited for the write)
        drawn_off_the_frame_loop(app, write, "Saving the game log…")
    finally:
        write.released.set()
    assert over.exporting is not None and over.exporting.wait(WAIT)
    pilot.advance()
    words = [ink.words for ink in journal_inks(app, [over])]
    saved = [word for word in words if word.startswith("Game log saved as ")]
    assert len(saved) == 1 and "Saving the game log…" not in words
    exported = next((app.store.data_dir / "exports").iterdir())  # the one file the line names
    assert exported.name in saved[0]
    assert json.loads(exported.read_text())["rounds"] == state.record()["rounds"]


@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
def test_two_reviews_kept_at_once_are_both_kept(tmp_path, monkeypatch, played):
    """Kept off the frame loop, two reviews may be kept at the same moment (a player who
    switches seats in hot-seat): neither write may lose the other's review or trend point."""
    _match, state, review = played
    has_read, released = threading.Event(), threading.Event()

    def read_then_wait(path: Path, limit: int | None = None) -> bytes | None:
        """The first keep reads the shelf, then waits (as a slow check of a large shelf would)."""
        raw = read_bytes(path, limit)
        if not has_read.is_set():
            has_read.set()
            released.wait(WAIT)
        return raw

    monkeypatch.setattr("game.store.reviews.read_bytes", read_then_wait)
    record = state.record()
    keys = [review_key(record, seat, REVIEW_SEED, SAMPLES, METHOD) for seat in (0, 1)]
    first = threading.Thread(target=ReviewShelf(tmp_path).put, args=(keys[0], review, "Ann", "game0"))
    first.start()
    try:
        assert has_read.wait(WAIT)
        second = threading.Thread(target=ReviewShelf(tmp_path).put, args=(keys[1], review, "Bob", "game1"))
        second.start()
        second.join(2.0)  # unguarded, it writes its review while the first keep still holds the old shelf
    finally:
        released.set()
    first.join(WAIT)
    second.join(WAIT)
    assert not first.is_alive() and not second.is_alive()
    kept = ReviewShelf(tmp_path)
    assert [kept.get(key) for key in keys] == [review, review]
    assert [len(kept.trend(name)) for name in ("Ann", "Bob")] == [1, 1]


def test_a_game_over_with_no_data_folder_keeps_nothing_and_offers_the_review(make_app, monkeypatch):
    match, state = finished_game(5)
    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    monkeypatch.setattr(app, "store", None)
    over = app.stack.reset(GameOverScene(app, match, state))
    assert over.keeping is None and over.finished is not None
    assert over.press("review")
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    pilot.read_in(scene)
    assert scene.job is not None
    scene.stop()

