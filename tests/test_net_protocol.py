"""The network protocol's strict decoding (game/net/protocol.py), the events and round scores
rebuilt from JSON (game/wire/pieces.py), and the seat-token document (game/store/tokens.py)."""

from __future__ import annotations

import dataclasses
import json
import random

import msgspec
import pytest
from helpers import view_json

from game.ai.protocol import decide_message
from game.net.host import table_message
from game.net.protocol import (
    AskOffer,
    GameOver,
    Hello,
    Offer,
    Play,
    ProtocolError,
    Room,
    decode_client,
    decode_host,
    encode,
    hello,
)
from game.rules import GameState, SeatView, score_view, seat_view
from game.rules.events import CardDrawn
from game.store import Store
from game.wire.bots import TO_BOT, read_line, view_of
from game.wire.bots import Hello as BotHello
from game.wire.pieces import Scores, View, event_from_builtins, fields_from_seat_view, scores_from, scores_to_wire


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
            assert event_from_builtins(json.loads(json.dumps(event.to_dict()))) == event
            kinds.add(event.kind)
    assert {"round_dealt", "card_drawn", "card_replaced", "round_scored", "game_over"} <= kinds
    for state in scored:
        view = score_view(state)
        assert scores_from(msgspec.json.decode(encode(scores_to_wire(view)), type=Scores)) == view
        assert all(cell != "?" for grid in view.grids for cell in grid)  # every card is up once scored
    assert score_view(scored[-1]).winners == tuple(scored[-1].winners)


@pytest.mark.parametrize("data, words", [
    ({"kind": "card_drawn", "seat": 1}, "missing required field `value`"),
    ({"kind": "card_drawn", "seat": 1, "value": 3, "extra": 0}, "unknown field `extra`"),
    ({"kind": "card_drawn", "seat": True, "value": 3}, "Expected `int`, got `bool` - at `\\$.seat`"),
    ({"kind": "card_drawn", "seat": 1, "value": 10**9}, "<= 1000000 - at `\\$.value`"),
    ({"kind": "warp", "seat": 1}, "Invalid value 'warp' - at `\\$.kind`"),
    ({"kind": "round_dealt", "round": 1, "seats": list(range(40)), "discard_top": 1, "draw_pile": 3,
      "tiebreak": False}, "length <= 16 - at `\\$.seats`"),
    ({"kind": "starter_chosen", "seat": 0, "reason": "x" * 40}, "length <= 16 - at `\\$.reason`"),
    ([1, 2], "Expected `object`, got `array`"),
])
def test_a_malformed_event_is_refused(data, words):
    with pytest.raises(ValueError, match=words):
        event_from_builtins(data)


def test_a_seat_sees_on_the_other_side_the_very_view_it_was_sent():
    """The wire's view is the rules' declaration: every fact a SeatView holds travels and comes
    back as it was (the network's table message and the bot protocol's decide alike); View
    declares SeatView's fields, each of the type and default the declaration implies."""
    steps, _ = _game(5, "classic", 4)
    declared = {item.name for item in dataclasses.fields(SeatView)} - {"legal"}
    assert declared - {"removed"} <= set(View.__struct_fields__)  # (the columns: `removed_columns`)
    written = [(item.name, item.type, item.default if item.default_factory is msgspec.NODEFAULT
                else item.default_factory()) for item in msgspec.structs.fields(View)]
    assert written == fields_from_seat_view()
    for state, events in steps[:150]:
        for seat in range(state.players):
            view = seat_view(state, seat)
            assert decode_host(encode(table_message(view, seat, events))).seat_view == view
            decide = read_line(json.dumps(decide_message(view)), TO_BOT) if view.legal else None
            assert decide is None or view_of(decide) == view


def test_every_table_step_decodes_for_every_seat():
    steps, _ = _game(7, "voyage", 2)
    for state, events in steps[:200]:
        for seat in range(state.players):
            decoded = decode_host(encode(table_message(seat_view(state, seat), seat, events)))
            assert decoded.seat_view.seat == seat and decoded.steps == tuple(e.for_seat(seat) for e in events)
            hidden = [e for e in decoded.steps if isinstance(e, CardDrawn) and e.seat != seat]
            assert all(e.value is None for e in hidden)


