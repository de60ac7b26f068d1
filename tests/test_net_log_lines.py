"""What strangers make the host log (issue 46, items 6 and 7): their text only escaped, printable
ASCII, so an escape sequence can neither erase a line of the host's terminal nor forge one; and at
most a few lines a minute per address, with a count of the rest (game/net/strangers.py)."""

from __future__ import annotations

import logging
import sys

import pytest
from net_tools import HostThread, RawClient, match
from test_net_admission import _start_host, _stop

from game.net.strangers import LINES_PER_ADDRESS, LinesPerAddress, shown

FORGED = "\x1b[2K\x1b[1G\x07\u202eskyjo host: Ann seated"  # erase the line, back to its start, bell, RTL


def _host() -> HostThread:
    return HostThread(match("voyage", "remote,remote", seed=9)).start()


def _knock(url: str, field: str) -> str:
    """A stranger's hello with an unknown field named `field`; the host's refusal."""
    stranger = RawClient(url)
    try:
        stranger.send({"type": "hello", "version": 2, "code": "NOPE", "name": "Eve", field: 1})
        return stranger.expect("refused")["reason"]
    finally:
        stranger.close()


def _host_lines(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == "skyjo.net.host"]


def test_a_stranger_s_escapes_reach_the_log_only_escaped(caplog):
    hosted = _host()
    try:
        with caplog.at_level(logging.INFO, logger="skyjo.net.host"):
            _knock(hosted.url, FORGED)
    finally:
        hosted.finish(timeout=0)
    lines = [line for line in _host_lines(caplog) if "turned away" in line]
    assert len(lines) == 1
    assert all(" " <= char <= "~" for char in lines[0]), repr(lines[0])
    assert "\\x1b[2K\\x1b[1G\\x07\\u202eskyjo host: Ann seated" in lines[0]


def test_a_flood_of_strangers_is_a_few_lines_a_minute_and_a_count(caplog):
    knocks = LINES_PER_ADDRESS + 15
    hosted = _host()
    try:
        with caplog.at_level(logging.INFO, logger="skyjo.net.host"):
            for number in range(knocks):
                _knock(hosted.url, f"junk{number}")
            hosted.finish(timeout=0)
    finally:
        hosted.finish(timeout=0)
    lines = _host_lines(caplog)
    turned_away = [line for line in lines if "turned away" in line]
    assert len(turned_away) == LINES_PER_ADDRESS
    assert any(line.startswith("15 line(s) about connections were not logged") for line in lines), lines


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_next_minute_s_first_line_says_how_many_were_held_back(caplog):
    clock = Clock()
    lines = LinesPerAddress(logging.getLogger("skyjo.test.lines"), per_address=2, in_all=100, clock=clock)
    with caplog.at_level(logging.WARNING, logger="skyjo.test.lines"):
        for number in range(5):
            lines.warning("10.0.0.1", "line %d", number)
        lines.warning("10.0.0.2", "another address")
        clock.now = 61.0
        lines.warning("10.0.0.1", "a minute later")
    said = [record.getMessage() for record in caplog.records]
    assert said == ["line 0", "line 1", "another address", "a minute later (3 more line(s) about 10.0.0.1 not logged)"]


def test_every_address_together_is_bounded_too(caplog):
    lines = LinesPerAddress(logging.getLogger("skyjo.test.lines"), per_address=5, in_all=20, clock=Clock())
    with caplog.at_level(logging.WARNING, logger="skyjo.test.lines"):
        for number in range(200):
            lines.warning(f"10.0.{number}.1", "from %d", number)
        lines.tell_held_back()
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == 21 and said[-1].startswith("180 line(s) about connections were not logged")


def test_shown_keeps_printable_ascii_and_escapes_the_rest():
    assert shown("Zoë\x1b[31m\u202e\U0001f600 ok") == "Zo\\xeb\\x1b[31m\\u202e\\U0001f600 ok"
    assert len(shown("\x07" * 10_000)) <= 303


@pytest.mark.slow  # (a whole process)
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_the_headless_host_s_stderr_shows_strangers_escaped_and_bounded():
    process, url, _code = _start_host(["--seats", "remote,remote", "--json", "--bind", "127.0.0.1"])
    try:
        for _number in range(LINES_PER_ADDRESS + 5):
            _knock(url, FORGED)
    finally:
        err = _stop(process)
    assert "\x1b" not in err and "\x07" not in err and "\u202e" not in err, repr(err[-2000:])
    assert err.count("turned away") == LINES_PER_ADDRESS, err
    assert "skyjo host: 5 line(s) about connections were not logged" in err, err
