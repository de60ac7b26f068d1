"""A save killed (SIGKILL) at each of its steps in turn: before each file-system call the save
makes, one run each, until a run gets through the whole save. Whatever the step, the folder
then holds a loadable save, the old one or the new one, never a torn one, and no stray file.
Deterministic: where the kill lands is counted, not timed (tests/test_store_crash.py kills at
random instants, hundreds of times, in the slow set)."""

from __future__ import annotations

import os
import random
import signal

import pytest

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import state_to_dict
from game.store import Store

# the calls a save is made of (creating, syncing, linking, renaming, removing files)
STEPS = ("open", "fsync", "link", "replace", "rename", "unlink", "close")
MOST_STEPS = 100  # a save of far more steps than this is a save gone wrong

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")


def two_positions():
    match = MatchConfig("classic", tuple(SeatConfig(f"P{i}", HUMAN if i == 0 else COMPUTER) for i in range(4)), seed=3)
    state, chooser, states = match.new_game(), random.Random(3), []
    while len(states) < 2:
        state.apply(chooser.choice(state.legal_actions()))
        states.append(state.clone(record_events=True))  # with its record, as the app saves it
    return match, states


def save_killed_at(folder, match, state, step: int, use_links: bool) -> bool:
    """Save `state` in a child killed just before the save's `step`-th file-system call
    (counted from 0); True if the child was killed, False if it finished the save first."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        try:
            store = Store(folder)  # (its own calls, taking the folder, are not counted)
            if not use_links:
                def no_link(*args, **kwargs):
                    raise OSError("no hard links on this file system")

                os.link = no_link  # the child's copy only: exercises the rename fallback
            calls = iter(range(MOST_STEPS + 1))

            def counted(call):
                def step_then_call(*args, **kwargs):
                    if next(calls) == step:
                        os.kill(os.getpid(), signal.SIGKILL)
                    return call(*args, **kwargs)
                return step_then_call

            for name in STEPS:
                setattr(os, name, counted(getattr(os, name)))
            store.saves.save(match, state)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


@pytest.mark.parametrize("use_links", [True, False], ids=["hard-link-backup", "rename-backup"])
def test_a_save_killed_at_any_step_leaves_the_old_save_or_the_new(tmp_path, use_links):
    match, states = two_positions()
    saved = [state_to_dict(state) for state in states]
    store = Store(tmp_path)
    store.saves.save(match, states[0])
    store.close()
    on_disk = 0  # which of the two positions the folder holds
    killed_after_the_new_one_landed = 0  # kills late in a save: the new position already on disk
    for step in range(MOST_STEPS):
        new = 1 - on_disk
        killed = save_killed_at(tmp_path, match, states[new], step, use_links)
        store = Store(tmp_path)
        loaded = store.saves.load()
        leftovers = {path.name for path in tmp_path.iterdir()} - {"save.json", "save.json.bak"}
        store.close()
        assert store.notices == [], step
        assert loaded is not None, f"killed before step {step}, the folder lost its save"
        found = saved.index(state_to_dict(loaded[1])) if state_to_dict(loaded[1]) in saved else None
        assert found is not None, f"killed before step {step}, the save on disk is neither old nor new"
        assert not leftovers, (step, leftovers)
        if not killed:
            assert found == new, "a save that ran to its end left the old position"
            break
        killed_after_the_new_one_landed += found == new
        on_disk = found
    else:
        pytest.fail(f"a save took more than {MOST_STEPS} file-system calls")
    assert step >= 4, f"the save was killed at only {step} points"  # open, write, sync, rename at least
    assert killed_after_the_new_one_landed >= 1, "no kill landed after the new save reached the disk"
