"""The review, for a family (issue 40 item 7): a title worded for the player it judges (a
default name in the screen's language), a headline in round points a child follows, the
estimate's noise (±) only in the details, turn numbers that say they count the player's own
turns, a reason that says the points, and French at 150 % laid out so that nothing runs to the
edge, sits on a button or begins a line with its punctuation."""

from __future__ import annotations

import functools
import re

import msgspec
import pytest
from helpers import journal_inks
from pilot import Pilot

from game import i18n
from game.ai import make_bot
from game.ai.review import DEFAULT_SAMPLES, METHOD, decisions, judge
from game.rules import GameState, Options, seat_view
from game.store.reviews import ReviewShelf, review_key
from game.ui.advice_words import advice_line
from game.ui.review_words import decision_line, headline, ordinal, why_line
from game.wire.finished import FinishedGame
from game.wire.review import Judged, Reasoning, ReviewData
from scenes.menu import MenuScene
from scenes.names import REVIEW_STEP
from scenes.review import REVIEW_SEED, ReviewScene

SEAT = 0
NBSP = "\u00a0"


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


@functools.cache
def record() -> dict:
    """One round of Voyage by computers."""
    bots = [make_bot(level, 50 + k) for k, level in enumerate(["normal", "hard"])]
    state = GameState.new_game("voyage", 2, seed=5, options=Options(100))
    while state.phase in ("opening", "turn"):
        state.apply(bots[state.to_act].decide(seat_view(state, state.to_act)))
    return state.record()


@functools.cache
def a_decision() -> Judged:
    """A decision of seat 0 placing a drawn card, judged (few worlds: fast)."""
    found = [d for d in decisions(record(), SEAT) if d.view.holding is not None and d.turn >= 3]
    return judge(found[0], seed=1, samples=4)


def costing(costs: list[float]) -> ReviewData:
    """A review whose decisions cost `costs` points each (0: a good decision)."""
    made = a_decision()
    judged = [msgspec.structs.replace(made, index=number, cost=cost, good=cost == 0, spread=0.4)
              for number, cost in enumerate(costs)]
    return ReviewData(seat=SEAT, seed=1, samples=4, method=METHOD, decisions=judged)


def ten_on_a_zero() -> Judged:
    """A drawn 10 put on a face-up 0 (column 1, top) where Expert throws it away and turns the
    face-down card of column 3, middle."""
    made = a_decision()
    grid = [0, 5, 5, 5, 5, 5, "?", 5, 5, 5, 5, 5]
    seen = msgspec.structs.replace(made.seen, holding=10, source="draw", grid=grid)
    best = [SEAT, "reveal", 2, 1]
    reasoning = Reasoning(reason="reveal", action=best, card=10, other=-3.2)
    return msgspec.structs.replace(made, seen=seen, played=[SEAT, "replace", 0, 0], best=best, good=False,
                                   cost=9.0, reasoning=reasoning)


def plain(words: str) -> str:
    return words.replace(NBSP, " ")


def test_the_headline_says_round_points_and_the_three_costliest(language):
    assert plain(headline(costing([25.2, 18.1, 9.6, 9.4, 7.8, 0, 0]))) == \
        "You lost about 70 points; 53 of them in three decisions"
    assert plain(headline(costing([4.4, 0, 0]))) == "You lost about 4 points, in one decision"
    assert plain(headline(costing([4.4, 3.0, 0]))) == "You lost about 7 points, in two decisions"
    assert plain(headline(costing([0.6, 0]))) == "You lost about 1 point, in one decision"
    assert headline(costing([0, 0])) == "No decision cost you points: Expert would have played much the same"
    language("fr")
    assert plain(headline(costing([25.2, 18.1, 9.6, 9.4, 7.8, 0]))) == \
        "Vous avez perdu environ 70 points, dont 53 en trois décisions"


@pytest.mark.parametrize(("number", "english", "french"), [
    (1, "1st", "1er"), (2, "2nd", "2e"), (3, "3rd", "3e"), (4, "4th", "4e"), (11, "11th", "11e"), (12, "12th", "12e"),
    (13, "13th", "13e"), (21, "21st", "21e"), (22, "22nd", "22e"), (23, "23rd", "23e"), (111, "111th", "111e")])
def test_a_turn_is_counted_as_the_players_own(language, number, english, french):
    assert ordinal(number) == english
    language("fr")
    assert ordinal(number) == french


def test_a_decision_says_which_of_the_players_turns_it_was(language):
    made = msgspec.structs.replace(ten_on_a_zero(), round=2, turn=5)
    assert decision_line(made) == "Round 2, your 5th turn: you chose to put the 10 on your 0 in column 1, top"
    language("fr")
    assert plain(decision_line(made)).startswith(
        "Manche 2, votre 5e tour : vous avez choisi de poser le 10 sur votre 0")


def test_a_reason_says_the_points_a_move_adds(language):
    """Not "keeping the 10 would not gain you anything" for a 10 put on a 0."""
    made = ten_on_a_zero()
    assert plain(why_line(made)) == ("Expert: discard the 10 and reveal the card in column 3, middle: your move adds "
                                     "10 points to your grid")
    hint = plain(advice_line(made.seen.grid, made.reasoning))  # the H key, no move played yet
    assert hint == ("Hint: discard the 10 and reveal the card in column 3, middle; wherever it goes, the 10 would add "
                    "about 3 points to your grid")
    language("fr")
    assert plain(why_line(made)) == ("Expert : défaussez le 10 et retournez la carte en colonne 3, au milieu : votre "
                                     "coup ajoute 10 points à votre grille")


