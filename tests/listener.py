"""A player who only listens (issue 50, Read aloud): it hears what the app says through the
recording voice (game/ui/speech.py's RecordingSpeech), in English, and plays by pressing keys
through the Pilot (tests/pilot.py), as a person who cannot see the screen would: the arrows move
the cursor, whose card is said; G says its grid; Enter plays. It never looks at the screen, the
scenes or the game's state: its only input is the list of lines said.

    listener = Listener(pilot, recording, players={"You"})   # or the hot-seat names: {"Ann", "Bob"}
    listener.play(max_frames=40_000)                         # True once "Play again" is heard
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame
from pilot import Pilot

from game.ui.speech import RecordingSpeech

CELL = re.compile(r"Column (\d), row (\d): (.+)$")
COLUMN = re.compile(r"Column (\d): ([^.]+)")
PRESS_ON = ("I am ready", "Deal round ", "Final results", "Play the tiebreak round")  # focused buttons to press
GAME_OVER = ("Play again", "Main menu")


def value(words: str) -> int | None:
    """A card said as a figure ("5", "minus 2"); None for "face down", "gone" or anything else."""
    words = words.strip().replace("minus ", "-")
    return int(words) if re.fullmatch(r"-?\d+", words) else None


@dataclass
class Grid:
    """A grid as G said it: (col, row) -> the card's words."""

    cells: dict[tuple[int, int], str] = field(default_factory=dict)

    @classmethod
    def heard(cls, line: str) -> Grid:
        grid = cls()
        for col, cards in COLUMN.findall(line):
            for row, card in enumerate(cards.split(", ")):
                grid.cells[(int(col) - 1, row)] = card.strip()
        assert len(grid.cells) == 12, f"a grid of 12 cards was not said: {line!r}"
        return grid

    def face_down(self) -> list[tuple[int, int]]:
        return [place for place, card in self.cells.items() if card == "face down"]

    def highest(self) -> tuple[tuple[int, int], int] | None:
        """The face-up card worth most, and its place."""
        shown = [(place, value(card)) for place, card in self.cells.items() if value(card) is not None]
        return max(shown, key=lambda item: item[1]) if shown else None  # type: ignore[arg-type, return-value]


