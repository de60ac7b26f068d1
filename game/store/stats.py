"""Statistics per player name (human seats): games played and won, by edition and by
opponent level, rounds, best and average round score, columns removed, times doubled.

Recording is idempotent: each game (known by its seed, edition and size) remembers the
rounds already counted, so a resumed game or a repeated call never counts twice.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.match import AVATARS, BOT_LEVELS, COLOURS, HUMAN, MatchConfig, clean_name, is_showable_name
from game.rules import EDITIONS, brief
from game.sentences import Sentence

from .documents import check_format, parse_json
from .files import FileProblem
from .notices import NAME_CLEANED, NAME_LEFT_OUT, said

if TYPE_CHECKING:
    from game.rules import GameState

STATS_FORMAT = 1
KEEP_RECORDS = 50  # games remembered for de-duplication
# Far above any real figure (a game a minute for a lifetime is ~10^7), far below what breaks
# a screen: a count with hundreds of digits in a hand-edited file is refused, not drawn.
MAX_FIGURE = 10**9
CUSTOM_LEVEL = "custom"  # opponents that were protocol bots, in statistics written by earlier versions
OPPONENT_KINDS = (*BOT_LEVELS, HUMAN, CUSTOM_LEVEL)


@dataclass
class Tally:
    games: int = 0
    wins: int = 0


@dataclass
class PlayerStats:
    games: int = 0
    wins: int = 0
    by_edition: dict[str, Tally] = field(default_factory=dict)
    by_level: dict[str, Tally] = field(default_factory=dict)  # opponent level: "easy"... "human", "custom"
    rounds: int = 0
    round_total: int = 0
    best_round: int | None = None  # the lowest round score, the best in Skyjo
    columns_removed: int = 0
    doubled: int = 0
    # the colour and avatar they last played with (game.match's names; "": none kept yet, the
    # statistics page then shows their name's own, game.match.person_identity)
    colour: str = ""
    avatar: str = ""

    @property
    def average_round(self) -> float | None:
        return self.round_total / self.rounds if self.rounds else None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


@dataclass
class Stats:
    players: dict[str, PlayerStats] = field(default_factory=dict)
    recorded: dict[str, dict[str, Any]] = field(default_factory=dict)  # game key -> {"rounds", "done"}

    def player(self, name: str) -> PlayerStats:
        return self.players.setdefault(name, PlayerStats())


def game_key(state: GameState) -> str:
    return f"{state.edition.name}:{state.players}:{state.seed}"


def record_round(stats: Stats, match: MatchConfig, state: GameState) -> bool:
    """Count the round just scored (state in round_over or game_over); False if already counted."""
    if not state.round_scores or state.to_act is not None:
        return False
    record = stats.recorded.setdefault(game_key(state), {"rounds": 0, "done": False})
    if record["rounds"] >= state.round:
        return False
    scores = state.round_scores[-1]
    for seat in state.participants:
        score = scores[seat]
        if not match.seats[seat].is_human or score is None:
            continue
        entry = stats.player(match.seats[seat].name)
        look = match.identity(seat)
        entry.colour, entry.avatar = look.colour, look.avatar
        entry.rounds += 1
        entry.round_total += score
        entry.best_round = score if entry.best_round is None else min(entry.best_round, score)
        entry.columns_removed += sum(1 for removed in state.removed if removed[0] == seat)
        if seat == state.trigger and _was_doubled(state, seat):
            entry.doubled += 1
    record["rounds"] = state.round
    _trim(stats)
    return True


def _was_doubled(state: GameState, trigger: int) -> bool:
    """After scoring the cards stay on the table until the next deal, so the raw scores are known."""
    from game.rules import should_double  # (the engine's state: imported with the first game, issue 47)

    raw = {seat: sum(c for c in state.cards[seat] if c is not None) for seat in state.participants}
    return should_double(raw[trigger], [raw[s] for s in state.participants if s != trigger])


def record_game(stats: Stats, match: MatchConfig, state: GameState) -> bool:
    """Count a finished game (and its last round if not yet counted); False if already counted."""
    if not state.is_terminal or state.winners is None:
        return False
    record_round(stats, match, state)
    record = stats.recorded.setdefault(game_key(state), {"rounds": state.round, "done": False})
    if record["done"]:
        return False
    for seat, config in enumerate(match.seats):
        if not config.is_human:
            continue
        won = seat in state.winners
        entry = stats.player(config.name)
        entry.games += 1
        entry.wins += won
        _count(entry.by_edition, state.edition.name, won)
        for level in _opponent_levels(match, seat):
            _count(entry.by_level, level, won)
    record["done"] = True
    return True


def _count(table: dict[str, Tally], key: str, won: bool) -> None:
    tally = table.setdefault(key, Tally())
    tally.games += 1
    tally.wins += won


def _opponent_levels(match: MatchConfig, seat: int) -> set[str]:
    levels = set()
    for other, config in enumerate(match.seats):
        if other == seat:
            continue
        if config.is_human or config.is_remote:  # a person, here or on another computer
            levels.add(HUMAN)
        else:
            levels.add(config.level if config.level in BOT_LEVELS else CUSTOM_LEVEL)
    return levels


def _trim(stats: Stats) -> None:
    while len(stats.recorded) > KEEP_RECORDS:
        del stats.recorded[next(iter(stats.recorded))]  # dicts keep insertion order: oldest first


def encode_stats(stats: Stats) -> bytes:
    data = {
        "format": STATS_FORMAT,
        "players": {name: asdict(entry) for name, entry in stats.players.items()},
        "recorded": stats.recorded,
    }
    return json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8")


def decode_stats_checked(raw: bytes) -> tuple[Stats, list[Sentence]]:
    """Statistics from a file's bytes, and plain notes on what was cleaned on the way.

    Raises FileProblem when a figure is invalid or absurd (the file is then moved aside).
    A player's name the screens cannot draw is cleaned (or, if nothing drawable is left or
    it would merge with another player, that player is left out), and the note says so."""
    data = parse_json(raw)
    check_format(data, STATS_FORMAT, "statistics file")
    players, recorded = data.get("players"), data.get("recorded", {})
    if not isinstance(players, dict) or not isinstance(recorded, dict):
        raise FileProblem(N_("its players or records are not objects"))
    notes: list[Sentence] = []
    try:
        stats = Stats()
        for name, entry in players.items():
            shown = name if is_showable_name(name) else clean_name(name)
            if shown != name:
                if not shown or shown in players or shown in stats.players:
                    notes.append(said(NAME_LEFT_OUT, name=brief(name)))
                    continue
                notes.append(said(NAME_CLEANED, name=brief(name), shown=repr(shown)))
            stats.players[shown] = _player(entry)
        for key, record in recorded.items():
            stats.recorded[str(key)] = {"rounds": _count_value(record["rounds"]), "done": bool(record["done"])}
    except (KeyError, TypeError, ValueError) as error:
        raise FileProblem(f"a figure in it is invalid ({error})") from None
    return stats, notes


def _player(entry: Any) -> PlayerStats:
    if not isinstance(entry, dict):
        raise ValueError("a player's entry is not an object")
    best = entry.get("best_round")
    if best is not None:
        _int(best)
    return PlayerStats(
        games=_count_value(entry.get("games", 0)),
        wins=_count_value(entry.get("wins", 0)),
        by_edition=_tallies(entry.get("by_edition", {}), tuple(EDITIONS)),
        by_level=_tallies(entry.get("by_level", {}), OPPONENT_KINDS),
        rounds=_count_value(entry.get("rounds", 0)),
        round_total=_int(entry.get("round_total", 0)),
        best_round=best,
        columns_removed=_count_value(entry.get("columns_removed", 0)),
        doubled=_count_value(entry.get("doubled", 0)),
        # an unknown look (a newer version's) is as none kept: the file still loads
        colour=_look(entry.get("colour"), COLOURS),
        avatar=_look(entry.get("avatar"), AVATARS),
    )


def _look(value: Any, known: tuple[str, ...]) -> str:
    return value if isinstance(value, str) and value in known else ""


def _tallies(value: Any, keys: tuple[str, ...]) -> dict[str, Tally]:
    """Games and wins per edition or per opponent level; only the known ones (the screen
    names each, so a key is never text from the file)."""
    if not isinstance(value, dict):
        raise ValueError("a table of games is not an object")
    out = {}
    for key, tally in value.items():
        if key not in keys:
            raise ValueError(f"unknown entry {brief(key)} in a table of games")
        if not isinstance(tally, dict):
            raise ValueError("a tally is not an object")
        out[key] = Tally(_count_value(tally.get("games", 0)), _count_value(tally.get("wins", 0)))
    return out


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{brief(value)} is not a whole number")
    if not -MAX_FIGURE <= value <= MAX_FIGURE:
        raise ValueError(f"a figure beyond {MAX_FIGURE:,} is beyond any real game")
    return value


def _count_value(value: Any) -> int:
    number = _int(value)
    if number < 0:
        raise ValueError(f"{value!r} is negative")
    return number
