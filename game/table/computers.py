"""The computer players of one table: a worker per computer seat deciding from that seat's view
only, the seat thinking now and how long it still seems to think, the stand-ins (Normal for a
computer player that fails or cannot start; a level the host names for a player away), and the
level each seat plays at (the adaptive level's start, read once per game).

    computers = ComputerSeats(state, make_worker, play=..., tell=..., strength=...)
    ...after every move, deal or take-back: computers.moved(by=seat or None)
    ...each step of a computer's turn: computers.turn(seat, dt, config, speed)

It plays through `play` (the table's: the engine judges, the table tells and saves) and tells
the table's observers through `tell` why a computer player was replaced.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from game.ai import make_bot
from game.ai.adaptive import adaptive_spec
from game.i18n import N_
from game.match import ADAPTIVE, MatchConfig
from game.rules import Action, GameState, seat_view
from game.sentences import sentence

from .messages import Notice, TableMessage, detail
from .needs import Worker, WorkerFactory

THINK_FIRST = 0.7  # seconds before a computer's first action of a turn (at speed 1)
THINK_NEXT = 0.45  # ... and between its draw and its placing
FALLBACK_LEVEL = "normal"  # plays for a computer seat whose own player failed
log = logging.getLogger("skyjo.table")

BOT_FAILED = sentence("bot_failed", N_("{name}'s computer player failed ({problem}); Normal plays for it from now on."))
BOT_NOT_STARTED = sentence(
    "bot_not_started", N_("{name}'s computer player could not start ({error}); Normal plays instead."))


@dataclass(slots=True)
class Thinking:
    """A computer seat deciding: when it was asked (the table's move count: an answer about an
    older position is dropped) and how long it still seems to think before its action is played."""

    seat: int
    asked_at: int
    pause_left: float


class ComputerSeats:
    """The computer seats of the game `state`. `make_worker(level, seed)` gives a seat its
    worker; `play(action)` plays an action at the table (None when played, else why not);
    `tell` reaches the table's observers; `strength(here, away)` is the people's profile the
    adaptive level starts from."""

    def __init__(self, state: GameState, make_worker: WorkerFactory, *, play: Callable[[Action], str | None],
                 tell: Callable[[TableMessage], None], strength: Callable[[list[str], int], float]) -> None:
        self._state = state  # (the same object all game long: a take-back changes it in place)
        self._make_worker = make_worker
        self._play = play
        self._tell = tell
        self._strength = strength
        self._workers: dict[int, Worker] = {}
        self._thinking: Thinking | None = None  # the computer seat deciding now
        self._moves = 0  # actions and deals so far
        self._acted: int | None = None  # who acted last this turn (a computer's second step comes sooner)
        self._substitutes: dict[int, str] = {}  # remote seat -> the level playing it while its player is away
        self._adaptive_start: float | None = None  # the people's profile, read once per game

    def moved(self, by: int | None) -> None:
        """The game moved on: seat `by` acted, or (None) a deal or a take-back set a new turn."""
        self._moves += 1
        self._acted = by

    # ------------------------------------------------------------------ who plays each computer seat
    def substitute(self, seat: int, level: str | None) -> None:
        """Let computer `level` play remote `seat` while its player is away; None gives the
        seat back to its player. A decision under way for the seat is dropped."""
        if level is None:
            self._substitutes.pop(seat, None)
        else:
            self._substitutes[seat] = level
        worker = self._workers.pop(seat, None)
        if worker is not None:
            worker.close()
        if self._thinking is not None and self._thinking.seat == seat:
            self._thinking = None

    def stands_in_for(self, seat: int) -> bool:
        """A computer plays remote `seat` while its player is away."""
        return seat in self._substitutes

    def level(self, seat: int, config: MatchConfig) -> str:
        """The level `seat`'s computer plays at (a stand-in's, for a player away); the adaptive
        level starts from the profile of the people at the table and plays for their seats."""
        level = self._substitutes.get(seat, config.seats[seat].level)
        if level != ADAPTIVE:
            return level
        people = [index for index, player in enumerate(config.seats) if player.is_human or player.is_remote]
        if self._adaptive_start is None:  # a remote name may be anyone's: those people start at the default
            here = [config.seats[index].name for index in people if config.seats[index].is_human]
            self._adaptive_start = self._strength(here, len(people) - len(here))
        return adaptive_spec(self._adaptive_start, people)

    def close(self) -> None:
        """Release the computer players (without waiting for them)."""
        for worker in self._workers.values():
            worker.close()
        self._workers.clear()
        self._thinking = None

    # ------------------------------------------------------------------ a computer's turn
    def turn(self, seat: int, dt: float, config: MatchConfig, speed: float) -> None:
        """Computer `seat` is to act: ask its worker, let `dt` seconds of its think pause pass
        (scaled by `speed`; 0: no pause), and play its answer once the pause is over."""
        thinking = self._thinking
        if thinking is None or thinking.seat != seat:
            worker = self._workers.get(seat)
            if worker is None:
                worker = self._workers[seat] = self._start_worker(seat, config)
            worker.start(seat_view(self._state, seat))
            pause = THINK_NEXT if self._acted == seat else THINK_FIRST
            self._thinking = Thinking(seat, self._moves, pause / speed if speed else 0.0)
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
        if worker.error is None and action is not None and self._play(action) is None:
            return  # played (an action the rules refuse is the player's failure, as an error is)
        self._replace(seat, worker, worker.error or f"{action} is not allowed now", config)

    def _replace(self, seat: int, worker: Worker, problem: object, config: MatchConfig) -> None:
        """The seat's computer player failed: Normal plays this turn at once, and from now on."""
        log.warning("seat %d: the computer player failed (%s); Normal plays for it", seat, detail(problem))
        worker.close()
        self._workers[seat] = self._make_worker(FALLBACK_LEVEL, self._seed(seat))
        # this turn goes on at once, and it is Normal's choice too (Normal searches nothing: it decides on the frame)
        self._play(make_bot(FALLBACK_LEVEL, self._seed(seat)).decide(seat_view(self._state, seat)))
        self._tell(Notice(BOT_FAILED.say(name=config.seats[seat].name, problem=detail(problem))))

    def _start_worker(self, seat: int, config: MatchConfig) -> Worker:
        seed = self._seed(seat)
        try:
            return self._make_worker(self.level(seat, config), seed)
        except Exception as error:  # noqa: BLE001 - e.g. a cmd: bot that will not start; the game goes on
            log.warning("seat %d: the computer player could not start (%s); Normal plays instead", seat, detail(error))
            self._tell(Notice(BOT_NOT_STARTED.say(name=config.seats[seat].name, error=detail(error))))
            return self._make_worker(FALLBACK_LEVEL, seed)

    def _seed(self, seat: int) -> int:
        return (self._state.seed * 31 + seat) % (2**31)
