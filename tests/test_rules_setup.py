"""docs/rules.md §1-§4: editions, the table, the deal, the opening flips and the first player.
Each test names the section it checks."""

from collections import Counter

import pytest
from scenario_tools import build_deck, cells, dealt, opening, play

from game.rules import Action, GameState, IllegalActionError, Options, replay_summary

VOYAGE_COUNTS = {-2: 3, -1: 7, 0: 11, **{v: 7 for v in range(1, 13)}}
CLASSIC_COUNTS = {-2: 5, -1: 10, 0: 15, **{v: 10 for v in range(1, 13)}}


def all_cards(state: GameState) -> Counter:
    found = Counter(state.draw_pile) + Counter(state.discard_pile)
    for grid in state.cards:
        found.update(v for v in grid if v is not None)
    if state.holding is not None:
        found[state.holding] += 1
    return found


def grids(state: GameState) -> list:
    return replay_summary(state)["grids"]


# ---------------------------------------------------------------- editions (§1), start ties (§4.3)
def test_voyage_deck_has_105_cards_with_exact_counts() -> None:
    """docs/rules.md §1."""
    state = GameState.new_game("voyage", players=4, seed=3)
    assert sum(all_cards(state).values()) == 105
    assert all_cards(state) == Counter(VOYAGE_COUNTS)


def test_classic_deck_has_150_cards_with_exact_counts() -> None:
    """docs/rules.md §1."""
    state = GameState.new_game("classic", players=8, seed=3)
    assert sum(all_cards(state).values()) == 150
    assert all_cards(state) == Counter(CLASSIC_COUNTS)


def test_deal_refuses_a_deck_that_is_not_the_editions() -> None:
    """docs/rules.md §1, §3."""
    voyage = build_deck("voyage", [None, None])
    with pytest.raises(ValueError):
        GameState.new_game("classic", players=2, seed=1, deck=voyage)
    swapped = voyage[:-1] + [12 if voyage[-1] != 12 else 11]
    with pytest.raises(ValueError):
        GameState.new_game("voyage", players=2, seed=1, deck=swapped)
    with pytest.raises(ValueError):
        GameState.new_game("voyage", players=2, seed=1, deck=voyage[:-1])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_voyage_accepts_2_to_4_players(players: int) -> None:
    """docs/rules.md §1."""
    assert GameState.new_game("voyage", players=players, seed=1).players == players


@pytest.mark.parametrize("players", [0, 1, 5, 8])
def test_voyage_refuses_player_counts_outside_2_to_4(players: int) -> None:
    """docs/rules.md §1."""
    with pytest.raises(ValueError):
        GameState.new_game("voyage", players=players, seed=1)


@pytest.mark.parametrize("players", range(2, 9))
def test_classic_accepts_2_to_8_players(players: int) -> None:
    """docs/rules.md §1."""
    state = GameState.new_game("classic", players=players, seed=1)
    assert len(state.cards) == players and all(None not in grid for grid in state.cards)


@pytest.mark.parametrize("players", [1, 9])
def test_classic_refuses_player_counts_outside_2_to_8(players: int) -> None:
    """docs/rules.md §1."""
    with pytest.raises(ValueError):
        GameState.new_game("classic", players=players, seed=1)


def test_final_tie_defaults_voyage_share_classic_tiebreak() -> None:
    """docs/rules.md §1, §11."""
    assert Options().final_tie_for(GameState("voyage").edition) == "share"
    assert Options().final_tie_for(GameState("classic").edition) == "tiebreak"
    assert Options(final_tie="tiebreak").final_tie_for(GameState("voyage").edition) == "tiebreak"
    assert Options(final_tie="share").final_tie_for(GameState("classic").edition) == "share"
    with pytest.raises(ValueError):
        GameState("voyage", options=Options(final_tie="coin"))


def test_voyage_start_tie_random_seeded() -> None:
    """docs/rules.md §4.3."""
    # seats 0 and 2 both flip 6+6 = 12, seat 1 flips 1+1 = 2: the starter is 0 or 2, chosen
    # by the seed (the same seed always picks the same one), never seat 1.
    tied = cells([[6, 6, 3, 4], [1, 1, 2, 5], [7, 8, 9, 10]])
    low = cells([[1, 1, 3, 4], [2, 2, 5, 7], [8, 9, 10, 11]])
    flips = {seat: [(0, 0), (1, 0)] for seat in range(3)}
    starters = []
    for seed in range(40):
        state = play(dealt("voyage", [tied, low, tied], seed=seed), opening(flips))
        again = play(dealt("voyage", [tied, low, tied], seed=seed), opening(flips))
        assert state.phase == "turn" and state.to_act == again.to_act
        starters.append(state.to_act)
    assert set(starters) == {0, 2}


