"""The engine refuses a malformed action like any illegal one (docs/replay.md: an action is
`[seat, verb]` for draw and take, `[seat, verb, col, row]` with col 0-3 and row 0-2 for flip,
replace and reveal; seats are numbered 0...n-1): `why_illegal` gives a reason, `apply` raises
IllegalActionError and changes nothing, so the game record never holds an action the
loader would refuse. A bot's choice that is not legal is an error too, never replaced."""

from __future__ import annotations

import pytest
from scenario_tools import cells, dealt, opening, play
from scenarios.catalog import CATALOG

from game.ai import BotError
from game.ai.base import BaseBot, pick
from game.replay import play_scenario
from game.rules import (
    ACTION_TABLE,
    Action,
    GameState,
    IllegalActionError,
    replay_summary,
    seat_view,
    state_from_dict,
    state_to_dict,
)

# Seat 0 flips 12 + 11 and seat 1 flips 0 + 1, so seat 0 starts (docs/rules.md §4.2).
G0 = cells([[12, 11, 1, 2], [4, 5, 1, 2], [6, 7, 3, 8]])
G1 = cells([[0, 1, 2, 3], [5, 6, 7, 8], [9, 10, 11, 12]])
FLIPS = {0: [(0, 0), (1, 0)], 1: [(0, 0), (1, 0)]}


def at_turn() -> GameState:
    """Seat 0 to start its turn: draw and take are legal."""
    state = play(dealt("voyage", [G0, G1], discard=0, draw=(7,)), opening(FLIPS))
    assert state.phase == "turn" and state.to_act == 0
    return state


def holding() -> GameState:
    """Seat 0 holds a drawn card: replace anywhere, or discard it and reveal."""
    return play(at_turn(), [[0, "draw"]])


def seat_1_to_act() -> GameState:
    """Seat 1's turn, so seat True (== 1) would be the acting seat if it were taken for 1."""
    state = play(at_turn(), [[0, "draw"], [0, "replace", 0, 0]])
    assert state.to_act == 1
    return state


def assert_refused(state: GameState, action: object) -> str:
    """Refused with a one-line reason, by both calls, leaving the game exactly as it was."""
    before = state_to_dict(state)
    reason = state.why_illegal(action)  # type: ignore[arg-type]
    assert isinstance(reason, str) and reason.strip() and "\n" not in reason and len(reason) < 200
    assert not state.is_legal(action)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        state.apply(action)  # type: ignore[arg-type]
    assert state_to_dict(state) == before
    return reason


@pytest.mark.parametrize("verb", ["draw", "take"])
@pytest.mark.parametrize("where", [(1, 2), (0, 0), (0, None), (None, 0)])
def test_draw_or_take_with_a_position_is_refused(verb: str, where: tuple) -> None:
    state = at_turn()
    assert state.is_legal(Action(0, verb))  # the well-formed one is legal here
    assert "position" in assert_refused(state, Action(0, verb, *where))


def test_the_record_never_holds_a_malformed_action() -> None:
    # the bug: a drawn card with a position was played, and the saved record then failed to load
    state = at_turn()
    assert_refused(state, Action(0, "draw", 1, 2))
    play(state, [[0, "draw"], [0, "replace", 2, 2]])
    record = state.record()
    assert replay_summary(play_scenario(record)) == replay_summary(state)
    assert state_to_dict(state_from_dict(state_to_dict(state))) == state_to_dict(state)


@pytest.mark.parametrize("verb", ["discard", "DRAW", "", None, 3, ("draw",)])
@pytest.mark.parametrize("make", [at_turn, holding])
def test_unknown_verb_is_refused_with_a_reason_not_a_type_error(verb: object, make) -> None:
    state = make()
    assert "verb" in assert_refused(state, Action(0, verb))  # type: ignore[arg-type]
    assert "verb" in assert_refused(state, Action(0, verb, 0, 0))  # type: ignore[arg-type]


@pytest.mark.parametrize("verb", ["draw", "take"])
def test_true_is_not_seat_1(verb: str) -> None:
    state = seat_1_to_act()
    assert state.is_legal(Action(1, verb))
    assert "seat" in assert_refused(state, Action(True, verb))


def test_false_is_not_seat_0() -> None:
    state = holding()
    assert state.is_legal(Action(0, "replace", 1, 1))
    assert "seat" in assert_refused(state, Action(False, "replace", 1, 1))


