"""One table in play, apart from any screen: the engine, the seats, the pace, the disk.

    table = TableController(config, state, store)
    table.subscribe(on_message)    # TableEvents, Notice, HandoffDue, RoundOver, GameOver
    table.start()                  # the deal of a new game goes to the observers
    ...each frame the screen is idle: table.update(dt)
    ...a human's click: reason = table.play(action)  # None when played, else why not
    ...after the scores were seen: table.next_round()

Computer seats decide in worker threads from their `seat_view` only, and act after a short
think pause (clock-free: `update(dt)` counts it down, scaled by `speed`), so a game is
watchable. A computer player that cannot start or fails is replaced by Normal and the table
is told why. Every completed action and deal is autosaved and every scored round counted,
through a store that may be absent; a store's failure becomes a notice, never an exception.

The controller never waits for the screen: the screen calls `update` only when its
animations are done, which is what holds a computer's next move until the last one is seen.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from game.adapt import DEFAULT_STRENGTH
from game.ai import make_bot
from game.ai.adaptive import adaptive_spec
from game.ai.players import make_worker as make_bot_worker
from game.i18n import N_
from game.match import ADAPTIVE, MatchConfig
from game.rules import (
    GAME_OVER,
    ROUND_OVER,
    TAKE,
    Action,
    GameState,
    IllegalActionError,
    PublicView,
    ScoreView,
    SeatView,
    public_view,
    score_view,
    seat_view,
)
from game.sentences import Sentence, Template, sentence
from game.store.notices import WRITE_FAILURES, StoreNotice

from .messages import GameOver, HandoffDue, Notice, Observer, Observers, RoundOver, TableEvents, TakenBack, detail
from .needs import TableStore, Worker, WorkerFactory
from .shape import NOTHING_TO_TAKE_BACK, NobodyToStandIn

THINK_FIRST = 0.7  # seconds before a computer's first action of a turn (at speed 1)
THINK_NEXT = 0.45  # ... and between its draw and its placing
FALLBACK_LEVEL = "normal"  # plays for a computer seat whose own player failed
log = logging.getLogger("skyjo.table")

# The table's notices, declared: a Notice carries the key and its arguments, and each screen
# words it in its own language (a network host sends the same key to every player)
BOT_FAILED = sentence("bot_failed", N_("{name}'s computer player failed ({problem}); Normal plays for it from now on."))
BOT_NOT_STARTED = sentence("bot_not_started", N_("{name}'s computer player could not start ({error}); Normal plays instead."))
SAVE_FAILED = sentence("save_failed", N_("The game could not be saved: {error}"))
STATS_FAILED = sentence("stats_failed", N_("Statistics could not be saved: {error}"))
# the sentences that say a save failed (the table's, and the store's own for a failed write): they
# name the host's folders, so a host tells its remote players only that it could not save
SAVE_FAILURES = frozenset({SAVE_FAILED.key, STATS_FAILED.key, *WRITE_FAILURES})


@dataclass(slots=True)
class Thinking:
    """A computer seat deciding: when it was asked (the table's move count: an answer about an
    older position is dropped) and how long it still seems to think before its action is played."""

    seat: int
    asked_at: int
    pause_left: float


class TableController(NobodyToStandIn):
    """Runs one table: `update(dt)` and `next_round()` move the game on, `play(action)` takes
    a player's action in, and every observer hears what happened (see messages.py).

    `resumed`: the state comes from a save, so the events that led to it are not announced.
    `make_worker`: how a computer seat gets its worker (tests give inline ones)."""

    def __init__(self, config: MatchConfig, state: GameState, store: TableStore | None = None, *,
                 resumed: bool = False, make_worker: WorkerFactory = make_bot_worker, speed: float = 1.0) -> None:
        self.config = config
        self.state = state
        self.store = store
        self.names = [seat.name for seat in config.seats]
        humans = config.human_seats
        self.hotseat = len(humans) >= 2  # humans share the screen: a hand-off between them
        # the human last handed the table (with one human: that one, so no hand-off ever)
        self.last_human: int | None = None if self.hotseat else (humans[0] if humans else None)
        self.handoffs = 0  # hand-offs signalled so far
        self.scored_round = 0  # the last round whose end was announced (and counted)
        self.speed = speed  # think pauses are divided by it; 0: no pause at all
        self.observers = Observers()
        self._make_worker = make_worker
        self._workers: dict[int, Worker] = {}
        self._thinking: Thinking | None = None  # the computer seat deciding now
        self._moves = 0  # actions and deals so far
        self._acted: int | None = None  # who acted last this turn (a computer's second step comes sooner)
        self.substitutes: dict[int, str] = {}  # remote seat -> the level playing it while its player is away
        self._save_failure: Sentence | None = None  # the failing save last told (None: the last save worked)
        events = state.take_events()
        self._unannounced = [] if resumed else events  # a resumed game's past was seen before
        self._before_take: GameState | None = None  # a human just took the discard: the game before (take_back)
        self._started = False
        self._adaptive_start: float | None = None  # the people's profile, read once per game

    # ------------------------------------------------------------------ observers
    def subscribe(self, observer: Observer) -> None:
        self.observers.subscribe(observer)

    def unsubscribe(self, observer: Observer) -> None:
        self.observers.unsubscribe(observer)

    @property
    def started(self) -> bool:
        """`start` was called: the game is under way (a network host then sends the table)."""
        return self._started

    def start(self) -> None:
        """Announce the game's first deal (a new game's) to the observers; once."""
        if self._started:
            return
        self._started = True
        events, self._unannounced = self._unannounced, []
        if events:
            self.observers.tell(TableEvents(tuple(events)))

    # ------------------------------------------------------------------ who plays
    def is_human(self, seat: int) -> bool:
        return self.config.seats[seat].is_human

    @property
    def waits_for_network(self) -> bool:
        """The seat to act is played from another computer (and no computer stands in): nothing
        happens here until its action arrives, so a screen may sleep."""
        seat = self.state.to_act
        return self._started and seat is not None and self.config.seats[seat].is_remote \
            and seat not in self.substitutes

    @property
    def handoff_due(self) -> bool:
        """A human other than the last one to play is to act (hot seat only)."""
        seat = self.state.to_act
        return self.hotseat and seat is not None and self.is_human(seat) and seat != self.last_human

    def acting_human(self) -> int | None:
        """The seat whose human may act now: to act, human and (hot seat) handed the table."""
        seat = self.state.to_act
        if seat is None or not self.is_human(seat) or self.handoff_due:
            return None
        return seat

    def view(self, seat: int | None) -> SeatView | PublicView:
        """The table as `seat` sees it; None: as a spectator sees it."""
        return public_view(self.state) if seat is None else seat_view(self.state, seat)

    def score_view(self) -> ScoreView:
        """The public scores of the rounds scored so far."""
        return score_view(self.state)

    @property
    def record(self) -> GameState:
        """The game is played here: its state is the record."""
        return self.state

    # ------------------------------------------------------------------ what a network host asks (game/net/served.py)
    @property
    def showing_scores(self) -> bool:
        """The round in play is over and its scores were announced: the table waits for `next_round`."""
        return self.state.phase in (ROUND_OVER, GAME_OVER) and self.scored_round == self.state.round

    def seat_view(self, seat: int) -> SeatView:
        return seat_view(self.state, seat)

    @property
    def last_failure(self) -> StoreNotice | None:
        """The store's latest failed write (None: the last one worked, or there is no store)."""
        return None if self.store is None else self.store.last_failure

    def rename(self, seat: int, name: str) -> None:
        """`seat` is played by `name` (a player on another computer joined): its name and the match say so."""
        self.names[seat] = name  # in place: a screen holds this list
        self.config = self.config.with_seat(seat, replace(self.config.seats[seat], name=name))

    def stood_in(self, seat: int) -> bool:
        """A computer plays remote `seat` while its player is away (`substitute`)."""
        return seat in self.substitutes

    # ------------------------------------------------------------------ other computers (none by itself)
    # A table run here alone serves nobody (and nobody is away: NobodyToStandIn); game.net's
    # HostedTable, this controller with a network host of its own, answers these from its host.
    hosting = False
    broken: str | None = None
    offline = False  # (the table runs here: no connection to lose)

    def receive(self) -> None:
        """Nothing arrives from another computer."""

    def wake_with(self, hook: Callable[[], object] | None) -> None:
        """Nothing arrives from another computer: nothing to wake a screen for."""

    # ------------------------------------------------------------------ the flow
    def update(self, dt: float) -> None:
        """Advance by `dt` seconds: announce a round's end, signal a hand-off, let a computer
        think and act. Call it only when the observers are ready for what comes next."""
        if not self._started:
            self.start()
            return  # the deal is shown before anybody acts
        state = self.state
        if state.phase in (ROUND_OVER, GAME_OVER):
            if self.scored_round != state.round:
                self.scored_round = state.round
                if self.store is not None:
                    self._record_stats(self.store.stats.record_round)
                self.observers.tell(RoundOver(state.round))
            return
        seat = state.to_act
        if seat is None:
            return
        if self.config.seats[seat].is_remote and seat not in self.substitutes:
            return  # its player plays from another computer: `play` brings the action in
        if not self.is_human(seat):
            self._computer(seat, dt)
        elif self.handoff_due:
            self.last_human = seat
            self.handoffs += 1
            self.observers.tell(HandoffDue(seat))

    def play(self, action: Action) -> str | None:
        """Play `action` (a human's, one a network host was sent, or anybody's from a test); None
        when played, else the engine's reason for refusing it (nothing changes then)."""
        # a human's take of the discard may be taken back (nothing hidden was seen): keep the game before it
        before = self.state.clone(self.state.record_events) if action.verb == TAKE else None
        reason = self._apply(action)
        if reason is None and before is not None and self.is_human(action.seat):
            self._before_take = before
        return reason

    @property
    def can_take_back(self) -> bool:
        return self._before_take is not None

    def take_back(self) -> str | None:
        """Put the discard a human of this screen has just taken back: the game is again as it
        was before the take (its record without it), the observers hear `TakenBack`, and it
        is saved. Refused after anything else (a draw from the pile, a computer's move)."""
        before, held = self._before_take, self.state.holding
        if before is None or held is None or before.to_act is None:
            return NOTHING_TO_TAKE_BACK
        self._before_take = None
        vars(self.state).update(vars(before))  # in place: whoever holds this game (a screen, a host) sees it so
        self._moves += 1  # (a position's number: an answer asked about the take is stale)
        self._acted = None
        self.observers.tell(TakenBack(before.to_act, held))
        self._autosave()
        return None

    def next_round(self) -> None:
        """The round's scores were seen: deal the next round, or finish a game that is over."""
        if self.state.phase == GAME_OVER:
            if self.store is not None:  # (the game-over screen may count it again: that does nothing)
                self._record_stats(self.store.stats.record_game)
            self.observers.tell(GameOver())
            return
        self._before_take = None
        self.state.deal()
        self._moves += 1
        self._acted = None
        self.observers.tell(TableEvents(tuple(self.state.take_events())))
        self._autosave()

    def substitute(self, seat: int, level: str | None) -> None:
        """Let computer `level` play remote `seat` while its player is away; None gives the
        seat back to its player. A decision under way for the seat is dropped."""
        if level is None:
            self.substitutes.pop(seat, None)
        else:
            self.substitutes[seat] = level
        worker = self._workers.pop(seat, None)
        if worker is not None:
            worker.close()
        if self._thinking is not None and self._thinking.seat == seat:
            self._thinking = None

    def close(self) -> None:
        """Release the computer players (without waiting for them)."""
        for worker in self._workers.values():
            worker.close()
        self._workers.clear()
        self._thinking = None

    # ------------------------------------------------------------------ inside
    def _apply(self, action: Action) -> str | None:
        """Play `action` if the rules allow it; else the engine's reason, and nothing changes. The
        engine alone judges (its `apply` asks `why_illegal`): the table asks nothing of its own."""
        try:
            self.state.apply(action)
        except IllegalActionError as refusal:
            return refusal.args[0]  # (the engine's Reason: a screen words it in its language)
        self._before_take = None  # any move (or deal) closes a take-back
        self._moves += 1
        self._acted = action.seat
        self.observers.tell(TableEvents(tuple(self.state.take_events()), action))
        self._autosave()
        return None

    def _computer(self, seat: int, dt: float) -> None:
        thinking = self._thinking
        if thinking is None or thinking.seat != seat:
            worker = self._workers.get(seat)
            if worker is None:
                worker = self._workers[seat] = self._start_worker(seat)
            worker.start(seat_view(self.state, seat))
            pause = THINK_NEXT if self._acted == seat else THINK_FIRST
            self._thinking = Thinking(seat, self._moves, pause / self.speed if self.speed else 0.0)
            return
        thinking.pause_left -= dt
        worker = self._workers[seat]
        action = worker.result()
        if action is None and worker.error is None:
            return  # still thinking
        if thinking.asked_at != self._moves:
            self._thinking = None  # somebody played from elsewhere meanwhile: ask about the new position
            return
        if thinking.pause_left > 0:
            return
        self._thinking = None
        if worker.error is None and action is not None and self._apply(action) is None:
            return  # played (an action the rules refuse is the player's failure, as an error is)
        problem = worker.error or f"{action} is not allowed now"
        log.warning("seat %d: the computer player failed (%s); Normal plays for it", seat, detail(problem))
        worker.close()
        self._workers[seat] = self._make_worker(FALLBACK_LEVEL, self._seed(seat))
        # this turn goes on at once, and it is Normal's choice too (Normal searches nothing: it decides on the frame)
        self._apply(make_bot(FALLBACK_LEVEL, self._seed(seat)).decide(seat_view(self.state, seat)))
        self.observers.tell(Notice(BOT_FAILED.say(name=self.names[seat], problem=detail(problem))))

    def _start_worker(self, seat: int) -> Worker:
        seed = self._seed(seat)
        try:
            return self._make_worker(self._level(seat), seed)
        except Exception as error:  # noqa: BLE001 - e.g. a cmd: bot that will not start; the game goes on
            log.warning("seat %d: the computer player could not start (%s); Normal plays instead", seat, detail(error))
            self.observers.tell(Notice(BOT_NOT_STARTED.say(name=self.names[seat], error=detail(error))))
            return self._make_worker(FALLBACK_LEVEL, seed)

    def _level(self, seat: int) -> str:
        """The seat's computer player; the adaptive level starts from the profile of the people
        at the table (the store's; the default without one) and plays for their seats."""
        level = self.substitutes.get(seat, self.config.seats[seat].level)
        if level != ADAPTIVE:
            return level
        people = [index for index, config in enumerate(self.config.seats) if config.is_human or config.is_remote]
        if self._adaptive_start is None:  # a remote name may be anyone's: those people start at the default
            here = [self.config.seats[index].name for index in people if self.config.seats[index].is_human]
            away = len(people) - len(here)
            self._adaptive_start = DEFAULT_STRENGTH if self.store is None else self.store.stats.profiles.table_strength(here, away)
        return adaptive_spec(self._adaptive_start, people)

    def _seed(self, seat: int) -> int:
        return (self.state.seed * 31 + seat) % (2**31)

    def _autosave(self) -> None:
        if self.store is None:
            return
        failure = self._guarded(self.store.saves.save, SAVE_FAILED)
        if failure is None:
            told = self.store.last_failure  # e.g. a full disk: the previous save is kept
            failure = told.parts[0] if told is not None and told.parts else None
        self._tell_save_failure(failure)

    def _tell_save_failure(self, failure: Sentence | None) -> None:
        """A failing save is told once per run of failures (a full disk fails at every move), as
        the store's own sentence, worded where it is shown; a save that works ends the run."""
        if failure is not None and failure != self._save_failure:
            self.observers.tell(Notice(failure))
        self._save_failure = failure

    def _guarded(self, call: Callable[[MatchConfig, GameState], None], failure: Template) -> Sentence | None:
        """call(config, state); what went wrong as `failure` says it (None: nothing), never
        raised into the caller's loop."""
        try:
            call(self.config, self.state)
        except Exception as error:  # noqa: BLE001 - the disk must not stop the game
            log.warning("%s: %s", failure.key, detail(error))
            return failure.say(error=detail(error))
        return None

    def _record_stats(self, call: Callable[[MatchConfig, GameState], None]) -> None:
        """A round or a game into the statistics; a failure is told each time (once a round)."""
        failure = self._guarded(call, STATS_FAILED)
        if failure is not None:
            self.observers.tell(Notice(failure))

