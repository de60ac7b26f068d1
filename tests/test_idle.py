"""The idle app (issue #18, item 10): scenes say when they want frames, and `App.run` sleeps
until input arrives while none does, drawing only for it. No timing is asserted here; the
CPU figures come from `python -m game bench idle`."""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest
from helpers import key_event
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import ROUND_OVER
from game.ui.scene import Scene, SceneStack
from skyjo import app as app_module


def _table(app: Any, *kinds: str) -> Any:
    seats = tuple(SeatConfig(f"P{seat}", kind, "normal") for seat, kind in enumerate(kinds))
    config = MatchConfig("voyage", seats, seed=3)
    return app.stack.push("play", config=config, state=config.new_game())


def _waiting_for_human(app: Any) -> Any:
    """A table against a computer, played on until the human is to act."""
    pilot = Pilot(app)
    play = _table(app, HUMAN, COMPUTER)
    assert pilot.wait_until(lambda: play.acting_human() is not None)
    return play


class Busy(Scene):
    def __init__(self, busy: bool) -> None:
        super().__init__()
        self.busy = busy

    def wants_frames(self) -> bool:
        return self.busy


# ---------------------------------------------------------------------- who wants frames
def test_a_scene_wants_no_frames_by_default_and_the_stack_asks_the_scenes_it_updates() -> None:
    stack = SceneStack()
    assert not stack.wants_frames()  # empty
    stack.push(Scene())
    assert not stack.wants_frames()
    busy = stack.push(Busy(True))
    assert stack.wants_frames()
    cover = stack.push(Busy(False))  # opaque: the busy scene beneath is not updated, so it waits
    assert not stack.wants_frames()
    cover.updates_below = True  # ...unless the one on top lets it run
    assert stack.wants_frames()
    busy.busy = False
    assert not stack.wants_frames()


def test_the_menu_is_idle(app, pilot) -> None:
    app.stack.push("menu")
    pilot.advance()
    assert not app.stack.wants_frames()


def test_a_table_wants_frames_while_it_deals_and_not_once_a_human_is_to_act(app, pilot) -> None:
    app.speed_override = None  # the settings' speed: the deal takes many frames
    play = _table(app, HUMAN, COMPUTER)
    pilot.advance()
    assert play.anim.busy and app.stack.wants_frames()
    play.anim.skip()
    assert pilot.wait_until(lambda: play.acting_human() is not None)
    assert not play.anim.busy
    assert not app.stack.wants_frames()


def test_a_cue_still_showing_wants_frames_until_it_fades(app, pilot) -> None:
    """A cue ("Bob drew a card") fades while a human thinks: the app must keep drawing."""
    play = _table(app, HUMAN, COMPUTER)
    play.anim.skip()
    assert pilot.wait_until(lambda: play.acting_human() is not None)
    play.anim.cues.show(1, "Bot drew a card")
    assert not play.anim.busy and app.stack.wants_frames()
    assert pilot.wait_until(lambda: not app.stack.wants_frames(), frames=400)
    assert 1 not in play.board.cues


def test_a_computer_thinking_wants_frames(app, pilot) -> None:
    play = _table(app, COMPUTER, COMPUTER)
    pilot.advance()
    play.anim.skip()  # no animation left: what keeps the table busy is the computer's turn
    assert not play.anim.busy and play.state.to_act is not None
    assert app.stack.wants_frames()


def test_a_hint_being_thought_about_wants_frames_until_it_is_shown(app, pilot) -> None:
    play = _waiting_for_human(app)
    play.hints.ask()
    assert play.hints.thinking and app.stack.wants_frames()
    assert pilot.wait_until(lambda: not play.hints.thinking)
    assert play.notice.line.startswith("Hint:") and play.notice.line != "Hint: thinking..."
    assert not app.stack.wants_frames()


def test_the_pause_menu_over_a_busy_table_is_idle(app, pilot) -> None:
    play = _table(app, COMPUTER, COMPUTER)
    pilot.advance()
    assert app.stack.wants_frames()
    app.stack.push("pause", table=play.table, guide=play.guide)  # the table stops updating beneath it
    assert not app.stack.wants_frames()


def test_the_scores_count_up_wants_frames(app, pilot) -> None:
    play = _table(app, COMPUTER, COMPUTER)
    assert pilot.wait_until(lambda: play.state.phase == ROUND_OVER, frames=5000)  # instant play to the round's end
    app.speed_override = None  # the scores count up at the settings' speed
    assert pilot.wait_until(lambda: pilot.scene == "round")
    scores = app.stack.top
    assert scores.tweener.busy and app.stack.wants_frames()
    scores.tweener.finish_all()
    assert not app.stack.wants_frames()


