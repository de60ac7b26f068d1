"""Reviews of finished games, kept beside the statistics so a review is not judged twice.

    shelf = ReviewShelf(data_dir)
    key = review_key(record, seat, seed, samples, method)   # changes whenever the record does
    shelf.get(key)            # the stored review (plain data), or None
    shelf.put(key, review)    # atomic, like every document; False if it could not be written

`reviews.json` holds {"format": 1, "reviews": [{"key": ..., "review": {...}}, ...]}, oldest
first, at most MAX_REVIEWS entries and REVIEWS_CAP bytes (the oldest go first). It is a
cache: a damaged or foreign file is read as empty and replaced at the next write, which
loses nothing that cannot be judged again from the game. The store knows nothing of the
computer players: a review is plain JSON data, and the method's version is part of the key.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .documents import parse_json
from .files import FileProblem, atomic_write, read_bytes

REVIEWS_FILE = "reviews.json"
FORMAT = 1
MAX_REVIEWS = 20  # the player's last games; a review of a 4-round game is about 100 kB of JSON
REVIEWS_CAP = 4 << 20  # bytes: a larger file is not read, and a write drops the oldest reviews to fit


def review_key(record: Any, seat: int, seed: int, samples: int, method: int) -> str:
    """A digest of everything a review depends on: a changed record (or seat, seed, work,
    method) gives another key, so a stale review is never found."""
    canonical = json.dumps({"record": record, "seat": seat, "seed": seed, "samples": samples, "method": method},
                           sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ReviewShelf:
    def __init__(self, data_dir: str | Path) -> None:
        self.path = Path(data_dir) / REVIEWS_FILE

    def _entries(self) -> list[dict[str, Any]]:
        try:
            raw = read_bytes(self.path, REVIEWS_CAP)
            document = parse_json(raw) if raw is not None else None
        except FileProblem:
            return []  # a cache: a bad file is judged again, never a crash
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            return []
        entries = document.get("reviews")
        if not isinstance(entries, list):
            return []
        return [entry for entry in entries[-MAX_REVIEWS:] if isinstance(entry, dict)
                and isinstance(entry.get("key"), str) and isinstance(entry.get("review"), dict)]

    def get(self, key: str) -> dict[str, Any] | None:
        for entry in self._entries():
            if entry["key"] == key:
                return entry["review"]
        return None

    def put(self, key: str, review: dict[str, Any]) -> bool:
        """Keep `review` under `key`, newest last; False (the disk refused) never raises."""
        entries = [entry for entry in self._entries() if entry["key"] != key]
        entries.append({"key": key, "review": review})
        entries = entries[-MAX_REVIEWS:]
        data = _encoded(entries)
        while len(data) > REVIEWS_CAP and len(entries) > 1:
            entries.pop(0)
            data = _encoded(entries)
        if len(data) > REVIEWS_CAP:
            return False  # one review larger than the whole shelf: not kept
        try:
            atomic_write(self.path, data, keep_backup=False)  # a cache: nothing to fall back on
        except OSError:
            return False
        return True


def _encoded(entries: list[dict[str, Any]]) -> bytes:
    return json.dumps({"format": FORMAT, "reviews": entries}, separators=(",", ":")).encode("utf-8")
