"""Facts the computer players share live once: the level names, a face-down card's worth,
an opponent's last turn, the placement gain, and Hard's decision with its reason."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game import match
from game.ai import COMMAND_PREFIX, LEVELS, REFERENCE_BOTS, make_bot, make_level
from game.ai.evaluate import TYPICAL_CARD, Knowledge, column_complete, hidden_card_value, knowledge, place_gain
from game.ai.hard import CountingBot, HardBot, last_turn_gain
from game.ai.rollout import HIDDEN, PAIR_WEIGHT, _best_gain
from game.rules import CELLS, GAME_OVER, ROUND_OVER, GameState, seat_view
from game.rules.state import COLUMN_CELLS


def test_the_level_names_and_the_command_prefix_are_the_matchs() -> None:
    assert LEVELS is match.BOT_LEVELS and COMMAND_PREFIX is match.COMMAND_PREFIX
    for level in (*LEVELS, *REFERENCE_BOTS):
        assert make_level(level).name == level == make_bot(level).name


def test_a_face_down_card_is_worth_the_mean_of_the_cards_it_could_be() -> None:
    view = seat_view(GameState.new_game("classic", 3, seed=2), 0)
    unseen = +view.unseen_cards()
    assert knowledge(view, counting=True).mean == hidden_card_value(unseen)
    assert hidden_card_value(unseen) == pytest.approx(sum(v * n for v, n in unseen.items()) / sum(unseen.values()))
    assert hidden_card_value(Counter()) == TYPICAL_CARD == HIDDEN


def test_an_opponents_last_turn_sheds_most_of_its_worst_card() -> None:
    assert last_turn_gain([1, 12, 3], down=0, hidden=5.0) == pytest.approx(0.6 * (12 - 2.5))
    assert last_turn_gain([1, 2], down=2, hidden=5.0) == pytest.approx(0.6 * (5.0 - 2.5))
    assert last_turn_gain([0, 1, 2], down=0, hidden=5.0) == 0.0  # nothing worth replacing


def _random_grid(rng: random.Random) -> tuple[list, list]:
    cards: list = [rng.randint(-2, 12) for _ in range(CELLS)]
    up = [rng.random() < 0.6 for _ in range(CELLS)]
    for col in rng.sample(range(len(COLUMN_CELLS)), rng.randint(0, 2)):
        for i in COLUMN_CELLS[col]:
            cards[i], up[i] = None, False  # a removed column
    if rng.random() < 0.5:  # often a column one card short of complete
        a, b, _c = COLUMN_CELLS[rng.randrange(len(COLUMN_CELLS))]
        if cards[a] is not None:
            cards[a] = cards[b] = rng.randint(-2, 12)
            up[a] = up[b] = True
    return cards, up


def test_the_playouts_gain_is_the_placement_gain() -> None:
    """rollout.py writes the gain out for speed; it must stay place_gain (its pair weight, no counting)."""
    know = Knowledge(HIDDEN, Counter(), 0)
    rng = random.Random(3)
    for _ in range(2000):
        cards, up = _random_grid(rng)
        if all(card is None for card in cards):
            continue
        grid = tuple(None if c is None else (c if u else "?") for c, u in zip(cards, up))
        if any(column_complete([grid[i] for i in col]) for col in COLUMN_CELLS):
            continue  # three equal face-up cards never stay in a column: the rules remove them at once
        card = rng.randint(-2, 12)
        skip = rng.choice([-1, rng.randrange(CELLS)])
        options = [(place_gain(grid, i, card, know, PAIR_WEIGHT), i) for col in COLUMN_CELLS for i in col
                   if grid[i] is not None and i != skip]
        best = max(options, key=lambda option: option[0], default=(-99.0, -1))
        assert _best_gain(cards, up, card, skip) == best


@pytest.mark.parametrize("bot", [HardBot, CountingBot])
def test_hard_plays_exactly_what_it_advises(bot) -> None:
    state = GameState.new_game("voyage", 3, seed=11, record_events=False)
    others = [make_bot("normal", seat) for seat in range(3)]
    while state.phase != GAME_OVER:
        if state.phase == ROUND_OVER:
            state.deal()
            continue
        view = seat_view(state, state.to_act)
        advice = bot(4).advise(view)
        assert advice.action == bot(4).decide(view) and advice.action in view.legal
        state.apply(others[state.to_act].decide(view))