def opened_review(app, names: list[str], review: ReviewData) -> ReviewScene:
    """The review screen of `names`' game with `review` already kept beside the statistics."""
    pilot = Pilot(app)
    game = FinishedGame(record=record(), names=names, humans=[SEAT])
    shelf = ReviewShelf(app.store.data_dir)
    shelf.put(review_key(record(), SEAT, REVIEW_SEED, DEFAULT_SAMPLES, METHOD), review)
    scene = pilot.read_in(app.stack.reset(ReviewScene(app, game)))  # (looked up off the frame)
    assert scene.job is None and scene.review == review
    return scene


def drawn(app, scene) -> list:
    return [ink for ink in journal_inks(app, [scene]) if ink.kind == "text"]


def test_the_title_speaks_to_the_player_in_the_screens_language(app, language):
    review = costing([25.2, 18.1, 9.6, 9.4, 0])
    scene = opened_review(app, ["You", "Robin"], review)
    words = [ink.words for ink in drawn(app, scene)]
    assert "Expert's review of your game" in words
    language("fr")  # a name saved as the English default, the screen switched to French
    scene.build()
    words = [ink.words for ink in drawn(app, scene)]
    assert "L'analyse de votre partie par Expert" in words
    assert not any(re.search(r"\bYou\b", line) for line in words), words
    scene = opened_review(app, ["Ann", "Robin"], review)
    assert "Ann, voici l'analyse de votre partie par Expert" in [ink.words for ink in drawn(app, scene)]


def test_hot_seat_names_given_by_default_follow_the_language(app, language):
    game = FinishedGame(record=record(), names=["Player 1", "Player 2"], humans=[0, 1])
    language("fr")
    scene = app.stack.reset(ReviewScene(app, game))
    scene.stop()
    seats = [button.label for button in scene.buttons.buttons if button.name.startswith("seat")]
    assert seats == ["Joueur 1", "Joueur 2"]


def test_the_spread_is_only_in_the_details(app, pilot):
    review = costing([25.2, 18.1, 9.6, 9.4, 0])
    scene = opened_review(app, ["You", "Robin"], review)
    shown = [ink.words for ink in drawn(app, scene)] + [button.label for button in scene.buttons.buttons]
    assert not any("\u00b1" in words for words in shown), shown
    assert not any("a decision)" in words for words in shown), shown  # "0.78 a decision": the command line's
    step = app.stack.push(REVIEW_STEP, record(), ["You", "Robin"], SEAT, review.decisions[0])
    pilot.advance()
    heading = step.note()[0]
    assert "\u00b1" in heading  # the decision on the table: the details


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_french_at_large_text_keeps_the_review_clear(make_app, language, size):
    app = make_app(size=size)
    app.settings.language, app.settings.ui_scale = "fr", 150
    app.apply_settings()
    language("fr")
    review = msgspec.structs.replace(costing([25.2, 18.1, 9.6, 9.4, 7.8, 0]), rounds=[])
    scene = opened_review(app, ["You", "Robin"], review)
    inks = drawn(app, scene)
    screen = app.screen.get_rect()
    head = next(ink for ink in inks if plain(ink.words).startswith("Vous avez perdu"))
    margin = screen.w // 20  # the headline keeps a margin on either side
    assert head.rect.left >= margin and head.rect.right <= screen.w - margin, (head.rect, screen)
    title = next(ink for ink in inks if ink.words == "Vos trois décisions les plus coûteuses")
    first = scene.buttons.named("costly1")
    assert title.rect.bottom < scene.viewport.rect(first.box).top - 4, "the title sits on the first button"
    for ink in inks:
        assert not re.match(r"[;:]", ink.words), f"a line begins with its punctuation: {ink.words!r}"


def test_the_step_screen_says_the_decision_and_keeps_each_key_whole(make_app, language):
    app = make_app(size=(1280, 720))
    app.settings.language, app.settings.ui_scale = "fr", 150
    app.apply_settings()
    language("fr")
    made = ten_on_a_zero()
    step = made.action  # the decision's step in its round: the card in hand is drawn there
    app.stack.reset(MenuScene(app))
    scene = app.stack.push(REVIEW_STEP, record(), ["Vous", "Robin"], SEAT, a_decision())
    Pilot(app).advance()
    assert scene.step == step
    words = [ink.words for ink in drawn(app, scene)]
    assert "Vous piochez une carte" not in words and scene.view.marks.prompt.startswith("Votre décision")
    shown = ("Droite/Espace :", "Gauche :", "Début/B :", "A : auto", "Échap :")
    keys = [plain(line) for line in words if any(key in plain(line) for key in shown)]
    legend = " ".join(keys)
    for pair in ("Droite/Espace : continuer", "Gauche : retour", "Début/B : la décision", "A : auto (non)",
                 "Échap : quitter"):
        assert any(pair in line for line in keys), (pair, keys)  # each key with its action, on one line
    assert "continuer Gauche" not in legend  # never run together


def test_a_wrapped_french_line_never_begins_with_its_punctuation():
    """French spaces off ":" and ";": "coût / : 4,5 points" broke before the colon."""
    from game.ui.text import TextCache

    text = TextCache()
    for words in ("Manche 2, votre 14e tour : vous avez choisi de prendre le 9 : coût : 4,5 points",
                  "Manche 1 : 4 décisions coûteuses, 14,2 points perdus ; vous avez fini la manche"):
        for width in range(40, 700, 9):
            lines = text.wrap(words, 20, width)
            assert " ".join(lines) == words
            assert not any(re.match(r"[:;!?]", line) for line in lines), lines


def test_a_review_names_every_reason_hard_gives_and_no_other() -> None:
    """A review read back from disk knows each of Hard's reasons by the name Hard gives it."""
    from typing import get_args

    from game.ai.hard import Reason
    from game.wire.review import ReasonName

    assert set(get_args(ReasonName)) == {reason.value for reason in Reason}
