"""Strangers on the internet against a room server (issue 49 item 4, docs/server.md "Limits"): while
a room plays, a flood of room creations and code guesses from many addresses, and the hostile texts
of the reader's worst shapes, are each bounded by the server's limits; the room already playing
notices nothing (its players are refused nothing and play to the end); every message a room sends
holds only what its seat may know; the log names no room's code and no seat's token.

Many addresses: Linux answers on all of 127.0.0.0/8, so each stranger connects from its own
127.0.0.x. Loopback only; every wait is bounded."""

from __future__ import annotations

import json
import logging
import random
import sys
import time

import pytest
from helpers import hidden_twin, view_json
from net_tools import BotPlayer, RawClient

from game.net.host import table_message
from game.net.protocol import PROTOCOL_VERSION, encode
from game.net.room_maker import make_room
from game.rules import seat_view
from game.server.rooms import ROOMS_FROM_EVERYBODY, ROOMS_PER_ADDRESS
from game.server.serve import RoomServer, ServerOptions
from game.table import TableEvents
from skyjo.bench_reader import SHAPES, text_of

WAIT = 90.0
KiB = 1 << 10


def _wait_for(check, what: str, most: float = WAIT) -> None:
    deadline = time.monotonic() + most
    while not check():
        assert time.monotonic() < deadline, f"waited {most:g} s for {what}"
        time.sleep(0.01)


def _answer(url: str, address: str, message: object) -> str:
    """What the server first answers a stranger at `address` sending `message`: a room's code, a
    refusal's reason, or how the connection closed."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    try:
        client = RawClient(url, source_address=(address, 0))
    except (OSError, InvalidHandshake, ConnectionClosed) as error:  # turned away at accept
        return f"turned away: {type(error).__name__}"
    try:
        client.send(message)
        answer = client.receive()
    except ConnectionClosed:
        answer = None
    finally:
        client.close()
    if answer is None:
        return f"closed: {client.ws.close_code}"
    return answer.get("code") or answer.get("reason") or answer["type"]


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="strangers come from 127.0.0.x: Linux's loopback")
def test_strangers_from_many_addresses_are_bounded_and_a_room_playing_notices_nothing(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    server = RoomServer(ServerOptions(port=0, data_dir=str(tmp_path / "server")))
    sent: list[tuple[object, str]] = []  # every text that left the door, with its client
    door_send = server.server.send

    def record(client, message) -> None:
        sent.append((client, encode(message)))
        door_send(client, message)

    server.server.send = record
    players: list[BotPlayer] = []
    try:
        code = make_room(server.url, ["remote", "remote", "normal"])
        room = server.rooms.rooms[0]
        steps = []  # every position the room's table showed, in order
        room.table.subscribe(lambda message: isinstance(message, TableEvents)
                             and steps.append((message.events, message.action, room.table.state.clone())))
        players = [BotPlayer(server.url, "normal", seed=n, name=f"P{n}", code=code) for n in (0, 1)]
        _wait_for(lambda: len(room.host.tokens) == 2 and room.table.started, "the room playing")
        tokens = list(room.host.tokens.values())
        seated = dict(room.host.clients)  # seat -> its connection

        before = len(steps)
        made, refusals = [], []
        create = {"type": "create", "version": PROTOCOL_VERSION, "seats": ["remote", "easy"]}
        for number in range(30):  # 30 addresses, 6 rooms each: past their own limit and everybody's
            answers = [_answer(server.url, f"127.0.0.{10 + number}", create) for _ in range(ROOMS_PER_ADDRESS + 1)]
            made += [answer for answer in answers if len(answer) == 8]
            refusals += [answer for answer in answers if len(answer) != 8]
            assert len([answer for answer in answers if len(answer) == 8]) <= ROOMS_PER_ADDRESS
        # (the players' room counted among everybody's; it may have ended meanwhile, so it is not counted here)
        assert len(made) == ROOMS_FROM_EVERYBODY - 1 == len([made_room for made_room in server.rooms.rooms
                                                             if made_room is not room])
        assert {reason.split(";")[0] for reason in refusals} == {"too many rooms made from your address",
                                                                 "too many rooms made on this server just now"}
        guesses = [_answer(server.url, f"127.0.1.{number}",
                           {"type": "hello", "version": PROTOCOL_VERSION, "code": f"ZZZZZZ{number:02d}", "name": "X"})
                   for number in range(1, 121)]  # one guess from each of 120 addresses
        assert guesses[:100] == ["wrong join code"] * 100
        assert all("too many wrong join codes at this table just now" in reason for reason in guesses[100:])
        hostile = [_answer(server.url, f"127.0.2.{number}", text_of(shape, 64 * KiB, '{"type":"hello","code":'))
                   for number, shape in enumerate(SHAPES, start=1)]  # the reader's worst texts, 64 KiB each
        assert all(answer not in ("welcome", "room") and len(answer) != 8 for answer in hostile), hostile

        assert len(steps) > before  # its moves kept flowing meanwhile
        assert [player.join(WAIT) for player in players] == [True, True]  # and it played on, to its end
        assert all(player.remote.last_refusal is None for player in players)  # refused nothing
        assert not [text for client, text in sent if client in seated.values() and '"refused"' in text]
    finally:
        for player in players:
            player.stop.set()
            player.remote.close()
        server.stop()

    _check_honest(sent, seated, steps)
    logged = caplog.text
    assert "room" in logged and code not in logged and not any(made_code in logged for made_code in made)
    assert not any(token in logged for token in tokens)


def _check_honest(sent: list[tuple[object, str]], seated: dict, steps: list) -> None:
    """Every table a seat was sent is exactly its seat's view, and the same bytes in a world whose
    hidden cards were dealt anew (tests/test_net_honesty.py's checks, over the server's path)."""
    rng, twins = random.Random(4), 0
    for seat, client in seated.items():
        texts = [text for to, text in sent if to is client]
        tables = [(text, json.loads(text)) for text in texts if json.loads(text)["type"] == "table"]
        assert len(tables) == len(steps) > 20
        for text in texts:  # the seed would deal every card
            assert '"seed":' not in text or json.loads(text).get("config", {}).get("seed") is None
        for (text, message), (events, action, state) in zip(tables, steps):
            view = seat_view(state, seat)
            assert message == json.loads(json.dumps({
                "type": "table", "view": view_json(view), "legal": [a.to_list() for a in view.legal],
                "events": [event.for_seat(seat).to_dict() for event in events],
                "action": None if action is None else action.to_list()}))
            assert isinstance(message["view"]["draw_pile"], int)  # a count, never the cards
            if events and rng.random() < 0.5:
                assert encode(table_message(seat_view(hidden_twin(state, rng), seat), seat, events, action)) == text
                twins += 1
    assert twins > 10
