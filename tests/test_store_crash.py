"""Kill a process with SIGKILL at random instants while it saves, hundreds of times: the
folder must always hold a loadable save, the old one or the new one, never a torn one. How
many kills land while a save is in flight depends on the machine's speed: the run goes on
until enough did, up to a bound (a kill at each step of a save, counted, not timed, is
tests/test_store_crash_steps.py)."""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import state_to_dict
from game.store import Store

KILLS = 400

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)"),
]


def game_states(count: int):
    match = MatchConfig("classic", tuple(SeatConfig(f"P{i}", HUMAN if i == 0 else COMPUTER) for i in range(6)), seed=3)
    state, chooser, states = match.new_game(), random.Random(3), []
    while len(states) < count:
        if state.phase == "round_over":
            state.deal()
        else:
            state.apply(chooser.choice(state.legal_actions()))
        states.append(state.clone(record_events=True))  # with its record, as the app saves it
    return match, states


def saver(folder, match, states, start: int, ack_fd: int, use_links: bool) -> None:
    """The child: save states[start], states[start + 1], ... forever, acknowledging each."""
    if not use_links:
        def no_link(*args, **kwargs):
            raise OSError("no hard links on this file system")

        os.link = no_link  # the child's copy only: exercises the rename fallback
    store = Store(folder)
    index = start
    while True:
        store.saves.save(match, states[index % len(states)])
        os.write(ack_fd, index.to_bytes(4, "little"))
        index += 1


def run_and_kill(folder, match, states, start: int, delay: float, use_links: bool) -> int | None:
    """Fork a saver, kill it `delay` seconds after its first save; the last index it finished saving."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        try:
            os.close(read_fd)
            saver(folder, match, states, start, write_fd, use_links)
        finally:
            os._exit(1)
    os.close(write_fd)
    # `delay` counts from the child's first finished save, not from the fork: on a busy machine a
    # child may wait longer than any delay for a core, and the kills would all land before it saved
    acks = os.read(read_fd, 4)
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    while chunk := os.read(read_fd, 65536):
        acks += chunk
    os.close(read_fd)
    return int.from_bytes(acks[-4:], "little") if acks else None


@pytest.mark.parametrize("use_links", [True, False], ids=["hard-link-backup", "rename-backup"])
def test_sigkill_during_saves_leaves_old_or_new(tmp_path, use_links):
    match, states = game_states(200)
    dicts = [state_to_dict(state) for state in states]
    rng = random.Random(2026)
    on_disk: int | None = None  # index of the save the folder holds
    in_flight = 0  # kills after a save reached the disk but before its acknowledgement
    for kills in range(1, 4 * KILLS):
        if kills > KILLS // 2 and in_flight >= 5 and on_disk is not None and on_disk >= 20:
            break  # enough kills, some of them in flight (a loaded machine gets more, up to 4 * KILLS)
        start = 0 if on_disk is None else on_disk + 1
        acked = run_and_kill(tmp_path, match, states, start, rng.uniform(0.0, 0.025), use_links)
        newest_done = acked if acked is not None else on_disk
        candidates = [i for i in (newest_done, start if newest_done is None else newest_done + 1) if i is not None]
        store = Store(tmp_path)
        loaded = store.saves.load()
        assert store.notices == []
        if loaded is None:
            assert newest_done is None, "a finished save was lost"
            continue
        found = [i for i in candidates if dicts[i % len(dicts)] == state_to_dict(loaded[1])]
        assert found, f"the save on disk is neither the old ({newest_done}) nor the new one"
        in_flight += found[0] != newest_done
        on_disk = found[0]
        leftovers = {p.name for p in tmp_path.iterdir()} - {"save.json", "save.json.bak"}
        assert not leftovers
    # the kills did land while saves were in flight (the new save was found before its ack)
    assert in_flight >= 5 and on_disk is not None and on_disk >= 20, (in_flight, on_disk, kills)
