"""Asking a room server (game/server, `skyjo server`) for a room: one connection that sends a
`create` and reads the `room` it answers, its code, which the players then join with a hello
as at any table (`NetClient`). Whatever goes wrong is `RoomNotMade`, in one line.
"""

from __future__ import annotations

import ssl
from collections.abc import Sequence
from typing import cast

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import connect

from . import protocol as wire
from .connection import OPEN_TIMEOUT, Untrusted, check_url
from .protocol import MAX_FRAME, PROTOCOL_VERSION, ProtocolError, decode_host, encode

ANSWER_WAIT = 10.0  # seconds the server has to answer


class RoomNotMade(ValueError):
    """Why no room was made: one line (`untrusted`: the server's certificate, for a screen to word)."""

    def __init__(self, message: str, untrusted: Untrusted | None = None) -> None:
        super().__init__(message)
        self.untrusted = untrusted


def make_room(url: str, seats: Sequence[str], edition: str = "voyage", tls: ssl.SSLContext | None = None) -> str:
    """The code of a new room at the server `url` (ws:// or wss://), with `seats` (each "remote", a
    player online, or a computer level) and `edition`; RoomNotMade otherwise. `tls`: what the
    server's certificate is checked against (None: the system's store)."""
    return ask_for_room(url, seats, edition, tls).code


def ask_for_room(url: str, seats: Sequence[str], edition: str = "voyage",
                 tls: ssl.SSLContext | None = None) -> wire.Room:
    """The server's answer for a new room (`make_room`): its code, and what its computers may do there."""
    check_url(url)  # ValueError, one line
    message = wire.Create(PROTOCOL_VERSION, cast(list[wire.RoomSeat], list(seats)), edition)
    try:
        with connect(url, open_timeout=OPEN_TIMEOUT, close_timeout=1, max_size=MAX_FRAME, compression=None,
                     proxy=None, ssl=tls) as ws:
            ws.send(encode(message))
            answer = decode_host(ws.recv(ANSWER_WAIT))
    except ssl.SSLCertVerificationError as error:
        untrusted = Untrusted.of(url, error)
        raise RoomNotMade(str(untrusted), untrusted) from None
    except ProtocolError as error:
        raise RoomNotMade(f"the server sent a bad message: {error}") from None
    except InvalidURI as error:
        raise RoomNotMade(str(error)) from None
    except ConnectionClosed:
        raise RoomNotMade(f"{url} closed the connection without making a room") from None
    except (OSError, InvalidHandshake, TimeoutError) as error:
        raise RoomNotMade(f"cannot reach {url}: {error}") from None
    if isinstance(answer, wire.Room):
        return answer
    if isinstance(answer, wire.Refused):
        raise RoomNotMade(f"the server refused: {answer.reason}")
    raise RoomNotMade("the server answered something other than a room")
