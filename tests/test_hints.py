"""The Hint key: the Hard bot's move and a one-line reason, from the seat's view only,
decided in a worker thread; pressing H never plays a move."""

from __future__ import annotations

import random
import time
from collections import Counter

import pygame
import pytest

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import Action, GameState, Voyage, seat_view
from scenes.hints import HintAsker, HintBot, after_take, explain, place_name
from scenes.play import PlayScene


def deck_with(first: list[int]) -> list[int]:
    """A full Voyage deck whose top cards are `first` (the rest in a fixed order)."""
    rest = Counter(Voyage.deck()) - Counter(first)
    return first + sorted(rest.elements())


def opened(seat0: list[int], seat1: list[int], discard: int) -> GameState:
    """Two players dealt `seat0`/`seat1`, both flipped (0,0) and (1,0); seat 0 starts."""
    state = GameState.new_game("voyage", players=2, seed=1, deck=deck_with(seat0 + seat1 + [discard]))
    for seat in (0, 1):
        state.apply(Action(seat, "flip", 0, 0))
        state.apply(Action(seat, "flip", 1, 0))
    assert state.to_act == 0 and state.phase == "turn"
    return state


SEAT0 = [9, 5, 6, 7, 8, 3, 4, 10, 11, 12, 1, 2]
SEAT1 = [1, 1, 2, 2, 3, 3, 4, 4, 6, 6, 7, 7]


def test_take_hint_names_the_card_the_place_and_the_gain() -> None:
    view = seat_view(opened(SEAT0, SEAT1, 0), 0)
    line = explain(view, Action(0, "take"), then=Action(0, "replace", 0, 0))
    assert line.startswith("Hint: take the 0 and put it on your 9 in column 1, top")
    assert "lowers your score by 9" in line


def test_replace_reveal_and_draw_hints_give_their_reasons() -> None:
    state = opened(SEAT0, SEAT1, 12)
    view = seat_view(state, 0)
    assert "draw a card" in explain(view, Action(0, "draw"))
    state.apply(Action(0, "draw"))
    view = seat_view(state, 0)
    card = view.holding
    hidden = explain(view, Action(0, "replace", 3, 2))
    assert f"put the {card} on the face-down card in {place_name(3, 2)}" in hidden
    assert "on average" in hidden
    reveal = explain(view, Action(0, "reveal", 2, 1))
    assert f"discard the {card} and reveal the card in column 3, middle" in reveal


def test_a_completed_column_is_the_reason() -> None:
    state = opened([4, 5, 6, 7, 4, 3, 2, 1, 8, 9, 10, 11], SEAT1, 4)
    state.apply(Action(0, "take"))
    state_view = seat_view(state, 0)
    # column 1 holds 4 (face up), then two face-down cards: no column yet
    assert "completes a column" not in explain(state_view, Action(0, "replace", 0, 1))
    grid = list(state_view.grid())
    grid[4] = 4  # pretend the middle 4 were face up: the bottom one would complete the column
    from scenes.hints import _placing
    assert "completes a column of 4s" in _placing(tuple(grid), 4, 0, 2, 5.0, "it")


def test_the_hint_reads_the_view_only() -> None:
    """Two games alike in everything the seat can see but not in its face-down cards give the
    same hint: nothing hidden leaks into it."""
    a = opened(SEAT0, SEAT1, 0)
    other = SEAT0[:2] + list(reversed(SEAT0[2:]))
    b = opened(other, SEAT1, 0)
    view_a, view_b = seat_view(a, 0), seat_view(b, 0)
    assert view_a == view_b and a.cards[0] != b.cards[0]
    bot_a, bot_b = HintBot(5), HintBot(5)
    action_a, action_b = bot_a.decide(view_a), bot_b.decide(view_b)
    assert action_a == action_b and bot_a.then == bot_b.then
    assert explain(view_a, action_a, bot_a.then) == explain(view_b, action_b, bot_b.then)


def test_after_take_is_what_the_engine_shows_after_taking() -> None:
    state = opened(SEAT0, SEAT1, 0)
    predicted = after_take(seat_view(state, 0))
    state.apply(Action(0, "take"))
    assert predicted == seat_view(state, 0)


def test_the_asker_thinks_in_a_thread_and_drops_stale_answers() -> None:
    state = opened(SEAT0, SEAT1, 0)
    asker = HintAsker(3)
    assert asker.poll("k") is None  # nothing asked yet
    assert asker.ask(seat_view(state, 0), "k")
    asker.worker.wait(10)
    line, action = asker.poll("k")
    assert line.startswith("Hint: ") and state.is_legal(action)
    assert asker.ask(seat_view(state, 0), "k")
    asker.worker.wait(10)
    assert asker.poll("moved on") is None  # the position changed while it thought




def key(app, code) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


@pytest.mark.parametrize("seed", [4, 9])
def test_h_on_the_table_shows_a_hint_and_plays_nothing(app, seed) -> None:
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy")), seed=seed)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    rng = random.Random(seed)
    for _ in range(400):  # get past the opening into a real turn of the human
        app.frame(1 / 60)
        if play.acting_human() == 0 and play.state.phase == "opening":
            play.apply(rng.choice(play.state.legal_actions()))
        if play.acting_human() == 0 and play.state.phase == "turn":
            break
    assert play.acting_human() == 0
    before = str(play.state)
    key(app, pygame.K_h)
    deadline = time.monotonic() + 20  # the bot thinks in a thread: give it real time, not a frame count
    while time.monotonic() < deadline:
        app.frame(1 / 60)
        if play.hints.shown.startswith("Hint: ") and "thinking" not in play.hints.shown:
            break
        time.sleep(0.002)
    assert play.hints.shown.startswith("Hint: ") and "thinking" not in play.hints.shown
    assert str(play.state) == before  # a hint never acts
    assert play.view.cursor in (("draw",), ("discard",))  # the cursor waits on the hinted pile
    key(app, pygame.K_RETURN)  # Enter follows the hint
    assert str(play.state) != before
