"""Command-line tools report on stderr only: `replay`, `bot`, `simulate` (and the self-test)
never write error.log nor create the player's data folder, even when they fail inside;
bad input is one line and exit status 2, an internal failure one line and exit status 1.
Only the desktop game itself keeps error.log (docs/desktop-app.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import skyjo.entry as game_main
from skyjo.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(args: list[str], data_dir: Path, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "SKYJO_DATA_DIR": str(data_dir), "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)


def assert_one_line_on_stderr(err: str) -> None:
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.endswith("\n"), err


# ---------------------------------------------------------------- real failures, as a user meets them
def test_replay_of_a_file_nested_too_deeply_leaves_no_data_folder(tmp_path: Path) -> None:
    data = tmp_path / "no-such-data-folder"
    scenario = tmp_path / "deep.json"
    scenario.write_text("[" * 100_000, encoding="utf-8")
    done = run(["replay", str(scenario)], data)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "error" in json.loads(done.stdout)
    assert not data.exists()


def test_bot_given_a_message_nested_too_deeply_leaves_no_data_folder(tmp_path: Path) -> None:
    data = tmp_path / "no-such-data-folder"
    done = run(["bot", "--level", "easy"], data, stdin="[" * 100_000 + "\n")
    assert done.returncode != 0 and done.stdout == ""
    assert_one_line_on_stderr(done.stderr)
    assert not data.exists()


@pytest.mark.parametrize("args", [["simulate", "--bots", "easy", "--edition", "skyjo-max"],
                                  ["simulate", "--bots", "easy", "--workers", "100000"],
                                  ["simulate", "--bots", "easy", "--bot-timeout", "nan"],
                                  ["simulate", "--bots", "nobody"],
                                  ["bot", "--level", "grandmaster"],
                                  ["replay"]])
def test_bad_arguments_are_one_line_and_status_2(args: list[str], tmp_path: Path) -> None:
    data = tmp_path / "no-such-data-folder"
    done = run(args, data)
    assert done.returncode == 2 and done.stdout == ""
    assert_one_line_on_stderr(done.stderr)
    assert not data.exists()


def test_bot_given_bad_input_is_one_line_and_status_2(tmp_path: Path) -> None:
    data = tmp_path / "no-such-data-folder"
    done = run(["bot"], data, stdin="this is not JSON\n")
    assert done.returncode == 2
    assert_one_line_on_stderr(done.stderr)
    assert not data.exists()


# ---------------------------------------------------------------- an internal failure, forced
def boom(*args: object, **kwargs: object) -> None:
    raise RuntimeError("something inside broke\nwith a second line")


@pytest.mark.parametrize("argv, target", [
    (["replay", "scenario.json"], "skyjo.commands.replay.play_scenario"),
    (["--data-dir", "DATA", "replay", "scenario.json"], "skyjo.commands.replay.play_scenario"),
    (["bot", "--level", "easy"], "game.ai.protocol.serve"),
    (["simulate", "--bots", "easy,normal", "--games", "1"], "game.ai.simulate.simulate"),
    (["--self-test"], "skyjo.cli.main"),
])
def test_a_command_that_fails_inside_writes_no_log(argv: list[str], target: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture) -> None:
    data = tmp_path / "no-such-data-folder"
    argv = [str(data) if arg == "DATA" else arg for arg in argv]
    scenario = tmp_path / "scenario.json"
    scenario.write_text('{"edition": "voyage", "players": 2, "rounds": []}', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SKYJO_DATA_DIR", str(data))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(sys, "argv", ["skyjo", *argv])
    if target == "skyjo.cli.main":
        monkeypatch.setattr(target, lambda: boom())
    else:
        monkeypatch.setattr(target, boom)
    with pytest.raises(SystemExit) as exit_info:
        game_main.entry()
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert_one_line_on_stderr(err)
    assert "RuntimeError: something inside broke with a second line" in err and "details in" not in err
    assert not data.exists()


def test_the_desktop_game_that_fails_still_keeps_a_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture) -> None:
    data = tmp_path / "no-such-data-folder"
    monkeypatch.setenv("SKYJO_DATA_DIR", str(data))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(sys, "argv", ["skyjo"])
    monkeypatch.setattr("skyjo.cli.main", lambda: boom())
    with pytest.raises(SystemExit):
        game_main.entry()
    assert_one_line_on_stderr(capsys.readouterr().err)
    assert (data / game_main.CRASH_REPORT).is_file()


def test_a_huge_failure_message_stays_a_short_line(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    def huge() -> int:
        raise ValueError("x" * 10_000_000)

    monkeypatch.setenv("SKYJO_DATA_DIR", str(tmp_path / "no-such-data-folder"))
    monkeypatch.setattr(sys, "argv", ["skyjo", "replay", "x.json"])
    monkeypatch.setattr("skyjo.cli.main", huge)
    with pytest.raises(SystemExit):
        game_main.entry()
    err = capsys.readouterr().err
    assert_one_line_on_stderr(err)
    assert len(err) < 2000


# ---------------------------------------------------------------- a bot's illegal choice is loud
def test_simulate_stops_on_a_bot_that_chooses_an_illegal_action(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture) -> None:
    import game.ai.easy as easy
    from game.rules import Action

    real_pick = easy.pick

    def off_the_grid(view, wanted):  # a bug in Easy: it asks for a cell that does not exist
        if wanted.verb == "replace":
            wanted = Action(view.seat, "replace", 5, 0)
        return real_pick(view, wanted)

    monkeypatch.setattr(easy, "pick", off_the_grid)
    code = main(["simulate", "--bots", "easy,normal", "--games", "2", "--seed", "1"])
    out, err = capsys.readouterr()
    assert code == 3 and out == ""
    assert_one_line_on_stderr(err)
    assert "easy" in err and "(5,0)" in err and "not legal" in err
