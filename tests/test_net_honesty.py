"""Honesty over the network: a remote seat is sent what its seat may know, and nothing more.

Every message the host sends to each client over whole games (both editions, 2 to 8 seats,
the remote seats played by our levels through real clients) is captured as it leaves the
host, and checked two ways:
- against the truth: each table step carries exactly `seat_view(state, seat)` and the events
  `for_seat(seat)` (docs/rules.md §12), no other seat's drawn card, no seed, no pile order;
- in a twin world (tests/helpers.py `hidden_twin`): the face-down cards and the draw pile dealt
  anew give the very same bytes for that seat, so the bytes do not depend on them.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import hidden_twin, view_json
from net_tools import BotPlayer, HostThread, match

from game.net.host import NetHost, table_message
from game.net.protocol import encode
from game.rules import seat_view
from game.rules.state import SOURCE_DRAW
from game.table import TableController, TableEvents


class RecordingHost(NetHost):
    """A host that keeps every text it puts on the wire, with the seat it went to."""

    def __init__(self, *args, **kwargs) -> None:
        self.sent: list[tuple[int | None, str]] = []
        super().__init__(*args, **kwargs)

    def _send(self, client, message: object) -> None:
        self.sent.append((client.seat, encode(message)))  # the very text its server queues (encode is deterministic)
        super()._send(client, message)


def _walk(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield path + (key,), item
            yield from _walk(item, path + (key,))
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item, path)


GAMES = [
    ("voyage", "remote,remote", 4),
    ("classic", "remote,easy,remote", 5),
    pytest.param("voyage", "remote,normal,remote,easy", 6, marks=pytest.mark.slow),
    pytest.param("classic", "remote,easy,easy,remote,normal,easy,easy,remote", 7, marks=pytest.mark.slow),
]


@pytest.mark.parametrize("edition, seats, seed", GAMES)
def test_every_message_to_a_seat_holds_only_what_it_may_know(edition, seats, seed):
    config = match(edition, seats, seed=seed, end_score=30)
    table = TableController(config, config.new_game(), speed=0)
    steps = []  # (events, action, the position after them) in the order the host sent them

    def remember(message) -> None:
        if isinstance(message, TableEvents):
            steps.append((message.events, message.action, table.state.clone()))

    table.subscribe(remember)  # before the host: the position is taken as the host sends it
    hosted = HostThread(config, table=table, host_class=RecordingHost).start()
    remote = [n for n, kind in enumerate(seats.split(",")) if kind == "remote"]
    players = [BotPlayer(hosted.url, "normal", seed=n, name=f"P{n}", seat=n) for n in remote]
    assert [player.join() for player in players] == [True] * len(players)
    hosted.finish()
    sent = hosted.host.sent
    rng = random.Random(seed)
    twins = drawn_hidden = 0
    for seat in remote:
        texts = [text for to, text in sent if to == seat]
        messages = [json.loads(text) for text in texts]
        tables = [(text, message) for text, message in zip(texts, messages) if message["type"] == "table"]
        assert len(tables) == len(steps) > 20
        for message in messages:
            for path, value in _walk(message):
                assert path[-1] != "seed" or value is None, path  # the seed would deal every card
                assert path[-1] != "draw_pile" or isinstance(value, int), path  # a count, never the cards
        welcome = next(message for message in messages if message["type"] == "welcome")
        assert welcome["config"]["seed"] is None and welcome["seat"] == seat
        for (text, message), (events, action, state) in zip(tables, steps):
            view = seat_view(state, seat)
            expected = {"type": "table", "view": view_json(view), "legal": [a.to_list() for a in view.legal],
                        "events": [event.for_seat(seat).to_dict() for event in events],
                        "action": None if action is None else action.to_list()}
            assert message == json.loads(json.dumps(expected))
            for event in message["events"]:
                if event["kind"] == "card_drawn" and event["seat"] != seat:
                    assert event["value"] is None
                    drawn_hidden += 1
            if state.source == SOURCE_DRAW and state.to_act != seat:
                assert message["view"]["holding"] is None
            if len(events) and rng.random() < 0.5:
                twin = hidden_twin(state, rng)
                assert encode(table_message(seat_view(twin, seat), seat, events, action)) == text
                twins += 1
    assert drawn_hidden > 0 and twins > 10  # the checks really met hidden draws and twin worlds
