"""A match: who sits where and which rules, shared by the setup screen, saves and bots.

Plain data with validated JSON forms; the running game itself is a `GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, TypeGuard

from game.i18n import N_
from game.rules import DEFAULT_END_SCORE, FINAL_TIE_CHOICES, GameState, Options, brief, edition_named

HUMAN = "human"
COMPUTER = "computer"
REMOTE = "remote"  # a person playing from another computer, over the network (game/net)
SEAT_KINDS = (HUMAN, COMPUTER, REMOTE)


@dataclass(frozen=True)
class Level:
    """A computer player by name: the word a screen shows for it (marked for translation, empty
    for the yardsticks no screen offers) and the bot class game.ai makes for it, named as
    game.ai.<module>.<bot> so that it is imported only when such a bot is made."""

    name: str
    word: str
    module: str
    bot: str


# The computer players a seat may be, and the bot spec that names a program instead: their home
# is here, not in game.ai (which makes the bots and imports them from here), so that saves and
# statistics (game.store) can check a seat without loading the computer players.
# A new level is one entry here (plus its French word in the catalogue).
COMPUTER_LEVELS = (
    Level("easy", N_("Easy"), "easy", "EasyBot"),
    Level("normal", N_("Normal"), "normal", "NormalBot"),
    Level("hard", N_("Hard"), "hard", "HardBot"),
    Level("expert", N_("Expert"), "expert", "ExpertBot"),
    # plays at the level of the people at the table, from their profile (game/adapt.py)
    Level("adaptive", N_("Your level"), "adaptive", "AdaptiveBot"),
)
ADAPTIVE = "adaptive"
BOT_LEVELS = tuple(level.name for level in COMPUTER_LEVELS)
LEVEL_WORDS = {level.name: level.word for level in COMPUTER_LEVELS}  # name -> word, for _() where shown
COMMAND_PREFIX = "cmd:"  # "cmd:<command line>": a program speaking the bot protocol, never read from a file
MAX_NAME = 16
GUIDED_MAX = 32  # players the first-game guide remembers having guided (the latest): a family's names, bounded


def is_showable_name(name: object) -> TypeGuard[str]:
    """A seat name the screens can draw: 1 to MAX_NAME printable characters, no edge spaces.

    Printable excludes control characters (NUL, newlines...), lone surrogates, format and
    unassigned code points: the font cannot draw them, and a name read from a file could
    otherwise stop every screen that shows it."""
    return isinstance(name, str) and 0 < len(name) <= MAX_NAME and name == name.strip() and name.isprintable()


def clean_name(text: str) -> str:
    """`text` with what the font cannot draw removed, trimmed to a seat name's length."""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:MAX_NAME].strip()


@dataclass(frozen=True)
class SeatConfig:
    name: str
    kind: str = HUMAN
    level: str = "normal"  # for a computer seat: one of BOT_LEVELS

    @property
    def is_human(self) -> bool:
        """A person at THIS screen (a remote player is not: nobody here plays that seat)."""
        return self.kind == HUMAN

    @property
    def is_remote(self) -> bool:
        return self.kind == REMOTE

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any) -> SeatConfig:
        """A seat from a file (a save, the remembered setup). Files are untrusted: only the
        built-in levels are accepted, never a program to run (`cmd:` bots are typed by the
        user on the command line of `skyjo simulate`), and only names the screens can draw."""
        if not isinstance(data, dict):
            raise ValueError("a seat must be an object with name, kind and level")
        name, kind, level = data.get("name"), data.get("kind"), data.get("level", "normal")
        name = name.strip() if isinstance(name, str) else name
        if not is_showable_name(name):
            raise ValueError(f"a seat's name must be 1 to {MAX_NAME} printable characters, not {brief(name)}")
        if kind not in SEAT_KINDS:
            raise ValueError(f"a seat's kind must be {', '.join(SEAT_KINDS)}, not {brief(kind)}")
        if isinstance(level, str) and level.startswith(COMMAND_PREFIX):
            raise ValueError(f"a computer seat names a program to run ({brief(level)}); "
                             f"only the built-in levels ({', '.join(BOT_LEVELS)}) are accepted from a file")
        if level not in BOT_LEVELS:
            raise ValueError(f"unknown computer level {brief(level)}")
        return cls(name, kind, level)


def _default_seats() -> tuple[SeatConfig, ...]:
    return (
        SeatConfig("You", HUMAN),
        SeatConfig("Robin", COMPUTER, ADAPTIVE),  # a new game's computers play at the person's level
        SeatConfig("Sasha", COMPUTER, ADAPTIVE),
    )


@dataclass(frozen=True)
class MatchConfig:
    edition: str = "voyage"
    seats: tuple[SeatConfig, ...] = field(default_factory=_default_seats)
    end_score: int = DEFAULT_END_SCORE
    final_tie: str | None = None  # None: the edition's default
    seed: int | None = None  # None: a fresh random seed per game

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def options(self) -> Options:
        return Options(self.end_score, self.final_tie)

    @property
    def human_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    def public(self) -> MatchConfig:
        """The match as another computer may know it: no seed (it would give away every card
        dealt), and a seat played by a program (`cmd:`) told as a computer seat of the default
        level, since its command line names this computer's files and no joiner accepts a
        program from the network (a joiner reads no seat's level)."""
        seats = tuple(replace(seat, level=SeatConfig.level) if seat.level.startswith(COMMAND_PREFIX) else seat
                      for seat in self.seats)
        return replace(self, seed=None, seats=seats)

    def validate(self) -> None:
        """Raise ValueError with a plain message if the rules forbid this match."""
        edition = edition_named(self.edition)
        edition.check_players(self.players)
        self.options.validate()
        if self.final_tie is not None and self.final_tie not in FINAL_TIE_CHOICES:
            raise ValueError(f"unknown final tie rule {self.final_tie!r}")

    def new_game(self, seed: int | None = None) -> GameState:
        self.validate()
        return GameState.new_game(self.edition, self.players, seed if seed is not None else self.seed, self.options)

    def with_seat(self, index: int, seat: SeatConfig) -> MatchConfig:
        seats = list(self.seats)
        seats[index] = seat
        return replace(self, seats=tuple(seats))

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "seats": [seat.to_dict() for seat in self.seats],
            "end_score": self.end_score,
            "final_tie": self.final_tie,
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: Any) -> MatchConfig:
        if not isinstance(data, dict):
            raise ValueError("a match must be an object")
        seats = data.get("seats")
        if not isinstance(seats, list):
            raise ValueError("a match needs a list of seats")
        config = cls(
            edition=data.get("edition", "voyage"),
            seats=tuple(SeatConfig.from_dict(seat) for seat in seats),
            end_score=data.get("end_score", DEFAULT_END_SCORE),
            final_tie=data.get("final_tie"),
            seed=data.get("seed"),
        )
        if config.seed is not None and (not isinstance(config.seed, int) or isinstance(config.seed, bool)):
            raise ValueError("a match's seed must be a whole number")
        config.validate()
        return config
