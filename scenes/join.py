"""Joining a table hosted on another computer: the games announced on the local network
(found in the background), or an address typed by hand; the join code the host's screen
shows; the name to play under. Join connects, and once the host has given a seat the table
screen opens, driven by the host (game.net's RemoteTable)."""

from __future__ import annotations

import threading
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.match import MAX_NAME
from game.rules import EDITIONS
from game.ui.widgets import ACCENT, BODY_SIZE, CAPTION_SIZE, DIM, INK, TITLE_SIZE
from game.ui.wording import YOU, is_default_human_name, is_you_name
from scenes.base import AppScene
from scenes.context import AppContext
from scenes.fields import TextField, field_in_focus
from scenes.names import PLAY

if TYPE_CHECKING:
    from game.net import RemoteTable

CODE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
SEARCH_SECONDS = 3.0
FOUND_ROWS = 4
ERROR_COLOUR = (255, 150, 130)
FIELD_ORDER = ("address", "code", "name")
CAPTIONS = {"address": N_("Address"), "code": N_("Join code"), "name": N_("Your name")}  # drawn above each field
MAX_SEATS = max(edition.max_players for edition in EDITIONS.values())


def remembered_name(app: AppContext) -> str:
    """The name the player last played under here (the first person of the last setup), "" for none."""
    config = app.settings.last_match()
    humans = config.human_seats if config else []
    name = config.seats[humans[0]].name if config and humans else ""
    return name if name and name != _(YOU) and name != YOU else ""


