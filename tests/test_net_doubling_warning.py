"""The warning before a doubled round over the network (issue 48 item 2): a player joined from
another computer is asked on their own screen before the move that would double their round;
Esc chooses again with nothing sent to the host, Enter sends the move and the host applies it.
The host's screen never asks about a move played on another computer. Real NetHost on
127.0.0.1; the people's moves are the child model's, from their seat's view only."""

from __future__ import annotations

import pygame
import pytest
from net_tools import HostThread, match
from test_doubling_warning import choose

from game.ai import make_bot
from game.ai.beginner import ChildBot
from game.match import HUMAN, REMOTE, MatchConfig, SeatConfig
from game.net import protocol
from game.net.client import RemoteTable
from game.rules import SeatView
from game.rules.doubling import doubling_warning
from game.table import RoundOver

pytestmark = pytest.mark.slow  # whole games over the loopback network

LOOPBACK = "127.0.0.1"


def host_position(host: HostThread) -> tuple:
    """What the host's engine says now of the move under way (read across threads: a snapshot)."""
    state = host.table.record
    return state.round, state.phase, state.to_act, state.holding, len(state.draw_pile), len(state.discard_pile)


def test_a_joined_player_is_asked_on_their_own_screen_and_only_enter_reaches_the_host(app, pilot, monkeypatch):
    app.settings.warn_doubling = True  # (the tests' apps have it off); "Zoé" is new: below Normal
    host = HostThread(match("classic", "remote,easy", seed=3, end_score=100)).start()
    try:
        join = app.stack.push("join", url=f"{LOOPBACK}:{host.host.port}", code=host.host.code, player="Zoé")
        join.press("join")
        assert pilot.wait_on_clock(lambda: pilot.scene == "play"), join.error
        play = app.stack.top
        seat = play.viewer
        bot = ChildBot(seed=1)
        sent: list[object] = []  # what Zoé's computer sends the host, as it goes
        send = play.table.client.send
        monkeypatch.setattr(play.table.client, "send", lambda message: sent.append(message) or send(message))

        def zoes_turn() -> bool:
            return pilot.scene != "play" or (play.acting_human() == seat and not play.anim.busy)

        for _ in range(2000):  # Zoé's decisions (a game has far fewer)
            assert pilot.wait_on_clock(zoes_turn), "the host did not answer"
            if pilot.scene == "round":
                app.stack.top.press("continue")
                pilot.advance()
                continue
            assert pilot.scene == "play", f"no move of the joined player was flagged in a game ({pilot.scene})"
            view = play.view_of(seat)
            assert isinstance(view, SeatView) and view.seat == seat
            action = bot.decide(view)
            before = play.moves
            choose(pilot, seat, action)
            warned = doubling_warning(view, action)
            assert (pilot.scene == "doubling") == (warned is not None), (action, view.grid())
            if warned is not None:
                break
        else:
            raise AssertionError("the game did not reach a flagged move")
        assert pilot.wait_on_clock(lambda: play.table.waits_for_network)  # (everything the host said is in)
        asked_at = host_position(host)
        assert asked_at[2] == seat  # the host waits for Zoé's move
        sent.clear()
        pilot.press(pygame.K_ESCAPE)  # choose again
        assert pilot.scene == "play" and play.acting_human() == seat and play.moves == before
        pilot.advance(30)
        assert sent == [] and play.table.move.action is None  # nothing sent to the host...
        assert host_position(host) == asked_at  # ...which still waits for Zoé's move
        choose(pilot, seat, action)
        assert pilot.scene == "doubling"
        pilot.press()  # Enter: turn it anyway
        assert pilot.scene != "doubling"
        assert sent == [protocol.Play(action.to_list())]  # the move, once

        def applied() -> bool:
            return host_position(host) != asked_at

        assert pilot.wait_on_clock(applied)  # the host applied the move
        assert pilot.wait_on_clock(lambda: play.moves > before)  # and the move came back to Zoé's screen
    finally:
        host.stop.set()
        host.host.close(final=True)


def test_the_host_screen_never_asks_about_a_move_played_on_another_computer(app, pilot, monkeypatch):
    from scenes.lobby import LobbyScene

    monkeypatch.setattr(LobbyScene, "bind", LOOPBACK)
    app.settings.warn_doubling = True
    config = MatchConfig("classic", (SeatConfig("Ann", HUMAN), SeatConfig("Player 2", REMOTE)), end_score=100, seed=3)
    lobby = app.stack.push("lobby", config=config, state=config.new_game())
    pilot.advance()
    guest = RemoteTable(f"ws://{LOOPBACK}:{lobby.host.port}", lobby.host.code, "Zoé")  # new: below Normal
    guest.subscribe(lambda message: guest.next_round() if isinstance(message, RoundOver) else None)
    try:
        assert pilot.wait_on_clock(lambda: lobby.buttons.named("start").enabled)
        lobby.press("start")
        play = app.stack.top
        assert play.name == "play" and play.table.link.hosting
        ann, zoe = make_bot("normal", 1), ChildBot(seed=1)
        flagged = 0

        def something_to_do() -> bool:
            guest.catch_up()
            return (pilot.scene != "play" or guest.acting_human() == 1
                    or (not play.anim.busy and play.acting_human() == 0))

        for _ in range(2000):  # decisions (a game has far fewer)
            assert pilot.scene != "doubling"  # never asked here about Zoé's moves
            if pilot.scene == "gameover" or (flagged and play.table.record.to_act == 0):
                break
            assert pilot.wait_on_clock(something_to_do), "nobody could move"
            if pilot.scene == "round":
                app.stack.top.press("continue")
            elif guest.acting_human() == 1:
                view = guest.view(1)
                action = zoe.decide(view)
                flagged += doubling_warning(view, action) is not None
                assert guest.play(action) is None
            elif not play.anim.busy and play.acting_human() == 0:
                assert play.apply(ann.decide(play.table.view(0)))
            pilot.advance()
        assert flagged >= 1  # Zoé made a move her own screen would have asked about
        assert pilot.scene != "doubling"
    finally:
        guest.close()
