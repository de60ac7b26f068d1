"""The adaptive level's profiles beside the statistics (game/store/profiles.py): moved by each
finished game against the adaptive computer, read only for a name the statistics know, reset
with them, and a bad file moved aside with a notice, never a crash."""

from __future__ import annotations

import json

import pytest

from game.adapt import DEFAULT_STRENGTH, knob_number
from game.match import ADAPTIVE, COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import GameState
from game.store import Store
from game.store.profiles import MAX_PLAYERS, PROFILES_FILE
from game.table import TableController

SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, ADAPTIVE))


def finished(match: MatchConfig, seed: int, person_wins: bool) -> GameState:
    """A seeded game played to its end by the adaptive computer against a Normal stand-in for Ann,
    with seed chosen by the caller so that Ann wins or loses as asked."""
    from game.ai import make_bot
    from game.rules import seat_view

    for attempt in range(seed, seed + 40):
        state = match.new_game(attempt)
        bots = [make_bot("hard" if person_wins else "easy", attempt), make_bot("adaptive@0.75/0", attempt)]
        while not state.is_terminal:
            if state.phase == "round_over":
                state.deal()
            else:
                state.apply(bots[state.to_act].decide(seat_view(state, state.to_act)))
        if (0 in (state.winners or ())) == person_wins and len(state.winners or ()) == 1:
            return state
    raise AssertionError("no such game in 40 seeds")


def test_a_new_name_starts_at_the_default_and_each_game_moves_the_profile(tmp_path):
    store, match = Store(tmp_path), MatchConfig(seats=SEATS)
    assert store.stats.profiles.table_strength(["Ann"]) == DEFAULT_STRENGTH
    store.stats.record_game(match, finished(match, 1, person_wins=True))
    won = store.stats.profiles.table_strength(["Ann"])
    assert won > DEFAULT_STRENGTH  # Ann beat it: it plays her stronger
    store.stats.record_game(match, finished(match, 100, person_wins=False))
    assert store.stats.profiles.table_strength(["Ann"]) < won
    players = json.loads((tmp_path / PROFILES_FILE).read_text())["players"]
    assert list(players) == ["Ann"] and players["Ann"]["games"] == 2  # people only, never the computer


def test_a_game_is_counted_once_however_often_it_is_recorded(tmp_path):
    store, match = Store(tmp_path), MatchConfig(seats=SEATS)
    state = finished(match, 1, person_wins=True)
    store.stats.record_game(match, state)
    once = store.stats.profiles.table_strength(["Ann"])
    store.stats.record_game(match, state)  # the game-over screen counts it again: nothing moves
    assert store.stats.profiles.table_strength(["Ann"]) == once


def test_a_game_without_the_adaptive_level_leaves_the_profiles_alone(tmp_path):
    store, match = Store(tmp_path), MatchConfig(seats=(SeatConfig("Ann", HUMAN), SeatConfig("Bo", COMPUTER, "hard")))
    store.stats.record_game(match, finished(match, 1, person_wins=True))
    assert not (tmp_path / PROFILES_FILE).exists()


def test_resetting_or_deleting_the_statistics_resets_the_profiles(tmp_path):
    store, match = Store(tmp_path), MatchConfig(seats=SEATS)
    store.stats.record_game(match, finished(match, 1, person_wins=True))
    assert store.stats.profiles.table_strength(["Ann"]) != DEFAULT_STRENGTH
    (tmp_path / "stats.json").unlink()
    (tmp_path / "stats.json.bak").unlink(missing_ok=True)
    # the statistics no longer know Ann
    assert Store(tmp_path).stats.profiles.table_strength(["Ann"]) == DEFAULT_STRENGTH
    store = Store(tmp_path)
    store.stats.record_game(match, finished(match, 1, person_wins=True))
    store.stats.reset()
    assert store.stats.profiles.table_strength(["Ann"]) == DEFAULT_STRENGTH
    assert json.loads((tmp_path / PROFILES_FILE).read_text())["players"] == {}


@pytest.mark.parametrize("content", [
    b"{not json",
    b'{"format": 1, "players": {"Ann": {"strength": 7, "games": 1}}}',
    b'{"format": 1, "players": {"Ann": {"strength": NaN, "games": 1}}}',
    b'{"format": 1, "players": {"Ann": {"strength": 0.5, "games": -1}}}',
    b'{"format": 1, "players": {"Ann": {"strength": 0.5, "games": 1, "extra": 1}}}',
    b'{"format": 1, "players": {"\\u0000": {"strength": 0.5, "games": 1}}}',
    b'{"format": 1, "players": []}',
    b'{"format": 99, "players": {}}',
    json.dumps({"format": 1, "players": {f"P{n}": {"strength": 0.5, "games": 1}
                                         for n in range(MAX_PLAYERS + 1)}}).encode(),
    b'{"format": 1, "players": {}}' + b" " * (64 * 1024),  # past its cap: refused unread
])
def test_a_bad_profiles_file_is_moved_aside_with_a_notice(tmp_path, content):
    (tmp_path / PROFILES_FILE).write_bytes(content)
    store = Store(tmp_path)
    assert store.stats.profiles.table_strength(["Ann"]) == DEFAULT_STRENGTH
    notices = store.take_notices()
    assert len(notices) == 1 and "profiles" in notices[0].worded()
    assert list(tmp_path.glob(PROFILES_FILE + ".corrupt-*"))
    store.stats.record_game(MatchConfig(seats=SEATS), finished(MatchConfig(seats=SEATS), 1, person_wins=True))
    assert json.loads((tmp_path / PROFILES_FILE).read_text())["players"]["Ann"]["games"] == 1  # written afresh


