"""One table in play, apart from any screen: the engine, the seats, the pace, the disk.

    table = TableController(config, state, store)
    table.subscribe(on_message)    # TableEvents, Notice, HandoffDue, RoundOver, GameOver
    table.start()                  # the deal of a new game goes to the observers
    ...each frame the screen is idle: table.update(dt)
    ...a human's click: reason = table.play(action)  # None when played, else why not
    ...after the scores were seen: table.next_round()

The controller is the flow; its parts own the rest. `ComputerSeats` (computers.py): computer
seats decide in worker threads from their `seat_view` only, and act after a short think pause
(clock-free: `update(dt)` counts it down, scaled by `speed`), so a game is watchable; a
computer player that cannot start or fails is replaced by Normal and the table is told why.
`Autosave` (autosave.py): every completed action and deal is saved and every scored round
counted, through a store that may be absent; a store's failure becomes a notice, never an
exception. `Observers` (messages.py): who hears what happened.

The controller never waits for the screen: the screen calls `update` only when its
animations are done, which is what holds a computer's next move until the last one is seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.ai.players import make_worker as make_bot_worker
from game.match import MatchConfig
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
    seat_views,
)
from game.store.notices import StoreNotice

from .autosave import Autosave
from .computers import ComputerSeats
from .messages import GameOver, HandoffDue, Observer, Observers, RoundOver, TableEvents, TakenBack
from .needs import TableStore, WorkerFactory
from .shape import ALONE, NOTHING_TO_TAKE_BACK, TableLink


class TableController:
    """Runs one table: `update(dt)` and `next_round()` move the game on, `play(action)` takes
    a player's action in, and every observer hears what happened (see messages.py).

    `resumed`: the state comes from a save, so the events that led to it are not announced.
    `make_worker`: how a computer seat gets its worker (tests give inline ones)."""

    def __init__(self, config: MatchConfig, state: GameState, store: TableStore | None = None, *,
                 resumed: bool = False, make_worker: WorkerFactory = make_bot_worker, speed: float = 1.0) -> None:
        self.config = config
        self.state = state
        self.names = [seat.name for seat in config.seats]
        humans = config.human_seats
        self.hotseat = len(humans) >= 2  # humans share the screen: a hand-off between them
        # the human last handed the table (with one human: that one, so no hand-off ever)
        self.last_human: int | None = None if self.hotseat else (humans[0] if humans else None)
        self.handoffs = 0  # hand-offs signalled so far
        self.scored_round = 0  # the last round whose end was announced (and counted)
        self.speed = speed  # think pauses are divided by it; 0: no pause at all
        self.observers = Observers()
        self.autosave = Autosave(store, tell=self.observers.tell)
        self.computers = ComputerSeats(state, make_worker, play=self._apply, tell=self.observers.tell,
                                       strength=self.autosave.table_strength)
        events = state.take_events()
        self._unannounced = [] if resumed else events  # a resumed game's past was seen before
        self._human_took = False  # the last move was a human's take of the discard (take_back puts it back)
        self._started = False

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
            and not self.computers.stands_in_for(seat)

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

    def seat_views(self, seats: Sequence[int]) -> dict[int, SeatView]:
        return seat_views(self.state, seats)

    @property
    def last_failure(self) -> StoreNotice | None:
        """The store's latest failed write (None: the last one worked, or there is no store)."""
        return self.autosave.last_failure

    def rename(self, seat: int, name: str) -> None:
        """`seat` is played by `name` (a player on another computer joined): its name and the match say so."""
        self.names[seat] = name  # in place: a screen holds this list
        self.config = self.config.with_seat(seat, replace(self.config.seats[seat], name=name))

    def stood_in(self, seat: int) -> bool:
        """A computer plays remote `seat` while its player is away (`substitute`)."""
        return self.computers.stands_in_for(seat)

    # ------------------------------------------------------------------ other computers (none by itself)
    @property
    def link(self) -> TableLink:
        """A table run here alone is tied to no other computer (game.net's HostedTable, this
        controller with a network host of its own, answers with its host's link)."""
        return ALONE

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
                self.autosave.count_round(self.config, state)
                self.observers.tell(RoundOver(state.round))
            return
        seat = state.to_act
        if seat is None:
            return
        if self.config.seats[seat].is_remote and not self.computers.stands_in_for(seat):
            return  # its player plays from another computer: `play` brings the action in
        if not self.is_human(seat):
            self.computers.turn(seat, dt, self.config, self.speed)
        elif self.handoff_due:
            self.last_human = seat
            self.handoffs += 1
            self.observers.tell(HandoffDue(seat))

    def play(self, action: Action) -> str | None:
        """Play `action` (a human's, one a network host was sent, or anybody's from a test); None
        when played, else the engine's reason for refusing it (nothing changes then)."""
        reason = self._apply(action)
        if reason is None and action.verb == TAKE and self.is_human(action.seat):
            self._human_took = True  # a human's take of the discard may be taken back (nothing hidden was seen)
        return reason

    @property
    def can_take_back(self) -> bool:
        return self._human_took

    def take_back(self) -> str | None:
        """Put the discard a human of this screen has just taken back: the game is again as it
        was before the take (its record without it), the observers hear `TakenBack`, and it
        is saved. Refused after anything else (a draw from the pile, a computer's move)."""
        seat = self.state.to_act
        if not self._human_took or seat is None:
            return NOTHING_TO_TAKE_BACK
        self._human_took = False
        held = self.state.undo_take()  # in place: whoever holds this game (a screen, a host) sees it so
        self.computers.moved(None)  # (a new position: an answer asked about the take is stale)
        self.observers.tell(TakenBack(seat, held))
        self.autosave.save(self.config, self.state)
        return None

    def next_round(self) -> None:
        """The round's scores were seen: deal the next round, or finish a game that is over."""
        if self.state.phase == GAME_OVER:
            # (the game-over screen may count it again: that does nothing)
            self.autosave.count_game(self.config, self.state)
            self.observers.tell(GameOver())
            return
        self._human_took = False
        self.state.deal()
        self.computers.moved(None)
        self.observers.tell(TableEvents(tuple(self.state.take_events())))
        self.autosave.save(self.config, self.state)

    def substitute(self, seat: int, level: str | None) -> None:
        """Let computer `level` play remote `seat` while its player is away; None gives the
        seat back to its player. A decision under way for the seat is dropped."""
        self.computers.substitute(seat, level)

    def close(self) -> None:
        """Release the computer players (without waiting for them)."""
        self.computers.close()

    # ------------------------------------------------------------------ inside
    def _apply(self, action: Action) -> str | None:
        """Play `action` if the rules allow it; else the engine's reason, and nothing changes. The
        engine alone judges (its `apply` asks `why_illegal`): the table asks nothing of its own."""
        try:
            self.state.apply(action)
        except IllegalActionError as refusal:
            return refusal.args[0]  # (the engine's Reason: a screen words it in its language)
        self._human_took = False  # any move (or deal) closes a take-back
        self.computers.moved(action.seat)
        self.observers.tell(TableEvents(tuple(self.state.take_events()), action))
        self.autosave.save(self.config, self.state)
        return None
