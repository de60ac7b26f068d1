"""Statistics per player name, checked against the engine's own events, counted once."""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.store import Store

SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "hard"), SeatConfig("Cy", HUMAN))


def play(match: MatchConfig, seed: int, on_round_over=None):
    """A seeded random game; the events tell independently what happened."""
    state, chooser, events = match.new_game(), random.Random(seed), []
    while not state.is_terminal:
        if state.phase == "round_over":
            if on_round_over:
                on_round_over(state)
            state.deal()
        else:
            state.apply(chooser.choice(state.legal_actions()))
        events += state.take_events()
    return state, events


def expected_from_events(events, seat: int) -> dict:
    scores = [e.scores[seat] for e in events if e.kind == "round_scored" and e.scores[seat] is not None]
    return {
        "rounds": len(scores),
        "round_total": sum(scores),
        "best_round": min(scores),
        "columns_removed": sum(1 for e in events if e.kind == "column_removed" and e.seat == seat),
        "doubled": sum(1 for e in events if e.kind == "round_scored" and e.doubled == seat),
    }


def a_game_with_columns_and_doubling():
    """The first seeded game where a human removes a column and one is doubled (so the
    figures checked are not all zero)."""
    for seed in range(200):
        match = MatchConfig("voyage", SEATS, end_score=150, seed=seed)
        _, events = play(match, seed)
        removed = {e.seat for e in events if e.kind == "column_removed"}
        doubled = {e.doubled for e in events if e.kind == "round_scored"}
        if removed & {0, 2} and doubled & {0, 2}:
            return match, seed
    raise AssertionError("no seed gives a column removal and a doubling")


def test_figures_match_the_game(tmp_path):
    match, seed = a_game_with_columns_and_doubling()
    store = Store(tmp_path)
    state, events = play(match, seed, on_round_over=lambda s: store.stats.record_round(match, s))
    store.stats.record_game(match, state)
    stats = Store(tmp_path).stats.load()  # from disk
    assert set(stats.players) == {"Ann", "Cy"}, "computer seats are not counted"
    for seat, name in ((0, "Ann"), (2, "Cy")):
        entry = stats.players[name]
        expected = expected_from_events(events, seat)
        assert {k: getattr(entry, k) for k in expected} == expected
        won = seat in state.winners
        assert (entry.games, entry.wins) == (1, int(won))
        assert {k: (t.games, t.wins) for k, t in entry.by_edition.items()} == {"voyage": (1, int(won))}
        by_level = {k: (t.games, t.wins) for k, t in entry.by_level.items()}
        assert by_level == {"hard": (1, int(won)), "human": (1, int(won))}
        assert entry.average_round == expected["round_total"] / expected["rounds"]


def test_recording_twice_or_after_resume_counts_once(tmp_path):
    match = MatchConfig("classic", SEATS, end_score=120, seed=4)
    store = Store(tmp_path)

    def record_twice(state):
        store.stats.record_round(match, state)
        Store(tmp_path).stats.record_round(match, state)  # as after a resume from the round-over save
        store.stats.record_round(match, state)

    state, events = play(match, 4, on_round_over=record_twice)
    store.stats.record_game(match, state)
    store.stats.record_game(match, state)
    Store(tmp_path).stats.record_game(match, state)
    entry = Store(tmp_path).stats.load().players["Ann"]
    assert entry.games == 1 and entry.rounds == expected_from_events(events, 0)["rounds"]


def test_game_counts_its_last_round_without_record_round(tmp_path):
    match = MatchConfig("voyage", SEATS, end_score=1, seed=2)  # over after one round
    state, _events = play(match, 2)
    store = Store(tmp_path)
    store.stats.record_round(match, match.new_game())  # a round in play is not counted
    store.stats.record_game(match, state)
    assert store.stats.load().players["Cy"].rounds == 1


