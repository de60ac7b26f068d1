"""An engine refusal worded in the player's language where the banner shows it."""

from __future__ import annotations

from game.i18n import _
from game.rules.reasons import Reason


def word_refusal(reason: str) -> str:
    """`reason` (the engine's English, game/rules/reasons.py) in the current language; a
    reason the engine did not make (a network table's own) is translated if it is a msgid."""
    if isinstance(reason, Reason):
        try:
            return _(reason.template).format(**reason.values)
        except (KeyError, IndexError, ValueError):  # a catalogue whose fields differ: English rather than nothing
            return str(reason)
    return _(reason) if reason else reason
