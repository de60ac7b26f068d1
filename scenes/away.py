"""The table's banner about players on other computers (hosting): who lost the connection,
and who came back. The table's link says which seats are away (`TableLink.away_seats`,
game/table/shape.py); this remembers what the banner last said of them."""

from __future__ import annotations

from collections.abc import Collection

from game.i18n import _


class AwaySeats:
    def __init__(self) -> None:
        self.away: frozenset[int] = frozenset()  # the seats said to be away

    def news(self, away: Collection[int], names: list[str]) -> str | None:
        """The line to show now that `away` are the seats away, or None when nobody left or
        came back since the last look (of several at once, the last one is shown)."""
        now = frozenset(away)
        lines = [_("{name} lost the connection: the table waits (Esc: let a computer play)").format(name=names[seat])
                 for seat in sorted(now - self.away)]
        lines += [_("{name} is back.").format(name=names[seat]) for seat in sorted(self.away - now)]
        self.away = now
        return lines[-1] if lines else None
