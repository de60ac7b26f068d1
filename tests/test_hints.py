"""The Hint key: the Hard bot's move and a one-line reason, from the seat's view only,
decided in a worker thread; pressing H never plays a move."""

from __future__ import annotations

import random
import time
from collections import Counter

import pygame
import pytest

from game.ai import make_bot
from game.ai.evaluate import completes_column
from game.ai.hard import Advice, HardBot, Reason
from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import GAME_OVER, ROUND_OVER, Action, GameState, Voyage, seat_view
from game.ui.advice_words import place_name
from game.ui.targets import DISCARD_TARGET, DRAW_TARGET
from scenes.hints import HintAsker, HintBot, explain
from scenes.play import PlayScene


def deck_with(first: list[int]) -> list[int]:
    """A full Voyage deck whose top cards are `first` (the rest in a fixed order)."""
    rest = Counter(Voyage.deck()) - Counter(first)
    return first + sorted(rest.elements())


def opened(seat0: list[int], seat1: list[int], discard: int, second: tuple[int, int] = (1, 0)) -> GameState:
    """Two players dealt `seat0`/`seat1`, both flipped (0,0) and `second`; seat 0 starts."""
    state = GameState.new_game("voyage", players=2, seed=1, deck=deck_with(seat0 + seat1 + [discard]))
    for seat in (0, 1):
        state.apply(Action(seat, "flip", 0, 0))
        state.apply(Action(seat, "flip", *second))
    assert state.to_act == 0 and state.phase == "turn"
    return state


SEAT0 = [9, 5, 6, 7, 8, 3, 4, 10, 11, 12, 1, 2]
SEAT1 = [1, 1, 2, 2, 3, 3, 4, 4, 6, 6, 7, 7]


def test_take_hint_names_the_card_the_place_and_the_gain() -> None:
    view = seat_view(opened(SEAT0, SEAT1, 0), 0)
    advice = HardBot(5).advise(view)
    assert advice.reason is Reason.TAKE and advice.then is not None and advice.then.reason is Reason.LOWER
    line = explain(view, advice)
    assert line.startswith("Hint: take the 0 and put it on your 9 in column 1, top")
    assert "lowers your score by 9" in line


def test_replace_reveal_and_draw_hints_give_their_reasons() -> None:
    state = opened(SEAT0, SEAT1, 12)
    view = seat_view(state, 0)
    draw = explain(view, Advice(Action(0, "draw"), Reason.DRAW, 12, value=1.5, other=-4.0))
    assert "draw a card" in draw and "than the 12 on the discard pile" in draw
    state.apply(Action(0, "draw"))
    view = seat_view(state, 0)
    card = view.holding
    shown = f"\u2212{-card}" if card < 0 else str(card)  # a negative card takes a true minus sign
    hidden = explain(view, Advice(Action(0, "replace", 3, 2), Reason.HIDDEN, card, saved=0.5, hidden=4.83))
    assert f"put the {shown} on the face-down card in {place_name(3, 2)}" in hidden
    assert "the 4.8 a hidden card is worth on average" in hidden  # Hard's counted average, not another one
    reveal = explain(view, Advice(Action(0, "reveal", 2, 1), Reason.REVEAL, card, other=-1.0))
    assert f"discard the {shown} and reveal the card in column 3, middle" in reveal
    assert f"wherever it goes, the {shown} would add about 1 point to your grid" in reveal  # the points, said
    worth_less = explain(view, Advice(Action(0, "reveal", 2, 1), Reason.REVEAL, card, other=0.5))
    assert "learning a hidden card is worth more" in worth_less


def test_a_completed_column_is_the_reason() -> None:
    # column 1 holds 4, 4 (both flipped) and a face-down 8; the discard is a third 4
    state = opened([4, 5, 6, 7, 4, 3, 2, 1, 8, 9, 10, 11], SEAT1, 4, second=(0, 1))
    view = seat_view(state, 0)
    advice = HardBot(1).advise(view)
    assert advice.reason is Reason.TAKE and advice.then is not None
    assert advice.then.reason is Reason.COMPLETE and advice.then.action.index == 8
    assert "completes a column of 4s" in explain(view, advice)


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
    assert action_a == action_b and bot_a.advice == bot_b.advice
    assert bot_a.advice is not None and explain(view_a, bot_a.advice) == explain(view_b, bot_a.advice)


