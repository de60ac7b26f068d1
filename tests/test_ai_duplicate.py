"""The duplicate comparison: same deals, two levels, paired round margins."""

from __future__ import annotations

import json

import pytest

from game.rules import TURN, seat_view
from tools import duplicate


def test_positions_are_turn_starts_inside_the_window_one_per_round():
    found = duplicate.positions(6, "voyage", 2, face_down=4, seed=3)
    assert len(found) == 6
    for position in found:
        state = position.state
        assert state.phase == TURN and state.holding is None and state.to_act == position.seat
        assert duplicate.near_end(seat_view(state, state.to_act), 4)
        assert len(position.turns) == 2 and max(position.turns) > 0  # the hosts have played turns
    keys = [(p.state.seed, p.state.round) for p in found]
    assert len(set(keys)) == len(keys)


def test_a_level_against_itself_gains_exactly_nothing():
    result = duplicate.compare("hard", "hard", 5, "voyage", 2, face_down=5, seed=11)
    assert result["mean_gain"] == 0 and result["changed"] == 0 and result["positions"] == 5


def test_a_weak_level_loses_points_against_a_strong_one_on_the_same_deals():
    # From the first turn (12 face-down) Easy plays whole rounds against Hard's play of them.
    result = duplicate.compare("easy", "hard", 12, "classic", 2, face_down=12, seed=5)
    assert result["mean_gain"] < -2 * result["standard_error"]
    assert result["changed"] >= 10


def test_expert_at_fixed_work_gives_the_same_figures_on_every_run():
    runs = [duplicate.compare("expert", "hard", 2, "voyage", 2, face_down=5, seed=13, expert_samples=12)
            for _ in range(2)]
    assert runs[0]["mean_gain"] == runs[1]["mean_gain"] and runs[0]["changed"] == runs[1]["changed"]


def test_a_timed_expert_is_refused_in_a_fixed_work_comparison(capsys):
    with pytest.raises(SystemExit) as stop:
        duplicate.main(["--bot", "expert@50", "--positions", "2"])
    assert stop.value.code == 2 and "clock" in capsys.readouterr().err


def test_the_position_is_not_touched_by_playing_it():
    position = duplicate.positions(1, "voyage", 3, face_down=5, seed=2)[0]
    before = position.state.clone()
    duplicate.finish_round(position, "normal", 1)
    assert position.state.cards == before.cards and position.state.draw_pile == before.draw_pile


def test_json_output(capsys):
    assert duplicate.main(["--bot", "normal", "--positions", "3", "--seed", "4", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["bot"] == "normal" and result["baseline"] == "hard" and result["positions"] == 3
    assert set(result) >= {"mean_gain", "standard_error", "changed", "seconds"}


@pytest.mark.parametrize("argv", [
    ["--bot", "cmd:python bot.py"],
    ["--bot", "wizard"],
    ["--bot", "expert@fast"],
    ["--players", "9"],
    ["--positions", "1"],
    ["--face-down", "13"],
])
def test_bad_arguments_exit_2_with_one_line(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        duplicate.main(argv)
    assert stop.value.code == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("python -m tools.duplicate:")]
    assert len(lines) == 1
