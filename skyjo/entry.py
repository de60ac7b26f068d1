"""The one entry point of `skyjo` (console script), `python -m skyjo`, `python -m game` and the
frozen desktop app: run the command line, and report any failure in one readable line."""

from __future__ import annotations

import logging
import os
import sys
import time
import traceback
from pathlib import Path

from game import __version__

CRASH_REPORT = "logs/crash.log"  # in the data folder, beside the log (skyjo/logs.py)
log = logging.getLogger("skyjo")
# SDL drivers with no screen: a dialog there would fail or block a headless run.
HEADLESS_DRIVERS = ("dummy", "offscreen")
# Top-level options of skyjo/cli.py that take a value (so the value is not mistaken for a subcommand).
VALUE_OPTIONS = ("--data-dir", "--windowed-size")
LINE_LIMIT = 1000  # characters of an exception's message quoted in the one failure line


def entry() -> None:
    """Run the game; if it fails, say so in one readable line (and a dialog), never a bare traceback."""
    _give_streams()
    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()  # `skyjo simulate` spawns workers from the frozen binary
    try:
        from skyjo.cli import main  # imported here: a failing import is reported like any failure

        code = main()
    except KeyboardInterrupt:
        code = 130
    except Exception as error:  # noqa: BLE001 - the last line of defence: report it, never show a bare traceback
        code = _report_failure(error, sys.argv[1:])
    sys.exit(code)


def _give_streams() -> None:
    """A windowed frozen app on Windows has no stdout/stderr; printing must still work."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - open for the app's life


def _report_failure(error: BaseException, argv: list[str]) -> int:
    # Only the desktop game keeps a log: a command-line tool (replay, bot, simulate, the
    # self-test) reports on stderr and must not create the player's data folder.
    report = _write_report(error, argv) if _is_desktop_game(argv) else None
    if logging.getLogger().handlers:  # the game's log is open (never the stderr fallback: one line there)
        log.critical("stopped by an error (report: %s)", report, exc_info=error)
    where = f" (details in {report})" if report else ""
    message = str(error)[:LINE_LIMIT]  # an exception may quote huge input
    line = f"skyjo: could not run: {type(error).__name__}: {message}{where}"
    sys.stderr.write(" ".join(line.split()) + "\n")  # one line even if the message has newlines
    if _wants_dialog(argv):
        details = f"\n\nDetails were saved to:\n{report}" if report else ""
        _show_dialog(f"Skyjo stopped because of an error.\n\n{type(error).__name__}: {error}{details}")
    return 1


def _write_report(error: BaseException, argv: list[str]) -> Path | None:
    """The full traceback, in the user data folder beside the log (never beside the program),
    for a bug report; the last crash's report replaces the one before (the log keeps them all)."""
    try:
        from game.store.files import replace_whole  # (here: a failing import must not hide the error either)

        path = _data_dir(argv) / CRASH_REPORT
        details = "".join(traceback.format_exception(error))
        header = f"{time.strftime('%Y-%m-%d %H:%M:%S')} skyjo {__version__} {sys.platform} argv={argv}\n"
        # written beside it and renamed over it: a link there is left alone (never written through),
        # a FIFO never opened (a crashing game would wait on it for ever): no report then
        replace_whole(path, (header + details).encode("utf-8", "backslashreplace"))
        return path
    except Exception:  # noqa: BLE001 - a failing log must not hide the original error
        return None


def _data_dir(argv: list[str]) -> Path:
    from game.store.paths import resolve_data_dir

    return resolve_data_dir(_option_value(argv, "--data-dir"))


def _option_value(argv: list[str], option: str) -> str | None:
    for index, arg in enumerate(argv):
        if arg == option and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith(option + "="):
            return arg.split("=", 1)[1]
    return None


def _wants_dialog(argv: list[str]) -> bool:
    """Only the desktop game, started with a real screen, gets a dialog; commands and self-tests print."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in HEADLESS_DRIVERS:
        return False
    return _is_desktop_game(argv)


def _is_desktop_game(argv: list[str]) -> bool:
    """Whether `argv` starts the desktop game: no subcommand such as `replay`, not --self-test."""
    takes_value = False
    for arg in argv:
        if takes_value:
            takes_value = False
        elif arg in VALUE_OPTIONS:
            takes_value = True
        elif arg == "--self-test" or not arg.startswith("-"):
            return False  # the self-test, or a subcommand such as `replay`
    return True


def _show_dialog(message: str) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame

        pygame.display.message_box("Skyjo", message, message_type="error")
    except Exception as error:  # noqa: BLE001 - no display or no pygame: the stderr line already said it
        if logging.getLogger().handlers:
            log.warning("the error dialog could not be shown: %s", error)
    else:
        if logging.getLogger().handlers:
            log.info("the error dialog was shown")


if __name__ == "__main__":
    entry()
