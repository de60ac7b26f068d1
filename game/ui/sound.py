"""Sound effects: a player that opens the mixer only when the first sound plays and stays
silent, without an error, where there is no audio device.

The settings object is read at every play, so muting or changing the volume takes effect
at once. Effects are the files build/make_sounds.py writes into assets/sounds/.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from game.resources import asset_path

log = logging.getLogger("skyjo.sound")

EFFECTS = ("draw", "flip", "place", "column", "reshuffle", "round_end", "win")
MIN_GAP = 0.06  # seconds: skipped animations must not fire a burst of the same effect

# engine event kind -> effect (game/rules/events.py)
EVENT_SOUNDS = {
    "card_drawn": "draw",
    "discard_taken": "draw",
    "card_flipped": "flip",
    "card_revealed": "flip",
    "final_reveal": "flip",
    "card_replaced": "place",
    "card_discarded": "place",
    "column_removed": "column",
    "pile_reshuffled": "reshuffle",
    "round_scored": "round_end",
    "game_over": "win",
}


class SoundPlayer:
    """`play(name)` plays one effect. `mixer` is pygame.mixer unless a test passes another."""

    def __init__(self, settings: Any, mixer: Any = None, folder: Any = None) -> None:
        self.settings = settings
        self._mixer = mixer
        self._folder = folder
        self.available: bool | None = None  # None: not tried yet
        self.problem = ""  # why there is no sound, for a log or a test
        self._sounds: dict[str, Any] = {}
        self._last: dict[str, float] = {}
        self.played: list[str] = []  # the effects really handed to the mixer (tests)

    def _settings(self) -> Any:
        """The settings object (a callable returning it follows an app that swaps its settings)."""
        return self.settings() if callable(self.settings) else self.settings

    @property
    def enabled(self) -> bool:
        return bool(getattr(self._settings(), "sound", True)) and self.volume > 0

    @property
    def volume(self) -> float:
        try:
            return max(0.0, min(1.0, float(getattr(self._settings(), "volume", 0.8))))
        except (TypeError, ValueError):
            return 0.8

    def _open(self) -> bool:
        """Initialise the mixer and load the effects once; any failure means silence."""
        if self.available is not None:
            return self.available
        try:
            mixer = self._mixer
            if mixer is None:
                import pygame

                mixer = self._mixer = pygame.mixer
            if not mixer.get_init():
                mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            folder = self._folder or asset_path("sounds")
            for name in EFFECTS:
                path = folder / f"{name}.wav"
                if path.exists():
                    self._sounds[name] = mixer.Sound(str(path))
            self.available = True
        except Exception as error:  # noqa: BLE001 - no audio device, no driver, a bad file: play silently
            self.problem = str(error) or type(error).__name__
            log.warning("no sound: %s", self.problem)
            self._sounds.clear()
            self.available = False
        return self.available

    def play(self, name: str) -> bool:
        """Play an effect now; False when muted, unavailable, unknown or just played."""
        if not self.enabled or not self._open():
            return False
        sound = self._sounds.get(name)
        if sound is None:
            return False
        now = time.monotonic()
        if now - self._last.get(name, -1.0) < MIN_GAP:
            return False
        self._last[name] = now
        try:
            sound.set_volume(self.volume)
            sound.play()
        except Exception as error:  # noqa: BLE001 - a device lost mid-game must not stop the game
            self.problem = str(error)
            log.warning("sound stopped: %s", self.problem)
            self.available = False
            return False
        self.played.append(name)
        del self.played[:-50]
        return True

    def play_event(self, kind: str) -> bool:
        """The effect for an engine event kind, if it has one."""
        effect = EVENT_SOUNDS.get(kind)
        return self.play(effect) if effect else False

    def close(self) -> None:
        if self.available and self._mixer is not None:
            try:
                self._mixer.quit()
            except Exception:  # noqa: BLE001 - closing is best effort
                pass
        self.available = None
        self._sounds.clear()
