"""The player's settings: a small dataclass kept in settings.json.

A value that is missing takes its default silently; a value of the wrong type or out of
range takes its default too, and `decode_settings` says which (the menu shows it), so one
hand-edited field never throws away the rest. `SettingsFile` is the part of the Store that keeps them.
"""

from __future__ import annotations

import copy
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from game.match import GUIDED_MAX, MatchConfig, is_showable_name
from game.motion import SPEEDS

from .documents import check_format, load_document, parse_json
from .files import backup_path
from .folder import DataFolder
from .notices import SETTINGS_KIND, SETTINGS_NOT_SAVED, SETTINGS_RESET, notice
from .paths import SETTINGS_FILE

SETTINGS_FORMAT = 1
ANIMATION_SPEEDS = tuple(SPEEDS)  # the setting's choices: game/motion.py
MIN_WINDOW, MAX_WINDOW = 320, 16384
LANGUAGE_MAX = 35  # a BCP 47 tag such as "fr" or "pt-BR"
UI_SCALES = (100, 125, 150)  # per cent: menu and prompt text and buttons (the table layout stays)


@dataclass
class Settings:
    window_size: tuple[int, int] | None = None  # None: the app's default size
    fullscreen: bool = False
    animation_speed: str = "normal"
    sound: bool = True
    volume: float = 0.8
    language: str | None = None  # None: follow the system
    last_setup: dict[str, Any] | None = field(default=None)  # a MatchConfig.to_dict(), validated
    guide_done: bool = False  # the first-game guide has been shown (game/ui/guide.py)
    # accessibility (new fields go last: older code builds Settings positionally)
    reduced_motion: bool = False  # short fades instead of flights and flips
    high_contrast: bool = False  # the "high_contrast" card theme
    ui_scale: int = 100  # one of UI_SCALES
    # hot-seat: the "Pass to ..." screen between two people's turns (off: the table just turns)
    pass_screen: bool = True
    # the players (by seat name, the latest last) who have had the first-game guide; it replaces
    # guide_done, which a file of an older version migrates from (see settings_from_mapping)
    guided_players: list[str] = field(default_factory=list)
    # the one-time question "add Skyjo to the applications menu?" was asked (scenes/menu_offer.py)
    menu_entry_offered: bool = False

    def last_match(self) -> MatchConfig | None:
        """The last used setup, or None when there is none (it was validated on load)."""
        if self.last_setup is None:
            return None
        try:
            return MatchConfig.from_dict(self.last_setup)
        except ValueError:
            return None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = None if self.window_size is None else list(self.window_size)
        return {"format": SETTINGS_FORMAT, **data}


def encode_settings(settings: Settings) -> bytes:
    return json.dumps(settings.to_dict(), indent=1, ensure_ascii=False).encode("utf-8")


def decode_settings(raw: bytes) -> tuple[Settings, list[str]]:
    """Settings from a file's bytes and the names of the fields reset to their default.

    Raises FileProblem when the file as a whole is unusable (not JSON, newer format...).
    """
    data = parse_json(raw)
    check_format(data, SETTINGS_FORMAT, "settings file")
    return settings_from_mapping(data)


def settings_from_mapping(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    settings, bad = Settings(), []
    for name, check in _CHECKS.items():
        if name not in data:
            continue
        try:
            setattr(settings, name, check(data[name]))
        except (TypeError, ValueError):
            bad.append(name)
    if "guided_players" not in data and settings.guide_done:
        # a file from before the guide was per player: its one guided game was the last set up,
        # so that game's people have had the guide
        last = settings.last_match()
        settings.guided_players = [] if last is None else [last.seats[seat].name for seat in last.human_seats]
    return settings, bad


def settings_from_legacy(data: dict[str, Any]) -> Settings:
    """Settings that a format-1 save kept inline: {"window": [w, h], "fullscreen",
    "fast_animations", "sound"}; anything unusable keeps its default."""
    mapped: dict[str, Any] = {}
    if "window" in data:
        mapped["window_size"] = data["window"]
    if "fullscreen" in data:
        mapped["fullscreen"] = data["fullscreen"]
    if isinstance(data.get("fast_animations"), bool):
        mapped["animation_speed"] = "fast" if data["fast_animations"] else "normal"
    if "sound" in data:
        mapped["sound"] = data["sound"]
    return settings_from_mapping(mapped)[0]


def _window(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError("a window size is [width, height]")
    width, height = (_int(v, MIN_WINDOW, MAX_WINDOW) for v in value)
    return (width, height)


def _int(value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"not a whole number from {low} to {high}")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("not true or false")
    return value


def _speed(value: Any) -> str:
    if value not in ANIMATION_SPEEDS:
        raise ValueError("unknown animation speed")
    return value


def _volume(value: Any) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or not 0.0 <= value <= 1.0:
        raise ValueError("a volume is from 0 to 1")
    return float(value)


def _language(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not 1 <= len(value) <= LANGUAGE_MAX or not value.replace("-", "").replace("_", "").isalnum():
        raise ValueError("not a language tag")
    return value


def _ui_scale(value: Any) -> int:
    if isinstance(value, bool) or value not in UI_SCALES:
        raise ValueError(f"a UI scale is one of {UI_SCALES}")
    return int(value)


def _guided(value: Any) -> list[str]:
    if not isinstance(value, list) or len(value) > GUIDED_MAX or not all(is_showable_name(name) for name in value):
        raise ValueError(f"a list of at most {GUIDED_MAX} player names")
    return list(value)


def _setup(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    return MatchConfig.from_dict(value).to_dict()  # ValueError when the rules forbid it


_CHECKS = {
    "window_size": _window,
    "fullscreen": _bool,
    "animation_speed": _speed,
    "sound": _bool,
    "volume": _volume,
    "language": _language,
    "guide_done": _bool,
    "reduced_motion": _bool,
    "high_contrast": _bool,
    "menu_entry_offered": _bool,
    "ui_scale": _ui_scale,
    "last_setup": _setup,
    "pass_screen": _bool,
    "guided_players": _guided,
}


class SettingsFile:
    """The player's settings (settings.json), a part the Store owns: read once, defaults for
    anything absent or bad (the notices say which), written whole through the folder."""

    def __init__(self, folder: DataFolder) -> None:
        self.path = folder.path / SETTINGS_FILE
        self._folder = folder
        self._settings: Settings | None = None  # as last read or written

    def load(self) -> Settings:
        """The settings (a copy: the caller's changes are kept only by `save`)."""
        if self._settings is None:
            self._settings = self._read()
        return copy.deepcopy(self._settings)

    def _read(self) -> Settings:
        reset: list[str] = []

        def decode(raw: bytes) -> Settings:
            settings, bad = decode_settings(raw)
            reset[:] = bad
            return settings

        loaded = load_document(self.path, decode, SETTINGS_KIND)
        self._folder.note_loaded(self.path, loaded)
        if reset:
            self._folder.notices.add(notice(SETTINGS_RESET, path=str(self.path), names=", ".join(reset)))
        return loaded.value or Settings()

    def save(self, settings: Settings) -> bool:
        """Keep `settings`; False if they could not be written (a notice says why)."""
        self._settings = copy.deepcopy(settings)
        return self._folder.write(self.path, encode_settings(settings), SETTINGS_NOT_SAVED)

    def adopt_legacy(self, legacy: dict[str, Any]) -> None:
        """A format-1 save kept the settings inline; they move to settings.json once."""
        if self.path.exists() or backup_path(self.path).exists():
            return
        self.save(settings_from_legacy(legacy))

    def forget(self) -> None:
        """Read the file again next time (it was moved aside)."""
        self._settings = None
