"""docs/rules.md §8-§11: ending a round, scoring it, ending the game, final ties. Each test
names the section it checks.

Rounds are real: built decks and planned actions (tests/scenario_tools.py); the grids and
the outcome each rule gives are in tests/scenarios/catalog.py."""

import pytest
from scenario_tools import build_deck, cells, dealt, grid_sum, opening, play, reveal_race
from scenarios import catalog as cat

from game.replay import play_scenario
from game.rules import Action, GameState, IllegalActionError, should_double

TOP = cat.TOP_ROW


def outcome(name: str) -> GameState:
    return play_scenario(cat.CATALOG[name]()[0])


# ---------------------------------------------------------------- worked examples (§9.2)
def test_worked_example_lea_10_tom_8_ines_13_lea_scores_20() -> None:
    """docs/rules.md §9.2."""
    assert [grid_sum(g) for g in (cat.LEA, cat.TOM, cat.INES)] == [10, 8, 13]
    assert should_double(10, [8, 13])
    state = outcome("lea_tom_ines")
    assert state.trigger == 0 and state.round_scores == [[20, 8, 13]]


def test_worked_example_alice_35_bob_28_carol_31_dave_40_alice_scores_70() -> None:
    """docs/rules.md §9.2."""
    assert [grid_sum(g) for g in (cat.ALICE, cat.BOB, cat.CAROL, cat.DAVE)] == [35, 28, 31, 40]
    assert should_double(35, [28, 31, 40])
    state = outcome("alice_bob_carol_dave")
    assert state.trigger == 0 and state.round_scores == [[70, 28, 31, 40]]


def test_worked_example_player_a_10_ties_player_c_10_a_scores_20() -> None:
    """docs/rules.md §9.2."""
    assert [grid_sum(g) for g in (cat.PLAYER_A, cat.PLAYER_B, cat.PLAYER_C)] == [10, 15, 10]
    assert should_double(10, [15, 10])
    state = outcome("player_a_ties_player_c")
    assert state.trigger == 0 and state.round_scores == [[20, 15, 10]]


# ---------------------------------------------------------------- doubling (§9.2)
def test_trigger_score_doubles_on_tie_with_best_opponent() -> None:
    """docs/rules.md §9.2."""
    assert should_double(7, [7]) and should_double(7, [9, 7, 8])
    assert outcome("player_a_ties_player_c").round_scores[0][0] == 20


def test_trigger_score_doubles_when_not_strictly_lowest() -> None:
    """docs/rules.md §9.2."""
    assert should_double(12, [3, 40]) and should_double(1, [0])
    assert outcome("alice_bob_carol_dave").round_scores[0][0] == 70


def test_trigger_score_not_doubled_when_strictly_lowest() -> None:
    """docs/rules.md §9.2."""
    assert not should_double(10, [11]) and not should_double(1, [2, 3, 50])
    assert outcome("trigger_strictly_lowest_not_doubled").round_scores == [[10, 11]]


def test_zero_score_never_doubled() -> None:
    """docs/rules.md §9.2."""
    assert not should_double(0, [-5]) and not should_double(0, [0])
    assert outcome("zero_score_never_doubled").round_scores == [[0, -5]]


def test_negative_score_never_doubled() -> None:
    """docs/rules.md §9.2."""
    assert not should_double(-3, [-10]) and not should_double(-1, [-1])
    assert outcome("negative_score_never_doubled").round_scores == [[-3, -10]]


# ---------------------------------------------------------------- ending a round (§8)
def three_seats_seat_1_triggers() -> GameState:
    """Seat 0 starts but only swaps its face-up (0,0); seats 1 and 2 reveal a card a turn,
    so seat 1 is the first without a face-down card."""
    # turn 31 (0-based 30) is seat 0's last: it leaves the 31st card drawn, a 4, at (0,0)
    state = dealt("voyage", [cat.TWENTY, cat.ELEVEN, cat.TWENTY_B], draw=[None] * 30 + [4])
    state.take_events()
    return play(state, reveal_race([0, 1, 2], 0, {s: TOP for s in range(3)}, idle=[0]))


def turns_after_trigger(state: GameState) -> list[int]:
    events = state.take_events()
    start = next(i for i, e in enumerate(events) if e.kind == "end_triggered")
    return [e.seat for e in events[start:] if e.kind == "turn_started"]


