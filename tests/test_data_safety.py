"""What a player's data folder can hold never loses a game, stops the app or runs a program:
a saved game is replaced only when the player says so, one running game per folder,
notices on the first menu frame, names the font cannot draw, commands named in files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest
from helpers import finished_game
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.store import Store
from scenes.notices import worded

ANN_BOB = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bob", COMPUTER, "easy"),
                                 SeatConfig("Cleo", COMPUTER, "easy")), seed=11)


def saved_game(folder: Path, match: MatchConfig = ANN_BOB, actions: int = 8) -> None:
    """A game in progress in `folder`'s save, a few actions in (the first round)."""
    state = match.new_game()
    for _ in range(actions):
        state.apply(state.legal_actions()[0])
    store = Store(folder)
    store.saves.save(match, state)
    store.close()


def open_app(folder: Path):
    from skyjo.app import App

    return App(str(folder), size=(960, 540))


def files_in(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}


def menu(app):
    from scenes.menu import MenuScene

    scene = app.stack.push(MenuScene(app))
    Pilot(app).advance()
    return scene


def setup_from_menu(app):
    scene = menu(app)
    scene.press("new")
    Pilot(app).advance()
    return app.stack.top


# ---------------------------------------------------------------- 1. New game over a saved game
def test_start_over_a_saved_game_asks_first_and_writes_nothing(tmp_path):
    saved_game(tmp_path)
    before = files_in(tmp_path)
    app = open_app(tmp_path)
    pilot = Pilot(app)
    try:
        setup = setup_from_menu(app)
        setup.press("start")
        pilot.advance()
        question = app.stack.top
        assert question.name == "replace_game"
        assert question.words == "Your game with Bob, Cleo (round 1) will be lost."
        app.store.saves.flush()
        after = {name: data for name, data in files_in(tmp_path).items() if name != "skyjo.lock"}
        assert after == before, "nothing is written before the player confirms"
        pilot.press(pygame.K_ESCAPE)  # Back: the setup again, the game still saved
        assert app.stack.top is setup and files_in(tmp_path)["save.json"] == before["save.json"]
    finally:
        app.close()


def test_enter_on_the_question_continues_the_saved_game(tmp_path):
    saved_game(tmp_path)
    saved = Store(tmp_path).saves.load()
    app = open_app(tmp_path)
    pilot = Pilot(app)
    try:
        setup = setup_from_menu(app)
        setup.press("start")
        pilot.advance()
        pilot.press(pygame.K_RETURN)  # the first focus is the safe choice
        play = app.stack.top
        assert play.name == "play" and play.config == saved[0]
        assert play.state.record() == saved[1].record()
        assert [scene.name for scene in app.stack.scenes] == ["menu", "play"]
    finally:
        app.close()


def test_clicking_start_new_game_replaces_the_save(tmp_path):
    saved_game(tmp_path)
    app = open_app(tmp_path)
    pilot = Pilot(app)
    try:
        setup = setup_from_menu(app)
        setup.press("start")
        pilot.advance()
        pilot.click("Start new game")
        play = app.stack.top
        # (setup writes each seat's look out)
        assert play.name == "play" and play.config.seats == MatchConfig().with_identities().seats
        assert [scene.name for scene in app.stack.scenes] == ["menu", "play"]
    finally:
        app.close()


def test_the_question_in_french(tmp_path):
    from game.i18n import set_language

    saved_game(tmp_path)
    app = open_app(tmp_path)
    try:
        set_language("fr")
        setup = setup_from_menu(app)
        setup.press("start")
        Pilot(app).advance()
        question = app.stack.top
        assert question.words == "Votre partie avec Bob, Cleo (manche 1) sera perdue."
        labels = [button.label for button in question.buttons.buttons]
        assert labels == ["La reprendre", "Nouvelle partie", "Retour"]
    finally:
        set_language("en")
        app.close()


def test_no_question_without_a_saved_game(tmp_path):
    app = open_app(tmp_path)
    try:
        setup = setup_from_menu(app)
        setup.press("start")
        assert app.stack.top.name == "play"
    finally:
        app.close()


# ---------------------------------------------------------------- 2. two windows, one folder
def test_a_second_app_on_the_same_folder_stops_before_touching_a_file(tmp_path):
    from game.store.lock import FolderInUse

    saved_game(tmp_path)
    first = open_app(tmp_path)
    try:
        before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()}
        with pytest.raises(FolderInUse, match="already running"):
            open_app(tmp_path)
        after = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()}
        assert after == before
    finally:
        first.close()
    open_app(tmp_path).close()  # the first one closed: the folder is free again


