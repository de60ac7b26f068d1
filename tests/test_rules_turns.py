"""docs/rules.md §5-§7: a turn, column removal, the reshuffle. Each test names the section it checks."""

from collections import Counter

import pytest
from scenario_tools import cells, dealt, opening, play

from game.rules import Action, GameState, IllegalActionError, replay_summary, seat_view

# Seat 0 flips 12 + 11 = 23 and seat 1 flips 0 + 1 = 1, so seat 0 always starts.
G0 = cells([[12, 11, 1, 2], [4, 5, 1, 2], [6, 7, 3, 8]])
G1 = cells([[0, 1, 2, 3], [5, 6, 7, 8], [9, 10, 11, 12]])
FLIPS = {0: [(0, 0), (1, 0)], 1: [(0, 0), (1, 0)]}


def start(g0=G0, g1=G1, discard: int = 0, draw=(7,), edition: str = "voyage") -> GameState:
    state = play(dealt(edition, [g0, g1], discard=discard, draw=draw), opening(FLIPS))
    assert state.phase == "turn" and state.to_act == 0
    return state


def grid(state: GameState, seat: int = 0) -> list:
    return replay_summary(state)["grids"][seat]


def test_take_discard_replaces_a_face_up_card() -> None:
    """docs/rules.md §5."""
    state = start(discard=0)
    play(state, [[0, "take"]])
    assert state.holding == 0 and state.source == "discard"
    play(state, [[0, "replace", 0, 0]])
    assert grid(state)[0][0] == 0
    assert state.discard_pile == [12] and state.holding is None
    assert state.to_act == 1


def test_take_discard_replaces_a_face_down_card_which_goes_face_up_on_the_discard() -> None:
    """docs/rules.md §5."""
    state = start(discard=0)
    play(state, [[0, "take"], [0, "replace", 2, 1]])  # (2,1) was the face-down 1
    assert grid(state)[1][2] == 0
    assert state.discard_pile == [1]
    assert replay_summary(state)["discard_top"] == 1


def test_taken_discard_cannot_be_discarded_back() -> None:
    """docs/rules.md §5."""
    state = start(discard=0)
    play(state, [[0, "take"]])
    legal = state.legal_actions()
    assert {a.verb for a in legal} == {"replace"} and len(legal) == 12
    with pytest.raises(IllegalActionError):
        state.apply(Action(0, "reveal", 2, 0))
    assert state.holding == 0 and state.to_act == 0


def test_draw_then_replace() -> None:
    """docs/rules.md §5."""
    state = start(draw=(7,))
    play(state, [[0, "draw"]])
    assert state.holding == 7 and state.source == "draw"
    play(state, [[0, "replace", 2, 0]])
    assert grid(state)[0][2] == 7 and state.discard_pile == [0, 1]
    assert state.to_act == 1


def test_draw_then_discard_and_reveal() -> None:
    """docs/rules.md §5."""
    state = start(draw=(7,))
    play(state, [[0, "draw"], [0, "reveal", 3, 2]])
    assert grid(state)[2][3] == 8 and state.discard_pile == [0, 7]
    assert state.to_act == 1


def test_discarding_a_drawn_card_requires_a_reveal() -> None:
    """docs/rules.md §5."""
    state = start(draw=(7,))
    play(state, [[0, "draw"]])
    assert {a.verb for a in state.legal_actions()} == {"replace", "reveal"}
    with pytest.raises(ValueError):
        Action.from_list([0, "discard"])  # there is no discard without a reveal
    with pytest.raises(IllegalActionError):
        state.apply(Action(0, "reveal", 0, 0))  # already face-up: not a reveal
    assert state.holding == 7 and state.discard_pile == [0]


