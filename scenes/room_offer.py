"""What a room server lets its rooms' computer seats do, as the Create a room setup learns it
(issue 49): the server is asked off the frame loop (`ask_offer`, a connection of its own, a few
seconds at most) while the setup is shown; once it answers, the setup offers only its levels and
says, in one line, what they are and how long each decision may think. A server that cannot say (an
older one, no answer in time, a certificate file that cannot be used) leaves the four levels
offered, and the line says the server may refuse some."""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

from game.i18n import _
from game.match import LEVEL_WORDS
from game.ui.widgets import DIM
from game.ui.wording import decimal
from scenes.background import Background

if TYPE_CHECKING:
    import ssl

EVERY_LEVEL = ("easy", "normal", "hard", "expert")  # what a room's computer may be where the server says nothing
log = logging.getLogger("skyjo.online")
NOT_SAID = (255, 200, 140)  # the line's colour where the server did not say: the setup may be refused


def seconds_words(ms: int) -> str:
    """Milliseconds as seconds, with as few decimals as show them exactly: 300 -> "0.3", 40 -> "0.04",
    10000 -> "10" (the language's decimal mark)."""
    places = next((places for places, step in ((0, 1000), (1, 100), (2, 10)) if ms % step == 0), 3)
    return decimal(ms / 1000, places)


class RoomOffer:
    """A server's offer for its rooms' computers: asked (`ask`), then known (`levels`, `most_think_ms`)
    or not known; the setup reads `arrived` once a frame and words `line` where it draws it."""

    def __init__(self, levels: tuple[str, ...] | None = None, most_think_ms: int | None = None) -> None:
        """An offer already known (`levels` and `most_think_ms`: a screenshot's), or one to `ask`."""
        self.levels: tuple[str, ...] = levels or EVERY_LEVEL
        self.most_think_ms = most_think_ms
        self.known = levels is not None and most_think_ms is not None
        self.asking: Background[tuple[tuple[str, ...], int] | str] | None = None
        self.problem = ""  # why the server could not say (one line, written to the game's log)

    def ask(self, server: str, tls: ssl.SSLContext | None) -> None:
        """Ask `server` off the frame loop (its answer is taken by `arrived`)."""
        self.asking = Background(partial(_ask, server, tls))

    def not_known(self, why: str) -> None:
        """The server cannot be asked (a certificate file that cannot be used): every level, and the line says so."""
        self.problem = why
        log.info("the server was not asked which levels it offers: %s", why)

    def arrived(self) -> bool:
        """Whether the server's answer came since the last call (the levels changed, or were not said)."""
        asking = self.asking
        if asking is None or not asking.done:
            return False
        self.asking = None
        answer = asking.result
        if isinstance(answer, tuple):
            (self.levels, self.most_think_ms), self.known = answer, True
        else:
            self.problem = answer or asking.problem or "no answer"
            log.info("the server did not say which levels it offers: %s", self.problem)
        return True

    def cancel(self) -> None:
        """The setup left: nobody takes the answer."""
        if self.asking is not None:
            self.asking.cancel()
            self.asking = None

    def line(self) -> tuple[str, tuple[int, int, int]]:
        """What the setup says of the server's computers, in the player's language now, and its colour."""
        if self.known and self.most_think_ms is not None:
            levels = ", ".join(_(LEVEL_WORDS[level]) for level in self.levels)
            return _("This server's computers: {levels}; each thinks at most {seconds} s").format(
                levels=levels, seconds=seconds_words(self.most_think_ms)), DIM
        if self.asking is not None:
            return _("Asking the server which computer levels it offers…"), DIM
        return _("The server did not say which computer levels it offers: it may refuse some of these."), NOT_SAID


def _ask(server: str, tls: ssl.SSLContext | None) -> tuple[tuple[str, ...], int] | str:
    """The server's levels (from the easiest) and the most a decision thinks there, or why it did not
    say (one line: OfferNotKnown's, or an address that is not one). Runs off the frame loop."""
    from game.net.room_maker import ask_offer

    try:
        offer = ask_offer(server, tls)
    except ValueError as error:  # OfferNotKnown, or an address that is not one
        return str(error) or type(error).__name__
    return tuple(offer.levels), offer.most_think_ms
