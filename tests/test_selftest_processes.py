"""The self-test's review step watches this process's children (skyjo/selftest.py): a child
glimpsed between its fork and its exec still shows the parent's command line, and must not be
taken for a stranger (the frozen app's self-test failed so on a loaded machine: the resource
tracker, seen before its exec, then left out of every later look as the tracker)."""

from __future__ import annotations

from pathlib import Path

import pytest

import skyjo.processes
from skyjo import selftest
from skyjo.processes import own_command


class FakeJob:
    """A review that runs for `polls` looks at the children, then is done."""

    def __init__(self, record, seat, samples, workers, polls: int = 4) -> None:
        self.polls, self.done, self.total = polls, 36, 36
        self.result, self.problem = object(), None

    @property
    def running(self) -> bool:
        self.polls -= 1
        return self.polls >= 0

    def cancel(self) -> None:
        pass

    def wait(self, seconds: float) -> bool:
        return True


def watched(monkeypatch, looks: list[dict[int, str]]) -> str:
    """review_step with the children seen at each look being `looks` (then none)."""
    remaining = [{}, *looks]  # (the first look is the one before the review)
    monkeypatch.setattr(skyjo.processes, "child_processes", lambda: remaining.pop(0) if remaining else {})
    monkeypatch.setattr("game.ai.review_job.ReviewJob", FakeJob)
    monkeypatch.setattr(selftest.time, "sleep", lambda seconds: None)
    return selftest.review_step(workers=2)


def test_a_child_glimpsed_before_its_exec_is_no_stranger(monkeypatch):
    worker = "skyjo --multiprocessing-fork tracker_fd=5 pipe_handle=7"
    summary = watched(monkeypatch, [{11: own_command()}, {12: worker}, {12: worker}, {}])
    assert summary == "review: 36/36 decisions by 1 worker processes"


def test_a_child_that_is_no_worker_is_still_a_stranger(monkeypatch):
    with pytest.raises(RuntimeError, match="expected worker processes, saw"):
        watched(monkeypatch, [{13: "sh -c rm -rf something"}, {}, {}, {}])


def test_own_command_is_this_process_s_command_line():
    assert own_command() == Path("/proc/self/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
