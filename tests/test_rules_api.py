"""The engine's OpenSpiel-style public interface: generic game code (a search, a trainer, a
tournament runner) can play Skyjo knowing only `current_player`, `legal_actions`,
`apply_action`, `is_terminal` and `returns`, plus `deal` between rounds (a chance node
whose outcome comes from the game's seed)."""

from __future__ import annotations

import random

import pytest

from game.rules import ROUND_OVER, GameState


def play_to_the_end(state: GameState, chooser: random.Random) -> int:
    steps = 0
    while not state.is_terminal:
        if state.current_player is None:
            assert state.phase == ROUND_OVER and state.legal_actions() == []
            assert state.returns() == [0.0] * state.players  # nobody has won yet
            state.deal()
            continue
        legal = state.legal_actions()
        assert legal and all(action.seat == state.current_player for action in legal)
        state.apply_action(chooser.choice(legal))
        steps += 1
    return steps


@pytest.mark.parametrize(("edition", "players", "seed"), [("voyage", 2, 1), ("voyage", 4, 2), ("classic", 6, 3)])
def test_a_whole_game_through_the_public_names(edition: str, players: int, seed: int) -> None:
    state = GameState.new_game(edition, players, seed=seed)
    assert state.current_player == 0 and not state.is_terminal
    assert play_to_the_end(state, random.Random(seed)) > 0
    assert state.current_player is None and state.legal_actions() == []
    returns = state.returns()
    winners = state.winners or []
    assert winners and sum(returns) == pytest.approx(1.0)
    assert [seat for seat, share in enumerate(returns) if share] == sorted(winners)
    assert all(share == pytest.approx(1 / len(winners)) for share in returns if share)


def test_the_same_seed_and_choices_give_the_same_game() -> None:
    first, second = GameState.new_game("classic", 3, seed=9), GameState.new_game("classic", 3, seed=9)
    play_to_the_end(first, random.Random(4))
    play_to_the_end(second, random.Random(4))
    assert first.record() == second.record() and first.returns() == second.returns()
