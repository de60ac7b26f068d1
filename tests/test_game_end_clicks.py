"""One click never skips the end of a game (issue 38 item 10).

The real app at 1280x720 plays the last turns of a game's final round, a human (Ann, who has
not yet had the last-turn tip) against computers, while the mouse is clicked at every moment:
a press in every frame, let go in the next (as a real click spans frames), through the tip,
the last turns, the reveal, the scoring and the final results. Ann's own turns are clicks on
the pile and her cards. Every screen drawn is recorded in order; the game must show the
table, then the round's scores, then the final results, and leave the scores only for a click
the player began while seeing them.

The causes found: the round's scores open by themselves in the frame the round ends, and the
release of a click pressed on the table a moment before pressed their "Final results" button,
so at instant animations the player saw the tip, then the winner; and a last-turn tip still up
when the round ended went unread under the scores, then showed again over the next deal."""

from __future__ import annotations

import random

import pygame
import pytest
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import CELLS, COLS, FINAL_TIE_CHOICES, GAME_OVER, OPENING, ROUND_OVER, TURN, GameState
from game.table import GameOver, RoundOver, TableEvents
from game.ui.guide import TOPICS
from game.ui.layout import Box
from game.ui.targets import DRAW_TARGET, Target
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.setup import COMPUTER_NAMES

CONTINUE = Box(1180, 960, 520, 90)  # where the round's scores put their "Final results" button (logical px)
SIZE = (1280, 720)  # the window the end was seen skipped in


def near_the_end(config: MatchConfig, ender: int) -> GameState:
    """The final round (a low end score), seeded random moves until nobody has ended the round
    yet, seat `ender` has one face-down card left and Ann (seat 0) is to choose: the round ends
    soon (Ann ends it with her move, or a computer does with theirs), and the game with it."""
    for attempt in range(100):  # (seeded: the same position every run)
        state, rng = config.new_game(), random.Random(attempt)
        while state.phase in (OPENING, TURN) and state.trigger is None:
            if state.phase == TURN and state.to_act == 0 and state.holding is None \
                    and face_down(state, ender) == 1 and (ender == 0 or face_down(state, 0) > 1):
                state.take_events()
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no seeded game came to such a position")


def face_down(state: GameState, seat: int) -> int:
    return sum(card is not None and not up for card, up in zip(state.cards[seat], state.face_up[seat], strict=True))


