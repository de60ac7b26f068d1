"""The hand-off's recap (hot-seat): what the other players did since the next player's last
turn, one line per move, from the engine's events. Only what the whole table saw is told (a
drawn card's value only once it was placed or discarded face up). Every move is told, however
many seats played since (the hand-off screen scrolls them; the note beside the table makes its
words smaller until they all fit)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from game.rules import SOURCE_DISCARD
from game.rules import events as ev
from game.ui.ink import inside, note_panel, note_text
from game.ui.note import NOTE_PANEL
from game.ui.text import TextCache
from game.ui.widgets import ACCENT, INK, draw_panel
from game.ui.wording import sentence


class RecapMemory:
    """This round's engine events and how far each human seat has read them: what a hand-off's
    "Since your last turn" tells. Only a seat that has played in this game (a resumed game's
    humans had) has a last turn to recap."""

    def __init__(self, played: Iterable[int] = ()) -> None:
        self.log: list[ev.Event] = []
        self.read: dict[int, int] = {}  # human seat -> length of the log at its last hand-off
        self.played: set[int] = set(played)

    def heard(self, events: Iterable[ev.Event]) -> None:
        for event in events:
            if isinstance(event, ev.RoundDealt):  # a new round: the last one's moves are history
                self.log, self.read = [], {}
            self.log.append(event)

    def forget_take(self) -> None:
        """A discard take was put back: the recap never tells it (the game record never held it)."""
        taken = next((i for i in range(len(self.log) - 1, -1, -1) if isinstance(self.log[i], ev.DiscardTaken)), None)
        if taken is not None:
            del self.log[taken]

    def recap_for(self, seat: int, names: Sequence[str]) -> list[str]:
        """What the others did since `seat`'s last turn, every move; nothing for a player who has
        not played yet in this game (they have no last turn: the guide speaks to them instead)."""
        recap = recap_lines(self.log[self.read.get(seat, 0):], seat, names) if seat in self.played else []
        self.read[seat] = len(self.log)
        self.played.add(seat)
        return recap


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
            case ev.CardReplaced(seat=seat, value=value, old_value=old, old_was_face_up=seen, source=source):
                kind = "recap_take_replace" if source == SOURCE_DISCARD else "recap_draw_replace"
                say(kind if seen else kind + "_hidden", seat, card=value, old=old)
            case ev.CardDiscarded(seat=seat, value=value):
                discarded[seat] = value
            case ev.CardRevealed(seat=seat, value=value) if seat in discarded:
                say("recap_draw_discard", seat, card=discarded.pop(seat), value=value)
            case ev.ColumnRemoved(seat=seat, value=value):
                say("recap_column", seat, value=value)
    return lines


def by_player(moves: Sequence[str], names: Sequence[str]) -> list[str]:
    """`moves` as one line per player, their moves joined in order ("Ann turned over a 5 · turned
    over a 3"), the players in the order they first moved: nothing left out, fewer lines where
    room is scarce (the note beside the table). A move is a player's when it starts with their
    name (the longest name that fits); one that starts with no name keeps a line of its own."""
    lines: list[str] = []
    line_of: dict[str, int] = {}  # player -> their line
    for move in moves:
        name = max((name for name in names if move.startswith(name + " ")), key=len, default=None)
        if name is not None and name in line_of:
            lines[line_of[name]] += " · " + move[len(name) + 1:]
            continue
        if name is not None:
            line_of[name] = len(lines)
        lines.append(move)
    return lines


def draw_recap(surface: pygame.Surface, text: TextCache, room: pygame.Rect, zoom: float, heading: str,
               moves: Sequence[str], text_size: float = 1.0) -> pygame.Rect:
    """The recap as a note in `room` (the table's free corner): `heading`, then every move on
    lines of its own, the words made smaller until all of them fit (never one left out).
    `zoom`: the window's scale times the text size setting `text_size`. Returns the note's panel."""
    pad = max(4, round(14 * zoom / text_size))  # (the margin is the window's: the words take the room)
    width, height = room.w - 2 * pad, room.h - 2 * pad
    px = max(8, round(26 * zoom))
    while True:
        head_px = text.fit_px(heading, px, width, bold=True)
        wrapped = [line for move in moves for line in text.wrap(move, px, width)]
        line_h = text.font(px).get_linesize()
        tall = text.font(head_px, True).get_linesize() + line_h * len(wrapped)
        if px <= 8 or (tall <= height and all(text.font(px).size(line)[0] <= width for line in wrapped)):
            break
        px = max(8, px - max(1, px // 12))
    widest = max([text.font(px).size(line)[0] for line in wrapped] + [text.font(head_px, True).size(heading)[0]])
    panel = pygame.Rect(0, 0, min(room.w, widest + 2 * pad), min(room.h, tall + 2 * pad))
    middle = surface.get_rect().center  # toward the middle of the screen, as the tips sit
    panel.left = room.left if room.centerx >= middle[0] else room.right - panel.w
    panel.top = room.top if room.centery >= middle[1] else room.bottom - panel.h
    note_panel(panel, heading)
    draw_panel(surface, panel, NOTE_PANEL)
    pygame.draw.rect(surface, ACCENT, panel, width=max(1, round(2 * zoom)), border_radius=12)
    x, y = panel.left + pad, panel.top + pad
    with inside(panel):
        rows = [(heading, head_px, True, ACCENT)] + [(line, px, False, INK) for line in wrapped]
        for line, size, bold, color in rows:
            image = text.render(line, size, color, bold)
            place = image.get_rect(topleft=(x, y))
            surface.blit(image, place)
            note_text(line, image, place)
            y += text.font(size, bold).get_linesize()
    return panel
