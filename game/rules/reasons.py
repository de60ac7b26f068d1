"""A refusal's reason: the English sentence every caller reads (logs, bots, the wire), which
also keeps the template and values it was made from, so a screen can word it in the
player's language (game/ui/refusals.py). The engine imports nothing of the project, so its
templates are marked for extraction with a local `N_` (build/i18n.py's keywords include it).
"""

from __future__ import annotations

ReasonValue = str | int


def N_(text: str) -> str:  # gettext's name for "mark, do not translate here"
    """Mark `text` for the catalogue; it stays English here."""
    return text


class Reason(str):
    """The English reason (an ordinary str: equal to and printed as today's text) with its
    template and values. Made only when an action is refused, never on the hot path."""

    template: str
    values: dict[str, ReasonValue]

    def __new__(cls, template: str, **values: ReasonValue) -> Reason:
        self = super().__new__(cls, template.format(**values) if values else template)
        self.template = template
        self.values = values
        return self
