"""The autosave document: plain JSON, versioned, validated through the engine on load.

    {"format": 3, "app": "Skyjo", "app_version": "0.1.0", "saved_at": "2026-12-02T14:50:00Z",
     "match": MatchConfig.to_dict(), "state": game.rules.state_to_dict(state)}

The engine state carries the seed, and every chance event is derived from it, so a resumed
game continues exactly as it would have. It also carries the game record, which the engine
replays on load: a position that does not follow from it is refused, and a current-format
save without its record is damaged (see migrations.py for the older formats that had none).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from game import APP_NAME, __version__
from game.i18n import N_
from game.match import MatchConfig
from game.rules import GameState, InvalidStateError, state_from_dict, state_to_dict
from game.rules.codec import NewerStateFormat

from .documents import SAVE_CAP, check_format, parse_json
from .files import FileProblem, NewerFormat, describe_size
from .migrations import LEGACY_SETTINGS, NO_RECORD_FORMAT, RECORD_REQUIRED_FROM, SAVE_FORMAT, SAVE_STEPS, upgrade


@dataclass
class SavedGame:
    match: MatchConfig
    state: GameState
    app_version: str | None
    saved_at: str | None
    legacy_settings: dict[str, Any] | None = None  # from a format-1 save, to move to settings.json


def encode_save(match: MatchConfig, state: GameState) -> bytes:
    document = {
        # a game resumed from an old save that had no record still has none (migrations.py)
        "format": SAVE_FORMAT if state.log is not None else NO_RECORD_FORMAT,
        "app": APP_NAME,
        "app_version": __version__,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "match": match.to_dict(),
        "state": state_to_dict(state),
    }
    # compact: the file is written after every action; the engine state is a few kB
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def decode_save(raw: bytes) -> SavedGame:
    """The game in a save file's bytes, or FileProblem naming what is wrong. Nothing is
    returned half-way: the match and the state are both fully validated first."""
    if len(raw) > SAVE_CAP:  # the store refuses it unread; this guards any other caller
        raise FileProblem(f"it is larger than {describe_size(SAVE_CAP)}")
    doc = parse_json(raw)
    number = check_format(doc, SAVE_FORMAT, "save")
    try:
        doc = upgrade(doc, number, SAVE_FORMAT, SAVE_STEPS)
        return _decode_current(doc, record_required=number >= RECORD_REQUIRED_FROM)
    except FileProblem:
        raise
    except Exception as error:  # noqa: BLE001 - a hand-edited file must never crash the app
        raise FileProblem(f"it holds something unexpected ({type(error).__name__})") from None


def _decode_current(doc: dict[str, Any], record_required: bool) -> SavedGame:
    """A current-format document; `record_required` is False only for one that began as an
    older format, from before the engine kept the game record."""
    if "match" not in doc or "state" not in doc:
        raise FileProblem(N_("it lacks the match or the game state"))
    try:
        match = MatchConfig.from_dict(doc["match"])
    except ValueError as error:
        raise FileProblem(f"its players or options are invalid: {error}") from None
    try:
        state = state_from_dict(doc["state"])
    except NewerStateFormat as error:
        raise NewerFormat(
            f"it was written by a newer version of Skyjo (game state format {error.number}; "
            f"this version reads up to {error.known})"
        ) from None
    except InvalidStateError as error:
        raise FileProblem(f"its game is impossible under the rules: {error}") from None
    if record_required and state.log is None:
        # without it nothing shows that the cards lie where the game put them
        raise FileProblem(N_("its game record is missing"))
    check_match_fits(match, state)
    if state.is_terminal:
        raise FileProblem(N_("its game is already over"))  # finished games are never saved
    version, saved_at = doc.get("app_version"), doc.get("saved_at")
    legacy = doc.get(LEGACY_SETTINGS)
    return SavedGame(
        match,
        state,
        version if isinstance(version, str) else None,
        saved_at if isinstance(saved_at, str) else None,
        legacy if isinstance(legacy, dict) else None,
    )


def check_match_fits(match: MatchConfig, state: GameState) -> None:
    """The seats and rules must be the game's own: a tampered save cannot mix two games."""
    if match.players != state.players:
        raise FileProblem(f"it lists {match.players} players for a game of {state.players}")
    if match.edition != state.edition.name:
        raise FileProblem(f"its setup says {match.edition} but the game is {state.edition.name}")
    edition = state.edition
    if match.end_score != state.options.end_score or match.options.final_tie_for(edition) != state.options.final_tie_for(
        edition
    ):
        raise FileProblem(N_("its options differ from the game's"))
