"""The table screen drives a `Table` (game/table/shape.py) and nothing else: who is away on
another computer, the computer standing in for them, a table broken for good, all come from
the table's declared members, whatever kind of table it is. Here a table run here says what
a hosted or a joined one would, with no network at all; a joined table gives out no match
and no view before its host has welcomed it (never a None the screen would draw)."""

from __future__ import annotations

import socket

import pygame
import pytest
from helpers import key_event
from pilot import Pilot

from game.match import HUMAN, REMOTE, MatchConfig, SeatConfig
from game.net.client import NetClient, RemoteTable
from game.table import Alone, TableController
from scenes.menu import MenuScene
from scenes.play import PlayScene


class SayingLink(Alone):
    """A link that answers as a hosted table's does, from values the test sets (a hosted
    table's link reads them from its network host)."""

    def __init__(self) -> None:
        self.away: set[int] = set()
        self.standing_in = False
        self.broke: str | None = None

    @property
    def hosting(self) -> bool:
        return True

    @property
    def broken(self) -> str | None:
        return self.broke

    @property
    def away_seats(self) -> set[int]:
        return self.away

    @property
    def stand_in(self) -> bool:
        return self.standing_in

    @stand_in.setter
    def stand_in(self, on: bool) -> None:
        self.standing_in = on


class SayingTable(TableController):
    """A table run here whose link answers as a hosted table's does."""

    def __init__(self, config: MatchConfig) -> None:
        super().__init__(config, config.new_game())
        self.said = SayingLink()

    @property
    def link(self) -> SayingLink:
        return self.said


def table_screen(app) -> tuple[PlayScene, SayingTable]:
    pilot = Pilot(app)
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Zoé", REMOTE)), seed=8)
    table = SayingTable(config)
    app.stack.push(MenuScene(app))
    play = app.stack.push(PlayScene(app, table=table))
    pilot.advance(3)
    return play, table


def test_the_screen_says_who_lost_the_connection_and_who_came_back_as_the_table_says(app, pilot):
    play, table = table_screen(app)
    table.said.away = {1}
    pilot.advance(1)
    assert "Zoé lost the connection" in play.board.banner and play.notice.line == play.board.banner
    table.said.away = set()
    pilot.advance(1)
    assert play.board.banner == "Zoé is back."


def test_the_pause_menu_lets_a_computer_stand_in_at_a_table_that_serves_other_computers(app):
    play, table = table_screen(app)
    play.handle_event(key_event(pygame.K_ESCAPE))
    pause = app.stack.top
    assert pause.name == "pause" and pause.buttons.named("stand_in").label.endswith("off")
    pause.press("stand_in")
    assert table.said.standing_in and play.table.link.stand_in and pause.buttons.named("stand_in").label.endswith("on")


def test_a_table_broken_for_good_leaves_for_the_menu_saying_why(app, pilot):
    play, table = table_screen(app)
    table.said.broke = "the host sent a bad message: a view of seat 3"
    pilot.advance(1)
    assert pilot.scene == "menu" and not play.on_stack
    assert app.notices[-1] == "The network game stopped: the host sent a bad message: a view of seat 3"


def test_a_joined_table_gives_no_match_and_no_view_before_the_host_welcomed_it():
    with socket.socket() as probe:  # a loopback port nobody listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    remote = RemoteTable(NetClient(f"ws://127.0.0.1:{port}", "TEST42", "Ann", reconnect_for=0))
    try:
        assert not remote.ready
        with pytest.raises(RuntimeError, match="welcomed"):
            remote.config  # noqa: B018
        with pytest.raises(RuntimeError, match="no table"):
            remote.view()
    finally:
        remote.close()
