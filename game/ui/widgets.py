"""Buttons and panels placed in logical 1920x1080 coordinates and drawn through a Viewport.

A `ButtonGroup` gives every screen the same mouse and keyboard handling: hover and click,
arrows/Tab move the focus (Shift+Tab backwards), Enter or Space presses the focused button.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.layout import Box, Viewport
from game.ui.text import TextCache

LOGICAL_W, LOGICAL_H = 1920, 1080

INK = (245, 245, 240)
DIM = (150, 160, 170)
ACCENT = (255, 206, 84)
BUTTON = (44, 62, 80)
BUTTON_HOVER = (62, 92, 120)
BUTTON_OFF = (60, 60, 66)
FELT = (22, 92, 64)
PANEL = (12, 24, 32, 215)
BUTTON_PAD = 12  # logical px kept clear on each side of a button's label


def screen_viewport(width: int, height: int) -> Viewport:
    """Uniform scale of the logical 1920x1080 screen into the window, centred."""
    scale = min(width / LOGICAL_W, height / LOGICAL_H)
    return Viewport(scale, (width - LOGICAL_W * scale) / 2, (height - LOGICAL_H * scale) / 2)


def font_px(viewport: Viewport, logical_size: float) -> int:
    return max(8, round(logical_size * viewport.scale))


def blit_text(surface: pygame.Surface, text: TextCache, viewport: Viewport, message: str, size: float,
              x: float, y: float, color=INK, bold: bool = False, anchor: str = "center",
              max_width: float | None = None) -> pygame.Rect:
    """Text at logical (x, y); `anchor` is a pygame.Rect attribute (center, midleft, topleft...).
    With `max_width` (logical px) the text is made smaller until it fits that width."""
    px = font_px(viewport, size)
    if max_width is not None:
        px = text.fit_px(message, px, max_width * viewport.scale, bold=bold)
    image = text.render(message, px, color, bold)
    rect = image.get_rect()
    setattr(rect, anchor, (round(viewport.offset_x + x * viewport.scale), round(viewport.offset_y + y * viewport.scale)))
    surface.blit(image, rect)
    return rect


_PANELS: dict[tuple, pygame.Surface] = {}


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, color=PANEL, radius: int = 12) -> None:
    """A translucent rounded panel (drawn once per size onto an alpha surface, then cached)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    key = (rect.size, tuple(color), radius)
    panel = _PANELS.get(key)
    if panel is None:
        if len(_PANELS) > 256:
            _PANELS.clear()
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, color, panel.get_rect(), border_radius=radius)
        _PANELS[key] = panel
    surface.blit(panel, rect)


@dataclass
class Button:
    box: Box
    label: str
    action: Callable[[], None]
    enabled: bool = True
    size: int = 40
    name: str = ""  # a stable id for the self-test and tests

    def __post_init__(self) -> None:
        self.name = self.name or self.label.lower()


class ButtonGroup:
    """Buttons of one screen; owns the hover and keyboard focus."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self.buttons: list[Button] = []
        self.hover: int | None = None
        self.focus: int | None = None
        self.viewport = screen_viewport(LOGICAL_W, LOGICAL_H)
        self.scale = 1.0  # the player's text size setting: labels grow up to what their box holds

    def add(self, box: Box, label: str, action: Callable[[], None], enabled: bool = True, size: int = 40,
            name: str = "") -> Button:
        button = Button(box, label, action, enabled, size, name)
        self.buttons.append(button)
        return button

    def clear(self) -> None:
        self.buttons.clear()
        self.hover = self.focus = None

    def named(self, name: str) -> Button | None:
        return next((b for b in self.buttons if b.name == name), None)

    def screen_rect(self, button: Button) -> pygame.Rect:
        return self.viewport.rect(button.box)

    def at(self, pos: tuple[int, int]) -> int | None:
        x, y = self.viewport.to_logical(*pos)
        for index, button in enumerate(self.buttons):
            if button.enabled and button.box.contains(x, y):
                return index
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.at(event.pos)
            if index is not None:
                self.buttons[index].action()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, getattr(event, "mod", 0))
        return False

    def focus_first(self) -> None:
        """Put the focus on the first enabled button (a screen opening shows where Enter acts)."""
        self.focus = next((i for i, b in enumerate(self.buttons) if b.enabled), None)

    def _key(self, key: int, mod: int = 0) -> bool:
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not enabled:
            return False
        if key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP, pygame.K_LEFT):
            backwards = key in (pygame.K_UP, pygame.K_LEFT) or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
            step = -1 if backwards else 1
            if self.focus not in enabled:
                self.focus = enabled[0 if step > 0 else -1]
            else:
                self.focus = enabled[(enabled.index(self.focus) + step) % len(enabled)]
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus in enabled:
            self.buttons[self.focus].action()
            return True
        return False

    def draw(self, surface: pygame.Surface, viewport: Viewport) -> None:
        self.viewport = viewport
        for index, button in enumerate(self.buttons):
            rect = viewport.rect(button.box)
            colour = BUTTON_OFF if not button.enabled else BUTTON_HOVER if index == self.hover else BUTTON
            pygame.draw.rect(surface, colour, rect, border_radius=max(4, rect.h // 5))
            if index == self.focus:
                # focus ring: thick light outline plus a marker, so it is not told by colour alone
                pygame.draw.rect(surface, ACCENT, rect.inflate(8, 8), width=4, border_radius=max(4, rect.h // 5))
            ink = INK if button.enabled else DIM
            label = ("> " + button.label) if index == self.focus else button.label
            image = self.text.render(label, self.label_px(button, label), ink, True)
            surface.blit(image, image.get_rect(center=rect.center))

    def label_px(self, button: Button, label: str) -> int:
        """The label's font size: the button's size times the UI scale, made smaller only when
        the label would not fit inside the button (a long translation at a large scale)."""
        rect = self.viewport.rect(button.box)
        size = min(font_px(self.viewport, button.size * self.scale), max(8, rect.h - 4))
        room = rect.w - 2 * font_px(self.viewport, BUTTON_PAD)
        return self.text.fit_px(label, size, room, bold=True) if room > 0 else size
