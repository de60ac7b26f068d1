"""One room: a table the server runs (a `TableController`, the same as a table hosted at home),
its `NetHost`, and its part of the server's one door (`RoomDoor`). Everything a room does runs on
the door's event loop, one step at a time, when something happened: a player's message arrived,
a computer seat decided, a round's scores waited long enough. Nothing polls.

A move is saved before its players hear of it, though not on the loop: the table hands each save
to the server's `RoomSaves` (saving.py, a few writing threads) and what its host sends waits in the
room's outbox (outbox.py) until the save that includes it is durable.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from functools import partial

from game.adapt import DEFAULT_STRENGTH
from game.match import MatchConfig
from game.net.host import NetHost
from game.net.hosted import HostedStore
from game.net.inbox import Inbox
from game.net.listener import Arrival, Client, Server
from game.net.protocol import MAX_SEATS
from game.rules import GameState
from game.store import Store
from game.store.files import describe_os_error
from game.store.notices import GAME_NOT_SAVED, StoreNotice, notice
from game.store.saves import encode_document, save_document
from game.store.tokens import check_entry, encode_tokens, is_plain_text
from game.table import GameOver, RoundOver, TableController, TableMessage
from game.wire.closing import CLOSE_AWAY, CLOSE_FINAL

from .outbox import Outbox
from .pool import ThinkingPool
from .saving import RoomSaves, SaveData

log = logging.getLogger("skyjo.server")

KEPT = ("host code", "host port", *(f"host seat {seat}" for seat in range(MAX_SEATS)))  # a resumed room's tokens
READY_WAIT = 30.0  # seconds a round's scores wait for every connected player to have seen them
STEPS = 64  # table steps in one go before the other rooms have their turn


class RoomDoor:
    """A room's part of the server's door: its own inbox and tokens, the rest the server's.
    `on_tokens` is told the room's seat tokens whenever they change (the server keeps an index)."""

    def __init__(self, server: Server, code: str, on_tokens: Callable[[tuple[str, ...]], object]) -> None:
        self.server = server
        self.inbox: Inbox[tuple[Client, Arrival]] = Inbox()
        self.lines = server.lines
        self.port = server.port
        self._code = code
        self._on_tokens = on_tokens
        self.seated: dict[int, Client] = {}  # each seat's newest connection
        self.outbox = Outbox()  # what is sent waits there for the save that includes it

    @property
    def code(self) -> str:
        return self._code

    def know_tokens(self, tokens: tuple[str, ...]) -> None:
        self._on_tokens(tokens)

    def send(self, client: Client, message: object) -> None:
        self.outbox.hold(partial(self.server.send, client, message))

    def seat(self, client: Client, seat: int) -> None:
        self.seated[seat] = client
        self.server.seat(client, seat)

    def close(self, client: Client, code: int, reason: str) -> None:
        self.outbox.hold(partial(self.server.close, client, code, reason))

    def turn_away(self, client: Client, reason: str, code: int) -> None:
        self.outbox.hold(partial(self.server.turn_away, client, reason, code))

    def shut_down(self, code: int, reason: str, wait: float) -> None:
        """Close this room's connections (what was sent them leaves first); the door stays open."""
        for client in self.seated.values():
            self.outbox.hold(partial(self._finish, client, code, reason))
        self.seated.clear()

    def _finish(self, client: Client, code: int, reason: str) -> None:
        if not client.gone:
            self.server.finish(client, code, reason)


class NoStatistics:
    """A room counts no statistics: its people are online, each counted by their own program."""

    def record_round(self, match: MatchConfig, state: GameState) -> None:
        pass

    def record_game(self, match: MatchConfig, state: GameState) -> None:
        pass

    @property
    def profiles(self) -> NoStatistics:
        return self

    def table_strength(self, names: list[str], away: int = 0) -> float:
        return DEFAULT_STRENGTH


class RoomGame:
    """A room's game as its table saves it (the table's `GameSaves`): a snapshot taken here, on the
    loop, handed to the room, which has it encoded and written off the loop."""

    def __init__(self, hand: Callable[[SaveData | None], object]) -> None:
        self._hand = hand

    def save(self, match: MatchConfig, state: GameState) -> None:
        if state.is_terminal:
            self._hand(None)  # a finished game is not kept
        else:
            self._hand(partial(encode_document, save_document(match, state)))


class RoomTokens:
    """A room's code and seat tokens as its host keeps them (the host's `SeatTokens`): here, and
    written whole at each change by the server's `RoomSaves`, off the loop (what the host sends
    after a change, a welcome with its token, waits for it in the room's outbox)."""

    def __init__(self, kept: dict[str, str], hand: Callable[[bytes], object]) -> None:
        self._tokens = dict(kept)
        self._hand = hand

    def get(self, key: str) -> str | None:
        return self._tokens.get(key)

    def keep(self, key: str, value: str | None) -> bool:
        """As the store's Tokens.keep: ValueError for a key or value of the wrong type or length; an
        entry that is not plain text is not kept (False)."""
        if value is not None:
            check_entry(key, value)
        if not is_plain_text(key) or (value is not None and not is_plain_text(value)):
            return False
        if self._tokens.get(key) == value:
            return True  # (nothing new to write)
        self._tokens.pop(key, None)  # a rewritten entry becomes the newest
        if value is not None:
            self._tokens[key] = value
        self._hand(encode_tokens(self._tokens))
        return True


class RoomStore:
    """A room's store as its table and host use it: the game and the seat tokens (and the room's
    code) written by the server's `RoomSaves`, no statistics."""

    def __init__(self, game: RoomGame, tokens: RoomTokens) -> None:
        self.tokens = tokens
        self.saves = game
        self.stats = NoStatistics()
        self.failure: StoreNotice | None = None  # the last save's failure (None: it worked)

    @property
    def last_failure(self) -> StoreNotice | None:
        return self.failure


