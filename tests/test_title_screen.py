"""The title screen (issue 40, item 3): a logo drawn by the game (the letters of SKYJO on cards of
the deck's five colour bands, over a sky), the deck's cards rising behind the menu when it opens
and then resting (still at once with reduced motion; a click or a key sets them down and still
does its work), Continue first when a game is saved, and the version in a corner. The cost of
the rise is measured by `python -m game bench idle`, not asserted here: these tests count frames."""

from __future__ import annotations

import pygame
import pytest
from helpers import journal_inks
from pilot import Pilot

from game import version
from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.ui.card_paint import _STANDARD_FILL
from game.ui.layout import Box
from game.ui.title import CARD_H, CARD_W, LETTER_VALUES, LOGO_H, LOGO_W
from scenes.menu import LOGO_Y

RISE_FRAMES = 600  # 10 s at 60 frames a second: far more than the rise takes at normal speed (about 3.3 s)
# The rise watched frame by frame: counted in frames and compared in pixels, which any window
# size shows; a small one has a quarter of full HD's pixels to fill in each of its hundreds of frames
SMALL = (960, 540)


def open_menu(make_app, size=(1920, 1080), speed=1.0, reduced=False, saved=False):
    app = make_app(size=size, speed=speed)
    app.settings.reduced_motion = reduced
    if saved:
        config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy")), seed=2)
        app.store.saves.save(config, config.new_game())
    menu = app.stack.push("menu")
    Pilot(app).advance()
    return app, menu


def pixels(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def test_the_title_letters_stand_on_cards_of_the_five_colour_bands(make_app):
    app, menu = open_menu(make_app, speed=0.0)
    vp = menu.viewport
    area = vp.rect(Box(960 - LOGO_W / 2, LOGO_Y - LOGO_H / 2, LOGO_W, LOGO_H))
    seen = [app.screen.get_at((x, y))[:3]
            for x in range(area.left, area.right, 3) for y in range(area.top, area.bottom, 3)]
    for value in LETTER_VALUES:
        fill = _STANDARD_FILL[value]
        assert any(all(abs(a - b) <= 16 for a, b in zip(colour, fill, strict=True)) for colour in seen), (
            f"no card of the colour of {value} in the logo")
    # the name is art, not a line of text laid over the page
    assert not any(ink.words == "SKYJO" for ink in journal_inks(app, [menu]))


def test_the_menu_shows_the_version_in_its_bottom_right_corner(make_app):
    app, menu = open_menu(make_app, size=(1280, 720), speed=0.0)
    inks = [ink for ink in journal_inks(app, [menu]) if version() in ink.words]
    assert len(inks) == 1, "the version is written once on the menu"
    rect = inks[0].rect
    assert rect.left > 1280 * 0.75 and rect.top > 720 * 0.9 and rect.right <= 1280 and rect.bottom <= 720


def test_the_cards_rise_behind_the_menu_when_it_opens_and_then_the_menu_is_still(make_app):
    app, _menu = open_menu(make_app, size=SMALL)
    pilot = Pilot(app)
    assert app.stack.wants_frames(), "the cards rise: the menu draws frames"
    pilot.advance()
    early = pixels(app)
    for _ in range(20):
        pilot.advance()
    assert pixels(app) != early, "something moved on the title screen"
    assert pilot.wait_until(lambda: not app.stack.wants_frames(), RISE_FRAMES), "the cards never came to rest"
    settled = pixels(app)
    pilot.advance()
    assert pixels(app) == settled
    # once arrived, an idle tick draws nothing: the app sleeps on the title screen (App.frame's own
    # answer is what is tested, so it is called directly)
    assert not app.frame(1 / 60, draw=False)


def test_with_reduced_motion_the_cards_are_in_place_from_the_first_frame(make_app):
    app, menu = open_menu(make_app, size=SMALL, reduced=True)
    pilot = Pilot(app)
    assert not app.stack.wants_frames()
    still = pixels(app)
    # the same picture as the one a normal opening comes to rest on
    app.settings.reduced_motion = False
    app.stack.reset("menu")
    pilot.advance()
    assert app.stack.wants_frames()
    assert pilot.wait_until(lambda: not app.stack.wants_frames(), RISE_FRAMES)
    assert pixels(app) == still
    # and cards are there: the middle of each resting card is not the bare cloth
    cloth = app.screen.get_at(menu.viewport.point(960, 1040))[:3]
    for card in menu.cards.cards:
        assert app.screen.get_at(menu.viewport.point(card.x, card.y))[:3] != cloth


@pytest.mark.parametrize("speed", [0.6, 2.5])
def test_the_rise_follows_the_animation_speed(make_app, speed):
    """Slow plays it longer, fast shorter (counted in frames, never timed)."""
    app, _menu = open_menu(make_app, size=SMALL)
    pilot = Pilot(app)

    def rise() -> int:
        frames = 0
        while app.stack.wants_frames() and frames < RISE_FRAMES:
            pilot.advance()
            frames += 1
        return frames

    normal_frames = rise()
    app.speed_override = speed
    app.stack.reset("menu")
    pilot.advance()
    frames = rise()
    assert 0 < normal_frames < RISE_FRAMES and 0 < frames < RISE_FRAMES
    assert (frames > normal_frames) if speed < 1 else (frames < normal_frames)


def test_a_click_while_the_cards_rise_sets_them_down_and_presses_the_button(make_app):
    app, menu = open_menu(make_app)
    pilot = Pilot(app)
    assert menu.cards.moving
    pilot.click("New game")
    assert pilot.scene == "setup"
    assert not menu.cards.moving and all(card.at_rest for card in menu.cards.cards)


def test_a_key_while_the_cards_rise_sets_them_down_and_moves_the_focus(make_app):
    app, menu = open_menu(make_app)
    pilot = Pilot(app)
    pilot.press(pygame.K_TAB)
    assert not app.stack.wants_frames()
    assert menu.buttons.buttons[menu.buttons.focus].name == "join"


def test_back_from_another_screen_the_cards_stay_where_they_rest(make_app):
    app, menu = open_menu(make_app, speed=0.0)
    pilot = Pilot(app)
    app.speed_override = 1.0
    assert menu.press("settings")
    pilot.advance()
    app.stack.pop()
    pilot.advance()
    assert not app.stack.wants_frames()


def test_with_a_saved_game_continue_is_the_first_button_and_has_the_focus(make_app):
    _app, menu = open_menu(make_app, speed=0.0, saved=True)
    first = menu.buttons.buttons[0]
    assert first.name == "continue" and menu.buttons.focus == 0
    assert all(first.box.y < button.box.y for button in menu.buttons.buttons[1:])


@pytest.mark.parametrize("saved", [False, True])
@pytest.mark.parametrize("scale", [100, 150])
def test_the_resting_cards_keep_clear_of_the_logo_and_every_button(make_app, saved, scale):
    app = make_app(size=(1280, 720))
    app.settings.ui_scale = scale
    app.apply_settings()
    if saved:
        config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy")), seed=2)
        app.store.saves.save(config, config.new_game())
    menu = app.stack.push("menu")
    Pilot(app).advance()
    logo = Box(960 - LOGO_W / 2, LOGO_Y - LOGO_H / 2, LOGO_W, LOGO_H)
    for card in menu.cards.cards:
        reach = (CARD_W ** 2 + CARD_H ** 2) ** 0.5  # tilted, a card stays within its diagonal
        spot = pygame.Rect(round(card.x - reach / 2), round(card.y - reach / 2), round(reach), round(reach))
        assert 0 <= card.x - CARD_W / 2 and card.x + CARD_W / 2 <= 1920 and card.y + CARD_H / 2 <= 1000
        for box in [logo] + [button.box for button in menu.buttons.buttons]:
            assert not spot.colliderect(pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h))), (
                card.value, box)


