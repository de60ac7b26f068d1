"""The table controller (game/table) drives whole games without a screen: computer seats,
scripted "human" seats, think pauses, autosave and statistics through a store, a failing
computer player replaced by Normal, and the hot-seat hand-off signal. No pygame anywhere."""

from __future__ import annotations

import errno
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import InlineWorker, inline_workers

from game import i18n
from game.ai import make_bot
from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import DRAW, GAME_OVER, OPENING, ROUND_OVER, Action, GameState, SeatView, check_consistency, seat_view
from game.rules.state import SOURCE_DRAW
from game.rules.view import PublicView, public_view
from game.store.files import describe_os_error
from game.store.notices import GAME_NOT_SAVED, StoreNotice, notice
from game.table import (
    THINK_FIRST,
    THINK_NEXT,
    GameOver,
    HandoffDue,
    Notice,
    RoundOver,
    TableController,
    TableEvents,
    TableMessage,
)
from game.table.autosave import SAVE_FAILED
from game.ui.board import Board

ROOT = Path(__file__).resolve().parent.parent


class FakeStore:
    """Counts the controller's calls; `fail` makes a method raise."""

    def __init__(self, fail: str = "") -> None:
        self.calls: list[tuple[str, int, str]] = []  # (method, round, phase)
        self.fail = fail
        self.last_failure: StoreNotice | None = None
        self.saves = self.stats = self  # (one fake for both parts: it counts the calls in one list)

    def _call(self, method: str, state: GameState) -> None:
        self.calls.append((method, state.round, state.phase))
        if method == self.fail:
            raise OSError("disk full")

    def save(self, match: MatchConfig, state: GameState) -> None:
        self._call("save_game", state)

    def record_round(self, match: MatchConfig, state: GameState) -> None:
        self._call("record_round", state)

    def record_game(self, match: MatchConfig, state: GameState) -> None:
        self._call("record_game", state)

    def count(self, method: str) -> int:
        return sum(1 for call in self.calls if call[0] == method)


def play_out(table: TableController, rng: random.Random, dt: float = 0.05, steps: int = 200_000) -> list[TableMessage]:
    """Drive `table` as a screen would, to the end of the game: humans pick a random legal
    action from their own seat's view; the scoring is acknowledged at once."""
    messages: list[TableMessage] = []
    table.subscribe(messages.append)
    table.start()
    for _ in range(steps):
        last = messages[-1] if messages else None
        if isinstance(last, GameOver):
            return messages
        if isinstance(last, RoundOver):
            table.next_round()
            continue
        seat = table.acting_human()
        if seat is not None:
            view = table.view(seat)
            assert isinstance(view, SeatView) and view.legal  # a human decides from its own view
            assert table.play(rng.choice(view.legal)) is None
        else:
            table.update(dt)
    raise AssertionError("the game did not end")


def actors(messages: list[TableMessage]) -> list[int]:
    return [m.action.seat for m in messages if isinstance(m, TableEvents) and m.action is not None]


def match(*seats: SeatConfig, seed: int = 3, end_score: int = 100) -> MatchConfig:
    return MatchConfig("voyage", tuple(seats), end_score=end_score, seed=seed)


BOTS = (SeatConfig("A", COMPUTER, "easy"), SeatConfig("B", COMPUTER, "normal"), SeatConfig("C", COMPUTER, "easy"))


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("seed", [1, 2])
def test_computers_play_a_whole_game_saved_after_every_step_and_counted(seed) -> None:
    config = match(*BOTS, seed=seed)
    store = FakeStore()
    table = TableController(config, config.new_game(), store, make_worker=inline_workers(), speed=0.0)
    messages = play_out(table, random.Random(seed))
    state = table.state
    assert state.phase == GAME_OVER and max(state.totals) >= config.end_score
    check_consistency(state)
    played = [m for m in messages if isinstance(m, TableEvents)]
    assert played[0].action is None  # the first deal is announced by start()
    assert sum(len(m.events) for m in played) > 100
    deals = [m for m in played if m.action is None]
    assert len(deals) == state.round  # every round's deal was told, with its events
    # every action and every deal after the first is autosaved, as it happens
    assert store.count("save_game") == len(played) - 1
    rounds_over = [m.round for m in messages if isinstance(m, RoundOver)]
    assert rounds_over == list(range(1, state.round + 1))
    assert [c[1] for c in store.calls if c[0] == "record_round"] == rounds_over
    assert store.calls[-1] == ("record_game", state.round, GAME_OVER) and store.count("record_game") == 1
    assert not [m for m in messages if isinstance(m, Notice)]  # nothing went wrong
    table.close()


