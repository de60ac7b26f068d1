"""Reviews of finished games, kept beside the statistics so a review is not judged twice, and
each player's points lost per decision over their last reviewed games (the statistics' trend).

    shelf = ReviewShelf(data_dir)
    key = review_key(record, seat, seed, samples, method)   # changes whenever the record does
    shelf.get(key)                       # the stored ReviewData, or None
    shelf.put(key, review, player="Ann", game=game_key(record, seat))   # atomic; False if not written
    shelf.trend("Ann")                   # [TrendPoint, ...], oldest first
    shelf.trends(["Ann", "Bob"])         # {name: [TrendPoint, ...]}: one read for many players

`reviews.json` holds {"format": 2, "reviews": [{"key", "review"}, ...], "trend": {name: [...]}},
oldest first, at most MAX_REVIEWS reviews and REVIEWS_CAP bytes (the oldest reviews go first;
the trend, a few bytes a game, stays). The reviews are a cache: a damaged or foreign file, or
one review that is not a review (game/wire/review.py decides), is read as nothing and
replaced at the next write, which loses nothing that cannot be judged again from the game.
The store knows nothing of the computer players: the review's shape is declared in game/wire.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

from game.wire.reading import WireError, read
from game.wire.review import MOST_DEPTH, ReviewData, read_review

from .files import FileProblem, atomic_write, read_bytes

REVIEWS_FILE = "reviews.json"
FORMAT = 2  # 1 kept no trend and plain dicts: read as empty (a cache)
MAX_REVIEWS = 20  # the player's last games; a review of a 4-round game is about 100 kB of JSON
REVIEWS_CAP = 4 << 20  # bytes: a larger file is not read, and a write drops the oldest reviews to fit
TREND_GAMES = 20  # the games a player's trend remembers
TREND_PLAYERS = 64  # names in the trend: the least recently reviewed go first
MAX_NAME = 64
_KEEPING = threading.Lock()  # one keep at a time: each reads the shelf, adds to it and writes it whole


class TrendPoint(Struct, frozen=True, forbid_unknown_fields=True):
    """One reviewed game of a player: which game (and seat), and its points lost per decision."""

    game: Annotated[str, Meta(max_length=80)]
    per_decision: Annotated[float, Meta(ge=0, le=1000)]
    decisions: Annotated[int, Meta(ge=0, le=100_000)]


class _Entry(Struct, forbid_unknown_fields=True):
    key: Annotated[str, Meta(max_length=80)]
    review: msgspec.Raw  # decoded on its own when asked for: one bad review spoils no other


_Name = Annotated[str, Meta(max_length=MAX_NAME)]
_Trend = Annotated[list[TrendPoint], Meta(max_length=TREND_GAMES)]


class _Shelf(Struct, forbid_unknown_fields=True):
    format: int
    reviews: list[_Entry] = []
    trend: dict[_Name, _Trend] = {}


def _digest(value: Any) -> str:
    canonical = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def review_key(record: Any, seat: int, seed: int, samples: int, method: int) -> str:
    """A digest of everything a review depends on: a changed record (or seat, seed, work,
    method) gives another key, so a stale review is never found."""
    return _digest({"record": record, "seat": seat, "seed": seed, "samples": samples, "method": method})


def game_key(record: Any, seat: int) -> str:
    """One game and seat, however it was reviewed: a trend counts a game once."""
    return _digest({"record": record, "seat": seat})


class ReviewShelf:
    def __init__(self, data_dir: str | Path) -> None:
        self.path = Path(data_dir) / REVIEWS_FILE

    def _shelf(self) -> _Shelf:
        try:
            raw = read_bytes(self.path, REVIEWS_CAP)
            shelf = _Shelf(FORMAT) if raw is None else read(raw.decode("utf-8"), _Shelf, most_depth=MOST_DEPTH + 3)
        except (FileProblem, UnicodeDecodeError, WireError):
            return _Shelf(FORMAT)  # a cache: a bad file is judged again, never a crash
        return shelf if shelf.format == FORMAT else _Shelf(FORMAT)

    def get(self, key: str) -> ReviewData | None:
        for entry in self._shelf().reviews:
            if entry.key == key:
                try:
                    return read_review(bytes(entry.review).decode("utf-8"))
                except WireError:
                    return None  # judged again
        return None

    def trend(self, player: str) -> list[TrendPoint]:
        """The player's reviewed games, oldest first: their points lost per decision."""
        return self.trends([player])[player]

    def trends(self, players: Iterable[str]) -> dict[str, list[TrendPoint]]:
        """Each of `players`' reviewed games, oldest first, from one read of the shelf (the
        statistics screen's rows: one read per visit, never one per row)."""
        trend = self._shelf().trend
        return {name: list(trend.get(name, [])) for name in players}

    def put(self, key: str, review: ReviewData, player: str | None = None, game: str | None = None) -> bool:
        """Keep `review` under `key`, newest last, and (with `player` and `game`) add it to the
        player's trend; False (the disk refused) never raises. Keeps may come from several
        threads (the review screen keeps off the frame loop): each waits for the one before."""
        with _KEEPING:
            return self._put(key, review, player, game)

    def _put(self, key: str, review: ReviewData, player: str | None, game: str | None) -> bool:
        shelf = self._shelf()
        entries = [entry for entry in shelf.reviews if entry.key != key]
        entries.append(_Entry(key, msgspec.Raw(msgspec.json.encode(review))))
        entries = entries[-MAX_REVIEWS:]
        trend = dict(shelf.trend)
        if player is not None and game is not None:
            name = player[:MAX_NAME]
            points = [point for point in trend.pop(name, []) if point.game != game]
            points.append(TrendPoint(game, review.per_decision, len(review.decisions)))
            trend[name] = points[-TREND_GAMES:]  # (re-inserted: the names last reviewed are last)
            while len(trend) > TREND_PLAYERS:
                trend.pop(next(iter(trend)))
        data = _encoded(entries, trend)
        while len(data) > REVIEWS_CAP and len(entries) > 1:
            entries.pop(0)
            data = _encoded(entries, trend)
        if len(data) > REVIEWS_CAP:
            return False  # one review larger than the whole shelf: not kept
        try:
            atomic_write(self.path, data, keep_backup=False)  # a cache: nothing to fall back on
        except OSError:
            return False
        return True


def _encoded(entries: list[_Entry], trend: dict[str, list[TrendPoint]]) -> bytes:
    return msgspec.json.encode(_Shelf(FORMAT, entries, trend))
