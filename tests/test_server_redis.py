"""Several server processes on one Redis (issue 49 item 2, docs/server.md "Several processes on one
Redis"), against a real redis-server (tests/redis_tools.py; skipped, saying so, where it is not
installed): a room lives in one process, its lease says which, and any process sends a client on;
a room made on one process is played by clients that asked the other; the lease is claimed
atomically and every write is fenced by it; a process SIGKILLed mid-game loses no room, no move and
no seat; every key stays under the prefix, whatever a stranger sends. Loopback only; every wait is
bounded; every process a test starts is stopped."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from net_tools import BotPlayer, RawClient
from redis_tools import all_keys, free_port, redis_server

from game.net.connection import redirect_target
from game.net.room_maker import make_room
from game.rules.events import GameOver as GameOverEvent
from game.server.serve import RoomServer, ServerOptions
from game.server.shared import Share
from game.table import Notice, TableEvents

ROOT = Path(__file__).resolve().parent.parent
WAIT = 120.0
PREFIX = "t49:"


@pytest.fixture
def redis_url(tmp_path):
    yield from redis_server(tmp_path / "redis")


@pytest.fixture
def two(redis_url):
    """Two server processes' worth (in this one) on one Redis (a lease no busy machine lets lapse here)."""
    made = [RoomServer(ServerOptions(redis=redis_url, redis_prefix=PREFIX, lease=60.0)) for _ in range(2)]
    yield made
    for server in made:
        server.stop()


class Recorder(BotPlayer):
    """A bot at a seat that keeps every position its seat was shown (public facts only) and the move
    that led there (None: a deal, or where the game stands after a reconnect)."""

    def __init__(self, url: str, seed: int, code: str) -> None:
        self.seen: list[tuple[tuple, object]] = []
        super().__init__(url, "normal", seed=seed, name=f"R{seed}", code=code)
        self.remote.subscribe(self._shown)

    def _shown(self, message) -> None:
        if isinstance(message, TableEvents):
            view = self.remote.sight.view
            assert view is not None  # (a table message sets it before its observers hear)
            self.seen.append(((view.round, view.phase, view.to_act, view.source, view.discard_pile, view.draw_pile,
                               view.grids, view.removed, view.totals, view.round_scores), message.action))
            for event in message.events:
                if isinstance(event, GameOverEvent):
                    self.winners = event.winners

    winners: tuple[int, ...] = ()


def check_histories(recorders: list[Recorder]) -> int:
    """The positions the seats were shown tell one game: from any position one move only, the same
    for every seat (no move played twice or differently), and no seat ever shown a position it had
    left (nothing rolled back); each game ends with winners. How many moves were seen in all."""
    after: dict[tuple, tuple[object, tuple]] = {}
    for recorder in recorders:
        assert recorder.winners, "the game ended with no winner shown"
        left: set[tuple] = set()
        for (before, _), (position, move) in zip(recorder.seen, recorder.seen[1:]):
            if position != before:
                left.add(before)
                assert position not in left, "a seat was shown a position it had left: a move undone"
            if move is not None:
                assert after.setdefault(before, (move, position)) == (move, position), "two moves from one position"
    assert len({recorder.seen[-1][0] for recorder in recorders}) == 1, "the seats ended in different positions"
    return len(after)


# ---------------------------------------------------------------- in this process: two servers' worth
def test_a_client_that_asks_the_wrong_process_is_sent_on_and_plays(two, redis_url):
    a, b = two
    code = make_room(a.url, ["remote", "normal", "remote"])
    assert len(a.rooms) == 1 and len(b.rooms) == 0  # made where it was asked for
    players = [Recorder(b.url, seed, code) for seed in (1, 2)]  # both ask the process that does not run it
    assert [player.join(WAIT) for player in players] == [True, True]
    assert [player.remote.client.url for player in players] == [a.url, a.url]  # sent on, and played there
    assert a.rooms.ended == 1 and len(b.rooms) == 0
    assert check_histories(players) > 20
    keys = all_keys(redis_url)
    assert keys and all(key.startswith(PREFIX) for key in keys)
    assert [key for key in keys if ":room:" in key] == [key for key in keys if key.endswith(":over")]  # only "over"
    assert not any(code in key for key in keys)  # the code is never a key's name


def test_a_room_made_on_either_process_lives_there(two):
    a, b = two
    made_on_b = make_room(b.url, ["remote", "easy"])
    assert len(b.rooms) == 1 and len(a.rooms) == 0
    raw = RawClient(a.url)  # a hello to the other process: a redirect, then the close
    raw.send({"type": "hello", "version": 2, "code": made_on_b, "name": "Ann"})
    assert raw.expect("redirect") == {"type": "redirect", "url": b.url}
    assert raw.closed_within()


