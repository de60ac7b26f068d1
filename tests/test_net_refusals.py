"""Bad input never stops a host: each is refused in one line to that connection and one log
line at the host, and the table goes on serving the others (game/net/host.py)."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest
from net_tools import CODE, MESSAGE_WAIT, HostThread, RawClient, match

from game.net.host import NetHost


def _host(**options) -> HostThread:
    return HostThread(match("voyage", "remote,remote", seed=9), **options).start()


def _still_serving(hosted: HostThread) -> None:
    """A well-behaved player still gets a seat."""
    client = RawClient(hosted.url)
    welcome = client.hello(name="Good")
    assert welcome["seat"] in (0, 1)
    client.close()


@pytest.mark.parametrize("first, words", [
    ({"type": "hello", "version": 2, "code": "WRONG", "name": "Eve"}, "wrong join code"),
    ({"type": "hello", "version": 99, "code": CODE, "name": "Eve"}, "protocol version 2, not 99"),
    ("{not json", "not JSON"),
    ({"type": "hello", "version": 2, "code": CODE, "name": 5}, "Expected `str`, got `int` - at `$.name`"),
    ({"type": "hello", "version": 2, "code": CODE, "name": "Eve", "admin": True}, "unknown field `admin`"),
    ({"type": "teleport"}, "unknown message type"),
    ({"type": "play", "action": [0, "draw"]}, "first message must be a hello"),
    ({"type": "hello", "version": 2, "code": CODE, "name": "Eve", "seat": 7}, "seat 7 is not a seat"),
    ("[" * 5000 + "]" * 5000, "nested"),
])
def test_a_bad_hello_is_refused_and_closed(first, words, caplog):
    hosted = _host()
    try:
        with caplog.at_level(logging.WARNING, logger="skyjo.net.host"):
            client = RawClient(hosted.url)
            client.send(first)
            refusal = client.expect("refused")
            assert words in refusal["reason"] and "\n" not in refusal["reason"] and refusal["kind"] == "hello"
            assert client.closed_within()
            _still_serving(hosted)
        lines = [record for record in caplog.records if words in record.getMessage()]
        assert len(lines) == 1  # one log line per refusal
    finally:
        hosted.finish(timeout=0)


def test_a_hello_that_never_comes():
    hosted = _host(hello_timeout=0.3)
    try:
        client = RawClient(hosted.url)
        assert "no hello within 0.3 s" in client.expect("refused")["reason"]
        assert client.closed_within()
        _still_serving(hosted)
    finally:
        hosted.finish(timeout=0)


def _seated_pair(hosted: HostThread) -> tuple[RawClient, RawClient, dict]:
    """Two raw players in seats 0 and 1; returns them and the first table message."""
    ann, bob = RawClient(hosted.url), RawClient(hosted.url)
    assert ann.hello(name="Ann", seat=0)["seat"] == 0
    assert bob.hello(name="Bob", seat=1)["seat"] == 1
    table = ann.expect("table")
    bob.expect("table")
    return ann, bob, table


def test_bad_messages_from_a_seated_player_are_refused_one_line_each(caplog):
    hosted = _host()
    try:
        ann, bob, table = _seated_pair(hosted)
        acting = table["view"]["to_act"]
        player, other = (ann, bob) if acting == 0 else (bob, ann)
        other_seat = 1 - acting
        legal = table["legal"]
        assert legal and all(action[0] == acting for action in legal)
        bad = [
            ({"type": "shout"}, "unknown message type"),
            ("{oops", "not JSON"),
            ({"type": "play", "action": "draw"}, "Expected `array`, got `str` - at `$.action`"),
            ({"type": "play", "action": [acting, "dance"]}, "unknown verb"),
            ({"type": "ready", "round": "one"}, "Expected `int`, got `str` - at `$.round`"),
            ({"type": "play", "action": legal[0], "extra": 1}, "unknown field `extra`"),
            ({"type": "play", "action": [other_seat, *legal[0][1:]]}, f"not seat {other_seat}"),
            ({"type": "hello", "version": 2, "code": CODE, "name": "Again"}, "hello comes once"),
            ("x" * (70 * 1024), "over 64 KiB"),
            (b"\x00\x01binary", "JSON text, not binary"),
        ]
        with caplog.at_level(logging.WARNING, logger="skyjo.net.host"):
            for message, words in bad:
                player.send(message)
                refusal = player.expect("refused")
                assert words in refusal["reason"], (message, refusal)
                assert refusal["kind"] == ("play" if "not seat" in words else "message"), (message, refusal)
            # the rules are the engine's: a move out of turn, and one no rule allows, are refused with its reason
            other.send({"type": "play", "action": [other_seat, *legal[0][1:]]})
            refusal = other.expect("refused")
            assert refusal["reason"].endswith(f"it is seat {acting}'s turn to act, not seat {other_seat}'s")
            assert refusal["kind"] == "play"
            player.send({"type": "play", "action": [acting, "draw"]})  # (the round begins with two flips)
            refusal = player.expect("refused")
            assert refusal["reason"].endswith(f"the round has not started: seat {acting} must first flip two cards")
            assert refusal["kind"] == "play"
        assert len([r for r in caplog.records if "refused" in r.getMessage()]) == len(bad) + 2
        player.send({"type": "play", "action": legal[0]})  # the game goes on
        step = player.expect("table")
        assert step["action"] == legal[0]
        assert other.expect("table")["action"] == legal[0]
    finally:
        hosted.finish(timeout=0)


def test_a_move_before_the_game_begins_is_refused_and_the_game_begins_when_everybody_is_seated():
    hosted = _host()
    try:
        ann = RawClient(hosted.url)
        assert ann.hello(name="Ann", seat=0)["seat"] == 0
        ann.send({"type": "play", "action": [0, "flip", 0, 0]})  # Bob has not joined: no game yet
        refusal = ann.expect("refused")
        assert refusal["reason"].endswith("refused: the game has not begun") and refusal["kind"] == "play"
        bob = RawClient(hosted.url)
        assert bob.hello(name="Bob", seat=1)["seat"] == 1
        table = ann.expect("table")  # the game begins from its deal: Ann's refused flip turned nothing over
        assert table["view"]["phase"] == "opening" and table["legal"]
        assert all(cell == "?" for line in table["view"]["grids"][0] for cell in line)
        assert bob.expect("table")["view"]["phase"] == "opening"
    finally:
        hosted.finish(timeout=0)


def test_a_frame_over_the_transport_cap_closes_only_that_connection():
    hosted = _host()
    try:
        ann, bob, _ = _seated_pair(hosted)
        ann.send("y" * (2 << 20))
        assert ann.closed_within()
        assert ann.ws.close_code in (1009, None)
        waiting = bob.expect("waiting")  # the host noticed, and goes on for the others
        assert waiting["seat"] == 0 and waiting["why"] == "reconnecting"
    finally:
        hosted.finish(timeout=0)


@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
def test_a_flood_is_throttled_with_one_refusal_and_nothing_breaks():
    hosted = _host(rate=40.0, burst=10)
    try:
        ann, bob, table = _seated_pair(hosted)
        acting = ann if table["view"]["to_act"] == 0 else bob
        started = time.monotonic()
        for _ in range(60):
            acting.send({"type": "ready", "round": 0})
        acting.send({"type": "play", "action": table["legal"][0]})
        refusals = 0
        while True:
            message = acting.receive(10)
            assert message is not None
            if message["type"] == "refused":
                assert "too many messages" in message["reason"]
                refusals += 1
            if message["type"] == "table":
                break
        assert 1 <= refusals <= 3  # one line a second at most, not one per message
        assert time.monotonic() - started >= 0.8  # 60 past a burst of 10 at 40 a second: slowed down
    finally:
        hosted.finish(timeout=0)


@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
def test_a_client_that_stops_reading_is_dropped_and_the_host_goes_on():
    hosted = _host(ping_interval=0.2, ping_timeout=0.3)
    try:
        deaf = RawClient(hosted.url, max_queue=1)  # its transport stops reading once one message waits
        deaf.hello(name="Deaf", seat=0)
        bob = RawClient(hosted.url)
        bob.hello(name="Bob", seat=1)
        bob.expect("table")
        waiting = bob.expect("waiting", timeout=10)  # pings unanswered: dropped
        assert waiting == {"type": "waiting", "seat": 0, "name": "Deaf", "why": "reconnecting"}
        _still_serving_after_drop(hosted)
    finally:
        hosted.finish(timeout=0)


def _still_serving_after_drop(hosted: HostThread) -> None:
    client = RawClient(hosted.url)
    client.send({"type": "hello", "version": 2, "code": CODE, "name": "Late"})
    assert "no open seat" in client.expect("refused")["reason"]  # both seats are claimed, and kept


def test_a_full_send_queue_drops_the_client(caplog):
    """The bounded send queue: past it the connection is closed (the client may reconnect)."""
    hosted = _host(send_queue=2)
    try:
        closed = []

        class Deaf:
            async def close(self, code, reason):
                closed.append((code, reason))

        class Fake:
            queue = asyncio.Queue(2)
            gone = False
            seat = 0
            address = "127.0.0.1"  # (what the log's lines are counted by)
            ws = Deaf()

        host: NetHost = hosted.host
        fake = Fake()
        with caplog.at_level(logging.WARNING, logger="skyjo.net.host"):
            for n in range(3):
                host.server.send(fake, {"n": n})  # (a fake client: it never reads)
            deadline = time.monotonic() + MESSAGE_WAIT  # (only stops a test that would hang)
            while not closed and time.monotonic() < deadline:
                time.sleep(0.01)
        assert fake.gone and closed and "stopped reading" in closed[0][1]
        assert any("stopped reading" in record.getMessage() for record in caplog.records)
        _still_serving(hosted)
    finally:
        hosted.finish(timeout=0)


def test_wrong_codes_from_one_address_are_limited(monkeypatch):
    import game.net.host as host_module

    monkeypatch.setattr(host_module, "WRONG_CODES", 3)
    hosted = _host()
    try:
        reasons = []
        for _ in range(4):
            client = RawClient(hosted.url)
            client.send({"type": "hello", "version": 2, "code": "GUESS1", "name": "Eve"})
            reasons.append(client.expect("refused")["reason"])
            client.close()
        assert reasons[:3] == ["wrong join code"] * 3 and "too many wrong join codes" in reasons[3]
    finally:
        hosted.finish(timeout=0)


def test_too_many_connections_are_turned_away(monkeypatch):
    import game.net.listener as listener_module  # (the host's network thread)

    monkeypatch.setattr(listener_module, "MAX_CONNECTIONS", 2)
    hosted = _host()
    try:
        first, second = RawClient(hosted.url), RawClient(hosted.url)
        third = RawClient(hosted.url)
        assert "too many connections" in third.expect("refused")["reason"]
        assert third.closed_within()
        first.hello(name="Ann")  # those already in are served
        second.close()
    finally:
        hosted.finish(timeout=0)
