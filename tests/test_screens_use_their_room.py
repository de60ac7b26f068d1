"""Screens that use the room they have: the round's scores spread over their panel at 8 seats,
the score sheet's names at one size, the hand-off screen without an empty band, the game-over
buttons' words at one size, and the viewer's plate's points line readable at 3 seats."""

from __future__ import annotations

import pytest
from helpers import journal_inks
from i18n_gallery import tables

from game.i18n import set_language
from game.ui.ink import BUTTON, TEXT


def open_app(make_app, size, language, scale):
    app = make_app(size=size)
    app.settings.language = language
    app.settings.ui_scale = scale
    app.apply_settings()
    set_language(language)
    return app


def frame_texts(app) -> dict[str, list]:
    """The words of the top scene (and of those showing beneath it) -> their inked rectangles."""
    scenes = list(app.stack.scenes)
    inks = journal_inks(app, scenes[-1:])
    found: dict[str, list] = {}
    for ink in inks:
        if ink.kind == TEXT:
            found.setdefault(ink.words, []).append(ink.rect)
    return found


def round_score_of_8(app):
    for name in tables(app, 8):
        if name.endswith("round_score"):
            return frame_texts(app)
    raise AssertionError("no round score screen in the gallery")


def test_the_round_scores_of_8_seats_spread_over_their_panel(make_app):
    """The Score column ends in the panel's last quarter, not bunched to the left with a third empty."""
    app = open_app(make_app, (1920, 1080), "en", 100)
    texts = round_score_of_8(app)
    score = texts["Score"][0]
    player = texts["Player"][0]
    panel_left, panel_right = 140, 1780  # logical = screen px at 1920x1080
    assert player.left < panel_left + 60
    assert score.right > panel_left + 0.75 * (panel_right - panel_left), score


@pytest.mark.parametrize(("size", "language", "scale"), [((1920, 1080), "en", 100), ((1280, 720), "fr", 150)])
def test_the_score_sheet_names_its_8_seats_at_one_size(make_app, size, language, scale):
    """A long name ("Anne-Charlotte") is not drawn smaller than the other names of the sheet's header
    (compared with "Sasha": capitals and ascenders, no accent or dot to ink higher)."""
    app = open_app(make_app, size, language, scale)
    texts = round_score_of_8(app)
    long_name = max(texts["Anne-Charlotte"], key=lambda rect: rect.top)  # the sheet's header, under the rows
    other = max(texts["Sasha"], key=lambda rect: rect.top)
    assert abs(long_name.bottom - other.bottom) <= 1  # (the same header line)
    assert long_name.h >= other.h, (long_name, other)


@pytest.mark.parametrize("moves", [0, 2])
def test_the_hand_off_button_comes_just_under_its_words(make_app, moves):
    """French, 150 % text, 1280x720: no empty band between the last words (the sentence, or the
    recap of 2 moves) and "I am ready" (the button sat at the bottom, a third of the screen below)."""
    from i18n_gallery import long_recap

    from game.match import Identity
    from scenes.handoff import HandoffScene

    app = open_app(make_app, (1280, 720), "fr", 150)
    app.stack.reset(HandoffScene(app, "Anne-Charlotte", lambda: None, long_recap(["Ann", "Bob"], moves),
                                 Identity("amber", "sun")))
    inks = journal_inks(app, [app.stack.top])
    button = next(ink.rect for ink in inks if ink.kind == BUTTON)
    words_above = [ink.rect for ink in inks if ink.kind == TEXT and ink.rect.bottom < button.top]
    assert len(words_above) == 2 + (1 + moves if moves else 0)  # the name, the sentence, the recap
    gap = button.top - max(rect.bottom for rect in words_above)
    assert 0 < gap <= 60, gap  # screen px (90 logical; it was 235 px)
    assert button.bottom < 720 * 0.75  # room left for the hints under it


@pytest.mark.parametrize(("size", "language", "scale"), [((1920, 1080), "en", 100), ((1280, 720), "fr", 150)])
def test_the_game_over_buttons_label_their_row_at_one_size(make_app, size, language, scale):
    """ "Revoir la manche passée" is not drawn smaller than "Analyser la partie" beside it (it shrank
    to fit a button as wide as the others); every label whole inside its button."""
    from i18n_gallery import game_overs

    app = open_app(make_app, size, language, scale)
    next(game_overs(app, 8))
    inks = journal_inks(app, [app.stack.top])
    buttons = {ink.words: ink.rect for ink in inks if ink.kind == BUTTON}
    labels = {ink.words: ink.rect for ink in inks if ink.kind == TEXT and ink.words in buttons}
    assert len(labels) == 5, sorted(labels)
    group = app.stack.top.buttons
    sizes = {button.name: group.label_px(button, button.label) for button in group.buttons}  # (as drawn)
    assert sizes["watch"] == max(sizes.values()), sizes
    for words, rect in labels.items():
        assert buttons[words].contains(rect), words


@pytest.mark.parametrize(("size", "language", "scale"), [((1920, 1080), "fr", 150), ((1280, 720), "fr", 150)])
def test_the_viewers_plate_at_3_seats_keeps_its_points_readable(make_app, size, language, scale):
    """The points line under "Ann" on the viewer's tall plate beside their grid is drawn at its
    size (the live score on a line of its own when both do not fit), not shrunk to fit one line
    ("0 point · 10 pts visibles · à jouer" was 10 px high at 1920x1080)."""
    app = open_app(make_app, size, language, scale)
    for name in tables(app, 3):
        if name == "table3_turn":
            break
    inks = [ink for ink in journal_inks(app, [app.stack.top]) if ink.kind == TEXT]
    name = next(ink.rect for ink in inks if ink.words == "Ann")
    turn = next(ink.rect for ink in inks if ink.words == "à jouer")  # (after the name: issue 48)
    assert abs(turn.centery - name.centery) < name.h / 2
    line = name.union(turn)
    under = [ink for ink in inks if line.bottom <= ink.rect.top < line.bottom + line.h * 3
             and abs(ink.rect.right - line.right) < line.h * 2]
    assert {ink.words for ink in under} == {"0 point · 10 pts visibles"}, [ink.words for ink in under]
    for ink in under:  # digits and a "p" reach from the cap line to below the base line
        assert ink.rect.h >= 0.7 * name.h, (ink, name)
