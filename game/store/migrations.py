"""Step-by-step upgrades of older save files to the current format.

Format history of save.json:
  1  (Skyjo before 0.1) the seats, edition and options at the top level, seats as
     {"name", "computer": bool, "level"}; the settings inline under "settings"; no app version.
  2  (current) {"format", "app", "app_version", "saved_at", "match": MatchConfig, "state": engine state};
     settings live in their own file.
Each step takes a document of format N and returns one of format N + 1; it never touches
the engine state, which carries its own format number and is validated by the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .files import FileProblem

SAVE_FORMAT = 2
LEGACY_SETTINGS = "legacy_settings"  # settings found inline in a format-1 save


def save_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    seats = doc.get("seats")
    if not isinstance(seats, list):
        raise FileProblem("its list of seats is missing")
    new_seats = []
    for seat in seats:
        if not isinstance(seat, dict):
            raise FileProblem("a seat is not an object")
        computer = seat.get("computer")
        if not isinstance(computer, bool):
            raise FileProblem("a seat does not say whether it is a computer")
        new_seats.append(
            {"name": seat.get("name"), "kind": "computer" if computer else "human", "level": seat.get("level") or "normal"}
        )
    out: dict[str, Any] = {
        "format": 2,
        "app": "Skyjo",
        "app_version": None,  # format 1 did not record it
        "saved_at": doc.get("saved"),
        "match": {
            "edition": doc.get("edition", "voyage"),
            "seats": new_seats,
            "end_score": doc.get("end_score", 100),
            "final_tie": doc.get("final_tie"),
            "seed": None,
        },
        "state": doc.get("state"),
    }
    if isinstance(doc.get("settings"), dict):
        out[LEGACY_SETTINGS] = doc["settings"]
    return out


SAVE_STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: save_1_to_2}


def upgrade(doc: dict[str, Any], number: int, current: int, steps: dict[int, Callable[[dict], dict]]) -> dict:
    """Apply the steps from format `number` up to `current`, one at a time."""
    while number < current:
        step = steps.get(number)
        if step is None:
            raise FileProblem(f"format {number} is too old to read")
        doc = step(doc)
        number += 1
    return doc
