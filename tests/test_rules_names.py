"""The game's named values (issue 39 item 7) are StrEnum members: a game holds the member, and
everything written from it (a save, a view on the wire) holds the same plain string as before."""

from __future__ import annotations

import json

import msgspec

from game.rules import (
    HIDDEN,
    FinalTie,
    GameState,
    Options,
    seat_view,
    state_from_dict,
    state_to_dict,
)
from game.rules.events import StarterChosen, StartReason
from game.rules.position import Phase
from game.wire.pieces import view_to_wire


def opened_game() -> GameState:
    state = GameState.new_game("voyage", players=2, seed=3, options=Options(final_tie=FinalTie.TIEBREAK))
    for _ in range(4):  # both seats flip their two opening cards: the turns begin
        state.apply(state.legal_actions()[0])
    return state


def test_a_saved_game_loads_its_phase_as_the_member_and_saves_the_same_text() -> None:
    state = opened_game()
    text = json.dumps(state_to_dict(state))
    loaded = state_from_dict(json.loads(text))
    assert loaded.phase is Phase.TURN
    assert json.dumps(state_to_dict(loaded)) == text
    assert '"phase": "turn"' in text and '"final_tie": "tiebreak"' in text


def test_the_view_on_the_wire_holds_plain_strings() -> None:
    state = opened_game()
    view = seat_view(state, 0)
    encoded = msgspec.json.encode(view_to_wire(view))
    assert msgspec.json.decode(encoded)["phase"] == "turn"
    assert HIDDEN == "?" and b'"?"' in encoded  # the face-down cards, as the wire always wrote them


def test_the_starter_is_chosen_for_a_named_reason_the_wire_writes_as_before() -> None:
    state = GameState.new_game("voyage", players=2, seed=3)
    state.events.clear()
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    chosen = [event for event in state.events if isinstance(event, StarterChosen)]
    assert len(chosen) == 1 and chosen[0].reason in tuple(StartReason)
    assert msgspec.json.encode(chosen[0].to_dict()) == msgspec.json.encode(
        {"kind": "starter_chosen", "seat": chosen[0].seat, "reason": str(chosen[0].reason)})
