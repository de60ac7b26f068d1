"""A line of text the player types (an address, a join code, a name): the screen draws it as
a button that, clicked or focused with Enter, takes the keyboard until Enter, Tab or Esc."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass
class TextField:
    value: str = ""
    max_length: int = 64
    allowed: str | None = None  # the characters it takes (None: any printable one)
    upper: bool = False  # typed letters are made capitals (a join code)

    def label(self, editing: bool) -> str:
        return self.value + ("_" if editing else "")

    def take(self, event: pygame.event.Event) -> bool | None:
        """Typing into the field: True when it changed, False when the typing ended (Enter,
        Tab, Esc), None when the event is not for a field."""
        if event.type == pygame.TEXTINPUT:
            text = event.text.upper() if self.upper else event.text
            kept = "".join(ch for ch in text if ch.isprintable() and (self.allowed is None or ch in self.allowed))
            self.value = (self.value + kept)[: self.max_length]
            return True
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
            return False
        return None