def test_real_bot_threads_play_a_game_without_pygame_or_the_screen() -> None:
    """In a fresh interpreter: the default workers (threads), no store, to the end; nothing of
    pygame, game.ui or the scenes is ever imported."""
    script = textwrap.dedent("""
        import sys, time
        from game.match import COMPUTER, MatchConfig, SeatConfig
        from game.table import GameOver, RoundOver, TableController
        seats = tuple(SeatConfig(name, COMPUTER, "easy") for name in "ABC")
        config = MatchConfig("voyage", seats, end_score=60, seed=5)
        table = TableController(config, config.new_game(), None, speed=0.0)
        seen = []
        table.subscribe(seen.append)
        deadline = time.monotonic() + 60
        while not (seen and isinstance(seen[-1], GameOver)):
            assert time.monotonic() < deadline, "the game did not end"
            if seen and isinstance(seen[-1], RoundOver):
                table.next_round()
            else:
                table.update(0.05)
                time.sleep(0.0005)
        table.close()
        assert table.state.is_terminal
        loaded = sorted(name for name in sys.modules
                        if name == "pygame" or name.startswith(("pygame.", "game.ui", "scenes")))
        assert not loaded, loaded
        print("ok", table.state.round)
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok ")


# ---------------------------------------------------------------- humans and the hot seat
def expected_handoffs(seats: list[int], humans: set[int]) -> list[int]:
    """The humans handed the table: each human action whose human differs from the last human's."""
    out, previous = [], None
    for seat in seats:
        if seat in humans:
            if seat != previous:
                out.append(seat)
            previous = seat
    return out


@pytest.mark.parametrize("seed", [4, 7])
def test_scripted_humans_share_the_table_with_a_handoff_each_time_the_human_changes(seed) -> None:
    config = match(SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"), SeatConfig("Cy", HUMAN),
                   seed=seed, end_score=40)
    table = TableController(config, config.new_game(), FakeStore(), make_worker=inline_workers(), speed=0.0)
    assert table.hotseat
    messages = play_out(table, random.Random(seed))
    handed = [m.seat for m in messages if isinstance(m, HandoffDue)]
    assert len(handed) > 4 and handed == expected_handoffs(actors(messages), {0, 2})
    assert table.handoffs == len(handed)
    # each hand-off comes before the first action of the human it names
    for number, message in enumerate(messages):
        if isinstance(message, HandoffDue):
            following = next(m for m in messages[number:] if isinstance(m, TableEvents) and m.action is not None)
            assert following.action.seat == message.seat


def test_a_handoff_is_due_before_the_next_human_may_act() -> None:
    config = match(SeatConfig("Ann", HUMAN), SeatConfig("Cy", HUMAN))
    table = TableController(config, config.new_game(), None)
    messages: list[TableMessage] = []
    table.subscribe(messages.append)
    table.start()
    seat = table.state.to_act
    assert table.handoff_due and table.acting_human() is None  # the table is not handed over yet
    table.update(0.0)
    assert messages[-1] == HandoffDue(seat) and table.acting_human() == seat and not table.handoff_due
    table.update(0.0)
    assert messages.count(HandoffDue(seat)) == 1  # signalled once


def test_a_single_human_is_never_handed_the_table() -> None:
    config = match(SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"), seed=2, end_score=30)
    table = TableController(config, config.new_game(), None, make_worker=inline_workers(), speed=0.0)
    messages = play_out(table, random.Random(2))
    assert actors(messages).count(0) > 10
    assert not [m for m in messages if isinstance(m, HandoffDue)] and table.handoffs == 0


def test_a_refused_action_says_why_and_changes_nothing() -> None:
    config = match(SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"))
    store = FakeStore()
    table = TableController(config, config.new_game(), store)
    messages: list[TableMessage] = []
    table.subscribe(messages.append)
    table.start()
    before = str(table.state)
    reason = table.play(Action(0, DRAW))  # no drawing during the opening flips
    assert reason and "flip" in reason
    assert str(table.state) == before and store.calls == [] and len(messages) == 1  # only the deal
    assert table.play(table.view(0).legal[0]) is None
    assert isinstance(messages[-1], TableEvents) and store.count("save_game") == 1


# ---------------------------------------------------------------- computers
def test_a_computer_thinks_for_a_pause_scaled_by_the_speed() -> None:
    config = match(SeatConfig("A", COMPUTER, "easy"), SeatConfig("B", COMPUTER, "easy"))
    for speed in (1.0, 2.0):
        table = TableController(config, config.new_game(), None, make_worker=inline_workers(), speed=speed)
        table.start()
        state = table.state
        table.update(0.1)  # asks the bot (which answers at once) and starts the pause
        waited = 0.0
        while len(state.log[-1]["actions"]) == 0:
            table.update(0.05)
            waited += 0.05
        assert waited == pytest.approx(THINK_FIRST / speed, abs=0.051)
        seat = state.log[-1]["actions"][0][0]
        assert state.to_act == seat  # its second opening flip: the same seat's next step comes sooner
        table.update(0.0)
        waited = 0.0
        while len(state.log[-1]["actions"]) == 1:
            table.update(0.05)
            waited += 0.05
        assert waited == pytest.approx(THINK_NEXT / speed, abs=0.051)


def test_a_failing_computer_player_is_replaced_by_normal_and_its_turn_goes_on() -> None:
    made: list[str] = []
    good = inline_workers(made)

    def make(level: str, seed: int) -> InlineWorker:
        if level == "hard":  # a player that answers with somebody else's action
            made.append(level)
            return InlineWorker(lambda view: Action((view.seat + 1) % view.players, DRAW))
        return good(level, seed)

    config = match(SeatConfig("Hal", COMPUTER, "hard"), SeatConfig("Bob", COMPUTER, "easy"))
    table = TableController(config, config.new_game(), FakeStore(), make_worker=make, speed=0.0)
    messages: list[TableMessage] = []
    table.subscribe(messages.append)
    table.start()
    while table.state.phase == OPENING and not any(isinstance(m, Notice) for m in messages):
        table.update(0.1)
    notice = next(m for m in messages if isinstance(m, Notice))
    assert notice.sentence.key == "bot_failed" and notice.sentence.arguments["name"] == "Hal"
    text = notice.sentence.worded()
    assert text.startswith("Hal's computer player failed") and "Normal" in text
    assert actors(messages)[-1] == 0  # Hal's turn was played all the same
    assert made.count("hard") == 1 and "normal" in made
    for _ in range(200):
        table.update(0.1)
        if table.state.to_act is None:
            break
    assert made.count("hard") == 1 and len([m for m in messages if isinstance(m, Notice)]) == 1
    assert actors(messages).count(0) > 2  # Normal goes on playing for Hal


def test_a_computer_player_that_cannot_start_is_replaced_and_said() -> None:
    made: list[str] = []
    config = match(SeatConfig("Ann", COMPUTER, "cmd:/nonexistent/bot"), SeatConfig("Bob", COMPUTER, "easy"))

    def make(level: str, seed: int) -> InlineWorker:
        if level not in ("easy", "normal", "hard", "expert"):
            raise ValueError(f"unknown computer level {level!r}")
        return inline_workers(made)(level, seed)

    table = TableController(config, config.new_game(), None, make_worker=make, speed=0.0)
    messages: list[TableMessage] = []
    table.subscribe(messages.append)
    table.start()
    while table.state.phase == OPENING:
        table.update(0.1)
    notices = [m.sentence.worded() for m in messages if isinstance(m, Notice)]
    assert len(notices) == 1 and notices[0].startswith("Ann's computer player could not start")
    assert sum(table.state.face_up[0]) == 2  # Ann's seat played its opening all the same
    assert sorted(made) == ["easy", "normal"]
    check_consistency(table.state)


def test_an_answer_for_an_old_position_is_dropped_and_the_bot_asked_again() -> None:
    asked: list[int] = []

    def make(level: str, seed: int) -> InlineWorker:
        bot = make_bot(level, seed)

        def decide(view: SeatView) -> Action:
            asked.append(sum(cell != "?" for cell in view.grid()))
            return bot.decide(view)

        return InlineWorker(decide)

    config = match(SeatConfig("A", COMPUTER, "easy"), SeatConfig("B", COMPUTER, "easy"))
    table = TableController(config, config.new_game(), None, make_worker=make, speed=1.0)
    table.start()
    table.update(0.0)  # the bot is asked and pauses
    seat = table.state.to_act
    assert table.play(table.state.legal_actions()[0]) is None  # somebody plays for it meanwhile
    for _ in range(40):
        table.update(0.05)
    assert asked[:2] == [0, 1]  # asked again about the new position, not replaying the old answer
    assert sum(table.state.face_up[seat]) >= 2
    check_consistency(table.state)


# ---------------------------------------------------------------- the store
def test_store_failures_become_notices_and_the_game_goes_on() -> None:
    config = match(SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"))
    store = FakeStore(fail="save_game")
    table = TableController(config, config.new_game(), store, make_worker=inline_workers(), speed=0.0)
    messages: list[TableMessage] = []
    table.subscribe(messages.append)
    table.start()
    assert table.play(table.view(0).legal[0]) is None
    assert messages[-1] == Notice(SAVE_FAILED.say(error="disk full"))
    assert messages[-1].sentence.worded() == "The game could not be saved: disk full"
    store.fail, store.last_failure = "", notice(GAME_NOT_SAVED, folder="/x", reason="the disk is full")
    assert table.play(table.view(0).legal[0]) is None
    assert messages[-1] == Notice(GAME_NOT_SAVED.say(folder="/x", reason="the disk is full"))
    assert messages[-1].sentence.worded() == (
        "The game could not be saved in /x: the disk is full. The previous save is kept.")


def test_a_failing_disk_is_told_once_per_run_of_failures_in_the_reader_s_language() -> None:
    config = match(SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN))
    store = FakeStore()
    table = TableController(config, config.new_game(), store, make_worker=inline_workers(), speed=0.0)
    notices: list[TableMessage] = []
    table.subscribe(lambda message: notices.append(message) if isinstance(message, Notice) else None)
    table.start()
    store.last_failure = notice(GAME_NOT_SAVED, folder="/x", reason=describe_os_error(OSError(errno.ENOSPC, "")))
    for _ in range(4):  # every move's save fails the same way: told once
        assert table.play(table.view(table.state.to_act).legal[0]) is None
    assert len(notices) == 1
    told = notices[0].sentence
    assert "the disk is full" in told.worded()
    i18n.set_language("fr")
    try:  # worded where it is shown: a language switch during the failure words it anew, reason and all
        assert told.worded().startswith("La partie n'a pas pu") and "disque" in told.worded()
    finally:
        i18n.set_language("en")
    store.last_failure = None  # writing works again: the run is over
    table.play(table.view(table.state.to_act).legal[0])
    store.last_failure = notice(GAME_NOT_SAVED, folder="/x", reason="the disk is full")
    table.play(table.view(table.state.to_act).legal[0])
    assert len(notices) == 2  # a new run of failures is news again


def test_statistics_failures_are_told_and_the_scores_still_shown() -> None:
    config = match(*BOTS[:2], seed=6, end_score=20)
    store = FakeStore(fail="record_round")
    table = TableController(config, config.new_game(), store, make_worker=inline_workers(), speed=0.0)
    messages = play_out(table, random.Random(6))
    failures = [m for m in messages if isinstance(m, Notice)]
    assert failures and all(m.sentence.worded() == "Statistics could not be saved: disk full" for m in failures)
    assert len([m for m in messages if isinstance(m, RoundOver)]) == table.state.round


def test_a_resumed_game_is_not_dealt_again_and_a_finished_round_is_scored() -> None:
    config = match(*BOTS[:2], seed=9)
    state = config.new_game()
    rng = random.Random(9)
    while state.phase != ROUND_OVER:
        state.apply(rng.choice(state.legal_actions()))
    store = FakeStore()
    table = TableController(config, state, store, resumed=True, speed=0.0)
    messages: list[TableMessage] = []
    table.subscribe(messages.append)
    table.start()
    assert messages == []  # what happened before the save is not played again
    table.update(0.0)
    assert messages == [RoundOver(1)] and store.calls == [("record_round", 1, ROUND_OVER)]
    table.update(0.0)
    assert messages == [RoundOver(1)]  # once
    table.next_round()
    assert isinstance(messages[-1], TableEvents) and messages[-1].action is None
    assert store.calls[-1] == ("save_game", 2, OPENING)


# ---------------------------------------------------------------- the public view
def test_the_public_view_shows_no_hidden_card_and_a_drawn_card_as_a_back() -> None:
    config = match(*BOTS)
    state = config.new_game()
    rng = random.Random(3)
    seen_drawn = seen_taken = 0
    while not state.is_terminal and (seen_drawn < 3 or seen_taken < 3):
        if state.phase == ROUND_OVER:
            state.deal()
            continue
        public = public_view(state)
        assert isinstance(public, PublicView)
        others = [seat_view(state, seat) for seat in range(state.players) if seat != state.to_act]
        for field in ("grids", "discard_pile", "draw_pile", "removed", "totals", "to_act", "source", "phase"):
            assert all(getattr(public, field) == getattr(view, field) for view in others), field
        if state.holding is not None and state.source == SOURCE_DRAW:
            assert public.holding is None and public.source == SOURCE_DRAW  # nobody but the drawer knows it
            assert Board.from_view(public).holding == "?"  # the table shows a card back in the drawer's hand
            seen_drawn += 1
        else:
            assert public.holding == state.holding  # a taken discard was seen by all
            seen_taken += state.holding is not None
        for seat, grid in enumerate(public.grids):  # a face-down card is only ever "?"
            cards, up = state.cards[seat], state.face_up[seat]
            assert list(grid) == [card if card is None or up[i] else "?" for i, card in enumerate(cards)]
        state.apply(rng.choice(state.legal_actions()))
    assert seen_drawn >= 3 and seen_taken >= 3
    table = TableController(config, state, None)
    assert table.view(None) == public_view(state) and table.view(1) == seat_view(state, 1)


def test_a_failing_computer_players_turn_is_the_move_normal_chooses() -> None:
    """The notice says Normal plays for it: Normal chooses the very turn that failed too (from
    the same view, with the seat's seed), not the first legal move in the engine's list."""
    failed: list[SeatView] = []
    seeds: dict[str, int] = {}

    def make(level: str, seed: int) -> InlineWorker:
        seeds[level] = seed
        if level != "hard":
            return InlineWorker(make_bot(level, seed).decide)
        normal = make_bot("normal", seed)

        def decide(view: SeatView) -> Action:  # plays well until the first real turn, then answers nonsense
            if view.phase == OPENING:
                return normal.decide(view)
            failed.append(view)
            return Action((view.seat + 1) % view.players, DRAW)

        return InlineWorker(decide)

    config = match(SeatConfig("Hal", COMPUTER, "hard"), SeatConfig("Bob", COMPUTER, "easy"), seed=1)
    table = TableController(config, config.new_game(), None, make_worker=make, speed=0.0)
    messages: list[TableMessage] = []
    table.subscribe(messages.append)
    table.start()
    for _ in range(400):
        if any(isinstance(m, Notice) for m in messages):
            break
        table.update(0.1)
    (view,) = failed
    played = [m.action for m in messages if isinstance(m, TableEvents) and m.action is not None][-1]
    assert played.seat == 0
    assert played == make_bot("normal", seeds["normal"]).decide(view)
