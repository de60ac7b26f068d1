"""The scenario files under tests/scenarios/, played in-process and through the real
`python -m game replay FILE` command; each outcome was worked out by hand from docs/rules.md,
whose §13 names the sections each scenario shows."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from scenarios.catalog import CATALOG, HERE, file_text

from game.replay import play_scenario
from game.rules import replay_summary

ROOT = Path(__file__).resolve().parent.parent
OUTPUT_FIELDS = {"edition", "round", "phase", "to_act", "holding", "trigger", "discard_top", "draw_pile",
                 "discard_pile", "grids", "round_scores", "totals", "winners"}


def load(name: str) -> dict:
    return json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))


def run_replay(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "replay", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def check(output: dict, expected: dict) -> None:
    assert set(output) == OUTPUT_FIELDS
    for key, value in expected.items():
        assert output[key] == value, f"{key}: got {output[key]!r}, the rules give {value!r}"


@pytest.mark.parametrize("name", sorted(CATALOG))
def test_scenario_file_matches_catalog(name: str) -> None:
    """docs/rules.md §13."""
    assert (HERE / f"{name}.json").read_text(encoding="utf-8") == file_text(CATALOG[name]()[0])


@pytest.mark.parametrize("name", sorted(CATALOG))
def test_scenario_in_process(name: str) -> None:
    """docs/rules.md §13 (its table names the sections each scenario shows)."""
    expected = CATALOG[name]()[1]
    check(replay_summary(play_scenario(load(name))), expected)


@pytest.mark.parametrize("name", ["lea_tom_ines", "tiebreak_repeats_while_tied", "reshuffle_keeps_discard_top",
                                  "columns_removed_at_final_reveal"])
def test_scenario_through_replay_command(name: str) -> None:
    """docs/rules.md §13."""
    result = run_replay(str(HERE / f"{name}.json"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    check(json.loads(result.stdout), CATALOG[name]()[1])


def test_replay_command_reads_standard_input() -> None:
    """docs/rules.md §10."""
    result = run_replay("-", stdin=(HERE / "game_ends_at_100.json").read_text(encoding="utf-8"))
    assert result.returncode == 0, result.stdout + result.stderr
    check(json.loads(result.stdout), CATALOG["game_ends_at_100"]()[1])


def test_replay_output_edition_and_counts() -> None:
    """docs/rules.md §1, §3."""
    output = replay_summary(play_scenario(load("alice_bob_carol_dave")))
    assert output["edition"] == "voyage"
    # 105 cards: none removed, all 48 in grids, the rest in the two piles
    assert output["draw_pile"] + output["discard_pile"] == 105 - 48


def test_round_without_deck_is_shuffled_from_the_seed() -> None:
    """docs/rules.md §3, §4.1."""
    def outcome(seed: int) -> dict:
        game = {"edition": "classic", "players": 3, "seed": seed,
                "rounds": [{"actions": [[0, "flip", 0, 0], [0, "flip", 1, 1], [1, "flip", 2, 2]]}]}
        return replay_summary(play_scenario(game))

    first = outcome(8)
    assert first == outcome(8) and first != outcome(9)
    assert first["draw_pile"] == 150 - 36 - 1 and first["phase"] == "opening" and first["to_act"] == 1


def test_seeded_chance_is_the_same_in_another_process(tmp_path: Path) -> None:
    """docs/rules.md §3, §7."""
    # deals from the seed and reshuffles must not depend on the process (hash seeds etc.)
    game = load("reshuffle_keeps_discard_top")
    game["rounds"][0]["actions"] += [[0, "draw"], [0, "replace", 1, 0]]  # shows the rebuilt pile's top
    unshuffled = {"edition": "voyage", "players": 4, "seed": 77, "rounds": [{"actions": [[0, "flip", 0, 0]]}]}
    for scenario in (game, unshuffled):
        path = tmp_path / "seeded.json"
        path.write_text(json.dumps(scenario), encoding="utf-8")
        result = run_replay(str(path))
        assert result.returncode == 0, result.stdout
        assert json.loads(result.stdout) == replay_summary(play_scenario(scenario))
