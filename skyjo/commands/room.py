"""`skyjo room new SERVER`: a room made on a room server (`skyjo server`), for players to join
with `skyjo join SERVER --room CODE` (docs/server.md).

    skyjo room new wss://skyjo.example.org --seats online,online,normal --json
    {"room": "K7QX2MRT", "url": "wss://skyjo.example.org/K7QX2MRT", "levels": ["easy", "normal", "hard", "expert"],
     "most_think_ms": 300}

("levels": the computer levels the server offers; "most_think_ms": the most one decision may think there.)

The room starts by itself once every online seat is taken. Bad arguments, a server that cannot
be reached or refuses (too many rooms made, the server full, a certificate this computer does
not trust): one line on standard error, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

ONLINE = "online"  # a seat for a player online (the protocol's "remote")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("room", help="make a room on a room server (see docs/server.md)")
    parser.add_argument("action", choices=("new",), help="new: make a room")
    parser.add_argument("server", help="the server's address, e.g. wss://skyjo.example.org")
    parser.add_argument("--seats", default="online,online",
                        help="comma-separated seats, each 'online' (a player online) or a level (easy, normal, "
                             "hard, expert); default online,online")
    parser.add_argument("--edition", default="voyage", help="voyage or classic (default voyage)")
    parser.add_argument("--json", action="store_true", help="print the room as JSON")
    parser.add_argument("--cafile", metavar="F", default=None,
                        help="a private certificate authority (PEM) the server's certificate may be checked against, "
                             "besides the system's")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from game.net.online import tls_for
    from game.net.protocol import MAX_SEATS
    from game.net.room_maker import ask_for_room

    seats = ["remote" if item.strip() == ONLINE else item.strip() for item in args.seats.split(",")]
    if not 2 <= len(seats) <= MAX_SEATS:
        return _fail(f"--seats lists 2 to {MAX_SEATS} seats")
    known = ("remote", "easy", "normal", "hard", "expert")
    unknown = [item for item in seats if item not in known]
    if unknown:
        return _fail(f"unknown seat {unknown[0][:40]!r}; each seat is online or one of easy, normal, hard, expert")
    if "remote" not in seats:
        return _fail("--seats needs at least one online seat")
    try:
        room = ask_for_room(args.server, seats, args.edition, tls_for(args.server, args.cafile))
    except ValueError as error:  # RoomNotMade, an address that is not one, a certificate file that cannot be used
        return _fail(str(error))
    url = f"{args.server.rstrip('/')}/{room.code}"
    if args.json:
        print(json.dumps({"room": room.code, "url": url, "levels": room.levels, "most_think_ms": room.most_think_ms}),
              flush=True)
    else:
        print(f"Room {room.code}: join at {url}{_computers(room.levels, room.most_think_ms)}", flush=True)
    return 0


def _computers(levels: Sequence[str], most_ms: int | None) -> str:
    """What the server lets computer seats do, as the room's line says it (nothing if it said nothing)."""
    if not levels:
        return ""
    think = "" if most_ms is None else f", at most {most_ms} ms a decision"
    return f" (computer levels here: {', '.join(levels)}{think})"


def _fail(message: str) -> int:
    print(f"skyjo room: error: {' '.join(message.split())}", file=sys.stderr)
    return 2
