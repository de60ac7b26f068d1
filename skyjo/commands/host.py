"""`skyjo host`: a table with no window, served on the network (docs/network.md).

    skyjo host --seats remote,remote,hard --port 50123 --json
    {"listening": "ws://192.168.1.20:50123", "code": "K7QX2M"}      (first line)
    {"games": 1, "seats": [{"name": "Ann", "wins": 1}, ...]}           (last line, after the games)

Remote seats wait for players (`skyjo join`, or the game's Join screen); a game starts when
every remote seat is taken. With --data-dir the table is autosaved there in a file of its
own (host-save.json: the desktop game's save.json in the same folder is never touched),
with the seat tokens, and a host started again on that folder resumes the saved table. Bad
arguments, a data folder that is a file or whose lock cannot be taken, or a port that
cannot be opened: one line on standard error, exit status 2. The store's notices (a damaged
file moved aside) are warnings on standard error.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from typing import Any

from game.rules import EDITIONS

MAX_GAMES = 10_000


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("host", help="host a table on the network, with no window (see docs/network.md)")
    parser.add_argument("--edition", default="voyage", help=f"{' or '.join(EDITIONS)} (default voyage)")
    parser.add_argument("--seats", default="remote,remote",
                        help="comma-separated seats, each 'remote' (a player on another computer) or a level "
                             "(easy, normal, hard, expert); default remote,remote")
    parser.add_argument("--port", type=int, default=None, help="port to listen on (default: any free one, or the "
                                                                "saved game's)")
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on (default 0.0.0.0: every interface)")
    parser.add_argument("--games", type=int, default=1, help="games to play (default 1)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the first game (default: random)")
    parser.add_argument("--json", action="store_true", help="print JSON lines (listening address, then results)")
    parser.add_argument("--data-dir", default=argparse.SUPPRESS,
                        help="folder for the autosave and the seat tokens; a saved game there is resumed")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except KeyboardInterrupt:
        return 130


def _run(args: argparse.Namespace) -> int:
    from game.net.headless import host_games
    from game.net.host import NetHost, new_code, stored_port
    from game.table import TableController
    from skyjo.logfile import log_to_stderr

    try:
        config = _config(args)
    except ValueError as error:
        return _fail(str(error))
    store, resumed = _store(args)
    if isinstance(store, str):
        return _fail(store)
    code, port, state = new_code(), args.port or 0, None
    if resumed is not None:
        config, state = resumed
        code = store.tokens.get("host code") or code
        port = args.port or stored_port(store.tokens.get("host port"))
    table = TableController(config, state or config.new_game(), store, resumed=state is not None, speed=0)
    # one line once, then quiet, when stderr cannot be written (a file on a full disk)
    log_to_stderr("skyjo host", logging.WARNING)
    try:
        host = NetHost(table, code, args.bind, port, store=store, resume=state is not None)
    except OSError as error:
        return _fail(str(error))
    _say(args, {"listening": host.url, "code": host.code},
         f"Hosting at {host.url}, join code {host.code}" + (" (resumed from the save)" if state else ""))
    _warn(store)

    def next_table(number: int) -> TableController:
        seed = None if config.seed is None else config.seed + number
        return TableController(host.table.config, host.table.config.new_game(seed), store, speed=0)

    try:
        winners = host_games(host, next_table, args.games)
    finally:
        host.close(final=True)
        if store is not None:
            store.close()
            _warn(store)
    names = host.table.names
    wins = [sum(seat in game for game in winners) for seat in range(len(names))]
    _say(args, {"games": len(winners), "seats": [{"name": n, "wins": w} for n, w in zip(names, wins)]},
         "\n".join(f"{n}: {w} win(s)" for n, w in zip(names, wins)))
    return 0


def _config(args: argparse.Namespace):  # -> MatchConfig
    from game.match import REMOTE, MatchConfig, seats_from_words
    from game.rules import edition_named

    edition = edition_named(args.edition)  # ValueError names the editions
    items = [item.strip() for item in args.seats.split(",")]
    seats = seats_from_words(items)  # ValueError names what is wrong
    if REMOTE not in items:
        raise ValueError("--seats needs at least one remote seat")
    if not 1 <= args.games <= MAX_GAMES:
        raise ValueError(f"--games must be from 1 to {MAX_GAMES}")
    if args.port is not None and not 0 <= args.port <= 65535:
        raise ValueError("--port must be from 0 to 65535")
    config = MatchConfig(edition.name, tuple(seats), seed=args.seed)
    config.validate()  # the edition's number of players
    return config


def _store(args: argparse.Namespace):  # -> (Store | str | None, (MatchConfig, GameState) | None)
    data_dir = getattr(args, "data_dir", None)
    if not data_dir:
        return None, None
    from game.store import Store
    from game.store.lock import FolderInUse, LockRefused
    from game.store.paths import HOST_SAVE_FILE

    store = Store(data_dir, save_file=HOST_SAVE_FILE)  # its own save: the desktop game's is never touched
    try:
        store.lock_folder()
    except (FolderInUse, LockRefused) as error:
        return str(error), None
    saved = store.saves.load()
    if saved is not None and not any(seat.is_remote for seat in saved[0].seats):
        saved = None  # a game of the desktop app's: not ours to serve
    return store, saved


def _say(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    print(json.dumps(data) if args.json else text, flush=True)


def _warn(store) -> None:  # store: Store | None
    """The store's notices (a damaged file moved aside, a failed write), one line each."""
    for notice in store.take_notices() if store is not None else ():
        print(f"skyjo host: warning: {notice.worded()}", file=sys.stderr, flush=True)  # English: no language is set


def _fail(message: str) -> int:
    print(f"skyjo host: error: {message}", file=sys.stderr)
    return 2
