"""The logs against what may lie in the data folder, and a full disk (issue 46, items 3, 5, 7, 8):
a FIFO at the log or the crash report never holds the game, a link there never carries a line
to another file, a flood of lines keeps the run's first ones, and a disk that fills up is said
once, in one line. A FIFO's hang is caught by a join with a generous bound: the open
under test never waits, and a busy machine is far inside it."""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import platform
import subprocess
import threading
from pathlib import Path

import pytest
from test_logging import run_app

from game import version
from skyjo import entry, logs
from skyjo.logs import LOG_BACKUPS, crash_path, log_path, start_logging, stop_logging

posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs and links as a stranger plants them")
HANG = 60  # s: an open that waits on a FIFO waits for ever; one that does not returns at once


def _in_thread(work) -> tuple[bool, list]:
    """Run `work()` in a thread; whether it ended within HANG seconds, and what it returned."""
    result: list = []
    thread = threading.Thread(target=lambda: result.append(work()), daemon=True)
    thread.start()
    thread.join(HANG)
    return not thread.is_alive(), result


def _release(fifo: Path) -> None:
    """Open the FIFO's other end for a moment, so a writer still waiting on it (the old code) ends."""
    with contextlib.suppress(OSError):
        os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))


def _planted_link(at: Path, tmp_path: Path) -> tuple[Path, bytes]:
    """A link at `at` to a file of the player's that must never change."""
    target = tmp_path / "precious.txt"
    target.write_bytes(b"the player's own file\n")
    at.parent.mkdir(parents=True, exist_ok=True)
    at.symlink_to(target)
    return target, target.read_bytes()


# ------------------------------------------------------------------ item 3: a FIFO at the log
@posix_only
def test_a_fifo_at_the_log_is_one_line_and_logging_goes_on_without_it(tmp_path, capfd):
    fifo = log_path(tmp_path)
    fifo.parent.mkdir(parents=True)
    os.mkfifo(fifo)
    try:
        ended, result = _in_thread(lambda: start_logging(tmp_path))
    finally:
        _release(fifo)
        stop_logging()
    assert ended, "the log's open waited on the FIFO"
    assert result == [None]
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and err.startswith("skyjo: no log file at ") and "ordinary file" in err, err


@posix_only
@pytest.mark.slow  # (a whole process)
def test_the_game_starts_to_its_menu_with_a_fifo_at_the_log(tmp_path):
    data = tmp_path / "data"
    fifo = log_path(data)
    fifo.parent.mkdir(parents=True)
    os.mkfifo(fifo)
    try:
        done = run_app(data, tmp_path, SKYJO_CRASH_TEST="frame")  # the menu's first frame stops it
    except subprocess.TimeoutExpired:
        raise AssertionError("the game waited on the FIFO at its log") from None
    finally:
        _release(fifo)
    assert done.returncode == 1 and "CrashTest" in done.stderr, done.stderr
    assert "skyjo: no log file at" in done.stderr and "Traceback" not in done.stderr
    assert "in frame" in crash_path(data).read_text(encoding="utf-8")  # it ran the menu's frames
    assert fifo.is_fifo()


@posix_only
def test_a_fifo_at_the_crash_report_never_holds_a_crashing_game(tmp_path):
    fifo = crash_path(tmp_path)
    fifo.parent.mkdir(parents=True)
    os.mkfifo(fifo)
    try:
        ended, result = _in_thread(lambda: entry._write_report(RuntimeError("boom"), ["--data-dir", str(tmp_path)]))
    finally:
        _release(fifo)
    assert ended, "the crash report waited on the FIFO"
    assert result == [None] and fifo.is_fifo()


# ------------------------------------------------------------------ item 5: links at the log
@posix_only
def test_a_link_at_the_log_leaves_its_target_unchanged(tmp_path, capfd):
    target, before = _planted_link(log_path(tmp_path), tmp_path)
    try:
        start_logging(tmp_path)
        logging.getLogger("skyjo.table").warning("a line that must stay in the data folder")
    finally:
        stop_logging()
    assert target.read_bytes() == before
    assert log_path(tmp_path).is_symlink()
    assert "a link is in its place" in capfd.readouterr().err


