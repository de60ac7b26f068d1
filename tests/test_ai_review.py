"""Expert's review of a game (issue 33 items 2, 5, 6, 8): what a player is told about each decision.

Short games (one round of Voyage) and few sampled worlds keep these fast; the figures of a
whole game live in docs/review.md, from `python -m tools.review_levels`.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import make_bot
from game.ai.expert import ExpertBot
from game.ai.review import Decision, ReviewCancelled, decisions, judge, review_game
from game.replay import play_scenario
from game.rules import REPLACE, GameState, Options, seat_view
from game.store.reviews import MAX_REVIEWS, REVIEWS_FILE, ReviewShelf, review_key
from game.ui.review_words import best_words, played_words, why_line
from game.wire.review import ReviewData

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = 12  # sampled worlds per decision here: enough to tell a blunder from a good move


def one_round(levels: list[str], seed: int, expert_samples: int = SAMPLES) -> dict:
    """The record of one round of Voyage played by `levels` (seat k plays levels[k])."""
    bots = [make_bot(level, seed * 10 + k) for k, level in enumerate(levels)]
    for bot in bots:
        if isinstance(bot, ExpertBot):
            bot.samples = expert_samples
    state = GameState.new_game("voyage", len(levels), seed=seed, options=Options(100))
    while state.phase in ("opening", "turn"):
        seat = state.to_act
        state.apply(bots[seat].decide(seat_view(state, seat)))
    return state.record()


def upto(record: dict, round_number: int, action: int) -> dict:
    """The record cut just after `action` of round `round_number` (1-based)."""
    cut = copy.deepcopy(record)
    cut["rounds"] = cut["rounds"][:round_number]
    cut["rounds"][-1]["actions"] = cut["rounds"][-1]["actions"][: action + 1]
    return cut


def test_a_seat_that_played_expert_s_own_choices_loses_about_nothing():
    work = 40  # Expert's sampled worlds per searched decision, in the game and in its review
    expert = review_game(one_round(["expert", "hard", "hard"], seed=4, expert_samples=work), 0, seed=2, samples=work)
    normal = review_game(one_round(["normal", "hard", "hard"], seed=4), 0, seed=2, samples=work)
    assert len(expert.decisions) >= 15
    # early in a round Expert plays its judgement's choice: the review's, at no cost at all
    assert all(judged.cost == 0 for judged in expert.decisions if judged.method == "judgement")
    assert expert.per_decision <= 0.25
    assert normal.points_lost > expert.points_lost + 3


def _blunder(record: dict, seat: int) -> tuple[dict, Decision]:
    """The record with one move changed: a high card in hand put on the seat's lowest face-up card."""
    for decision in decisions(record, seat):
        view = decision.view
        if view.holding is None or view.holding < 9:
            continue
        low = [i for i, cell in enumerate(view.grid()) if isinstance(cell, int) and view.holding - cell >= 10]
        if not low:
            continue
        planted = next(a for a in view.legal if a.verb == REPLACE and a.index == low[0])
        cut = upto(record, decision.round, decision.action)
        cut["rounds"][-1]["actions"][-1] = planted.to_list()
        return cut, decision
    raise AssertionError("no decision to spoil in this game")


def test_a_planted_blunder_is_the_costliest_decision_by_many_points():
    record = one_round(["expert", "hard", "hard"], seed=7)
    spoiled, decision = _blunder(record, 0)
    review = review_game(spoiled, 0, seed=3, samples=SAMPLES)
    worst = review.decisions[review.costliest()[0]]
    assert worst.index == decision.index
    assert worst.cost >= 6 and not worst.good
    assert why_line(worst).startswith("Expert: ")
    assert played_words(worst).startswith(f"put the {decision.view.holding} on your ")
    assert best_words(worst) != played_words(worst)


