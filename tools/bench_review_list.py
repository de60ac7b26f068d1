"""What the list of "Review a game" costs with large logs in the exports folder (issue 46 item 4):
`python -m tools.bench_review_list [--logs 6] [--mib 9.3] [--json]`.

It writes `--logs` legal game logs of `--mib` MiB each in a temporary folder, each one endless
round (two players who take the discard and lay it on the same face-up card, turn after turn:
nothing ever ends the round), then lists them as the screen does (`exported_games`, on this
thread) and prints the seconds, the processor seconds, the bytes read (Linux: /proc/self/io)
and how much the process's peak memory grew; then the seconds to read and check one of them
whole, as choosing it does (`read_export`). The logs are written a piece at a time, so that
making them does not set the peak.

With `--visits N`, the screen itself instead, headless, in the real app: N visits to "Review a
game" from the statistics, one after another, each left at once (the screen's first frame), then
frames drawn until every read has ended: the reading threads alive after the visits, the
resident memory then and at its peak, the longest frame, the seconds until all was read; then
the newest log chosen: the seconds and the longest frame until its review would open.

The same file measures an older tree, whose `exported_games` read every log whole, from that
tree's folder: `PYTHONPATH=. python /path/to/this/file.py`.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROUND_TURNS = 1000  # actions written per piece


def write_log(path: Path, mib: float) -> None:
    """A legal log of one endless Voyage round between two players, about `mib` MiB."""
    from game.match import COMPUTER, MatchConfig, SeatConfig

    match = MatchConfig("voyage", (SeatConfig("A"), SeatConfig("B", COMPUTER, "easy")), seed=1)
    state = match.new_game()
    for seat in (0, 1):  # the opening: each turns (0, 0) and (1, 0) face up
        for col in (0, 1):
            state.apply(next(a for a in state.legal_actions() if a.seat == seat and (a.col, a.row) == (col, 0)))
    record = state.record()
    opening = record["rounds"][0]["actions"]
    seat = next(a.seat for a in state.legal_actions())
    head = json.dumps({key: record[key] for key in ("edition", "players", "seed", "options")})[:-1]
    with open(path, "w", encoding="utf-8") as out:
        out.write(f'{head}, "rounds": [{{"deck": {json.dumps(record["rounds"][0]["deck"])}, "actions": [')
        out.write(", ".join(json.dumps(action) for action in opening))
        target = int(mib * (1 << 20))
        while out.tell() < target:
            turns = []
            for _ in range(ROUND_TURNS):
                turns += [f'[{seat}, "take"]', f'[{seat}, "replace", 0, 0]']
                seat = 1 - seat
            out.write(", " + ", ".join(turns))
        out.write("]}]}\n")


def bytes_read() -> int | None:
    """The bytes this process has read so far (Linux), else None."""
    try:
        for line in Path("/proc/self/io").read_text().splitlines():
            if line.startswith("rchar:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # (KiB on Linux)


def measure(logs: int, mib: float) -> dict[str, Any]:
    from game.store.export import exported_games, newest_exports, read_export

    with tempfile.TemporaryDirectory() as folder:
        exports = Path(folder)
        for number in range(logs):
            write_log(exports / f"skyjo-20261207-1200{number:02d}.json", mib)
        size = sum(path.stat().st_size for path in exports.iterdir())
        newest_exports(exports)  # (what the first call imports, and the names, are not counted)
        peak, read, wall, cpu = peak_mib(), bytes_read(), time.perf_counter(), time.process_time()
        listed = exported_games(exports)
        figures: dict[str, Any] = {
            "logs": len(listed), "mib_on_disk": round(size / (1 << 20), 1),
            "list_seconds": round(time.perf_counter() - wall, 3),
            "list_cpu_seconds": round(time.process_time() - cpu, 3),
            "list_bytes_read": None if read is None else bytes_read() - read,  # type: ignore[operator]
            "list_peak_growth_mib": round(peak_mib() - peak, 1)}
        wall = time.perf_counter()
        read_export(sorted(exports.iterdir())[0])
        figures["choose_one_seconds"] = round(time.perf_counter() - wall, 3)
    return figures


def resident_mib() -> float:
    """This process's resident memory now (Linux), else its peak."""
    try:
        return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1 << 20)
    except (OSError, ValueError, IndexError):
        return peak_mib()


