"""A sentence crosses the wire and the disk as a key and its arguments, and is worded where it
is read (game/sentences.py): the reader's language, never the writer's."""

from __future__ import annotations

import pytest

from game.i18n import N_, current_language, set_language
from game.sentences import Sentence, sentence

GREETING = sentence("test_greeting", N_("Start opens when every seat has its player."))
WITH_NAME = sentence("test_with_name", N_("Seat {number}: {name} (here)"))


@pytest.fixture
def french():
    before = current_language()
    set_language("fr")
    yield
    set_language(before)


def test_a_sentence_is_worded_in_the_language_of_the_screen_that_shows_it(french):
    said = WITH_NAME.say(number=2, name="Ann")
    assert said.to_dict() == {"key": "test_with_name", "args": {"name": "Ann", "number": 2}}
    assert said.worded() == "Place 2 : Ann (ici)"
    set_language("en")
    assert said.worded() == "Seat 2: Ann (here)"


def test_what_arrives_from_outside_is_checked_against_the_declared_template():
    assert Sentence.checked("test_greeting", {}) == GREETING.say()
    for key, args in [("nobody_declared_this", {}), (None, {}), ("test_with_name", {"name": "Ann"}),
                      ("test_with_name", {"name": "Ann", "number": 1, "extra": 1}),
                      ("test_with_name", {"name": ["Ann"], "number": 1}),
                      ("test_with_name", {"name": "A" * 301, "number": 1}),
                      ("test_with_name", {"name": "Ann\n", "number": 1}),
                      ("test_with_name", {"name": "Ann", "number": 10**12}),
                      ("test_with_name", {"name": "Ann", "number": True}),
                      ("test_with_name", [("name", "Ann")])]:
        with pytest.raises(ValueError):
            Sentence.checked(key, args)


def test_a_template_may_only_hold_plain_fields():
    with pytest.raises(ValueError):
        sentence("test_attribute", "{name.__class__}")
    with pytest.raises(ValueError):
        sentence("test_format", "{name:>99999}")
    with pytest.raises(ValueError):
        sentence("test_greeting", "another text under a key already declared")