def test_a_process_stopped_lets_its_rooms_go_and_the_other_takes_them_at_once(redis_url, caplog):
    """SIGTERM (stop): the room's lease is let go, so its players, back through the other process,
    play on there without waiting for the lease (an hour here) to lapse. The log names no code or token."""
    caplog.set_level(logging.INFO)
    first = RoomServer(ServerOptions(redis=redis_url, redis_prefix=PREFIX, lease=3600.0))
    second = RoomServer(ServerOptions(redis=redis_url, redis_prefix=PREFIX, lease=3600.0))
    try:
        code = make_room(first.url, ["remote", "remote"])
        players = [Recorder(second.url, seed, code) for seed in (1, 2)]
        deadline = time.monotonic() + WAIT
        while min(len(player.seen) for player in players) < 8:
            assert time.monotonic() < deadline, "the game did not get going"
            time.sleep(0.01)
        assert first.stop()["rooms_saved"] == 1
        stranger = RawClient(second.url)  # the room, on the other process now, keeps its seats for their players
        stranger.send({"type": "hello", "version": 2, "code": code, "name": "Eve"})
        assert stranger.expect("refused")["reason"] == "no open seat at this table"
        assert [player.join(WAIT) for player in players] == [True, True]
        assert second.rooms.ended == 1 and second.shared is not None and second.shared.taken_over == 1
        assert check_histories(players) > 20
        tokens = [player.remote.client.claim.token for player in players]
        assert "taken over" in caplog.text and all(tokens) and code not in caplog.text
        assert not any(token in caplog.text for token in tokens if token)
    finally:
        for server in (first, second):
            if server.server._thread.is_alive():
                server.stop()


def test_a_code_no_process_runs_is_a_wrong_code_and_an_ended_one_says_so(two):
    a, b = two
    raw = RawClient(b.url)
    raw.send({"type": "hello", "version": 2, "code": "ZZZZZZZZ", "name": "Ann"})
    assert raw.expect("refused")["reason"] == "wrong join code"
    code = make_room(a.url, ["remote", "easy"])
    assert BotPlayer(a.url, "normal", code=code).join(WAIT) is True
    late = RawClient(b.url)  # a player back after the end, at the other process
    late.send({"type": "hello", "version": 2, "code": code, "name": "Ann", "token": "x" * 32})
    assert late.expect("refused")["reason"] == "the game is over"
    assert late.closed_within() and late.ws.close_code == 1000  # the client stops, its game over


def test_a_stranger_never_makes_the_server_write_outside_its_prefix(two, redis_url):
    import redis

    outside = redis.Redis.from_url(redis_url)
    outside.set("someone-else:key", b"theirs")
    a, _b = two
    odd = ["../../etc", "*", "t49:secret", "{x}:lease", "\\u0000", "KEYS *", "a" * 16, "é€𝄞", "' OR 1", "\t"]
    for code in odd:
        for server in two:
            raw = RawClient(server.url)
            raw.send(json.dumps({"type": "hello", "version": 2, "code": code, "name": "Eve", "token": code or "t"}))
            raw.closed_within()
    for edition in ("voyage", "../x", "classic"):  # (a made room's keys are named by its code's digest)
        raw = RawClient(a.url)
        raw.send({"type": "create", "version": 2, "seats": ["remote", "easy"], "edition": edition})
        raw.closed_within()
    keys = all_keys(redis_url)
    assert set(keys) - {"someone-else:key"} and all(key.startswith(PREFIX) for key in keys if key != "someone-else:key")
    assert outside.get("someone-else:key") == b"theirs"
    assert len([key for key in keys if key.endswith(":lease")]) == 2  # the two rooms made, nothing else
    outside.close()


def test_a_player_hears_of_a_seat_or_a_move_only_once_redis_holds_it(two, redis_url):
    """Redis holds writes back for a second (CLIENT PAUSE WRITE) as a player is seated and plays: the
    welcome and the table come only once the seat's token and the move are in Redis."""
    import redis

    from game.store.saves import decode_save

    a, _b = two
    code = make_room(a.url, ["remote", "easy"])
    outside = redis.Redis.from_url(redis_url)
    try:
        outside.client_pause(1000, all=False)
        raw = RawClient(a.url)
        token = raw.hello(code=code)["token"]
        kept = [outside.hvals(key) for key in outside.scan_iter(match=PREFIX + "room:*:seats")]
        assert kept == [[token.encode()]]
        table = raw.expect("table")
        while not table["legal"]:
            table = raw.expect("table")
        move = table["legal"][0]
        assert move[1] == "flip"
        outside.client_pause(1000, all=False)
        raw.send({"type": "play", "action": move})
        while table["action"] != move:
            table = raw.expect("table")
        [game] = [outside.get(key) for key in outside.scan_iter(match=PREFIX + "room:*:game")]
        seat, _verb, col, row = move
        assert decode_save(game).state.face_up[seat][col + 4 * row]  # the flip is in Redis already
    finally:
        outside.client_unpause()
        outside.close()


