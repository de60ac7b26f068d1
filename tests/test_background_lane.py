"""A screen's reads of one kind go one at a time (scenes/background.py, issue 46 item 4): a read
asked for while another runs waits its turn, a read with the key of one under way is that
read, and a read cancelled before its turn never runs. Each read here
waits on an Event the test sets (never a timed sleep); every wait is bounded."""

from __future__ import annotations

import threading

from scenes.background import Lane

WAIT = 30.0


class Gate:
    """A work that says it began, then waits until the test opens the gate."""

    def __init__(self, value: str) -> None:
        self.value = value
        self.began = threading.Event()
        self.open = threading.Event()

    def __call__(self) -> str:
        self.began.set()
        assert self.open.wait(WAIT)
        return self.value


def lane_threads(lane: Lane) -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == f"reading {lane.name}"]


def never_woken() -> None:
    """(No app to wake in these tests.)"""


def test_one_read_at_a_time_the_others_in_turn() -> None:
    lane = Lane("test one at a time")
    first, second, third = Gate("first"), Gate("second"), Gate("third")
    reads = [lane.read(gate, wake=never_woken) for gate in (first, second, third)]
    assert first.began.wait(WAIT)
    assert len(lane_threads(lane)) == 1 and not second.began.is_set() and not third.began.is_set()
    first.open.set()
    assert second.began.wait(WAIT) and not third.began.is_set() and len(lane_threads(lane)) == 1
    second.open.set()
    third.open.set()
    assert reads[2].wait(WAIT) and [read.result for read in reads] == ["first", "second", "third"]


def test_a_read_of_the_same_key_under_way_is_taken_over_even_cancelled() -> None:
    lane = Lane("test same key")
    first = Gate("the games")
    reading = lane.read(first, key="folder", wake=never_woken)
    assert first.began.wait(WAIT)
    reading.cancel()  # the screen left...
    again = lane.read(Gate("never read"), key="folder", wake=never_woken)  # ...and came back
    assert again is reading and not again.cancelled
    first.open.set()
    assert again.wait(WAIT) and again.result == "the games"


def test_a_read_cancelled_before_its_turn_never_runs_and_the_thread_ends() -> None:
    lane = Lane("test cancelled")
    first, second = Gate("first"), Gate("second")
    running, waiting = lane.read(first, wake=never_woken), lane.read(second, wake=never_woken)
    assert first.began.wait(WAIT)
    waiting.cancel()
    first.open.set()
    assert waiting.wait(WAIT) and waiting.result is None and not second.began.is_set()
    assert running.result == "first"
    for thread in lane_threads(lane):
        thread.join(WAIT)
    assert lane_threads(lane) == []
