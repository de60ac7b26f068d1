"""Choosing a game for Expert to review (issue 33): the pick screen lists the last finished game
and the newest exported logs, opens the review with the right game, and says in one line why a
damaged log cannot be reviewed; `read_export` refuses what is not a game, in one line."""

from __future__ import annotations

import builtins
import json
import threading
import time
from pathlib import Path

import pytest
from helpers import finished_game, journal_inks, key_event
from pilot import Pilot

from game.store.export import (
    MOST_EXPORT_BYTES,
    NEWEST_EXPORTS,
    ExportProblem,
    export_game,
    newest_exports,
    read_export,
)
from game.store.last_game import keep_last_game
from game.wire.finished import FinishedGame

pygame = pytest.importorskip("pygame")

DAY = 86400.0


def last(seed: int = 1, when: float = 0.0) -> FinishedGame:
    match, state = finished_game(seed)
    return FinishedGame(record=state.record(), names=[seat.name for seat in match.seats], humans=[0],
                        when=when or time.time() - 600)


def export(folder: Path, seed: int, days_ago: float) -> Path:
    """An exported log of game `seed`, written `days_ago` days ago (its name says when)."""
    return export_game(finished_game(seed)[1], folder, when=time.time() - days_ago * DAY)


class Recorder:
    """Stands in for the review screen (built elsewhere): what it was asked to open with."""

    def __init__(self, app):
        self.calls: list[tuple[tuple, dict]] = []
        app.stack.registry.register("review", self.make)

    def make(self, *args, **kwargs):
        from game.ui.scene import Scene

        self.calls.append((args, kwargs))
        scene = Scene()
        scene.name = "review"
        return scene

    def games(self) -> list[FinishedGame]:
        return [args[0] if args else kwargs["game"] for args, kwargs in self.calls]


@pytest.fixture
def exports(tmp_path) -> Path:
    return tmp_path / "exports"


def open_pick(make_app, size=(960, 540)):
    from scenes.review_pick import ReviewPickScene

    app = make_app(size=size)
    pilot = Pilot(app)
    recorder = Recorder(app)
    return app, pilot.read_in(app.stack.push(ReviewPickScene(app))), recorder


def opened(app, scene):
    """Wait (bounded) until the game chosen is read off the frame loop, then draw the frame that
    takes it: `scene`."""
    if scene.opening is not None:
        assert scene.opening.wait(60), "the game chosen was not read in 60 s"
    Pilot(app).advance(1)
    assert scene.opening is None
    return scene


def test_lists_the_last_game_then_the_exports_newest_first(make_app, tmp_path, exports):
    keep_last_game(tmp_path, last(1))
    older, newest, middle = export(exports, 2, 30), export(exports, 3, 1), export(exports, 4, 10)
    _app, scene, _recorder = open_pick(make_app)
    labels = [choice.label for choice in scene.choices]
    assert labels[0].startswith("Last game — ") and labels[0].endswith("Voyage — Ann, Bot")
    assert all(label.startswith("Game log — ") and label.endswith("Voyage, 2 players") for label in labels[1:])
    records = [json.loads(path.read_text()) for path in (newest, middle, older)]
    assert [choice.load().record for choice in scene.choices[1:]] == records
    assert [button.name for button in scene.buttons.buttons] == ["game0", "game1", "game2", "game3", "back"]


def test_choosing_opens_the_review_of_that_game(make_app, tmp_path, exports):
    kept = last(1)
    keep_last_game(tmp_path, kept)
    path = export(exports, 2, 3)
    app, scene, recorder = open_pick(make_app)
    assert scene.press("game0")
    assert app.stack.top is scene and "Reading the game…" in [ink.words for ink in journal_inks(app, [scene])]
    opened(app, scene)
    assert app.stack.top.name == "review" and recorder.games() == [kept]
    app.stack.top.close()
    assert scene.press("game1")
    opened(app, scene)
    game = recorder.games()[1]
    assert game.record == json.loads(path.read_text()) and game.names == [] and game.humans == []
    assert game.seats() == [0, 1]  # nobody is named in a log: every seat may be reviewed


def test_the_keyboard_chooses_and_escape_goes_back(make_app, tmp_path, exports):
    keep_last_game(tmp_path, last(1))
    path = export(exports, 2, 3)
    app, scene, recorder = open_pick(make_app)
    assert scene.buttons.focus == 0
    scene.handle_event(key_event(pygame.K_DOWN))
    scene.handle_event(key_event(pygame.K_RETURN))
    opened(app, scene)
    assert recorder.games()[0].record == json.loads(path.read_text())
    app.stack.top.close()
    scene.handle_event(key_event(pygame.K_ESCAPE))
    assert scene not in app.stack.scenes


