"""The live round score by each grid (the sum of its face-up cards, apart from the game total)
and the short-lived cue telling what another player just took (issue #18, items 6 and 7)."""

from __future__ import annotations

import pygame
import pytest

from game.ai import make_bot
from game.rules import GameState, seat_view
from game.rules import events as ev
from game.ui.card_art import CardArt
from game.ui.table_anim import CUE_SECONDS, Animator
from game.ui.table_labels import SeatLabels
from game.ui.table_view import Board, TableView
from game.ui.text import TextCache

NAMES = ["Ann", "Bob", "Cy", "Dee"]


pytestmark = pytest.mark.usefixtures("small_display")


def face_up_sum(state: GameState, seat: int) -> int:
    return sum(card for card, up in zip(state.cards[seat], state.face_up[seat], strict=True)
               if up and card is not None)


def table(players: int = 4, seed: int = 5, viewer: int = 0) -> tuple[GameState, Board, Animator]:
    state = GameState.new_game("voyage", players, seed=seed)
    state.take_events()
    view = TableView(players, NAMES[:players], CardArt("standard"), TextCache())
    view.viewer = viewer
    board = Board.from_view(seat_view(state, viewer))
    anim = Animator(board, view)
    return state, board, anim


def test_the_visible_sum_follows_the_face_up_cards_and_ends_as_the_raw_round_score():
    state, board, anim = table()
    bots = {seat: make_bot("normal", 11 + seat) for seat in range(state.players)}
    rounds_scored = 0
    checked_non_doubled = False
    while rounds_scored < 2:
        if state.phase == "round_over":
            state.deal()
        else:
            seat = state.to_act
            state.apply(bots[seat].decide(seat_view(state, seat)))
        events = state.take_events()
        anim.add_events(events)
        anim.skip()  # the board fed by the animations, as on screen
        for seat in state.participants:
            assert board.visible_sum(seat) == face_up_sum(state, seat), f"seat {seat} after {events}"
            assert Board.from_view(seat_view(state, 1)).visible_sum(seat) == face_up_sum(state, seat)
        for scored in (e for e in events if isinstance(e, ev.RoundScored)):
            rounds_scored += 1
            for seat in state.participants:
                assert board.visible(seat) == [c for c in board.grids[seat] if c is not None]  # all revealed
                assert board.visible_sum(seat) == scored.raw[seat]  # before any doubling
                if seat != scored.doubled:
                    assert board.visible_sum(seat) == scored.scores[seat]
                    checked_non_doubled = True
    assert checked_non_doubled


def test_the_label_shows_the_live_score_apart_from_the_total():
    state, board, anim = table()
    for _flip in range(2 * state.players):  # everybody's opening flips
        state.apply(state.legal_actions()[0])
    anim.add_events(state.take_events())
    anim.skip()
    view = anim.view
    board.to_act = None
    view.draw(pygame.Surface((1280, 720)), board, [])
    seen = [words for words, _rect in view.words.text_rects]
    for seat in range(state.players):
        total, live = board.totals[seat], board.visible_sum(seat)
        assert live == face_up_sum(state, seat) and live != 0
        line = seen[seen.index(NAMES[seat]) + 1]
        assert total == 0
        assert line == f"0 points · showing {live} pts" if live >= 0 else f"0 points · showing \u2212{-live} pts", line


def test_the_score_words_say_the_total_and_the_face_up_sum_in_one_format():
    board = Board(3, grids=[[8, 6] + ["?"] * 10, [8, -2, 3] + ["?"] * 9, [-2, -1] + ["?"] * 10], totals=[12, -3, 1])
    assert SeatLabels.score_words(board, 0) == "12 points · showing 14 pts"
    assert SeatLabels.score_words(board, 1) == "\u22123 points · showing 9 pts"
    assert SeatLabels.score_words(board, 2) == "1 point · showing \u22123 pts"
    board.grids[1][3] = 0  # four cards up: the same format
    assert SeatLabels.score_words(board, 1) == "\u22123 points · showing 9 pts"


def _turn(anim: Animator, take: ev.Event, play: ev.Event | None = None) -> str | None:
    """`take` then `play` (default: the card discarded), the animations run to their end: the
    cue of the seat, if any."""
    play = play if play is not None else ev.CardDiscarded(seat=take.seat, value=7)
    anim.add_events([take])
    anim.skip()
    assert take.seat not in anim.board.cues  # while the card is in hand, its caption tells it
    anim.add_events([play])
    anim.skip()
    return anim.board.cues.get(take.seat)


@pytest.mark.parametrize("reduced", [False, True])
def test_another_players_take_shows_a_cue_for_a_while(reduced: bool):
    _state, board, anim = table()
    anim.reduced_motion = reduced
    top = board.discard_top
    words = f"Cy took the {top} from the discard"
    replaced = ev.CardReplaced(seat=2, col=0, row=0, value=top, old_value=4, old_was_face_up=False,
                               source="discard")
    assert _turn(anim, ev.DiscardTaken(seat=2, value=top), replaced) == words
    anim.update(CUE_SECONDS - 0.1)
    assert board.cues[2] == words and anim.cueing and not anim.busy  # it never holds up the game
    surface = pygame.Surface((1280, 720))
    anim.view.draw(surface, board, anim.sprites)
    shown = " ".join(words for words, _rect in anim.view.words.text_rects)  # (on one line or two)
    assert words in shown
    anim.update(0.11)
    assert 2 not in board.cues and not anim.cueing
    anim.view.draw(surface, board, anim.sprites)
    assert not any("Cy" in words and "took" in words for words, _rect in anim.view.words.text_rects)


def test_a_draw_from_the_pile_is_told_without_the_card():
    _state, _board, anim = table()
    assert _turn(anim, ev.CardDrawn(seat=1, value=None)) == "Bob drew a card"
    assert anim.cueing


def test_the_cue_ages_with_the_animation_speed():
    _state, board, anim = table()
    anim.speed = 2.0
    _turn(anim, ev.CardDrawn(seat=3, value=None))
    anim.update(CUE_SECONDS / 2 - 0.05)
    assert board.cues[3] == "Dee drew a card"
    anim.update(0.1)
    assert 3 not in board.cues


def test_no_cue_for_the_viewers_own_take():
    _state, board, anim = table()
    assert _turn(anim, ev.CardDrawn(seat=0, value=7)) is None
    assert _turn(anim, ev.DiscardTaken(seat=0, value=board.discard_top)) is None
    assert not board.cues and not anim.cueing


def test_a_spectator_sees_every_seats_cue_and_a_new_round_clears_them():
    state, board, anim = table(viewer=0)
    anim.view.viewer = None  # an all-computer table
    assert _turn(anim, ev.CardDrawn(seat=0, value=None)) == "Ann drew a card"
    state.apply(state.legal_actions()[0])
    for seat in range(state.players):
        board.cues.setdefault(seat, "x")
    dealt = GameState.new_game("voyage", 4, seed=5).take_events()
    anim.add_events([e for e in dealt if isinstance(e, ev.RoundDealt)])
    anim.skip()
    assert not board.cues
