"""Issue 40 item 9: a table found on the network is named after its host's player, not the
machine ("vm's table"): the host's first player here by the name they play under, even the
default "You", which the Join screen words for its reader ("a player's table", never "You's
table"); the machine's name only when nobody plays at the host."""

from __future__ import annotations

import socket

import pytest

from game.match import COMPUTER, HUMAN, REMOTE, MatchConfig, SeatConfig
from scenes.join import JoinScene
from scenes.lobby import LobbyScene


def lobby(app, *seats) -> LobbyScene:
    config = MatchConfig("voyage", seats, seed=1)
    return LobbyScene(app, config, config.new_game())  # (the table opens to the network on entering only)


@pytest.mark.parametrize("host", ["Ann", "You", "Player 1"])
def test_the_table_is_named_after_the_hosts_player_whatever_their_name(app, host):
    scene = lobby(app, SeatConfig(host, HUMAN), SeatConfig("Player 2", REMOTE))
    assert scene.table_name() == host


def test_a_table_with_nobody_playing_at_the_host_is_named_after_the_machine(app):
    scene = lobby(app, SeatConfig("Robin", COMPUTER, "hard"), SeatConfig("Player 2", REMOTE))
    assert scene.table_name() == socket.gethostname().split(".")[0][:16].strip() or "Skyjo"


@pytest.mark.parametrize(("name", "label"), [("Ann", "Ann's table (1 open)"), ("You", "A player's table (1 open)"),
                                             ("Vous", "A player's table (1 open)")])
def test_the_join_screen_words_the_hosts_name_for_its_reader(name, label):
    assert JoinScene.found_label(name, 1) == label


def test_a_headless_hosts_computers_have_a_persons_name_not_their_level():
    """Issue 48: a joiner read "Adaptive 2" across the table from a headless host's computer."""
    import argparse

    from skyjo.commands.host import _config

    args = argparse.Namespace(edition="voyage", seats="remote,adaptive,normal,remote", games=1, port=None, seed=1)
    names = [seat.name for seat in _config(args).seats]
    assert names == ["Player 1", "Robin", "Sasha", "Player 4"]
