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
# a colour or avatar by name (game/match.py's COLOURS, AVATARS); an unknown one is read as the
# seat's default where it is shown (game.match.known_identity), so a newer file still loads
Look = Annotated[str, Meta(max_length=16, pattern="^[a-z]*$")]


class FinishedGame(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """`record`: the game as a replay scenario (docs/replay.md); `names` by seat; `humans`: the
    seats a person played (the review's choice); `when`: seconds since 1970 (0: unknown);
    `colours` and `avatars` by seat: each seat's identity as the table showed it (empty in a
    game kept before they were: each seat's default then)."""

    record: dict[str, Any]
    names: Annotated[list[Name], Meta(max_length=MOST_SEATS)]
    humans: Annotated[list[Seat], Meta(max_length=MOST_SEATS)]
    when: Annotated[float, Meta(ge=0, le=1e11)] = 0.0
    colours: Annotated[list[Look], Meta(max_length=MOST_SEATS)] = []
    avatars: Annotated[list[Look], Meta(max_length=MOST_SEATS)] = []

    def seats(self) -> list[int]:
        """The seats the review may judge: the humans, or every seat when none is known."""
        players = self.record.get("players")
        count = players if isinstance(players, int) and 0 < players <= MOST_SEATS else len(self.names)
        humans = [seat for seat in self.humans if seat < count]
        return humans or list(range(count))

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    def look(self, seat: int) -> tuple[str, str]:
        """Seat `seat`'s colour and avatar as kept ("": not kept)."""
        return (self.colours[seat] if 0 <= seat < len(self.colours) else "",
                self.avatars[seat] if 0 <= seat < len(self.avatars) else "")


def read_finished(text: str) -> FinishedGame:
    """A finished game from untrusted JSON text; WireError (one line) unless it is one."""
    from .reading import WireError

    if len(text) > MOST_BYTES:
        raise WireError(f"a game larger than {MOST_BYTES >> 20} MiB")
    game: FinishedGame = read(text, FinishedGame, most_depth=MOST_DEPTH)
    return game