class JoinScene(AppScene):
    name = "join"
    scales_text = False
    discover = True  # look for games announced on the local network (tests type an address instead)

    def __init__(self, app: AppContext, url: str = "", code: str = "", player: str = "", auto: bool = False) -> None:
        super().__init__(app)
        name = player or remembered_name(app)
        self.fields = {
            "address": TextField(url, 200),
            "code": TextField(code.upper(), 8, CODE_LETTERS, upper=True),
            "name": TextField(name, MAX_NAME, replaces=is_default_human_name(name)),
        }
        self.seat: int | None = None  # the seat asked for (None: the first open one)
        self.found: list[Any] = []
        self.searching = False
        self.status = ""
        self.error = ""
        self.remote: RemoteTable | None = None  # handed to the table screen once `ready`: a Table then
        self.auto = auto  # started as `skyjo join URL`: connect at once
        self.dirty = True

    @property
    def editing(self) -> str | None:
        """The field that takes the typing: the one with the focus ring."""
        return field_in_focus(self.buttons, self.fields)

    def enter(self) -> None:
        if self.discover:
            self.search()
        self.build()
        if self.auto:
            self.join()

    # ------------------------------------------------------------------ finding games
    def search(self) -> None:
        """Look for games announced on the local network, in the background."""
        if self.searching:
            return
        self.searching = True
        self.found = []

        def look() -> None:
            from game.net import browse

            try:
                found = browse(SEARCH_SECONDS)
            except OSError:
                found = []
            self.found, self.searching = list(found), False

        threading.Thread(target=look, name="skyjo-browse", daemon=True).start()

    def pick(self, game: Any) -> None:
        self.fields["address"].value = game.url
        self.build()
        self._focus("code")  # what the player types next: the code the host's screen shows

    # ------------------------------------------------------------------ buttons
    def build(self) -> None:
        self.dirty = True  # drawn at the next frame, even by an app sleeping between ticks
        focus = self.buttons.focus
        focused = self.buttons.buttons[focus].name if focus is not None and focus < len(self.buttons.buttons) else None
        self.buttons.clear()
        y = 230
        for game in self.found[:FOUND_ROWS]:
            label = self.found_label(game.name, game.open_seats)
            self.button(560, y, 800, 64, label, partial(self.pick, game), f"found:{game.url}")
            y += 76
        self.button(1380, 230, 440, 64, _("Search again"), self.search_again, "search", enabled=not self.searching)
        for row, key in enumerate(FIELD_ORDER):
            field = self.fields[key]
            width = 520 if key == "name" else 800  # (the seat to ask for stands beside the name)
            self.button(760, 560 + row * 90, width, 70, field.value, partial(self.edit, key), key)
        seat = _("Seat: first open") if self.seat is None else _("Seat {number}").format(number=self.seat + 1)
        # (as wide as the screen allows: "Place : la première libre" keeps the size of its neighbours)
        self.button(1300, 560 + 2 * 90, 580, 70, seat, self.next_seat, "seat")
        self.button(560, 930, 360, 90, _("Back"), self.close, "back")
        self.button(1000, 930, 360, 90, _("Join"), self.join, "join", enabled=self.remote is None)
        names = [button.name for button in self.buttons.buttons]
        if focused in names and not (focused == "search" and self.found):
            self.buttons.focus = names.index(focused)  # a change keeps the focus where the player is
        else:
            self.buttons.focus_first()  # the first game found, else the search
        self._label_fields()

    @staticmethod
    def found_label(name: str, open_seats: int) -> str:
        """A table found on the network, by its host's name; a host who kept "You" is not the
        reader: "a player's table" then ("You's table" would be read as one's own)."""
        if is_you_name(name):
            return _("A player's table ({open} open)").format(open=open_seats)
        return _("{name}'s table ({open} open)").format(name=name, open=open_seats)

    def next_seat(self) -> None:
        """The seat to ask the host for: the first open one, or seat 1, 2... (the host says
        in one line when that seat is not open)."""
        self.seat = 0 if self.seat is None else None if self.seat + 1 >= MAX_SEATS else self.seat + 1
        self.build()

    def search_again(self) -> None:
        self.search()
        self.build()

    def edit(self, key: str) -> None:
        """A field clicked (or Enter on it, see handle_event): the focus ring and the typing go there."""
        self._focus(key)

    def _focus(self, name: str) -> None:
        button = self.buttons.named(name)
        if button is not None:
            self.buttons.focus = self.buttons.buttons.index(button)
        self._label_fields()
        self.dirty = True

    def _next_field(self, key: str) -> None:
        """Enter in a field: on to the next one; after the last, to Join."""
        order = list(FIELD_ORDER)
        self._focus(order[order.index(key) + 1] if key != order[-1] else "join")

    def _label_fields(self) -> None:
        """The field with the focus shows the typing cursor (the focus moves without a rebuild)."""
        editing = self.editing
        for key, field in self.fields.items():
            button = self.buttons.named(key)
            if button is not None:
                button.label = field.label(editing == key)
                # Read aloud says the field's caption and what it holds (its label is only the typing)
                # ("nothing typed", not the discard pile's "empty": languages give the two different words)
                typed = field.value or _("nothing typed")
                button.spoken = _("{field}: {value}").format(field=_(CAPTIONS[key]), value=typed)

    def join(self) -> None:
        """Connect to the host (the table opens once it gives a seat)."""
        from game.net import NetClient, RemoteTable, parse_address

        name = self.fields["name"].value.strip() or _(YOU)
        try:
            url = parse_address(self.fields["address"].value)
        except ValueError as error:
            self.error = str(error)
            self.build()
            return
        self.error = ""
        self.status = _("Connecting to {address}...").format(address=url)
        client = NetClient(url, self.fields["code"].value, name, store=self.app.store, seat=self.seat)
        self.remote = RemoteTable(client, speed=self.app.speed)
        self.build()

    # ------------------------------------------------------------------ the flow
    def update(self, dt: float) -> None:
        remote = self.remote
        if remote is None:
            search = self.buttons.named("search")
            if not self.searching and search is not None and not search.enabled:
                self.build()  # the search ended: show what it found
            return
        if remote.client.status == "connected" and remote.ready:
            self.remote = None
            self.stack.replace(PLAY, table=remote)
        elif remote.sight.welcomed and remote.client.status == "connected":
            waiting = _("Joined: waiting for the host to start the game...")
            if self.status != waiting:
                self.status, self.dirty = waiting, True
        elif remote.client.status == "closed":
            self.error = remote.client.status_reason or _("The host closed the connection.")
            self.status = ""
            remote.close()
            self.remote = None
            self.build()

    def wants_frames(self) -> bool:
        return self.remote is not None or self.searching or self.dirty

    def exit(self) -> None:
        if self.remote is not None:
            self.remote.close()
            self.remote = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        key = self.editing
        if key is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._next_field(key)
                return True
            if self.fields[key].take(event):
                self.build()
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return super().handle_event(event)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.dirty = False
        self.begin_page(surface, _("Join a game"), TITLE_SIZE, 80)
        if self.searching:
            heading = _("Looking for games on this network...")
        elif self.found:
            heading = _("Games on this network: pick one")
        else:
            heading = _("No game found on this network: type the host's address below")
        self.text(surface, heading, BODY_SIZE, 960, 180, color=DIM)
        captions = {key: _(words) for key, words in CAPTIONS.items()}
        for row, key in enumerate(FIELD_ORDER):
            self.text(surface, captions[key], CAPTION_SIZE, 740, 595 + row * 90, color=DIM, anchor="midright")
        if self.error:
            self.text(surface, self.error, CAPTION_SIZE, 960, 860, color=ERROR_COLOUR)
        elif self.status:
            self.text(surface, self.status, CAPTION_SIZE, 960, 860, color=INK)
        else:
            self.text(surface, _("The host's screen shows the address and the join code."), CAPTION_SIZE, 960, 860,
                      color=ACCENT)
        self._label_fields()  # (Tab or an arrow moved the focus since the last frame)
        self.buttons.draw(surface, self.viewport)
