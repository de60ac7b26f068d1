"""Measure the desktop app's start-up: launch -> window on screen -> first drawn menu frame.

Needs an X display (e.g. `Xvfb :99 -screen 0 1600x900x24 &` then DISPLAY=:99), xwininfo and xwd
(Debian/Ubuntu: apt-get install xvfb x11-utils x11-apps).

    python build/measure_startup.py dist/skyjo/skyjo            # the one-folder app
    python build/measure_startup.py dist/skyjo --runs 7         # the one-file app
    python build/measure_startup.py python -m game              # from source

The window counts as drawn when its pixels are no longer all one colour (SDL shows a blank
window first; the menu's first flip fills it). Prints one line per run and the medians.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time

POLL_SECONDS = 0.01
TIMEOUT_SECONDS = 30.0
WINDOW_TITLE = "Skyjo"


def find_window(name: str) -> str | None:
    """The id of a top-level window with this title and a window class (SDL dialogs have none)."""
    done = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True)
    match = re.search(rf'^\s+(0x[0-9a-f]+) "{re.escape(name)}": \("', done.stdout, re.MULTILINE)
    return match.group(1) if match else None


def window_is_drawn(window: str) -> bool:
    """True when the window's pixels hold more than one colour (something was drawn)."""
    done = subprocess.run(["xwd", "-silent", "-id", window], capture_output=True)
    if done.returncode != 0 or len(done.stdout) < 100:
        return False
    header_size, = struct.unpack(">I", done.stdout[:4])
    ncolors, = struct.unpack(">I", done.stdout[76:80])  # the XWD header's ncolors field
    pixels = done.stdout[header_size + 12 * ncolors:]
    sample = pixels[: len(pixels) // 4 * 4]
    return len({sample[i:i + 4] for i in range(0, len(sample), 4 * 97)}) > 1


def one_run(command: list[str]) -> tuple[float, float]:
    """Seconds from launch to a visible window and to its first drawn frame."""
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, SKYJO_DATA_DIR=data)
        env.pop("SDL_VIDEODRIVER", None)
        started = time.perf_counter()
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            window = wait_for(lambda: find_window(WINDOW_TITLE), process)
            shown = time.perf_counter() - started
            wait_for(lambda: window_is_drawn(window), process)
            return shown, time.perf_counter() - started
        finally:
            stop(process)


def stop(process: subprocess.Popen) -> None:
    """SDL turns SIGTERM into a quit event, which a blocked app may never read: then kill it."""
    process.terminate()
    try:
        process.wait(timeout=3)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def wait_for(probe, process: subprocess.Popen):  # type: ignore[no-untyped-def]
    deadline = time.perf_counter() + TIMEOUT_SECONDS
    while time.perf_counter() < deadline:
        found = probe()
        if found:
            return found
        if process.poll() is not None:
            raise RuntimeError(f"the app exited with status {process.returncode} before drawing")
        time.sleep(POLL_SECONDS)
    windows = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
    raise RuntimeError(f"no drawn window after {TIMEOUT_SECONDS:.0f} s; windows: {' | '.join(windows.splitlines()[5:])}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the program to start, with its arguments")
    args = parser.parse_args(argv)
    if not args.command:
        parser.error("give the program to start, e.g. dist/skyjo/skyjo")
    if not os.environ.get("DISPLAY") or not (shutil.which("xwininfo") and shutil.which("xwd")):
        print("measure_startup: needs DISPLAY (e.g. Xvfb), xwininfo and xwd", file=sys.stderr)
        return 2
    shown, drawn = [], []
    for run in range(1, args.runs + 1):
        try:
            window_s, frame_s = one_run(args.command)
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
            print(f"measure_startup: {error}", file=sys.stderr)
            return 1
        shown.append(window_s)
        drawn.append(frame_s)
        print(f"run {run}: window {window_s * 1000:.0f} ms, first frame {frame_s * 1000:.0f} ms")
    print(f"median: window {statistics.median(shown) * 1000:.0f} ms, "
          f"first frame {statistics.median(drawn) * 1000:.0f} ms (max {max(drawn) * 1000:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
