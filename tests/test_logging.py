"""The desktop game's log (logs/skyjo.log in the data folder: rotating, the version and platform at
the top of each run, warnings from every part) and the crash path proved on demand:
SKYJO_CRASH_TEST=frame shows the error dialog, writes the report beside the log, keeps the save
byte for byte and exits non-zero (issue 41, item 8)."""

from __future__ import annotations

import logging
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

from game import version
from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.store import Store
from skyjo.logs import LOG_BACKUPS, LOG_BYTES, crash_path, log_path, platform_words, start_logging, stop_logging

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120  # s: generous, a busy machine starts the app slowly

# The real entry point, with two stand-ins: the dialog records its message instead of waiting for
# a click, and the dummy video driver counts as a screen (so the dialog's decision is the real one).
RUNNER = """
import os, pathlib, sys
import skyjo.entry as entry
entry.HEADLESS_DRIVERS = ()
entry._show_dialog = lambda message: pathlib.Path(os.environ["DIALOG_RECORD"]).write_text(message, encoding="utf-8")
sys.argv = ["skyjo", *sys.argv[1:]]
entry.entry()
"""


def saved_game(data: Path) -> bytes:
    """A game in progress saved in `data` (a few moves in), as the app would leave it."""
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "easy")), seed=7)
    state = config.new_game()
    for _move in range(4):
        state.apply(state.legal_actions()[0])
    store = Store(data)
    store.saves.save(config, state)
    store.close()
    return (data / "save.json").read_bytes()


def run_app(data: Path, tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   DIALOG_RECORD=str(tmp_path / "dialog.txt"), **env)
    return subprocess.run([sys.executable, "-c", RUNNER, "--data-dir", str(data), *args], cwd=tmp_path, env=environ,
                          capture_output=True, text=True, timeout=TIMEOUT)


def test_the_crash_switch_shows_the_dialog_writes_the_report_keeps_the_save_and_fails(tmp_path):
    data = tmp_path / "data"
    save = saved_game(data)
    done = run_app(data, tmp_path, SKYJO_CRASH_TEST="frame")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "CrashTest" in done.stderr and str(crash_path(data)) in done.stderr
    dialog = (tmp_path / "dialog.txt").read_text(encoding="utf-8")
    assert dialog.startswith("Skyjo stopped because of an error.") and str(crash_path(data)) in dialog
    report = crash_path(data).read_text(encoding="utf-8")
    assert f"skyjo {version()}" in report and "Traceback" in report and "in frame" in report
    logged = log_path(data).read_text(encoding="utf-8")
    assert f"Skyjo {version()} on {platform.system()}-{platform.release()}-{platform.machine()}" in logged
    assert "CRITICAL skyjo: stopped by an error" in logged and "CrashTest" in logged
    # the start-up's cost, read by build/measure_startup.py (issue 47)
    assert re.search(r"INFO skyjo.app: first frame drawn after [0-9.]+ s of CPU \(process [0-9]+\)", logged)
    assert (data / "save.json").read_bytes() == save  # byte for byte: the crash cost nothing
    store = Store(data)
    assert store.saves.load() is not None  # and Continue brings the game back
    store.close()


def test_each_run_starts_its_log_with_the_version_and_platform(tmp_path):
    data = tmp_path / "data"
    for _run in range(2):
        done = run_app(data, tmp_path, "--verbose", SKYJO_CRASH_TEST="frame")
        assert done.returncode == 1
    logged = log_path(data).read_text(encoding="utf-8")
    assert logged.count(f"Skyjo {version()} on {platform_words()} (Python {platform.python_version()}) verbose") == 2
    assert "DEBUG" in logged or "INFO skyjo.app: pygame-ce" in logged


def test_warnings_of_every_part_reach_the_log_and_it_stays_bounded(tmp_path):
    path = start_logging(tmp_path)
    try:
        assert path == log_path(tmp_path)
        logging.getLogger("skyjo.net.host").warning("a player's connection dropped")
        logging.getLogger("skyjo.settings").debug("not at the default level")
        logging.getLogger("websockets.server").warning("a library's warning")
        for number in range(4 * LOG_BYTES // 100):
            logging.getLogger("skyjo.table").error("line %06d %s", number, "x" * 80)
    finally:
        stop_logging()
    files = sorted(path.parent.glob("skyjo.log*"))
    assert len(files) == 1 + LOG_BACKUPS
    assert all(file.stat().st_size <= LOG_BYTES for file in files)
    oldest = (path.parent / f"skyjo.log.{LOG_BACKUPS}").read_text(encoding="utf-8")
    newest = path.read_text(encoding="utf-8")
    assert "line 000100 " not in newest and "line 000100 " not in oldest  # rotated out of every file...
    assert "a player's connection dropped" in newest  # ... but the run's first lines stay on top (issue 46)
    assert "line" in oldest


def test_the_log_keeps_warnings_and_not_debug_lines_by_default(tmp_path):
    path = start_logging(tmp_path)
    try:
        logging.getLogger("skyjo.net.host").warning("a player's connection dropped")
        logging.getLogger("skyjo.settings").debug("a debug line")
        logging.getLogger("websockets.server").warning("a library's warning")
        logging.getLogger("websockets.server").info("a library's chatter")
    finally:
        stop_logging()
    logged = path.read_text(encoding="utf-8")
    assert "WARNING skyjo.net.host: a player's connection dropped" in logged
    assert "WARNING websockets.server: a library's warning" in logged
    assert "a debug line" not in logged and "chatter" not in logged


def test_command_line_tools_keep_no_log(tmp_path):
    data = tmp_path / "data"
    done = subprocess.run([sys.executable, "-m", "skyjo", "--data-dir", str(data), "--version"], capture_output=True,
                          text=True, timeout=TIMEOUT)
    assert done.stdout.strip() == f"skyjo {version()}"
    assert not data.exists()


def test_the_platform_is_said_without_a_child_process(monkeypatch):
    """platform.platform() asks `uname -p` in a child process outside Windows (issue 47: 6-7 ms
    of CPU before the first frame); the log's words need none, and say the system, its release
    and the machine."""
    import subprocess

    def no_child(*args, **kwargs):
        raise AssertionError(f"a child process was started: {args}")

    monkeypatch.setattr(subprocess, "check_output", no_child)
    monkeypatch.setattr(subprocess, "run", no_child)
    monkeypatch.setattr(subprocess, "Popen", no_child)
    monkeypatch.setattr(platform, "_uname_cache", None)  # a fresh uname, its processor not yet known
    words = platform_words()
    assert words.startswith(f"{platform.system()}-{platform.release()}-{platform.machine()}".replace(" ", "_"))