def reading_threads() -> int:
    return sum(thread.name.startswith("reading") for thread in threading.enumerate())


def measure_visits(logs: int, mib: float, visits: int) -> dict[str, Any]:
    for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        os.environ.setdefault(name, "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from scenes.names import REVIEW_PICK, STATISTICS
    from skyjo.app import App

    frame = 1 / 60
    with tempfile.TemporaryDirectory() as folder:
        exports = Path(folder) / "exports"
        exports.mkdir()
        for number in range(logs):
            write_log(exports / f"skyjo-20261207-1200{number:02d}.json", mib)
        app = App(folder, size=(1280, 720))
        statistics = app.stack.push(STATISTICS)
        while getattr(statistics, "reading", None) is not None:
            app.frame(frame)
        before, peak, started, longest = resident_mib(), peak_mib(), time.perf_counter(), 0.0

        def timed_frame() -> None:
            nonlocal longest
            drawn = time.perf_counter()
            app.frame(frame)
            longest = max(longest, time.perf_counter() - drawn)

        for _ in range(visits):
            app.stack.push(REVIEW_PICK)
            timed_frame()
            app.stack.pop()
            timed_frame()
        figures: dict[str, Any] = {"visits": visits, "reading_threads": reading_threads(),
                                   "resident_mib_before": round(before, 1)}
        while reading_threads() and time.perf_counter() - started < 900:
            timed_frame()
            time.sleep(0.005)
        figures |= {"resident_mib_read": round(resident_mib(), 1), "peak_growth_mib": round(peak_mib() - peak, 1),
                    "longest_frame_seconds": round(longest, 3),
                    "seconds_to_settle": round(time.perf_counter() - started, 2)}
        figures |= _choose_one(app, timed_frame)
        app.close()
    return figures


def _choose_one(app: Any, timed_frame: Callable[[], None]) -> dict[str, Any]:
    """The newest log chosen once the list is read: the seconds and the longest frame until the
    review would open (a stand-in for the review screen: no Expert is started)."""
    from game.ui.scene import Scene
    from scenes.names import REVIEW_PICK

    opened: list[Scene] = []

    def stand_in(*_args: object, **_kwargs: object) -> Scene:
        opened.append(Scene())
        return opened[-1]

    app.stack.registry.register("review", stand_in)
    pick = app.stack.push(REVIEW_PICK)
    while getattr(pick, "reading", None) is not None:
        timed_frame()
    longest, started = 0.0, time.perf_counter()
    pick.press("game0")
    while not opened and getattr(pick, "opening", None) is not None and time.perf_counter() - started < 300:
        drawn = time.perf_counter()
        timed_frame()
        longest = max(longest, time.perf_counter() - drawn)
        time.sleep(0.005)
    timed_frame()
    return {"choose_seconds": round(time.perf_counter() - started, 3), "choose_opened": bool(opened),
            "choose_longest_frame_seconds": round(longest, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_review_list", description=__doc__.split("\n")[0])
    parser.add_argument("--logs", type=int, default=6, help="logs in the folder (default 6: the list's length)")
    parser.add_argument("--mib", type=float, default=9.3, help="MiB of each log (default 9.3)")
    parser.add_argument("--visits", type=int, default=0, help="visits to the screen in the app instead (1-100)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not (0 < args.logs <= 20 and 0 < args.mib <= 16 and 0 <= args.visits <= 100):
        print("bench_review_list: error: --logs 1 to 20, --mib above 0 and at most 16, --visits 0 to 100",
              file=sys.stderr)
        return 2
    figures = measure_visits(args.logs, args.mib, args.visits) if args.visits else measure(args.logs, args.mib)
    print(json.dumps(figures) if args.json else "\n".join(f"{key}: {value}" for key, value in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