def test_where_a_taken_card_goes_is_what_hard_decides_once_it_holds_it() -> None:
    state = opened(SEAT0, SEAT1, 0)
    advice = HardBot(5).advise(seat_view(state, 0))
    assert advice.action.verb == "take" and advice.then is not None
    state.apply(advice.action)
    assert HardBot(5).advise(seat_view(state, 0)) == advice.then


# What each of Hard's reasons says in the hint (English), and what must be true of the position.
REASON_WORDS = {
    Reason.SPREAD: "no face-up card yet", Reason.FORCED: "the draw pile is empty", Reason.TAKE: "Hint: take the",
    Reason.DRAW: "Hint: draw a card", Reason.COMPLETE: "completes a column", Reason.LOWER: "lowers your score by",
    Reason.HIDDEN: "a hidden card is worth on average", Reason.PAIR: "pairs with the other",
    Reason.HURRY: "you are ahead", Reason.AVOID_END: "and your score could be doubled",
    Reason.AVOID_FEED: "would help the next player", Reason.SLOW: "you are behind",
    Reason.LEAST_BAD: "costs the least", Reason.REVEAL: "and reveal the card in",
}


def check_reason_holds(view, advice: Advice) -> None:
    """The figures behind a placement's reason agree with what the seat sees."""
    grid, action = view.grid(), advice.action
    old = grid[action.index] if action.col is not None else None
    if advice.reason is Reason.COMPLETE:
        assert completes_column(grid, action.index, advice.card)
    elif advice.reason is Reason.LOWER:
        assert isinstance(old, int) and old > advice.card and advice.saved == old - advice.card
    elif advice.reason is Reason.HIDDEN:
        assert old == "?" and advice.card < advice.hidden
    elif advice.reason is Reason.REVEAL:
        assert action.verb == "reveal" and old == "?"


def test_the_hint_gives_hards_own_reason_in_seeded_positions() -> None:
    """In every position of seeded games the hint is Hard's decision, and its line words the
    reason Hard gives for it (never a reason worked out another way)."""
    seen = set()
    for game, edition in enumerate(("voyage", "classic", "voyage")):
        state = GameState.new_game(edition, 3, seed=40 + game, record_events=False)
        players = [make_bot(level, game) for level in ("hard", "normal", "easy")]
        while state.phase != GAME_OVER:
            if state.phase == ROUND_OVER:
                state.deal()
                continue
            view = seat_view(state, state.to_act)
            hint = HintBot(7)
            action = hint.decide(view)
            assert hint.advice == HardBot(7).advise(view) and action == make_bot("hard", 7).decide(view)
            line = explain(view, hint.advice)
            for part in (hint.advice, hint.advice.then):
                if part is not None:
                    assert REASON_WORDS[part.reason] in line, (part.reason, line)
                    check_reason_holds(view, part)
                    seen.add(part.reason)
            state.apply(players[state.to_act].decide(view))
    assert len(seen) >= 11, seen  # nearly every reason comes up (FORCED and a few others are rare)


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


@pytest.mark.parametrize("seed", [4, 9])
def test_h_on_the_table_shows_a_hint_and_plays_nothing(app, pilot, seed) -> None:
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy")), seed=seed)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    rng = random.Random(seed)

    def humans_turn() -> bool:  # get past the opening into a real turn of the human
        if play.acting_human() == 0 and play.state.phase == "opening":
            play.apply(rng.choice(play.state.legal_actions()))
        return play.acting_human() == 0 and play.state.phase == "turn"

    assert pilot.wait_until(humans_turn, frames=400)
    before = str(play.state)
    pilot.press(pygame.K_h)
    deadline = time.monotonic() + 20  # the bot thinks in a thread: give it real time, not a frame count
    while time.monotonic() < deadline:
        pilot.advance()
        if play.hints.shown.startswith("Hint: ") and "thinking" not in play.hints.shown:
            break
        time.sleep(0.002)
    assert play.hints.shown.startswith("Hint: ") and "thinking" not in play.hints.shown
    assert str(play.state) == before  # a hint never acts
    assert play.input.cursor in (DRAW_TARGET, DISCARD_TARGET)  # the cursor waits on the hinted pile
    pilot.press(pygame.K_RETURN)  # Enter follows the hint
    assert str(play.state) != before
