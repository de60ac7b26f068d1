"""A line of text the player types (an address, a join code, a name): the screen draws it as
a button, and while that button has the focus ring (Tab, arrows or a click put it there) the
field takes what is typed; Enter goes on to the next field."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from game.ui.widgets import ButtonGroup


@dataclass
class TextField:
    value: str = ""
    max_length: int = 64
    allowed: str | None = None  # the characters it takes (None: any printable one)
    upper: bool = False  # typed letters are made capitals (a join code)
    replaces: bool = False  # the value is a default the game gave ("Player 1"): typing replaces it whole

    def label(self, editing: bool) -> str:
        return self.value + ("_" if editing else "")

    def take(self, event: pygame.event.Event) -> bool | None:
        """Typing into the field: True when the event was for it (it may have changed), None
        when it is not (Enter, Tab, Esc, the arrows: the screen's keys)."""
        if event.type == pygame.TEXTINPUT:
            text = event.text.upper() if self.upper else event.text
            kept = "".join(ch for ch in text if ch.isprintable() and (self.allowed is None or ch in self.allowed))
            if kept:
                # a default is not the player's text: the first letter typed starts their own
                self.value = (("" if self.replaces else self.value) + kept)[: self.max_length]
                self.replaces = False
            return True
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_BACKSPACE:
            self.value = "" if self.replaces else self.value[:-1]  # (a default goes whole, like a selection)
            self.replaces = False
            return True
        if event.key == pygame.K_SPACE:
            return True  # a space is typed (it arrives as TEXTINPUT): it does not press the field's button
        return None


def field_in_focus(buttons: ButtonGroup, fields: Mapping[str, TextField]) -> str | None:
    """The field that takes the typing on a screen of fields: the one whose button has the focus ring."""
    focus = buttons.focus
    name = buttons.buttons[focus].name if focus is not None and focus < len(buttons.buttons) else None
    return name if name in fields else None
