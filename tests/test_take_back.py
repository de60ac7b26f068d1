"""Taking back a discard take (issue 32 item 13): after taking the face-up discard, a click on
the discard pile (or Backspace) puts it back and the turn starts over. Nothing hidden was
seen, so it is fair; the game record keeps only the move played. A draw from the pile, a
computer's take and a seat at a table hosted elsewhere cannot be taken back."""

from __future__ import annotations

import json
import random
import socket
from pathlib import Path

import pygame
import pytest
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.net.client import RemoteTable
from game.net.connection import NetClient
from game.rules import (
    DRAW,
    OPENING,
    REPLACE,
    ROUND_OVER,
    SOURCE_DRAW,
    TAKE,
    Action,
    GameState,
    IllegalActionError,
    state_to_dict,
)
from game.store.export import export_game
from game.store.saves import encode_save
from game.table import NOTHING_TO_TAKE_BACK, TAKE_BACK_ELSEWHERE, TableController, TableMessage, TakenBack
from game.ui.targets import DISCARD_TARGET
from scenes.play import PlayScene

TWO_HUMANS = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Ben", HUMAN)), seed=11)
HUMAN_AND_BOT = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy")), seed=11)


class Saves:
    """A store that keeps what it was asked to save."""

    last_failure: None = None  # (it never fails)

    def __init__(self) -> None:
        self.saved: list[bytes] = []
        self.saves = self.stats = self  # (its own saves and statistics)

    def save(self, match: MatchConfig, state: GameState) -> None:
        self.saved.append(encode_save(match, state))

    def record_round(self, match: MatchConfig, state: GameState) -> None: ...

    def record_game(self, match: MatchConfig, state: GameState) -> None: ...


def after_the_opening(config: MatchConfig = TWO_HUMANS, store: Saves | None = None) -> TableController:
    """A table whose opening flips are played: the first turn is to be played."""
    table = TableController(config, config.new_game(), store)
    table.start()
    while table.state.phase == OPENING:
        assert table.play(table.state.legal_actions()[0]) is None
    return table


def placing(state: GameState) -> Action:
    """The first card of the seat's grid replaced by the card in hand."""
    return next(action for action in state.legal_actions() if action.verb == REPLACE)


def test_the_record_after_a_take_back_is_the_record_of_the_move_played(tmp_path: Path) -> None:
    direct, undone = after_the_opening(), after_the_opening()
    assert direct.play(Action(direct.state.to_act or 0, DRAW)) is None
    assert direct.play(placing(direct.state)) is None

    seat = undone.state.to_act or 0
    assert undone.play(Action(seat, TAKE)) is None and undone.can_take_back
    assert undone.take_back() is None
    assert undone.state.holding is None and undone.state.to_act == seat  # the turn starts over
    assert undone.play(Action(seat, DRAW)) is None
    assert undone.play(placing(undone.state)) is None

    assert str(undone.state) == str(direct.state)
    assert json.dumps(undone.state.record()) == json.dumps(direct.state.record())
    assert encode_save(undone.config, undone.state) == encode_save(direct.config, direct.state)
    one = export_game(direct.state, tmp_path / "direct", when=0)
    other = export_game(undone.state, tmp_path / "undone", when=0)
    assert one.read_bytes() == other.read_bytes()  # the exported replay holds no trace of the take


def test_the_engine_puts_a_take_back_as_the_game_was_before_it() -> None:
    """GameState.undo_take (python-chess's `pop` for the one move): after any take of the
    discard in seeded random games, the game is fact for fact and record for record the one
    before the take; with nothing taken, it refuses and changes nothing."""
    chooser, takes = random.Random(3), 0
    for seed in range(6):
        state = GameState.new_game("classic" if seed % 2 else "voyage", 2 + seed % 3, seed=seed)
        while not state.is_terminal:
            if state.phase == ROUND_OVER:
                state.deal()
                continue
            legal = state.legal_actions()
            if any(action.verb == TAKE for action in legal):
                before = state.clone(record_events=True)
                state.apply(next(action for action in legal if action.verb == TAKE))
                assert state.undo_take() == before.discard_pile[-1]
                assert state_to_dict(state) == state_to_dict(before) and state.record() == before.record()
                takes += 1
            elif state.holding is None or state.source == SOURCE_DRAW:  # nothing taken: nothing to put back
                facts = state_to_dict(state)
                with pytest.raises(IllegalActionError):
                    state.undo_take()
                assert state_to_dict(state) == facts
            state.apply(chooser.choice(legal))
    assert takes > 100


def test_a_take_back_is_told_to_the_observers_and_saved() -> None:
    store = Saves()
    table = after_the_opening(store=store)
    heard: list[TableMessage] = []
    table.subscribe(heard.append)
    seat, top = table.state.to_act or 0, table.state.discard_pile[-1]
    table.play(Action(seat, TAKE))
    saves, held = len(store.saved), table.state
    assert table.take_back() is None
    assert table.state is held  # the same game, as it was: a screen or a host holding it sees the card back
    assert heard[-1] == TakenBack(seat, top)
    assert len(store.saved) == saves + 1 and store.saved[-1] == encode_save(table.config, table.state)
    assert table.state.discard_pile[-1] == top and table.state.holding is None
    assert not table.can_take_back and table.take_back() == NOTHING_TO_TAKE_BACK  # once


