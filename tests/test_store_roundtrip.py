"""A game saved after every single action and resumed from disk each time ends exactly as
the same game played in memory."""

from __future__ import annotations

import gc
import os
import random
import weakref

import pytest

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import GameState, state_to_dict
from game.rules.state import GAME_OVER, ROUND_OVER
from game.store import Store


def policy(seed: int, step: int, state: GameState):
    """A fixed choice for each (seed, step): the same whether the state was resumed or not."""
    return random.Random(f"{seed}:{step}").choice(state.legal_actions())


def advance(state: GameState, seed: int, step: int) -> None:
    if state.phase == ROUND_OVER:
        state.deal()  # the deal's shuffle comes from the seed inside the state
    else:
        state.apply(policy(seed, step, state))


def play_in_memory(match: MatchConfig, seed: int) -> tuple[GameState, list[dict]]:
    state, trail, step = match.new_game(), [], 0
    while state.phase != GAME_OVER:
        advance(state, seed, step)
        trail.append(state_to_dict(state))
        step += 1
    return state, trail


MATCHES = [
    MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "hard")), end_score=250, seed=11),
    MatchConfig(
        "classic",
        tuple(SeatConfig(f"P{i}", HUMAN if i % 2 else COMPUTER, "easy") for i in range(5)),
        end_score=200,
        final_tie="tiebreak",
        seed=12,
    ),
]


@pytest.fixture
def no_fsync(monkeypatch):
    """Durability is the crash test's subject; here fsync only costs time (hundreds of saves)."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.mark.parametrize("match", MATCHES, ids=["voyage-2", "classic-5"])
def test_resume_after_every_action_gives_the_same_game(tmp_path, match, no_fsync):
    expected, trail = play_in_memory(match, seed=5)
    state, step = match.new_game(), 0
    while state.phase != GAME_OVER:
        advance(state, 5, step)
        Store(tmp_path).saves.save(match, state)
        if state.phase == GAME_OVER:
            break
        loaded = Store(tmp_path).saves.load()  # a fresh store each time: nothing cached
        assert loaded is not None
        loaded_match, state = loaded
        assert loaded_match == match
        assert state_to_dict(state) == trail[step]
        step += 1
    assert state_to_dict(state) == state_to_dict(expected)
    assert state.winners == expected.winners and state.totals == expected.totals
    assert state.round >= 2, "the game should span several rounds so that deals are resumed too"
    # the game is over: its save is gone
    assert not Store(tmp_path).saves.has_game()


def test_background_store_writes_the_latest_state(tmp_path):
    match = MATCHES[0]
    store = Store(tmp_path, background=True)
    state = match.new_game()
    for step in range(40):
        advance(state, 9, step)
        store.saves.save(match, state)
    store.close()
    loaded = Store(tmp_path).saves.load()
    assert loaded is not None and state_to_dict(loaded[1]) == state_to_dict(state)


def test_a_closed_store_leaves_nothing_behind_for_exit(tmp_path):
    """The last save is waited for when the store closes, not again at exit: a closed store (an
    app restarted in the same process, a test's store) is let go, not kept for the process's
    life by an exit handler."""
    match = MATCHES[0]
    store = Store(tmp_path, background=True)
    store.saves.save(match, match.new_game())
    store.close()
    assert Store(tmp_path).saves.has_game()
    closed = weakref.ref(store)
    del store
    gc.collect()
    assert closed() is None


def test_summary_names_players_round_and_totals(tmp_path):
    match = MATCHES[1]
    state, step = match.new_game(), 0
    while state.round < 2 or state.phase != "turn":
        advance(state, 3, step)
        step += 1
    store = Store(tmp_path)
    assert store.saves.summary() is None and not store.saves.has_game()
    store.saves.save(match, state)
    summary = Store(tmp_path).saves.summary()
    assert summary.names == ["P0", "P1", "P2", "P3", "P4"]
    assert summary.round == 2 and summary.edition == "classic"
    assert summary.totals == state.totals and sum(summary.totals) > 0
    assert [seat.kind for seat in summary.seats] == [COMPUTER, HUMAN, COMPUTER, HUMAN, COMPUTER]


def test_delete_removes_save_and_backup(tmp_path):
    match = MATCHES[0]
    store, state = Store(tmp_path), MATCHES[0].new_game()
    store.saves.save(match, state)
    advance(state, 1, 0)
    store.saves.save(match, state)
    assert (tmp_path / "save.json.bak").exists()
    store.saves.delete()
    assert not store.saves.has_game() and not Store(tmp_path).saves.has_game()
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_loaded_game_records_events(tmp_path):
    match = MATCHES[0]
    Store(tmp_path).saves.save(match, match.new_game())
    _, state = Store(tmp_path).saves.load()
    state.apply(state.legal_actions()[0])
    assert [event.kind for event in state.take_events()]


def test_background_store_loads_its_own_latest_save_and_delete_wins(tmp_path):
    match = MATCHES[0]
    store = Store(tmp_path, background=True)
    state = match.new_game()
    for step in range(25):
        advance(state, 4, step)
        store.saves.save(match, state)
    _, loaded = store.saves.load()  # waits for the writer first
    assert state_to_dict(loaded) == state_to_dict(state)
    for step in range(25, 35):
        advance(state, 4, step)
        store.saves.save(match, state)
    store.saves.delete()  # a write still waiting must not bring the game back
    store.close()
    assert not Store(tmp_path).saves.has_game() and not list(tmp_path.iterdir())
