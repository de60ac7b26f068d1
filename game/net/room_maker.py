"""Asking a room server (game/server, `skyjo server`) for a room: one connection that sends a
`create` and reads the `room` it answers, its code, which the players then join with a hello
as at any table (`NetClient`). Whatever goes wrong is `RoomNotMade`, in one line.

Before that, a setup screen may ask what the server's rooms offer (`ask_offer`: one connection that
reads the `offer` answered, the computer levels and the most a decision thinks there); whatever goes
wrong is `OfferNotKnown`, in one line, and the screen offers every level as before.
"""

from __future__ import annotations

import ssl
from collections.abc import Sequence
from typing import TypeVar, cast

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import connect

from . import protocol as wire
from .connection import OPEN_TIMEOUT, Untrusted, check_url
from .protocol import MAX_FRAME, PROTOCOL_VERSION, ProtocolError, decode_host, encode

ANSWER_WAIT = 10.0  # seconds the server has to answer a create
OFFER_WAIT = 3.0  # seconds to connect, then to say what it offers (a screen waits for it: a few seconds at most)

Answer = TypeVar("Answer", wire.Room, wire.Offer)  # what a question of this module is answered with


class ServerNotAnswered(ValueError):
    """Why a server's answer did not come: one line (`untrusted`: the server's certificate, for a screen to word)."""

    def __init__(self, message: str, untrusted: Untrusted | None = None) -> None:
        super().__init__(message)
        self.untrusted = untrusted


class RoomNotMade(ServerNotAnswered):
    """Why no room was made: one line."""


class OfferNotKnown(ServerNotAnswered):
    """Why the server could not say what its rooms offer (an older server, no answer in time): one line."""


def make_room(url: str, seats: Sequence[str], edition: str = "voyage", tls: ssl.SSLContext | None = None) -> str:
    """The code of a new room at the server `url` (ws:// or wss://), with `seats` (each "remote", a
    player online, or a computer level) and `edition`; RoomNotMade otherwise. `tls`: what the
    server's certificate is checked against (None: the system's store)."""
    return ask_for_room(url, seats, edition, tls).code


def ask_for_room(url: str, seats: Sequence[str], edition: str = "voyage",
                 tls: ssl.SSLContext | None = None) -> wire.Room:
    """The server's answer for a new room (`make_room`): its code, and what its computers may do there."""
    message = wire.Create(PROTOCOL_VERSION, cast(list[wire.RoomSeat], list(seats)), edition)
    answer = _exchange(url, message, tls, (OPEN_TIMEOUT, ANSWER_WAIT), RoomNotMade, "making a room")
    return _expected(answer, wire.Room, RoomNotMade, "a room")


def ask_offer(url: str, tls: ssl.SSLContext | None = None, wait: float = OFFER_WAIT) -> wire.Offer:
    """What the server `url` lets its rooms' computer seats do: the levels it offers (from the easiest)
    and the most milliseconds a decision thinks; OfferNotKnown otherwise (an older server refuses the
    question as a message it does not know). `wait`: the seconds to connect, then to answer."""
    answer = _exchange(url, wire.AskOffer(PROTOCOL_VERSION), tls, (wait, wait), OfferNotKnown, "saying what it offers")
    return _expected(answer, wire.Offer, OfferNotKnown, "what it offers")


def _expected(answer: wire.HostMessage, expected: type[Answer], fails: type[ServerNotAnswered], what: str) -> Answer:
    """`answer` if it is the `expected` message; `fails` in one line if the server refused or said
    something else (`what`: the expected answer, in words)."""
    if isinstance(answer, expected):
        return answer
    if isinstance(answer, wire.Refused):
        raise fails(f"the server refused: {answer.reason}")
    raise fails(f"the server answered something other than {what}")


def _exchange(url: str, message: object, tls: ssl.SSLContext | None, waits: tuple[float, float],
              fails: type[ServerNotAnswered], doing: str) -> wire.HostMessage:
    """`message` sent on a connection of its own and the server's one answer, read by the strict
    reader; `fails` in one line otherwise (`waits`: the seconds to connect, then to answer; `doing`:
    what the server did not finish, for that line)."""
    check_url(url)  # ValueError, one line
    opening, answering = waits
    try:
        with connect(url, open_timeout=opening, close_timeout=1, max_size=MAX_FRAME, compression=None,
                     proxy=None, ssl=tls) as ws:
            try:
                ws.send(encode(message))
            except ConnectionClosed:  # turned away as it connected (a full server): its refusal came first
                pass
            return decode_host(ws.recv(answering))
    except ssl.SSLCertVerificationError as error:
        untrusted = Untrusted.of(url, error)
        raise fails(str(untrusted), untrusted) from None
    except ProtocolError as error:
        raise fails(f"the server sent a bad message: {error}") from None
    except InvalidURI as error:
        raise fails(str(error)) from None
    except ConnectionClosed:
        raise fails(f"{url} closed the connection without {doing}") from None
    except (OSError, InvalidHandshake, TimeoutError) as error:
        raise fails(f"cannot reach {url}: {error}") from None
