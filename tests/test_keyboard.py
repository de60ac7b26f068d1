"""Keyboard alone: the menu and the setup open with their first button focused, Tab goes
forwards and Shift+Tab backwards, and each round's opening flips start with the cursor on
the player's own grid, so Enter flips a card at once. Also the window's name: its title
and its class (the name task bars show) are "Skyjo"."""

from __future__ import annotations

import os
import random
import sys

import pygame
import pytest
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import OPENING
from scenes.play import PlayScene
from skyjo.app import WINDOW_CLASS_VARIABLES, name_the_window


def focused(scene) -> str:
    assert scene.buttons.focus is not None, "no button has the focus"
    return scene.buttons.buttons[scene.buttons.focus].name


def open_menu(app):
    app.stack.push("menu")
    Pilot(app).advance()
    return app.stack.top


def open_setup(app):
    pilot = Pilot(app)
    menu = open_menu(app)
    pilot.press(pygame.K_RETURN)  # Enter on the focused first button: New game
    assert app.stack.top is not menu and pilot.scene == "setup"
    return app.stack.top


# ---------------------------------------------------------------- focus on open, Tab and Shift+Tab
def test_menu_opens_with_its_first_button_focused_and_drawn_with_the_ring(app):
    menu = open_menu(app)
    assert menu.name == "menu" and focused(menu) == "new"  # no saved game: New game comes first
    app.stack.draw(app.screen)
    # the focus ring is drawn, not only remembered: a bright line a gap away from the button's edge
    group = menu.buttons
    focused_rect = group.screen_rect(group.buttons[group.focus])
    other = group.screen_rect(next(b for i, b in enumerate(group.buttons) if i != group.focus))
    assert ring_pixels(app.screen, focused_rect) and not ring_pixels(app.screen, other)


def ring_pixels(screen, rect) -> int:
    """In how many columns above and below `rect` (up to 10 px out, not touching it) a pixel is
    the bright focus colour."""
    from game.ui.widgets import ACCENT

    def bright(x: int, y: int) -> bool:
        return all(abs(a - b) <= 40 for a, b in zip(screen.get_at((x, y))[:3], ACCENT, strict=False))

    sides = (range(rect.top - 10, rect.top - 1), range(rect.bottom + 1, rect.bottom + 10))
    return sum(1 for x in range(rect.left + 10, rect.right - 10, 4) for side in sides
               if any(bright(x, y) for y in side))


def test_setup_opens_with_start_focused(app):
    setup = open_setup(app)
    assert focused(setup) == "start"


