"""Play online (issue 49): rooms on a server anyone can run (docs/server.md), for a family in
several towns. The server's address (Settings -> Online server, else the game's own default, else
typed here), a room's code and the name to play under; **Create a room** opens the setup screen
for a room (its seats someone online, a computer, or you), **Join a room** takes the seat the code
opens. Either way the room's screen (scenes/room.py) shows the code to share and who has come, and
the table opens when the room starts, driven by the server as a table hosted at home is."""

from __future__ import annotations

from functools import partial

import pygame

from game.i18n import _
from game.match import MAX_NAME
from game.net.host import CODE_LETTERS
from game.net.online import DEFAULT_SERVER, MAX_ADDRESS, ROOM_CODE_LENGTH, grouped, room_code, server_url
from game.ui.widgets import ACCENT, BODY_SIZE, CAPTION_SIZE, DIM, TITLE_SIZE
from game.ui.wording import YOU, is_default_human_name
from scenes.base import AppScene
from scenes.context import AppContext
from scenes.fields import TextField, field_in_focus
from scenes.join import remembered_name
from scenes.names import ROOM, SETUP

FIELD_ORDER = ("server", "code", "name")
ERROR_COLOUR = (255, 150, 130)


def no_server_sentence() -> str:
    """Said where no server is set (a build from source): how to get one, in one sentence."""
    return _("No online server is set yet: someone in the family can run one (docs/server.md says how) "
             "and give you its address to type above.")


def chosen_server(app: AppContext) -> str:
    """The server Play online starts with: the player's setting, else the game's default."""
    return app.settings.online_server or DEFAULT_SERVER


class OnlineScene(AppScene):
    name = "online"
    escape_closes = True

    def __init__(self, app: AppContext, server: str = "", code: str = "", player: str = "",
                 auto: bool = False) -> None:
        super().__init__(app)
        name = player or remembered_name(app)
        self.fields = {
            "server": TextField(server or chosen_server(app), MAX_ADDRESS),
            "code": TextField(room_code(code), ROOM_CODE_LENGTH, CODE_LETTERS, upper=True),
            "name": TextField(name, MAX_NAME, replaces=is_default_human_name(name)),
        }
        self.error = ""
        self.auto = auto  # `skyjo join SERVER --room CODE`: join at once

    @property
    def editing(self) -> str | None:
        """The field that takes the typing: the one with the focus ring."""
        return field_in_focus(self.buttons, self.fields)

    def enter(self) -> None:
        self.build()
        self._focus("server" if not self.fields["server"].value else "code")
        if self.auto:
            self.join()

    def resume(self) -> None:
        self.build()  # back from the setup screen

    def build(self) -> None:
        focus = self.buttons.focus
        self.buttons.clear()
        for row, key in enumerate(FIELD_ORDER):
            self.button(700, 300 + row * 100, 860, 76, self.fields[key].value, partial(self._focus, key), key)
        self.button(560, 640, 380, 90, _("Create a room"), self.create, "create")
        self.button(980, 640, 380, 90, _("Join a room"), self.join, "join")
        self.button(770, 930, 380, 90, _("Back"), self.close, "back")
        self.buttons.focus = focus
        self._label_fields()

    def _focus(self, name: str) -> None:
        button = self.buttons.named(name)
        if button is not None:
            self.buttons.focus = self.buttons.buttons.index(button)
        self._label_fields()

    def _label_fields(self) -> None:
        """The field with the focus shows the typing cursor; the code shows in its two groups."""
        editing = self.editing
        for key, field in self.fields.items():
            button = self.buttons.named(key)
            if button is not None:
                shown = grouped(field.value) if key == "code" else field.value
                button.label = shown + ("_" if editing == key else "")

    # ------------------------------------------------------------------ the two ways in
    def _server(self) -> str | None:
        """The server's URL, remembered in the settings once used; None (and `error` says why) when
        the address is not one."""
        typed = self.fields["server"].value.strip()
        if not typed:
            self.error = no_server_sentence()
            return None
        try:
            url = server_url(typed)
        except ValueError:
            self.error = _("{address} is not a server's address like wss://skyjo.example.org").format(address=typed)
            return None
        if typed != chosen_server(self.app):
            self.app.settings.online_server = typed
            self.app.save_settings()
        return url

    def _name(self) -> str:
        return self.fields["name"].value.strip() or _(YOU)

    def create(self) -> None:
        """The setup screen, for a room on this server."""
        url = self._server()
        if url is None:
            self.build()
            return
        self.error = ""
        self.stack.push(SETUP, online=url, player=self._name())

    def join(self) -> None:
        """The room's screen, joining the room the code names."""
        url = self._server()
        code = self.fields["code"].value
        if url is not None and len(code) != ROOM_CODE_LENGTH:
            self.error = _("A room's code has 8 letters and digits, like K7QX 2MRT.")
        if url is None or len(code) != ROOM_CODE_LENGTH:
            self.build()
            self._focus("server" if url is None else "code")
            return
        self.error = ""
        self.stack.replace(ROOM, server=url, name=self._name(), code=code)

    # ------------------------------------------------------------------ input and drawing
    def handle_event(self, event: pygame.event.Event) -> bool:
        key = self.editing
        if key is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                following = FIELD_ORDER.index(key) + 1
                self._focus(FIELD_ORDER[following] if following < len(FIELD_ORDER) else "join")
                return True
            if key == "code" and event.type == pygame.KEYDOWN and event.key == pygame.K_v and \
                    event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.fields["code"].value = room_code(_clipboard())  # a code pasted as it was shared
                self.build()
                return True
            if self.fields[key].take(event):
                self.build()
                return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.begin_page(surface, _("Play online"), TITLE_SIZE, 80)
        self.text(surface, _("Play with family and friends anywhere, through a server on the internet."), BODY_SIZE,
                  960, 180, color=DIM)
        captions = {"server": _("Server"), "code": _("Room code"), "name": _("Your name")}
        for row, key in enumerate(FIELD_ORDER):
            self.text(surface, captions[key], CAPTION_SIZE, 680, 338 + row * 100, color=DIM, anchor="midright",
                      max_width=560)
        if self.error:
            self.lines(surface, self.error, CAPTION_SIZE, 790, color=ERROR_COLOUR)
        elif not self.fields["server"].value.strip():
            self.lines(surface, no_server_sentence(), CAPTION_SIZE, 790, color=ACCENT)
        else:
            self.lines(surface, _("Create a room and share its code, or type the code you were given."),
                       CAPTION_SIZE, 790, color=DIM)
        self._label_fields()  # (Tab or an arrow moved the focus since the last frame)
        self.buttons.draw(surface, self.viewport)


def _clipboard() -> str:
    """The clipboard's text ("" when there is none or no clipboard)."""
    try:
        return pygame.scrap.get_text() or ""
    except pygame.error:
        return ""
