"""Drops and crashes: a player whose connection drops mid-round gets their seat back with its
token and the game finishes; a host restarted from its autosave (the same data folder)
honours the seat tokens, and the players rejoin and finish the game."""

from __future__ import annotations

import socket

import pytest
from helpers import wait_until
from net_tools import WAIT, BotPlayer, HostThread, match

from game.store import Store
from game.table import Notice, TableController, TableEvents


def _steps(player: BotPlayer) -> int:
    return sum(isinstance(message, TableEvents) for message in player.heard)


def _wait_for(condition, timeout: float = WAIT) -> bool:
    return wait_until(condition, timeout)


def _notices(player: BotPlayer) -> list[str]:
    return [message.sentence.worded() for message in player.heard if isinstance(message, Notice)]


def _cut(player: BotPlayer) -> None:
    """The network fails under the client: no close frame, just a dead connection."""
    ws = player.remote.client.line.now()
    assert ws is not None
    ws.socket.shutdown(socket.SHUT_RDWR)


def test_a_dropped_player_gets_their_seat_back_and_the_game_finishes(tmp_path):
    config = match("voyage", "remote,easy,remote", seed=21, end_score=30)
    hosted = HostThread(config).start()
    ann = BotPlayer(hosted.url, "normal", seed=1, name="Ann", store=Store(tmp_path / "ann"))
    bob = BotPlayer(hosted.url, "easy", seed=2, name="Bob")
    assert _wait_for(lambda: _steps(ann) >= 12)
    seat = ann.remote.sight.seat
    token = ann.remote.client.claim.token
    _cut(ann)
    assert ann.join() is True and bob.join() is True
    hosted.finish()
    assert ann.remote.sight.seat == seat and ann.remote.client.claim.token == token
    assert "Connection lost: reconnecting…" in _notices(ann) and "Reconnected" in _notices(ann)
    assert any("Waiting for Ann" in text for text in _notices(bob)) and "Ann is back." in _notices(bob)
    assert hosted.host.table.state.is_terminal
    assert Store(tmp_path / "ann").tokens.get(ann.remote.client.claim.key) == token  # kept in the player's data folder


@pytest.mark.slow
def test_a_host_restarted_from_its_autosave_finishes_the_game_with_the_same_players(tmp_path):
    folder = tmp_path / "host"
    config = match("classic", "remote,remote,easy", seed=8, end_score=40)
    store = Store(folder)
    table = TableController(config, config.new_game(), store, speed=0)
    hosted = HostThread(config, table=table, store=store).start()
    ann = BotPlayer(hosted.url, "normal", seed=1, name="Ann")
    bob = BotPlayer(hosted.url, "normal", seed=2, name="Bob")
    assert _wait_for(lambda: _steps(ann) >= 25)
    hosted.stop.set()  # the host "crashes": its loop stops, the players lose the connection
    hosted.thread.join(5)
    hosted.host.close(final=False)
    seats = {name: player.remote.sight.seat for name, player in (("Ann", ann), ("Bob", bob))}
    tokens = dict(hosted.host.tokens)
    assert _wait_for(lambda: ann.remote.client.status == "reconnecting", 10)

    again = Store(folder)
    saved = again.saves.load()
    assert saved is not None
    config2, state = saved
    assert {config2.seats[seat].name for seat in seats.values()} == {"Ann", "Bob"}
    table2 = TableController(config2, state, again, resumed=True, speed=0)
    restarted = HostThread(config2, table=table2, store=again, resume=True, port=hosted.host.port).start()
    assert restarted.host.tokens == tokens and restarted.host.code == hosted.host.code
    assert ann.join() is True and bob.join() is True
    restarted.finish()
    assert table2.state.is_terminal
    assert {name: player.remote.sight.seat for name, player in (("Ann", ann), ("Bob", bob))} == seats
    assert "Reconnected" in _notices(ann)
