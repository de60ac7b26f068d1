"""The bot protocol's messages, declared once (docs/bots.md): JSON lines, a tagged union on
"type" from the host to the bot, and the bot's answer.

    host -> bot   hello {edition, players, seat}  decide {view, legal}  round_over {round, round_scores, totals}
                  game_over {totals, winners}
    bot -> host   {action}

Another program may add fields of its own, so unknown fields are ignored here (the network
protocol refuses them); a field this program reads is of its declared type or the line is
refused. Only `decide` must be complete: the notices before and after a game may be bare.
The protocol keeps its first version: every message it ever wrote reads the same.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

from game.rules import SeatView

from .pieces import ActionList, View, action_from, seat_view_from
from .reading import Family, WireError, read

MAX_MESSAGE_BYTES = 1 << 20  # 1 MiB for one line, either way; a decide message is a few kilobytes
MAX_DEPTH = 32  # nesting of a line's lists and objects (a decide message's grids are 5 deep)
TOO_DEEP = "JSON nested too deeply to read (over {most} levels)"


class _ToBot(Struct, tag_field="type"):
    """A message to the bot: a JSON object whose "type" names it."""


class Hello(_ToBot, tag="hello"):
    edition: str | None = None
    players: int | None = None
    seat: int | None = None


class Decide(_ToBot, tag="decide"):
    view: View
    legal: Annotated[list[ActionList], Meta(min_length=1, max_length=64)]


class RoundOver(_ToBot, tag="round_over"):
    round: int | None = None
    round_scores: list[int | None] = []
    totals: list[int] = []


class GameOver(_ToBot, tag="game_over"):
    totals: list[int] = []
    winners: list[int] = []


ToBot = Hello | Decide | RoundOver | GameOver
TO_BOT = Family(ToBot)  # its decoder, built once (an unknown type keeps msgspec's words, as ever)


class Answer(Struct):
    """The bot's answer to `decide`."""

    action: ActionList


ANSWER = Family(Answer)


def read_line(line: str, kind: Family) -> object:
    """One line of the protocol (already size-checked), as one of `kind`; ValueError in one line."""
    try:
        return read(line, kind, most_depth=MAX_DEPTH, too_deep=TOO_DEEP)
    except WireError as error:
        raise ValueError(str(error)) from None


def view_of(message: Decide) -> SeatView:
    """The checked view of a decide message; ValueError unless a real game could show it."""
    return seat_view_from(message.view, tuple(action_from(item) for item in message.legal))