def test_trigger_is_first_player_without_face_down_cards() -> None:
    """docs/rules.md §8."""
    state = dealt("voyage", [cat.TEN_HIGH, cat.ELEVEN])
    actions = reveal_race([0, 1], 0, {0: TOP, 1: TOP})
    play(state, actions[:4 + 2 * 18])  # seat 0's ninth reveal: one face-down card left
    assert state.trigger is None
    play(state, actions[40:42])  # its tenth
    assert state.trigger == 0 and state.phase == "turn" and state.to_act == 1


def test_trigger_with_no_cards_left() -> None:
    """docs/rules.md §8, §6."""
    state = outcome("trigger_with_no_cards_left")
    assert state.trigger == 0 and state.cards[0] == [None] * 12
    assert state.round_scores == [[0, 11]]


def test_every_other_player_gets_exactly_one_more_turn() -> None:
    """docs/rules.md §8."""
    state = three_seats_seat_1_triggers()
    assert state.trigger == 1
    assert turns_after_trigger(state) == [2, 0]
    assert state.phase == "round_over"


def test_trigger_does_not_play_again() -> None:
    """docs/rules.md §8."""
    state = three_seats_seat_1_triggers()
    assert state.phase == "round_over" and state.to_act is None and state.legal_actions() == []
    for bad in (Action(1, "draw"), Action(1, "take"), Action(2, "draw")):
        with pytest.raises(IllegalActionError):
            state.apply(bad)


def test_round_not_over_before_last_players_turn() -> None:
    """docs/rules.md §8."""
    state = dealt("voyage", [cat.TWENTY, cat.ELEVEN, cat.TWENTY_B])
    actions = reveal_race([0, 1, 2], 0, {s: TOP for s in range(3)}, idle=[0])
    play(state, actions[:-2])
    assert state.phase == "turn" and state.to_act == 0 and state.round_scores == []


# ---------------------------------------------------------------- scoring (§9)
def test_final_reveal_turns_all_cards_face_up() -> None:
    """docs/rules.md §9.1."""
    state = three_seats_seat_1_triggers()
    assert all(all(state.face_up[s]) for s in range(3))  # seat 0 never revealed a card itself


def test_columns_removed_at_final_reveal() -> None:
    """docs/rules.md §6, §9.1."""
    state = outcome("columns_removed_at_final_reveal")
    assert [state.cards[1][i] for i in (3, 7, 11)] == [None, None, None]
    assert state.removed == [(1, 3, 7)]
    assert state.discard_pile[-3:] == [7, 7, 7]


def test_removed_column_scores_nothing() -> None:
    """docs/rules.md §6, §9.1."""
    # seat 1's grid holds 30 besides the three 7s; its (0,0) 1 became a 5: 34, not 55
    assert outcome("columns_removed_at_final_reveal").round_scores == [[20, 34]]


def test_round_score_is_sum_of_remaining_cards() -> None:
    """docs/rules.md §9.1."""
    state = three_seats_seat_1_triggers()
    # seat 0's (0,0), a 9, ends as its last draw, a 4: 20 - 9 + 4 = 15; the trigger's 11 is
    # strictly lowest
    assert state.cards[0][0] == 4
    assert state.round_scores == [[15, 11, 20]]


def test_round_scores_added_to_totals() -> None:
    """docs/rules.md §9.3."""
    state = outcome("later_round_started_by_previous_trigger")
    assert state.round_scores == [[14, 11], [20, 11]] and state.totals == [34, 22]


def test_later_round_started_by_previous_trigger() -> None:
    """docs/rules.md §4.2."""
    game = cat.CATALOG["later_round_started_by_previous_trigger"]()[0]
    first = {**game, "rounds": game["rounds"][:1]}
    state = play_scenario(first)
    assert state.trigger == 1 and state.phase == "round_over"
    deck = build_deck("voyage", [cat.TWENTY, cat.ELEVEN])
    state.deal(deck)
    play(state, opening({0: TOP, 1: TOP}))  # seat 0 flips 9+8, seat 1 only 2+1
    assert state.phase == "turn" and state.to_act == 1


# ---------------------------------------------------------------- ending the game, final ties (§10, §11)
def test_game_ends_when_a_total_reaches_100() -> None:
    """docs/rules.md §10."""
    state = outcome("game_ends_at_100")
    assert state.totals == [20, 100] and state.phase == "game_over" and state.is_terminal
    with pytest.raises(IllegalActionError):
        state.deal()


def test_game_goes_on_below_100() -> None:
    """docs/rules.md §10."""
    state = outcome("game_goes_on_at_99")
    assert state.totals == [20, 99] and state.phase == "round_over" and state.winners is None


