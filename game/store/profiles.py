"""Each person's profile for the adaptive level, beside the statistics: the strength the computer
plays them at and how many games it has played them (game/adapt.py says how it moves).

    {"format": 2, "players": {"<name>": {"strength": 0.775, "games": 12}, ...}}

The strength is the knob's number a person and the docs see (game/adapt.py `knob_number`: 0 the
child, 1 the strongest); format 1 kept the knob's inner number (-1 to 1), so reading it halves
its distance from -1 (`profiles_1_to_2`): an old profile loads to the very strength it had.

A profile belongs to the statistics: it is read only for a name the statistics know, so
resetting (or deleting) the statistics resets it, and `store.stats.reset()` empties the file too.
Small and bounded (MAX_PLAYERS names, the least recently played first to go); a damaged file is
moved aside with a notice like every other document, and the profiles start again from the
statistics and the reviews.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.adapt import (
    DEFAULT_STRENGTH,
    MAX_GAMES,
    after_game,
    inner_strength,
    knob_number,
    start_strength,
    table_strength,
)
from game.i18n import N_
from game.match import ADAPTIVE, MatchConfig, is_showable_name
from game.rules import brief

from .documents import PROFILES_FILE, check_format, load_document, parse_json
from .files import FileProblem
from .folder import DataFolder
from .migrations import Steps, upgrade
from .notices import PROFILES_KIND
from .stats import Stats

if TYPE_CHECKING:
    from game.rules import GameState

PROFILES_FORMAT = 2
PROFILES_DECIMALS = 5  # the knob's number to 5 decimals: format 1's 4 decimals of the inner number, exactly


def profiles_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 1 kept the knob's inner number (-1 the child to 1); format 2 keeps the number a person
    sees (0 to 1). Anything but a number is left for the reader to refuse, as in a format-2 file."""
    players = doc.get("players")
    if not isinstance(players, dict) or len(players) > MAX_PLAYERS:
        return doc
    for entry in players.values():
        strength = entry.get("strength") if isinstance(entry, dict) else None
        if isinstance(strength, (int, float)) and not isinstance(strength, bool) and math.isfinite(strength):
            entry["strength"] = round(knob_number(strength), PROFILES_DECIMALS)
    return {**doc, "format": 2}


PROFILES_STEPS: Steps = {1: profiles_1_to_2}  # format N -> N + 1 (see migrations.py)
MAX_PLAYERS = 64


@dataclass(frozen=True)
class Profile:
    strength: float
    games: int = 0


def decode_profiles(raw: bytes) -> dict[str, Profile]:
    """The profiles, or FileProblem naming the first thing the app could not have written."""
    doc = parse_json(raw)
    number = check_format(doc, PROFILES_FORMAT, "profiles file")
    doc = upgrade(doc, number, PROFILES_FORMAT, PROFILES_STEPS)
    players = doc.get("players")
    if not isinstance(players, dict) or len(players) > MAX_PLAYERS:
        raise FileProblem(f"its players are not an object of at most {MAX_PLAYERS} names")
    return {_name(name): _profile(entry) for name, entry in players.items()}


def _name(name: str) -> str:
    if not is_showable_name(name):
        raise FileProblem(f"a profile's name cannot be shown ({brief(name)})")
    return name


def _profile(entry: Any) -> Profile:
    if not isinstance(entry, dict) or set(entry) != {"strength", "games"}:
        raise FileProblem(N_("a profile is not a strength and a number of games"))
    strength, games = entry["strength"], entry["games"]
    if not isinstance(strength, (int, float)) or isinstance(strength, bool) or not (
            math.isfinite(strength) and 0 <= strength <= 1):
        raise FileProblem(f"a profile's strength is not a number from 0 to 1 ({brief(strength)})")
    if not isinstance(games, int) or isinstance(games, bool) or not 0 <= games <= MAX_GAMES:
        raise FileProblem(f"a profile's count of games is not a whole number from 0 to {MAX_GAMES}")
    return Profile(inner_strength(strength), games)