class Room:
    """A table run by the server for its players online. `ident` names its folder (never its code);
    `on_end(room)` is called once its game is over (the room then goes)."""

    def __init__(self, ident: str, code: str, config: MatchConfig, state: GameState, folder: Store | None, *,
                 saves: RoomSaves | None, server: Server, pool: ThinkingPool, resumed: bool,
                 on_tokens: Callable[[Room, tuple[str, ...]], object], on_end: Callable[[Room], object]) -> None:
        self.ident = ident
        self._saves = saves
        self.store: RoomStore | None = None
        if folder is not None and saves is not None:
            kept = {key: value for key in KEPT if (value := folder.tokens.get(key)) is not None} if resumed else {}
            self.store = RoomStore(RoomGame(self._hand_save), RoomTokens(kept, self._hand_tokens))
        self._server = server
        self._on_end = on_end
        self._due = False  # a step is on its way (wakes are folded into one)
        self._heard = 0  # table messages so far: a step goes on while the table moves
        self._scored_at: float | None = None  # when a round's scores were shown, until the next deal
        self.ended = False
        self.idle_since: float | None = time.monotonic()  # nobody connected since then (None: somebody is)
        self.door = RoomDoor(server, code, lambda tokens: on_tokens(self, tokens))
        self.outbox = self.door.outbox
        store: HostedStore | None = self.store
        self.table = TableController(config, state, store, resumed=resumed, make_worker=pool.factory(self.wake),
                                     speed=0)
        self.host: NetHost[TableController] = NetHost(self.table, code, "127.0.0.1", store=store, resume=resumed,
                                                      door=self.door)
        self.door.inbox.on_put = self.wake
        self.table.subscribe(self._heard_from_table)

    @property
    def connected(self) -> int:
        return len(self.host.clients)

    def wake(self) -> None:
        """Something happened (from any thread): the room takes a step on the loop."""
        if not self._due:
            self._due = True
            self._server.call_soon(self.step)

    def step(self) -> None:
        """On the loop: what the players sent, then the table as far as it goes by itself."""
        self._due = False
        if self.ended:
            return
        try:
            self._step()
        except Exception:  # one room's trouble must never stop the others
            log.exception("room %s: a step failed", self.ident)
        finally:
            self.outbox.flush()
        self.idle_since = None if self.host.clients else (self.idle_since or time.monotonic())

    def _step(self) -> None:
        host, table = self.host, self.table
        host.pump()
        if not table.started:
            if not host.all_claimed:
                return
            host.start_game()
        for _ in range(STEPS):
            heard = self._heard
            table.update(0.0)
            host.pump()
            self._next_round_when_ready()
            if self.ended or heard == self._heard:
                return
        self.wake()  # more to play: the other rooms first

    def _next_round_when_ready(self) -> None:
        if self._scored_at is None:
            return
        if self.host.ready_for(self.table.scored_round) or time.monotonic() - self._scored_at >= READY_WAIT:
            self._scored_at = None
            self.table.next_round()

    def _heard_from_table(self, message: TableMessage) -> None:
        self._heard += 1
        if isinstance(message, RoundOver):
            self._scored_at = time.monotonic()
            self._server.call_later(READY_WAIT, self.wake)
        elif isinstance(message, GameOver):
            self.ended = True
            self._on_end(self)  # (its folder goes before its players hear the game is over)
            self.close(final=True)

    def close(self, final: bool = False) -> None:
        """Stop the room's computer players and close its connections: for good once its game is
        over (its players stop), else "the server stopped" (they keep trying: it resumes from its save)."""
        self.table.close()
        if final:
            self.door.shut_down(CLOSE_FINAL, "the game is over", 1.0)
        else:
            self.door.shut_down(CLOSE_AWAY, "the server stopped", 1.0)
        self.outbox.flush()

    # ------------------------------------------------------------------ saves, off the loop
    def forget(self) -> None:
        """What is kept of the room goes (after its saves handed over before; what was sent waits for it)."""
        self._hand_save(None)

    def _hand_save(self, data: SaveData | None) -> None:
        """The table saved (None: its game is over): written off the loop, and what was sent since
        the last save waits for it."""
        if self._saves is None:
            return
        number = self.outbox.saving()
        handed = self._saves.save(self.ident, data) if data is not None else self._saves.drop(self.ident)
        asyncio.ensure_future(handed).add_done_callback(partial(self._saved, number))

    def _hand_tokens(self, data: bytes) -> None:
        """The room's code or a seat's token changed: written off the loop, what was sent since the
        last save waiting for it (a welcome holds the token a restarted server must know)."""
        if self._saves is not None:
            number = self.outbox.saving()
            asyncio.ensure_future(self._saves.save_tokens(self.ident, data)).add_done_callback(
                partial(self._saved, number))

    def _saved(self, number: int, done: asyncio.Future[None]) -> None:
        """Save `number` is durable, or failed (the game goes on, as with a failing disk at home:
        the players are told once, by the table, on its next save)."""
        error = None if done.cancelled() else done.exception()
        if done.cancelled() or error is not None:
            reason = "cancelled" if error is None else describe_os_error(error) if isinstance(error, OSError) \
                else str(error)
            if self.store is not None and self.store.failure is None:
                log.warning("room %s: a save failed: %s", self.ident, reason)
                self.store.failure = notice(GAME_NOT_SAVED, folder=f"rooms/{self.ident}", reason=reason)
        elif self.store is not None:
            self.store.failure = None
        self.outbox.saved(number)
