"""Expert in fixed-work mode (issue 20, item 3): a number of sampled worlds per decision,
never the clock, so a seeded run repeats exactly on any machine; and its search plays
through the engine's fast path only actions that the checked path accepts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import expert as expert_module
from game.ai.expert import ExpertBot
from game.ai.hard import HardBot
from game.ai.simulate import check_fixed_work, simulate
from game.rules import GAME_OVER, ROUND_OVER, Action, GameState, SeatView, seat_view

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = 6


def expert_views(seed: int, edition: str = "voyage", players: int = 2, count: int = 12) -> list[SeatView]:
    """Views of seat 0 (Expert's seat) where Expert searches: a seeded game of Hard players,
    stopped at `count` such positions."""
    probe = ExpertBot.fixed_work(0, 1)
    hosts = [HardBot(seed * 10 + seat) for seat in range(players)]
    state = GameState.new_game(edition, players, seed=seed, record_events=False)
    found: list[SeatView] = []
    while len(found) < count and state.phase != GAME_OVER:
        if state.phase == ROUND_OVER:
            state.deal()
            continue
        seat = state.to_act
        assert seat is not None
        view = seat_view(state, seat)
        if seat == 0:
            before = probe.samples_taken
            probe.decide(view)
            if probe.samples_taken > before:
                found.append(view)
        state.apply(hosts[seat].decide(view))
    assert len(found) == count, "the seeded game offered too few searched decisions"
    return found


class RacingClock:
    """A clock on which every reading is `step` seconds after the last: a machine so slow
    (or so loaded) that any search stopped by the clock would stop at once."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def decisions(bot: ExpertBot, views: list[SeatView]) -> list[Action]:
    return [bot.decide(view) for view in views]


def test_fixed_work_decisions_do_not_depend_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    views = expert_views(seed=4)
    calm = ExpertBot.fixed_work(7, SAMPLES)
    expected = decisions(calm, views)
    assert calm.samples_taken == SAMPLES * len(views)  # exactly the work asked, every time
    monkeypatch.setattr(expert_module, "time", RacingClock(10.0))
    rushed = ExpertBot.fixed_work(7, SAMPLES)
    assert decisions(rushed, views) == expected
    assert rushed.samples_taken == calm.samples_taken
    # the same slow clock does cut a search on the clock short: the test can tell them apart
    timed = ExpertBot(7, budget_ms=300)
    decisions(timed, views)
    assert timed.samples_taken == expert_module.MIN_SAMPLES * len(views)


@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
def test_seeded_runs_with_expert_repeat_exactly() -> None:
    runs = [simulate(["expert", "hard"], "voyage", 2, seed=11, expert_samples=SAMPLES)[0] for _ in range(2)]
    one, two = runs
    assert one.rounds == two.rounds and one.rounds >= 2
    for a, b in zip(one.bots, two.bots):
        assert (a.wins, a.round_scores, a.final_totals) == (b.wins, b.round_scores, b.final_totals)


@pytest.mark.slow
@pytest.mark.timeout(660)  # two runs of up to 300 s each (their own limit, which names the command)
def test_seeded_simulate_commands_with_expert_print_the_same_figures() -> None:
    args = [sys.executable, "-m", "game", "simulate", "--bots", "expert,hard", "--games", "2", "--seed", "2",
            "--expert-samples", str(SAMPLES), "--json"]
    reports = []
    for _ in range(2):
        done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
        report = json.loads(done.stdout)
        del report["seconds"], report["rounds_per_second"]
        reports.append(report)
    assert reports[0] == reports[1] and reports[0]["expert_work"] == f"{SAMPLES} samples"


def test_a_fixed_work_run_refuses_an_expert_on_the_clock() -> None:
    with pytest.raises(ValueError, match="expert@50 plays on the clock"):
        check_fixed_work(["expert@50", "hard"], 100)
    check_fixed_work(["expert@50", "hard"], None)  # on the clock on purpose: allowed
    with pytest.raises(ValueError, match="at least one sample"):
        ExpertBot.fixed_work(1, 0)
    assert ExpertBot.fixed_work(1, 40).work == "40 samples" and ExpertBot(1).work == "300 ms"


def test_the_search_plays_only_legal_actions_on_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # every action of Expert's playouts and candidates goes through the checked test first
    played = []
    fast = GameState.apply_unchecked

    def checked_first(state: GameState, action: Action) -> None:
        assert state.why_illegal(action) is None, action
        played.append(action)
        fast(state, action)

    monkeypatch.setattr(GameState, "apply_unchecked", checked_first)
    for edition, players in (("voyage", 2), ("classic", 4)):
        views = expert_views(seed=9, edition=edition, players=players, count=4)
        decisions(ExpertBot.fixed_work(3, SAMPLES), views)
    assert len(played) > 1000


@pytest.mark.slow
def test_the_tournament_writes_the_whole_strength_file_and_its_rows_repeat(tmp_path: Path) -> None:
    from tools.tournament import main

    argv = ["--expert-games", "2", "--expert-samples", str(SAMPLES), "--only", "expert", "--no-speed", "--workers", "1"]
    texts = []
    for n in range(2):
        out = tmp_path / f"strength{n}.md"
        assert main([*argv, "--out", str(out)]) == 0
        texts.append(out.read_text(encoding="utf-8"))
    rows = [[line for line in text.splitlines() if line.startswith("| ") and "expert vs hard" in line]
            for text in texts]
    assert len(rows[0]) == 4 and rows[0] == rows[1]  # both editions, 2 and 4 players, the same figures
    assert texts[0].startswith("# Strength of the computer players\n\nGenerated by `python -m tools.tournament "
                               f"{' '.join(argv)} --out {tmp_path / 'strength0.md'}`")
    assert f"Expert searches {SAMPLES} sampled worlds per decision" in texts[0]
    # the hand-written log of what was tried is copied whole, after the generated tables
    from tools.tournament import EXPERIMENTS

    log = EXPERIMENTS.read_text(encoding="utf-8").rstrip()
    assert log and texts[0].rstrip().endswith(log)


def test_four_player_rows_take_their_own_expert_game_count(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from tools.tournament import four_player_expert_games, main, render

    def args(four: int | None) -> argparse.Namespace:
        return argparse.Namespace(games=10, expert_games=200, expert_four_games=four, expert_samples=SAMPLES, seed=1)

    assert four_player_expert_games(args(None)) == 100  # two Experts think at every table: half by default
    assert four_player_expert_games(args(24)) == 24
    assert "and 200 with Expert heads-up (24 at four players" in render([], args(24), None, [])
    with pytest.raises(SystemExit) as refused:
        main(["--expert-four-games", "0"])
    assert refused.value.code == 2 and "--expert-four-games" in capsys.readouterr().err.splitlines()[-1]


def test_relog_refreshes_the_copied_log_and_keeps_every_generated_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from tools import tournament

    log = tmp_path / "expert-experiments.md"
    log.write_text("# What was tried\n\nreveal worth 2.5: adopted\n", encoding="utf-8")
    monkeypatch.setattr(tournament, "EXPERIMENTS", log)
    args = argparse.Namespace(games=10, expert_games=20, expert_four_games=None, expert_samples=SAMPLES, seed=1)
    row = {"edition": "voyage", "players": 2, "upper": "expert", "lower": "hard", "games": 20, "win_rate": 0.65,
           "interval": (0.43, 0.82), "upper_round": 15.1, "lower_round": 17.8}
    table = tmp_path / "strength.md"
    table.write_text(tournament.render([row], args, None, ["--out", str(table)]), encoding="utf-8")
    generated = table.read_text(encoding="utf-8").split(tournament.LOG_MARKER)[0]

    log.write_text("# What was tried\n\nreveal worth 2.5: adopted\n\nwider search: no gain\n", encoding="utf-8")
    assert tournament.main(["--relog", str(table)]) == 0
    text = table.read_text(encoding="utf-8")
    assert text.startswith(generated) and "| voyage | 2 | expert vs hard | 20 | 65.0% |" in generated
    assert text.endswith("reveal worth 2.5: adopted\n\nwider search: no gain\n")
    assert text.count("reveal worth") == 1  # the old copy replaced, not appended to

    # a file the command did not write is refused in one line, and left as it was
    stranger = tmp_path / "notes.md"
    stranger.write_text("my notes\n", encoding="utf-8")
    with pytest.raises(SystemExit) as refused:
        tournament.main(["--relog", str(stranger)])
    assert refused.value.code == 2 and "no copied experiments log" in capsys.readouterr().err.splitlines()[-1]
    assert stranger.read_text(encoding="utf-8") == "my notes\n"
    with pytest.raises(SystemExit):
        tournament.main(["--relog", str(tmp_path / "missing.md")])
    assert "--relog" in capsys.readouterr().err.splitlines()[-1]