def encode_profiles(profiles: dict[str, Profile]) -> bytes:
    kept = dict(list(profiles.items())[-MAX_PLAYERS:])
    players = {name: {"strength": round(knob_number(round(p.strength, 4)), PROFILES_DECIMALS), "games": p.games}
               for name, p in kept.items()}
    return json.dumps({"format": PROFILES_FORMAT, "players": players}, indent=1, ensure_ascii=False).encode("utf-8")


class Profiles:
    """The adaptive level's profiles (profiles.json), a part the statistics own (statistics.py):
    read, start, move after a game, reset. It writes through the data folder's atomic write and
    reads the statistics as they are on disk (a profile counts only for a name they know)."""

    def __init__(self, folder: DataFolder, stats: Callable[[], Stats]) -> None:
        self.path = folder.path / PROFILES_FILE
        self._folder = folder
        self._stats = stats

    def _read(self) -> dict[str, Profile]:
        loaded = load_document(self.path, decode_profiles, PROFILES_KIND)
        for told in loaded.notices:
            self._folder.notices.add(told)
        return loaded.value or {}

    def strengths(self, names: Sequence[str], trends: Mapping[str, Sequence[Any]] | None = None) -> dict[str, float]:
        """Each person's strength, every file read once (the statistics page asks for all its
        players, and passes the review trends it has read already)."""
        profiles, stats = self._read(), self._stats()
        if trends is None:
            trends = self._trends(list(names))
        return {name: self._strength(name, profiles, stats, trends.get(name, [])) for name in names}

    def table_strength(self, names: Sequence[str], away: int = 0) -> float:
        """The strength the adaptive level starts a game at against these people (game/adapt.py)
        and `away` more at a hosted table, playing from other computers: they start at the
        default, since their profile is kept on their own computer and a name alone does not say
        who joined (a joiner called Ann is not this computer's Ann)."""
        return table_strength([*self.strengths(names).values(), *[DEFAULT_STRENGTH] * away])

    def _trends(self, names: list[str]) -> dict[str, Any]:
        from .reviews import ReviewShelf  # (its wire shapes import the engine: not before a review is read, issue 47)

        return dict(ReviewShelf(self._folder.path).trends(names))

    @staticmethod
    def _strength(name: str, profiles: dict[str, Profile], stats: Stats, trend: Sequence[Any]) -> float:
        """A person's strength: their profile if the statistics know them, else a start from
        their reviews and results (a new name: the default)."""
        entry = stats.players.get(name)
        if name in profiles and entry is not None:
            return profiles[name].strength
        reviewed = [point.per_decision for point in trend]
        return start_strength(reviewed, entry.games if entry else 0, entry.wins if entry else 0)

    def record(self, match: MatchConfig, state: GameState) -> None:
        """After a finished game (counted once, by the statistics), each person at a table with
        an adaptive computer moves their profile: up if they beat it, down if it beat them."""
        computers = [seat for seat, config in enumerate(match.seats)
                     if not (config.is_human or config.is_remote) and config.level == ADAPTIVE]
        if not computers:
            return
        profiles, stats = self._read(), self._stats()
        people = [config.name for config in match.seats if config.is_human]
        trends = self._trends(people)
        best = min(state.totals[seat] for seat in computers)
        for seat, config in enumerate(match.seats):
            if config.is_human:
                profile = profiles.pop(config.name, None) or Profile(
                    self._strength(config.name, {}, stats, trends.get(config.name, [])))
                won = state.totals[seat] < best or (state.totals[seat] == best and seat in (state.winners or ()))
                games = min(MAX_GAMES, profile.games + 1)
                per_round = state.totals[seat] / max(1, state.round)
                profiles[config.name] = Profile(after_game(profile.strength, profile.games, won, per_round), games)
        self._folder.write(self.path, encode_profiles(profiles))

    def reset(self) -> None:
        self._folder.write(self.path, encode_profiles({}))
