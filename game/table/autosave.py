"""A table's game and statistics kept through its store (game/table/needs.py's `TableStore`),
which may be absent: the game saved after every move and deal, each scored round and finished
game counted, the people's profile read for the adaptive level. A store's failure becomes a
notice to the table's observers (a failing save once per run of failures), never an exception.

    autosave = Autosave(store, tell=observers.tell)
    autosave.save(config, state)          # after each move, deal or take-back
    autosave.count_round(config, state)   # once a round's end is announced
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from game.adapt import DEFAULT_STRENGTH
from game.i18n import N_
from game.match import MatchConfig
from game.rules import GameState
from game.sentences import Sentence, Template, sentence
from game.store.notices import WRITE_FAILURES, StoreNotice

from .messages import Notice, TableMessage, detail
from .needs import TableStore

log = logging.getLogger("skyjo.table")

# The table's notices, declared: a Notice carries the key and its arguments, and each screen
# words it in its own language (a network host sends the same key to every player)
SAVE_FAILED = sentence("save_failed", N_("The game could not be saved: {error}"))
STATS_FAILED = sentence("stats_failed", N_("Statistics could not be saved: {error}"))
# the sentences that say a save failed (the table's, and the store's own for a failed write): they
# name the host's folders, so a host tells its remote players only that it could not save
SAVE_FAILURES = frozenset({SAVE_FAILED.key, STATS_FAILED.key, *WRITE_FAILURES})


class Autosave:
    """The table's `store` (None: nothing is kept) and what it told the table's observers
    (`tell`) of a failing save."""

    def __init__(self, store: TableStore | None, *, tell: Callable[[TableMessage], None]) -> None:
        self._store = store
        self._tell = tell
        self._save_failure: Sentence | None = None  # the failing save last told (None: the last save worked)

    @property
    def last_failure(self) -> StoreNotice | None:
        """The store's latest failed write (None: the last one worked, or there is no store)."""
        return None if self._store is None else self._store.last_failure

    def save(self, config: MatchConfig, state: GameState) -> None:
        """Keep the game in progress (a failing save is told once per run of failures)."""
        if self._store is None:
            return
        failure = self._guarded(self._store.saves.save, SAVE_FAILED, config, state)
        if failure is None:
            told = self._store.last_failure  # e.g. a full disk: the previous save is kept
            failure = told.parts[0] if told is not None and told.parts else None
        self._tell_save_failure(failure)

    def count_round(self, config: MatchConfig, state: GameState) -> None:
        """A scored round into the statistics; a failure is told each time (once a round)."""
        if self._store is not None:
            self._count(self._store.stats.record_round, config, state)

    def count_game(self, config: MatchConfig, state: GameState) -> None:
        """A finished game into the statistics (counting it again does nothing)."""
        if self._store is not None:
            self._count(self._store.stats.record_game, config, state)

    def table_strength(self, here: list[str], away: int) -> float:
        """Where the adaptive level starts for the people `here` (by name) and `away` players
        on other computers: their profiles' (the default without a store)."""
        return DEFAULT_STRENGTH if self._store is None else self._store.stats.profiles.table_strength(here, away)

    def _tell_save_failure(self, failure: Sentence | None) -> None:
        """A failing save is told once per run of failures (a full disk fails at every move), as
        the store's own sentence, worded where it is shown; a save that works ends the run."""
        if failure is not None and failure != self._save_failure:
            self._tell(Notice(failure))
        self._save_failure = failure

    def _count(self, call: Callable[[MatchConfig, GameState], None], config: MatchConfig, state: GameState) -> None:
        failure = self._guarded(call, STATS_FAILED, config, state)
        if failure is not None:
            self._tell(Notice(failure))

    @staticmethod
    def _guarded(call: Callable[[MatchConfig, GameState], None], failure: Template,
                 config: MatchConfig, state: GameState) -> Sentence | None:
        """call(config, state); what went wrong as `failure` says it (None: nothing), never
        raised into the caller's loop."""
        try:
            call(config, state)
        except Exception as error:  # noqa: BLE001 - the disk must not stop the game
            log.warning("%s: %s", failure.key, detail(error))
            return failure.say(error=detail(error))
        return None
