"""The player's settings: a small dataclass kept in settings.json.

Each field's type declares what it may hold (its range, its choices), and a file is read
through those declarations, field by field: a value that is missing takes its default
silently; a value of the wrong type or out of range takes its default too, and
`decode_settings` says which (the menu shows it), so one hand-edited field never throws away
the rest. A new setting is one declaration. `SettingsFile` is the part of the Store that keeps them.
"""

from __future__ import annotations

import copy
import json
import typing
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from game.match import GUIDED_MAX, MatchConfig, is_showable_name
from game.motion import SPEEDS

from .documents import check_format, parse_json
from .files import backup_path
from .folder import DataFolder
from .notices import SETTINGS_KIND, SETTINGS_NOT_SAVED, SETTINGS_RESET, notice
from .paths import SETTINGS_FILE

SETTINGS_FORMAT = 1
ANIMATION_SPEEDS = tuple(SPEEDS)  # the setting's choices: game/motion.py
MIN_WINDOW, MAX_WINDOW = 320, 16384
LANGUAGE_MAX = 35
ONLINE_ADDRESS_MAX = 200  # characters of the online server's address (game/net/online.py's MAX_ADDRESS)
# The online server Play online connects to while the player has set none: the one place a release
# names its own (wss://...); empty in a build from source (Play online then says how to get one)
DEFAULT_ONLINE_SERVER = ""
# a BCP 47 tag such as "fr" or "pt-BR": letters, digits, "-" and "_", at least one letter or digit
Language = Annotated[str, Meta(pattern=rf"^(?=.*[^\W_])[\w-]{{1,{LANGUAGE_MAX}}}\Z")]
WindowSide = Annotated[int, Meta(ge=MIN_WINDOW, le=MAX_WINDOW)]
UiScale = Literal[100, 125, 150]  # per cent: menu and prompt text and buttons (the table layout stays)
UI_SCALES: tuple[UiScale, ...] = typing.get_args(UiScale)


@dataclass
class Settings:
    window_size: tuple[WindowSide, WindowSide] | None = None  # None: the app's default size
    fullscreen: bool = False
    animation_speed: str = "normal"  # one of ANIMATION_SPEEDS
    sound: bool = True
    volume: Annotated[float, Meta(ge=0.0, le=1.0)] = 0.8
    language: Language | None = None  # None: follow the system
    last_setup: dict[str, Any] | None = field(default=None)  # a MatchConfig.to_dict(), validated
    guide_done: bool = False  # the first-game guide has been shown (game/ui/guide.py)
    # accessibility (new fields go last: older code builds Settings positionally)
    reduced_motion: bool = False  # short fades instead of flights and flips
    high_contrast: bool = False  # the "high_contrast" card theme
    ui_scale: UiScale = 100
    # hot-seat: the "Pass to ..." screen between two people's turns (off: the table just turns)
    pass_screen: bool = True
    # the players (by seat name, the latest last) who have had the first-game guide; it replaces
    # guide_done, which a file of an older version migrates from (see settings_from_mapping)
    guided_players: Annotated[list[str], Meta(max_length=GUIDED_MAX)] = field(default_factory=list)
    # the one-time question "add Skyjo to the applications menu?" was asked (scenes/menu_offer.py)
    menu_entry_offered: bool = False
    # issue 48: a person about to end a round that would double their score is asked first (if
    # below Normal, or while "Explain as we play" is on: scenes/doubling_question.py)
    warn_doubling: bool = True
    # issue 49: the room server Play online connects to ("": the game's own, DEFAULT_ONLINE_SERVER)
    # and a private certificate authority's file (PEM) its certificate may be checked against besides
    # the system's (set in this file, or --cafile; read through the store's careful door)
    online_server: Annotated[str, Meta(max_length=ONLINE_ADDRESS_MAX)] = ""
    online_ca_file: Annotated[str, Meta(min_length=1, max_length=4096)] | None = None
    # issue 50: every change at the table spoken, and each focused item (game/ui/speech.py)
    read_aloud: bool = False

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
    """Settings from a file's fields, each read as its declaration says (and, for the few whose
    meaning no type says, `_MEANING`), and the names of those reset to their default."""
    settings, bad = Settings(), []
    for name, kind in _DECLARED.items():
        if name not in data:
            continue
        try:
            value = msgspec.convert(data[name], kind, strict=True)
            setattr(settings, name, _MEANING.get(name, _as_declared)(value))
        except (msgspec.ValidationError, TypeError, ValueError):
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


_DECLARED = typing.get_type_hints(Settings, include_extras=True)  # each field's declared type, in order


def _as_declared(value: Any) -> Any:
    return value


def _speed(value: str) -> str:
    if value not in ANIMATION_SPEEDS:
        raise ValueError("unknown animation speed")
    return value


def _guided(names: list[str]) -> list[str]:
    if not all(is_showable_name(name) for name in names):
        raise ValueError("a player's name the screens cannot show")
    return names


def _printable(value: str | None) -> str | None:
    if value is not None and not value.isprintable():
        raise ValueError("not one printable line")
    return value


def _setup(value: dict[str, Any] | None) -> dict[str, Any] | None:
    if value is None:
        return None
    return MatchConfig.from_dict(value).to_dict()  # ValueError when the rules forbid it


# what a field means beyond its declared type, checked once the type is
_MEANING: dict[str, Callable[[Any], Any]] = {
    "animation_speed": _speed,
    "guided_players": _guided,
    "last_setup": _setup,
    "online_server": _printable,
    "online_ca_file": _printable,
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
        settings, reset = self._folder.read_setting_right(self.path, decode_settings, SETTINGS_KIND)
        if reset:
            self._folder.notices.add(notice(SETTINGS_RESET, path=str(self.path), names=", ".join(reset)))
        return settings or Settings()

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