def test_a_replay_wants_frames_while_it_animates_or_plays_on_by_itself(app, pilot) -> None:
    play = _table(app, COMPUTER, COMPUTER)
    assert pilot.wait_until(lambda: pilot.scene == "round", frames=5000)
    replay = app.stack.push("replay", state=play.state, names=play.names)
    replay.anim.skip()
    assert not app.stack.wants_frames()  # stepping by hand: each key is an event
    replay.auto = True
    assert app.stack.wants_frames()  # the next step comes by itself
    replay.step = len(replay.actions)
    assert not app.stack.wants_frames()  # ...until the round's end


# ---------------------------------------------------------------------- the loop
def _stop_after(frames: int) -> Any:
    """A frame hook that stops the app after `frames` loop turns (and counts them)."""
    turns = []

    def hook(app: Any) -> None:
        turns.append(app.frames_drawn)
        if len(turns) > frames:
            app.running = False

    hook.turns = turns  # type: ignore[attr-defined]
    return hook


def test_an_idle_app_waits_for_events_and_draws_once_per_event(app, monkeypatch) -> None:
    app.stack.push("menu")
    waits: list[float] = []
    # what the waits bring, in turn: nothing (the timeout), a key nobody uses, the window closed
    arrivals = [[], [key_event(pygame.K_F1)], [pygame.event.Event(pygame.QUIT)]]

    def wait(timeout: float) -> list[pygame.event.Event]:
        waits.append(timeout)
        return arrivals.pop(0)

    monkeypatch.setattr(app_module, "wait_for_events", wait)
    app.run(max_seconds=30)
    assert waits == [app_module.IDLE_TICK] * 3  # it waited after the first frame, every time
    assert not app.running
    # the first frame, then one per event; the timeout drew nothing
    assert app.frames_drawn == 3


def test_a_posted_event_wakes_the_idle_app_and_is_handled(app, pilot) -> None:
    app.stack.push("menu")
    pilot.advance()
    drawn = app.frames_drawn
    # Escape on the menu quits: posted from another thread while the loop sleeps
    timer = threading.Timer(0.3, lambda: pygame.event.post(key_event(pygame.K_ESCAPE)))
    timer.start()
    try:
        app.run(max_seconds=30)
    finally:
        timer.cancel()
    assert not app.running
    assert app.frames_drawn == drawn + 2  # the first frame of the loop, then the one for Escape


def test_a_busy_table_runs_every_frame_without_waiting(app, monkeypatch) -> None:
    app.speed_override = None
    _table(app, COMPUTER, COMPUTER)

    def wait(timeout: float) -> list[pygame.event.Event]:
        raise AssertionError("waited while the table was busy")

    monkeypatch.setattr(app_module, "wait_for_events", wait)
    app.frame_hook = hook = _stop_after(30)
    app.run(max_seconds=30)
    assert hook.turns == list(range(31))  # a frame drawn at every turn of the loop


def test_a_driven_run_draws_every_frame_even_when_idle(app, monkeypatch) -> None:
    app.stack.push("menu")

    def wait(timeout: float) -> list[pygame.event.Event]:
        raise AssertionError("a fixed_dt run must never sleep")

    monkeypatch.setattr(app_module, "wait_for_events", wait)
    app.frame_hook = hook = _stop_after(10)
    app.run(fixed_dt=1 / 60, max_seconds=30)
    assert hook.turns == list(range(11))


def test_an_idle_tick_draws_when_the_scenes_change(app, pilot) -> None:
    app.stack.push("menu")
    pilot.advance()
    drawn = app.frames_drawn
    # (App.frame itself is what is tested here: whether an idle tick draws, its answer)
    assert not app.frame(1 / 60, draw=False)  # nothing happened: nothing drawn
    app.stack.push("settings")  # e.g. a scene pushed from outside the event handling
    assert app.frame(1 / 60, draw=False)
    assert app.frames_drawn == drawn + 1


def test_wait_for_events_returns_what_arrives_or_nothing_after_the_timeout(app) -> None:
    pygame.event.clear()
    assert app_module.wait_for_events(0.02) == []
    pygame.event.post(key_event(pygame.K_F1))
    events = app_module.wait_for_events(5.0)
    assert [event.type for event in events] == [pygame.KEYDOWN]


@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
def test_the_idle_bench_measures_each_screen() -> None:
    from skyjo.bench_idle import bench_idle

    rows = bench_idle(seconds=0.2)
    assert [row["scene"] for row in rows] == ["menu", "menu, opening", "table, a human to act",
                                              "table, computers playing"]
    for row in rows:
        assert row["seconds"] > 0 and row["cpu_seconds_per_second"] >= 0
    assert rows[3]["frames_per_second"] > rows[0]["frames_per_second"]  # the busy table draws on


@pytest.fixture(autouse=True)
def _empty_queue() -> None:
    """Each test starts with no stray event from another test."""
    if pygame.display.get_init():
        pygame.event.clear()
