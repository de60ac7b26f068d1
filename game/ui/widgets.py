"""Buttons and panels placed in logical 1920x1080 coordinates and drawn through a Viewport.

A `ButtonGroup` gives every screen the same mouse and keyboard handling: hover and click,
arrows/Tab move the focus (Shift+Tab backwards), Enter or Space presses the focused button;
and, with Read aloud, it says the focused button (its label holds the setting's value) whenever
the focus or that label changes: every screen speaks its focused item through this one place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.ink import note_button, note_text
from game.ui.layout import Box, Viewport
from game.ui.surface_cache import MB, SurfaceCache, table_pictures
from game.ui.text import TextCache

LOGICAL_W, LOGICAL_H = 1920, 1080

INK = (245, 245, 240)
DIM = (150, 160, 170)
ACCENT = (255, 206, 84)
BUTTON = (44, 62, 80)
BUTTON_HOVER = (62, 92, 120)
BUTTON_OFF = (60, 60, 66)
BUTTON_PRESSED = (30, 44, 58)
BUTTON_EDGE = (16, 24, 32)  # the darker lip under a button that is not pressed
FOCUS_GAP = (6, 10, 14)  # the dark gap between a focused button and its ring: the ring reads on any colour
FELT = (22, 92, 64)
PANEL = (12, 24, 32)  # opaque: nothing of the table (no card number) shows through a panel
BUTTON_PAD = 12  # logical px kept clear on each side of a button's label

# One type scale, in logical px at 100 % text size: every screen picks its sizes from these.
SMALL_SIZE = 24  # hints, key help, captions under a figure
CAPTION_SIZE = 28  # a secondary line
BODY_SIZE = 32  # sentences and table rows
BUTTON_SIZE = 32  # every button's label (made smaller only when a label would not fit its box)
HEADING_SIZE = 40  # a line under a title
TITLE_SIZE = 64  # a page's or an overlay's title
DISPLAY_SIZE = 100  # one big line: the winner, the player to pass the screen to


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
    point = (round(viewport.offset_x + x * viewport.scale), round(viewport.offset_y + y * viewport.scale))
    setattr(rect, anchor, point)
    surface.blit(image, rect)
    note_text(message, image, rect)
    return rect


# Panels by (size, colour, radius), bounded by their pixels: 4 MB, or a whole window's pixels on
# a larger screen (the overlays' panels of one frame fit: 3.8 MB at 1920x1080). A panel sized to its text takes
# new sizes with play; 257 of them were kept before, megabytes of earlier games (issue #30).
_PANELS = table_pictures(SurfaceCache(4 * MB, per_screen=1.0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, color=PANEL, radius: int = 12) -> None:
    """A translucent rounded panel (drawn once per size onto an alpha surface, then cached)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    key = (rect.size, tuple(color), radius)
    panel = _PANELS.get(key)
    if panel is None:
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, color, panel.get_rect(), border_radius=radius)
        _PANELS.put(key, panel)
    surface.blit(panel, rect)


@dataclass
class Button:
    box: Box
    label: str
    action: Callable[[], None]
    enabled: bool = True
    size: float = BUTTON_SIZE
    name: str = ""  # a stable id for the self-test and tests
    lead: float = 0.0  # logical px kept free at its left (a player's avatar goes there), the label beside
    spoken: str = ""  # what Read aloud says for it, where the label alone says too little (a text field's caption)

    def __post_init__(self) -> None:
        self.name = self.name or self.label.lower()


