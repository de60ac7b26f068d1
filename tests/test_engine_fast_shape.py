"""What keeps the engine's hot loop fast and must not quietly regress (issue 20)."""

from __future__ import annotations

import gc
import random

import pytest

from game.rules import ACTION_TABLE, EDITIONS, Action, GameState, Options
from game.rules.position import INLINE_ATTRIBUTES, Identity


@pytest.mark.parametrize("record_events", [True, False])
def test_a_game_keeps_few_enough_attributes_for_cpython_to_keep_them_inline(record_events: bool) -> None:
    # past INLINE_ATTRIBUTES, every `self.method()` of the engine takes CPython's slow path
    state = GameState.new_game("classic", 8, seed=3, record_events=record_events)
    rng = random.Random(3)
    while not state.is_terminal:
        state.deal() if state.phase == "round_over" else state.apply(rng.choice(state.legal_actions()))
    assert len(vars(state)) <= INLINE_ATTRIBUTES
    assert len(vars(state.clone(record_events))) == len(vars(state))


def _attributes_in_a_dict(state: GameState) -> bool:
    """Whether the game's attributes live in a dict object rather than inline: the collector then
    finds that dict among what the game refers to (CPython 3.11 gives it one once anybody reads
    the game's `__dict__`)."""
    return any(type(referred) is dict and "identity" in referred for referred in gc.get_referents(state))


@pytest.mark.parametrize("record_events", [True, False])
def test_a_clone_and_its_original_keep_their_attributes_inline(record_events: bool) -> None:
    # a copy made through __dict__ left both games dict-backed: every attribute read about ten times as long
    state = GameState.new_game("classic", 5, seed=8, record_events=record_events)
    assert not _attributes_in_a_dict(state)
    copy = state.clone(record_events)
    assert not _attributes_in_a_dict(state) and not _attributes_in_a_dict(copy)
    assert not _attributes_in_a_dict(copy.clone())


def test_the_identity_is_read_through_the_state() -> None:
    options = Options(60, "tiebreak")
    state = GameState("classic", 5, seed=42, options=options)
    assert state.identity == Identity(state.edition, 5, 42, options)
    assert (state.edition.name, state.players, state.seed, state.options) == ("classic", 5, 42, options)
    with pytest.raises(AttributeError):
        state.players = 4  # type: ignore[misc]  # the identity never changes during play


def holding_a_drawn_card(players: int = 2) -> GameState:
    """The first seat to play holds a card it drew: every replace and reveal of a face-down
    card is legal."""
    state = GameState.new_game("voyage", players, seed=5)
    rng = random.Random(5)
    while state.phase == "opening":
        state.apply(rng.choice(state.legal_actions()))
    state.apply(ACTION_TABLE.get(state.to_act, "draw"))
    return state


def test_why_illegal_knows_interned_actions_by_identity_and_the_rest_by_their_fields() -> None:
    state = holding_a_drawn_card()
    seat = state.to_act
    assert seat is not None
    interned = ACTION_TABLE.get(seat, "replace", 2, 1)
    by_hand = Action(seat, "replace", 2, 1)  # equal, but another object: the full check says legal too
    assert by_hand is not interned and state.why_illegal(interned) is None and state.why_illegal(by_hand) is None
    look_alike = Action(float(seat), "replace", 2, 1)  # equal and of equal hash, yet malformed
    assert look_alike == interned and "seat" in str(state.why_illegal(look_alike))
    unhashable = Action(seat, "replace", [2], 1)  # type: ignore[arg-type]
    assert "position" in str(state.why_illegal(unhashable))
    other_seat = ACTION_TABLE.get(1 - seat, "replace", 2, 1)
    assert "turn" in str(state.why_illegal(other_seat))


def test_legal_actions_are_a_new_list_each_time_even_when_remembered() -> None:
    state = holding_a_drawn_card()
    first = state.legal_actions()
    first.clear()
    again = state.legal_actions()
    assert again and again == state.legal_actions() and again is not state.legal_actions()


def test_every_deal_shuffles_a_new_full_deck() -> None:
    for edition in EDITIONS.values():
        deck = edition.deck()
        assert deck == sorted(deck) and edition.is_full_deck(deck)
        deck.clear()  # a deal shuffles its deck in place: the next one is whole again
        assert edition.is_full_deck(edition.deck()) and edition.deck() is not edition.deck()