def test_tab_then_shift_tab_returns_to_the_same_button(app, pilot):
    menu = open_menu(app)
    start = focused(menu)
    pilot.press(pygame.K_TAB)
    assert focused(menu) != start
    pilot.press(pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert focused(menu) == start
    pilot.press(pygame.K_TAB, pygame.KMOD_RSHIFT)  # backwards from the first wraps round to the last
    assert focused(menu) == "quit"
    pilot.press(pygame.K_TAB)  # and forwards from the last back to the first
    assert focused(menu) == start


def test_tab_with_only_num_lock_on_still_goes_forwards(app, pilot):
    menu = open_menu(app)
    pilot.press(pygame.K_TAB, pygame.KMOD_NUM)
    assert focused(menu) == "join"  # the button after New game


def test_shift_tab_on_setup_reaches_start_and_enter_starts_the_game(app, pilot):
    setup = open_setup(app)
    pilot.press(pygame.K_TAB)  # from Start (the last button) round to the first
    assert focused(setup) == "edition"
    pilot.press(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused(setup) == "start"
    pilot.press(pygame.K_RETURN)
    assert pilot.scene == "play"


def test_menu_enter_enter_starts_a_game(app, pilot):
    """Issue 40 item 2: the setup opens on Start, so New game then Start is Enter, Enter (the
    second Enter used to switch the edition without a word)."""
    setup = open_setup(app)
    assert focused(setup) == "start"
    pilot.press(pygame.K_RETURN)
    assert pilot.scene == "play" and setup.config.edition == "voyage"


def test_a_setup_change_keeps_the_focus_on_the_button_used(app, pilot):
    setup = open_setup(app)
    setup.buttons.focus = setup.buttons.buttons.index(setup.buttons.named("edition"))
    pilot.press(pygame.K_RETURN)  # the edition changes, the screen is rebuilt
    assert setup.config.edition == "classic"
    assert focused(setup) == "edition"


# ---------------------------------------------------------------- the table's cursor at the opening
ONE_HUMAN = (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"))


def start_game(app, seats=ONE_HUMAN, seed=5) -> PlayScene:
    config = MatchConfig("voyage", seats, seed=seed)
    app.stack.push("menu")
    return app.stack.push(PlayScene(app, config, config.new_game()))


def assert_cursor_on_a_face_down_card_of(play: PlayScene, seat: int) -> int:
    cursor = play.input.cursor
    assert cursor is not None and cursor.on_grid_of(seat), cursor
    assert not play.state.face_up[seat][cursor.index]
    return cursor.index


def test_the_opening_starts_with_the_cursor_on_your_grid_and_enter_flips_there(app, pilot):
    play = start_game(app)
    assert pilot.wait_until(lambda: play.acting_human() == 0)
    assert play.state.phase == OPENING
    index = assert_cursor_on_a_face_down_card_of(play, 0)
    pilot.press(pygame.K_RETURN)
    assert [i for i, up in enumerate(play.state.face_up[0]) if up] == [index]  # that card, no other
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RETURN)
    assert sum(play.state.face_up[0]) == 2


def test_the_cursor_is_not_pulled_back_once_the_player_moved_it(app, pilot):
    play = start_game(app)
    assert pilot.wait_until(lambda: play.acting_human() == 0)
    pilot.press(pygame.K_UP)  # from the grid's first row up to the piles
    moved = play.input.cursor
    assert moved is not None and not moved.is_cell
    for _ in range(5):
        pilot.advance()
    assert play.input.cursor == moved


def test_each_round_and_each_hot_seat_player_starts_on_their_own_grid(app, pilot):
    seats = (SeatConfig("Ann", HUMAN), SeatConfig("Ben", HUMAN))
    play = start_game(app, seats, seed=3)
    rng = random.Random(3)
    checked: set[tuple[int, int]] = set()
    for _ in range(20000):
        pilot.advance()
        top = app.stack.top
        if top.name == "handoff":
            top.press("ready")
        elif top.name == "round":
            top.press("continue")
        elif top is play and (seat := play.acting_human()) is not None:
            if play.state.phase == OPENING and (play.state.round, seat) not in checked:
                assert_cursor_on_a_face_down_card_of(play, seat)
                checked.add((play.state.round, seat))
                pilot.press(pygame.K_RETURN)  # Enter alone flips the first card
                assert sum(play.state.face_up[seat]) == 1
            else:
                pilot.click(rng.choice(sorted(play.legal_targets())))
        if play.state.round >= 2 and len(checked) == 4:
            break
    assert checked == {(1, 0), (1, 1), (2, 0), (2, 1)}


# ---------------------------------------------------------------- the window's name
def test_the_window_title_is_skyjo(app):
    assert pygame.display.get_caption()[0] == "Skyjo"


def test_the_window_class_is_set_before_the_display_starts(make_app, monkeypatch: pytest.MonkeyPatch):
    for variable in WINDOW_CLASS_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    seen: dict[str, str | None] = {}
    real_init = pygame.display.init

    def init() -> None:
        seen.update({variable: os.environ.get(variable) for variable in WINDOW_CLASS_VARIABLES})
        real_init()

    monkeypatch.setattr(pygame.display, "init", init)
    make_app()
    assert seen == {"SDL_VIDEO_X11_WMCLASS": "Skyjo", "SDL_VIDEO_WAYLAND_WMCLASS": "Skyjo"}


def test_pygames_automatic_class_is_replaced_but_the_players_is_kept(monkeypatch: pytest.MonkeyPatch):
    # importing pygame under X11 sets the class to the program's file name (__main__.py)
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", os.path.basename(sys.argv[0]))
    monkeypatch.setenv("SDL_VIDEO_WAYLAND_WMCLASS", "MySkyjo")
    name_the_window()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "Skyjo"
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "MySkyjo"
