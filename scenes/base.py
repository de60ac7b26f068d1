"""What every screen of the app shares: the app, a button group and a logical viewport."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.match import Identity
from game.ui.avatars import draw_avatar
from game.ui.felt import felt
from game.ui.ink import inside, note_text
from game.ui.layout import Box
from game.ui.scene import Scene
from game.ui.surface_cache import table_pictures
from game.ui.text import Color, TextCache
from game.ui.widgets import ACCENT, BUTTON_SIZE, LOGICAL_H, LOGICAL_W, Button, ButtonGroup, blit_text, screen_viewport
from scenes.context import AppContext

BACKDROP = (14, 44, 34)
TEXT_MARGIN = 20  # logical px kept clear at the screen's left and right edges
VEIL = (4, 12, 10, 240)  # the dark veil an overlay lays over the table: what lies beneath is a shape, not legible


class AppScene(Scene):
    name = "scene"
    scales_text = True  # False: a dense table whose columns would collide; only its buttons' labels grow
    escape_closes = False  # True: a page Esc leaves, as its Back button does

    def __init__(self, app: AppContext) -> None:
        super().__init__()
        self.app = app
        self.buttons = ButtonGroup(app.text)
        self.buttons.announce = app.voice.say  # Read aloud: the focused item and its value (game/ui/widgets.py)
        self.viewport = screen_viewport(LOGICAL_W, LOGICAL_H)

    def fit(self, surface: pygame.Surface) -> None:
        self.viewport = screen_viewport(*surface.get_size())
        self.buttons.viewport = self.viewport
        self.buttons.scale = self.app.ui_scale

    def begin_page(self, surface: pygame.Surface, title: str, size: float, y: float) -> None:
        """A full-screen page: fit the window, paint the backdrop, centre the title."""
        self.fit(surface)
        paint_backdrop(surface)
        self.text(surface, title, size, 960, y, color=ACCENT, bold=True)

    def avatar(self, surface: pygame.Surface, identity: Identity, x: float, y: float, size: float) -> pygame.Rect:
        """A player's avatar centred at logical (x, y), `size` logical px across."""
        rect = self.viewport.rect(Box(x - size / 2, y - size / 2, size, size))
        return draw_avatar(surface, identity, rect.center, rect.w)

    def avatar_before(self, surface: pygame.Surface, identity: Identity, words: pygame.Rect) -> pygame.Rect:
        """A player's avatar just left of their name drawn at `words` (screen px), as tall as a
        line and a half of it."""
        px = max(8, round(words.h * 1.5))
        return draw_avatar(surface, identity, (words.left - px * 0.35 - px / 2, words.centery), px)

    def text(self, surface: pygame.Surface, words: str, size: float, x: float, y: float,
             max_width: float | None = None, **style: Any) -> pygame.Rect:
        """Text at logical (x, y), enlarged by the UI scale but never wider than `max_width`
        logical px (default: the screen less its margins)."""
        if self.scales_text:
            size *= self.app.ui_scale
        return blit_text(surface, self.app.text, self.viewport, words, size, x, y,
                         max_width=max_width or LOGICAL_W - 2 * TEXT_MARGIN, **style)

    def lines(self, surface: pygame.Surface, words: str, size: float, y: float, width: float = 1500,
              **style: Any) -> None:
        """A long sentence (a problem, how to get a server) centred in lines at most `width` logical
        px wide from `y` on, at its size rather than one line squeezed smaller."""
        size *= self.app.ui_scale if self.scales_text else 1
        for number, line in enumerate(self.app.text.wrap(words, round(size), width)):
            blit_text(surface, self.app.text, self.viewport, line, size, 960, y + number * size * 1.3,
                      max_width=LOGICAL_W - 2 * TEXT_MARGIN, **style)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.escape_closes and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return self.buttons.handle_event(event)

    def button(self, x: float, y: float, w: float, h: float, label: str, action: Callable[[], None], name: str = "",
               size: int = BUTTON_SIZE, enabled: bool = True) -> Button:
        return self.buttons.add(Box(x, y, w, h), label, action, enabled, size, name)

    def press(self, name: str) -> bool:
        """Press a button by name through the same path as a click (tests, self-test)."""
        button = self.buttons.named(name)
        if button is None or not button.enabled:
            return False
        button.action()
        return True


def paint_backdrop(surface: pygame.Surface, colour: tuple[int, int, int] = BACKDROP) -> None:
    """A full-screen page's cloth: the table's felt in the pages' darker green (cached per size)."""
    surface.blit(felt(surface.get_size(), colour), (0, 0))


WAKE_EVENT = pygame.USEREVENT + 7  # posted from another thread: "something arrived", the event itself says nothing


def wake_the_app() -> None:
    """Wake the app's frame loop from another thread (a network message arrived): any event
    makes the next frame update and draw. Never raises: it runs on a network thread."""
    try:
        pygame.event.post(pygame.event.Event(WAKE_EVENT))
    except Exception:  # noqa: BLE001 - a full queue or a closed display: the idle tick comes soon anyway
        pass


_VEILS: dict[tuple[int, int], pygame.Surface] = table_pictures({})


def veil(size: tuple[int, int]) -> pygame.Surface:
    """The dark veil over the table beneath an overlay (cached per window size: allocating it
    each frame is slow)."""
    if size not in _VEILS:
        _VEILS.clear()
        surface = pygame.Surface(size, pygame.SRCALPHA)
        surface.fill(VEIL)
        _VEILS[size] = surface
    return _VEILS[size]


def draw_paragraphs(surface: pygame.Surface, text: TextCache, blocks: Sequence[Sequence[str]], px: int,
                    room: pygame.Rect, colours: Sequence[Color], gaps: Sequence[int]) -> None:
    """Wrapped paragraphs (`blocks` of lines) left-aligned down `room` from its top: block k in
    `colours[k]`, followed by `gaps[k]` px of space; each line noted for the overlap checks."""
    line, y = text.font(px).get_linesize(), room.top
    with inside(room):
        for lines, colour, gap in zip(blocks, colours, gaps, strict=True):
            for words in lines:
                image = text.render(words, px, colour)
                place = image.get_rect(topleft=(room.left, y))
                surface.blit(image, place)
                note_text(words, image, place)
                y += line
            y += gap
