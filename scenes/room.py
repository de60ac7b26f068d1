"""A room online (Play online, issue 49): asks the server for the room the setup screen set up
(or takes the code typed on Play online), takes your seat in it, and shows what the lobby shows
at home: the code to share (in two groups, "K7QX 2MRT", copied with C), who has come to each
seat, and the connection's state. The room starts by itself once every seat online has its
player; the table screen then opens, driven by the server (game.net's RemoteTable) exactly as a
table hosted at home drives it."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.match import COMPUTER, MatchConfig
from game.net.online import CertificateFileProblem, grouped, tls_for
from game.ui.widgets import ACCENT, BODY_SIZE, CAPTION_SIZE, DIM, INK, SMALL_SIZE, TITLE_SIZE
from scenes.background import Background
from scenes.base import AppScene, wake_the_app
from scenes.context import AppContext
from scenes.lobby import WAITING_COLOUR, draw_seat_lines
from scenes.names import ONLINE, PLAY

if TYPE_CHECKING:
    import ssl

    from game.net import RemoteTable
    from game.net.connection import Untrusted
    from game.net.room_maker import RoomNotMade

PROBLEM = (255, 150, 130)


def untrusted_sentence(untrusted: Untrusted) -> str:
    """A server whose certificate this computer cannot trust, in the player's language: one sentence."""
    return _("The certificate of {host} could not be checked ({why}): this computer does not trust it, so nothing "
             "was sent.").format(host=untrusted.host, why=untrusted.why)


def room_words(config: MatchConfig) -> list[str]:
    """The seats a room is asked for: a computer's level, else a player online (you are one too)."""
    return [seat.level if seat.kind == COMPUTER else "remote" for seat in config.seats]


