"""The match being set up is a part of its own (scenes/match_draft.py, issue 47): each change
the setup screen's buttons make is made, and checked, without a screen."""

from __future__ import annotations

import pytest

from game.match import COMPUTER, HUMAN, REMOTE, MatchConfig, SeatConfig
from scenes.match_draft import COMPUTER_NAMES, MatchDraft


@pytest.fixture
def draft() -> MatchDraft:
    return MatchDraft(MatchConfig("voyage", (SeatConfig("You", HUMAN), SeatConfig("Robin", COMPUTER, "normal"))))


def test_the_network_gives_the_first_computers_seat_to_a_friend_and_takes_it_back(draft: MatchDraft) -> None:
    assert not draft.network
    assert draft.toggle_network() is False  # a computer's seat was given: no seat added
    assert draft.network and draft.config.seats[1].kind == REMOTE and draft.config.seats[1].name == "Player 2"
    draft.toggle_network()
    assert not draft.network and draft.config.seats[1].kind == HUMAN


def test_the_network_seats_the_other_people_on_other_computers_and_a_new_seat_is_a_friends(draft: MatchDraft) -> None:
    draft.toggle_kind(1)  # Robin's seat: a person here now
    assert [seat.kind for seat in draft.config.seats] == [HUMAN, HUMAN]
    assert draft.config.seats[1].name == "Player 2"  # (two people here: numbered)
    assert draft.toggle_network() is False
    draft.add_seat(HUMAN)  # "+ Person" with the network on
    assert [seat.kind for seat in draft.config.seats] == [HUMAN, REMOTE, REMOTE]


def test_a_typed_name_stays_and_a_seat_without_a_name_cannot_start(draft: MatchDraft) -> None:
    assert draft.shows_default(0) and draft.shows_default(1)
    draft.rename(1, "Zoé")
    draft.toggle_kind(1)  # Computer -> Human: a typed name stays (a computer's own would make way)
    assert draft.config.seats[1].name == "Zoé" and not draft.shows_default(1)
    draft.add_seat(COMPUTER)
    draft.remove_seat(0)  # the typed seat moves up one
    assert draft.typed == {0} and draft.config.seats[1].name in COMPUTER_NAMES
    draft.rename(1, "  ")
    assert draft.settled() is None
    draft.rename(1, " Bob ")
    settled = draft.settled()
    assert settled is not None and [seat.name for seat in settled.seats] == ["Zoé", "Bob"]


def test_a_servers_levels_move_each_computer_to_the_nearest_it_offers() -> None:
    """A room's server offers fewer levels (issue 49): each computer at a level it does not offer takes
    the nearest it does (the easier of two as near; "Your level" counts as Normal), and the Level
    button cycles through the offered ones only."""
    levels = ("easy", "normal", "hard", "expert", "adaptive")
    seats = (SeatConfig("You", HUMAN), *(SeatConfig(name, COMPUTER, level) for name, level in zip(
        ("Robin", "Sasha", "Camille", "Alex", "Charlie"), levels, strict=True)))
    draft = MatchDraft(MatchConfig("classic", seats), ("easy", "normal", "hard", "expert"), network=True)
    draft.offer_levels(("easy", "expert"))
    assert [seat.level for seat in draft.config.seats[1:]] == ["easy", "easy", "expert", "expert", "easy"]
    draft.offer_levels(("normal", "expert"))
    assert [seat.level for seat in draft.config.seats[1:]] == ["normal", "normal", "expert", "expert", "normal"]
    draft.offer_levels(("hard",))
    assert {seat.level for seat in draft.config.seats[1:]} == {"hard"} and draft.new_level == "hard"
    draft.offer_levels(("easy", "hard"))
    draft.next_level(1)
    assert draft.config.seats[1].level == "easy"  # hard -> easy: the offered cycle
    draft.next_level(1)
    assert draft.config.seats[1].level == "hard"
    assert draft.new_level == "easy"  # Normal's nearest, the easier of two as near
