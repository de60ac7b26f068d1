"""Random legal play: whole rounds of uniformly random legal actions, the loop of the engine's
benchmark (`python -m game bench engine`, game/bench_engine.py) and of tools/engine_pair.py.

It lives beside the rules, not with the benchmark, so that a compiled build of the rules
(build/compile_rules.py) compiles it too: the loop is then native code calling native code,
and what a run measures is the engine and the seeded choices, not the interpreter's loop.
"""

from __future__ import annotations

import random
from typing import Final

from .position import GAME_OVER, ROUND_OVER
from .state import GameState

CHECKED: Final = "checked"  # GameState.apply
FAST: Final = "fast"  # GameState.apply_unchecked


def play_random_rounds(edition: str, players: int, rounds: int, seed: int, path: str = CHECKED) -> int:
    """Play at least `rounds` complete rounds (whole games, new ones as needed) with
    uniformly random legal actions; returns the number of rounds played."""
    chooser = random.Random(seed)
    checked = path == CHECKED
    played = 0
    game = 0
    while played < rounds:
        state = GameState.new_game(edition, players, seed=seed * 1_000_003 + game, record_events=False)
        game += 1
        while played < rounds:
            if checked:
                state.apply(chooser.choice(state.legal_actions()))
            else:
                state.apply_unchecked(chooser.choice(state.legal_actions()))
            if state.phase is ROUND_OVER:
                played += 1
                state.deal()
            elif state.phase is GAME_OVER:
                played += 1
                break
    return played
