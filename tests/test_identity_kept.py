"""Issue 40 item 1: the faces a game showed are kept with what outlives it: the finished game the
review reads (last-game.json) and the statistics (per name: the look a player last played
with). Both are optional in the files, so those kept before still load, and an unknown look
(a newer version's) reads as the default, never as an error."""

from __future__ import annotations

import json
from dataclasses import replace

import msgspec
import pytest
from helpers import finished_game

from game.match import Identity, known_identity
from game.store.stats import Stats, decode_stats_checked, encode_stats, record_game
from game.wire.finished import FinishedGame, read_finished
from game.wire.reading import WireError


def test_the_statistics_keep_the_look_a_player_last_played_with():
    match, state = finished_game(1)
    match = replace(match, seats=(replace(match.seats[0], colour="pink", avatar="balloon"), match.seats[1]))
    stats = Stats()
    assert record_game(stats, match, state)
    again, _notes = decode_stats_checked(encode_stats(stats))
    assert (again.players["Ann"].colour, again.players["Ann"].avatar) == ("pink", "balloon")


def test_statistics_kept_before_looks_or_with_an_unknown_one_still_load_without_one():
    entry = {"games": 2, "wins": 1}
    raw = json.dumps({"format": 1, "players": {"Ann": entry, "Bob": {**entry, "colour": "ultraviolet",
                                                                       "avatar": ["x"] * 3}}}).encode()
    stats, _notes = decode_stats_checked(raw)
    assert stats.players["Ann"].games == 2 and (stats.players["Ann"].colour, stats.players["Ann"].avatar) == ("", "")
    assert (stats.players["Bob"].colour, stats.players["Bob"].avatar) == ("", "")


def test_a_finished_game_kept_before_looks_loads_and_one_with_looks_keeps_them():
    _match, state = finished_game(1)
    old = json.dumps({"record": state.record(), "names": ["Ann", "Bot"], "humans": [0]})
    assert read_finished(old).look(1) == ("", "")
    game = FinishedGame(record=state.record(), names=["Ann", "Bot"], humans=[0], colours=["pink", "sky"],
                        avatars=["balloon", "owl"])
    again = read_finished(msgspec.json.encode(game).decode())
    assert again.look(0) == ("pink", "balloon") and again.look(1) == ("sky", "owl")
    # a look from a newer version is shown as the seat's default
    assert known_identity("ultraviolet", "owl", Identity("amber", "sun")) == Identity("amber", "owl")


@pytest.mark.parametrize("looks", [["x" * 17], ["Pink"], ["a"] * 9])
def test_a_finished_game_with_a_look_too_long_odd_or_too_many_is_refused_in_one_line(looks):
    _match, state = finished_game(1)
    text = json.dumps({"record": state.record(), "names": ["Ann", "Bot"], "humans": [0], "colours": looks})
    with pytest.raises(WireError) as refused:
        read_finished(text)
    assert "\n" not in str(refused.value)
