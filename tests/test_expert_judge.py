"""Expert's own figures (issue 20): Hard's arithmetic with no tempo, a later-fading fear of
doubling and the worth of a reveal. Hard keeps its figures; Expert decides with its own
wherever it does not search."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.ai.expert import ExpertBot, ExpertJudge, JudgeBot, near_end
from game.ai.hard import PATIENCE_END, PATIENCE_START, HardBot, Judge
from game.rules import GAME_OVER, REPLACE, REVEAL, ROUND_OVER, SOURCE_DRAW, TURN, GameState, SeatView, seat_view


def views_where(seed: int, count: int, wanted: Callable[[SeatView], bool], players: int = 2) -> list[SeatView]:
    """The first `count` views of the seat to act that are `wanted`, in a seeded game of Hard players."""
    bots = [HardBot(seed + seat) for seat in range(players)]
    state = GameState.new_game("voyage", players, seed=seed, record_events=False)
    views: list[SeatView] = []
    while len(views) < count and state.phase != GAME_OVER:
        if state.phase == ROUND_OVER:
            state.deal()
            continue
        view = seat_view(state, state.to_act)
        if wanted(view):
            views.append(view)
        state.apply(bots[state.to_act].decide(view))
    return views


def turn_views(seed: int, count: int, players: int = 2) -> list[SeatView]:
    """Views of the seat to act in the turn phase."""
    return views_where(seed, count, lambda view: view.phase == TURN, players)


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


def drawn_card_views(seed: int, count: int) -> list[SeatView]:
    """Views of a seat holding a card it drew."""
    return views_where(seed, count, lambda view: view.holding is not None and view.source == SOURCE_DRAW)


class Revealing(Judge):
    reveal_bonus = 2.5


class RevealingSoon(Judge):
    reveal_bonus, reveal_rate = 2.5, 0.5


def test_a_reveal_is_worth_its_bonus_while_a_later_turn_can_replace_what_it_shows() -> None:
    views = drawn_card_views(seed=6, count=150)
    assert Judge.reveal_bonus == 0.0, "Hard counts expected points only"
    checked = {"bonus": 0, "none": 0}
    for view in views:
        hard, bonus, soon = Judge(view), Revealing(view), RevealingSoon(view)
        for index in hard.hidden:
            plain = hard.reveal_value(view.holding, index)
            later = len(hard.hidden) > 1 and view.trigger is None
            assert bonus.reveal_value(view.holding, index) == pytest.approx(plain + (2.5 if later else 0.0))
            expected = min(2.5, 0.5 * soon.turns_left) if later else 0.0
            assert soon.reveal_value(view.holding, index) == pytest.approx(plain + expected)
            checked["bonus" if later else "none"] += 1
        # keeping the card is valued as before: only the reveal gains
        cells = [i for i, cell in enumerate(hard.grid) if cell is not None]
        expected = [hard.replace_value(view.holding, i) for i in cells]
        assert [bonus.replace_value(view.holding, i) for i in cells] == expected
    assert checked["bonus"] > 50 and checked["none"] > 0, "positions of both kinds were seen"


def test_with_the_bonus_a_card_near_a_face_down_cards_worth_is_thrown_away_for_a_reveal() -> None:
    changed = 0
    for view in drawn_card_views(seed=7, count=300):
        hard, bonus = Judge(view), Revealing(view)
        before, after = hard.advise().action, bonus.advise().action
        if before == after:
            continue
        changed += 1
        # the only change the bonus makes: a kept card saving less than the bonus becomes a reveal
        assert before.verb == REPLACE and after.verb == REVEAL
        assert len(hard.hidden) > 1 and view.trigger is None
        assert hard.best_replace(view.holding)[0] < max(hard.reveal_value(view.holding, i) for i in hard.hidden) + 2.5
    assert changed > 5


def test_expert_counts_the_worth_of_a_reveal_where_hard_does_not() -> None:
    with_a_later_turn = 0
    for view in drawn_card_views(seed=8, count=120):
        hard, expert = Judge(view), ExpertJudge(view)
        if len(hard.hidden) == 1:
            continue  # the last card's worth also carries each judge's own fear of doubling
        later = view.trigger is None
        for index in hard.hidden:
            extra = expert.reveal_value(view.holding, index) - hard.reveal_value(view.holding, index)
            tempo = expert.tempo - hard.tempo  # Expert has none
            assert extra == pytest.approx(tempo + (ExpertJudge.reveal_bonus if later else 0.0))
            with_a_later_turn += later
    assert ExpertJudge.reveal_bonus > 0 and with_a_later_turn > 50
