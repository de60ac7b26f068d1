"""The room server (game/server, `skyjo server`, docs/server.md): rooms made on request and played to
their end through the LAN host's door, honest seat views over this path, limits on rooms made, no
code or token in its log, the plain bind refused, TLS with a test CA (trustme), a bad certificate
in one sentence, and a server killed mid-game that resumes its rooms with the players' clients back
by themselves. Loopback only; every wait is bounded."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import view_json
from net_tools import BotPlayer, kept_rooms

from game.net.protocol import decode_host, encode
from game.net.room_maker import RoomNotMade, make_room
from game.rules import seat_view
from game.server.codes import ROOM_CODE_LENGTH, new_room_code
from game.server.rooms import ROOM_FOLDER
from game.server.serve import RoomServer, ServerOptions
from game.table import TableEvents
from skyjo.bench_server import free_port

ROOT = Path(__file__).resolve().parent.parent
WAIT = 90.0


@pytest.fixture
def server(tmp_path):
    made = RoomServer(ServerOptions(port=0, data_dir=str(tmp_path / "server")))
    yield made
    made.stop()


def _record(room):
    """Every text the room's door sends, with its seat, and every position the table showed."""
    sent, steps = [], []
    door_send = room.door.send

    def send(client, message) -> None:
        sent.append((client.seat, encode(message)))
        door_send(client, message)

    room.door.send = send
    room.table.subscribe(lambda message: isinstance(message, TableEvents)
                         and steps.append((message.events, message.action, room.table.state.clone())))
    return sent, steps


def test_room_codes_are_eight_unambiguous_characters():
    codes = {new_room_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(code) == ROOM_CODE_LENGTH == 8 and not set(code) & set("01OI") for code in codes)


def test_a_room_is_played_to_its_end_and_each_seat_is_sent_only_its_view(server, tmp_path, caplog):
    caplog.set_level(logging.INFO)  # what a server logs at most (the transport's frame-by-frame DEBUG is not a log)
    code = make_room(server.url, ["remote", "normal", "remote"])
    room = server.rooms.rooms[0]
    sent, steps = _record(room)
    players = [BotPlayer(server.url, "normal", seed=n, name=f"P{n}", code=code) for n in (0, 1)]
    assert [player.join(WAIT) for player in players] == [True, True]  # the room started by itself, ended
    assert len(server.rooms) == 0 and server.rooms.ended == 1  # it went with its game
    assert server.rooms.saves.flush() and kept_rooms(tmp_path / "server") == {}  # and so did what was kept of it
    for seat in (0, 2):
        texts = [text for to, text in sent if to == seat]
        tables = [json.loads(text) for text in texts if json.loads(text)["type"] == "table"]
        assert len(tables) == len(steps) > 20
        for message, (events, action, state) in zip(tables, steps):
            view = seat_view(state, seat)
            expected = {"type": "table", "view": view_json(view), "legal": [a.to_list() for a in view.legal],
                        "events": [event.for_seat(seat).to_dict() for event in events],
                        "action": None if action is None else action.to_list()}
            assert message == json.loads(json.dumps(expected))
        for text in texts:
            decode_host(text)  # what a joined seat's program takes
        welcome = next(json.loads(text) for text in texts if json.loads(text)["type"] == "welcome")
        assert welcome["config"]["seed"] is None
    tokens = [json.loads(text)["token"] for _seat, text in sent if json.loads(text)["type"] == "welcome"]
    logged = caplog.text
    assert "room" in logged and code not in logged and tokens and not any(token in logged for token in tokens)


def test_room_creations_are_limited_per_address_and_by_the_servers_size(tmp_path):
    server = RoomServer(ServerOptions(port=0, most_rooms=3))
    try:
        codes = [make_room(server.url, ["remote", "easy"]) for _ in range(3)]
        with pytest.raises(RoomNotMade, match="this server is full"):
            make_room(server.url, ["remote", "easy"])
        assert len(set(codes)) == 3 == len(server.rooms)
    finally:
        server.stop()
    server = RoomServer(ServerOptions(port=0))
    try:
        for _ in range(5):
            make_room(server.url, ["remote", "remote"])
        for _ in range(3):  # a flood from one address makes nothing more
            with pytest.raises(RoomNotMade, match="too many rooms made from your address"):
                make_room(server.url, ["remote", "remote"])
        assert len(server.rooms) == 5
    finally:
        server.stop()


