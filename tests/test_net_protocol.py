"""The network protocol's strict decoding (game/net/protocol.py), the events and round scores
rebuilt from JSON (game/rules events.event_from_dict, view.ScoreView), and the seat-token
document (game/store/tokens.py)."""

from __future__ import annotations

import json
import random

import pytest

from game.net.host import table_message
from game.net.protocol import ProtocolError, decode_client, decode_host, encode, hello
from game.rules import GameState, ScoreView, score_view
from game.rules.events import CardDrawn, event_from_dict
from game.store import Store


def _game(seed: int, edition: str = "classic", players: int = 3):
    """Every (state, events) step of a seeded random game, and the scored positions."""
    state, rng = GameState.new_game(edition, players, seed=seed), random.Random(seed)
    steps, scored = [(state.clone(), tuple(state.take_events()))], []
    while not state.is_terminal:
        if state.phase == "round_over":
            scored.append(state.clone())
            state.deal()
        else:
            state.apply(rng.choice(state.legal_actions()))
        steps.append((state.clone(), tuple(state.take_events())))
    scored.append(state.clone())
    return steps, scored


def test_every_event_and_score_comes_back_from_json_as_it_was():
    steps, scored = _game(4)
    kinds = set()
    for _, events in steps:
        for event in events:
            assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
            kinds.add(event.kind)
    assert {"round_dealt", "card_drawn", "card_replaced", "round_scored", "game_over"} <= kinds
    for state in scored:
        view = score_view(state)
        assert ScoreView.from_dict(json.loads(json.dumps(view.to_dict()))) == view
        assert all(cell != "?" for grid in view.grids for cell in grid)  # every card is up once scored
    assert score_view(scored[-1]).winners == tuple(scored[-1].winners)


@pytest.mark.parametrize("data, words", [
    ({"kind": "card_drawn", "seat": 1}, "exactly the fields"),
    ({"kind": "card_drawn", "seat": True, "value": 3}, "seat must be int"),
    ({"kind": "card_drawn", "seat": 1, "value": 10**9}, "value must be"),
    ({"kind": "warp", "seat": 1}, "unknown event kind"),
    ({"kind": "round_dealt", "round": 1, "seats": list(range(40)), "discard_top": 1, "draw_pile": 3,
      "tiebreak": False}, "seats must be"),
    ([1, 2], "must be an object"),
])
def test_a_malformed_event_is_refused(data, words):
    with pytest.raises(ValueError, match=words):
        event_from_dict(data)


def test_every_table_step_decodes_for_every_seat():
    steps, _ = _game(7, "voyage", 2)
    for state, events in steps[:200]:
        for seat in range(state.players):
            decoded = decode_host(encode(table_message(state, seat, events)))
            assert decoded["view"].seat == seat and decoded["events"] == tuple(e.for_seat(seat) for e in events)
            hidden = [e for e in decoded["events"] if isinstance(e, CardDrawn) and e.seat != seat]
            assert all(e.value is None for e in hidden)


@pytest.mark.parametrize("raw, words", [
    ('{"type": "table", "view": {}, "legal": [], "events": [], "action": null}', "no 'players'"),
    ('{"type": "notice", "text": 5}', "text must be"),
    ('{"type": "welcome", "seat": 0, "token": "t", "names": ["A"], "config": {"seats": []}}', "welcome"),
    ('{"type": "waiting", "seat": 0, "name": "A", "why": "coffee"}', "why must be"),
    ('{"type": "lobby", "seats": [{"name": "A", "kind": "alien", "taken": true}]}', "lobby"),
    ('{"type": "refused"}', "lacks reason"),
    ('{"type": "round_over", "round": 1, "scores": {"round": 1}}', "round scores must be"),
    ('[]', "JSON object"),
])
def test_a_bad_host_message_is_refused_by_the_client(raw, words):
    with pytest.raises(ProtocolError, match=words):
        decode_host(raw)


def test_a_view_no_game_could_show_is_refused():
    steps, _ = _game(3, "voyage", 2)
    message = table_message(steps[5][0], 0)
    message["view"]["grids"][1][0][0] = 99  # not a card of the edition
    with pytest.raises(ProtocolError, match="not a card"):
        decode_host(encode(message))


def test_client_messages_decode_strictly():
    assert decode_client(encode(hello("ABC", "Ann", seat=1)))["seat"] == 1
    assert decode_client('{"type": "play", "action": [1, "replace", 2, 0]}')["action"].to_list() == [1, "replace", 2, 0]
    for raw in ('{"type": "ready", "round": -1}', '{"type": "bye", "x": 1}', '{"type": "hello", "version": 1}',
                '{"type": "play", "action": [true, "draw"]}', '"hello"', '{"type": "ready", "round": 1e400}'):
        with pytest.raises(ProtocolError):
            decode_client(raw)


def test_seat_tokens_are_kept_capped_and_survive_a_damaged_file(tmp_path):
    store = Store(tmp_path)
    for n in range(80):
        store.save_token(f"join ws://h:{n} C", f"token{n}")
    again = Store(tmp_path)
    assert again.token("join ws://h:79 C") == "token79"
    assert again.token("join ws://h:0 C") is None  # the oldest went first (64 kept)
    with pytest.raises(ValueError):
        store.save_token("k", "x" * 500)
    (tmp_path / "tokens.json").write_text("{broken")
    (tmp_path / "tokens.json.bak").unlink(missing_ok=True)
    damaged = Store(tmp_path)
    assert damaged.token("join ws://h:79 C") is None and damaged.notices  # moved aside and said, never a crash