def test_a_process_whose_room_another_took_stops_it_and_tells_nothing_more(redis_url):
    """Another process holds the room's lease now (this one paused past it, say): the move played here
    next cannot be written, so it is never told; the room stops here and its players are sent away
    to reconnect (to whoever runs it now)."""
    import redis

    from game.store.saves import decode_save

    server = RoomServer(ServerOptions(redis=redis_url, redis_prefix=PREFIX, lease=60.0))
    outside = redis.Redis.from_url(redis_url)
    try:
        code = make_room(server.url, ["remote", "easy"])
        raw = RawClient(server.url)
        raw.hello(code=code)
        table = raw.expect("table")
        while not table["legal"]:
            table = raw.expect("table")
        move = table["legal"][0]
        [lease] = list(outside.scan_iter(match=PREFIX + "room:*:lease"))
        outside.set(lease, b"0123456789abcdef ws://127.0.0.1:9")  # another process's now
        raw.send({"type": "play", "action": move})
        while (message := raw.receive()) is not None:
            assert not (message["type"] == "table" and message["action"] == move), "a move Redis does not hold"
        assert raw.ws.close_code == 1001 and "moved" in (raw.ws.close_reason or "")
        assert len(server.rooms) == 0  # stopped here
        [game] = [outside.get(key) for key in outside.scan_iter(match=PREFIX + "room:*:game")]
        seat, _verb, col, row = move
        assert not decode_save(game).state.face_up[seat][col + 4 * row]  # the write was refused
    finally:
        outside.close()
        server.stop()


# ---------------------------------------------------------------- the lease, one call at a time
def test_a_lease_is_claimed_once_and_a_write_after_it_lapsed_is_refused(redis_url):
    async def run() -> None:
        first, second = (Share(redis_url, prefix=PREFIX, lease=1.0) for _ in range(2))
        for share, where in ((first, "ws://127.0.0.1:1"), (second, "ws://127.0.0.1:2")):
            share.known_at(where)
            await share.connect()
        try:
            keys = first.room_keys("ABCDEFGH")
            assert keys == second.room_keys("abcdefgh")  # one digest key for every process
            assert await first.write(keys, "claim", b"game 1", {"0": "token"})
            assert not await second.write(keys, "claim", b"game 2", {})  # a code somebody has
            assert not await second.take(keys)  # held
            assert (await second.where(keys)).url == "ws://127.0.0.1:1"
            assert not await second.write(keys, "write", b"game 2", {})  # not its room: refused
            await asyncio.sleep(1.3)  # the first process stopped renewing: its lease lapses
            assert await second.take(keys)
            assert not await first.take(keys)
            assert not await first.write(keys, "write", b"game 1, later", {})  # fenced: the room is not its
            assert await first.renew([keys]) == [False] and await second.renew([keys]) == [True]
            assert await second.load(keys) == (b"game 1", {"0": "token"})
        finally:
            await first.close()
            await second.close()

    asyncio.run(run())


def test_a_redirect_is_followed_only_to_wss_or_this_computer():
    assert redirect_target("wss://b.example.org:8443") == "wss://b.example.org:8443"
    assert redirect_target("ws://127.0.0.1:5000") == "ws://127.0.0.1:5000"
    for url in ("ws://203.0.113.9:5000", "http://127.0.0.1:1", "ftp://x", "ws://"):
        with pytest.raises(ValueError) as refused:
            redirect_target(url)
        assert "\n" not in str(refused.value)


