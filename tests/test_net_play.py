"""Whole games over loopback: a host (game/net/host.py) runs the table, and our levels play
the remote seats through real clients (game/net/client.py), in both editions; the headless
`skyjo host` and `skyjo join --bot` commands print their JSON lines and exit 0."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from net_tools import CODE, WAIT, BotPlayer, HostThread, match

from game.match import COMPUTER, REMOTE, MatchConfig, SeatConfig
from game.rules import GAME_OVER
from game.table import GameOver, Notice, RoundOver, TableController, TableEvents

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("edition, seats, games", [
    ("voyage", "remote,remote", 2),
    ("classic", "remote,easy,remote,remote", 1),
])
def test_whole_games_with_joined_clients(edition, seats, games):
    hosted = HostThread(match(edition, seats, seed=11), games=games).start()
    players = [BotPlayer(hosted.url, level, seed=n, name=f"Ann {n}")
               for n, level in enumerate(["normal", "easy", "hard"][: seats.count("remote")])]
    results = [player.join() for player in players]
    hosted.finish()
    assert results == [True] * len(players), [p.remote.client.status_reason for p in players]
    assert hosted.winners is not None and len(hosted.winners) == games
    table = hosted.host.table
    assert table.state.phase == GAME_OVER
    names = {table.names[p.remote.sight.seat] for p in players}
    assert names == {f"Ann {n}" for n in range(len(players))}  # the joiners' names took the seats
    for player in players:
        remote = player.remote
        assert remote.games_over == games
        assert sum(isinstance(m, GameOver) for m in player.heard) == games
        assert sum(isinstance(m, RoundOver) for m in player.heard) >= games
        scores = remote.score_view()
        assert scores is not None and scores.totals == tuple(table.state.totals)
        assert scores.winners == tuple(table.state.winners)
        steps = [m for m in player.heard if isinstance(m, TableEvents)]
        assert steps and remote.view().seat == remote.sight.seat
        # the client played its own seat: every action it sent came back in a table step
        assert len(remote.move.round_trips) > 10


def test_every_message_a_hosted_game_sends_is_one_the_client_takes():
    """The host does not check what it builds from its own engine (issue 47): every message it
    sends in whole games, read by the client's decoder, is taken, and each kind is seen."""
    from game.net.protocol import decode_host, encode

    hosted = HostThread(match("classic", "remote,easy,remote", seed=5), games=2)
    sent: list[str] = []
    send = hosted.host.server.send

    def send_and_keep(client, message):
        sent.append(encode(message))
        send(client, message)

    hosted.host.server.send = send_and_keep
    hosted.start()
    players = [BotPlayer(hosted.url, "normal", seed=n, name=f"Ann {n}") for n in range(2)]
    assert [player.join() for player in players] == [True, True]
    hosted.finish()
    kinds = [type(decode_host(text)).__struct_config__.tag for text in sent]
    assert {"welcome", "lobby", "table", "round_over", "game_over"} <= set(kinds), set(kinds)
    assert kinds.count("table") > 100


def test_a_remote_seat_is_never_played_here_unless_substituted():
    config = MatchConfig("voyage", (SeatConfig("Far", REMOTE), SeatConfig("Bot", COMPUTER, "easy")), seed=3)
    table = TableController(config, config.new_game(), speed=0)
    heard = []
    table.subscribe(heard.append)
    table.start()
    assert not table.is_human(0) and table.acting_human() is None
    moved = len(heard)
    for _ in range(50):
        if table.state.to_act == 0:
            break
        table.update(0.01)
    assert table.state.to_act == 0
    before = len(heard)
    for _ in range(50):
        table.update(0.01)
    assert len(heard) == before and table.handoffs == 0  # it waits for the remote player
    table.substitute(0, "easy")
    for _ in range(200):
        table.update(0.01)
        if len(heard) > before:
            break
    assert len(heard) > before > moved - 1  # the stand-in played
    table.substitute(0, None)
    while table.state.to_act != 0:
        table.update(0.01)
    waiting = len(heard)
    for _ in range(30):
        table.update(0.01)
    assert len(heard) == waiting
    assert table.play(table.state.legal_actions()[0]) is None  # its player's action comes in by play()
    table.close()


