"""Hosting a table: before the first deal, the host's screen shows where others join (the
address and a short join code), who has joined each seat played from another computer, and
Start once every such seat is taken. The table is made on entering, already open to the
network: game.net's HostedTable, run here with the app's store (so it autosaves) and served to
the remote seats by the network host it owns; the lobby shows that host's door and hands the
same table to the table screen, which keeps serving them."""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.match import LEVEL_WORDS, Identity, MatchConfig, clean_name
from game.rules import GameState
from game.ui.widgets import ACCENT, BODY_SIZE, CAPTION_SIZE, DIM, HEADING_SIZE, INK, TITLE_SIZE
from scenes.base import AppScene, wake_the_app
from scenes.context import AppContext
from scenes.names import PLAY

if TYPE_CHECKING:
    from game.net import HostedTable, NetHost

WAITING_COLOUR = (255, 190, 120)


def draw_seat_lines(scene: AppScene, surface: pygame.Surface, lines: list[tuple[str, tuple[int, int, int]]],
                    faces: list[Identity] | None = None, top: float = 400) -> None:
    """Each seat's line under the code to share (a table here, a room online): one a seat, as many
    as fit, a waiting seat in its colour; a seat with its player has its face before the line."""
    step = min(60, 480 // max(1, len(lines)))
    for seat, (line, colour) in enumerate(lines):
        words = scene.text(surface, line, BODY_SIZE, 960, top + seat * step, color=colour)
        if faces is not None and colour != WAITING_COLOUR:
            scene.avatar_before(surface, faces[seat], words)


class LobbyScene(AppScene):
    name = "lobby"
    escape_closes = True
    scales_text = False
    bind = "0.0.0.0"  # every network of this computer (tests keep to loopback: 127.0.0.1)

    def __init__(self, app: AppContext, config: MatchConfig, state: GameState, resumed: bool = False) -> None:
        super().__init__(app)
        self.config, self.state, self.resumed = config, state, resumed
        self.table: HostedTable | None = None  # None: not open to the network (`error` says why), or left
        self.advert: Any = None
        self.error = ""
        self.dirty = True
        self._joined: dict[int, str] = {}

    def enter(self) -> None:
        from game.net import HostedTable, advertise, new_join_code
        from game.net.host import stored_port

        code, port = new_join_code(), 0
        store = self.app.store
        if self.resumed and store is not None:  # the players rejoin where they were, with the same code
            code = store.tokens.get("host code") or code
            port = stored_port(store.tokens.get("host port"))
        try:
            self.table = HostedTable(self.config, self.state, store, code=code, bind=self.bind, port=port,
                                     resumed=self.resumed, speed=self.app.speed)
        except OSError as error:
            self.error = _("Could not open the table to the network: {error}").format(error=error)
        if self.host is not None:
            self.host.wake_with(wake_the_app)  # a player joining wakes the sleeping app
        if self.host is not None and not self.bind.startswith("127."):  # (loopback: nobody else to tell)
            try:
                self.advert = advertise(self.table_name(), self.host.port, self.host.open_seats())
            except OSError:
                self.advert = None  # found by address only: the local network does not carry announcements
        self.build()

    @property
    def host(self) -> NetHost[HostedTable] | None:
        """The table's door: its address, join code and who has joined (None: no table)."""
        return None if self.table is None else self.table.host

    def table_name(self) -> str:
        """Whose table the Join screens list: the host's first player here, by the name they
        play under, even a default one (the Join screen words "You" for its reader); this
        computer's name only when nobody plays here."""
        humans = self.config.human_seats
        name = clean_name(self.config.seats[humans[0]].name) if humans else ""
        return name or clean_name(socket.gethostname().split(".")[0]) or "Skyjo"

    def build(self) -> None:
        self.dirty = True  # drawn at the next frame, even by an app sleeping between ticks
        self.buttons.clear()
        self.button(560, 930, 360, 90, _("Back"), self.close, "back")
        # a game taken up again goes on where it was: it does not start
        self.button(1000, 930, 360, 90, _("Continue") if self.resumed else _("Start"), self.start, "start",
                    enabled=self._ready())
        self.buttons.focus = 1 if self._ready() else 0  # Enter starts once it can, else goes back

    def _ready(self) -> bool:
        return self.host is not None and not self.host.open_seats()

    def update(self, dt: float) -> None:
        if self.table is None:
            return
        self.table.link.receive()  # (the game has not begun: the players' hellos and seats only)
        joined = self.table.host.joined()
        if joined != self._joined:
            self._joined = dict(joined)
            self.build()

    def wants_frames(self) -> bool:
        return self.dirty  # a player joined (a message wakes the app; the lobby then redraws once)

    def start(self) -> None:
        if not self._ready() or self.table is None:
            return
        hosted, self.table = self.table, None  # the table screen owns it now (one table: the game and its door)
        if self.advert is not None:
            self.advert.close()
            self.advert = None
        self.stack.replace(PLAY, table=hosted, resumed=self.resumed)

    def exit(self) -> None:
        if self.table is not None:
            self.table.link.wake_with(None)
        for part in (self.advert, self.table):
            if part is not None:
                part.close()
        self.advert = self.table = None


    # ------------------------------------------------------------------ drawing
    def seat_line(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        player = self.config.seats[seat]
        if player.is_remote:
            name = self._joined.get(seat)
            if name is None:
                waiting = _("Seat {number}: waiting for a player on another computer...")
                return waiting.format(number=seat + 1), WAITING_COLOUR
            return _("Seat {number}: {name} (on another computer)").format(number=seat + 1, name=name), INK
        if player.is_human:
            return _("Seat {number}: {name} (here)").format(number=seat + 1, name=player.name), INK
        level = _(LEVEL_WORDS.get(player.level, player.level))
        computer = _("Seat {number}: {name} (computer, {level})")
        return computer.format(number=seat + 1, name=player.name, level=level), DIM

    def draw(self, surface: pygame.Surface) -> None:
        self.dirty = False
        self.begin_page(surface, _("Your table on the network"), TITLE_SIZE, 80)
        if self.host is not None:
            self.text(surface, _("Players join from the menu: Join a game. Or at this address:"), BODY_SIZE, 960, 170,
                      color=DIM)
            self.text(surface, self.host.url.removeprefix("ws://"), HEADING_SIZE, 960, 230, color=INK, bold=True)
            self.text(surface, _("Join code: {code}").format(code=self.host.code), HEADING_SIZE, 960, 300,
                      color=ACCENT, bold=True)
            # said where the address is shown: the connection is plain ws:// (docs/network.md)
            self.text(surface, _("For your own network only: the connection is not encrypted."), CAPTION_SIZE, 960,
                      352, color=DIM)
        lines = [self.seat_line(seat) for seat in range(self.config.players)]
        draw_seat_lines(self, surface, lines, [self.config.identity(seat) for seat in range(self.config.players)])
        if self.error:
            self.text(surface, self.error, CAPTION_SIZE, 960, 880, color=(255, 150, 130))
        elif not self._ready():
            waiting = _("Continue opens when every seat has its player.") if self.resumed else \
                _("Start opens when every seat has its player.")
            self.text(surface, waiting, CAPTION_SIZE, 960, 880, color=DIM)
        self.buttons.draw(surface, self.viewport)
