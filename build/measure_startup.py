"""Measure the desktop app's start-up: launch -> window on screen -> first drawn menu frame.

Needs an X display (e.g. `Xvfb :99 -screen 0 1600x900x24 &` then DISPLAY=:99), xwininfo and xwd
(Debian/Ubuntu: apt-get install xvfb x11-utils x11-apps).

    python build/measure_startup.py dist/skyjo/skyjo            # the one-folder app
    python build/measure_startup.py dist/skyjo --runs 7         # the one-file app
    python build/measure_startup.py python -m game              # from source
    python build/measure_startup.py --runs 5 --program bare --program "python -m game" \
        --program dist/skyjo/skyjo                               # paired: in turns, with ratios

The window counts as drawn when its pixels are no longer all one colour (SDL shows a blank
window first; the menu's first flip fills it). Each run also gives the CPU time the program
(with the processes it started: the one-file program's unpacking parent) had used when its
frame was seen, read from /proc. Prints one line per run and the medians. With several
`--program`s the programs run in turns, round after round, so that they share the machine's
load, and each median is given as a ratio of the first program's. `bare` is a plain pygame
window of the app's size and title that fills itself and flips once: the floor.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
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
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
# The app logs its CPU time when its first frame is flipped (skyjo/app.py FIRST_FRAME_LINE), in
# the data folder this script gives it; the bare window and a checkout run from source (an
# older one too: `source:/path`, whose app may not log it) write the same line from here.
FIRST_FRAME = re.compile(r"first frame drawn after ([0-9.]+) s of CPU \(process ([0-9]+)\)")
FIRST_FRAME_WRITER = """
def tell_first_frame():
    import os, time
    folder = os.path.join(os.environ["SKYJO_DATA_DIR"], "logs")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "first_frame.log"), "a", encoding="ascii") as file:
        file.write("first frame drawn after %.3f s of CPU (process %d)\\n" % (time.process_time(), os.getpid()))
"""
# A checkout's `python -m game` with pygame's flip wrapped to write that line at its first call
# (run isolated, `-I`: neither the current folder nor PYTHONPATH comes before the checkout).
HOOKED_SOURCE = FIRST_FRAME_WRITER + """
import runpy, sys
sys.path.insert(0, sys.argv.pop(1))
import pygame
_flip = pygame.display.flip
def flip():
    global _flip
    real, _flip = _flip, None
    pygame.display.flip = real
    real()
    tell_first_frame()
pygame.display.flip = flip
sys.argv[0] = "game"
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""
# The floor: a window of the app's first size (85 % of the desktop, 16:9), its title, one flip.
BARE_WINDOW = """
import os, time
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.display.init()
w, h = pygame.display.get_desktop_sizes()[0]
width = max(800, min(int(w * 0.85), int(h * 0.85 * 16 / 9)))
screen = pygame.display.set_mode((width, width * 9 // 16), pygame.RESIZABLE)
pygame.display.set_caption("Skyjo")
screen.fill((20, 60, 40))
pygame.draw.rect(screen, (240, 240, 240), (40, 40, width // 3, width // 5))
pygame.display.flip()
""" + "\n" + FIRST_FRAME_WRITER + """
tell_first_frame()
while not any(event.type == pygame.QUIT for event in pygame.event.get()):
    time.sleep(0.02)
"""


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


def cpu_seconds(pid: int, with_children: bool = True) -> float:
    """CPU time (user and system) used so far by a process and every live process it started."""
    children: dict[int, list[int]] = {}
    used: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as file:
                fields = file.read().rpartition(")")[2].split()
        except OSError:
            continue  # gone meanwhile
        children.setdefault(int(fields[1]), []).append(int(entry))
        used[int(entry)] = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += used.get(current, 0.0)
        todo.extend(children.get(current, []) if with_children else [])
    return total


def logged_first_frame(data: str) -> tuple[float, int] | None:
    """The CPU seconds and process id of the first frame's line, in the app's log or this script's file."""
    for name in ("first_frame.log", "skyjo.log"):
        try:
            with open(os.path.join(data, "logs", name), encoding="utf-8", errors="replace") as file:
                found = FIRST_FRAME.search(file.read(1 << 20))
        except OSError:
            continue
        if found:
            return float(found.group(1)), int(found.group(2))
    return None


