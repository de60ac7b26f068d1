"""`python -m tools.bench_room_saves`: a room server's saves on this disk, printed (never asserted).

`--rooms` rooms each hand the data folder's writers (game/server/saving.py's `FolderSaves`) a save
of `--bytes` bytes, `--rate` saves a second over all rooms (evenly spaced, rooms in a seeded random
order), for `--seconds`; once with every write fsynced alone (two fsyncs: the file's and its
folder's, 16 threads) and once with one file-system sync a batch (Linux's syncfs), alternating for
`--rounds`. Printed for each run: the time from a save handed over to its callers told it is durable
(p50, p99, the most), the saves a newer one replaced, and the syncs made. What the 500-room bench's
disk part costs, without its loop, its clients or its computers.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from functools import partial
from pathlib import Path

from game.net.lag import milliseconds, percentile
from game.server.saving import EACH, PLATFORM, FolderSaves


async def _hand(saves: FolderSaves, rooms: list[str], rate: float, seconds: float, data: bytes,
                seed: int) -> list[float]:
    """Hand the saves over at `rate` a second; each one's time to durable."""
    chooser, loop = random.Random(seed), asyncio.get_running_loop()
    took: list[float] = []
    waiting: list[asyncio.Future[None]] = []
    start = loop.time()
    for n in range(int(rate * seconds)):
        delay = start + n / rate - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        done = saves.save(chooser.choice(rooms), data)
        done.add_done_callback(partial(_timed, took, time.perf_counter()))
        waiting.append(done)
    await asyncio.gather(*waiting)
    return took


def _timed(took: list[float], handed: float, _done: object) -> None:
    took.append(time.perf_counter() - handed)


def run_once(mode: str, rooms: int, rate: float, seconds: float, size: int, seed: int) -> dict[str, object]:
    idents = [f"{n:016x}" for n in range(rooms)]
    with tempfile.TemporaryDirectory(prefix="skyjo-bench-room-saves-") as folder:
        saves = FolderSaves(Path(folder), sync=mode)
        try:
            took = sorted(asyncio.run(_hand(saves, idents, rate, seconds, os.urandom(size), seed)))
        finally:
            saves.close()
    return {"mode": "grouped (syncfs)" if saves.grouped else "each fsynced", "saves": len(took),
            "p50_ms": round(percentile(took, 0.5) * 1000, 1), "p99_ms": round(percentile(took, 0.99) * 1000, 1),
            "max_ms": round(took[-1] * 1000, 1), "written": saves.written, "coalesced": saves.coalesced,
            "syncs": saves.syncs, "load": [round(load, 2) for load in os.getloadavg()]}


def one_fsync(count: int = 200, size: int = 1500) -> dict[str, object]:
    """What a save's two fsyncs (its file's and its folder's) cost on this disk: the store's
    `atomic_write` of `size` bytes timed `count` times durable and `count` times not, alternating."""
    from game.store.files import atomic_write

    took: dict[bool, list[float]] = {True: [], False: []}
    with tempfile.TemporaryDirectory(prefix="skyjo-bench-fsync-") as folder:
        path = Path(folder) / "save"
        for _ in range(count):
            for durable in (True, False):
                start = time.perf_counter()
                atomic_write(path, os.urandom(size), durable=durable)
                took[durable].append(time.perf_counter() - start)
    figures: dict[str, object] = {"count": count}
    for durable, name in ((True, "fsynced"), (False, "not_fsynced")):
        ordered = sorted(took[durable])
        figures[name] = {"p50_ms": milliseconds(percentile(ordered, 0.5)),
                         "p99_ms": milliseconds(percentile(ordered, 0.99))}
    figures["load"] = [round(load, 2) for load in os.getloadavg()]
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=500)
    parser.add_argument("--rate", type=float, default=300.0, help="saves a second over all rooms")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--bytes", type=int, default=1500, help="a save's size (a room's host-save.json: ~1.5 kB)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--one", action="store_true", help="only what one fsync costs here (a file's, a folder's)")
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(one_fsync(size=args.bytes)))
        return 0
    for round_number in range(args.rounds):
        for mode in (EACH, PLATFORM) if round_number % 2 == 0 else (PLATFORM, EACH):
            print(json.dumps(run_once(mode, args.rooms, args.rate, args.seconds, args.bytes, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