def test_the_menu_s_first_frame_paints_no_card_while_every_card_waits_below_the_window(make_app, monkeypatch):
    """Issue 47: the first frame is the start-up's; the cards below the window are painted as they rise into
    view, each once, and the rise ends on the same picture."""
    from game.ui import title

    painted = []
    real = title._card_with_shadow
    monkeypatch.setattr(title, "_card_with_shadow", lambda value, *rest: painted.append(value) or real(value, *rest))
    app, menu = open_menu(make_app, size=SMALL)
    assert menu.cards.moving and painted == [], "no card is in view on the first frame: none is painted"
    assert Pilot(app).wait_until(lambda: not app.stack.wants_frames(), RISE_FRAMES)
    assert sorted(map(str, painted)) == sorted(str(card.value) for card in menu.cards.cards)
    cloth = app.screen.get_at(menu.viewport.point(960, 1040))[:3]
    for card in menu.cards.cards:
        assert app.screen.get_at(menu.viewport.point(card.x, card.y))[:3] != cloth


@pytest.mark.parametrize("size", [SMALL, (1920, 1080)])
def test_a_card_s_reach_holds_its_whole_picture_at_any_tilt(make_app, size):
    """The reach that decides whether a card can show holds its tilted picture and shadow (else a card
    rising into view would appear late, cut at the window's edge)."""
    from game.ui.title import REACH

    app, menu = open_menu(make_app, size=size, speed=0.0)
    for card in menu.cards.cards:
        for angle in (card.angle, 45.0, 45.0 + menu.cards.cards.index(card)):
            card.angle = angle
            image = menu.cards._image(card, menu.viewport.scale, app.art)
            assert max(image.get_width(), image.get_height()) / 2 <= REACH * menu.viewport.scale


def test_the_logo_turns_each_letter_card_once_its_shadow_taken_from_it(make_app, monkeypatch):
    """Issue 47: the logo is part of the first frame; its shadows are the turned cards in translucent
    black (the same outline), not five more turned shapes."""
    from game.ui import title

    turned = []
    real = pygame.transform.rotozoom
    monkeypatch.setattr(title.pygame.transform, "rotozoom", lambda *args: turned.append(args[1]) or real(*args))
    app = make_app(size=SMALL)
    title._LOGOS.clear()
    title.logo(0.5, app.text)
    assert len(turned) == len(title.LETTERS)
