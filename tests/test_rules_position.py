"""The position is described once (game/rules/position.py): the copy, the JSON form, the
defaults and the checks all follow the declarations, so a fact cannot be forgotten by one
of them."""

from __future__ import annotations

import random

import pytest

from game.rules import GameState, InvalidStateError, check_consistency, codec, state_from_dict, state_to_dict
from game.rules.facts import LIST, VALUE, fact, whole
from game.rules.position import DEALT_AFRESH, FACT_NAMES, FIELDS, Phase, Position, Source, fresh_facts


def mid_game(seed: int = 29) -> GameState:
    """Classic, 4 seats, in round 2 with a column removed and a drawn card in hand: every
    kind of fact holds something."""
    state = GameState.new_game("classic", players=4, seed=seed)
    chooser = random.Random(seed)
    while not (state.round >= 2 and state.phase == "turn" and state.source == "draw" and state.removed):
        assert not state.is_terminal, "the game ended before the position wanted"
        if state.phase == "round_over":
            state.deal()
        else:
            state.apply(chooser.choice(state.legal_actions()))
    return state


def test_every_fact_is_declared_once_in_a_named_part() -> None:
    names = [field.name for field in FIELDS]
    assert len(names) == len(set(names))
    parts = {field.part for field in FIELDS}
    assert parts == {base.__name__ for base in Position.__bases__}
    assert not any(hasattr(Position, name) for name in names)  # no class attribute shadows a game's own


def test_each_part_declares_the_facts_of_its_table_in_the_same_order() -> None:
    # a part's class gives the types, its table the defaults, kinds and checks: they must agree name by name
    for base in Position.__bases__:
        table = [field.name for field in FIELDS if field.part == base.__name__]
        assert list(base.__annotations__) == table, base.__name__


def test_a_copy_holds_every_fact_and_nothing_else() -> None:
    # Position.copy_facts_from is written out fact by fact: a fact added to a part but not to it fails here
    state = mid_game()
    other = state.clone(record_events=True)
    assert state_to_dict(other) == state_to_dict(state)
    assert {name for name in vars(other) if name in FACT_NAMES} == FACT_NAMES


def test_a_deal_starts_afresh_exactly_the_facts_it_names() -> None:
    # Position.copy_dealt_facts_from is written out fact by fact too: it copies every fact of
    # DEALT_AFRESH, no other, and shares none of their lists
    source = mid_game()
    target = Position(source.identity)
    target.copy_dealt_facts_from(source)
    assert {name for name in vars(target) if name in FACT_NAMES} == set(DEALT_AFRESH)
    for name in DEALT_AFRESH:
        mine, theirs = getattr(target, name), getattr(source, name)
        assert mine == theirs, name
        if isinstance(mine, list):
            assert mine is not theirs, name
            assert not any(row is other for row in mine if isinstance(row, list) for other in theirs), name


def test_the_json_keys_are_the_declared_facts_in_order() -> None:
    keys = list(state_to_dict(mid_game()))
    assert keys == ["format", "edition", "players", "seed", "options", *(field.name for field in FIELDS), "log"]


def test_a_copy_shares_no_mutable_fact() -> None:
    state = mid_game()
    other = state.clone()
    for field in FIELDS:
        mine, theirs = getattr(state, field.name), getattr(other, field.name)
        assert mine == theirs, field.name
        if isinstance(mine, list):
            assert mine is not theirs, field.name
            for row in mine:
                assert not isinstance(row, list) or all(row is not other_row for other_row in theirs), field.name


def test_a_copy_plays_on_without_touching_the_original() -> None:
    state = mid_game()
    before = state_to_dict(state)
    other = state.clone()
    chooser = random.Random(1)
    while other.phase in ("opening", "turn"):
        other.apply(chooser.choice(other.legal_actions()))
    assert state_to_dict(state) == before


def test_defaults_are_fresh_for_every_game() -> None:
    one, two = fresh_facts(3), fresh_facts(3)
    for field in FIELDS:
        if isinstance(one[field.name], list):
            assert one[field.name] is not two[field.name], field.name
    with pytest.raises(TypeError, match="mutable default"):
        fact("scores", [], LIST, whole())
    with pytest.raises(TypeError, match="kind that copies it"):
        fact("scores", lambda players: [0] * players, VALUE, whole())


def test_from_position_rebuilds_any_position() -> None:
    state = mid_game()
    facts = {field.name: getattr(state.clone(), field.name) for field in FIELDS}
    rebuilt = GameState.from_position(state.edition, state.players, state.seed, state.options, **facts)
    rebuilt.log = state.log
    assert state_to_dict(rebuilt) == state_to_dict(state)
    assert rebuilt.legal_actions() == state.legal_actions()


def test_from_position_holds_a_phase_and_a_source_given_as_plain_strings_as_their_members() -> None:
    # a view's phase and source are plain strings (from the wire); the engine tells them apart by identity
    state = mid_game()
    facts = {field.name: getattr(state.clone(), field.name) for field in FIELDS}
    facts.update(phase=str(state.phase), source=str(state.source))
    rebuilt = GameState.from_position(state.edition, state.players, state.seed, state.options, **facts)
    assert rebuilt.phase is Phase.TURN and rebuilt.source is Source.DRAW
    assert rebuilt.legal_actions() == state.legal_actions()
    wrong = GameState.from_position(state.edition, state.players, state.seed, phase="dance", source=["?"])
    assert (wrong.phase, wrong.source) == ("dance", ["?"])  # left for check_consistency to refuse


def test_from_position_gives_the_rest_their_defaults_and_refuses_unknown_facts() -> None:
    state = GameState.from_position("voyage", 3, 7, round=0)
    assert state_to_dict(state) == state_to_dict(GameState("voyage", 3, seed=7))
    with pytest.raises(TypeError, match="holdings"):
        GameState.from_position("voyage", 3, 7, holdings=5)


@pytest.mark.parametrize(("name", "value"), [("holding", "5"), ("tie_seats", (9,)), ("cards", [[0] * 12] * 2),
                                             ("source", "pocket"), ("totals", [0, 0, 0, True])])
def test_the_consistency_check_checks_every_fact_in_memory_too(name: str, value: object) -> None:
    state = mid_game()
    check_consistency(state)
    setattr(state, name, value)
    with pytest.raises(InvalidStateError, match=name):
        check_consistency(state)


def test_a_later_format_step_takes_its_defaults_from_the_declarations() -> None:
    data = state_to_dict(mid_game())
    del data["flips_left"], data["winners"]
    filled = codec.with_defaults(data, 99, "flips_left", "winners")
    assert filled["format"] == 99 and filled["flips_left"] == [0, 0, 0, 0] and filled["winners"] is None
    assert "flips_left" not in data  # the step's input is left as it was
    huge = codec.with_defaults({"players": 10**12}, 99, "totals")  # no list sized by a bad number
    assert huge["totals"] == []


def test_a_loaded_state_shares_no_list_with_its_json() -> None:
    data = state_to_dict(mid_game())
    state = state_from_dict(data)
    state.discard_pile.append(3)
    state.tiebreak_rounds.append(1)
    assert data == state_to_dict(state_from_dict(data))
