"""Issue #32 item 4: words a parent would not correct. Every sentence that names a card value
and every seat label, for the viewer and about another seat, with each card value -2..12, in
English and French, as the table draws them, against the texts written out here: "an 8" and
"an 11" (never "a 8"), a true minus sign ("a −1", "un −2"), "1 point" / "0 points" (French
"0 point"), one format for the live score by every grid, no double space, no hyphen for a dash."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.ai.hard import Advice, Reason
from game.rules import Action, GameState, seat_view
from game.rules import events as ev
from game.ui.card_art import CardArt
from game.ui.recap import recap_lines
from game.ui.table_view import Board, TableView
from game.ui.text import TextCache
from game.ui.wording import sentence
from scenes.hints import explain

pytestmark = pytest.mark.usefixtures("small_display")

NAMES = ["Ann", "Robin"]
VIEWER, OTHER = 0, 1
VALUES = range(-2, 13)

# a card value as said with its indefinite article: "an" before a number said from a vowel
# ("eight", "eleven"); a negative value is said "minus ...": "a". French: "un" before all.
A_CARD = {
    "en": {-2: "a −2", -1: "a −1", 0: "a 0", 1: "a 1", 2: "a 2", 3: "a 3", 4: "a 4", 5: "a 5", 6: "a 6",
           7: "a 7", 8: "an 8", 9: "a 9", 10: "a 10", 11: "an 11", 12: "a 12"},
    "fr": {-2: "un −2", -1: "un −1", 0: "un 0", 1: "un 1", 2: "un 2", 3: "un 3", 4: "un 4", 5: "un 5", 6: "un 6",
           7: "un 7", 8: "un 8", 9: "un 9", 10: "un 10", 11: "un 11", 12: "un 12"},
}
CARD = {-2: "−2", -1: "−1", **{value: str(value) for value in range(13)}}  # a true minus sign, U+2212

# a game total: one point, several points (English counts 0 as plural, French as singular)
POINTS = {
    "en": {-12: "−12 points", -3: "−3 points", -1: "−1 point", 0: "0 points", 1: "1 point", 2: "2 points",
           12: "12 points", 100: "100 points"},
    "fr": {-12: "−12 points", -3: "−3 points", -1: "−1 point", 0: "0 point", 1: "1 point", 2: "2 points",
           12: "12 points", 100: "100 points"},
}
# what a grid's face-up cards add up to (not "face up: 14", read as a count of cards), singular as each language counts
FACE_UP = {"en": ("showing {} pt", "showing {} pts"), "fr": ("{} pt visible", "{} pts visibles")}


def face_up(language: str, value: int) -> str:
    plural = abs(value) != 1 if language == "en" else abs(value) > 1  # "0 points" but "0 point"
    return FACE_UP[language][plural].format(f"\u2212{-value}" if value < 0 else value)
TO_PLAY = {"en": "to play", "fr": "à jouer"}

# kind -> figures from the card value v, and per language (to the viewer, about Robin) with
# {a} the value with its article, {c} the bare value
SENTENCES = {
    "took_card": (lambda v: {"card": v},
                  {"en": ("You took {a} from the discard", "Robin took {a} from the discard"),
                   "fr": ("Vous avez pris {a} dans la défausse", "Robin a pris {a} dans la défausse")}),
    "drew_card": (lambda v: {"card": v},
                  {"en": ("You drew {a}", "Robin drew {a}"), "fr": ("Vous avez pioché {a}", "Robin a pioché {a}")}),
    "cue_take": (lambda v: {"card": v},
                 {"en": ("You took the {c} from the discard", "Robin took the {c} from the discard"),
                  "fr": ("Vous avez pris le {c} dans la défausse", "Robin a pris le {c} dans la défausse")}),
    "column": (lambda v: {"value": v},
               {"en": ("You complete a column of {c}s: it is removed",
                       "Robin completes a column of {c}s: it is removed"),
                "fr": ("Vous complétez une colonne de {c} : elle est retirée",
                       "Robin complète une colonne de {c} : elle est retirée")}),
    "recap_flip": (lambda v: {"value": v},
                   {"en": ("You turned over {a}", "Robin turned over {a}"),
                    "fr": ("Vous avez retourné {a}", "Robin a retourné {a}")}),
    "recap_column": (lambda v: {"value": v},
                     {"en": ("You completed a column of {c}s", "Robin completed a column of {c}s"),
                      "fr": ("Vous avez complété une colonne de {c}", "Robin a complété une colonne de {c}")}),
}

# the recap of Robin's moves, with the card taken or drawn v and the card it replaced or revealed w
# (the drawn one put on a face-down card: issue 48)
RECAP = {
    "en": ("Robin turned over {av}", "Robin took the {v} from the discard pile and replaced {aw}",
           "Robin drew {av} and put it on a face-down card (it was {aw})",
           "Robin drew and discarded {av}, revealed {aw}"),
    "fr": ("Robin a retourné {av}", "Robin a pris le {v} de la défausse et remplacé {aw}",
           "Robin a pioché {av} et l'a posé sur une carte cachée (c'était {aw})",
           "Robin a pioché et défaussé {av}, retourné {aw}"),
}
HINT = {"en": "in column 1, top: {a} beats the 4.8 a hidden card is worth on average",
        "fr": "en colonne 1, en haut : {a} vaut mieux que les 4,8 que vaut en moyenne une carte cachée"}


@pytest.fixture(params=["en", "fr"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def well_spaced(text: str) -> None:
    """No double space, no hyphen standing for a dash, no "a" before a number said from a vowel,
    no hyphen standing for a minus sign."""
    assert "  " not in text, text
    assert " - " not in text, text
    assert not re.search(r"\ba (8|11|18)\b", text), text
    assert not re.search(r"(^|[\s(])-\d", text), text


def test_every_sentence_about_a_card_for_the_viewer_and_another_seat(language):
    for kind, (figures, texts) in SENTENCES.items():
        to_viewer, about_other = texts[language]
        for v in VALUES:
            said = {"a": A_CARD[language][v], "c": CARD[v]}
            assert sentence(kind, VIEWER, VIEWER, NAMES, **figures(v)) == to_viewer.format(**said)
            assert sentence(kind, OTHER, VIEWER, NAMES, **figures(v)) == about_other.format(**said)
            well_spaced(sentence(kind, OTHER, VIEWER, NAMES, **figures(v)))


def test_the_recap_says_every_card_with_its_article(language):
    flip, take, draw, discard = RECAP[language]
    for v in VALUES:
        w = 12 - (v + 2)  # every value as the second card too
        events = [ev.CardFlipped(seat=1, col=0, row=0, value=v),
                  ev.CardReplaced(seat=1, col=1, row=0, value=v, old_value=w, old_was_face_up=True,
                                  source="discard"),
                  ev.CardReplaced(seat=1, col=2, row=0, value=v, old_value=w, old_was_face_up=False,
                                  source="draw"),
                  ev.CardDiscarded(seat=1, value=v), ev.CardRevealed(seat=1, col=3, row=0, value=w)]
        said = {"av": A_CARD[language][v], "aw": A_CARD[language][w], "v": CARD[v]}
        lines = recap_lines(events, 0, NAMES)
        assert lines == [flip.format(**said), take.format(**said), draw.format(**said), discard.format(**said)]
        for line in lines:
            well_spaced(line)


def two_seats() -> tuple[TableView, Board]:
    state = GameState.new_game("voyage", 2, seed=5)
    view = TableView(2, NAMES, CardArt("standard"), TextCache())
    view.viewer = VIEWER
    return view, Board.from_view(seat_view(state, VIEWER))


def drawn(view: TableView, board: Board) -> list[str]:
    view.draw(pygame.Surface((1280, 720)), board, [])
    return [words for words, _rect in view.words.text_rects]


def test_the_card_in_hand_is_captioned_with_its_article(language):
    view, board = two_seats()
    for holder, (you, other) in ((VIEWER, SENTENCES["drew_card"][1][language]),
                                 (OTHER, SENTENCES["took_card"][1][language])):
        board.holder, board.source = holder, "draw" if holder == VIEWER else "discard"
        template = you if holder == VIEWER else other
        for v in VALUES:
            board.holding = v
            assert template.format(a=A_CARD[language][v]) in drawn(view, board)


def test_every_label_says_the_total_and_the_face_up_sum_in_one_format(language):
    """The label by each grid, for the viewer's and the other seat's, acting or not: the total
    with its plural, the sum of the face-up cards, then "to play"; each value -2..12 face up."""
    view, board = two_seats()
    totals = list(POINTS[language])
    for v in VALUES:
        for seat in (VIEWER, OTHER):
            board.grids[seat] = [v] + ["?"] * 11
        board.totals = [totals[v % len(totals)], totals[(v + 3) % len(totals)]]
        for acting in (VIEWER, OTHER):
            board.to_act = acting
            words = drawn(view, board)
            for seat in (VIEWER, OTHER):
                points, live, turn = POINTS[language][board.totals[seat]], face_up(language, v), \
                    [TO_PLAY[language]] * (seat == acting)
                label = words[words.index(NAMES[seat]) + 1:][:2]
                # one line, or (where the line has no room) the live score on a line of its own
                assert label[0] == " · ".join([points, live, *turn]) or label == [" · ".join([points, *turn]), live], (
                    seat, words)
                for line in label:
                    well_spaced(line)


def test_the_hint_says_the_card_with_its_article(language):
    state = GameState.new_game("voyage", 2, seed=5)
    view = seat_view(state, 0)
    for v in VALUES:
        hint = explain(view, Advice(Action(0, "replace", 0, 0), Reason.HIDDEN, v, saved=0.5, hidden=4.83))
        assert HINT[language].format(a=A_CARD[language][v]) in hint, hint
        well_spaced(hint)


# the seats of the gallery's eight-player table (tests/i18n_gallery.py): long names, French at 150 % text
EIGHT = ["Ann", "Robin", "Sasha", "Maximilien", "Bérénice", "Jo", "Anne-Charlotte", "Li"]


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_every_one_of_eight_seats_shows_its_live_score_in_french_at_large_text(scale):
    """Issue #32 item 14: at 150 % text in French with 8 seats some labels dropped the live score,
    and the pile captions touched the prompt's panel."""
    i18n.set_language("fr")
    try:
        state = GameState.new_game("classic", 8, seed=5)
        for _flip in range(16):
            state.apply(state.legal_actions()[0])
        view = TableView(8, EIGHT, CardArt("standard"), TextCache())
        view.ui_scale, view.viewer = scale, 0
        board = Board.from_view(seat_view(state, 0))
        for acting in (0, 6):  # the viewer's label, then Anne-Charlotte's (the longest name)
            board.to_act = acting
            words = drawn(view, board)
            for seat, name in enumerate(EIGHT):
                total = board.visible_sum(seat)
                face_up_words = face_up("fr", total)
                assert any(face_up_words in line for line in words[words.index(name):]), (name, words)
            prompt = view.viewport.rect(view.layout.prompt)
            for caption in ("Pioche (", "Défausse"):
                rect = next(rect for words, rect in view.words.text_rects if words.startswith(caption))
                assert rect.bottom <= prompt.top - 3, f"{caption!r} touches the prompt's panel"
    finally:
        i18n.set_language("en")


def test_a_wrapped_line_keeps_a_number_with_the_word_before_it():
    text = TextCache()
    for sentence_words in ("Vous avez pioché un 11", "Robin drew and discarded an 11, revealed a −2"):
        for width in range(40, 400, 7):
            lines = text.wrap(sentence_words, 20, width, True)
            assert " ".join(lines) == sentence_words
            assert not any(re.match(r"[\d−]", line) for line in lines[1:]), lines
