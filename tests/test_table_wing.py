"""The table screen's wing (issue 47): its input reads a small screen and returns what to do,
a notice is a hint because the hint said it, and the animations see through eyes they are
given (the view's, or the round replay's own)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from game.rules import FLIP, HIDDEN, Action, GameState, PublicView, SeatView, seat_view
from game.rules import events as ev
from game.ui.board import Board
from game.ui.card_art import CardArt
from game.ui.card_sprite import CardSprite
from game.ui.layout import Viewport, fit, load_layout
from game.ui.table_anim import Animator, Onlooker
from game.ui.table_steps import EventSteps
from game.ui.table_view import TableView
from game.ui.targets import DRAW_TARGET, Target
from game.ui.text import TextCache
from scenes.table_input import Command, Play, Say, TableInput
from scenes.table_notice import NoticeLine

pytestmark = pytest.mark.usefixtures("small_display")

CENTRE = (640, 360)  # a point on the felt, away from the Scores button


@dataclass
class SeatedTable:
    to_act: int | None = 0
    can_take_back: bool = False

    def acting_human(self) -> int | None:
        return self.to_act


@dataclass
class Screen:
    """Only what the input may read of the table screen (scenes/table_input.py's InputScreen)."""

    state: GameState
    table: SeatedTable = field(default_factory=SeatedTable)
    busy: bool = False
    moves: int = 0
    viewer: int | None = 0
    viewport: Viewport = field(default_factory=lambda: fit(load_layout(2), 1280, 720))

    def acting_human(self) -> int | None:
        return None if self.busy else self.table.acting_human()

    def view_of(self, seat: int | None) -> SeatView | PublicView:
        assert seat is not None
        return seat_view(self.state, seat)

    def position(self) -> SeatView | PublicView:
        seat = self.acting_human()
        return self.view_of(self.viewer if seat is None else seat)


def opening(pointed: Target | None = None) -> tuple[Screen, TableInput]:
    screen = Screen(GameState.new_game("voyage", 2, seed=3))
    return screen, TableInput(screen, lambda pos: pointed)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def click(pos: tuple[int, int] = CENTRE) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)


def test_the_input_returns_what_a_key_or_a_click_asks_and_does_none_of_it() -> None:
    screen, table_input = opening(pointed=Target.cell(0, 1, 2))
    assert table_input.read(click()) == (Play(Action(0, FLIP, 1, 2)),)
    assert table_input.read(key(pygame.K_ESCAPE)) == (Command.PAUSE,)
    assert table_input.read(key(pygame.K_h)) == (Command.HINT,)
    assert table_input.read(key(pygame.K_TAB)) == (Command.SCORES,)
    assert table_input.read(key(pygame.K_BACKSPACE)) == (Command.TAKE_BACK,)
    assert table_input.read(key(pygame.K_UP)) == () and table_input.cursor == DRAW_TARGET  # kept by the input
    assert table_input.read(key(pygame.K_q)) is None  # not the table's key
    assert screen.moves == 0 and not screen.busy  # (the screen is only read)


def test_a_card_that_cannot_be_chosen_is_said_not_played() -> None:
    _screen, table_input = opening(pointed=Target.cell(1, 0, 0))  # the opponent's card
    assert table_input.read(click()) == ()  # not the acting seat's grid: nothing to say
    table_input.pointer = lambda pos: DRAW_TARGET  # drawing during the opening flips
    assert table_input.read(click()) == ()
    screen, table_input = opening(pointed=Target.cell(0, 0, 0))
    screen.state.apply(Action(0, FLIP, 0, 0))
    assert table_input.read(click()) == (Say("That card cannot be chosen now."),)  # flipped already


def test_a_click_while_an_animation_plays_asks_for_a_skip_and_is_played_once_the_board_caught_up() -> None:
    screen, table_input = opening(pointed=Target.cell(0, 3, 0))
    screen.busy = True
    assert table_input.read(click()) == (Command.SKIP,)
    screen.busy = False
    assert table_input.play_pending() == (Play(Action(0, FLIP, 3, 0)),)
    assert table_input.play_pending() == ()  # once
    screen.busy = True
    table_input.read(click())
    screen.busy, screen.moves = False, 1  # a move was announced in between: the click is stale
    assert table_input.play_pending() == ()


def test_a_notice_is_a_hint_because_the_hint_said_it_not_because_of_its_words() -> None:
    state = GameState.new_game("voyage", 2, seed=3)
    notice = NoticeLine(Board.from_view(seat_view(state, 0)))
    notice.say("Hints are for your own turn.", hint=True)
    assert notice.hinting
    notice.say("Hints are for your own turn.")  # the same words, said by another part
    assert not notice.hinting and notice.line == "Hints are for your own turn."
    notice.say("Hint: draw", hint=True)
    notice.clear()
    assert not notice.hinting
    notice.say("", hint=True)  # an empty line shows nothing: it takes the corner from nobody
    assert not notice.hinting