def _run(*args, timeout=60):
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
def test_host_and_join_commands(tmp_path):
    host = _run("host", "--seats", "remote,hard,remote", "--edition", "classic", "--games", "2", "--seed", "5",
                "--bind", "127.0.0.1", "--json", "--data-dir", str(tmp_path / "host"))
    first = json.loads(host.stdout.readline())
    assert set(first) == {"listening", "code"} and first["listening"].startswith("ws://127.0.0.1:")
    joins = [_run("join", f"{first['listening']}/{first['code']}", "--bot", "easy", "--name", "Zoé"),
             _run("join", first["listening"], "--code", first["code"], "--bot", "normal",
                  "--data-dir", str(tmp_path / "j"))]
    for join in joins:
        out, err = join.communicate(timeout=90)
        assert join.returncode == 0, err
    out, err = host.communicate(timeout=30)
    assert host.returncode == 0, err
    last = json.loads(out.strip().splitlines()[-1])
    assert last["games"] == 2 and len(last["seats"]) == 3
    assert {seat["name"] for seat in last["seats"]} >= {"Zoé", "Normal bot"}
    assert sum(seat["wins"] for seat in last["seats"]) >= 2
    assert "tokens.json" in {p.name for p in (tmp_path / "j").iterdir()}  # the joiner kept its seat token


@pytest.mark.parametrize("args, words", [
    (["host", "--seats", "remote,wizard"], "unknown seat"),
    (["host", "--seats", "easy,hard"], "at least one remote"),
    (["host", "--seats", "remote," * 9 + "remote"], "players"),
    (["host", "--games", "0"], "--games"),
    (["host", "--port", "70000"], "--port"),
    (["host", "--edition", "poker"], "poker"),
    (["join", "http://example.org", "--bot", "easy"], "not an address"),
    (["join", "ws://127.0.0.1:9", "--bot", "easy"], "join code"),
    (["join", "ws://127.0.0.1:9", "--code", "AB", "--bot", "easy", "--name", " "], "--name"),
    (["join", "ws://127.0.0.1:9", "--code", "AB", "--bot", "easy"], "cannot reach"),
])
def test_command_errors_are_one_line_and_status_2(args, words, capsys):
    from skyjo.cli import main

    assert main(args) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


def test_a_client_stops_when_the_games_end_and_says_when_the_host_is_unreachable():
    hosted = HostThread(match("voyage", "remote,easy", seed=2)).start()
    player = BotPlayer(hosted.url, "easy")
    assert player.join() is True
    hosted.finish()
    second = BotPlayer(hosted.url, "easy", code=CODE)  # the host is gone: never reached, said once
    assert second.join(10) is False
    assert second.remote.client.status == "closed" and "cannot reach" in second.remote.client.status_reason
    assert any(isinstance(m, Notice) for m in second.heard)


def test_addresses_typed_by_a_player():
    from game.net import parse_address

    assert parse_address(" 192.168.1.20:50123 ") == "ws://192.168.1.20:50123"
    assert parse_address("ws://host.lan:4000/") == "ws://host.lan:4000"
    for bad in ("192.168.1.20", "http://x:1", "ws://:80", "ws://h:port"):
        with pytest.raises(ValueError):
            parse_address(bad)


def test_the_screens_api_a_lobby_and_a_joined_table(tmp_path):
    """What the lobby and Join screens use: open seats, who joined, `ready` once welcomed and
    dealt, and a resumed table started by its screen (table.start) sent to the players."""
    import random
    import time

    from net_tools import RawClient

    from game.net import NetHost, RemoteTable
    from game.store import Store

    config = match("voyage", "remote,easy", seed=4)
    state = config.new_game()
    chooser = random.Random(4)
    for _ in range(9):
        state.apply(chooser.choice(state.legal_actions()))
    table = TableController(config, state, resumed=True, speed=0)
    host = NetHost(table, CODE, "127.0.0.1", 0)
    try:
        assert host.open_seats() == 1 and host.joined() == {} and host.address == host.url
        remote = RemoteTable(host.url, CODE, "Zoé", store=Store(tmp_path), speed=0.5)
        deadline = time.monotonic() + WAIT  # (only stops a test that would hang)
        while not host.joined() and time.monotonic() < deadline:
            host.pump(0.01)
        assert host.joined() == {0: "Zoé"} and host.open_seats() == 0
        while remote.client.status != "connected" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert remote.client.status == "connected"
        assert not remote.ready  # welcomed, but the game has not started: no table yet
        table.start()  # the screen starts the resumed table itself; the host notices
        while not remote.ready and time.monotonic() < deadline:
            host.pump(0.01)
        assert remote.ready and remote.config is not None and remote.config.seed is None
        assert remote.names == ["Zoé", "Bot 1"] and remote.sight.seat == 0
        assert remote.view().to_act == table.state.to_act  # where the resumed game stands
        late = RawClient(host.url)
        late.send({"type": "hello", "version": 2, "code": CODE, "name": "Late"})
        for _ in range(50):
            host.pump(0.01)
        assert "no open seat" in late.expect("refused")["reason"]
        remote.close()
        assert remote.client.status == "closed"
    finally:
        host.close()
