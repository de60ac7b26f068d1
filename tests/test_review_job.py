"""A review judged off the frame loop (game/ai/review_job.py): cancelled, it ends soon and
leaves no process behind; finished, it is the review `review_game` gives; a bad record is
told in one line, never raised. (Bounded waits only: the machine may be busy.)"""

from __future__ import annotations

import pytest
from helpers import wait_until

from game.ai.review import review_game
from game.ai.review_job import ReviewJob, voyage_record
from skyjo.processes import child_processes

START_LIMIT = 120.0  # s: two spawned workers importing the game on a loaded machine, far more than needed
END_LIMIT = 10.0  # s: a cancel is looked at every CANCEL_POLL (0.05 s); this only bounds a hang
SLOW_SAMPLES = 2000  # one round's searched decisions then take many seconds: the cancel comes first


@pytest.fixture(scope="module")
def one_round() -> dict:
    return voyage_record(1)


@pytest.mark.slow
def test_a_cancelled_review_with_two_workers_ends_soon_and_leaves_no_process(one_round):
    before = set(child_processes())  # (pids)
    job = ReviewJob(one_round, seat=0, samples=SLOW_SAMPLES, workers=2)
    try:
        assert wait_until(lambda: job.done > 0, START_LIMIT), f"nothing judged: {job.problem}"
        running = set(child_processes()) - before
    finally:
        job.cancel()
    assert job.wait(END_LIMIT), "the cancelled review did not end"
    assert 0 < job.done < job.total
    assert job.result is None and job.problem is None
    assert job.cancelled and not job.running
    assert len(running) == 2, f"expected the two workers while judging: {running}"
    left = {pid: command for pid, command in child_processes().items() if pid not in before}
    assert left == {}, "worker processes left behind"


@pytest.mark.slow
def test_a_review_in_one_process_is_the_review_of_review_game(one_round):
    seen: list[tuple[int, int]] = []
    job = ReviewJob(one_round, seat=1, seed=3, samples=10, workers=1, wake=lambda: seen.append((job.done, job.total)))
    assert job.wait(START_LIMIT)
    assert job.problem is None
    assert job.result == review_game(one_round, 1, seed=3, samples=10)
    assert job.done == job.total == len(job.result.decisions) > 0
    counts = [done for done, _ in seen]
    assert counts == sorted(counts) and counts[-1] == job.total  # progress only grows, to the end


def test_a_broken_wake_does_not_stop_the_review(one_round):
    def wake() -> None:
        raise RuntimeError("the window is closed")

    job = ReviewJob(one_round, seat=0, samples=1, workers=1, wake=wake)
    assert job.wait(START_LIMIT)
    assert job.problem is None and job.result is not None


@pytest.mark.parametrize("record, seat", [
    ({"rounds": "nonsense"}, 0),
    (None, 0),
    ("not a record", 0),
    ({"edition": "voyage", "players": 3}, 0),
    ("voyage", 9),  # (the good record, a seat it does not have: see below)
])
def test_a_bad_record_or_seat_is_told_in_one_line(record, seat, one_round):
    job = ReviewJob(one_round if record == "voyage" else record, seat=seat, workers=1)
    assert job.wait(START_LIMIT)
    assert job.result is None
    assert isinstance(job.problem, str) and job.problem.strip() and "\n" not in job.problem


@pytest.mark.slow
def test_without_proc_the_workers_are_still_seen_and_gone_after(one_round, monkeypatch):
    """Where there is no /proc (Windows, macOS) the children come from multiprocessing's list."""
    import os

    def no_proc(path="."):
        raise OSError("no /proc here")

    monkeypatch.setattr(os, "listdir", no_proc)
    job = ReviewJob(one_round, seat=0, samples=SLOW_SAMPLES, workers=2)
    try:
        assert wait_until(lambda: job.done > 0, START_LIMIT), f"nothing judged: {job.problem}"
        names = list(child_processes().values())
    finally:
        job.cancel()
    assert job.wait(END_LIMIT)
    assert len(names) == 2 and all("PoolWorker" in name for name in names), names
    assert child_processes() == {}


@pytest.mark.slow
def test_two_workers_hand_the_decisions_on_in_the_games_order(one_round):
    """Streamed (issue 48 item 3): at every wake the decisions so far are the game's first ones,
    in order, and the whole review is the one judged in one process."""
    prefixes: list[list[int]] = []
    job = ReviewJob(one_round, seat=0, seed=2, samples=20, workers=2,
                    wake=lambda: prefixes.append([judged.index for judged in job.so_far().decisions]))
    assert job.wait(START_LIMIT) and job.problem is None and job.result is not None
    batch = review_game(one_round, 0, seed=2, samples=20, workers=1)
    assert job.result == batch and job.so_far().decisions == batch.decisions
    assert all(prefix == list(range(len(prefix))) for prefix in prefixes)
    assert [len(prefix) for prefix in prefixes] == sorted(len(prefix) for prefix in prefixes)
    assert len(prefixes[-1]) == len(batch.decisions) > 1
