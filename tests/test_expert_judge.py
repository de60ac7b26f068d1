"""Expert's own figures (issue 20): Hard's arithmetic with no tempo and a later-fading fear of
doubling. Hard keeps its figures; Expert decides with its own wherever it does not search."""

from __future__ import annotations

import pytest

from game.ai.expert import ExpertBot, ExpertJudge, JudgeBot, near_end
from game.ai.hard import PATIENCE_END, PATIENCE_START, HardBot, Judge
from game.rules import GAME_OVER, ROUND_OVER, TURN, GameState, SeatView, seat_view


def turn_views(seed: int, count: int, players: int = 2) -> list[SeatView]:
    """Views of the seat to act in a seeded game of Hard players."""
    bots = [HardBot(seed + seat) for seat in range(players)]
    state = GameState.new_game("voyage", players, seed=seed, record_events=False)
    views: list[SeatView] = []
    while len(views) < count and state.phase != GAME_OVER:
        if state.phase == ROUND_OVER:
            state.deal()
            continue
        view = seat_view(state, state.to_act)
        if state.phase == TURN:
            views.append(view)
        state.apply(bots[state.to_act].decide(view))
    return views


def test_expert_judge_has_no_tempo_where_hard_hurries_or_dawdles() -> None:
    views = turn_views(seed=3, count=200)
    leaning = [v for v in views if Judge(v).tempo != 0.0]
    assert len(leaning) > 20, "a seeded game has positions where Hard leans on the lead"
    for view in leaning:
        hard, expert = Judge(view), ExpertJudge(view)
        assert expert.tempo == 0.0
        assert (expert.my_est, expert.opp_models) == (hard.my_est, hard.opp_models)  # the same arithmetic


@pytest.mark.parametrize("turns", [0, PATIENCE_START, (PATIENCE_START + PATIENCE_END) // 2, PATIENCE_END, 45, 60])
def test_expert_fears_doubling_for_longer_than_hard(turns: int) -> None:
    view = turn_views(seed=4, count=1)[0]
    hard, expert = Judge(view, turns), ExpertJudge(view, turns)
    assert expert.caution >= hard.caution
    assert expert.caution == (1.0 if turns <= ExpertJudge.patience_start else
                              max(0.0, (ExpertJudge.patience_end - turns)
                                  / (ExpertJudge.patience_end - ExpertJudge.patience_start)))
    assert (expert.caution > hard.caution) == (PATIENCE_START < turns < ExpertJudge.patience_end)


def test_expert_plays_its_own_judgement_where_it_does_not_search() -> None:
    views = [v for v in turn_views(seed=5, count=300) if not near_end(v)]
    assert len(views) > 50
    differs = 0
    for n, view in enumerate(views):
        judged = JudgeBot(n).decide(view)
        assert ExpertBot.fixed_work(n, 3).decide(view) == judged
        differs += judged != HardBot(n).decide(view)
    assert differs > 0, "on some of these positions the figures change the decision"