def test_reveal_impossible_without_face_down_cards() -> None:
    """docs/rules.md §5."""
    # Classic: identical grids tie after every start-tie pass until all 12 cards are up
    same = cells([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    order = [(i % 4, i // 4) for i in range(12)]
    state = play(dealt("classic", [same, same], seed=3), opening({0: order[:2], 1: order[:2]}))
    for col, row in order[2:]:
        play(state, [[0, "flip", col, row], [1, "flip", col, row]])
    seat = state.to_act
    play(state, [[seat, "draw"]])
    assert {a.verb for a in state.legal_actions()} == {"replace"}
    assert state.why_illegal(Action(seat, "reveal", 0, 0)) is not None


def test_flip_during_turns_refused() -> None:
    """docs/rules.md §5."""
    state = start()
    with pytest.raises(IllegalActionError):
        state.apply(Action(0, "flip", 2, 0))
    play(state, [[0, "draw"]])
    with pytest.raises(IllegalActionError):
        state.apply(Action(0, "flip", 2, 0))


def test_draw_or_take_while_holding_refused() -> None:
    """docs/rules.md §5."""
    state = start()
    play(state, [[0, "draw"]])
    for bad in (Action(0, "draw"), Action(0, "take")):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    state = start()
    play(state, [[0, "take"]])
    for bad in (Action(0, "draw"), Action(0, "take")):
        with pytest.raises(IllegalActionError):
            state.apply(bad)


def test_only_the_seat_to_act_may_play() -> None:
    """docs/rules.md §5."""
    state = start()
    for bad in (Action(1, "draw"), Action(1, "take")):
        with pytest.raises(IllegalActionError):
            state.apply(bad)


def test_replace_or_reveal_needs_a_card_in_hand() -> None:
    """docs/rules.md §5."""
    state = start()
    for bad in (Action(0, "replace", 0, 0), Action(0, "reveal", 2, 0)):
        with pytest.raises(IllegalActionError):
            state.apply(bad)


def test_drawn_card_seen_only_by_its_drawer() -> None:
    """docs/rules.md §5, §12."""
    state = start(draw=(7,))
    state.take_events()
    play(state, [[0, "draw"]])
    assert seat_view(state, 0).holding == 7
    assert seat_view(state, 1).holding is None
    (drawn,) = state.take_events()
    assert drawn.for_seat(0).value == 7 and drawn.for_seat(1).value is None and drawn.for_seat(None).value is None


# ---------------------------------------------------------------- column removal (§6)
# Seat 0's column 2 holds three 4s; it flips (0,0)=12 and (1,0)=11 and so starts.
COL4 = cells([[12, 11, 4, 2], [5, 6, 4, 2], [6, 7, 4, 8]])


def test_column_of_three_equal_removed_after_a_turn() -> None:
    """docs/rules.md §6."""
    state = play(dealt("voyage", [COL4, G1], discard=4, draw=(9,)), opening(FLIPS))
    play(state, [[0, "draw"], [0, "reveal", 2, 0], [1, "draw"], [1, "reveal", 2, 0]])
    assert [row[2] for row in grid(state)] == [4, "?", "?"]
    play(state, [[0, "draw"], [0, "reveal", 2, 1]])
    assert [row[2] for row in grid(state)] == [4, 4, "?"]  # two face-up is not enough
    play(state, [[1, "draw"], [1, "reveal", 3, 0], [0, "draw"], [0, "reveal", 2, 2]])
    assert [row[2] for row in grid(state)] == [None, None, None]
    assert state.removed == [(0, 2, 4)]


def test_removed_column_cards_go_to_discard_and_set_top() -> None:
    """docs/rules.md §6."""
    state = play(dealt("voyage", [COL4, G1], discard=4, draw=(9, 10, 11, 12)), opening(FLIPS))
    play(state, [[0, "take"], [0, "replace", 2, 0]])  # the taken 4 sits on top of column 2
    play(state, [[1, "draw"], [1, "reveal", 2, 0]])  # seat 1 throws the 9
    play(state, [[0, "draw"], [0, "reveal", 2, 1]])  # throws the 10, shows a 4
    play(state, [[1, "draw"], [1, "reveal", 3, 0]])  # throws the 11
    before = list(state.discard_pile)
    play(state, [[0, "draw"], [0, "reveal", 2, 2]])  # throws its draw, the third 4 completes the column
    assert state.discard_pile == before + [12, 4, 4, 4]  # the thrown 12, then the column
    assert replay_summary(state)["discard_top"] == 4


def test_column_removed_after_an_opening_flip() -> None:
    """docs/rules.md §6, §4.3."""
    # Classic start tie: seat 0's third flip completes a column of 5s, which is removed
    # at once; its sum drops to 0, so seat 1 (showing 5+5+3) starts.
    g0 = cells([[5, 1, 2, 3], [5, 4, 6, 7], [5, 8, 9, 10]])
    g1 = cells([[5, 5, 3, 1], [2, 4, 6, 7], [11, 8, 9, 10]])
    state = play(dealt("classic", [g0, g1]), opening({0: [(0, 0), (0, 1)], 1: [(0, 0), (1, 0)]}))
    assert state.phase == "opening" and state.to_act == 0
    play(state, [[0, "flip", 0, 2]])
    assert [row[0] for row in grid(state)] == [None, None, None]
    assert state.discard_pile[-3:] == [5, 5, 5]
    play(state, [[1, "flip", 2, 0]])
    assert state.phase == "turn" and state.to_act == 1


def test_rows_never_count() -> None:
    """docs/rules.md §6."""
    row3 = cells([[3, 3, 3, 3], [5, 6, 7, 8], [9, 10, 11, 12]])
    low = cells([[0, 1, 2, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    state = play(dealt("voyage", [row3, low], draw=(1, 2, 4)), opening(FLIPS))
    play(state, [[0, "draw"], [0, "reveal", 2, 0], [1, "draw"], [1, "reveal", 2, 0], [0, "draw"], [0, "reveal", 3, 0]])
    assert grid(state) == [[3, 3, 3, 3], ["?"] * 4, ["?"] * 4]
    assert state.removed == []


def test_removed_column_leaves_gap_other_columns_stay() -> None:
    """docs/rules.md §6, §2."""
    state = play(dealt("voyage", [COL4, G1], discard=4, draw=(9, 10, 11)), opening(FLIPS))
    play(state, [[0, "take"], [0, "replace", 2, 0], [1, "draw"], [1, "reveal", 2, 0], [0, "draw"],
                 [0, "reveal", 2, 1], [1, "draw"], [1, "reveal", 3, 0], [0, "draw"], [0, "reveal", 2, 2]])
    assert grid(state) == [[12, 11, None, "?"], ["?", "?", None, "?"], ["?", "?", None, "?"]]
    assert state.cards[0][3] == 2 and state.cards[0][7] == 2 and state.cards[0][11] == 8


def test_gap_positions_cannot_be_targeted() -> None:
    """docs/rules.md §6, §5."""
    state = play(dealt("voyage", [COL4, G1], discard=4, draw=(9, 10, 11)), opening(FLIPS))
    play(state, [[0, "take"], [0, "replace", 2, 0], [1, "draw"], [1, "reveal", 2, 0], [0, "draw"],
                 [0, "reveal", 2, 1], [1, "draw"], [1, "reveal", 3, 0], [0, "draw"], [0, "reveal", 2, 2],
                 [1, "draw"], [1, "reveal", 3, 1]])
    play(state, [[0, "draw"]])
    assert all(a.col != 2 for a in state.legal_actions())
    for bad in (Action(0, "replace", 2, 0), Action(0, "reveal", 2, 1), Action(0, "replace", 2, 2)):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    play(state, [[0, "replace", 3, 0]])
    play(state, [[1, "draw"], [1, "replace", 0, 0], [0, "take"]])
    with pytest.raises(IllegalActionError):
        state.apply(Action(0, "replace", 2, 1))


# ---------------------------------------------------------------- reshuffle (§7)
def _burn_draws(state: GameState, keep: int) -> None:
    """Draw and replace a face-up card each turn until `keep` cards are left to draw."""
    while len(state.draw_pile) > keep:
        seat = state.to_act
        play(state, [[seat, "draw"], [seat, "replace", 0, 0]])


def test_reshuffle_keeps_discard_top() -> None:
    """docs/rules.md §7."""
    state = start()
    _burn_draws(state, 1)
    seat = state.to_act
    play(state, [[seat, "draw"]])
    assert state.draw_pile == []  # empty, but the turn is not over: no reshuffle yet
    discard_before = list(state.discard_pile)
    top = state.cards[seat][0]  # the card this replace throws away
    play(state, [[seat, "replace", 0, 0]])
    assert state.discard_pile == [top]
    assert Counter(state.draw_pile) == Counter(discard_before)
    assert len(state.draw_pile) == len(discard_before)
    assert state.legal_actions() == [Action(1 - seat, "draw"), Action(1 - seat, "take")]


def test_reshuffle_is_seeded() -> None:
    """docs/rules.md §7."""
    piles = []
    for _ in range(2):
        state = start()
        _burn_draws(state, 1)
        seat = state.to_act
        play(state, [[seat, "draw"], [seat, "replace", 0, 0]])
        piles.append(list(state.draw_pile))
    assert piles[0] == piles[1] and len(piles[0]) > 10


def test_reshuffle_also_at_the_end_of_the_triggering_turn() -> None:
    """docs/rules.md §7."""
    # Seat 0 swaps its face-up (0,0) for 31 turns, then reveals its 10 face-down cards;
    # seat 1 only swaps, taking the discard on its first turn. Draws by the end of seat 0's
    # 41st turn, which triggers: 41 + 39 = 80, the whole draw pile. The pile is empty at the
    # end of that turn, so it is rebuilt: seat 1 may still draw on its last turn.
    state = start(draw=())
    reveals = [(c, r) for r in range(3) for c in range(4) if r > 0 or c > 1]
    actions: list[list] = []
    for turn in range(41):
        actions += [[0, "draw"], [0, "replace", 0, 0]] if turn < 31 else \
            [[0, "draw"], [0, "reveal", *reveals[turn - 31]]]
        if turn < 40:
            actions += [[1, "take" if turn == 0 else "draw"], [1, "replace", 0, 0]]
    play(state, actions[:-2])
    assert state.trigger is None and len(state.draw_pile) == 1
    play(state, actions[-2:])
    assert state.trigger == 0 and state.to_act == 1
    assert len(state.discard_pile) == 1 and len(state.draw_pile) == 105 - 24 - 1  # all but the grids and the top
    play(state, [[1, "draw"], [1, "replace", 0, 0]])
    assert state.phase == "round_over"
