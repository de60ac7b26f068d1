"""An optional background writer, so a slow disk never stalls the frame loop.

The frame loop hands over the encoded bytes (taken synchronously, so they are a snapshot of
the game at that instant); one daemon thread writes them with `atomic_write`. A newer save
for the same file replaces an older one still waiting: only the latest matters.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from pathlib import Path

from .files import atomic_write


class BackgroundWriter:
    def __init__(self, on_done: Callable[[Path, OSError | None], None]) -> None:
        self._on_done = on_done
        self._cond = threading.Condition()
        self._pending: dict[Path, bytes] = {}
        self._busy = False
        self._thread: threading.Thread | None = None
        atexit.register(self.flush)  # daemon threads still run while atexit handlers do; close() undoes it

    def close(self) -> None:
        """Wait for the last write; nothing is left to do at exit."""
        self.flush()
        atexit.unregister(self.flush)

    def submit(self, path: Path, data: bytes) -> None:
        with self._cond:
            self._pending[path] = data
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="skyjo-saver", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def discard(self, path: Path) -> None:
        """Forget a waiting write (the game was deleted) and wait for one in progress."""
        with self._cond:
            self._pending.pop(path, None)
        self.flush()

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until every submitted write is on disk; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._cond.wait_for(lambda: self._pending, timeout=30.0):
                    self._thread = None  # idle: end; the next submit starts a new thread
                    return
                path = next(iter(self._pending))
                data = self._pending.pop(path)
                self._busy = True
            try:
                self._write(path, data)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _write(self, path: Path, data: bytes) -> None:
        try:
            atomic_write(path, data)
        except OSError as failure:
            self._on_done(path, failure)
        else:
            self._on_done(path, None)