class RoomScene(AppScene):
    name = "room"
    escape_closes = True

    def __init__(self, app: AppContext, server: str, name: str, code: str = "",
                 config: MatchConfig | None = None) -> None:
        super().__init__(app)
        self.server, self.player, self.code, self.config = server, name, code, config
        self.making: Background[str | RoomNotMade] | None = None  # the server asked for the room
        self.remote: RemoteTable | None = None  # handed to the table screen once the room starts
        self.tls: ssl.SSLContext | None = None
        self.problem = ""  # why there is no room to show, in one sentence
        self.copied = False
        self.dirty = True
        self._seen: object = None  # what the screen last showed of the connection

    def enter(self) -> None:
        self.button(770, 950, 380, 90, _("Back"), self.back, "back")
        try:
            self.tls = tls_for(self.server, self.app.cafile or self.app.settings.online_ca_file)
        except CertificateFileProblem as error:
            self.problem = _("The certificate file cannot be used: {reason}").format(reason=error)
            return
        if self.config is None:
            self._take_seat()
        else:
            self.making = Background(partial(_ask_for_room, self.server, room_words(self.config),
                                             self.config.edition, self.tls))

    def _take_seat(self) -> None:
        from game.net import NetClient, RemoteTable

        seat = None if self.config is None else self.config.human_seats[0]  # the seat you kept for yourself
        client = NetClient(self.server, self.code, self.player, store=self.app.store, seat=seat, tls=self.tls)
        self.remote = RemoteTable(client, speed=self.app.speed)
        self.remote.link.wake_with(wake_the_app)  # the server's news wakes the sleeping app

    # ------------------------------------------------------------------ the flow
    def update(self, dt: float) -> None:
        if self.making is not None and self.making.done:
            made, failed, self.making = self.making.result, self.making.problem, None
            self.dirty = True
            if isinstance(made, str):
                self.code = made
                self._take_seat()
            elif made is not None and made.untrusted is not None:
                self.problem = untrusted_sentence(made.untrusted)
            else:
                self.problem = _("No room was made: {reason}").format(reason=failed if made is None else made)
        remote = self.remote
        if remote is None:
            return
        client = remote.client
        if client.status == "connected" and remote.ready:
            self.remote = None
            remote.link.wake_with(None)
            self.stack.replace(PLAY, table=remote)
            return
        if client.status == "closed":
            self.problem = untrusted_sentence(client.untrusted) if client.untrusted is not None else \
                _("The server closed the room: {reason}").format(reason=client.status_reason or client.reason)
            remote.close()
            self.remote = None
        seen = (client.status, client.lobby, self.problem)
        if seen != self._seen:
            self._seen, self.dirty = seen, True

    def wants_frames(self) -> bool:
        return self.dirty

    def back(self) -> None:
        """Play online again, with this server and code (a code mistyped is corrected there): the
        one beneath, after a room made from the setup, else a new one in this screen's place."""
        online = self.stack.find(ONLINE)
        if online is None:
            self.stack.replace(ONLINE, server=self.server, code=self.code, player=self.player)
            return
        online.fields["code"].value = self.code
        self.close()

    def exit(self) -> None:
        if self.making is not None:
            self.making.cancel()
        if self.remote is not None:
            self.remote.link.wake_with(None)
            self.remote.close()
            self.remote = None

    def copy_code(self) -> None:
        """The code to the clipboard, as it is shown (pasted into a message to the family)."""
        if not self.code:
            return
        try:
            pygame.scrap.put_text(grouped(self.code))
            self.copied = True
        except pygame.error:
            self.copied = False  # no clipboard here: the code stays on the screen to be read out
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c:
            self.copy_code()
            return True
        return super().handle_event(event)

    # ------------------------------------------------------------------ drawing
    def state_line(self) -> tuple[str, tuple[int, int, int]]:
        """The connection's state, always shown: asking, connecting, connected, reconnecting, or why it ended."""
        if self.problem:
            return self.problem, PROBLEM
        if self.remote is None:
            return _("Asking {server} for a room...").format(server=self.server), DIM
        status = self.remote.client.status
        if status == "reconnecting":
            return _("Connection lost: reconnecting…"), WAITING_COLOUR
        if status == "connected":
            return _("Connected: the game starts when every seat has its player."), ACCENT
        return _("Connecting to {server}...").format(server=self.server), DIM

    def seat_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        remote = self.remote
        lobby = None if remote is None else remote.client.lobby
        welcome = None if remote is None else remote.client.welcome
        if lobby is None or welcome is None:
            return []
        lines = []
        for seat, place in enumerate(lobby.seats):
            number = seat + 1
            if place.kind == "computer":
                lines.append((_("Seat {number}: {name} (computer)").format(number=number, name=place.name), DIM))
            elif seat == welcome.seat:
                lines.append((_("Seat {number}: {name} (you)").format(number=number, name=place.name), INK))
            elif place.taken:
                lines.append((_("Seat {number}: {name} (online)").format(number=number, name=place.name), INK))
            else:
                lines.append((_("Seat {number}: waiting for someone online...").format(number=number),
                              WAITING_COLOUR))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        self.dirty = False
        self.begin_page(surface, _("Your room online"), TITLE_SIZE, 80)
        if self.code:
            self.text(surface, _("Share this code with the other players:"), BODY_SIZE, 960, 170, color=DIM)
            self.text(surface, grouped(self.code), TITLE_SIZE, 960, 250, color=ACCENT, bold=True)
            hint = _("Copied: paste it in a message to the others.") if self.copied else \
                _("Press C to copy the code.")
            self.text(surface, hint, CAPTION_SIZE, 960, 320, color=DIM)
        self.text(surface, _("Server: {server}").format(server=self.server), SMALL_SIZE, 960, 362, color=DIM)
        draw_seat_lines(self, surface, self.seat_lines(), top=420)
        line, colour = self.state_line()
        self.lines(surface, line, CAPTION_SIZE, 850, color=colour)
        self.buttons.draw(surface, self.viewport)


def _ask_for_room(server: str, words: list[str], edition: str, tls: ssl.SSLContext | None) -> str | RoomNotMade:
    """The room's code, or why the server made none (kept whole: a certificate's problem is worded
    on the screen). Runs off the frame loop: the server may take seconds to answer."""
    from game.net.room_maker import RoomNotMade, make_room

    try:
        return make_room(server, words, edition, tls)
    except RoomNotMade as error:
        return error
    except ValueError as error:  # an address that is not one
        return RoomNotMade(str(error))
