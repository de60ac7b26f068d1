"""A match: who sits where and which rules, shared by the setup screen, saves and bots.

Plain data with validated JSON forms; the running game itself is a `GameState`.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeGuard

from game.i18n import N_
from game.rules import DEFAULT_END_SCORE, FINAL_TIE_CHOICES, Options, brief, edition_named

if TYPE_CHECKING:
    from game.rules import GameState  # (the engine's state is imported when a game starts: issue 47)

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
    avatar: str = ""  # the face its seats wear (one of AVATARS; empty: one by its place in the list)


# The computer players a seat may be, and the bot spec that names a program instead: their home
# is here, not in game.ai (which makes the bots and imports them from here), so that saves and
# statistics (game.store) can check a seat without loading the computer players.
# A new level is one entry here (plus its French word in the catalogue).
COMPUTER_LEVELS = (
    Level("easy", N_("Easy"), "easy", "EasyBot", "cat"),
    Level("normal", N_("Normal"), "normal", "NormalBot", "bird"),
    Level("hard", N_("Hard"), "hard", "HardBot", "owl"),
    Level("expert", N_("Expert"), "expert", "ExpertBot", "moon"),
    # plays at the level of the people at the table, from their profile (game/adapt.py)
    Level("adaptive", N_("Your level"), "adaptive", "AdaptiveBot", "balloon"),
)
ADAPTIVE = "adaptive"
BOT_LEVELS = tuple(level.name for level in COMPUTER_LEVELS)
LEVEL_WORDS = {level.name: level.word for level in COMPUTER_LEVELS}  # name -> word, for _() where shown
COMMAND_PREFIX = "cmd:"  # "cmd:<command line>": a program speaking the bot protocol, never read from a file
MAX_NAME = 16
# a computer seat's name, as a person would call it (the setup screen's, the headless host's: a
# joiner saw "Adaptive 2" across the table, issue 48)
COMPUTER_NAMES = ("Robin", "Sasha", "Camille", "Alex", "Charlie", "Morgan", "Dominique", "Noa")
GUIDED_MAX = 32  # players the first-game guide remembers having guided (the latest): a family's names, bounded


# A player's identity: a colour and an avatar, by name (game/ui/avatars.py draws them). The colours
# are the score chart's eight, in its order, so seat N keeps the colour it always had there.
COLOURS = ("amber", "sky", "mint", "lemon", "lavender", "coral", "pink", "silver")
AVATARS = ("sun", "star", "cloud", "balloon", "bird", "cat", "owl", "moon")
COLOUR_WORDS = {"amber": N_("amber"), "sky": N_("sky blue"), "mint": N_("mint"), "lemon": N_("lemon"),
                "lavender": N_("lavender"), "coral": N_("coral"), "pink": N_("pink"), "silver": N_("silver")}


@dataclass(frozen=True)
class Identity:
    colour: str
    avatar: str


def level_avatar(level: str) -> str:
    """The avatar a computer of `level` wears: its Level's, else one by its place in the list (a
    level added without one still gets a face of its own)."""
    for index, known in enumerate(COMPUTER_LEVELS):
        if known.name == level:
            return known.avatar if known.avatar in AVATARS else AVATARS[-1 - index % len(AVATARS)]
    return AVATARS[-1]


def default_identity(index: int, kind: str, level: str) -> Identity:
    """A seat's identity when nobody chose one: the colour of its place at the table; a computer
    wears its level's avatar, a person the avatar of their place."""
    avatar = level_avatar(level) if kind == COMPUTER else AVATARS[index % len(AVATARS)]
    return Identity(COLOURS[index % len(COLOURS)], avatar)


