"""What a scene may use of the application: a typed context, not the App class.

The composition root (skyjo/app.py) builds an object with these members and hands it to
every scene it makes; scenes name this Protocol, so they neither import the root nor guess
at attributes with getattr. A test double only needs these members.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # types only: importing the scenes must not open the store or the mixer
    import pygame

    from game.store import Settings, Store
    from game.ui.card_art import CardArt
    from game.ui.scene import SceneStack
    from game.ui.sound import SoundPlayer
    from game.ui.speech import Voice
    from game.ui.text import TextCache
    from scenes.notices import MenuNotice


class AppContext(Protocol):
    """The application as the scenes see it."""

    #: saves, settings and statistics on disk; None when nothing is written (the frame benchmark)
    store: Store | None
    #: the player's settings; change a field, then call save_settings() (and apply_settings())
    settings: Settings
    #: lines for the main menu's notice band (a file moved aside, a save that failed)
    notices: list[MenuNotice]
    #: fonts and wrapped lines, shared by every scene
    text: TextCache
    #: card faces in the current theme, shared by every scene
    art: CardArt
    #: plays the table's sounds (silent without an audio device)
    sound: SoundPlayer
    #: Read aloud's voice (game/ui/speech.py): say a line; silent while the setting is off or no voice is here
    voice: Voice
    #: the scenes, bottom to top; navigate by name: stack.push(SETUP) (the names: scenes/names.py)
    stack: SceneStack
    #: the menu's New game sets it, the next table takes it (and clears it): a first game explains itself
    guide_next: bool
    #: --cafile: a private certificate authority's file Play online checks a server against (None: the setting's)
    cafile: str | None

    @property
    def screen(self) -> pygame.Surface:
        """The window's surface (the table prepares its layout for it)."""
        ...

    @property
    def ui_scale(self) -> float:
        """Text and button size as a factor (1.0, 1.25, 1.5)."""
        ...

    @property
    def speed(self) -> float:
        """How fast animations play: 1.0 normal, 0.0 instant."""
        ...

    @property
    def reduced_motion(self) -> bool:
        """Short fades instead of flights and flips."""
        ...

    def quit(self) -> None:
        """Stop after this frame."""
        ...

    def save_settings(self) -> None:
        """Write the settings (a failure becomes a notice, never an exception)."""
        ...

    def apply_settings(self) -> None:
        """Take the language and the card theme from the settings."""
        ...

    def toggle_fullscreen(self) -> None:
        """Between the window and the full screen (F11)."""
        ...
