"""The review's step screen (issue 33): a judged decision on the table as the reviewed seat saw
it, the move played and Expert's best move both marked, playing on and coming back."""

from __future__ import annotations

import functools

import msgspec
import pygame
import pytest
from pilot import Pilot

from game.ai import make_bot
from game.ai.review import Decision, decisions, judge
from game.rules import GameState, Options, seat_view
from game.ui.board import Board
from game.ui.move_marks import EXPERT_COLOR, YOU_COLOR, MoveMark
from game.ui.review_words import ordinal, why_line
from game.ui.targets import DISCARD_TARGET, DRAW_TARGET, Target
from game.wire.review import Judged
from scenes.menu import MenuScene
from scenes.names import REVIEW_STEP
from scenes.review_step import ReviewStepScene

SEAT = 0
NAMES = ["Ann", "Robin", "Sasha"]


@functools.cache
def game() -> tuple[dict, list[Decision]]:
    """One round of Voyage by computers, and seat 0's decisions in it."""
    bots = [make_bot(level, 50 + k) for k, level in enumerate(["normal", "hard", "hard"])]
    state = GameState.new_game("voyage", 3, seed=5, options=Options(100))
    while state.phase in ("opening", "turn"):
        state.apply(bots[state.to_act].decide(seat_view(state, state.to_act)))
    record = state.record()
    return record, decisions(record, SEAT)


def decision(step: str) -> Decision:
    """A decision of the middle of the round: choosing a pile, or placing the card in hand."""
    found = [d for d in game()[1] if (d.view.holding is None) == (step == "pile") and d.turn >= 3]
    return found[0]


def judged(step: str, played: list | None = None, best: list | None = None) -> Judged:
    """The decision judged by Expert (few worlds: fast), its moves replaced where given."""
    made = judge(decision(step), seed=1, samples=4)
    return msgspec.structs.replace(made, played=played or made.played, best=best or made.best)


def opened(app, judgement: Judged) -> ReviewStepScene:
    app.stack.reset(MenuScene(app))
    scene = app.stack.push(REVIEW_STEP, game()[0], NAMES, SEAT, judgement)
    Pilot(app).advance()
    return scene


def ink(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int]) -> int:
    """How many pixels of `rect` (clipped to the window) are `color`, give or take a little."""
    area = surface.subsurface(rect.clip(surface.get_rect()))
    mask = pygame.mask.from_threshold(area, (*color, 255), (8, 8, 8, 255))
    return mask.count()


def ring_ink(surface: pygame.Surface, mark: MoveMark) -> int:
    """The mark's colour along its ring's line (the card inside is left out)."""
    inner = mark.ring.inflate(-2 * mark.width, -2 * mark.width)
    return ink(surface, mark.ring, mark.color) - ink(surface, inner, mark.color)


def test_it_opens_on_the_table_as_the_seat_saw_it_before_the_decision(app) -> None:
    for step in ("pile", "place"):
        seen = decision(step)
        scene = opened(app, judged(step))
        assert scene.step == seen.action and scene.at_decision
        assert scene.board == Board.from_view(seen.view)
        assert scene.board.grids[SEAT].count("?") == seen.view.grids[SEAT].count("?") > 0  # face down stays so
        assert scene.view.viewer == SEAT  # the reviewed seat's grid at the bottom
        if step == "place":
            assert scene.board.holding == seen.view.holding is not None and scene.board.holder == SEAT
        else:
            assert scene.board.holding is None


def test_a_pile_decision_marks_the_draw_pile_and_the_discard_pile(app) -> None:
    scene = opened(app, judged("pile", played=[SEAT, "draw"], best=[SEAT, "take"]))
    you, expert = scene.marks()
    view = scene.view
    assert you.target == DRAW_TARGET and expert.target == DISCARD_TARGET
    assert you.ring.contains(view.viewport.rect(view.layout.draw_pile))
    assert expert.ring.contains(view.viewport.rect(view.layout.discard_pile))
    assert not expert.ring.contains(view.viewport.rect(view.layout.draw_pile))
    assert (you.words, expert.words) == ("You", "Expert") and you.color != expert.color and you.dashed != expert.dashed
    screen = app.screen
    assert ring_ink(screen, you) > you.ring.w and ring_ink(screen, expert) > expert.ring.w
    assert ink(screen, you.tag, YOU_COLOR) > you.tag.w and ink(screen, expert.tag, EXPERT_COLOR) > expert.tag.w
    assert not you.tag.colliderect(expert.tag)