def test_a_table_message_is_sent_byte_for_byte_as_the_dict_it_replaced():
    """The host's `table` message is a declared Struct now; what a player's program receives is the
    same text as the dict the host built before (view.to_dict(), the events' to_dict for the seat)."""
    steps, _ = _game(11, "voyage", 3)
    rng, compared = random.Random(11), 0
    for state, events in steps[:300]:
        for seat in range(state.players):
            view = seat_view(state, seat)
            action = rng.choice(view.legal) if view.legal else None
            before = {"type": "table", "view": view_json(view), "legal": [item.to_list() for item in view.legal],
                      "events": [event.for_seat(seat).to_dict() for event in events],
                      "action": None if action is None else action.to_list()}
            assert encode(table_message(view, seat, events, action)) == encode(before)
            compared += bool(events) and action is not None
    assert compared > 50  # the comparison met events and actions, not only bare views


@pytest.mark.parametrize("raw, words", [
    ('{"type": "table", "view": {}, "legal": [], "events": [], "action": null}', "missing required field `edition`"),
    ('{"type": "notice", "text": "Hello"}', "unknown field `text`"),
    ('{"type": "notice", "key": "no_such_sentence", "args": {}}', "unknown sentence"),
    ('{"type": "notice", "key": "bot_failed", "args": {"name": "Ann"}}', "takes name, problem"),
    ('{"type": "notice", "key": "bot_failed", "args": {"name": "Ann", "problem": "a\\u0007b"}}', "printable"),
    ('{"type": "welcome", "seat": 0, "token": "t", "names": ["A"], "config": {"seats": []}}',
     "length >= 2 - at `\\$.config.seats`"),
    ('{"type": "welcome", "seat": 0, "token": "t", "names": ["A", "B"], "config": {"seats": [{"name": "A", '
     '"kind": "remote"}, {"name": "B", "kind": "computer", "level": "cmd:rm -rf ~"}]}}', "welcome: a computer seat"),
    ('{"type": "welcome", "seat": 0, "token": "t", "names": ["A", "B"], "config": {"seats": [{"name": "A", '
     '"kind": "remote", "avatar": "dragon"}, {"name": "B", "kind": "computer"}]}}', "welcome: unknown avatar"),
    ('{"type": "welcome", "seat": 0, "token": "t", "names": ["A", "B"], "config": {"seats": [{"name": "A", '
     '"kind": "remote", "colour": "' + "x" * 40 + '"}, {"name": "B", "kind": "computer"}]}}', "length <= 16"),
    ('{"type": "waiting", "seat": 0, "name": "A", "why": "coffee"}', "Invalid enum value 'coffee' - at `\\$.why`"),
    ('{"type": "lobby", "seats": [{"name": "A", "kind": "alien", "taken": true}]}', "at `\\$.seats"),
    ('{"type": "refused"}', "missing required field `reason`"),
    ('{"type": "refused", "reason": "[0, \\"draw\\"] refused"}', "missing required field `kind`"),
    ('{"type": "round_over", "round": 1, "scores": {"round": 1}}', "missing required field"),
    ('{"type": "teleport"}', "unknown message type"),
    ('[]', "Expected `object`, got `array`"),
])
def test_a_bad_host_message_is_refused_by_the_client(raw, words):
    with pytest.raises(ProtocolError, match=words):
        decode_host(raw)


def test_the_welcome_carries_every_seats_colour_and_avatar():
    """A joiner's screens show the faces the host's do: the host's match, made public, names
    every seat's identity (chosen or default), and the welcome brings them across."""
    from game.match import COMPUTER, HUMAN, REMOTE, MatchConfig, SeatConfig
    from game.net.host import public_config

    config = MatchConfig(seats=(SeatConfig("Ann", HUMAN, avatar="balloon", colour="pink"),
                                SeatConfig("Bo", REMOTE), SeatConfig("Robin", COMPUTER, "hard")))
    match = public_config(config)
    welcome = decode_host(encode({"type": "welcome", "seat": 1, "token": "t", "names": ["Ann", "Bo", "Robin"],
                                  "config": match}))
    assert welcome.match.identities() == config.identities()
    assert [(look.colour, look.avatar) for look in welcome.match.identities()] == [
        ("pink", "balloon"), ("sky", "star"), ("mint", "owl")]


@pytest.mark.parametrize("broken", [KeyError("key"), IndexError("index"), ZeroDivisionError("division"),
                                    RecursionError("depth")])
def test_whatever_a_messages_check_raises_is_a_one_line_refusal(monkeypatch, broken):
    """Whatever a message's check raises as it is read is one line naming the message, no traceback."""
    import game.net.protocol as protocol

    def checked(key, args):
        raise broken

    monkeypatch.setattr(protocol.Sentence, "checked", checked)
    with pytest.raises(ProtocolError) as refusal:
        decode_host('{"type": "notice", "key": "player_back", "args": {"name": "Ann"}}')
    assert str(refusal.value) == f"notice: {broken}"