def test_a_card_drawn_from_the_pile_cannot_be_taken_back() -> None:
    table = after_the_opening()
    table.play(Action(table.state.to_act or 0, DRAW))
    before = str(table.state)
    assert not table.can_take_back
    assert table.take_back() == NOTHING_TO_TAKE_BACK
    assert str(table.state) == before


def test_a_move_the_rules_refuse_after_a_take_leaves_the_take_to_be_put_back() -> None:
    table = after_the_opening()
    seat = table.state.to_act or 0
    top = table.state.discard_pile[-1]
    assert table.play(Action(seat, TAKE)) is None
    reason = table.play(Action(seat, DRAW))  # a card is in hand already: the engine refuses, with its reason
    assert reason and table.state.holding == top
    assert table.can_take_back and table.take_back() is None
    assert table.state.discard_pile[-1] == top and table.state.holding is None


def test_a_take_once_placed_cannot_be_taken_back() -> None:
    table = after_the_opening()
    table.play(Action(table.state.to_act or 0, TAKE))
    table.play(placing(table.state))
    assert table.take_back() == NOTHING_TO_TAKE_BACK


def test_a_computer_seat_cannot_take_back_its_take() -> None:
    table = after_the_opening(HUMAN_AND_BOT)
    if table.state.to_act == 0:  # the human's turn first: play it
        table.play(Action(0, DRAW))
        table.play(placing(table.state))
    assert table.state.to_act == 1
    table.play(Action(1, TAKE))  # (as a computer's worker would)
    before = str(table.state)
    assert not table.can_take_back and table.take_back() == NOTHING_TO_TAKE_BACK
    assert str(table.state) == before


def test_a_seat_at_a_table_hosted_elsewhere_cannot_take_back() -> None:
    with socket.socket() as probe:  # a loopback port nobody listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    remote = RemoteTable(NetClient(f"ws://127.0.0.1:{port}", "TEST42", "Ann", reconnect_for=0))
    try:
        assert not remote.can_take_back
        assert remote.take_back() == TAKE_BACK_ELSEWHERE
    finally:
        remote.close()


# ---------------------------------------------------------------- at the table screen
def turn_of_the_human(app) -> PlayScene:
    """The table screen at the human's first turn (the opening flipped, animations done)."""
    pilot = Pilot(app)
    app.stack.push("menu")
    state = HUMAN_AND_BOT.new_game()
    play = app.stack.push(PlayScene(app, HUMAN_AND_BOT, state))
    assert pilot.wait_until(lambda: play.acting_human() == 0 and play.state.phase == OPENING)
    for target in sorted(play.legal_targets(), key=lambda t: (t.row or 0, t.col or 0))[:2]:
        pilot.click(target)
        assert pilot.wait_until(lambda: not play.anim.busy)
    assert pilot.wait_until(lambda: play.acting_human() == 0 and play.state.phase != OPENING, frames=4000)
    return play


def took_the_discard(app, play: PlayScene) -> tuple[str, int]:
    pilot = Pilot(app)
    before, top = str(play.state), play.state.discard_pile[-1]
    pilot.click(DISCARD_TARGET)
    assert play.state.holding == top and play.state.source == "discard"
    assert pilot.wait_until(lambda: not play.anim.busy)
    return before, top


def test_backspace_puts_the_taken_discard_back(app, pilot) -> None:
    play = turn_of_the_human(app)
    before, top = took_the_discard(app, play)
    assert "click the discard pile to put it back" in play.prompt()
    assert DISCARD_TARGET in play.legal_targets()  # the pile is lit as a choice
    heard: list[str] = []
    play.anim.on_sound = heard.append  # (each animation step's kind as it starts)
    pilot.press(pygame.K_BACKSPACE)
    assert str(play.state) == before  # the turn starts over
    assert pilot.wait_until(lambda: not play.anim.busy)
    assert heard == ["card_discarded"]  # the card flew back...
    assert play.board.discard[-1] == top and play.board.holding is None  # ...and lies on the pile again
    assert play.prompt().startswith("You: take the discard")


def test_a_click_on_the_discard_pile_puts_the_taken_discard_back(app, pilot) -> None:
    play = turn_of_the_human(app)
    before, _top = took_the_discard(app, play)
    pilot.click(DISCARD_TARGET)
    assert str(play.state) == before
    assert pilot.wait_until(lambda: not play.anim.busy)
    pilot.click(DISCARD_TARGET)  # and it may be taken again
    assert play.state.holding is not None and play.state.source == "discard"


def test_backspace_after_a_draw_from_the_pile_changes_nothing_and_says_why(app, pilot) -> None:
    play = turn_of_the_human(app)
    pilot.click(next(t for t in play.legal_targets() if t.kind == "draw"))
    assert pilot.wait_until(lambda: not play.anim.busy)
    before = str(play.state)
    pilot.press(pygame.K_BACKSPACE)
    assert str(play.state) == before
    assert play.notice.line == "Only a card you have just taken from the discard pile can be put back."
    assert "put it back" not in play.prompt()
