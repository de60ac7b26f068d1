"""A finished game to review (issue 33): its record, the players' names and the seats a person
played, declared once. The game-over screen keeps the last one in the data folder
(game/store/last_game.py); an export gives one too (names and humans unknown: every seat may be
reviewed). The record itself is checked by the replay (`game.replay`) when it is reviewed.
"""

from __future__ import annotations

from typing import Annotated, Any

from msgspec import Meta, Struct

from .reading import read

MOST_BYTES = 2 << 20  # a whole Classic game of 8 players is about 100 kB
MOST_DEPTH = 8  # {record: {rounds: [{actions: [[...]]}]}}: 5 deep
MOST_NAME = 64
MOST_SEATS = 8

Name = Annotated[str, Meta(max_length=MOST_NAME)]
Seat = Annotated[int, Meta(ge=0, lt=MOST_SEATS)]


class FinishedGame(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """`record`: the game as a replay scenario (docs/replay.md); `names` by seat; `humans`: the
    seats a person played (the review's choice); `when`: seconds since 1970 (0: unknown)."""

    record: dict[str, Any]
    names: Annotated[list[Name], Meta(max_length=MOST_SEATS)]
    humans: Annotated[list[Seat], Meta(max_length=MOST_SEATS)]
    when: Annotated[float, Meta(ge=0, le=1e11)] = 0.0

    def seats(self) -> list[int]:
        """The seats the review may judge: the humans, or every seat when none is known."""
        players = self.record.get("players")
        count = players if isinstance(players, int) and 0 < players <= MOST_SEATS else len(self.names)
        humans = [seat for seat in self.humans if seat < count]
        return humans or list(range(count))

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else ""


def read_finished(text: str) -> FinishedGame:
    """A finished game from untrusted JSON text; WireError (one line) unless it is one."""
    from .reading import WireError

    if len(text) > MOST_BYTES:
        raise WireError(f"a game larger than {MOST_BYTES >> 20} MiB")
    return read(text, FinishedGame, most_depth=MOST_DEPTH)
