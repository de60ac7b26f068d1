"""make_bot, the Bot protocol and BotWorker, as the desktop app uses them."""

import threading
import time

import pytest

from game.ai import LEVELS, Bot, BotWorker, make_bot
from game.rules import GameState, seat_view


def _play_round_with(level: str, seed: int) -> GameState:
    state = GameState.new_game("voyage", players=3, seed=seed)
    bot = make_bot(level, seed)
    while state.phase in ("opening", "turn"):
        state.apply(bot.decide(seat_view(state, state.to_act)))
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_plays_a_whole_round_legally(level):
    state = _play_round_with(level, seed=11)
    assert state.phase in ("round_over", "game_over")
    assert all(score is not None for score in state.round_scores[-1])


def test_expert_plays_legal_moves_with_a_small_budget():
    state = GameState.new_game("classic", players=2, seed=4)
    bot = make_bot("expert@5", seed=2)
    for _ in range(60):
        if state.phase not in ("opening", "turn"):
            break
        action = bot.decide(seat_view(state, state.to_act))
        assert state.is_legal(action)
        state.apply(action)


def test_levels_satisfy_the_protocol_and_unknown_specs_are_refused():
    for level in LEVELS:
        bot = make_bot(level, seed=1)
        assert isinstance(bot, Bot)
        assert bot.name == level
        bot.notify({"type": "round_over"})
        bot.close()
    for bad in ("impossible", "", "hard@10", "expert@0", "expert@soon", "cmd:"):
        with pytest.raises(ValueError):
            make_bot(bad)


class SlowBot:
    name = "slow"

    def __init__(self, release: threading.Event, fail: bool = False) -> None:
        self.release, self.fail = release, fail

    def decide(self, view):
        self.release.wait(30)  # (set at once by the tests: the bound only ends a broken run)
        if self.fail:
            raise RuntimeError("broken")
        return view.legal[0]

    def notify(self, message):
        pass

    def close(self):
        pass


def test_worker_does_not_block_and_hands_over_the_action():
    state = GameState.new_game("voyage", players=2, seed=3)
    release = threading.Event()
    worker = BotWorker(SlowBot(release))
    worker.start(seat_view(state, state.to_act))
    # start returned while the bot still waits for `release` (a start that waited for the answer
    # would return only after the bot's 30 s patience, its answer given: busy no more)
    assert worker.busy and worker.result() is None
    release.set()
    assert worker.wait(30) == state.legal_actions()[0]  # (30 s: only stops a run that would hang)
    assert not worker.busy and worker.error is None
    worker.close()


def test_worker_reports_a_failing_bot():
    state = GameState.new_game("voyage", players=2, seed=3)
    release = threading.Event()
    release.set()
    worker = BotWorker(SlowBot(release, fail=True))
    worker.start(seat_view(state, state.to_act))
    assert worker.wait(30) is None
    assert isinstance(worker.error, RuntimeError)


def test_decision_time_bench_reports_every_level_it_was_asked_for():
    from game.ai.bench import bench_bots

    rows = bench_bots(decisions=40, seed=2, levels=("easy", "expert"), players=2, expert_decisions=5)
    assert [row["level"] for row in rows] == ["easy", "expert"]
    assert [row["decisions"] for row in rows] == [40, 5]
    for row in rows:
        assert 0 <= row["median_ms"] <= row["p99_ms"] <= row["max_ms"]


def test_counting_reference_bot_is_hard_without_the_doubling_fear() -> None:
    from game.ai.hard import CountingJudge, Judge
    from game.rules import GameState, seat_view

    state = GameState.new_game("voyage", 2, seed=3)
    while state.phase == "opening":
        state.apply(state.legal_actions()[0])
    view = seat_view(state, state.to_act)
    assert make_bot("counting", 1).decide(view) in view.legal
    # the one difference: a positive finishing score carries no doubling risk for it
    assert CountingJudge(view).double_chance(30.0) == 0.0
    assert Judge(view).double_chance(30.0) > 0.0


def test_a_worker_that_has_answered_can_be_asked_again_at_once(monkeypatch) -> None:
    """A bot that plays twice in a row (its two opening flips) is asked again the moment it
    answers, while its thread may still be finishing: that must not count as thinking."""

    from game.rules import GameState, seat_view

    answered_then_lingers = BotWorker._run

    def lingering(self, view):
        answered_then_lingers(self, view)
        time.sleep(0.3)  # the thread lives on after answering

    monkeypatch.setattr(BotWorker, "_run", lingering)
    state = GameState.new_game("voyage", 2, seed=1)
    worker = BotWorker(make_bot("easy", 1))
    worker.start(seat_view(state, 0))
    deadline = time.monotonic() + 10
    while worker.result() is None and time.monotonic() < deadline:
        time.sleep(0.001)
    first = worker.result()
    assert first is not None and not worker.busy
    state.apply(first)
    worker.start(seat_view(state, 0))  # raised "still thinking" before the fix
    assert worker.wait(10) in state.legal_actions()


def test_playout_reference_bot_plays_the_search_policy_legally() -> None:
    """The yardstick for Expert's playouts plays whole games through the checked engine."""
    from game.ai.simulate import simulate

    tally, _ = simulate(["playout", "hard"], "voyage", 3, seed=5, workers=1)
    assert tally.games == 3 and sum(bot.wins for bot in tally.bots) == pytest.approx(3)
    assert all(bot.round_scores for bot in tally.bots)