def test_each_judged_view_is_the_seat_s_view_at_that_point_of_the_record():
    record = one_round(["hard", "normal", "easy"], seed=5)
    found = decisions(record, 1)
    assert len(found) >= 10
    for decision in found[:: max(1, len(found) // 6)]:
        before = upto(record, decision.round, decision.action - 1) if decision.action else None
        state = play_scenario(before) if before else None
        assert state is not None and seat_view(state, 1) == decision.view
        assert state.to_act == 1 and decision.played in decision.view.legal


def _twin_deck(record: dict, decision: Decision, rng: random.Random) -> dict:
    """The record's round with the cards the seat cannot see at `decision` (face-down cards of
    every grid, the draw pile) shuffled among their places in the deck."""
    view, players = decision.view, record["players"]
    deck = list(record["rounds"][decision.round - 1]["deck"])
    places = [12 * seat + i for seat in range(players) for i, cell in enumerate(view.grids[seat]) if cell == "?"]
    places += range(len(deck) - view.draw_pile, len(deck))
    values = [deck[p] for p in places]
    rng.shuffle(values)
    for place, value in zip(places, values):
        deck[place] = value
    twin = copy.deepcopy(record)
    twin["rounds"][decision.round - 1]["deck"] = deck
    return twin


def test_the_review_of_a_decision_ignores_the_cards_the_player_could_not_see():
    record = one_round(["hard", "hard"], seed=8)
    searched = [(d, j) for d in decisions(record, 0) if d.round == 1
                if (j := judge(d, seed=5, samples=SAMPLES)).method == "search"]
    late, judged = searched[len(searched) // 2]  # a decision the playouts judge, in sampled worlds
    cut = upto(record, late.round, late.action)
    rng = random.Random(1)
    twins = [_twin_deck(cut, late, rng) for _ in range(3)]
    assert any(twin["rounds"][0]["deck"] != cut["rounds"][0]["deck"] for twin in twins)
    mine = decisions(cut, 0)[-1]
    assert judge(mine, seed=5, samples=SAMPLES) == judged
    for twin in twins:
        other = decisions(twin, 0)[-1]
        assert other.view == mine.view  # the same position for the seat...
        assert judge(other, seed=5, samples=SAMPLES) == judged  # ...so the same review


def test_progress_counts_the_decisions_and_cancel_stops_the_review():
    record = one_round(["hard", "hard"], seed=9)
    total = len(decisions(record, 0))
    seen: list[tuple[int, int]] = []
    review_game(record, 0, samples=2, progress=lambda done, count: seen.append((done, count)))
    assert seen == [(n, total) for n in range(total + 1)]
    asked = []
    with pytest.raises(ReviewCancelled):
        review_game(record, 0, samples=2, cancel=lambda: asked.append(1) or len(asked) > 3)
    assert len(asked) == 4


@pytest.mark.slow
def test_the_review_is_the_same_with_two_processes():
    record = one_round(["hard", "normal"], seed=10)
    assert review_game(record, 1, seed=4, samples=4, workers=2) == review_game(record, 1, seed=4, samples=4)


def test_a_review_is_repeatable_from_its_seed():
    record = one_round(["normal", "hard"], seed=11)
    assert review_game(record, 0, seed=6, samples=4) == review_game(record, 0, seed=6, samples=4)


# ---------------------------------------------------------------- the store
def test_a_stored_review_is_found_again_and_a_changed_record_is_judged_anew(tmp_path):
    record = one_round(["hard", "hard"], seed=12)
    shelf = ReviewShelf(tmp_path)
    key = review_key(record, 0, 1, SAMPLES, 1)
    review = review_game(record, 0, seed=1, samples=2)
    assert shelf.get(key) is None
    assert shelf.put(key, review)
    assert ReviewShelf(tmp_path).get(key) == review
    changed = copy.deepcopy(record)
    changed["rounds"][0]["actions"].pop()
    assert review_key(changed, 0, 1, SAMPLES, 1) != key
    assert {review_key(record, *other) for other in [(1, 1, SAMPLES, 1), (0, 2, SAMPLES, 1), (0, 1, 5, 1),
                                                      (0, 1, SAMPLES, 2)]}.isdisjoint({key})


def _tiny(seed: int) -> ReviewData:
    """A review with no decision: enough to tell one stored review from another."""
    return ReviewData(seat=0, seed=seed, samples=1, method=1, decisions=[])


def test_the_review_shelf_keeps_the_latest_reviews_and_survives_a_damaged_file(tmp_path):
    shelf = ReviewShelf(tmp_path)
    for n in range(MAX_REVIEWS + 5):
        assert shelf.put(f"k{n}", _tiny(n))
    assert shelf.get("k0") is None and shelf.get(f"k{MAX_REVIEWS + 4}") == _tiny(MAX_REVIEWS + 4)
    (tmp_path / REVIEWS_FILE).write_bytes(b'{"format": 2, "reviews": [{"key": "k1", "rev')
    assert shelf.get("k1") is None  # a cache: judged again, never a crash
    assert shelf.put("k1", _tiny(1)) and shelf.get("k1") == _tiny(1)


def test_a_stored_review_that_is_not_a_review_is_judged_again(tmp_path):
    shelf = ReviewShelf(tmp_path)
    assert shelf.put("good", _tiny(3))
    document = json.loads((tmp_path / REVIEWS_FILE).read_text())
    document["reviews"].append({"key": "bad", "review": {"seat": 99, "seed": 1, "samples": 1, "method": 1,
                                                           "decisions": []}})
    (tmp_path / REVIEWS_FILE).write_text(json.dumps(document))
    assert shelf.get("bad") is None and shelf.get("good") == _tiny(3)  # one bad review spoils no other
    document["reviews"].append({"key": "deep", "review": {"seat": 0, "decisions": [[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]}})
    (tmp_path / REVIEWS_FILE).write_text(json.dumps(document))
    assert shelf.get("deep") is None and shelf.get("good") is None  # too deep to read at all: a cache, judged again
    assert shelf.put("good", _tiny(3)) and shelf.get("good") == _tiny(3)


def test_the_trend_keeps_each_player_s_last_games_once_each(tmp_path):
    shelf = ReviewShelf(tmp_path)
    record = one_round(["normal", "hard"], seed=16)
    review = review_game(record, 0, seed=1, samples=2)
    for n in range(25):
        assert shelf.put(f"k{n}", review, player="Ann", game=f"game{n}")
    assert shelf.put("again", review, player="Ann", game="game24")  # the same game reviewed again: counted once
    points = shelf.trend("Ann")
    assert [point.game for point in points] == [f"game{n}" for n in range(5, 25)]
    assert points[-1].per_decision == review.per_decision and points[-1].decisions == len(review.decisions)
    assert shelf.trend("Bob") == []


# ---------------------------------------------------------------- the command
def _review(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "skyjo", "review", *args], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=120)


def test_skyjo_review_prints_one_json_object_with_the_costliest_decisions(tmp_path):
    record = one_round(["normal", "hard"], seed=13)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    done = _review(str(path), "--seat", "0", "--json", "--samples", "3")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    first = report["decisions"][0]
    for field in ("round", "turn", "seen", "played", "best", "played_words", "best_words", "cost", "spread", "why",
                  "reason", "good"):
        assert field in first
    assert report["total"]["decisions"] == len(report["decisions"])
    assert len(report["costliest"]) == min(3, report["total"]["costly"])
    assert sum(row["points_lost"] for row in report["rounds"]) == pytest.approx(report["total"]["points_lost"])


def test_skyjo_review_of_a_damaged_file_says_one_line_and_exits_2(tmp_path):
    record = one_round(["hard", "hard"], seed=14)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record)[:-40])
    done = _review(str(path))
    assert done.returncode == 2
    lines = done.stdout.decode().splitlines()
    assert len(lines) == 1 and "not valid JSON" in json.loads(lines[0])["error"]["message"]
    assert b"Traceback" not in done.stderr
    record["rounds"][0]["actions"][5] = [0, "fly"]
    path.write_text(json.dumps(record))
    done = _review(str(path))
    assert done.returncode == 2 and len(done.stdout.splitlines()) == 1 and b"Traceback" not in done.stderr


@pytest.mark.parametrize("args, said", [(["--samples", "0"], "--samples"), (["--seat", "5"], "--seat"),
                                        (["--workers", "0"], "--workers")])
def test_skyjo_review_refuses_a_bad_argument_in_one_line(tmp_path, args, said):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(one_round(["hard", "hard"], seed=15)))
    done = _review(str(path), *args)
    assert done.returncode == 2 and done.stdout == b""
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and said in lines[0]


def test_skyjo_review_of_a_save_judges_its_human_seat(tmp_path):
    from game.match import COMPUTER, MatchConfig, SeatConfig
    from game.store import Store

    match = MatchConfig("voyage", (SeatConfig("Bot", COMPUTER, "hard"), SeatConfig("Ann")), seed=3)
    state, bot = match.new_game(), make_bot("hard", 1)
    while state.phase in ("opening", "turn") and len(state.log[-1]["actions"]) < 30:
        state.apply(bot.decide(seat_view(state, state.to_act)))
    store = Store(tmp_path)
    store.saves.save(match, state)
    store.close()
    done = _review(str(tmp_path / "save.json"), "--json", "--samples", "2")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["seat"] == 1 and report["total"]["decisions"] == len(decisions(state.record(), 1)) > 0


@pytest.mark.slow
def test_review_levels_prints_a_row_per_level(capsys):
    from tools.review_levels import LEVELS, main

    assert main(["--games", "1", "--samples", "2"]) == 0
    out = capsys.readouterr().out
    assert [line.split("|")[1].strip() for line in out.splitlines() if line.startswith("| ") and "level" not in line
            ] == list(LEVELS)
    assert "Pearson r" in out