# (a log whose head looks like a game's is found out when chosen: the list reads heads only)
@pytest.mark.parametrize(("content", "head_shows_it"), [('{"edition": "voyage", "players": 2, "rou', False),
                                                        ('{"hello": 1}', True), ("[" * 5000 + "]" * 5000, True),
                                                        (b"\xff\xfe not text", True)])
def test_a_damaged_log_says_why_in_one_line_and_opens_nothing(make_app, exports, content, head_shows_it):
    export(exports, 2, 5)
    damaged = content if isinstance(content, bytes) else content.encode()
    exports.joinpath("skyjo-20991231-235959.json").write_bytes(damaged)
    app, scene, recorder = open_pick(make_app)
    assert scene.choices[0].label.endswith("— cannot be reviewed") == head_shows_it
    assert scene.choices[1].label.endswith("Voyage, 2 players")  # the good log is still offered
    assert scene.press("game0")
    opened(app, scene)
    assert recorder.calls == [] and app.stack.top is scene
    assert scene.message.startswith("This game log cannot be reviewed: ") and "\n" not in scene.message
    assert len(scene.message) < 250
    words = [ink.words for ink in journal_inks(app, [scene])]
    assert scene.message in words


def test_nothing_to_review_says_so(make_app, tmp_path, exports):
    exports.mkdir()
    (tmp_path / "last-game.json").write_text("not a game")  # a damaged last game reads as none
    app, scene, _recorder = open_pick(make_app)
    assert scene.choices == [] and [button.name for button in scene.buttons.buttons] == ["back"]
    words = [ink.words for ink in journal_inks(app, [scene])]
    assert "No finished game to review yet: finish a game, or export one from the game-over screen." in words


def test_at_most_the_newest_logs_are_offered(exports):
    paths = [export(exports, 2, days) for days in range(NEWEST_EXPORTS + 3)]
    assert newest_exports(exports) == paths[:NEWEST_EXPORTS]
    assert newest_exports(exports / "none") == []


def game_file(tmp_path: Path, record) -> Path:
    path = tmp_path / "skyjo-20240101-120000.json"
    path.write_text(json.dumps(record))
    return path


def refusal(path: Path) -> str:
    with pytest.raises(ExportProblem) as caught:
        read_export(path)
    message = str(caught.value)
    assert message and "\n" not in message and len(message) <= 200 and "Traceback" not in message
    return message


def test_read_export_refuses_what_is_not_a_game_in_one_line(tmp_path):
    record = finished_game(2)[1].record()
    assert read_export(game_file(tmp_path, record)).record == record
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(MOST_EXPORT_BYTES + 1)  # (sparse: refused from its size, never read)
    assert "larger than 16 MiB" in refusal(big)
    (tmp_path / "text.json").write_text("this is not JSON")
    assert "not JSON" in refusal(tmp_path / "text.json")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    assert "nested deeper" in refusal(tmp_path / "deep.json")
    assert refusal(game_file(tmp_path, {"hello": "world"}))
    assert refusal(game_file(tmp_path, [1, 2, 3]))
    broken = dict(record, rounds=[dict(record["rounds"][0], actions=[["replace", 0, 99]])])
    assert refusal(game_file(tmp_path, broken))
    unplayed = dict(record, rounds=[])
    assert "no round" in refusal(game_file(tmp_path, unplayed))
    assert "gone" in refusal(tmp_path / "missing.json")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_choices_have_no_text_on_text_at_150_percent_in_french(make_app, tmp_path, exports, size):
    from game.ui.ink import collisions

    keep_last_game(tmp_path, FinishedGame(record=last(1).record, names=["WWWWWWWWWWWWWWWW", "Anne-Charlotte"],
                                          humans=[0], when=time.time()))
    for days in range(NEWEST_EXPORTS):
        export(exports, 2, days)
    app = make_app(size=size)
    pilot = Pilot(app)
    app.settings.language, app.settings.ui_scale = "fr", 150
    app.apply_settings()
    from scenes.review_pick import ReviewPickScene

    scene = pilot.read_in(app.stack.push(ReviewPickScene(app)))
    scene.message = "Ce journal de partie ne peut pas être revu : " + "x" * 150
    assert len(scene.choices) == NEWEST_EXPORTS + 1
    assert collisions(journal_inks(app, [scene]), app.screen.get_rect()) == []


