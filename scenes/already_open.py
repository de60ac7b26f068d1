"""What a second start says when Skyjo is already open with its data folder: a short note in the
game's own look (the felt, the accent title, a button), in a small window of its own. SDL's own
message box there is a grey box in a monospace font with the folder's full path, which reads like
a crash to a family. Enter, Space, Esc, the OK button or closing the window ends it.

It is drawn before any app exists (the running one holds the folder), so it owns its small loop;
the words follow the system's language (the settings belong to the running game)."""

from __future__ import annotations

import pygame

from game.i18n import _, detect_language, set_language
from game.ui.felt import felt
from game.ui.text import TextCache
from game.ui.widgets import ACCENT, BUTTON, INK, draw_panel
from scenes.base import BACKDROP

NOTE_SIZE = (760, 340)  # px: a note, not a game window
TITLE_PX, BODY_PX, BUTTON_W, BUTTON_H, MARGIN = 48, 30, 180, 60, 36  # px: the game's sizes in a 1080p window
DISMISS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)


def note_words() -> tuple[str, str, str]:
    """(title, sentence, button) in the language of now: no path, no error's words."""
    return (_("Skyjo is already open"),
            _("Skyjo is already open in another window. Switch to it, or close it before starting Skyjo again."),
            _("OK"))


def paint_note(surface: pygame.Surface, text: TextCache) -> pygame.Rect:
    """The note on `surface`: the felt, the title, the sentence (smaller only if it must fit) and
    the OK button; the button's rect."""
    title, sentence, label = note_words()
    width, height = surface.get_size()
    surface.blit(felt((width, height), BACKDROP), (0, 0))
    heading = text.render(title, TITLE_PX, ACCENT, bold=True)
    surface.blit(heading, heading.get_rect(midtop=(width // 2, MARGIN - 10)))
    button = pygame.Rect(0, 0, BUTTON_W, BUTTON_H)
    button.midbottom = (width // 2, height - MARGIN + 10)
    room_top = MARGIN + heading.get_height()
    room = button.top - room_top - 16
    px, lines = text.fit_lines(sentence, BODY_PX, width - 2 * MARGIN, room)
    step = text.font(px).get_linesize()
    top = room_top + max(0, (room - step * len(lines)) // 2)  # the sentence in the middle of its room
    for number, line in enumerate(lines):
        image = text.render(line, px, INK)
        surface.blit(image, image.get_rect(midtop=(width // 2, top + number * step)))
    draw_panel(surface, button, BUTTON, radius=10)
    words = text.render(label, BODY_PX, INK, bold=True)
    surface.blit(words, words.get_rect(center=button.center))
    return button


def dismissed(event: pygame.event.Event, button: pygame.Rect) -> bool:
    """Whether `event` ends the note."""
    if event.type == pygame.QUIT:
        return True
    if event.type == pygame.KEYDOWN:
        return event.key in DISMISS_KEYS
    return event.type == pygame.MOUSEBUTTONUP and event.button == 1 and button.collidepoint(event.pos)


def show_already_open() -> bool:
    """The note in a window of its own until the player dismisses it; False when no window
    could be opened (the caller's line on stderr has said it)."""
    set_language(detect_language())
    try:
        pygame.display.init()
        pygame.font.init()
        surface = pygame.display.set_mode(NOTE_SIZE)
        pygame.display.set_caption(note_words()[0])
    except pygame.error:
        return False
    text = TextCache()
    try:
        while True:
            button = paint_note(surface, text)
            pygame.display.flip()
            if dismissed(pygame.event.wait(), button):
                return True
    finally:
        pygame.display.quit()
