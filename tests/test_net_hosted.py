"""A table hosted here is one table (game/net/hosted.py): its `update` (or `receive`) plays
what the players on other computers sent, and closing it closes its door too, telling the
players whether the game is over (they stop) or not (they may rejoin the resumed game).
Loopback only; every wait bounded."""

from __future__ import annotations

import socket
import time

import pytest
from helpers import finished_game
from net_tools import CODE, RawClient, match

from game.match import HUMAN, REMOTE, MatchConfig, SeatConfig
from game.net.host import CLOSE_FINAL
from game.net.hosted import HostedTable
from game.net.protocol import PROTOCOL_VERSION
from game.rules import DRAW, OPENING, REPLACE, TAKE, Action

GOING_AWAY = 1001  # the host stopped: come back later


def joined(hosted: HostedTable, take_in) -> RawClient:
    """A player joined through a raw connection, seated by `take_in` (the hosted table's own calls)."""
    raw = RawClient(hosted.host.url)
    raw.send({"type": "hello", "version": PROTOCOL_VERSION, "code": CODE, "name": "Zoé"})
    deadline = time.monotonic() + 10
    while not hosted.host.all_claimed and time.monotonic() < deadline:
        take_in()
        time.sleep(0.01)
    assert hosted.host.all_claimed, "the player was never seated"
    raw.expect("welcome")
    return raw


@pytest.mark.parametrize("finished", [False, True])
def test_closing_a_hosted_table_tells_its_players_whether_the_game_is_over(finished):
    if finished:
        config, state = finished_game(4, end_score=30)
        config = config.with_seat(1, SeatConfig("Zoé", REMOTE))
    else:
        config = match("voyage", "remote,easy", seed=3)
        state = config.new_game()
    hosted = HostedTable(config, state, code=CODE, bind="127.0.0.1", resumed=finished, speed=0)
    raw = joined(hosted, hosted.link.receive if finished else lambda: hosted.update(0.0))
    try:
        assert hosted.names[0 if not finished else 1] == "Zoé" and hosted.link.hosting
        hosted.close()
        assert raw.closed_within()
        assert raw.ws.close_code == (CLOSE_FINAL if finished else GOING_AWAY)
    finally:
        raw.ws.close()


def test_the_hosts_player_may_take_back_a_discard_take_and_the_player_elsewhere_sees_the_pile_again():
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Zoé", REMOTE)), seed=5)
    hosted = HostedTable(config, config.new_game(), code=CODE, bind="127.0.0.1", speed=0)
    controller = hosted  # (the hosted table is the controller: a test plays the other seat through it)
    raw = joined(hosted, lambda: hosted.update(0.0))
    try:
        hosted.start()
        while controller.state.phase == OPENING:  # (both openings played here, as a test may)
            controller.play(controller.state.legal_actions()[0])
        if controller.state.to_act == 1:
            controller.play(Action(1, DRAW))
            controller.play(next(a for a in controller.state.legal_actions() if a.verb == REPLACE))
        top = controller.state.discard_pile[-1]
        assert hosted.play(Action(0, TAKE)) is None and hosted.can_take_back
        assert hosted.take_back() is None
        assert controller.state.discard_pile[-1] == top and controller.state.holding is None
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # the player elsewhere saw the take...
            if raw.expect("table")["action"] == Action(0, TAKE).to_list():
                break
        else:
            raise AssertionError("the player elsewhere was never told of the take")
        standing = raw.expect("table")  # ...then is sent where the game stands: the card on the pile again
        assert standing["events"] == [] and standing["action"] is None
        assert standing["view"]["holding"] is None and standing["view"]["discard_pile"][-1] == top
        hosted.play(Action(0, DRAW))
        assert hosted.take_back() is not None  # a draw from the pile is never taken back
    finally:
        hosted.close()
        raw.ws.close()


def test_a_table_taken_up_again_opens_elsewhere_when_the_port_it_listened_on_is_taken_now():
    config = match("voyage", "remote,easy", seed=3)
    with socket.socket() as busy:  # another program listens on the port the table listened on
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        hosted = HostedTable(config, config.new_game(), code=CODE, bind="127.0.0.1", port=taken, speed=0)
        try:
            assert hosted.host.port != taken
            raw = joined(hosted, hosted.link.receive)  # its players find it at the address it shows
            raw.ws.close()
        finally:
            hosted.close()


def test_a_table_that_cannot_be_opened_to_the_network_says_why():
    config = match("voyage", "remote,easy", seed=3)
    with pytest.raises(OSError):
        HostedTable(config, config.new_game(), code=CODE, bind="192.0.2.1", speed=0)  # (an address of no computer here)
