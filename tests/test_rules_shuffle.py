"""The engine's shuffle gives the order `random.Random.shuffle` gives (game/rules/shuffle.py)."""

from __future__ import annotations

import random

import pytest

from game.rules.shuffle import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 64, 65, 105, 150])
def test_the_shuffle_is_random_shuffle_card_for_card(size: int) -> None:
    for seed in range(40):
        ours, theirs = list(range(size)), list(range(size))
        shuffle(random.Random(f"skyjo:{seed}:1:deal:0"), ours)
        random.Random(f"skyjo:{seed}:1:deal:0").shuffle(theirs)
        assert ours == theirs