def test_the_host_builds_a_table_message_without_checking_it_and_the_client_checks_it(monkeypatch):
    """A message is checked where it arrives, not where it is made (issue 47: checking was 91%
    of building the host's table message): building one runs no check, decoding it does."""
    from game.net import protocol

    checked: list[str] = []
    monkeypatch.setattr(protocol.Table, "check", lambda message: checked.append("table"))
    steps, _ = _game(3, "voyage", 2)
    text = encode(table_message(seat_view(steps[5][0], 0), 0, steps[5][1]))
    assert checked == []
    decode_host(text)
    assert checked == ["table"]


def test_a_view_no_game_could_show_is_refused():
    steps, _ = _game(3, "voyage", 2)
    message = msgspec.to_builtins(table_message(seat_view(steps[5][0], 0), 0))
    message["view"]["grids"][1][0][0] = 99  # not a card of the edition
    with pytest.raises(ProtocolError, match="not a card"):
        decode_host(encode(message))


def test_client_messages_decode_strictly():
    said = decode_client(encode(hello("ABC", "Ann", seat=1)))
    assert isinstance(said, Hello) and said.seat == 1 and said.version == 2
    played = decode_client('{"type": "play", "action": [1, "replace", 2, 0]}')
    assert isinstance(played, Play) and played.move.to_list() == [1, "replace", 2, 0]
    for raw in ('{"type": "ready", "round": -1}', '{"type": "bye", "x": 1}', '{"type": "hello", "version": 1}',
                '{"type": "play", "action": [true, "draw"]}', '"hello"', '{"type": "ready", "round": 1e400}',
                '{"type": "play", "action": [0, "draw", 1, 2, 3]}', '{"type": "ready", "round": 1' + '0' * 40 + '}'):
        with pytest.raises(ProtocolError):
            decode_client(raw)


def test_a_servers_offer_is_read_strictly_both_ways():
    """The question a setup asks a room server (`ask_offer`) and its answer (`offer`, issue 49): the
    levels it offers, each once from the easiest, and the most milliseconds a decision thinks there."""
    asked = decode_client(encode(AskOffer(2)))
    assert isinstance(asked, AskOffer) and asked.version == 2
    offer = decode_host('{"type": "offer", "levels": ["easy", "normal"], "most_think_ms": 300}')
    assert isinstance(offer, Offer) and offer.levels == ["easy", "normal"] and offer.most_think_ms == 300
    for raw in ('{"type": "ask_offer"}', '{"type": "ask_offer", "version": 2, "levels": []}',
                '{"type": "ask_offer", "version": "2"}'):
        with pytest.raises(ProtocolError):
            decode_client(raw)
    bad = {  # each shape, and what the refusal names
        '{"type": "offer", "levels": [], "most_think_ms": 300}': "length >= 1",
        '{"type": "offer", "levels": ["easy", "adaptive"], "most_think_ms": 300}': "Invalid enum value 'adaptive'",
        '{"type": "offer", "levels": ["remote"], "most_think_ms": 300}': "Invalid enum value 'remote'",
        '{"type": "offer", "levels": ["easy", "easy"], "most_think_ms": 300}': "each come once, from the easiest",
        '{"type": "offer", "levels": ["hard", "easy"], "most_think_ms": 300}': "each come once, from the easiest",
        '{"type": "offer", "levels": ["easy", "normal", "hard", "expert", "easy"], "most_think_ms": 3}': "length <= 4",
        '{"type": "offer", "levels": ["easy"], "most_think_ms": 0}': ">= 1",
        '{"type": "offer", "levels": ["easy"], "most_think_ms": 1000001}': "<= 1000000",
        '{"type": "offer", "levels": ["easy"], "most_think_ms": 1' + "0" * 400 + '}': "too many digits",
        '{"type": "offer", "levels": ["easy"], "most_think_ms": 0.5}': "Expected `int`",
        '{"type": "offer", "levels": ["easy"]}': "missing required field `most_think_ms`",
        '{"type": "offer", "levels": ["easy"], "most_think_ms": 3, "extra": 1}': "unknown field `extra`",
        '{"type": "offer", "levels": "easy", "most_think_ms": 3}': "Expected `array`",
    }
    _host_refuses(bad)


def _host_refuses(bad: dict[str, str]) -> None:
    """Each raw message a host might send is refused by the reader, with the words given."""
    for raw, words in bad.items():
        with pytest.raises(ProtocolError, match=words):
            decode_host(raw)


