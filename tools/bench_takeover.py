"""`python -m tools.bench_takeover`: how long the players of a room wait when its server process is
SIGKILLed, with several processes on one Redis (docs/server.md, "Several processes on one Redis").
Printed, never asserted.

Each run starts a redis-server (a free loopback port, a temporary folder, nothing saved), two
`skyjo server --redis` processes with `--lease-seconds L`, and a room made on the first with two
seats played by bots (in this process) that ask the second, which sends them on. After 20 moves the
first process is SIGKILLed; the figure is the seconds until every player is seated again (welcomed,
now by the second process, which took the room over once the lease lapsed).

    python -m tools.bench_takeover --lease 15 --runs 3
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from game.ai import make_bot
from game.net.client import CONNECTED, NetClient, RemoteTable
from game.net.headless import play_as_bot
from game.net.room_maker import make_room
from game.table import TableEvents
from skyjo.bench_server import free_port, redis_answers

ROOT = Path(__file__).resolve().parent.parent
WAIT = 120.0


def _start(command: list[str]) -> subprocess.Popen[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)


def _start_redis(port: int, folder: Path) -> subprocess.Popen[str]:
    """A redis-server on `port`, once it answers (its start, not a guess at how long that takes)."""
    redis = _start([shutil.which("redis-server") or "redis-server", "--port", str(port), "--bind", "127.0.0.1",
                    "--save", "", "--appendonly", "no", "--dir", str(folder)])
    waited = time.monotonic() + 10
    while not redis_answers(port) and time.monotonic() < waited:
        time.sleep(0.05)
    return redis


def one_run(lease: float, folder: Path) -> float:
    """Seconds from the SIGKILL until both players are seated again."""
    port = free_port()
    started: list[subprocess.Popen[str]] = []
    players: list[RemoteTable] = []
    try:
        started.append(_start_redis(port, folder))
        serve = [sys.executable, "-m", "game", "server", "--port", "0", "--redis", f"redis://127.0.0.1:{port}/0",
                 "--lease-seconds", str(lease), "--json"]
        urls = []
        for _ in range(2):
            started.append(_start(serve))
            assert started[-1].stdout is not None
            urls.append(json.loads(started[-1].stdout.readline())["listening"])
        code = make_room(urls[0], ["remote", "remote", "normal"])
        moves = [0]
        for seed in (1, 2):
            remote = RemoteTable(NetClient(urls[1], code, f"P{seed}"))
            remote.subscribe(lambda message: isinstance(message, TableEvents) and message.action is not None
                             and moves.__setitem__(0, moves[0] + 1))
            threading.Thread(target=play_as_bot, args=(remote, make_bot("normal", seed)), daemon=True).start()
            players.append(remote)
        deadline = time.monotonic() + WAIT
        while moves[0] < 40:  # (20 moves, each seen by both players)
            if time.monotonic() > deadline:
                raise TimeoutError("the game did not get going")
            time.sleep(0.005)
        started[1].kill()
        killed = time.monotonic()
        while any(player.client.status == CONNECTED for player in players):  # (the loss noticed)
            time.sleep(0.001)
        while not all(player.client.status == CONNECTED for player in players):
            if time.monotonic() > killed + WAIT:
                raise TimeoutError("the players were not seated again")
            time.sleep(0.001)
        return time.monotonic() - killed
    finally:
        for player in players:
            player.close()
        for process in started:
            process.kill()
            process.wait(10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_takeover", description=__doc__.splitlines()[0])
    parser.add_argument("--lease", type=float, default=15.0, help="--lease-seconds of both processes (default 15)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if shutil.which("redis-server") is None:
        print("redis-server is not installed", file=sys.stderr)
        return 2
    waits = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="skyjo-takeover-") as folder:
            waits.append(one_run(args.lease, Path(folder)))
    print(json.dumps({"lease_seconds": args.lease, "seated_again_after_s": [round(wait, 2) for wait in waits],
                      "median_s": round(statistics.median(waits), 2), "load": os.getloadavg()[0]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