def person_identity(name: str) -> Identity:
    """The identity of a person known only by name (statistics before they kept one): a colour
    and an avatar read off the name, the same on every run and every computer."""
    number = zlib.crc32(name.encode("utf-8"))
    return Identity(COLOURS[number % len(COLOURS)], AVATARS[(number // len(COLOURS)) % len(AVATARS)])


def known_identity(colour: object, avatar: object, default: Identity) -> Identity:
    """An identity read from a file (a statistic, a finished game): each part one of the known
    ones, else `default`'s (a file from a newer version with more faces still loads)."""
    return Identity(str(colour) if colour in COLOURS else default.colour,
                    str(avatar) if avatar in AVATARS else default.avatar)


def _checked_choice(value: object, choices: tuple[str, ...], what: str) -> str:
    """A colour or avatar read from a file or the network: one of `choices`, or "" (none chosen)."""
    if value is None or value == "":
        return ""
    if value not in choices:
        raise ValueError(f"unknown {what} {brief(value)}")
    return str(value)


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
    colour: str = ""  # one of COLOURS ("": the seat's default, MatchConfig.identity)
    avatar: str = ""  # one of AVATARS ("": the seat's default)

    @property
    def is_human(self) -> bool:
        """A person at THIS screen (a remote player is not: nobody here plays that seat)."""
        return self.kind == HUMAN

    @property
    def is_remote(self) -> bool:
        return self.kind == REMOTE

    def to_dict(self) -> dict[str, Any]:
        data = {"name": self.name, "kind": self.kind, "level": self.level}
        identity = {"colour": self.colour, "avatar": self.avatar}
        return {**data, **{key: value for key, value in identity.items() if value}}  # (none chosen: no key)

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
        colour = _checked_choice(data.get("colour"), COLOURS, "colour")
        avatar = _checked_choice(data.get("avatar"), AVATARS, "avatar")
        return cls(name, kind, level, colour, avatar)


def seats_from_words(words: Sequence[str], levels: Sequence[str] = BOT_LEVELS) -> tuple[SeatConfig, ...]:
    """The seats a command line or a room's creator lists: "remote" (a player on another computer)
    or a computer level of `levels`; ValueError in one line for anything else. Computers are named
    as the setup screen names them (a joiner read "Adaptive 2" across the table, issue 48)."""
    seats: list[SeatConfig] = []
    for number, word in enumerate(words, 1):
        if word == REMOTE:
            seats.append(SeatConfig(f"Player {number}", REMOTE))
        elif word in levels:
            computers = sum(seat.kind == COMPUTER for seat in seats)
            seats.append(SeatConfig(COMPUTER_NAMES[computers % len(COMPUTER_NAMES)], COMPUTER, word))
        elif word in BOT_LEVELS:
            raise ValueError(f"the computer levels offered are {', '.join(levels) or 'none'}, not {word}")
        else:
            raise ValueError(f"unknown seat {word[:40]!r}; each seat is remote or one of {', '.join(levels)}")
    return tuple(seats)

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
        return replace(self, seed=None, seats=seats).with_identities()  # (every screen shows the same faces)

    def identity(self, index: int) -> Identity:
        """Seat `index`'s colour and avatar: its own choice, else its default (default_identity);
        a computer whose level's avatar an earlier computer of that level already wears gets a
        face of its own (shared_level_avatar)."""
        seat = self.seats[index]
        default = default_identity(index, seat.kind, seat.level)
        avatar = seat.avatar or default.avatar
        if not seat.avatar and seat.kind == COMPUTER and any(
                earlier.kind == COMPUTER and earlier.level == seat.level for earlier in self.seats[:index]):
            avatar = self._shared_level_avatar(index)
        return Identity(seat.colour or default.colour, avatar)

    def _shared_level_avatar(self, index: int) -> str:
        """Two computers of one level would look alike: the second one on takes the first avatar no
        earlier seat wears, those of no level first (the same seats give the same faces)."""
        worn = {self.identity(earlier).avatar for earlier in range(index)}
        levels = {level_avatar(level.name) for level in COMPUTER_LEVELS}
        order = [a for a in AVATARS if a not in levels] + [a for a in AVATARS if a in levels]
        return next((avatar for avatar in order if avatar not in worn), level_avatar(self.seats[index].level))

    def identities(self) -> list[Identity]:
        return [self.identity(index) for index in range(self.players)]

    def with_identities(self) -> MatchConfig:
        """Every seat with its identity written out (a save, the wire: what the table showed)."""
        seats = tuple(replace(seat, colour=look.colour, avatar=look.avatar)
                      for seat, look in zip(self.seats, self.identities(), strict=True))
        return replace(self, seats=seats)

    def validate(self) -> None:
        """Raise ValueError with a plain message if the rules forbid this match."""
        edition = edition_named(self.edition)
        edition.check_players(self.players)
        self.options.validate()
        if self.final_tie is not None and self.final_tie not in FINAL_TIE_CHOICES:
            raise ValueError(f"unknown final tie rule {self.final_tie!r}")

    def new_game(self, seed: int | None = None) -> GameState:
        from game.rules import GameState

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
