"""Think off the frame loop: a bot decides in a background thread and the screen polls.

    worker = BotWorker(make_bot("hard", seed=3))
    worker.start(seat_view(state, seat))
    ...every frame: action = worker.result()  # None while thinking; worker.error if it failed
"""

from __future__ import annotations

import threading

from game.rules import Action, SeatView

from .base import Bot


class BotWorker:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.error: BaseException | None = None
        self._result: Action | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._answered = True  # no question pending

    @property
    def busy(self) -> bool:
        """Still thinking: asked and not answered yet. (The thread may live a moment after
        it answers; that is not thinking, and must not stop the next question.)"""
        with self._lock:
            return not self._answered

    def start(self, view: SeatView) -> None:
        """Begin deciding for `view`; the previous result, if any, is dropped."""
        if self.busy:
            raise RuntimeError(f"bot {self.bot.name} is still thinking")
        if self._thread is not None:
            self._thread.join()  # it has answered: only its last instructions remain
        with self._lock:
            self._result = None
            self.error = None
            self._answered = False
        self._thread = threading.Thread(target=self._run, args=(view,), name=f"bot-{self.bot.name}", daemon=True)
        self._thread.start()

    def _run(self, view: SeatView) -> None:
        try:
            action = self.bot.decide(view)
        except BaseException as error:  # noqa: BLE001 - handed to the frame loop, which says what failed
            with self._lock:
                self.error = error
                self._answered = True
            return
        with self._lock:
            self._result = action
            self._answered = True

    def result(self) -> Action | None:
        """The decided action once ready (None while still thinking or after an error)."""
        with self._lock:
            return self._result

    def wait(self, timeout: float | None = None) -> Action | None:
        """Block until done (tests and the simulator; never the frame loop)."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.result()

    def close(self) -> None:
        """Release the bot without blocking the caller, which is usually the frame loop: a
        program bot is given a moment to exit before it is killed (CommandBot.close), and that
        wait runs in a thread of its own. The thread is not a daemon, so quitting the app still
        ends the bot's processes (waiting a second or so at most). A thread still thinking is
        a daemon and finishes on its own."""
        threading.Thread(target=self.bot.close, name=f"close-{self.bot.name}").start()