def test_a_place_decision_marks_the_cells_and_a_reveal_says_so(app) -> None:
    scene = opened(app, judged("place", played=[SEAT, "replace", 2, 1], best=[SEAT, "reveal", 1, 0]))
    you, expert = scene.marks()
    view = scene.view
    assert you.target == Target.cell(SEAT, 2, 1) and expert.target == Target.cell(SEAT, 1, 0)
    assert you.ring.contains(view.viewport.rect(view.layout.seats[SEAT].cell(2, 1)))
    assert expert.ring.contains(view.viewport.rect(view.layout.seats[SEAT].cell(1, 0)))
    assert expert.words == "Expert: reveal"
    screen = app.screen
    assert ring_ink(screen, you) > you.ring.w and ring_ink(screen, expert) > expert.ring.w
    assert not you.tag.colliderect(expert.tag)
    for tag in (you.tag, expert.tag):
        assert screen.get_rect().contains(tag)
    # Expert's tag names its own card: centred on its ring, clear of the middle of the player's
    assert expert.ring.left <= expert.tag.centerx <= expert.ring.right
    assert not expert.tag.colliderect(you.ring.inflate(-you.ring.w // 2, 0))


def test_two_moves_on_one_cell_keep_both_rings_and_both_tags_readable(app) -> None:
    app.settings.ui_scale = 150
    scene = opened(app, judged("place", played=[SEAT, "reveal", 0, 2], best=[SEAT, "replace", 0, 2]))
    you, expert = scene.marks()
    assert you.target == expert.target
    assert expert.ring.contains(you.ring) and expert.ring != you.ring  # Expert's around the player's
    assert not you.tag.colliderect(expert.tag)
    assert all(app.screen.get_rect().contains(tag) for tag in (you.tag, expert.tag))
    assert ring_ink(app.screen, expert) > expert.ring.w and ink(app.screen, you.tag, YOU_COLOR) > you.tag.w


def test_right_plays_the_move_played_and_left_or_home_come_back_to_the_decision(app, pilot) -> None:
    made = judged("place")
    scene = opened(app, made)
    at = scene.step
    expert = scene.marks()[1]
    pilot.press(pygame.K_RIGHT)
    assert scene.step == at + 1
    assert scene.state.log[-1]["actions"][-1] == list(made.played)  # the move played, applied
    pilot.advance()
    assert not scene.at_decision and ring_ink(app.screen, expert) < expert.ring.w // 2  # the marks are gone
    pilot.press(pygame.K_LEFT)
    assert scene.step == at and scene.at_decision and scene.board == Board.from_view(decision("place").view)
    pilot.press(pygame.K_SPACE)
    pilot.click_at((10, 10), anywhere=True)  # a click plays on too
    assert scene.step == at + 2
    for code in (pygame.K_HOME, pygame.K_b):
        pilot.press(pygame.K_RIGHT)
        pilot.press(code)
        assert scene.step == at and scene.at_decision
    assert ring_ink(app.screen, expert) > expert.ring.w


def test_escape_goes_back_to_the_screen_beneath(app, pilot) -> None:
    scene = opened(app, judged("pile"))
    beneath = app.stack.scenes[-2]
    pilot.press(pygame.K_ESCAPE)
    assert app.stack.top is beneath and scene not in app.stack.scenes


def test_the_note_says_both_moves_what_it_cost_and_why(app) -> None:
    made = msgspec.structs.replace(judged("place", played=[SEAT, "replace", 2, 1], best=[SEAT, "reveal", 1, 0]),
                                   good=False)
    scene = opened(app, made)
    heading, words, keys = scene.note()
    assert heading.startswith(f"Round {made.round}, your {ordinal(made.turn)} turn: cost ")
    assert words[0].startswith("You: put the ") and "column 3, middle" in words[0]
    # Expert's move and its reason, in one line (its "Expert" tag on the table names the same move)
    assert words[1] == why_line(made) and words[1].startswith("Expert: ")
    assert len(words) == 2 and "Home/B" in keys and "Esc" in keys


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_tags_stay_in_the_window_at_any_size(make_app, size) -> None:
    app = make_app(size=size)
    app.settings.ui_scale = 150
    scene = opened(app, judged("pile", played=[SEAT, "take"], best=[SEAT, "draw"]))
    for mark in scene.marks():
        assert app.screen.get_rect().contains(mark.tag)
