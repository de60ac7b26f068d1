"""Step-by-step upgrades of older save files to the current format.

Format history of save.json:
  1  (Skyjo before 0.1) the seats, edition and options at the top level, seats as
     {"name", "computer": bool, "level"}; the settings inline under "settings"; no app version.
     No game record.
  2  {"format", "app", "app_version", "saved_at", "match": MatchConfig, "state": engine state};
     settings live in their own file. The engine began keeping the game record during this
     format's life, so a format-2 state may or may not carry one.
  3  as 2, and the state must carry its game record: a position is only accepted
     when it follows from the record, so a format-3 save without one is damaged.
  4  (current) as 3, and each seat carries its identity: "colour" and "avatar" (game.match);
     an older save's seats get the defaults of their place and level.
Each step takes a document of format N and returns one of format N + 1; it never touches
the engine state, which carries its own format number and migrations (game/rules/codec.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.i18n import N_
from game.match import default_identity

from .files import FileProblem

SAVE_FORMAT = 4
RECORD_REQUIRED_FROM = 3  # the first save format whose game must carry its record
# A game without a record (resumed from a format-1 or 2 save that had none) cannot be
# written as format 3; it keeps being written as format 2, the newest format that allows it,
# and upgraded on each load. Format 3 has format 2's shape, so the same encoder serves both.
NO_RECORD_FORMAT = 2
LEGACY_SETTINGS = "legacy_settings"  # settings found inline in a format-1 save


def save_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    seats = doc.get("seats")
    if not isinstance(seats, list):
        raise FileProblem(N_("its list of seats is missing"))
    new_seats = []
    for seat in seats:
        if not isinstance(seat, dict):
            raise FileProblem(N_("a seat is not an object"))
        computer = seat.get("computer")
        if not isinstance(computer, bool):
            raise FileProblem(N_("a seat does not say whether it is a computer"))
        kind = "computer" if computer else "human"
        new_seats.append({"name": seat.get("name"), "kind": kind, "level": seat.get("level") or "normal"})
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


def save_2_to_3(doc: dict[str, Any]) -> dict[str, Any]:
    # Same shape; what changed is that format 3 requires the record. A document that began
    # below format 3 may lack it: decode_save knows the format it began with.
    return {**doc, "format": 3}


def save_3_to_4(doc: dict[str, Any]) -> dict[str, Any]:
    """Each seat gets the colour and avatar the table gave it before players had a choice:
    those of its place (a computer: its level's avatar). What is not a seat is left for the
    match's own checks to name."""
    match = doc.get("match")
    seats = match.get("seats") if isinstance(match, dict) else None
    if isinstance(match, dict) and isinstance(seats, list):
        filled = []
        for index, seat in enumerate(seats):
            if isinstance(seat, dict):
                look = default_identity(index, str(seat.get("kind")), str(seat.get("level")))
                seat = {"colour": look.colour, "avatar": look.avatar, **seat}
            filled.append(seat)
        doc = {**doc, "match": {**match, "seats": filled}}
    return {**doc, "format": 4}


Steps = dict[int, Callable[[dict[str, Any]], dict[str, Any]]]  # format N -> the step to format N + 1
SAVE_STEPS: Steps = {1: save_1_to_2, 2: save_2_to_3, 3: save_3_to_4}


def upgrade(doc: dict[str, Any], number: int, current: int, steps: Steps) -> dict[str, Any]:
    """Apply the steps from format `number` up to `current`, one at a time."""
    from game.rules.codec import run_steps  # (the engine's codec: imported when a file is read, issue 47)

    return run_steps(doc, number, current, steps, lambda old: FileProblem(f"format {old} is too old to read"))
