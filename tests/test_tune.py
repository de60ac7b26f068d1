"""The paired tuning tool (tools.tune): trials of Hard's judgement with other figures."""

from __future__ import annotations

import pytest

from game.ai.expert import ExpertJudge
from game.ai.hard import Judge
from tools.tune import Trial, compare, main, parse_figure


@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
def test_a_trial_without_changes_is_an_even_match_deal_by_deal() -> None:
    # each deal is played twice with the seats swapped: Hard against Hard cancels exactly
    result = compare(Trial("hard", ()), "voyage", 2, deals=2, seed=11)
    assert result["games"] == 4
    assert result["win_share"] == 0.5 and result["round_difference"] == 0.0


def test_a_trial_sets_only_the_figures_it_names() -> None:
    judge = Trial("hard", (("tempo_rate", 0.0), ("spread_pad", 9.0))).judge_class()
    assert issubclass(judge, Judge)
    assert (judge.tempo_rate, judge.spread_pad) == (0.0, 9.0)
    others = [name for name in Judge.FIGURES if name not in ("tempo_rate", "spread_pad")]
    assert [getattr(judge, name) for name in others] == [getattr(Judge, name) for name in others]
    assert Trial("expert", ()).judge_class().tempo_rate == ExpertJudge.tempo_rate


@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
def test_hards_figures_set_to_experts_play_as_expert_judge() -> None:
    experts = tuple((name, getattr(ExpertJudge, name)) for name in Judge.FIGURES
                    if getattr(ExpertJudge, name) != getattr(Judge, name))
    assert experts, "Expert's figures differ from Hard's somewhere"
    by_figures = compare(Trial("hard", experts), "voyage", 4, deals=2, seed=3)
    by_base = compare(Trial("expert", ()), "voyage", 4, deals=2, seed=3)
    assert by_figures == {**by_base, "figures": dict(experts), "base": "hard"}


@pytest.mark.parametrize("text", ["tempo=1", "tempo_rate", "tempo_rate=fast", "tempo_rate=nan", "pair_cap=1e9",
                                  "__class__=1"])
def test_a_bad_figure_is_refused_with_its_reason(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError):
        parse_figure(text)
    with pytest.raises(SystemExit) as stop:
        main([text, "--deals", "1", "--workers", "1"])
    assert stop.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert text.split("=")[0] in error and "Traceback" not in error


@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
def test_the_command_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tempo_rate=0", "--deals", "1", "--workers", "1"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("hard judge with tempo_rate=0, voyage 2 players, 2 games: wins ")


@pytest.mark.slow
def test_a_searching_trial_with_experts_figures_decides_as_expert() -> None:
    from game.ai.expert import ExpertBot, near_end
    from game.rules import seat_view
    from tools.duplicate import positions
    from tools.tune import TrialExpertBot

    views = [seat_view(p.state, p.seat) for p in positions(6, "voyage", 2, face_down=5, seed=9)]
    assert all(near_end(view) for view in views), "late-round positions: Expert searches them"
    trial = TrialExpertBot(4, Trial("expert", (), search=True).judge_class())
    expert = ExpertBot.fixed_work(4)
    assert [trial.decide(view) for view in views] == [expert.decide(view) for view in views]
    assert trial.samples_taken == expert.samples_taken > 0
