"""The hand-off's recap (hot-seat): what the other players did since the next player's last
turn, one line per move, from the engine's events. Only what the whole table saw is told (a
drawn card's value only once it was placed or discarded face up)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rules import events as ev
from game.ui.wording import sentence

RECAP_LINES = 6  # the hand-off keeps to a few lines: the latest moves


def recap_lines(events: Iterable[ev.Event], reader: int, names: Sequence[str]) -> list[str]:
    """The moves of seats other than `reader` in `events`, in the third person with their names."""
    lines: list[str] = []
    discarded: dict[int, int] = {}  # seat -> the drawn card it threw away, awaiting its reveal

    def say(kind: str, seat: int, **figures: object) -> None:
        if seat != reader:
            lines.append(sentence(kind, seat, None, names, **figures))

    for event in events:
        match event:
            case ev.CardFlipped(seat=seat, value=value):
                say("recap_flip", seat, value=value)
            case ev.CardReplaced(seat=seat, value=value, old_value=old, source=source):
                say("recap_take_replace" if source == "discard" else "recap_draw_replace", seat, card=value, old=old)
            case ev.CardDiscarded(seat=seat, value=value):
                discarded[seat] = value
            case ev.CardRevealed(seat=seat, value=value) if seat in discarded:
                say("recap_draw_discard", seat, card=discarded.pop(seat), value=value)
            case ev.ColumnRemoved(seat=seat, value=value):
                say("recap_column", seat, value=value)
    return lines[-RECAP_LINES:]
