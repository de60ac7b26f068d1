"""What a table needs from elsewhere, declared as the table uses it: a store for its game and
statistics (game.store.Store is one) and a worker for each computer seat (game.ai's BotWorker)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.match import MatchConfig
from game.rules import Action, GameState, SeatView
from game.store.notices import StoreNotice


class PeopleStrength(Protocol):
    """What the adaptive level starts from: the people's profiles (game.store.profiles.Profiles)."""

    def table_strength(self, names: list[str], away: int = 0) -> float: ...


class GameSaves(Protocol):
    """Where the game in progress is kept (game.store.saves.Saves is one)."""

    def save(self, match: MatchConfig, state: GameState) -> None: ...


class TableStatistics(Protocol):
    """Where rounds and games are counted (game.store.statistics.Statistics is one)."""

    def record_round(self, match: MatchConfig, state: GameState) -> None: ...

    def record_game(self, match: MatchConfig, state: GameState) -> None: ...

    @property
    def profiles(self) -> PeopleStrength: ...


class TableStore(Protocol):
    """Where a table keeps its game and statistics (game.store.Store is one)."""

    @property
    def last_failure(self) -> StoreNotice | None: ...  # the latest failed write, None once writing works again

    @property
    def saves(self) -> GameSaves: ...

    @property
    def stats(self) -> TableStatistics: ...


class Worker(Protocol):
    """A computer seat thinking off the caller's thread (game.ai.worker.BotWorker is one)."""

    error: BaseException | None

    def start(self, view: SeatView) -> None: ...

    def result(self) -> Action | None: ...

    def close(self) -> None: ...


WorkerFactory = Callable[[str, int], Worker]  # (level, seed) -> a worker; ValueError if it cannot be made