@pytest.mark.parametrize("seat", [0.0, "0", None, -1, -2, 1j])
def test_seat_must_be_a_whole_number_from_0(seat: object) -> None:
    assert "seat" in assert_refused(at_turn(), Action(seat, "draw"))  # type: ignore[arg-type]


@pytest.mark.parametrize("verb", ["replace", "reveal"])
@pytest.mark.parametrize("where", [(None, None), (1, None), (None, 1), (1.0, 1), (1, 1.0), (True, 1), (1, True),
                                   ("1", 1), (4, 0), (0, 3), (-1, 0), (0, -1), (10**100, 0)])
def test_placing_needs_a_whole_number_position_inside_the_grid(verb: str, where: tuple) -> None:
    state = holding()
    assert state.is_legal(Action(0, verb, 1, 1))  # (1,1) is face-down
    assert "position" in assert_refused(state, Action(0, verb, *where))


@pytest.mark.parametrize("where", [(None, None), (2.0, 0), (False, 0), (4, 0)])
def test_opening_flip_needs_a_whole_number_position_inside_the_grid(where: tuple) -> None:
    state = dealt("voyage", [G0, G1], discard=0, draw=(7,))
    assert state.phase == "opening" and state.is_legal(Action(0, "flip", 0, 0))
    assert "position" in assert_refused(state, Action(0, "flip", *where))


@pytest.mark.parametrize("thing", [(0, "draw", None, None), [0, "draw"], "draw", None, 0])
def test_something_that_is_not_an_action_is_refused(thing: object) -> None:
    assert "Action" in assert_refused(at_turn(), thing)


@pytest.mark.parametrize("name", ["lea_tom_ines", "game_ends_at_100"])
def test_a_malformed_action_is_refused_for_its_shape_once_the_round_is_over(name: str) -> None:
    state = play_scenario(CATALOG[name]()[0])
    assert state.phase in ("round_over", "game_over")
    assert "position" in assert_refused(state, Action(0, "draw", 0, 0))
    assert "verb" in assert_refused(state, Action(0, "discard"))


def test_a_huge_value_is_quoted_briefly() -> None:
    reason = assert_refused(at_turn(), Action(0, "x" * 1_000_000))
    assert len(reason) < 200
    reason = assert_refused(at_turn(), Action(10**4000, "draw"))
    assert len(reason) < 200


def test_the_action_table_hands_out_no_malformed_action_the_engine_would_trust() -> None:
    # legal_actions and bots use the table's actions; a malformed one made through it is
    # still refused (the engine's fast path must not take it on trust)
    state = at_turn()
    assert_refused(state, ACTION_TABLE.get(0, "draw", 1, 2))
    assert_refused(state, ACTION_TABLE.get(0, "discard"))
    assert_refused(holding(), ACTION_TABLE.get(0, "replace", 7, 0))
    assert ACTION_TABLE.get(0, "draw") is ACTION_TABLE.get(0, "draw")  # well-formed ones are shared


def test_malformed_list_actions_are_refused_by_the_loader() -> None:
    for item in ([True, "draw"], [0, "draw", 1, 2], [0, "replace", 1.0, 0], [-1, "draw"], [0, "discard"]):
        with pytest.raises(ValueError):
            Action.from_list(item)


# ---------------------------------------------------------------- a bot's choice


class ChoosesFrom(BaseBot):
    """A bot that wants one fixed action, through `pick` like every built-in level."""

    level = "test-level"

    def __init__(self, wanted: Action) -> None:
        super().__init__(0)
        self.wanted = wanted

    def decide(self, view):
        return pick(view, self.wanted)


def test_pick_gives_the_legal_action_the_bot_wants() -> None:
    state = at_turn()
    chosen = ChoosesFrom(Action(0, "take")).decide(seat_view(state, 0))
    assert chosen == Action(0, "take") and state.is_legal(chosen)


@pytest.mark.parametrize("wanted", [Action(0, "replace", 0, 0), Action(1, "draw"), Action(0, "draw", 1, 2), None])
def test_pick_raises_when_the_bot_wants_an_illegal_action(wanted: object) -> None:
    state = at_turn()  # legal: draw or take
    with pytest.raises(BotError) as raised:
        ChoosesFrom(wanted).decide(seat_view(state, 0))  # type: ignore[arg-type]
    message = str(raised.value)
    assert "test-level" in message and "seat 0" in message and "\n" not in message