def drawn_by_seat_1(eyes: Onlooker | None, view_viewer: int | None) -> tuple[Board, Animator, TableView]:
    state = GameState.new_game("voyage", 2, seed=3)
    view = TableView(2, ["Ann", "Bob"], CardArt("standard"), TextCache())
    board = Board.from_view(seat_view(state, 0))
    anim = Animator(board, view, 0.0, eyes=eyes)
    view.viewer = view_viewer  # (after the animator is made: it reads the eyes as it plays)
    anim.add_events([ev.CardDrawn(seat=1, value=7)])
    anim.update(0.0)
    return board, anim, view


def test_the_animations_see_through_the_views_eyes() -> None:
    board, anim, _view = drawn_by_seat_1(None, view_viewer=1)  # the table turned to seat 1 (a hand-off)
    assert anim.viewer == 1 and board.holding == 7  # the drawer sees their card
    board, anim, _view = drawn_by_seat_1(None, view_viewer=0)
    assert anim.viewer == 0 and board.holding == HIDDEN


def test_the_replays_eyes_are_its_own_and_leave_the_views_seat() -> None:
    board, anim, view = drawn_by_seat_1(Onlooker(1), view_viewer=0)
    assert board.holding == 7 and view.viewer == 0 and anim.viewer == 1


STEPS = Path(__file__).resolve().parents[1] / "game" / "ui" / "table_steps.py"
# the Animator's own state: its sprites, its tweener, the seats' cues and the banner a step shows
ANIMATORS = {"sprites", "tweener", "held_cues", "cue_time", "cues", "banner"}


def test_the_steps_name_none_of_the_animators_state() -> None:
    named = {node.attr for node in ast.walk(ast.parse(STEPS.read_bytes())) if isinstance(node, ast.Attribute)}
    assert named & ANIMATORS == set(), "a step returns what it puts on the table (Staging): the Animator sets it"


@dataclass
class Stage:
    """A stage that records what a step asks of it."""

    viewer: int | None = 0
    moved: list[CardSprite] = field(default_factory=list)

    def motion(self, sprite: CardSprite, *args: object, **ends: object) -> None:
        self.moved.append(sprite)

    def arc(self, sprite: CardSprite, *args: object) -> None:
        self.moved.append(sprite)

    def light(self, sprite: CardSprite, *args: object, **ends: object) -> None:
        self.moved.append(sprite)

    def later(self, seconds: float, then: Callable[[], None]) -> None:
        raise AssertionError("not asked for by these steps")

    def enter(self, sprite: CardSprite) -> None:
        raise AssertionError("not asked for by these steps")

    def leave(self, sprite: CardSprite) -> None:
        raise AssertionError("not asked for by these steps")


def test_a_step_returns_its_banner_its_cue_and_its_cards_and_writes_none_of_them() -> None:
    state = GameState.new_game("voyage", 2, seed=3)
    view = TableView(2, ["Ann", "Bob"], CardArt("standard"), TextCache())
    view.viewer = 0
    board = Board.from_view(seat_view(state, 0))
    board.banner = "A notice"
    steps = EventSteps(board, view)
    stage = Stage()
    last_turn = steps.for_event(ev.EndTriggered(seat=1))
    assert last_turn is not None
    staging = last_turn.begin(stage)
    assert staging.banner and "Bob" in staging.banner and staging.wait > 0 and board.banner == "A notice"
    drawn = steps.for_event(ev.CardDrawn(seat=1, value=None))  # another seat's card: its cue waits
    assert drawn is not None
    staging = drawn.begin(stage)
    assert staging.hold_cue == (1, "Bob drew a card") and staging.sprites == (stage.moved[0],)
    assert staging.banner is None and board.banner == "A notice" and not board.cues


LINK_WORDS = {"hosting", "away_seats", "stand_in", "offline", "broken", "receive", "wake_with"}


def test_a_table_run_here_speaks_none_of_the_networks_words_its_link_does() -> None:
    from game.match import MatchConfig
    from game.net.client import RemoteTable
    from game.table import ALONE, Table, TableController, TableLink

    assert LINK_WORDS <= set(vars(TableLink)) and not LINK_WORDS & set(vars(Table))
    for kind in (TableController, RemoteTable):
        assert not LINK_WORDS & set(vars(kind)), kind
    config = MatchConfig()
    table = TableController(config, config.new_game())
    link = table.link
    assert link is ALONE and not link.hosting and not link.offline and link.broken is None and not link.away_seats
    link.stand_in = True  # nobody to stand in for
    assert not link.stand_in
