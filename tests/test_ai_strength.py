"""The strength knob and the adaptive level on it (game/ai/strength.py, adaptive.py, game/adapt.py):
weaker play that stays sensible, a curve that rises with the number, doubled no more than a
person would accept, and an adaptive level that replays exactly from its seed and profile."""

from __future__ import annotations

import dataclasses

import pytest

from game.adapt import DEFAULT_STRENGTH, about_level, after_game, in_round, start_strength, table_strength
from game.ai import make_bot
from game.ai.adaptive import AdaptiveBot
from game.ai.simulate import play_game, run_games
from game.ai.strength import StrengthBot, sensible
from game.rules import DRAW, GAME_OVER, REPLACE, REVEAL, Action, GameState, seat_view


def drawn_high_card_positions(count: int) -> list:
    """Real positions where the seat to act holds a drawn 10, 11 or 12 and shows a card of 0 or less."""
    found = []
    for seed in range(400):
        state = GameState.new_game("voyage", 2, seed=seed)
        driver = make_bot("normal", seed)
        while state.phase in ("opening", "turn") and len(found) < count:
            view = seat_view(state, state.to_act)
            if (view.holding is not None and view.source == "draw" and view.holding >= 10
                    and any(isinstance(c, int) and c <= 0 for c in view.grid())):
                found.append(view)
                break
            state.apply(driver.decide(view))
        if len(found) >= count:
            break
    return found


def test_a_drawn_12_on_a_face_up_minus_2_is_no_move_a_person_would_make():
    state = GameState.new_game("voyage", 2, seed=3)
    while state.phase == "opening":
        state.apply(state.legal_actions()[0])
    state.apply(Action(state.to_act, DRAW))
    view = seat_view(state, state.to_act)
    grid = ("?",) * 11 + (-2,)  # the last cell (column 3, row 2) shows a -2
    grids = tuple(grid if seat == view.seat else g for seat, g in enumerate(view.grids))
    twelve = dataclasses.replace(view, holding=12, grids=grids)
    assert not sensible(twelve, Action(view.seat, REPLACE, 3, 2))  # a 12 over the -2: never
    assert not sensible(twelve, Action(view.seat, REPLACE, 0, 0))  # nor on a face-down card
    assert sensible(twelve, Action(view.seat, REVEAL, 0, 0))  # thrown away for a reveal: yes
    minus = dataclasses.replace(twelve, holding=-1)
    assert sensible(minus, Action(view.seat, REPLACE, 0, 0))  # a -1 kept on a face-down card
    assert not sensible(minus, Action(view.seat, REVEAL, 0, 0))  # a -1 is never thrown away


@pytest.mark.parametrize("strength", [0.0, 0.3, 0.7])
def test_the_knob_never_puts_a_high_drawn_card_on_a_lower_face_up_card(strength):
    positions = drawn_high_card_positions(12)
    assert len(positions) >= 8
    for view in positions:
        for seed in range(12):
            action = StrengthBot(seed, strength).decide(view)
            cell = view.grid()[action.index]
            if action.verb == REPLACE and isinstance(cell, int):
                assert cell > view.holding, (view.grid(), view.holding, action)


def test_a_strength_is_a_number_from_minus_1_to_1():
    for spec in ("strength@1.5", "strength@-0.1", "strength@x", "adaptive@2", "adaptive@0.5/9", "adaptive@0.5/a"):
        with pytest.raises(ValueError):
            make_bot(spec)
    assert make_bot("strength@0.625").strength == 0.25  # the knob's number (0 to 1): inner 2 x 0.625 - 1
    assert make_bot("adaptive@0.4/0/2").people == (0, 2)


@pytest.mark.slow
def test_the_win_rate_against_hard_rises_with_the_strength():
    rates = [run_games([f"strength@{s}", "hard"], "voyage", range(40), seed=9).bots[0].wins / 40
             for s in (0.55, 0.775, 1.0)]
    assert rates[0] < rates[1] < rates[2], rates
    assert rates[2] > 0.5  # at the top it beats Hard (Expert's judgement)


@pytest.mark.slow
@pytest.mark.parametrize("strength", [0.5, 0.75, 1.0])
def test_doubled_in_at_most_a_fifth_of_the_rounds_it_ends(strength):
    tally = run_games([f"strength@{strength}", "normal"], "voyage", range(40), seed=4).bots[0]
    assert tally.rounds_ended >= 10  # enough endings that the share means something
    assert tally.doubled <= 0.2 * tally.rounds_ended, (tally.doubled, tally.rounds_ended)


def test_the_same_seed_and_profile_replay_the_same_game():
    def play(spec: str) -> list:
        state, _seats = play_game([make_bot(spec), make_bot("normal")], "voyage", 5, 0, record=True)
        return [list(state.totals), state.round, state.round_scores]

    assert play("adaptive@0.65/1") == play("adaptive@0.65/1")
    assert play("adaptive@0.65/1") != play("adaptive@0.95/1")  # the profile is what it plays by


def test_a_run_carries_the_profile_from_game_to_game_and_repeats_exactly():
    first = run_games(["adaptive", "easy"], "voyage", range(6), seed=2)
    again = run_games(["adaptive", "easy"], "voyage", range(6), seed=2)
    assert first.bots[0].final_totals == again.bots[0].final_totals
    bot = AdaptiveBot(1)
    for game in range(3):
        play_game([bot, make_bot("easy")], "voyage", 2, game)
    assert bot.games == 3 and bot.strength != DEFAULT_STRENGTH


def test_after_a_game_the_profile_moves_towards_the_person():
    bot = AdaptiveBot(1, 0.5)
    bot._seat = 0
    bot.notify({"type": GAME_OVER, "totals": [110, 80], "winners": [1]})  # the person won
    assert bot.strength > 0.5
    stronger = bot.strength
    bot._seat = 0
    bot.notify({"type": GAME_OVER, "totals": [60, 105], "winners": [0]})  # the computer won
    assert bot.strength < stronger
    assert after_game(0.5, 100, True) - 0.5 < after_game(0.5, 0, True) - 0.5  # smaller steps later


def test_between_rounds_it_plays_stronger_when_behind_and_weaker_when_ahead():
    assert in_round(0.5, 60, [30]) > 0.5 > in_round(0.5, 30, [60])
    assert in_round(0.5, 40, [40, 40]) == 0.5
    assert 0.0 <= in_round(0.0, 0, [500]) and in_round(1.0, 500, [0]) <= 1.0


def test_a_profile_starts_from_the_reviews_and_the_results():
    assert start_strength([], 0, 0) == DEFAULT_STRENGTH  # a new name
    assert about_level(start_strength([1.3, 1.2, 1.4], 0, 0)) == "easy"  # loses like Easy in the reviews
    assert about_level(start_strength([0.04, 0.03, 0.05], 0, 0)) == "expert"
    assert start_strength([], 20, 18) > DEFAULT_STRENGTH > start_strength([], 20, 2)  # wins and losses count
    assert table_strength([0.1, 0.9]) == pytest.approx(0.5)  # a child and a grandmother: the middle
