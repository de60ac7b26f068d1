"""What keeps the engine's hot loop fast and must not quietly regress (issue 20)."""

from __future__ import annotations

import random

import pytest

from game.rules import GameState, Options
from game.rules.position import INLINE_ATTRIBUTES, Identity


@pytest.mark.parametrize("record_events", [True, False])
def test_a_game_keeps_few_enough_attributes_for_cpython_to_keep_them_inline(record_events: bool) -> None:
    # past INLINE_ATTRIBUTES, every `self.method()` of the engine takes CPython's slow path
    state = GameState.new_game("classic", 8, seed=3, record_events=record_events)
    rng = random.Random(3)
    while not state.is_terminal:
        state.deal() if state.phase == "round_over" else state.apply(rng.choice(state.legal_actions()))
    assert len(vars(state)) <= INLINE_ATTRIBUTES
    assert len(vars(state.clone(record_events))) == len(vars(state))


def test_the_identity_is_read_through_the_state() -> None:
    options = Options(60, "tiebreak")
    state = GameState("classic", 5, seed=42, options=options)
    assert state.identity == Identity(state.edition, 5, 42, options)
    assert (state.edition.name, state.players, state.seed, state.options) == ("classic", 5, 42, options)
    with pytest.raises(AttributeError):
        state.players = 4  # type: ignore[misc]  # the identity never changes during play