def test_a_rooms_answer_says_its_levels_as_strictly_as_an_offer():
    """`room` (the answer to `create`) names the server's levels with the level type of `offer`: a
    seat's kind ("remote") is not a level, and each comes once from the easiest; none, a server that
    does not say."""
    room = decode_host('{"type": "room", "code": "ABCDEFGH", "levels": ["easy", "hard"], "most_think_ms": 300}')
    assert isinstance(room, Room) and room.levels == ["easy", "hard"]
    assert decode_host('{"type": "room", "code": "ABCDEFGH"}').levels == []
    bad = {
        '{"type": "room", "code": "ABCDEFGH", "levels": ["remote"]}': "Invalid enum value 'remote'",
        '{"type": "room", "code": "ABCDEFGH", "levels": ["hard", "easy"]}': "each come once, from the easiest",
        '{"type": "room", "code": "ABCDEFGH", "levels": ["easy", "easy"]}': "each come once, from the easiest",
        '{"type": "room", "code": "ABCDEFGH", "most_think_ms": 1000001}': "<= 1000000",
    }
    _host_refuses(bad)


def test_seat_tokens_are_kept_capped_and_survive_a_damaged_file(tmp_path):
    store = Store(tmp_path)
    for n in range(80):
        store.tokens.keep(f"join ws://h:{n} C", f"token{n}")
    again = Store(tmp_path)
    assert again.tokens.get("join ws://h:79 C") == "token79"
    assert again.tokens.get("join ws://h:0 C") is None  # the oldest went first (64 kept)
    with pytest.raises(ValueError):
        store.tokens.keep("k", "x" * 500)
    (tmp_path / "tokens.json").write_text("{broken")
    (tmp_path / "tokens.json.bak").unlink(missing_ok=True)
    damaged = Store(tmp_path)
    assert damaged.tokens.get("join ws://h:79 C") is None and damaged.notices  # moved aside and said, never a crash


def test_each_message_family_is_read_by_its_own_decoder_built_once(monkeypatch):
    """A message is decoded by its family's Decoder, made when the protocol is declared: no
    decoder (nor a union's decoding plan) is built again for each message."""
    def built_afresh(*args, **kwargs):
        raise AssertionError("a decoder built for one message")
    monkeypatch.setattr(msgspec.json, "decode", built_afresh)
    played = decode_client('{"type": "play", "action": [1, "draw"]}')
    assert isinstance(played, Play) and played.move.to_list() == [1, "draw"]
    assert isinstance(decode_host('{"type": "game_over"}'), GameOver)
    assert isinstance(read_line('{"type": "hello", "seat": 1}', TO_BOT), BotHello)  # the bot protocol's too
    with pytest.raises(ProtocolError, match="unknown message type; expected one of hello, play, ready, bye"):
        decode_client('{"type": "teleport"}')


def test_an_unknown_type_is_told_apart_from_text_that_is_not_json():
    """The message type is checked against the family's own tags: an object of another type is
    an unknown message type; a text broken after its type is not JSON, whatever the type says."""
    with pytest.raises(ProtocolError, match=r"^unknown message type; expected one of welcome, lobby, table"):
        decode_host('{"round": 2, "type": "ping"}')
    for raw in ('{"type": "teleport", "x": ', '{"type": "play", "action": '):
        with pytest.raises(ProtocolError, match=r"^something that is not JSON$"):
            decode_client(raw)


@pytest.mark.parametrize(("edition", "players", "seed"), [("classic", 4, 49), ("voyage", 3, 5), ("classic", 8, 7)])
def test_the_tables_of_a_move_made_together_are_byte_for_byte_each_seats_own(edition, players, seed):
    """A server sends every seat of a room its table at each move: `tables` makes their public part
    once (`seat_views`), and each seat still receives exactly the text its own `table_message`
    gives, its own card in hand and legal actions, never another seat's (every step of a seeded
    game, every seat and some seats alone)."""
    from game.net.protocol import tables
    from game.rules import seat_views

    steps, _ = _game(seed, edition, players)
    rng, private = random.Random(seed), 0
    for state, events in steps:
        for seats in (range(players), rng.sample(range(players), 2)):
            views = seat_views(state, seats)
            mover = rng.choice([view for view in views.values() if view.legal] or [None])
            action = mover.legal[0] if mover is not None else None
            made = tables(views, events, action)
            assert list(made) == list(seats)
            for seat in seats:
                assert views[seat] == seat_view(state, seat)
                assert encode(made[seat]) == encode(table_message(seat_view(state, seat), seat, events, action))
            private += len({views[seat].holding for seat in seats}) > 1  # a drawn card only its drawer sees
    assert private > 20  # the comparison met moments where the seats' views differ, not only equal ones