def test_classic_start_tie_extra_flips() -> None:
    """docs/rules.md §4.3."""
    # seats 0 and 2 tie with 10, seat 1 has 3: only seats 0 then 2 flip one more card each;
    # seat 0 then shows 10+3 = 13, seat 2 shows 10+7 = 17, so seat 2 starts.
    g0 = cells([[5, 5, 3, 1], [2, 4, 6, 8], [9, 10, 11, 12]])
    g1 = cells([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    g2 = cells([[5, 5, 7, 1], [2, 4, 6, 8], [9, 10, 11, 12]])
    state = play(dealt("classic", [g0, g1, g2]), opening({s: [(0, 0), (1, 0)] for s in range(3)}))
    assert state.phase == "opening" and state.to_act == 0
    assert {a.verb for a in state.legal_actions()} == {"flip"}
    with pytest.raises(IllegalActionError):
        state.apply(Action(1, "flip", 2, 0))
    play(state, [[0, "flip", 2, 0]])
    assert state.phase == "opening" and state.to_act == 2
    play(state, [[2, "flip", 2, 0]])
    assert state.phase == "turn" and state.to_act == 2


def test_classic_start_tie_repeats_while_tied() -> None:
    """docs/rules.md §4.3."""
    g = cells([[5, 5, 3, 9], [2, 4, 6, 8], [9, 10, 11, 12]])
    h = cells([[5, 5, 3, 1], [2, 4, 6, 8], [9, 10, 11, 12]])
    state = play(dealt("classic", [g, h]), opening({0: [(0, 0), (1, 0)], 1: [(0, 0), (1, 0)]}))
    play(state, [[0, "flip", 2, 0], [1, "flip", 2, 0]])  # 13 and 13: still tied
    assert state.phase == "opening" and state.to_act == 0
    play(state, [[0, "flip", 3, 0], [1, "flip", 3, 0]])  # 22 against 14
    assert state.phase == "turn" and state.to_act == 0


def test_classic_start_tie_random_when_no_face_down_left() -> None:
    """docs/rules.md §4.3."""
    # identical grids flipped in the same order tie after every pass until no card is left
    # face-down; then the starter is random among the tied (seeded).
    grid = cells([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    order = [(i % 4, i // 4) for i in range(12)]
    starters = set()
    for seed in range(12):
        state = play(dealt("classic", [grid, grid], seed=seed), opening({0: order[:2], 1: order[:2]}))
        for col, row in order[2:]:
            assert state.phase == "opening"
            play(state, [[0, "flip", col, row], [1, "flip", col, row]])
        assert state.phase == "turn"
        starters.add(state.to_act)
    assert starters == {0, 1}


# ---------------------------------------------------------------- the table (§2)
def test_grid_is_four_columns_by_three_rows() -> None:
    """docs/rules.md §2."""
    state = GameState.new_game("voyage", players=2, seed=5)
    flips = state.legal_actions()
    assert sorted((a.col, a.row) for a in flips) == [(c, r) for c in range(4) for r in range(3)]
    assert [[len(row) for row in grid] for grid in grids(state)] == [[4, 4, 4], [4, 4, 4]]
    for bad in ([0, "flip", 4, 0], [0, "flip", 0, 3], [0, "flip", -1, 0]):
        with pytest.raises(ValueError):
            Action.from_list(bad)
    assert state.why_illegal(Action(0, "flip", 4, 0)) is not None


def test_positions_named_col_then_row() -> None:
    """docs/rules.md §2."""
    # (col, row): (1, 0) is the second card dealt, (0, 1) the fifth
    deck = build_deck("voyage", [cells([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]), None])
    state = GameState.new_game("voyage", players=2, seed=1, deck=deck)
    play(state, [[0, "flip", 1, 0], [0, "flip", 0, 1]])
    assert grids(state)[0] == [["?", 2, "?", "?"], [5, "?", "?", "?"], ["?", "?", "?", "?"]]


def test_card_never_moves_to_another_position() -> None:
    """docs/rules.md §2."""
    # seat 0 flips 1+12 = 13 against seat 1's 1+2 = 3, so seat 0 starts
    g0 = cells([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    g1 = cells([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    state = play(dealt("voyage", [g0, g1], discard=0), opening({0: [(0, 0), (3, 2)], 1: [(0, 0), (1, 0)]}))
    before = grids(state)[0]
    play(state, [[0, "take"], [0, "replace", 2, 1]])
    after = grids(state)[0]
    changed = [(c, r) for r in range(3) for c in range(4) if after[r][c] != before[r][c]]
    assert changed == [(2, 1)] and after[1][2] == 0
    assert state.cards[0] == [*g0[:6], 0, *g0[7:]]


def test_play_goes_to_next_seat_wrapping() -> None:
    """docs/rules.md §2."""
    # seat 2 flips the highest pair so it starts; then seat 0, then seat 1, then seat 2 again
    g_low = cells([[1, 1, 3, 4], [2, 5, 6, 8], [9, 10, 11, 12]])
    g_high = cells([[9, 9, 3, 4], [2, 5, 6, 8], [1, 10, 11, 12]])
    flips = {s: [(0, 0), (1, 0)] for s in range(3)}
    state = play(dealt("voyage", [g_low, g_low, g_high]), opening(flips))
    seen: list[int] = []
    for _ in range(4):
        seat = state.to_act
        col = 2 + seen.count(seat)
        seen.append(seat)
        play(state, [[seat, "draw"], [seat, "reveal", col, 0]])
    assert seen == [2, 0, 1, 2]


# ---------------------------------------------------------------- the deal, the opening (§3, §4)
def test_deal_order_seat_0_first_reading_order_next_card_discard() -> None:
    """docs/rules.md §3."""
    deck = build_deck("voyage", [None, None, None])
    state = GameState.new_game("voyage", players=3, seed=1, deck=deck)
    for seat in range(3):
        assert state.cards[seat] == deck[12 * seat : 12 * seat + 12]
    assert state.discard_pile == [deck[36]]
    assert replay_summary(state)["discard_top"] == deck[36]
    # the rest is the draw pile, its top the 38th card
    assert list(reversed(state.draw_pile)) == deck[37:]
    seat0 = GameState.new_game("voyage", players=3, seed=1, deck=deck)  # seen through the output
    play(seat0, opening({0: [(3, 0), (0, 2)], 1: [(1, 1), (2, 2)], 2: [(0, 0), (3, 2)]}))
    shown = grids(seat0)
    assert shown[0][0][3] == deck[3] and shown[0][2][0] == deck[8]
    assert shown[1][1][1] == deck[12 + 5] and shown[1][2][2] == deck[12 + 10]
    assert shown[2][0][0] == deck[24] and shown[2][2][3] == deck[35]
    play(seat0, [[seat0.to_act, "draw"]])  # the first card drawn is the 38th dealt
    assert seat0.holding == deck[37]


def test_deal_without_deck_is_a_seeded_shuffle_of_the_whole_deck() -> None:
    """docs/rules.md §3."""
    a = GameState.new_game("classic", players=5, seed=99)
    b = GameState.new_game("classic", players=5, seed=99)
    c = GameState.new_game("classic", players=5, seed=100)
    assert a.cards == b.cards and a.draw_pile == b.draw_pile
    assert (a.cards, a.draw_pile) != (c.cards, c.draw_pile)
    assert all_cards(a) == Counter(CLASSIC_COUNTS)


def test_opening_each_player_flips_two_in_seat_order() -> None:
    """docs/rules.md §4.1."""
    state = GameState.new_game("voyage", players=3, seed=4)
    expected_turns = [0, 0, 1, 1, 2, 2]
    for seat in expected_turns:
        assert state.phase == "opening" and state.to_act == seat
        legal = state.legal_actions()
        assert legal and all(a.verb == "flip" and a.seat == seat for a in legal)
        state.apply(legal[0])
    assert state.phase == "turn"
    assert [sum(isinstance(c, int) for row in g for c in row) for g in grids(state)] == [2, 2, 2]


def test_opening_flip_must_be_own_face_down_card() -> None:
    """docs/rules.md §4.1."""
    state = GameState.new_game("voyage", players=2, seed=4)
    play(state, [[0, "flip", 0, 0]])
    for bad in (Action(0, "flip", 0, 0), Action(1, "flip", 1, 0), Action(0, "draw"), Action(0, "take")):
        with pytest.raises(IllegalActionError):
            state.apply(bad)


def test_first_round_starter_highest_opening_sum() -> None:
    """docs/rules.md §4.2."""
    # opening sums: seat 0 3+4 = 7, seat 1 12+(-2) = 10, seat 2 5+4 = 9 -> seat 1 starts
    g0 = cells([[3, 4, 0, 1], [2, 5, 6, 7], [8, 9, 10, 11]])
    g1 = cells([[12, -2, 0, 1], [2, 5, 6, 7], [8, 9, 10, 11]])
    g2 = cells([[5, 4, 0, 1], [2, 3, 6, 7], [8, 9, 10, 11]])
    state = play(dealt("voyage", [g0, g1, g2]), opening({s: [(0, 0), (1, 0)] for s in range(3)}))
    assert state.phase == "turn" and state.to_act == 1
