"""`skyjo join URL`: take a seat at a table hosted on another computer (docs/network.md).

With --bot LEVEL one of our levels plays the first open seat from its seat view only, with no
window, and the command exits 0 when the host's games end; without it the game's window
opens at that table and a person plays. Bad arguments, a host that cannot be reached or
refuses: one line on standard error, exit status 2.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from urllib.parse import urlsplit


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from game.match import BOT_LEVELS

    parser = subparsers.add_parser("join", help="join a table hosted on the network (see docs/network.md)")
    parser.add_argument("url", help="the host's address, e.g. ws://192.168.1.20:50123")
    parser.add_argument("--code", "--room", dest="code", default=None,
                        help="the join code the host shows, or a room's code on a server (or the address's path: "
                             "ws://host:port/CODE)")
    parser.add_argument("--name", default=None, help="your name at the table (1 to 16 characters)")
    parser.add_argument("--bot", choices=BOT_LEVELS, default=None, help="let a computer level play the seat, headless")
    parser.add_argument("--data-dir", default=argparse.SUPPRESS, help="folder for settings and the seat token")
    parser.add_argument("--cafile", metavar="F", default=None,
                        help="a private certificate authority (PEM) a wss:// server's certificate may be checked "
                             "against, besides the system's")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from game.match import clean_name, is_showable_name
    from game.net.client import check_url

    try:
        check_url(args.url)
        _check_host_name(args.url)
    except ValueError as error:
        return _fail(str(error))
    path_code = urlsplit(args.url).path.strip("/")
    args.code = args.code or path_code
    if not args.code:
        return _fail("a join code is needed: --code CODE (the host shows it)")
    if path_code:
        args.url = args.url[: args.url.rindex("/" + path_code)]
    name = args.name if args.name is not None else (f"{args.bot.title()} bot" if args.bot else "Player")
    if not is_showable_name(clean_name(name)) or clean_name(name) != name.strip():
        return _fail("--name must be 1 to 16 printable characters")
    args.name = clean_name(name)
    data_dir = getattr(args, "data_dir", None)
    if data_dir is not None and (not data_dir or (os.path.exists(data_dir) and not os.path.isdir(data_dir))):
        # else the seat token, the way back to the seat after a dropped connection, is silently not kept
        return _fail(f"--data-dir {data_dir!r} is not a folder")
    from game.net.online import CertificateFileProblem, tls_for

    try:  # (read now: a file that cannot be used is said before any window opens)
        args.tls = tls_for(args.url, args.cafile)
    except CertificateFileProblem as error:
        return _fail(str(error))
    if args.bot is None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        from skyjo.app import run_app

        return run_app(args)
    try:
        return _play(args)
    except KeyboardInterrupt:
        return 130


def _play(args: argparse.Namespace) -> int:
    from game.ai import make_bot
    from game.net.client import NetClient, RemoteTable
    from game.net.headless import play_as_bot

    logging.basicConfig(level=logging.ERROR, format="skyjo join: %(message)s")
    store = None
    if getattr(args, "data_dir", None):
        from game.store import Store

        store = Store(args.data_dir)
    remote = RemoteTable(NetClient(args.url, args.code, args.name, store=store, tls=args.tls))
    try:
        finished = play_as_bot(remote, make_bot(args.bot, seed=0))
    finally:
        remote.close()
    if not finished:
        return _fail(remote.client.status_reason or remote.client.reason or "the connection closed")
    return 0


def _check_host_name(url: str) -> None:
    """ValueError unless the address's host can be looked up: a name that is not ASCII must pass
    IDNA (as `bücher.example` does), else the connection's thread would fail with a traceback."""
    host = urlsplit(url).hostname or ""
    try:
        host.encode("ascii" if host.isascii() else "idna")
    except UnicodeError:
        raise ValueError(f"{url!r} is not an address like ws://192.168.1.20:50123: "
                         "its host name is not valid") from None


def _fail(message: str) -> int:
    print(f"skyjo join: error: {' '.join(message.split())}", file=sys.stderr)  # one line, whatever it quotes
    return 2