def test_a_room_asked_for_with_bad_seats_is_refused_in_one_line(server):
    with pytest.raises(RoomNotMade, match=r"the server refused: .*at least one seat for a player online"):
        make_room(server.url, ["easy", "normal"])
    with pytest.raises(RoomNotMade, match=r"the server refused: .*edition"):
        make_room(server.url, ["remote", "remote"], edition="poker")
    assert len(server.rooms) == 0


def test_a_hosted_table_makes_no_room():
    from net_tools import HostThread, match

    hosted = HostThread(match("voyage", "remote,remote", seed=1))
    try:
        with pytest.raises(RoomNotMade, match="makes no rooms"):
            make_room(hosted.url, ["remote", "remote"])
    finally:
        hosted.host.close()


def test_rooms_live_in_folders_named_by_the_server(server, tmp_path):
    for name in ("../escape", "a/b", "x" * 100):  # a player's name is kept in the save, never in a path
        code = make_room(server.url, ["remote", "remote"])
        player = BotPlayer(server.url, "easy", name=name[:16], code=code)
        deadline = time.monotonic() + WAIT
        while not server.rooms.rooms[-1].host.tokens and time.monotonic() < deadline:
            time.sleep(0.02)
        player.stop.set()
        player.remote.close()
    server.stop()  # (its rooms written into their folders)
    folders = list((tmp_path / "server" / "rooms").iterdir())
    assert len(folders) == 3 and all(ROOM_FOLDER.fullmatch(folder.name) for folder in folders)
    assert sorted(path.name for path in (tmp_path / "server").rglob("*")
                  if path.parent.name not in {"rooms", *(folder.name for folder in folders)}) == [
        "journal", "rooms", "skyjo.lock"]