class Listener:
    """Plays the seats whose prompts start with one of `players` ("You", or the hot-seat names)."""

    def __init__(self, pilot: Pilot, voice: RecordingSpeech, players: set[str]) -> None:
        self.pilot = pilot
        self.voice = voice
        self.players = players
        self.read = 0  # lines heard so far
        self.cursor: str = ""  # the last cursor line heard
        self.moves = 0  # moves made
        self.refused: list[str] = []  # lines that said a choice was not allowed
        self.reminded = 0  # times a silence made it ask whose turn it is (W)
        self.inbox: list[str] = []  # lines heard and not yet weighed by `play` (a press hears some too)

    # ------------------------------------------------------------------ hearing
    def new_lines(self) -> list[str]:
        lines = self.voice.said[self.read:]
        self.read = len(self.voice.said)
        self.inbox.extend(lines)
        for line in lines:
            if CELL.match(line) or (line.startswith(("Draw pile", "Discard pile:")) and "Draw pile:" not in line):
                self.cursor = line
            if "cannot be chosen" in line:
                self.refused.append(line)
        return lines

    def press(self, key: int) -> list[str]:
        self.pilot.press(key)
        return self.new_lines()

    def ask(self, key: int) -> str:
        """Press a key that asks, and the answer (the last line said)."""
        lines = self.press(key)
        assert lines, f"nothing was said for the key {pygame.key.name(key)}"
        return lines[-1]

    def my_prompt(self, line: str) -> str | None:
        """What the prompt asks of a player this listener plays, or None."""
        who, colon, rest = line.partition(": ")
        return rest if colon and who in self.players else None

    # ------------------------------------------------------------------ moving the cursor
    def go_to(self, target: tuple[int, int] | str) -> None:
        """The cursor onto a card of its grid (col, row) or a pile ("draw", "discard"), by the
        arrows, from where the cursor was said to be."""
        for _ in range(30):
            where = self._where()
            if where == target:
                return
            self.press(self._step(where, target))
        raise AssertionError(f"the cursor did not reach {target}; it was last said at {self.cursor!r}")

    def _where(self) -> tuple[int, int] | str | None:
        cell = CELL.match(self.cursor)
        if cell:
            return int(cell.group(1)) - 1, int(cell.group(2)) - 1
        if self.cursor.startswith("Draw pile"):
            return "draw"
        return "discard" if self.cursor.startswith("Discard pile") else None

    @staticmethod
    def _step(where: tuple[int, int] | str | None, target: tuple[int, int] | str) -> int:
        if where is None:
            return pygame.K_UP  # (no cursor yet: any arrow puts it on the draw pile)
        if isinstance(target, str):  # a pile: up off the grid, then across
            if isinstance(where, tuple):
                return pygame.K_UP
            return pygame.K_RIGHT if target == "discard" else pygame.K_LEFT
        if isinstance(where, str):
            return pygame.K_DOWN
        if where[0] != target[0]:
            return pygame.K_RIGHT if target[0] > where[0] else pygame.K_LEFT
        return pygame.K_DOWN if target[1] > where[1] else pygame.K_UP

    def choose(self, target: tuple[int, int] | str) -> None:
        self.go_to(target)
        self.press(pygame.K_RETURN)
        self.moves += 1

    # ------------------------------------------------------------------ deciding
    def grid(self) -> Grid:
        return Grid.heard(self.ask(pygame.K_g))

    def act(self, asked: str) -> None:
        """One step of a turn, from the prompt's words."""
        if "flip" in asked:  # the opening: "flip two of your cards", "flip one more card"
            self.choose(self.grid().face_down()[0])
        elif asked.startswith("take the discard"):
            self._take_or_draw(asked)
        elif "goes to the discard; pick a face-down card" in asked:
            self.choose(self.grid().face_down()[0])
        elif asked.startswith("place the "):
            self._place(asked)
        else:
            raise AssertionError(f"a prompt the listener does not understand: {asked!r}")

    def _take_or_draw(self, asked: str) -> None:
        top = value(re.search(r"\(([^)]+)\)", asked).group(1))  # type: ignore[union-attr]
        self.choose("discard" if top is not None and top <= 3 else "draw")

    def _place(self, asked: str) -> None:
        card = value(re.match(r"place the (minus \d+|\d+)", asked).group(1))  # type: ignore[union-attr]
        assert card is not None, asked
        grid = self.grid()
        highest, down = grid.highest(), grid.face_down()
        if highest is not None and highest[1] > card:
            self.choose(highest[0])
        elif down and (card <= 4 or "put it back" in asked or "on one of your cards" in asked):
            self.choose(down[0])
        elif down:  # a high drawn card: thrown away, a face-down card revealed instead
            self.choose("discard")
        else:
            assert highest is not None
            self.choose(highest[0])

    # ------------------------------------------------------------------ the game
    def play(self, max_frames: int) -> bool:
        """Listen and act until the game-over screen's button is heard; True then."""
        waiting: str | None = None  # the last line that asks something of this listener
        quiet = 0
        for _ in range(max_frames):
            self.pilot.advance()
            self.new_lines()
            lines, self.inbox = self.inbox, []
            for line in lines:
                if line.startswith(GAME_OVER):
                    return True
                if line.startswith(PRESS_ON) or self.my_prompt(line) is not None:
                    waiting = line
            quiet = 0 if lines else quiet + 1
            if waiting is None and quiet > 300:  # five seconds of silence: ask whose turn it is
                self.press(pygame.K_w)
                self.reminded += 1
                quiet = 0
                continue
            if waiting is None:
                continue
            line, waiting = waiting, None
            if line.startswith(PRESS_ON):
                self.cursor = ""  # (a hand-off or a new round: the next player's cursor starts afresh)
                self.press(pygame.K_RETURN)
            else:
                self.act(self.my_prompt(line) or "")
        return False
