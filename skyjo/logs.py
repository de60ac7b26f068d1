"""The desktop game's log: `logs/skyjo.log` in the data folder, with the standard `logging`
module, rotated (LOG_BYTES per file, LOG_BACKUPS old files kept), the version and the platform
at the top of each run, and the run's first lines at the top of every file it rotates to
(skyjo/logfile.py: opened through the store's careful door, never through a link or into a FIFO).
Every part of the app logs through `logging.getLogger("skyjo....")` (warnings and errors;
`--verbose` adds the debug lines), and Python's warnings go there too.
A crash writes its report beside it (`logs/crash.log`, skyjo/entry.py).

Only the desktop game keeps a log: the command-line tools print and never create the data folder.
The log is started once the data folder is locked, so two windows never rotate one file.
"""

from __future__ import annotations

import logging
import platform
import sys
from pathlib import Path

from game import version
from game.store.files import FileProblem

from .logfile import LogFile

LOG_DIR = "logs"
LOG_FILE = "skyjo.log"
CRASH_FILE = "crash.log"  # the last crash's full report, beside the log
LOG_BYTES = 512 * 1024  # per file: a long evening's warnings fit many times over
LOG_BACKUPS = 3  # skyjo.log.1 ... .3: at most 2 MB in all
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
log = logging.getLogger("skyjo")
_handlers: list[logging.Handler] = []


def log_path(data_dir: Path) -> Path:
    return data_dir / LOG_DIR / LOG_FILE


def crash_path(data_dir: Path) -> Path:
    return data_dir / LOG_DIR / CRASH_FILE


def start_logging(data_dir: Path, verbose: bool = False) -> Path | None:
    """Log to the data folder's rotating file from now on; the path, or None when the folder
    cannot be written (the game plays on without a log, and says so on stderr)."""
    path = log_path(data_dir)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = LogFile(path, LOG_BYTES, LOG_BACKUPS)
    except (OSError, FileProblem) as error:  # a FIFO, a link, a device there: one line, and the game plays
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        print(f"skyjo: no log file at {path} ({reason})", file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    stop_logging()
    _handlers.append(handler)
    logging.getLogger().addHandler(handler)
    # the libraries' warnings and errors; ours down to info (debug with --verbose)
    logging.getLogger().setLevel(logging.DEBUG if verbose else logging.WARNING)
    log.setLevel(logging.DEBUG if verbose else logging.INFO)
    logging.captureWarnings(True)
    log.info("Skyjo %s on %s (Python %s%s)%s", version(), platform_words(), platform.python_version(),
             ", frozen app" if getattr(sys, "frozen", False) else "", " verbose" if verbose else "")
    log.info("data folder %s", data_dir)
    return path


def platform_words() -> str:
    """The system, its release, the machine and the C library, as `platform.platform()` says them
    on Linux (`Linux-6.1.0-x86_64-with-glibc2.36`) but for the processor: outside Windows that asks
    `uname -p` in a child process, 6-7 ms of CPU and 12-19 ms before the first frame here (issue 47),
    and says what the machine says already."""
    if sys.platform == "win32":
        return platform.platform()  # (no child process there)
    uname = platform.uname()  # (its processor is looked up only when read)
    libc, libc_version = platform.libc_ver()
    words = [uname.system, uname.release, uname.machine, *(["with", libc + libc_version] if libc else [])]
    return "-".join(word.replace(" ", "_") for word in words if word)


def stop_logging() -> None:
    """Close the log file (the app's close; a second start in one process)."""
    root = logging.getLogger()
    while _handlers:
        handler = _handlers.pop()
        root.removeHandler(handler)
        handler.close()
    logging.captureWarnings(False)