@pytest.mark.parametrize(("sent_to", "said"), [
    (None, "the server sent us on 4 times in a row: a loop"),  # (None: back to itself)
    ("ws://203.0.113.9:5000", "plain ws:// is followed only on this computer"),
    ("http://127.0.0.1:5000", "which is not an address"),
])
def test_a_redirect_loop_or_one_not_followed_ends_the_client_in_one_line(sent_to, said):
    """A process that keeps sending the client back to itself (followed three times), or somewhere a
    client does not go: the connection closes for good, saying why in one line."""
    from websockets.sync.server import serve

    from game.net.client import NetClient

    def handler(ws) -> None:
        ws.recv(5)
        ws.send(json.dumps({"type": "redirect", "url": sent_to or f"ws://127.0.0.1:{port}"}))

    with serve(handler, "127.0.0.1", 0) as server:
        port = server.socket.getsockname()[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        client = NetClient(f"ws://127.0.0.1:{port}", "ABCDEFGH", "Ann")
        client.start()
        deadline = time.monotonic() + 30
        while client.status != "closed" and time.monotonic() < deadline:
            time.sleep(0.01)
        server.shutdown()
    assert client.status == "closed" and said in client.reason and client.host_at_fault
    assert "\n" not in client.reason


def test_a_server_on_redis_refuses_a_public_url_clients_would_not_follow(redis_url, capsys):
    from skyjo.cli import main

    assert main(["server", "--redis", redis_url, "--public-url", "ws://203.0.113.9:80"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--public-url" in err and "wss://" in err
    assert main(["server", "--redis", "redis://:hunter2@127.0.0.1:1/0"]) == 2  # no Redis there
    err = capsys.readouterr().err
    assert "cannot use Redis at redis://127.0.0.1:1/0" in err and "hunter2" not in err  # (its password never said)
    for wrong, said in ((["--public-url", "wss://a.example.org"], "go with --redis"),
                        (["--redis", redis_url, "--data-dir", "D"], "not both"),
                        (["--redis", redis_url, "--redis-prefix", "a b"], "--redis-prefix"),
                        (["--redis", redis_url, "--lease-seconds", "0.1"], "--lease-seconds")):
        assert main(["server", *wrong]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err, err


# ---------------------------------------------------------------- real processes
def _serve(redis_url: str, env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen([sys.executable, "-m", "game", "server", "--port", str(free_port()), "--redis",
                                redis_url, "--redis-prefix", PREFIX, "--lease-seconds", "2", "--json"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    return process, json.loads(process.stdout.readline())["listening"]


@pytest.mark.slow
def test_sigkill_of_the_rooms_process_moves_the_room_to_the_other_with_no_move_lost(redis_url, tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    processes: list[subprocess.Popen[str]] = []
    players: list[Recorder] = []
    try:
        first, at_first = _serve(redis_url, env)
        processes.append(first)
        second, at_second = _serve(redis_url, env)
        processes.append(second)
        code = make_room(at_first, ["remote", "remote", "remote", "normal"])
        players = [Recorder(at_second, seed, code) for seed in (1, 2)]  # through the process that does not run it
        join = subprocess.Popen([sys.executable, "-m", "game", "join", at_second, "--room", code, "--bot", "easy",
                                 "--data-dir", str(tmp_path / "joined")], cwd=ROOT, env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        processes.append(join)
        deadline = time.monotonic() + WAIT
        while min(sum(move is not None for _p, move in player.seen) for player in players) < 12:
            assert time.monotonic() < deadline, "the game did not get going"
            time.sleep(0.01)
        first.kill()  # SIGKILL, mid-game: the room's process
        first.wait(10)
        killed_at = [len(player.seen) for player in players]
        assert [player.join(WAIT) for player in players] == [True, True]
        out, err = join.communicate(timeout=WAIT)
        assert join.returncode == 0, err  # `join --bot` too, across the move
        assert all(player.remote.client.url == at_second for player in players)  # they play on the other now
        lost = [any(isinstance(m, Notice) and m.sentence.key == "connection_lost" for m in player.heard)
                for player in players]
        assert lost == [True, True]
        assert all(len(player.seen) > seen + 12 for player, seen in zip(players, killed_at))  # played on there
        assert check_histories(players) > 40
        second.send_signal(signal.SIGTERM)
        out, err = second.communicate(timeout=30)
        assert second.returncode == 0 and "Traceback" not in err, err
        assert json.loads(out.strip().splitlines()[-1])["rooms_ended"] == 1  # the game ended where it moved
        keys = all_keys(redis_url)
        assert all(key.startswith(PREFIX) for key in keys)
        assert [key for key in keys if ":room:" in key] == [key for key in keys if key.endswith(":over")]
    finally:
        for player in players:
            player.stop.set()
            player.remote.close()
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait(10)


def test_the_history_check_sees_a_move_undone_or_played_differently():
    """check_histories itself: a seat shown a position it had left, or two moves from one position, fail it."""

    class Seen:
        def __init__(self, *seen) -> None:
            self.seen, self.winners = list(seen), (0,)

    start, one, two = ("start",), ("one",), ("two",)
    assert check_histories([Seen((start, None), (one, "a"), (two, "b")), Seen((start, None), (two, None))]) == 2
    with pytest.raises(AssertionError, match="a move undone"):
        check_histories([Seen((start, None), (one, "a"), (start, None), (one, "a"))])
    with pytest.raises(AssertionError, match="two moves from one position"):
        check_histories([Seen((start, None), (one, "a")), Seen((start, None), (one, "b"))])