@pytest.mark.parametrize("bind", ["0.0.0.0", "::", "192.0.2.7"])
def test_a_plain_bind_off_loopback_is_refused_in_one_line(bind, capsys):
    from skyjo.cli import main

    assert main(["server", "--bind", bind]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "refusing plain ws://" in err and "--tls-cert" in err


def _ca(tmp_path):
    trustme = pytest.importorskip("trustme")
    ca = trustme.CA()
    issued = ca.issue_cert("127.0.0.1")
    paths = {name: tmp_path / f"{name}.pem" for name in ("ca", "cert", "key")}
    ca.cert_pem.write_to_path(str(paths["ca"]))
    issued.private_key_pem.write_to_path(str(paths["key"]))
    issued.cert_chain_pems[0].write_to_path(str(paths["cert"]))
    with paths["cert"].open("ab") as chain:  # the whole chain in one file
        for pem in issued.cert_chain_pems[1:]:
            chain.write(pem.bytes())
    return paths


def test_a_certificate_the_client_does_not_trust_is_one_sentence(tmp_path, monkeypatch, capsys):
    from skyjo.cli import main

    paths = _ca(tmp_path)
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    server = RoomServer(ServerOptions(port=0, tls=(str(paths["cert"]), str(paths["key"]))))
    try:
        assert server.url.startswith("wss://127.0.0.1:")
        assert main(["room", "new", server.url]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "the certificate of 127.0.0.1 could not be checked" in err
        assert "Traceback" not in err
        assert main(["join", server.url, "--room", "ABCDEFGH", "--bot", "easy"]) == 2  # a player's program too
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "the certificate of 127.0.0.1 could not be checked" in err
        monkeypatch.setenv("SSL_CERT_FILE", str(paths["ca"]))  # the test CA trusted: the same server is fine
        assert len(make_room(server.url, ["remote", "remote"])) == ROOM_CODE_LENGTH
    finally:
        server.stop()


def test_a_certificate_that_does_not_load_is_one_line(tmp_path, capsys):
    from skyjo.cli import main

    (tmp_path / "bad.pem").write_text("not a certificate")
    assert main(["server", "--tls-cert", str(tmp_path / "bad.pem"), "--tls-key", str(tmp_path / "bad.pem")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot use the certificate" in err


# ---------------------------------------------------------------- real processes


def _run(*args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def _wait_for(check, what: str, most: float = WAIT) -> None:
    deadline = time.monotonic() + most
    while not check():
        assert time.monotonic() < deadline, f"waited {most:g} s for {what}"
        time.sleep(0.01)


@pytest.mark.slow
def test_a_room_over_tls_survives_sigkill_and_is_played_to_its_end(tmp_path):
    paths = _ca(tmp_path)
    env = {**os.environ, "SSL_CERT_FILE": str(paths["ca"]), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    port, data = free_port(), tmp_path / "server"
    serve = ("server", "--port", str(port), "--tls-cert", str(paths["cert"]), "--tls-key", str(paths["key"]),
             "--data-dir", str(data), "--json")
    first = _run(*serve, env=env)
    try:
        listening = json.loads(first.stdout.readline())
        assert listening["listening"] == f"wss://127.0.0.1:{port}" and listening["resumed"] == 0
        made = subprocess.run([sys.executable, "-m", "game", "room", "new", listening["listening"], "--seats",
                               "online,online,normal", "--json"], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=60)
        assert made.returncode == 0, made.stderr
        room = json.loads(made.stdout)
        assert room["url"] == f"{listening['listening']}/{room['room']}"
        joins = [_run("join", listening["listening"], "--room", room["room"], "--bot", level,
                      "--data-dir", str(tmp_path / level), env=env) for level in ("normal", "easy")]
        saves = kept_rooms(data)  # (its journal, the server running)
        assert len(saves) == 1
        seated = next(iter(saves.values()))
        _wait_for(lambda: all((tmp_path / level / "tokens.json").exists() for level in ("normal", "easy")),
                  "both seats taken")
        _wait_for(lambda: list(kept_rooms(data).values()) != [seated], "a move saved")
        first.kill()  # SIGKILL, mid-game
        first.wait(10)
    finally:
        if first.poll() is None:
            first.kill()
    second = _run(*serve, env=env)
    try:
        assert json.loads(second.stdout.readline())["resumed"] == 1
        for join in joins:  # the players' programs came back by themselves, with their seat tokens
            out, err = join.communicate(timeout=WAIT)
            assert join.returncode == 0, err
        second.send_signal(signal.SIGTERM)
        out, err = second.communicate(timeout=30)
        assert second.returncode == 0, err
        assert kept_rooms(data) == {} and not list(data.glob("rooms/*"))  # the room went with its game
        summary = json.loads(out.strip().splitlines()[-1])
        assert summary["stopped"] is True and summary["rooms_ended"] == 1 and summary["signal"] == "SIGTERM"
        assert "Traceback" not in err
    finally:
        if second.poll() is None:
            second.kill()
        for join in joins:
            if join.poll() is None:
                join.kill()


def test_a_room_nobody_is_connected_to_goes_after_the_idle_time(tmp_path):
    server = RoomServer(ServerOptions(port=0, data_dir=str(tmp_path / "server"), idle_after=0.2))
    try:
        make_room(server.url, ["remote", "remote"])
        kept = make_room(server.url, ["remote", "remote"])
        player = BotPlayer(server.url, "easy", code=kept)  # connected to the second room: it stays
        _wait_for(lambda: any(room.connected for room in server.rooms.rooms), "the player seated")
        time.sleep(0.3)
        server.on_loop(server.rooms._sweep)
        assert len(server.rooms) == 1 and server.rooms.rooms[0].connected == 1
        assert server.rooms.saves.flush()  # (folders go off the loop, after the room's saves)
        assert len(kept_rooms(tmp_path / "server")) == 1
        player.stop.set()
        player.remote.close()
    finally:
        server.stop()


def test_a_computer_seat_thinking_holds_up_no_other_room(tmp_path, monkeypatch):
    import threading

    import game.server.pool as pool_module
    from game.ai import make_bot

    asked, release = threading.Event(), threading.Event()

    class Stuck:
        """Thinks until the test lets it go (a very slow Expert)."""

        name = "stuck"

        def decide(self, view):
            asked.set()
            release.wait(WAIT)
            return make_bot("easy", 0).decide(view)

    real = pool_module.make_worker

    class Made:
        def __init__(self, level, seed) -> None:
            self.bot = Stuck() if level == "expert" else real(level, seed).bot

    monkeypatch.setattr(pool_module, "make_worker", Made)
    server = RoomServer(ServerOptions(port=0))
    try:
        slow = make_room(server.url, ["expert", "remote"])  # the computer seat acts first and thinks for ever
        waiting = BotPlayer(server.url, "easy", name="Waits", code=slow)
        assert asked.wait(WAIT)
        fast = make_room(server.url, ["remote", "remote"])
        players = [BotPlayer(server.url, "normal", seed=n, name=f"P{n}", code=fast) for n in (0, 1)]
        assert [player.join(WAIT) for player in players] == [True, True]  # played to its end meanwhile
        assert not release.is_set() and len(server.rooms) == 1
        release.set()
        waiting.stop.set()
        waiting.remote.close()
    finally:
        release.set()
        server.stop()


@pytest.mark.slow
def test_strangers_guessing_codes_and_sending_junk_leave_a_room_playing_alone(server):
    from net_tools import RawClient

    from game.net.protocol import PROTOCOL_VERSION

    code = make_room(server.url, ["remote", "remote", "normal"])
    players = [BotPlayer(server.url, "normal", seed=n, name=f"P{n}", code=code) for n in (0, 1)]
    _wait_for(lambda: len(server.rooms.rooms[0].host.tokens) == 2, "both seats taken")
    reasons = []
    for guess in range(14):  # from the players' own address: their seats' tokens still let them back
        stranger = RawClient(server.url)
        stranger.send({"type": "hello", "version": PROTOCOL_VERSION, "code": f"ZZZZZZ{guess:02d}", "name": "X"})
        reasons.append(stranger.expect("refused")["reason"])
        stranger.close()
    junk = RawClient(server.url)
    junk.send("[" * 5000 + "]" * 5000)
    assert "nest" in junk.expect("refused")["reason"]
    junk.close()
    assert reasons[:10] == ["wrong join code"] * 10
    assert all("too many wrong join codes from your address" in reason for reason in reasons[10:])
    assert [player.join(WAIT) for player in players] == [True, True]


def test_a_server_offers_only_the_levels_it_says(capsys):
    from skyjo.cli import main

    server = RoomServer(ServerOptions(port=0, levels=("easy", "normal")))
    try:
        with pytest.raises(RoomNotMade, match="the computer levels offered are easy, normal, not expert"):
            make_room(server.url, ["remote", "expert"])
        assert len(make_room(server.url, ["remote", "normal"])) == ROOM_CODE_LENGTH
    finally:
        server.stop()
    assert main(["server", "--levels", "easy,grandmaster"]) == 2
    assert "--levels lists levels among easy, normal, hard, expert" in capsys.readouterr().err
    assert main(["server", "--levels", " , "]) == 2  # (a room could have no computer, and no offer says so)
    assert "--levels lists at least one of easy, normal, hard, expert" in capsys.readouterr().err


def test_behind_a_tls_proxy_the_limits_count_the_address_it_names():
    from net_tools import RawClient
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    from game.net.protocol import PROTOCOL_VERSION

    server = RoomServer(ServerOptions(port=0, proxies=frozenset({"127.0.0.1"})))

    def first_answer(message: dict, forwarded: str | None) -> str:
        headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
        client = RawClient(server.url, additional_headers=headers)
        try:
            client.send(message)
        except ConnectionClosed:  # turned away at once, before its first message: the refusal came first
            pass
        answer = client.receive()
        client.close()
        assert answer is not None
        return answer.get("reason") or answer["code"]

    def guess(forwarded: str | None) -> str:
        return first_answer({"type": "hello", "version": PROTOCOL_VERSION, "code": "ZZZZZZZZ", "name": "X"},
                            forwarded)

    def create(forwarded: str) -> str:
        return first_answer({"type": "create", "version": PROTOCOL_VERSION, "seats": ["remote", "easy"]}, forwarded)

    try:
        assert [guess("203.0.113.1") for _ in range(10)] == ["wrong join code"] * 10
        assert "too many wrong join codes from your address" in guess("203.0.113.1")
        assert "too many wrong join codes from your address" in guess("10.9.9.9, 203.0.113.1")  # the proxy's own
        assert guess("203.0.113.1, 198.51.100.2") == "wrong join code"  # another player: its own count
        assert "the proxy did not say whom it connects for" in guess(None)
        assert "the proxy did not say" in guess("not an address")
        assert [len(create("203.0.113.5")) for _ in range(5)] == [ROOM_CODE_LENGTH] * 5
        assert "too many rooms made from your address" in create("203.0.113.5")
        assert len(create("203.0.113.6")) == ROOM_CODE_LENGTH
        if sys.platform.startswith("linux"):  # 127.0.0.2 is this machine too, but not the proxy: turned away
            with pytest.raises((OSError, InvalidHandshake, ConnectionClosed)):
                RawClient(server.url, source_address=("127.0.0.2", 0))
    finally:
        server.stop()
    wide = RoomServer(ServerOptions(bind="0.0.0.0", port=0, proxies=frozenset({"192.0.2.10"})))  # not refused
    wide.stop()


def test_a_server_caps_the_thinking_of_a_computer_decision_and_says_so_to_the_rooms_maker(capsys):
    from game.ai.expert import ExpertBot
    from skyjo.cli import main

    server = RoomServer(ServerOptions(port=0, levels=("normal", "expert"), most_think_ms=40))
    try:
        assert main(["room", "new", server.url, "--seats", "online,expert", "--json"]) == 0
        made = json.loads(capsys.readouterr().out)
        assert made["levels"] == ["normal", "expert"] and made["most_think_ms"] == 40
        assert main(["room", "new", server.url, "--seats", "online,normal"]) == 0
        assert "(computer levels here: normal, expert, at most 40 ms a decision)" in capsys.readouterr().out
        worker = server.pool.factory(lambda: None)("expert", 1)  # what the room's Expert thinks with
        assert isinstance(worker._bot, ExpertBot) and worker._bot.budget_ms == 40
        assert server.pool.factory(lambda: None)("normal", 1)._bot.name == "normal"
    finally:
        server.stop()
    assert main(["server", "--most-think-ms", "0"]) == 2
    assert "--most-think-ms must be from 1 to 10000" in capsys.readouterr().err


def test_the_rooms_made_per_address_and_by_everybody_are_the_servers_to_set():
    server = RoomServer(ServerOptions(port=0, rooms_made=(2, 3)))
    try:
        assert len({make_room(server.url, ["remote", "easy"]) for _ in range(2)}) == 2
        with pytest.raises(RoomNotMade, match="too many rooms made from your address"):
            make_room(server.url, ["remote", "easy"])
    finally:
        server.stop()


@pytest.mark.slow
def test_bench_server_plays_its_rooms_to_the_end_and_prints_its_figures():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "game", "bench", "server", "--rooms", "2", "--think-ms", "0",
                           "--json"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["rooms"] == figures["rooms_ended"] == 2 and figures["connections"] == 6
    assert figures["moves"] > 40 and figures["round_trips"] > 20 and figures["problems"] == []
    for key in ("moves_per_second", "round_trip_p50_ms", "round_trip_p99_ms", "server_cpu_seconds_per_move",
                "rss_per_room_mb", "server_rss_mb", "load"):
        assert figures[key] is not None, key
    said = figures["servers_said"][0]  # the server's summary line: its loop's lag, full collections and saves
    assert said["loop_lag"]["ticks"] > 0 and said["saves"]["written"] > 40 and said["saves"]["p99_ms"] > 0
    assert said["collector"]["frozen_objects"] > 0 and figures["clients_collector"]["frozen_objects"] > 0
    assert figures["clients_loop_lag"]["ticks"] > 0


def test_a_server_says_what_its_rooms_computers_may_do_to_a_client_not_seated():
    """`ask_offer` (issue 49): the levels the server offers, from the easiest whatever order
    `--levels` gave, and the most a decision thinks; then the connection closes. Asked on a seated
    connection, it is refused like a second hello; a hosted table says it makes no rooms."""
    from net_tools import HostThread, RawClient, match

    from game.net.protocol import PROTOCOL_VERSION
    from game.net.room_maker import OfferNotKnown, ask_offer

    server = RoomServer(ServerOptions(port=0, levels=("normal", "easy"), most_think_ms=250))
    try:
        offer = ask_offer(server.url)
        assert (offer.levels, offer.most_think_ms) == (["easy", "normal"], 250)
        raw = RawClient(server.url)
        raw.send({"type": "ask_offer", "version": PROTOCOL_VERSION})
        assert raw.receive() == {"type": "offer", "levels": ["easy", "normal"], "most_think_ms": 250}
        assert raw.closed_within()
        code = make_room(server.url, ["remote", "easy"])
        seated = RawClient(server.url)
        seated.hello(code, "Ann")
        seated.send({"type": "ask_offer", "version": PROTOCOL_VERSION})
        assert seated.expect("refused")["reason"] == "a room is asked for on a connection of its own"
        seated.close()
        old = RawClient(server.url)
        old.send({"type": "ask_offer", "version": 1})
        assert "protocol version 2, not 1" in old.expect("refused")["reason"]
        assert len(server.rooms) == 1  # asking made no room
    finally:
        server.stop()
    hosted = HostThread(match("voyage", "remote,remote", seed=1))
    try:
        with pytest.raises(OfferNotKnown, match=r"the server refused: .*makes no rooms"):
            ask_offer(hosted.url)
    finally:
        hosted.host.close()


def test_asking_what_a_server_offers_meets_the_wrong_code_limits_of_a_hello():
    from net_tools import RawClient

    from game.net.protocol import PROTOCOL_VERSION
    from game.net.room_maker import OfferNotKnown, ask_offer

    server = RoomServer(ServerOptions(port=0))
    try:
        for guess in range(10):
            stranger = RawClient(server.url)
            stranger.send({"type": "hello", "version": PROTOCOL_VERSION, "code": f"ZZZZZZ{guess:02d}", "name": "X"})
            assert stranger.expect("refused")["reason"] == "wrong join code"
            stranger.close()
        with pytest.raises(OfferNotKnown, match="too many wrong join codes from your address"):
            ask_offer(server.url)
    finally:
        server.stop()


def test_a_server_that_does_not_know_the_question_is_one_line(monkeypatch):
    """An older server (protocol 2 before `ask_offer`) refuses it as a message type it does not know;
    a port nobody answers on, or a server that says nothing, is one line too, within the wait."""
    import socket

    from game.net import listener, protocol
    from game.net.room_maker import OfferNotKnown, ask_offer
    from game.wire.reading import Family

    older = Family(protocol.Hello | protocol.Play | protocol.Ready | protocol.Bye | protocol.Create,
                   unknown=protocol.UNKNOWN_TYPE)
    monkeypatch.setattr(listener, "decode_client", lambda raw: protocol.parse(raw, older))
    server = RoomServer(ServerOptions(port=0))
    try:
        with pytest.raises(OfferNotKnown, match="the server refused: unknown message type"):
            ask_offer(server.url)
        assert len(make_room(server.url, ["remote", "easy"])) == ROOM_CODE_LENGTH  # (it still makes rooms)
    finally:
        server.stop()
    with pytest.raises(OfferNotKnown, match="cannot reach"):
        ask_offer(f"ws://127.0.0.1:{free_port()}")
    with socket.create_server(("127.0.0.1", 0)) as silent, pytest.raises(OfferNotKnown, match="cannot reach"):
        ask_offer(f"ws://127.0.0.1:{silent.getsockname()[1]}", wait=0.5)  # (it accepts, never speaks WebSocket)


def test_a_server_that_turns_a_connection_away_at_once_is_heard_saying_why():
    """Turned away as it connects (here every connection: no room may be made, so none may connect),
    the question and the room's maker still read the server's refusal, whether it came before or
    after what they sent (before: their send met a closed connection, and said only that)."""
    from game.net.room_maker import OfferNotKnown, ask_offer

    server = RoomServer(ServerOptions(port=0, most_rooms=0))
    try:
        for _try in range(5):  # (the close and the send race: each way, a few times)
            with pytest.raises(OfferNotKnown, match="the server refused: too many connections"):
                ask_offer(server.url)
            with pytest.raises(RoomNotMade, match="the server refused: too many connections"):
                make_room(server.url, ["remote", "easy"])
    finally:
        server.stop()