@posix_only
def test_a_hard_link_at_the_log_leaves_the_other_file_unchanged(tmp_path, capfd):
    target = tmp_path / "precious.txt"
    target.write_bytes(b"the player's own file\n")
    log_path(tmp_path).parent.mkdir(parents=True)
    os.link(target, log_path(tmp_path))
    try:
        start_logging(tmp_path)
        logging.getLogger("skyjo.table").warning("a line that must stay in the data folder")
    finally:
        stop_logging()
    assert target.read_bytes() == b"the player's own file\n"
    assert "other names" in capfd.readouterr().err


@posix_only
def test_a_link_at_the_crash_report_leaves_its_target_unchanged(tmp_path):
    target, before = _planted_link(crash_path(tmp_path), tmp_path)
    report = entry._write_report(RuntimeError("boom"), ["--data-dir", str(tmp_path), "--secret-argument"])
    assert report is None
    assert target.read_bytes() == before and crash_path(tmp_path).is_symlink()


@posix_only
def test_a_link_among_the_old_logs_is_neither_followed_nor_replaced(tmp_path, monkeypatch):
    monkeypatch.setattr(logs, "LOG_BYTES", 4096)
    target, before = _planted_link(log_path(tmp_path).with_name("skyjo.log.2"), tmp_path)
    try:
        start_logging(tmp_path)
        for number in range(400):
            logging.getLogger("skyjo.table").error("line %04d %s", number, "x" * 60)
    finally:
        stop_logging()
    assert target.read_bytes() == before and log_path(tmp_path).with_name("skyjo.log.2").is_symlink()
    assert all(path.stat().st_size <= 4096 for path in log_path(tmp_path).parent.glob("skyjo.log*")
               if not path.is_symlink())


def test_the_crash_report_is_still_written_where_nothing_was_planted(tmp_path):
    report = entry._write_report(RuntimeError("boom"), ["--data-dir", str(tmp_path)])
    assert report == crash_path(tmp_path)
    assert "RuntimeError: boom" in report.read_text(encoding="utf-8")


# ------------------------------------------------------------------ item 7: a flood keeps the run's first lines
def test_a_flood_of_lines_keeps_the_first_lines_of_the_run(tmp_path, monkeypatch):
    monkeypatch.setattr(logs, "LOG_BYTES", 8192)
    path = start_logging(tmp_path)
    try:
        logging.getLogger("skyjo.store").warning("the first thing that went wrong")
        for number in range(2000):
            logging.getLogger("skyjo.net.host").warning("flood line %05d %s", number, "x" * 60)
    finally:
        stop_logging()
    assert path is not None
    files = sorted(path.parent.glob("skyjo.log*"))
    assert len(files) == 1 + LOG_BACKUPS and all(file.stat().st_size <= 8192 for file in files)
    newest = path.read_text(encoding="utf-8").splitlines()
    assert f"Skyjo {version()} on {platform.platform()}" in newest[0]
    assert "data folder" in newest[1] and "the first thing that went wrong" in newest[2]
    assert "flood line 01999" in newest[-1]  # and the latest lines after them


# ------------------------------------------------------------------ item 8: a full disk
class FullDisk:
    """A file on a disk with no room left: every write fails as the system says it."""

    def write(self, _data) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        pass

    def tell(self) -> int:
        return 1

    def seek(self, *_args) -> int:
        return 1

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "no file")

    def close(self) -> None:
        pass


def test_a_full_disk_is_said_in_one_line_once_and_the_game_goes_on(tmp_path, capfd):
    start_logging(tmp_path)
    try:
        handler = logs._handlers[0]
        handler.stream = FullDisk()
        capfd.readouterr()
        for number in range(20):
            logging.getLogger("skyjo.table").warning("line %d after the disk filled up", number)
    finally:
        stop_logging()
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err and "Logging error" not in err, err


def test_a_full_disk_under_the_headless_host_is_one_line_once(capfd):
    from skyjo.logfile import StderrLines

    handler = StderrLines()
    handler.setStream(FullDisk())
    told = logging.getLogger("skyjo.test.fulldisk")
    told.addHandler(handler)
    told.propagate = False
    try:
        for number in range(20):
            told.warning("line %d", number)
    finally:
        told.removeHandler(handler)
    err = capfd.readouterr().err
    assert err.count("\n") <= 1 and "Logging error" not in err, err
