"""What a joining player refuses from a host (docs/network.md, "What a joining player refuses
from a host"): a number out of range, a view of another game, a flood; and how long it keeps
knocking on a host that turns it away. Each host here is a fake one on 127.0.0.1 that says
exactly what the test wants (tests/hostile_host.py); every wait is bounded."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
import time
import tracemalloc

import pytest
from helpers import wait_until
from hostile_host import WAIT, FakeHost, close_with, send, table, view_with, wait_for_close, welcome

from game.net import connection as client_module  # the connection thread lives in connection.py
from game.net.client import CLOSE_SEAT_GONE, CLOSED, CONNECTED, MAX_INBOX, RECONNECTING, NetClient, RemoteTable, Status
from game.net.protocol import MAX_MESSAGE
from game.rules.events import TurnStarted

CODE = "TEST42"


def _with_event(event: dict) -> dict:
    message = table()
    message["events"] = [event]
    return message


def _with_seed(seed: int) -> dict:
    message = welcome()
    message["config"]["seed"] = seed
    return message


HOSTILE = {  # what a host sends, in order: each breaks the game the client was welcomed to
    "a view of 10**20 players": [welcome(), view_with(players=10**20)],
    "a view of 10**8 players": [welcome(), view_with(players=10**8)],
    "a 4-player view after a 2-player welcome": [welcome(2), table(4)],
    "a view of another seat": [welcome(2), table(2, seat=1)],
    "a view of another edition": [welcome(2, "voyage"), table(2, "classic")],
    "a huge round number": [welcome(), view_with(round=10**30)],
    "a negative seat to act": [welcome(), view_with(to_act=-1)],
    "a total of 10**30": [welcome(), view_with(totals=[10**30, 0])],
    "an event at seat 5 of 2": [welcome(), _with_event(TurnStarted(5, False).to_dict())],
    "waiting for a negative seat": [
        welcome(), table(), {"type": "waiting", "seat": -1, "name": "Bo", "why": "joining"}],
    "waiting for seat 7 of 2": [welcome(), table(), {"type": "waiting", "seat": 7, "name": "Bo", "why": "joining"}],
    "a lobby of 4 seats at a 2-player table": [welcome(), {"type": "lobby", "seats": [
        {"name": f"P{n}", "kind": "remote", "taken": False} for n in range(4)]}],
    "a welcome seeded with 10**100": [_with_seed(10**100)],
    "a welcome of 9 seats": [welcome(9, "classic")],
    "deep nesting": [welcome(), '{"type": "notice", "key": "player_back", "args": ' + "[" * 5000 + "]" * 5000 + "}"],
    # the old reader's worst case (issue 38): 64 KiB of a string left open, full of escaped quotes
    "64 KiB of a string left open": [welcome(), '{"type": "notice", "key": "player_back", "args": ["'
                                     + '\\"' * (MAX_MESSAGE // 2 - 40)],
    "a view before any welcome": [table()],
}


def _join_bot(url: str, capsys) -> tuple[int | None, str]:
    """`skyjo join --bot easy` in this process, waited for WAIT seconds at most."""
    from skyjo.cli import main

    result: list[int] = []
    runner = threading.Thread(target=lambda: result.append(main(["join", url, "--code", CODE, "--bot", "easy"])),
                              daemon=True)
    runner.start()
    runner.join(WAIT)
    return (result[0] if result else None), capsys.readouterr().err


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_host_makes_join_bot_say_one_line_and_exit_2(name, capsys):
    with FakeHost([send(*HOSTILE[name])]) as host:
        status, err = _join_bot(host.url, capsys)
    assert status == 2, f"{name}: the joiner did not end ({status})"
    assert err.count("\n") == 1 and "the host sent a bad message" in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_host_closes_the_remote_table_with_the_reason(name):
    with FakeHost([send(*HOSTILE[name])]) as host:
        remote = RemoteTable(NetClient(host.url, CODE, "Ann", reconnect_for=WAIT))
        try:
            assert _until(lambda: remote.client.status == CLOSED), f"{name}: still {remote.client.status}"
        finally:
            remote.close()
    assert remote.client.status_reason.startswith("the host sent a bad message: "), remote.client.status_reason
    assert remote.link.broken == remote.client.status_reason
    assert host.connections == 1  # a host that breaks the protocol is not asked again


def test_whatever_breaks_in_the_connection_thread_closes_it_with_a_reason(monkeypatch):
    def unforeseen(raw):
        raise RuntimeError("something no check foresaw")

    monkeypatch.setattr(client_module, "decode_host", unforeseen)
    with FakeHost([send(welcome(), table())]) as host:
        client = NetClient(host.url, CODE, "Ann", reconnect_for=WAIT)
        client.start()
        try:
            assert _until(lambda: client.status == CLOSED), client.status  # not a thread dead in silence
        finally:
            client.close()
    assert client.status_reason == "the connection failed: RuntimeError: something no check foresaw"


def test_the_join_command_ends_on_a_hostile_host_without_a_traceback():
    with FakeHost([send(welcome(), view_with(players=10**20))]) as host:
        done = subprocess.run([sys.executable, "-m", "skyjo", "join", host.url, "--code", CODE, "--bot", "easy"],
                              capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "the host sent a bad message" in done.stderr, done.stderr


def test_a_host_that_floods_is_left_and_the_inbox_stays_bounded():
    def flood(ws) -> None:
        ws.recv(WAIT)
        for message in (welcome(), table()):
            ws.send(json.dumps(message))
        notice = json.dumps({"type": "notice", "key": "player_back", "args": {"name": "x" * 16}})
        try:
            for _ in range(MAX_INBOX * 5):  # far past the bound; the client leaves first
                ws.send(notice)
        except Exception:  # noqa: BLE001 - the client closed: the flood is over
            pass

    with FakeHost([flood]) as host:
        client = NetClient(host.url, CODE, "Ann", reconnect_for=WAIT)
        client.start()  # (and nobody delivers its messages: a screen far behind)
        try:
            assert _until(lambda: client.status == CLOSED), client.status
        finally:
            client.close()
    assert client.reason.startswith("the host sent too much"), client.reason
    assert client.host_at_fault and host.connections == 1
    assert client.messages.qsize() <= MAX_INBOX + 1  # (+ the closed status)


@pytest.fixture
def quick_retries(monkeypatch):
    monkeypatch.setattr(client_module, "BACKOFF_FIRST", 0.01)
    monkeypatch.setattr(client_module, "BACKOFF_MOST", 0.05)


def test_a_dropped_player_keeps_knocking_on_a_full_host_until_welcomed_again(quick_retries):
    refused = {"type": "refused", "reason": "too many connections to this table", "kind": "hello"}
    scripts = [close_with(1001, "the host stopped", welcome(), table()),  # the connection drops
               close_with(1013, "try again later", refused),  # the host is full, for a while
               "503",  # ... turned away at the handshake
               close_with(1008, "too many connections", refused),
               close_with(1013, "try again later"),
               close_with(1000, "the games are over", welcome(), table())]  # a seat again, then the end
    with FakeHost(scripts) as host:
        client = NetClient(host.url, CODE, "Ann", reconnect_for=WAIT)
        statuses = _statuses(client)
    assert statuses == [CONNECTED, RECONNECTING, CONNECTED, CLOSED], statuses
    assert client.finished and host.connections == 6


def test_a_host_that_says_the_seat_is_gone_stops_the_retries_at_once(quick_retries):
    gone = {"type": "refused", "reason": "this table keeps no seat for that token", "kind": "hello"}
    scripts = [close_with(1001, "the host stopped", welcome(), table()),
               close_with(CLOSE_SEAT_GONE, "the seat is gone", gone),
               close_with(1000, "the games are over", welcome(), table())]  # never reached
    with FakeHost(scripts) as host:
        client = NetClient(host.url, CODE, "Ann", reconnect_for=WAIT)
        statuses = _statuses(client)
    assert statuses == [CONNECTED, RECONNECTING, CLOSED], statuses
    assert client.reason == gone["reason"] and not client.finished and host.connections == 2


def test_a_bot_refuses_a_view_of_10_to_the_8_players_before_building_it(capsys):
    from game.ai.protocol import serve

    view = view_with(players=10**8)
    line = json.dumps({"type": "decide", "view": view["view"], "legal": [[0, "flip", 0, 0]]}) + "\n"
    tracemalloc.start()
    try:
        status = serve("easy", 0, stdin=io.BytesIO(line.encode()), stdout=io.StringIO())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "players" in err, err
    assert peak < 50 * 2**20, f"{peak / 2**20:.0f} MB to refuse one line"


@pytest.mark.parametrize("changes, words", [
    ({"players": 10**20}, "players"),
    ({"round": 10**30}, "round"),
    ({"totals": [10**30, 0]}, "totals"),
])
def test_a_bot_refuses_a_number_out_of_range_in_one_line(changes, words, capsys):
    from game.ai.protocol import serve

    view = view_with(**changes)
    line = json.dumps({"type": "decide", "view": view["view"], "legal": [[0, "flip", 0, 0]]}) + "\n"
    assert serve("easy", 0, stdin=io.BytesIO(line.encode()), stdout=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "Traceback" not in err, err


def test_a_refused_move_can_be_played_again_and_only_a_refused_move():
    """What a refusal means is its `kind`, never its words: after a refused play the seat may
    play again; a refusal of another kind (whatever its text looks like) leaves the move on its way."""
    def referee(ws) -> None:
        ws.recv(WAIT)
        for message in (welcome(), table()):
            ws.send(json.dumps(message))
        ws.recv(WAIT)  # the first play
        ws.send(json.dumps({"type": "refused", "reason": "it is not your turn", "kind": "play"}))
        ws.recv(WAIT)  # the same move, played again
        ws.send(json.dumps({"type": "refused", "reason": '[0, "flip", 0, 0] looks like a play', "kind": "message"}))
        wait_for_close(ws)

    with FakeHost([referee]) as host:
        remote = RemoteTable(NetClient(host.url, CODE, "Ann", reconnect_for=0))
        try:
            assert _until(lambda: remote.update(0) or (remote.ready and remote.acting_human() == 0))
            move = remote.view().legal[0]
            assert remote.play(move) is None and remote.acting_human() is None  # on its way
            assert _until(lambda: remote.update(0) or remote.last_refusal == "it is not your turn")
            assert remote.acting_human() == 0 and remote.play(move) is None  # the seat plays again
            assert _until(lambda: remote.update(0) or (remote.last_refusal or "").startswith("["))
            assert remote.acting_human() is None  # not a refused play: the move is still on its way
        finally:
            remote.close()


# ---------------------------------------------------------------- helpers
def _until(condition, seconds: float = WAIT) -> bool:
    return wait_until(condition, seconds, pause=0.01)


def _statuses(client: NetClient) -> list[str]:
    """The statuses the client reports until it closes (bounded), its messages drained."""
    client.start()
    seen: list[str] = []
    deadline = time.monotonic() + WAIT
    try:
        while time.monotonic() < deadline and CLOSED not in seen:
            try:
                message = client.messages.get(timeout=0.1)
            except Exception:  # noqa: BLE001 - queue.Empty: nothing yet
                continue
            if isinstance(message, Status):
                seen.append(message.status)
    finally:
        client.close()
    return seen


@pytest.mark.slow
def test_a_4_player_view_at_a_2_player_table_sends_the_player_to_the_menu_with_a_message(app, pilot, monkeypatch):

    from scenes.join import JoinScene

    monkeypatch.setattr(JoinScene, "discover", False)
    table_open = threading.Event()

    def host_turns_hostile(ws) -> None:
        ws.recv(WAIT)
        for message in (welcome(2), table(2)):
            ws.send(json.dumps(message))
        table_open.wait(WAIT)  # the play screen shows the 2-player table: now a 4-player view
        ws.send(json.dumps(table(4)))
        try:
            while True:
                ws.recv(WAIT)
        except Exception:  # noqa: BLE001 - the player left
            pass

    with FakeHost([host_turns_hostile]) as host:
        app.stack.push("menu")
        join = app.stack.push("join")
        pilot.advance()
        join.fields["address"].value = host.url.removeprefix("ws://")
        join.fields["code"].value = CODE
        join.press("join")
        assert pilot.wait_on_clock(lambda: pilot.scene == "play", WAIT), join.error
        table_open.set()
        assert pilot.wait_on_clock(lambda: pilot.scene == "menu", WAIT), pilot.scene
        pilot.advance()
    assert len(app.stack) == 1
    assert any("the host sent a bad message" in notice for notice in app.notices), app.notices