class HeldDisk:
    """Stands in for the store's `open` (game/store/files.py: every file it reads is opened
    there) for the files of one folder: counts the bytes read from them and, while `holding`,
    keeps each opening waiting until `release` (a slow disk, never a timed sleep), noting the
    threads that wait."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
        self.folder = folder
        self.bytes = 0
        self.holding = False
        self.waiting: set[threading.Thread] = set()
        self.released = threading.Event()
        self._lock = threading.Lock()
        monkeypatch.setattr("game.store.files.open", self.open, raising=False)

    def open(self, path, *args, **kwargs):
        handle = builtins.open(path, *args, **kwargs)  # noqa: SIM115 - the caller closes it, as the store does
        if Path(path).parent != self.folder:
            return handle
        if self.holding:
            with self._lock:
                self.waiting.add(threading.current_thread())
            self.released.wait(60)
            with self._lock:
                self.waiting.discard(threading.current_thread())
        return Counted(handle, self)

    def count(self, data: bytes) -> bytes:
        with self._lock:
            self.bytes += len(data)
        return data


class Counted:
    """A file whose reads a HeldDisk counts."""

    def __init__(self, handle, disk: HeldDisk) -> None:
        self.handle, self.disk = handle, disk

    def read(self, size: int = -1) -> bytes:
        return self.disk.count(self.handle.read(size))

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.handle.close()

    def __getattr__(self, name: str):
        return getattr(self.handle, name)


def reading_threads() -> set[threading.Thread]:
    return {thread for thread in threading.enumerate() if thread.name.startswith("reading")}


def settled(condition, seconds: float = 60.0) -> bool:
    """Whether `condition()` came true within `seconds` (the reading threads run on their own)."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)
    return bool(condition())


def test_twenty_quick_visits_read_one_list_at_a_time_and_only_the_heads_of_large_logs(
        make_app, exports, monkeypatch):
    """Issue 46 item 4: twenty visits to "Review a game" in a row, on a slow disk, start one read
    of the list (before: one thread each, each reading every log whole), and the list reads the
    heads of six logs of over a MiB each, not the logs."""
    from scenes.names import STATISTICS

    for days in range(NEWEST_EXPORTS):
        with open(export(exports, 2 + days, days), "ab") as log:
            log.write(b" " * (1 << 20))  # (white space after the game: a large log, and still JSON)
    disk = HeldDisk(monkeypatch, exports)
    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    pilot.read_in(app.stack.push(STATISTICS))
    disk.holding = True
    for visit in range(20):
        pilot.click("Review a game")
        assert pilot.scene == "review_pick"
        if visit == 0:  # the first visit's read reaches the disk (else leaving cancels it before it reads)
            assert settled(lambda: len(disk.waiting) == 1)
        pilot.press(pygame.K_ESCAPE)
        assert pilot.scene == "statistics"
    try:  # every read still running waits on the disk (the statistics' own reads end by themselves)
        # one read waits on the disk and no other read runs (all twenty visits' threads, had each
        # visit started one, would be alive by now: the condition could not come true)
        assert settled(lambda: len(disk.waiting) == 1 and reading_threads() <= disk.waiting), disk.waiting
    finally:
        disk.released.set()
    assert settled(lambda: not reading_threads())
    assert 0 < disk.bytes <= NEWEST_EXPORTS * (64 << 10)  # at most 64 KiB of each 1 MiB log
    pilot.click("Review a game")
    scene = pilot.read_in(pilot.top)
    assert [choice.label.endswith("Voyage, 2 players") for choice in scene.choices] == [True] * NEWEST_EXPORTS


def test_leaving_while_the_chosen_log_is_read_opens_nothing(make_app, exports, monkeypatch):
    export(exports, 2, 1)
    disk = HeldDisk(monkeypatch, exports)
    app, scene, recorder = open_pick(make_app)
    disk.holding = True
    assert scene.press("game0")
    assert settled(lambda: disk.waiting)
    Pilot(app).press(pygame.K_ESCAPE)
    assert scene not in app.stack.scenes
    disk.released.set()
    assert settled(lambda: not reading_threads())
    Pilot(app).advance(2)
    assert recorder.calls == []