def test_second_start_says_so_and_exits_0(tmp_path):
    first = open_app(tmp_path)
    try:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        done = subprocess.run([sys.executable, "-m", "game", "--data-dir", str(tmp_path)], env=env,
                              capture_output=True, text=True, timeout=60)
    finally:
        first.close()
    assert done.returncode == 0
    assert f"already running with the data folder {tmp_path}" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_a_lock_left_by_a_killed_process_never_blocks_the_next_start(tmp_path):
    holder = textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        from game.store.lock import FolderLock
        lock = FolderLock(Path({str(tmp_path)!r}))
        lock.acquire()
        print("held", flush=True)
        time.sleep(60)
    """)
    from game.store.lock import FolderInUse

    process = subprocess.Popen([sys.executable, "-c", holder], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == "held"
        with pytest.raises(FolderInUse):
            open_app(tmp_path)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    assert (tmp_path / "skyjo.lock").exists()  # the file stays behind...
    open_app(tmp_path).close()  # ...and does not block


def test_statistics_are_read_modify_written(tmp_path):
    one, two = Store(tmp_path), Store(tmp_path)
    assert one.stats.load().players == {} and two.stats.load().players == {}
    one.stats.record_game(*finished_game(1, end_score=40))
    two.stats.record_game(*finished_game(2, end_score=40))  # two read the file before one wrote to it
    assert Store(tmp_path).stats.load().players["Ann"].games == 2, "no finished game is lost"


# ---------------------------------------------------------------- 3. notices on the first menu frame
def test_a_damaged_save_is_told_on_the_first_menu_frame(tmp_path):
    (tmp_path / "save.json").write_text('{"format": 2, "match": ')
    app = open_app(tmp_path)
    try:
        menu(app)
        assert any("Your saved game was damaged" in notice and "could not be recovered" in notice
                   for notice in map(worded, app.notices))
        assert list(tmp_path.glob("save.json.corrupt-*"))
    finally:
        app.close()


def test_a_damaged_save_with_a_good_backup_says_the_older_save_was_restored(tmp_path):
    saved_game(tmp_path)
    os.replace(tmp_path / "save.json", tmp_path / "save.json.bak")
    (tmp_path / "save.json").write_bytes(b"\x00" * 100)
    app = open_app(tmp_path)
    try:
        scene = menu(app)
        assert any("The previous save was restored" in notice for notice in map(worded, app.notices))
        assert scene.buttons.named("continue") is not None
    finally:
        app.close()


# ---------------------------------------------------------------- 4. text the font cannot draw
UNDRAWABLE = ["An\x00n", "\ud800", "Bo\nb", "\u202eevil", "x\x7f"]


@pytest.mark.parametrize("name", UNDRAWABLE)
def test_a_saved_name_the_font_cannot_draw_is_refused_with_a_notice(tmp_path, name):
    saved_game(tmp_path)
    document = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    document["match"]["seats"][1]["name"] = name
    (tmp_path / "save.json").write_text(json.dumps(document), encoding="utf-8")
    app = open_app(tmp_path)
    try:
        scene = menu(app)
        scene.draw(app.screen)
        assert scene.buttons.named("continue") is None
        assert any("printable characters" in notice for notice in map(worded, app.notices))
        assert list(tmp_path.glob("save.json.corrupt-*")), "moved aside, not deleted"
    finally:
        app.close()


@pytest.mark.parametrize("name", UNDRAWABLE)
def test_a_remembered_setup_with_such_a_name_is_reset_with_a_notice(tmp_path, name):
    setup = MatchConfig().to_dict()
    setup["seats"][0]["name"] = name
    (tmp_path / "settings.json").write_text(json.dumps({"format": 1, "last_setup": setup}), encoding="utf-8")
    app = open_app(tmp_path)
    try:
        scene = setup_from_menu(app)
        scene.draw(app.screen)
        assert scene.config == MatchConfig()
        assert any("last_setup" in notice for notice in map(worded, app.notices))
        app.close()
    finally:
        app.close()
    Store(tmp_path).settings.load()  # and the settings stay writable and readable


def stats_file(folder: Path, players: dict) -> None:
    (folder / "stats.json").write_text(json.dumps({"format": 1, "players": players, "recorded": {}}), encoding="utf-8")


@pytest.mark.parametrize("name", UNDRAWABLE)
def test_a_statistics_name_the_font_cannot_draw_is_cleaned_or_left_out(tmp_path, name):
    from scenes.statistics import StatisticsScene

    stats_file(tmp_path, {name: {"games": 2, "wins": 1}, "Zoe": {"games": 1}})
    app = open_app(tmp_path)
    pilot = Pilot(app)
    try:
        scene = pilot.read_in(app.stack.push(StatisticsScene(app)))
        scene.draw(app.screen)
        names = [shown for shown, _ in scene.players]
        assert "Zoe" in names and all(shown.isprintable() for shown in names)
        assert any("cannot be shown" in notice for notice in map(worded, app.notices))
    finally:
        app.close()


@pytest.mark.parametrize("figure", [10**300, -(10**300), 10**10], ids=["300 digits", "minus 300 digits", "ten billion"])
def test_absurd_figures_in_statistics_are_refused_at_load(tmp_path, figure):
    stats_file(tmp_path, {"Ann": {"games": 1, "round_total": figure, "rounds": 1}})
    store = Store(tmp_path)
    assert store.stats.load().players == {}
    assert "damaged" in store.notices[0].worded() and "beyond any real game" in store.notices[0].worded()
    assert list(tmp_path.glob("stats.json.corrupt-*"))


def test_statistics_tables_name_only_known_editions_and_levels(tmp_path):
    stats_file(tmp_path, {"Ann": {"games": 1, "by_level": {"\x00": {"games": 1}}}})
    store = Store(tmp_path)
    assert store.stats.load().players == {}
    assert "unknown entry" in store.notices[0].worded()


def test_a_start_up_failure_moves_the_files_it_read_aside(tmp_path, monkeypatch):
    """Whatever a data file does that no check foresaw, the next start works."""
    from types import SimpleNamespace

    from scenes.menu import MenuScene
    from skyjo import app as app_module

    saved_game(tmp_path)
    original = MenuScene.build

    def explode(self):
        raise ValueError("text has zero width")

    monkeypatch.setattr(MenuScene, "build", explode)
    args = SimpleNamespace(data_dir=str(tmp_path), windowed_size="960x540", self_test=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    with pytest.raises(app_module.StartupError, match="moved aside"):
        app_module.run_app(args)
    assert list(tmp_path.glob("save.json.corrupt-*")) and not (tmp_path / "save.json").exists()
    monkeypatch.setattr(MenuScene, "build", original)
    app = open_app(tmp_path)  # the next start: a menu, no saved game, no failure
    try:
        assert menu(app).buttons.named("continue") is None
    finally:
        app.close()


# ---------------------------------------------------------------- 8. commands named in files
def program_marker(folder: Path) -> tuple[str, Path]:
    marker = folder / "ran"
    return f"cmd:{sys.executable} -c \"open({str(marker)!r}, 'w').write('x')\"", marker


def test_a_saved_game_naming_a_program_is_refused_and_runs_nothing(tmp_path):
    level, marker = program_marker(tmp_path)
    saved_game(tmp_path)
    document = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    document["match"]["seats"][1]["level"] = level
    (tmp_path / "save.json").write_text(json.dumps(document), encoding="utf-8")
    app = open_app(tmp_path)
    pilot = Pilot(app)
    try:
        scene = menu(app)
        assert scene.buttons.named("continue") is None
        assert any("names a program to run" in notice for notice in map(worded, app.notices))
        scene.continue_game()
        pilot.advance(30)
    finally:
        app.close()
    assert not marker.exists()


def test_a_remembered_setup_naming_a_program_is_refused_and_runs_nothing(tmp_path):
    level, marker = program_marker(tmp_path)
    setup = MatchConfig().to_dict()
    setup["seats"][1]["level"] = level
    (tmp_path / "settings.json").write_text(json.dumps({"format": 1, "last_setup": setup}), encoding="utf-8")
    app = open_app(tmp_path)
    pilot = Pilot(app)
    try:
        scene = setup_from_menu(app)
        assert all(not seat.level.startswith("cmd:") for seat in scene.config.seats)
        assert any("last_setup" in notice for notice in map(worded, app.notices))
        scene.press("start")
        pilot.advance(60)
    finally:
        app.close()
    assert not marker.exists()


def test_the_app_never_starts_a_program_even_from_a_match_built_in_memory(tmp_path):
    from game.ai.players import make_worker

    level, marker = program_marker(tmp_path)
    with pytest.raises(ValueError, match="unknown computer level"):
        make_worker(level, 1)
    assert not marker.exists()


# ---------------------------------------------------------------- 7. no file scanned on the frame loop
def test_the_save_just_written_is_read_back_without_decoding(tmp_path, monkeypatch):
    """Leaving a game for the menu must not replay its whole record on the frame loop;
    a file someone else changed is still decoded and checked."""
    import game.store.saves as store_module

    state = ANN_BOB.new_game()
    for _ in range(8):
        state.apply(state.legal_actions()[0])
    store = Store(tmp_path)
    store.saves.save(ANN_BOB, state)
    decoded = []
    real_decode = store_module.decode_save
    monkeypatch.setattr(store_module, "decode_save", lambda raw: decoded.append(1) or real_decode(raw))
    assert store.saves.has_game() and store.saves.load()[1].record() == state.record()
    assert store.saves.summary().round == 1 and decoded == []
    (tmp_path / "save.json").write_bytes((tmp_path / "save.json").read_bytes() + b" ")
    assert store.saves.has_game() and decoded == [1]