class ButtonGroup:
    """Buttons of one screen; owns the hover and keyboard focus."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self.buttons: list[Button] = []
        self.hover: int | None = None
        self.focus: int | None = None
        self.pressed: int | None = None  # the button the mouse went down on, while it is held
        self.viewport = screen_viewport(LOGICAL_W, LOGICAL_H)
        self.scale = 1.0  # the player's text size setting: labels grow up to what their box holds
        # Read aloud (scenes/base.py sets it): say(words, interrupt) for the focused button
        self.announce: Callable[[str, bool], None] | None = None
        self._announced: tuple[int, str] | None = None  # the focus and label last said

    def add(self, box: Box, label: str, action: Callable[[], None], enabled: bool = True, size: int = BUTTON_SIZE,
            name: str = "") -> Button:
        button = Button(box, label, action, enabled, size, name)
        self.buttons.append(button)
        return button

    def clear(self) -> None:
        self.buttons.clear()
        self.hover = self.focus = self.pressed = None

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
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.hover = self.at(event.pos)  # drawn pushed in until the button is let go
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            started, self.pressed = self.pressed, None
            index = self.at(event.pos)
            if index is not None and started in (None, index):  # let go off the button pressed: nothing
                self.focus = index  # the focus ring follows the click (a text field clicked takes the typing)
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
            self._draw_button(surface, index, button)
        if self.announce is not None:
            self._announce_focus(self.announce)

    def _announce_focus(self, announce: Callable[[str, bool], None]) -> None:
        """Say the focused button when the focus moved or its label changed (a setting stepped):
        checked where it is drawn, so a screen that rebuilds its buttons says nothing twice. The
        screen's first focus waits behind what is being said; a move after it interrupts."""
        focus = self.focus
        if focus is None or not 0 <= focus < len(self.buttons):
            return
        button = self.buttons[focus]
        said = (focus, button.spoken or button.label)
        if said != self._announced:
            first, self._announced = self._announced is None, said
            announce(said[1], not first)

    def state(self, index: int) -> str:
        """How button `index` looks now: "disabled", "pressed", "hover" or "normal"."""
        button = self.buttons[index]
        if not button.enabled:
            return "disabled"
        if index == self.pressed and index == self.hover:  # (dragged off while held: it pops back up)
            return "pressed"
        return "hover" if index == self.hover else "normal"

    def _draw_button(self, surface: pygame.Surface, index: int, button: Button) -> None:
        """A raised button: a darker lip below its face; pressed, the face sinks onto the lip;
        hovered, the face is lighter and edged. The focused one gets a ring with a gap."""
        rect = self.viewport.rect(button.box)
        radius = max(4, rect.h // 5)
        state = self.state(index)
        lip = max(2, round(5 * self.viewport.scale)) if state in ("normal", "hover") else 0
        if index == self.focus:
            self._focus_ring(surface, rect, radius)
        face = rect.copy()
        if state == "pressed":  # sunk onto its lip: the face lies lower, within the button's box
            sink = max(2, round(5 * self.viewport.scale)) // 2
            face.y += sink
            face.h -= sink
        else:
            face.h -= lip
            if lip:
                pygame.draw.rect(surface, BUTTON_EDGE, rect, border_radius=radius)
        colour = {"disabled": BUTTON_OFF, "pressed": BUTTON_PRESSED, "hover": BUTTON_HOVER}.get(state, BUTTON)
        pygame.draw.rect(surface, colour, face, border_radius=radius)
        if state == "hover":
            pygame.draw.rect(surface, DIM, face, width=max(1, round(2 * self.viewport.scale)), border_radius=radius)
        elif state == "normal":  # a thin light line along the top: light falls from above
            shine = pygame.Rect(face.x + radius, face.y + 1, max(0, face.w - 2 * radius), 1)
            pygame.draw.rect(surface, BUTTON_HOVER, shine)
        ink = INK if button.enabled else DIM
        image = self.text.render(button.label, self.label_px(button, button.label), ink, True)
        place = image.get_rect(center=(face.centerx + round(button.lead * self.viewport.scale / 2), face.centery))
        surface.blit(image, place)
        note_button(rect, button.label)
        note_text(button.label, image, place, rect)

    def _focus_ring(self, surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
        """A bright ring around the button with a dark gap between: a shape, not just a colour,
        that shows where Enter acts on any background."""
        gap = max(3, round(6 * self.viewport.scale))
        width = max(2, round(4 * self.viewport.scale))
        pygame.draw.rect(surface, FOCUS_GAP, rect.inflate(2 * gap, 2 * gap), border_radius=radius + gap)
        pygame.draw.rect(surface, ACCENT, rect.inflate(2 * (gap + width), 2 * (gap + width)), width=width,
                         border_radius=radius + gap + width)

    def label_px(self, button: Button, label: str) -> int:
        """The label's font size: the button's size times the UI scale, made smaller only when
        the label would not fit inside the button (a long translation at a large scale)."""
        rect = self.viewport.rect(button.box)
        size = min(font_px(self.viewport, button.size * self.scale), max(8, rect.h - 4))
        room = rect.w - 2 * font_px(self.viewport, BUTTON_PAD) - round(button.lead * self.viewport.scale)
        return self.text.fit_px(label, size, room, bold=True) if room > 0 else size
