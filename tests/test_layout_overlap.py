"""Nothing drawn on top of anything else: every screen and overlay of the app (tests/i18n_gallery.py),
in every language the game offers, at 100/125/150 % text, at 1280x720 and 1920x1080, and the table of 2, 3,
4 and 8 players, drawn once with the ink journal on (game/ui/ink.py). A failure names the screen,
the case and the two things that collide: two texts, a text and a card, a text out of its box,
a button on a button, anything out of the window."""

from __future__ import annotations

import itertools

import pygame
import pytest
from helpers import journal_inks
from i18n_gallery import game_overs, screens, tables

from game.i18n import available_languages
from game.ui.ink import AVATAR, BUTTON, CARD, JOURNAL, PANEL, TEXT, Ink, collisions

SIZES = [(1280, 720), (1920, 1080)]
SCALES = [100, 125, 150]
LANGUAGES = [code for code, _name in available_languages()]
HARDEST = ((1280, 720), "fr", 150)  # the longest words in the smallest window: checked in the fast suite too


def cases() -> list:
    """Every (size, language, scale); all but the hardest are slow (about 2 s each)."""
    return [pytest.param(size, language, scale, id=f"{size[0]}x{size[1]}-{language}-{scale}",
                         marks=() if (size, language, scale) == HARDEST else pytest.mark.slow)
            for size, language, scale in itertools.product(SIZES, LANGUAGES, SCALES)]


def draw_with_journal(app) -> list:
    """The inks of one frame of the screen as it stands; each scene drawn is a layer of its own."""
    scenes = list(app.stack.scenes)
    start = len(scenes) - 1
    while start > 0 and scenes[start].overlay:  # as the stack draws: the top and what shows beneath
        start -= 1
    return journal_inks(app, scenes[start:])


def faults_of(app, gallery) -> list[str]:
    found = []
    for name in gallery:
        inks = draw_with_journal(app)
        assert any(ink.kind == "text" for ink in inks), f"{name}: no text recorded (is the journal hooked?)"
        found += [f"{name}: {fault}" for fault in collisions(inks, app.screen.get_rect())]
    return found


def open_app(make_app, size, language, scale):
    app = make_app(size=size)
    app.settings.language = language
    app.settings.ui_scale = scale
    app.apply_settings()
    return app


@pytest.mark.parametrize(("size", "language", "scale"), cases())
def test_no_screen_draws_text_on_text_or_cards(make_app, size, language, scale):
    app = open_app(make_app, size, language, scale)
    found = faults_of(app, screens(app))
    assert not found, f"{language} {scale}% {size[0]}x{size[1]}:\n" + "\n".join(found)


@pytest.mark.parametrize(("size", "language", "scale"), cases())
def test_no_table_of_2_3_4_or_8_draws_text_on_text_or_cards(make_app, size, language, scale):
    app = open_app(make_app, size, language, scale)
    found = faults_of(app, itertools.chain(*(tables(app, players) for players in (2, 3, 4, 8))))
    assert not found, f"{language} {scale}% {size[0]}x{size[1]}:\n" + "\n".join(found)


@pytest.mark.parametrize(("size", "language", "scale"), cases())
def test_no_game_end_or_score_sheet_of_2_3_4_or_8_draws_text_on_text(make_app, size, language, scale):
    """The game-over screen and the score sheet with their score charts (the chart's panel is
    recorded: nothing else may lie on it, and its words must stay inside it)."""
    app = open_app(make_app, size, language, scale)
    found = faults_of(app, itertools.chain(*(game_overs(app, players) for players in (2, 3, 4, 8))))
    assert not found, f"{language} {scale}% {size[0]}x{size[1]}:\n" + "\n".join(found)


def test_the_check_names_what_collides():
    """The check itself, on inks laid out by hand: each kind of fault is caught and named, and
    things of different layers (an overlay over the veiled table) are not compared."""
    window = pygame.Rect(0, 0, 1280, 720)
    card = Ink(CARD, pygame.Rect(100, 100, 60, 84), layer="table")
    button = Ink(BUTTON, pygame.Rect(400, 400, 200, 60), "Deal round 2", layer="round")
    inks = [card, button,
            Ink(TEXT, pygame.Rect(120, 150, 80, 20), "covering", layer="table"),
            Ink(TEXT, pygame.Rect(120, 150, 80, 20), "beneath the veil", layer="round"),
            Ink(TEXT, pygame.Rect(440, 410, 100, 30), "Deal round 2", button.rect, layer="round"),
            Ink(TEXT, pygame.Rect(300, 300, 100, 20), "first", layer="round"),
            Ink(TEXT, pygame.Rect(390, 305, 100, 20), "second", layer="round"),
            Ink(TEXT, pygame.Rect(700, 100, 100, 20), "spills", pygame.Rect(700, 100, 60, 40), layer="round"),
            Ink(TEXT, pygame.Rect(1250, 10, 60, 20), "off screen", layer="round"),
            Ink(BUTTON, pygame.Rect(590, 440, 120, 40), "Scores (S)", layer="table"),
            Ink(PANEL, pygame.Rect(800, 600, 300, 40), "prompt", layer="table"),
            Ink(TEXT, pygame.Rect(810, 610, 100, 20), "prompt", pygame.Rect(800, 600, 300, 40), layer="table"),
            Ink(TEXT, pygame.Rect(1000, 630, 60, 30), "a label", layer="table")]
    faults = collisions(inks, window)
    assert any("'covering'" in f and "card" in f for f in faults), faults
    assert any("'first'" in f and "'second'" in f for f in faults), faults
    assert any("'spills'" in f and "its box" in f for f in faults), faults
    assert any("'off screen'" in f and "window" in f for f in faults), faults
    assert any("'Deal round 2'" in f and "'Scores (S)'" in f for f in faults), faults
    assert not any("beneath the veil" in f for f in faults), faults
    assert not any("'Deal round 2' (440" in f for f in faults), faults  # a button's own label
    assert any("'a label'" in f and "panel 'prompt'" in f for f in faults), faults
    assert len(faults) == 6, faults


def test_the_journal_records_a_frame_and_only_while_on(app, pilot):
    """Hooked where the app draws: a table frame gives its texts (inked pixels inside the window),
    its cards and the Scores button; off, drawing records nothing."""
    names = iter(screens(app))
    while next(names) != "table_turn":
        pass
    inks = draw_with_journal(app)
    kinds = {ink.kind for ink in inks}
    assert kinds == {TEXT, CARD, BUTTON, PANEL, AVATAR}, kinds  # (the prompt's panel, the plates' avatars)
    assert sum(ink.kind == CARD for ink in inks) >= 3 * 2 + 1  # two cards up per grid, the discard
    view = app.stack.top.view
    prompt = next(ink for ink in inks if ink.kind == TEXT and ink.words == view.marks.prompt)
    assert 0 < prompt.rect.h < view.viewport.rect(view.layout.prompt).h  # the inked pixels, not the font's box
    assert prompt.box == next(ink.rect for ink in inks if ink.kind == PANEL and ink.words == view.marks.prompt)
    pilot.advance()
    assert JOURNAL.inks == [] and not JOURNAL.on