def test_end_score_option() -> None:
    """docs/rules.md §1, §10."""
    assert outcome("end_score_option").phase == "game_over"
    default = cat.CATALOG["end_score_option"]()[0]
    del default["options"]
    assert play_scenario(default).phase == "round_over"


def test_lowest_total_wins() -> None:
    """docs/rules.md §10."""
    assert outcome("game_ends_at_100").winners == [0]
    assert outcome("end_score_option").winners == [0]


def test_final_tie_shared_win_voyage_default() -> None:
    """docs/rules.md §11.1."""
    state = outcome("final_tie_shared")
    assert state.phase == "game_over" and state.winners == [1, 2]


def test_final_tie_options_swap_the_editions_defaults() -> None:
    """docs/rules.md §1, §11."""
    assert outcome("final_tie_tiebreak_option_voyage").phase == "round_over"
    state = outcome("final_tie_share_option_classic")
    assert state.phase == "game_over" and state.winners == [1, 2]


def test_tiebreak_round_played_only_by_the_tied_seats() -> None:
    """docs/rules.md §11.2, §3."""
    game = cat.CATALOG["tiebreak_round"]()[0]
    state = play_scenario({**game, "rounds": game["rounds"][:1]})
    assert state.phase == "round_over" and state.winners is None and state.totals == [110, 20, 20]
    deck = build_deck("classic", [cat.FIVE_LOW, cat.NINE_HIGH])
    state.deal(deck)
    assert state.cards[0] == [None] * 12
    assert state.cards[1] == deck[:12] and state.cards[2] == deck[12:24] and state.discard_pile == [deck[24]]
    assert state.to_act == 1
    assert all(a.seat == 1 for a in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply(Action(0, "flip", 0, 0))


def test_tiebreak_lowest_round_score_wins() -> None:
    """docs/rules.md §11.2."""
    # totals stay tied at 20 (or move by 5 and 18): either way the round's 5 beats 18
    state = outcome("tiebreak_round")
    assert state.round_scores[1] == [None, 5, 18] and state.winners == [1]


def test_tiebreak_repeats_while_tied() -> None:
    """docs/rules.md §11.2."""
    state = outcome("tiebreak_repeats_while_tied")
    assert state.round == 3 and state.round_scores[1] == [None, -3, -3] and state.winners == [1]


def test_tiebreak_started_by_previous_trigger_if_in_it() -> None:
    """docs/rules.md §4.2, §11.2."""
    # round 3 of this scenario: seat 2 (round 2's trigger) starts although seat 1 flips 17
    game = cat.CATALOG["tiebreak_repeats_while_tied"]()[0]
    state = play_scenario({**game, "rounds": game["rounds"][:2]})
    state.deal(build_deck("classic", [cat.FOUR_HIGH, cat.SIX_LOW]))
    play(state, opening({1: TOP, 2: TOP}))
    assert state.phase == "turn" and state.to_act == 2


def test_tiebreak_uses_first_round_rule_if_trigger_not_in_it() -> None:
    """docs/rules.md §4.2, §11.2."""
    # round 2 of the tiebreak scenario: round 1's trigger (seat 0) is out; seat 2 flips
    # 5+3 against seat 1's 1+0 and starts; swapped grids make seat 1 start
    game = cat.CATALOG["tiebreak_round"]()[0]
    for grids, starter in (([cat.FIVE_LOW, cat.NINE_HIGH], 2), ([cat.NINE_HIGH, cat.FIVE_LOW], 1)):
        state = play_scenario({**game, "rounds": game["rounds"][:1]})
        state.deal(build_deck("classic", grids))
        play(state, opening({1: TOP, 2: TOP}))
        assert state.phase == "turn" and state.to_act == starter


def test_tiebreak_start_tie_flips_in_classic() -> None:
    """docs/rules.md §4.3, §11.2."""
    # the round-1 rule in full: tied tiebreak players flip more cards (Classic)
    game = cat.CATALOG["tiebreak_round"]()[0]
    state = play_scenario({**game, "rounds": game["rounds"][:1]})
    g1 = cells([[5, 3, 1, 2], [4, 6, 7, 8], [9, 10, 11, 12]])
    g2 = cells([[5, 3, 2, 1], [4, 6, 7, 8], [9, 10, 11, 12]])
    state.deal(build_deck("classic", [g1, g2]))
    play(state, opening({1: TOP, 2: TOP}))
    assert state.phase == "opening" and state.to_act == 1
    play(state, [[1, "flip", 2, 0], [2, "flip", 2, 0]])  # 9 against 10
    assert state.phase == "turn" and state.to_act == 2