def test_wins_by_edition_and_level_accumulate(tmp_path):
    store = Store(tmp_path)
    results = Counter()
    for seed in range(6):
        edition, level = ("voyage", "classic")[seed % 2], ("easy", "expert")[seed // 3]
        match = MatchConfig(edition, (SeatConfig("Ann"), SeatConfig("Bot", COMPUTER, level)), end_score=60, seed=seed)
        state, _ = play(match, seed)
        store.stats.record_game(match, state)
        results[(edition, "games")] += 1
        results[(edition, "wins")] += 0 in state.winners
        results[(level, "games")] += 1
        results[(level, "wins")] += 0 in state.winners
    entry = Store(tmp_path).stats.load().players["Ann"]
    assert entry.games == 6 and entry.wins == results[("voyage", "wins")] + results[("classic", "wins")]
    seen = defaultdict(int)
    for table in (entry.by_edition, entry.by_level):
        for key, tally in table.items():
            seen[(key, "games")], seen[(key, "wins")] = tally.games, tally.wins
    assert seen == {k: v for k, v in results.items()}


def test_reset(tmp_path):
    store = Store(tmp_path)
    match = MatchConfig("voyage", SEATS, end_score=1, seed=2)
    store.stats.record_game(match, play(match, 2)[0])
    assert store.stats.load().players
    store.stats.reset()
    assert Store(tmp_path).stats.load().players == {}
    assert json.loads((tmp_path / "stats.json.bak").read_text())["players"], "the old figures stay in the .bak"


def test_damaged_stats_file(tmp_path):
    (tmp_path / "stats.json").write_text('{"format": 1, "players": {"Ann": {"games": -3}}}')
    store = Store(tmp_path)
    assert store.stats.load().players == {}
    assert "Your statistics were damaged" in store.notices[0].worded() and "start afresh" in store.notices[0].worded()
    assert [p.name.startswith("stats.json.corrupt-") for p in tmp_path.iterdir()] == [True]


def test_stats_decoder_surprise_is_contained(tmp_path, monkeypatch):
    """Even an exception the decoder did not foresee becomes a notice, not a crash."""
    import game.store.statistics as store_module

    def explode(raw):
        raise RuntimeError("surprise")

    monkeypatch.setattr(store_module, "decode_stats_checked", explode)
    (tmp_path / "stats.json").write_text('{"format": 1, "players": {}}')
    store = Store(tmp_path)
    assert store.stats.load().players == {}
    assert "something unexpected (RuntimeError)" in store.notices[0].worded()


def test_the_desktop_game_counts_a_round_without_writing_on_the_frame_loop(tmp_path, monkeypatch):
    """Issue 46: the statistics were written (and synced to the disk) on the frame loop once a
    round; with the desktop game's store (background=True) the frame only counts, a helper thread
    writes, and what the player keeps is the same: every round in stats.json once it is written,
    another program's game still noticed afterwards."""
    import threading

    import game.store.files as files

    frame = threading.current_thread()
    writes: list[tuple[str, threading.Thread]] = []

    def noted(path, data, keep_backup=True):
        writes.append((path.name, threading.current_thread()))
        return real_write(path, data, keep_backup)

    real_write = files.atomic_write
    for module in ("game.store.folder", "game.store.writer"):
        monkeypatch.setattr(f"{module}.atomic_write", noted)
    match = MatchConfig("voyage", SEATS, end_score=400, seed=3)
    store = Store(tmp_path, background=True)
    rounds = []

    def count(state):
        store.stats.record_round(match, state)
        rounds.append(state.round)

    state, _events = play(match, 3, on_round_over=count)
    assert len(rounds) >= 2
    store.stats.record_game(match, state)
    assert (("stats.json", frame) not in writes), "the frame loop wrote the statistics"
    assert store.stats.flush()
    assert any(name == "stats.json" for name, _thread in writes) and ("stats.json", frame) not in writes
    on_disk = Store(tmp_path).stats.load()
    assert on_disk.players["Ann"].rounds == len(rounds) + 1 and on_disk.players["Ann"].games == 1
    other = Store(tmp_path)  # another program counts a game of its own meanwhile
    other.stats.record_game(*_finished(MatchConfig("voyage", SEATS, end_score=40, seed=9)))
    store.stats.record_game(*_finished(MatchConfig("voyage", SEATS, end_score=40, seed=10)))
    store.close()
    assert Store(tmp_path).stats.load().players["Ann"].games == 3


def _finished(match: MatchConfig):
    assert match.seed is not None
    return match, play(match, match.seed)[0]
