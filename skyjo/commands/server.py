"""`skyjo server`: many rooms on one server anyone can reach, played with `skyjo join` (docs/server.md).

    skyjo server --bind 0.0.0.0 --port 443 --tls-cert cert.pem --tls-key key.pem --data-dir /var/lib/skyjo --json
    {"listening": "wss://203.0.113.7:443", "node": "box:4242"}                              (first line)
    {"stopped": true, "rooms_saved": 3, "rooms_ended": 12, "connections_closed": 9, ...}   (at SIGINT/SIGTERM)

Plain ws:// only on a loopback address. Bad arguments, a certificate that does not load, a
port that cannot be opened, a data folder in use: one line on standard error, exit status 2.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import logging
import signal
import sys
import threading
from typing import Any

MOST_ROOMS_ALLOWED = 100_000
MOST_THINK_ALLOWED = 10_000  # --most-think-ms: ten seconds (Expert past 300 ms gains little: docs/strength.md)
FILES_WANTED = 8192  # the file limit the server asks for: its 4,096 connections, the saves, a reserve
SAVES_SYNC = {"journal": "journal", "grouped": "platform", "each": "each"}  # --saves-sync: game/server/saving.py's


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("server", help="run rooms for players anywhere (see docs/server.md)")
    parser.add_argument("--bind", default="127.0.0.1", help="address to listen on (default 127.0.0.1; any other "
                                                             "needs --tls-cert and --tls-key)")
    parser.add_argument("--port", type=int, default=0, help="port to listen on (default: any free one)")
    parser.add_argument("--tls-cert", default=None, help="the server's certificate (PEM, with its chain): wss://")
    parser.add_argument("--tls-key", default=None, help="the certificate's private key (PEM)")
    parser.add_argument("--behind-proxy", nargs="+", default=(), metavar="ADDR",
                        help="plain ws:// for these TLS proxies only (each an IP address); the limits count the "
                             "address each names in X-Forwarded-For")
    parser.add_argument("--data-dir", default=argparse.SUPPRESS,
                        help="folder the rooms are saved in, and resumed from when the server starts again")
    parser.add_argument("--idle-hours", type=float, default=24.0,
                        help="hours a room is kept with nobody connected (default 24)")
    parser.add_argument("--most-rooms", type=int, default=None, help="rooms at once (default 1000)")
    parser.add_argument("--rooms-made", default=None, metavar="ADDRESS,EVERYBODY",
                        help="rooms one address, and everybody together, may make in ten minutes (default 5,120)")
    parser.add_argument("--levels", default=None, help="the computer levels rooms may have, comma-separated "
                                                        "(default: easy, normal, hard, expert)")
    parser.add_argument("--most-think-ms", type=int, default=None, metavar="MS",
                        help="the most a computer seat's decision may think, in milliseconds (default 300, Expert's "
                             "own; the other levels take a few): said to whoever makes a room")
    parser.add_argument("--redis", default=None, metavar="URL",
                        help="keep the rooms in this Redis (redis://host:6379/0), shared with the server's other "
                             "processes, instead of --data-dir")
    parser.add_argument("--public-url", default=None, metavar="URL",
                        help="where players reach this process (wss://...; default: where it listens): the other "
                             "processes send players there")
    parser.add_argument("--redis-prefix", default="skyjo:", help="every Redis key this server writes starts so "
                                                                 "(default skyjo:)")
    parser.add_argument("--lease-seconds", type=float, default=15.0,
                        help="seconds before another process takes over the rooms of one that stopped answering "
                             "(default 15)")
    parser.add_argument("--saves-sync", choices=SAVES_SYNC, default="journal",
                        help="with --data-dir: append the saves to one journal, a batch made durable by one sync "
                             "(journal, the default), or write every room's file, made durable a batch at a time "
                             "with one sync of the file system (grouped; on Linux) or each with its own fsyncs")
    parser.add_argument("--json", action="store_true", help="print JSON lines (the address, then a summary)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from game.server.serve import RoomServer, ServerRefused
    from skyjo.logfile import log_to_stderr

    try:
        options = _options(args)
    except ValueError as error:
        return _fail(str(error))
    log_to_stderr("skyjo server", logging.WARNING)
    stop = threading.Event()
    caught: list[str] = []

    def on_signal(number: int, _frame: object) -> None:
        caught.append(signal.Signals(number).name)
        stop.set()

    _raise_file_limit()
    try:
        server = RoomServer(options)
    except ServerRefused as error:
        return _fail(str(error))
    for name in ("SIGINT", "SIGTERM"):  # (a signal before this is the default's: nothing was served yet)
        signal.signal(getattr(signal, name), on_signal)
    _say(args, {"listening": server.url, "node": server.node, "resumed": server.resumed},
         f"Serving rooms at {server.url}" + (f" ({server.resumed} resumed from the data folder)"
                                             if server.resumed else ""))
    while not stop.wait(0.5):
        pass
    summary = server.stop()
    summary["signal"] = caught[0] if caught else None
    _say(args, summary, f"Stopped: {summary['rooms_saved']} room(s) saved, "
                        f"{summary['connections_closed']} connection(s) closed ({summary['reason']})")
    return 0


def _levels(text: str) -> tuple[str, ...]:
    """`--levels`: the computer levels rooms may have, at least one; ValueError in one line otherwise."""
    from game.server.rooms import ROOM_LEVELS

    levels = tuple(item.strip() for item in text.split(",") if item.strip())
    if not set(levels) <= set(ROOM_LEVELS):
        raise ValueError(f"--levels lists levels among {', '.join(ROOM_LEVELS)}")
    if not levels:
        raise ValueError(f"--levels lists at least one of {', '.join(ROOM_LEVELS)}")
    return levels


def _options(args: argparse.Namespace):  # -> ServerOptions (imported late, as every command's modules are)
    """The server's options from the command line; ValueError in one line for a bad one."""
    from game.server.pool import MOST_THINK_MS
    from game.server.rooms import MOST_ROOMS, ROOM_LEVELS
    from game.server.serve import ServerOptions

    if (args.tls_cert is None) != (args.tls_key is None):
        raise ValueError("--tls-cert and --tls-key go together")
    if not 0 <= args.port <= 65535:
        raise ValueError("--port must be from 0 to 65535")
    if not 0 < args.idle_hours <= 24 * 365:
        raise ValueError("--idle-hours must be more than 0 and at most a year")
    most = MOST_ROOMS if args.most_rooms is None else args.most_rooms
    if not 1 <= most <= MOST_ROOMS_ALLOWED:
        raise ValueError(f"--most-rooms must be from 1 to {MOST_ROOMS_ALLOWED}")
    levels = ROOM_LEVELS if args.levels is None else _levels(args.levels)
    made = _rooms_made(args.rooms_made)
    think = MOST_THINK_MS if args.most_think_ms is None else args.most_think_ms
    if not 1 <= think <= MOST_THINK_ALLOWED:
        raise ValueError(f"--most-think-ms must be from 1 to {MOST_THINK_ALLOWED}")
    try:
        proxies = frozenset(str(ipaddress.ip_address(item)) for item in args.behind_proxy)
    except ValueError:
        raise ValueError("--behind-proxy takes the proxies' IP addresses, e.g. 127.0.0.1") from None
    if args.redis is None and (args.public_url is not None or args.redis_prefix != "skyjo:"):
        raise ValueError("--public-url and --redis-prefix go with --redis")
    if not 1 <= args.lease_seconds <= 3600:
        raise ValueError("--lease-seconds must be from 1 to 3600")
    return ServerOptions(args.bind, args.port, (args.tls_cert, args.tls_key) if args.tls_cert else None,
                         getattr(args, "data_dir", None), args.idle_hours * 3600, most, levels, proxies,
                         redis=args.redis, public_url=args.public_url, redis_prefix=args.redis_prefix,
                         lease=args.lease_seconds, rooms_made=made, most_think_ms=think,
                         saves_sync=SAVES_SYNC[args.saves_sync])


def _rooms_made(text: str | None) -> tuple[int, int]:
    from game.server.rooms import ROOMS_FROM_EVERYBODY, ROOMS_PER_ADDRESS

    if text is None:
        return ROOMS_PER_ADDRESS, ROOMS_FROM_EVERYBODY
    try:
        per_address, everybody = (int(item) for item in text.split(","))
    except ValueError:
        raise ValueError("--rooms-made takes two numbers, e.g. 5,120") from None
    if not (1 <= per_address <= everybody <= MOST_ROOMS_ALLOWED):
        raise ValueError(f"--rooms-made: from 1 to {MOST_ROOMS_ALLOWED}, the address's at most everybody's")
    return per_address, everybody


def _raise_file_limit() -> None:
    """Each connection holds a file: the soft limit raised towards the hard one (the server counts
    its connections against what it gets: serve.py's connection_budget)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = FILES_WANTED if hard == resource.RLIM_INFINITY else min(hard, FILES_WANTED)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ImportError, OSError, ValueError):  # (Windows; a limit the system keeps)
        pass


def _say(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    print(json.dumps(data) if args.json else text, flush=True)


def _fail(message: str) -> int:
    print(f"skyjo server: error: {' '.join(message.split())}", file=sys.stderr)
    return 2