class ClickedEnd:
    """The app at the end of a game with the mouse clicked every frame; what it showed, in order."""

    def __init__(self, make_app, players: int, speed: float, aim: str, ender: int) -> None:
        self.app = make_app(size=SIZE, speed=speed)
        self.pilot = Pilot(self.app)
        seats = (SeatConfig("Ann", HUMAN),) + tuple(SeatConfig(name, COMPUTER, "easy")
                                                    for name in COMPUTER_NAMES[:players - 1])
        config = MatchConfig("classic", seats, end_score=10, final_tie=FINAL_TIE_CHOICES[0], seed=players)
        self.app.stack.push(MenuScene(self.app)).press("new")  # a new game from the menu: the guide explains
        self.play = self.app.stack.push(PlayScene(self.app, config, near_the_end(config, ender)))
        # Ann had the other tips earlier in this game (the last-turn tip did not come up in round 1)
        self.play.guide.seen["Ann"] = set(TOPICS) - {"last_turn"}
        self.aim = aim  # where the stray clicks land: on the tip, or where the scores' button will be
        self.screens: list[tuple[str, str | None]] = []  # each screen drawn (the top one, the tip on it), in order
        self.beats: list[str] = []  # what the table said, in order
        self.seen = ("play", None)  # the screen the player sees now: the last one drawn
        self.pressed: tuple[tuple[int, int], tuple[str, str | None]] | None = None  # where, and seeing what
        self.releasing: tuple[tuple[int, int], tuple[str, str | None]] | None = None  # the press let go this frame
        # what the player saw pressing the click that ended it
        self.game_over_from: tuple[str, str | None] | None = None
        self.play.table.subscribe(self._heard)
        self.pilot.advance()  # drawn once: the table knows where everything is on the screen

    def _heard(self, message: object) -> None:
        if isinstance(message, TableEvents) and message.action is not None:
            self.beats.append(f"{message.action.seat} {message.action.verb}")
        elif isinstance(message, RoundOver | GameOver):
            self.beats.append(type(message).__name__)
        if isinstance(message, GameOver) and self.releasing is not None:
            self.game_over_from = self.releasing[1]

    def _at(self, box: Box) -> tuple[int, int]:
        """A place on the table (as last drawn) on the screen."""
        return self.play.view.viewport.rect(box).center

    def _aim(self) -> tuple[int, int]:
        """Where the next press goes: Ann's move when she is to act, the scores' button once
        they are seen, else the stray spot."""
        play, top = self.play, self.app.stack.top
        if top is play and play.acting_human() == 0 and play.guide.current is None:
            state = play.state
            if state.holding is None:
                return self._at(play.view.target_box(DRAW_TARGET))
            # her last face-down card when she has one left (she ends the round), else a face-up one
            cells = [i for i in range(CELLS) if state.cards[0][i] is not None]
            hidden = [i for i in cells if not state.face_up[0][i]]
            cell = hidden[0] if len(hidden) == 1 else next(i for i in cells if state.face_up[0][i])
            return self._at(play.view.target_box(Target.cell(0, cell % COLS, cell // COLS)))
        if self.seen[0] == "round" or self.aim == "continue":
            return top.viewport.rect(CONTINUE).center  # (the screens share one logical 1920x1080 frame)
        return self._at(play.view.layout.tip)

    def frame(self) -> None:
        """Let go of the last press and press again (on the scores: press, then let go in the
        next frame), draw a frame and note what it showed. (The press and its release go in
        separate frames, which the Pilot's clicks never do: the events are posted here.)"""
        self.releasing, self.pressed = self.pressed, None
        if self.releasing is not None:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.releasing[0], button=1))
        if self.seen[0] == "play" or (self.seen[0] == "round" and self.releasing is None):
            spot = self._aim()
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
            self.pressed = (spot, self.seen)
        drawn = self.app.frames_drawn
        self.pilot.advance()
        if self.app.frames_drawn > drawn:
            top = self.app.stack.top
            self.seen = (top.name, self.play.guide.current if top is self.play else None)
            if not self.screens or self.screens[-1] != self.seen:
                self.screens.append(self.seen)

    def to_the_end(self, frames: int = 6000) -> None:
        for _ in range(frames):
            self.frame()
            if self.seen[0] == "gameover":
                self.frame()  # (a press made as the results opened is let go on them)
                return
        raise AssertionError(f"the game did not end: {self.screens[-5:]}, {self.beats[-5:]}")


@pytest.mark.parametrize("speed", [0.0, 1.0], ids=["instant", "normal"])
@pytest.mark.parametrize("aim", ["tip", "continue"])
@pytest.mark.parametrize("ender", [0, 1], ids=["Ann-ends-the-round", "a-computer-ends-it"])
@pytest.mark.parametrize("players", [2, 6])
def test_clicks_at_every_moment_show_the_last_turns_the_scores_and_the_results(make_app, players, ender, aim,
                                                                              speed) -> None:
    end = ClickedEnd(make_app, players, speed, aim, ender)
    end.to_the_end()
    names = [name for name, _tip in end.screens]
    assert ("play", "last_turn") in end.screens  # the tip was shown (and clicked away)
    # the last turns were played on the table: every seat had its turn after the round's end began
    last = end.beats[end.beats.index("RoundOver") - 2 * players:end.beats.index("RoundOver")]
    assert {int(beat.split()[0]) for beat in last} == set(range(players)), end.beats[-3 * players:]
    assert end.beats[-2:] == ["RoundOver", "GameOver"]
    # each screen in order: the table, the round's scores, the final results; none skipped
    assert [name for i, name in enumerate(names) if i == 0 or names[i - 1] != name] == ["play", "round", "gameover"]
    # the scores were left by a click the player began while seeing them, not one begun on the table
    assert end.game_over_from == ("round", None), end.screens


def test_the_scores_wait_for_the_last_turn_tip_which_never_comes_back_over_the_next_deal(make_app) -> None:
    app = make_app(size=SIZE, speed=1.0)
    pilot = Pilot(app)
    seats = (SeatConfig("Ann", HUMAN),) + tuple(SeatConfig(name, COMPUTER, "easy") for name in COMPUTER_NAMES[:2])
    config = MatchConfig("classic", seats, seed=3)  # 100 ends the game: it goes on after this round
    app.stack.push(MenuScene(app)).press("new")
    play = app.stack.push(PlayScene(app, config, near_the_end(config, 0)))
    play.guide.seen["Ann"] = set(TOPICS) - {"last_turn"}
    pilot.advance()
    hidden = next(i for i in range(CELLS) if play.state.cards[0][i] is not None and not play.state.face_up[0][i])
    pilot.click(DRAW_TARGET)
    assert pilot.wait_until(lambda: play.acting_human() == 0)
    pilot.click(Target.cell(0, hidden % COLS, hidden // COLS))
    assert play.state.trigger == 0  # Ann turned her last card: the others play one last turn
    assert pilot.wait_until(lambda: play.state.phase in (ROUND_OVER, GAME_OVER) and not play.anim.busy)
    pilot.advance(120)  # the player reads on (nobody clicks): the round's end waits beneath the tip
    assert app.stack.top is play and play.guide.current == "last_turn"
    pilot.click_at(play.view.viewport.rect(play.view.layout.tip).center, anywhere=True)  # read: the scores open
    assert pilot.wait_until(lambda: pilot.scene == "round", 30)
    assert play.guide.current is None
    app.stack.top.press("continue")  # the next round is dealt: its table carries no tip of the last one
    assert pilot.wait_until(lambda: play.state.phase == OPENING and not play.anim.busy)
    pilot.advance(5)
    assert play.guide.current != "last_turn"
