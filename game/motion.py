"""The animation-speed setting: its choices, how fast each plays, and its words.

A leaf shared by the layers (no pygame): the store validates the setting against these
names, the table animates by the factor, the Settings and Pause screens show the words.
"""

from __future__ import annotations

from game.i18n import N_

#: name -> time factor (1.0 normal; 0.0 jumps to the end of every animation)
SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.5, "instant": 0.0}
DEFAULT_SPEED = "normal"
#: each choice in words, marked for translation (translate with _ when drawn)
SPEED_WORDS: dict[str, str] = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"), "instant": N_("instant")}


def speed_factor(name: str) -> float:
    """The time factor of a speed setting (an unknown name plays at normal speed)."""
    return SPEEDS.get(name, SPEEDS[DEFAULT_SPEED])


def next_speed(name: str) -> str:
    """The choice after `name`, round the list (a button that steps through them)."""
    names = tuple(SPEEDS)
    index = names.index(name) if name in names else names.index(DEFAULT_SPEED)
    return names[(index + 1) % len(names)]