def test_a_bad_profiles_file_found_after_the_notices_were_shown_is_told_too(tmp_path):
    """The menu takes the start-up notices; a profiles file read later (a table with the adaptive
    level) that turns out damaged is still told on the next screen, not into a list nobody reads."""
    store = Store(tmp_path)
    store.load_all()
    assert store.take_notices() == []
    (tmp_path / PROFILES_FILE).write_bytes(b'{"format": 1, "players": []}')
    assert store.stats.profiles.table_strength(["Ann"]) == DEFAULT_STRENGTH
    notices = store.take_notices()
    assert len(notices) == 1 and "profiles" in notices[0].worded()


def test_a_table_starts_its_adaptive_seats_from_the_peoples_profile(tmp_path):
    store, match = Store(tmp_path), MatchConfig(seats=(*SEATS, SeatConfig("Sasha", COMPUTER, "normal")))
    made = []

    def make_worker(level: str, seed: int):
        made.append(level)
        raise ValueError("no thinking needed here")

    table = TableController(match, match.new_game(3), store, make_worker=make_worker)
    assert table.computers.level(1, table.config) == f"adaptive@{knob_number(DEFAULT_STRENGTH):.5f}/0"  # Ann, seat 0
    assert table.computers.level(2, table.config) == "normal"
    assert MatchConfig().seats[1].level == ADAPTIVE  # a new game's computers play at the person's level


def test_the_statistics_page_says_the_level_the_computer_plays_each_player_at():
    from game import i18n
    from scenes.statistics import level_note

    assert level_note("normal").startswith("Computer plays at your level: about Normal")
    i18n.set_language("fr")
    try:
        assert level_note("hard").startswith("L'ordinateur joue à votre niveau : environ Difficile")
    finally:
        i18n.set_language("en")


def test_a_beginners_profile_is_about_a_beginner_on_the_statistics_page(tmp_path):
    """A profile nearer the child's strength than Easy's has its own words (issue 48); an Easy
    player's profile, a little below 0, is still about Easy."""
    from game import i18n
    from scenes.statistics import level_note, read_figures

    store, match = Store(tmp_path), MatchConfig(seats=SEATS)
    store.stats.record_game(match, finished(match, 100, person_wins=False))
    for strength, level in ((-0.9, "beginner"), (-0.1, "easy")):
        profiles = {"format": 1, "players": {"Ann": {"strength": strength, "games": 30}}}
        (tmp_path / PROFILES_FILE).write_text(json.dumps(profiles))
        assert read_figures(store).levels["Ann"] == level
    assert level_note("beginner") == "Computer plays at your level: about a beginner"
    i18n.set_language("fr")
    try:
        assert level_note("beginner") == "L'ordinateur joue à votre niveau : débutant"
    finally:
        i18n.set_language("en")


def test_a_profile_saved_before_the_knobs_new_numbers_loads_to_the_same_strength(tmp_path):
    """Issue 48: the knob a person and the docs see runs from 0 (the child) to 1; format 1 kept its
    inner number (-1 to 1). Read, each old profile plays at the very strength it did, and the
    next write keeps the new number, which reads back the same again."""
    from game.store.profiles import decode_profiles, encode_profiles

    old = {"A": -1.0, "B": -0.8, "C": 0.0, "D": 0.1235, "E": 0.5, "F": 0.55, "G": 0.9999, "H": 1}
    raw = json.dumps({"format": 1, "players": {name: {"strength": s, "games": 7} for name, s in old.items()}})
    loaded = decode_profiles(raw.encode())
    assert {name: profile.strength for name, profile in loaded.items()} == old  # exactly, not nearly
    written = json.loads(encode_profiles(loaded))
    assert written["format"] == 2
    assert {name: entry["strength"] for name, entry in written["players"].items()} == {
        "A": 0.0, "B": 0.1, "C": 0.5, "D": 0.56175, "E": 0.75, "F": 0.775, "G": 0.99995, "H": 1.0}
    assert decode_profiles(encode_profiles(loaded)) == loaded
    (tmp_path / PROFILES_FILE).write_text(raw)
    store, match = Store(tmp_path), MatchConfig(seats=SEATS)
    store.stats.record_game(match, finished(match, 100, person_wins=False))  # the statistics now know Ann
    (tmp_path / PROFILES_FILE).write_text(json.dumps({"format": 1, "players": {"Ann": {"strength": -0.8, "games": 9}}}))
    assert store.stats.profiles.table_strength(["Ann"]) == -0.8


def test_every_strength_a_profile_keeps_survives_the_spec_and_the_file_exactly():
    """The app hands a profile to the adaptive computer as a spec in the knob's numbers, and keeps
    it in the file in them: every inner strength to 4 decimals (what format 1 kept) comes back."""
    from game.ai import make_bot
    from game.ai.adaptive import adaptive_spec
    from game.store.profiles import Profile, decode_profiles, encode_profiles

    strengths = [k / 10_000 for k in range(-10_000, 10_001, 7)]
    assert all(make_bot(adaptive_spec(s, [0])).strength == s for s in strengths)
    profiles = {f"P{n}": Profile(s, 1) for n, s in enumerate(strengths[:64])}
    assert decode_profiles(encode_profiles(profiles)) == profiles
    assert adaptive_spec(-1.0, [0]) == "adaptive@0.00000/0" and adaptive_spec(0.5, []) == "adaptive@0.75000"