def frame_cpu(pid: int, data: str, cpu=cpu_seconds) -> tuple[float, bool]:  # type: ignore[no-untyped-def]
    """CPU seconds used by the program when its first frame was flipped, and whether that is exact:
    the logged figure plus what the processes around it used (the one-file program's unpacking
    parent); without a logged line, the whole tree's time now (a few frames of drawing too)."""
    total = cpu(pid)
    logged = logged_first_frame(data)
    if logged is None:
        return total, False
    return total - cpu(logged[1], with_children=False) + logged[0], True


def one_run(command: list[str], extra_env: dict[str, str]) -> tuple[float, float, float, bool]:
    """Seconds from launch to a visible window and to its first drawn frame, and the CPU seconds
    used by then (see frame_cpu)."""
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryFile() as errors:
        env = dict(os.environ, SKYJO_DATA_DIR=data, **extra_env)
        env.pop("SDL_VIDEODRIVER", None)
        started = time.perf_counter()
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=errors)
        try:
            window = wait_for(lambda: find_window(WINDOW_TITLE), process)
            shown = time.perf_counter() - started
            wait_for(lambda: window_is_drawn(window), process)
            drawn = time.perf_counter() - started
            time.sleep(0.2)  # the line is written just after the flip that was seen
            return (shown, drawn, *frame_cpu(process.pid, data))
        except RuntimeError as error:  # with what the program said last, in its words
            errors.seek(0)
            said = [line for line in errors.read(1 << 16).decode("utf-8", "replace").splitlines() if line.strip()]
            raise RuntimeError(f"{error}{f' ({said[-1].strip()[:200]})' if said else ''}") from None
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
    listed = " | ".join(windows.splitlines()[5:])
    raise RuntimeError(f"no drawn window after {TIMEOUT_SECONDS:.0f} s; windows: {listed}")


def program_command(text: str) -> tuple[list[str], dict[str, str]]:
    """`bare`, `source:CHECKOUT` (its `python -m game`, with this Python) or a command line."""
    if text == "bare":
        return [sys.executable, "-c", BARE_WINDOW], {}
    if text.startswith("source:"):
        return [sys.executable, "-I", "-c", HOOKED_SOURCE, os.path.abspath(text[len("source:"):])], {}
    return shlex.split(text), {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each program")
    parser.add_argument("--program", action="append", default=[],
                        help='a program to start, as one string ("bare": the plain pygame window); repeat to pair')
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the program to start, with its arguments")
    args = parser.parse_args(argv)
    programs = [program_command(text) for text in args.program] + ([(args.command, {})] if args.command else [])
    if not programs:
        parser.error("give the program to start, e.g. dist/skyjo/skyjo")
    if not 1 <= args.runs <= 1000:
        parser.error("--runs must be 1 to 1000")
    if not os.environ.get("DISPLAY") or not (shutil.which("xwininfo") and shutil.which("xwd")):
        print("measure_startup: needs DISPLAY (e.g. Xvfb), xwininfo and xwd", file=sys.stderr)
        return 2
    names = args.program + ([" ".join(args.command)] if args.command else [])
    results: list[list[tuple[float, float, float, bool]]] = [[] for _ in programs]
    failed = [0 for _ in programs]  # runs that never drew (each said in its line), left out of the medians
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for run in range(1, args.runs + 1):
        for number, (command, extra_env) in enumerate(programs):
            try:
                window_s, frame_s, cpu_s, exact = one_run(command, extra_env)
            except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
                print(f"run {run}: {names[number]}: failed: {error}")
                failed[number] += 1
                continue
            results[number].append((window_s, frame_s, cpu_s, exact))
            print(f"run {run}: {names[number]}: window {window_s * 1000:.0f} ms, first frame {frame_s * 1000:.0f} ms, "
                  f"CPU {cpu_s:.3f} s{'' if exact else ' (read after the frame: not logged)'}")
    if not all(results):
        print("measure_startup: a program never drew its first frame", file=sys.stderr)
        return 1
    first_frame = statistics.median(run[1] for run in results[0])
    first_cpu = statistics.median(run[2] for run in results[0])
    for number, runs in enumerate(results):
        frame = statistics.median(run[1] for run in runs)
        cpu = statistics.median(run[2] for run in runs)
        ratios = f" ({frame / first_frame:.2f}x, CPU {cpu / first_cpu:.2f}x the first)" if number else ""
        print(f"median of {names[number]}: window {statistics.median(run[0] for run in runs) * 1000:.0f} ms, "
              f"first frame {frame * 1000:.0f} ms (max {max(run[1] for run in runs) * 1000:.0f} ms), "
              f"CPU {cpu:.3f} s{ratios}{f'; {failed[number]} runs failed' if failed[number] else ''}")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
