"""What the host's log may say of what a connection sent (issue 46, items 6 and 7).

Anyone who reaches the port may send text, with no join code: a field name holding ESC or BEL
would erase a line of the terminal the host's stderr goes to and show a forged one, a right-to-
left override would turn a line around. So that text reaches the log only `shown`: printable
ASCII, anything else as a Python escape (`\\x1b`, `\\u202e`), cut to a bound. And a connection's
lines are counted by address: at most LINES_PER_ADDRESS a minute from one address and LINES_IN_ALL
from all together (`LinesPerAddress`); the rest are counted, and the count is said with the next
line from that address, or when the host stops.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

SHOWN_LIMIT = 300  # characters of a stranger's text in one log line, escapes included
LINES_PER_ADDRESS = 20  # log lines a minute about one address's connections (a seated player's too)...
LINES_IN_ALL = 100  # ... and about every address's together
WINDOW = 60.0  # seconds
ADDRESSES = 1000  # addresses counted at once; the oldest is forgotten (its count kept in the total)


def shown(text: object, limit: int = SHOWN_LIMIT) -> str:
    """`text` as the log may show it: printable ASCII kept, anything else escaped as Python writes
    it, on one line, at most `limit` characters (one pass over at most `limit` of them)."""
    out: list[str] = []
    size = 0
    for char in str(text)[:limit]:
        piece = char if " " <= char <= "~" else repr(char)[1:-1] if char.isascii() else _escape(char)
        size += len(piece)
        if size > limit:
            out.append("...")
            break
        out.append(piece)
    return "".join(out)


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


class LinesPerAddress:
    """How many log lines each address's connections may cause: a fixed window of WINDOW seconds
    per address and one for all, a count of the lines held back. Used from the network thread and
    the table's thread (a lock)."""

    def __init__(self, logger: logging.Logger, per_address: int = LINES_PER_ADDRESS, in_all: int = LINES_IN_ALL,
                 window: float = WINDOW, addresses: int = ADDRESSES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.logger = logger
        self.per_address, self.in_all, self.window, self.addresses = per_address, in_all, window, addresses
        self._clock = clock
        self._lock = threading.Lock()
        # address -> [its window's start, lines said in it, lines held back and not yet told]
        self._counts: OrderedDict[str, list[float]] = OrderedDict()
        self._all = [-window, 0]  # the shared window's start, lines said in it
        self._forgotten = 0  # held back lines of addresses forgotten to make room

    def warning(self, address: str, message: str, *args: object) -> None:
        """`logger.warning(message, *args)` unless `address` (or everybody) used up its lines this
        minute; the first line said after lines were held back says how many."""
        with self._lock:
            held = self._admit(address, self._clock())
        if held is None:
            return
        note = f" ({held} more line(s) about {address} not logged)" if held else ""
        self.logger.warning(message + "%s", *args, note)

    def _admit(self, address: str, now: float) -> int | None:
        """None when this line is held back; else how many were held back before it (now told)."""
        count = self._counts.get(address)
        if count is None:
            self._make_room()
            count = self._counts[address] = [now, 0, 0]
        self._counts.move_to_end(address)
        if now - count[0] >= self.window:
            count[0], count[1] = now, 0
        if now - self._all[0] >= self.window:
            self._all[0], self._all[1] = now, 0
        if count[1] >= self.per_address or self._all[1] >= self.in_all:
            count[2] += 1
            return None
        count[1] += 1
        self._all[1] += 1
        held, count[2] = int(count[2]), 0
        return held

    def _make_room(self) -> None:
        while len(self._counts) >= self.addresses:
            _address, count = self._counts.popitem(last=False)
            self._forgotten += int(count[2])

    def tell_held_back(self) -> None:
        """The lines held back and not told yet, in one line (when the host stops)."""
        with self._lock:
            held = self._forgotten + sum(int(count[2]) for count in self._counts.values())
            self._forgotten = 0
            for count in self._counts.values():
                count[2] = 0
        if held:
            self.logger.warning("%d line(s) about connections were not logged (at most %d a minute from one "
                                "address, %d from all)", held, self.per_address, self.in_all)
