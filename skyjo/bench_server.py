"""`skyjo bench server --rooms N`: a room server on loopback (`skyjo server`, a process of its own),
N rooms of 4 seats played to their end: 3 players online, each a bot client over a real connection
(an Easy bot deciding from its seat's view, one asyncio loop driving every connection of this
process), and one computer seat at Normal, which the server plays. Printed, never asserted:

- moves a second (every move of every room, the server's computers' too, over the whole run),
- the round trip of a move as its client sees it, p50 and p99 (its play sent -> the table that shows
  it, which the server sends once the move is saved),
- the server's CPU seconds per move (its own process: /proc), and its resident memory per room (the
  most it held while the rooms played, less what it held before the first room).

Players pace like people (`--think-ms`, 0.5 to 1.5 times it, before each move): a client playing
back at once would measure only how long the queue of every room's moves is. The load of the
machine is printed too; the issue's targets (2 cores): 500 rooms, p99 <= 100 ms, <= 1 MB a room.

With `--redis`: a redis-server (a free loopback port, a temporary folder, nothing saved) and two
`skyjo server --redis` processes on it; room i is made on process i % 2 and its seats ask either
(one asked the process that does not run it follows the `redirect`). `--kill-one-at S` SIGKILLs the
first process S seconds into the play: its rooms' seats come back through either address with their
tokens once the lease lapsed, and the bench prints the rooms ended (with a winner) and the moves
lost (a move a seat was shown, then undone, or one played differently from a position: must be 0).
`--compare-one` plays the same rooms on one process on the same Redis first, then on two, and
prints both and the ratio of their moves a second; CPU seconds per process, the bench's clients' too.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from skyjo.bench_seats import Figures, RoomHistory, Seat

ROOM_SEATS = ("remote", "remote", "remote", "normal")  # 3 players online and a computer at Normal
CONNECTING_AT_ONCE = 6  # the server lets 8 connections of one address wait to be seated; ours are all 127.0.0.1
THINK_MS = 1000.0  # a player's pause before a move, on average
TRIES = 50  # attempts at a room the server turned away (too many at once), 0.2 s apart
START_WAIT = 60.0  # seconds for a server's first line, or for redis-server to answer
GAME_WAIT = 3600.0  # seconds for every room to end
MOST_BENCH_ROOMS = 2000
LEASE_SECONDS = 5.0  # with --redis: a room's lease (the server's default is 15): how soon a killed process's rooms move


def bench_server(rooms: int, think_ms: float = THINK_MS, seed: int = 1, *, redis: bool = False,
                 processes: int = 1, kill_at: float | None = None, saves_sync: str | None = None) -> dict[str, Any]:
    """Start the server (`processes` of them on a redis-server with `redis`), play `rooms` rooms to
    their end, SIGKILL the first process `kill_at` seconds in, stop them all; the figures. `saves_sync`:
    the server's --saves-sync (its default with None)."""
    folder = Path(tempfile.mkdtemp(prefix="skyjo-bench-server-"))
    started: list[subprocess.Popen[str]] = []
    try:
        if redis:
            redis_url = _start_redis(folder, started)
            urls = [_start_server(started, rooms, ["--redis", redis_url, "--lease-seconds", str(LEASE_SECONDS)],
                                  public=True) for _ in range(processes)]
        else:
            sync = ["--saves-sync", saves_sync] if saves_sync else []
            urls = [_start_server(started, rooms, ["--data-dir", str(folder / "rooms-kept"), *sync])]
        servers = started[1:] if redis else started
        before = [_rss_kib(server.pid) for server in servers]
        outcome = asyncio.run(_play(urls, rooms, think_ms, seed, servers, kill_at,
                                    started[0].pid if redis else None))
    finally:
        last_lines = {process.pid: _stop(process) for process in reversed(started)}
        shutil.rmtree(folder, ignore_errors=True)
    summary = _summary(rooms, think_ms, outcome, before, redis=redis, processes=len(urls), kill_at=kill_at)
    summary["servers_said"] = [_loop_figures(last_lines[server.pid]) for server in servers]
    return summary


def _loop_figures(line: str) -> dict[str, Any] | None:
    """What a server's summary line says of its loop's lag, its full collections and its saves (None:
    it said nothing, killed)."""
    try:
        said = json.loads(line)
    except ValueError:
        return None
    return {key: said.get(key) for key in ("loop_lag", "collector", "saves")} if isinstance(said, dict) else None


def _summary(rooms: int, think_ms: float, outcome: _Outcome, before: list[int], *, redis: bool, processes: int,
             kill_at: float | None) -> dict[str, Any]:
    from game.net.lag import percentile

    figures, histories, seconds = outcome.figures, outcome.histories, outcome.seconds
    trips = sorted(figures.trips)
    moves = sum(history.moves for history in histories)
    cpu = sum(outcome.cpu)
    growth = sum(most - first for most, first in zip(outcome.most_rss, before))
    summary: dict[str, Any] = {
        "rooms": rooms, "connections": rooms * 3, "think_ms": think_ms, "processes": processes, "redis": redis,
        "seconds": round(seconds, 1),
        "rooms_ended": sum(history.ended and history.winners for history in histories), "moves": moves,
        "moves_per_second": round(moves / seconds, 1) if seconds else 0.0,
        "round_trip_p50_ms": _ms(statistics.median(trips)) if trips else None,
        "round_trip_p99_ms": _ms(percentile(trips, 0.99)) if trips else None,
        "round_trips": len(trips),
        "server_cpu_seconds": round(cpu, 2),
        "server_cpu_seconds_per_process": [round(each, 2) for each in outcome.cpu],
        "clients_cpu_seconds": round(outcome.clients_cpu, 2),
        "server_cpu_seconds_per_move": round(cpu / moves, 5) if moves else None,
        "server_rss_mb": round(sum(outcome.most_rss) / 1024, 1),
        "rss_per_room_mb": round(growth / 1024 / max(rooms, 1), 3),
        "load": [round(load, 2) for load in os.getloadavg()], "cpus": os.cpu_count(),
        "problems": figures.problems[:5],
        "clients_loop_lag": outcome.lag, "clients_collector": outcome.pauses,
    }
    if redis:
        summary.update({
            "redis_cpu_seconds": round(outcome.redis_cpu, 2), "redirects": figures.redirects,
            "killed_at_s": kill_at, "comebacks": figures.comebacks,
            "moves_lost": sum(history.lost + history.differently for history in histories),
            "histories_consistent": all(history.same_end() and not history.lost and not history.differently
                                        for history in histories)})
    return summary


def compare_one(rooms: int, think_ms: float, seed: int, kill_at: float | None) -> dict[str, Any]:
    """The same rooms on one process on Redis, then on two (killing one with `kill_at`): both, and their ratio."""
    one = bench_server(rooms, think_ms, seed, redis=True, processes=1)
    two = bench_server(rooms, think_ms, seed, redis=True, processes=2, kill_at=kill_at)
    ratio = round(two["moves_per_second"] / one["moves_per_second"], 2) if one["moves_per_second"] else None
    return {"one": one, "two": two, "ratio_moves_per_second": ratio}


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def _start_redis(folder: Path, started: list[subprocess.Popen[str]]) -> str:
    """A redis-server on a free loopback port in `folder`, nothing saved; its URL once it answers."""
    program = shutil.which("redis-server")
    if program is None:
        raise BenchRefused("--redis needs redis-server (apt-get install redis-server)")
    port = free_port()
    started.append(subprocess.Popen(
        [program, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir",
         str(folder), "--daemonize", "no", "--loglevel", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True))
    deadline = time.monotonic() + START_WAIT
    while not redis_answers(port):
        if started[-1].poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"redis-server did not start (exit status {started[-1].poll()})")
        time.sleep(0.05)
    return f"redis://127.0.0.1:{port}/0"


def redis_answers(port: int) -> bool:
    """Whether a redis-server on this loopback port answers a PING (the bench's and the tests' wait)."""
    import socket

    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1.0) as line:
            line.sendall(b"PING\r\n")
            return line.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def free_port() -> int:
    """A loopback port free just now (for a server this bench or a test starts)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start_server(started: list[subprocess.Popen[str]], rooms: int, where: list[str], *, public: bool = False) -> str:
    """`skyjo server` in a process of its own (with `public`: on a port of its own, its --public-url that
    address); where it listens."""
    port = free_port() if public else 0
    address = ["--public-url", f"ws://127.0.0.1:{port}"] if public else []
    started.append(subprocess.Popen(  # (its warnings are not read: what went wrong shows in the figures' "problems")
        [sys.executable, "-m", "game", "server", "--port", str(port), *where, *address, "--json",
         "--most-rooms", str(max(rooms, 1)), "--rooms-made", f"{rooms},{rooms}"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True))
    return str(json.loads(_first_line(started[-1]))["listening"])


class BenchRefused(Exception):
    """What the bench cannot do here, in one line."""


def _first_line(server: subprocess.Popen[str]) -> str:
    """The server's first line (where it listens), within START_WAIT seconds."""
    assert server.stdout is not None
    ready, _, _ = select.select([server.stdout], [], [], START_WAIT)
    line = server.stdout.readline() if ready else ""
    if not line:
        raise RuntimeError(f"the server did not start (exit status {server.poll()})")
    return line


def _stop(server: subprocess.Popen[str]) -> str:
    """Stop `server` (SIGTERM, then SIGKILL past 30 s); the last line it printed ("" if none)."""
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            said, _ = server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            said, _ = server.communicate(timeout=10)
    else:
        said, _ = server.communicate(timeout=10)
    lines = (said or "").strip().splitlines()
    return lines[-1] if lines else ""


def _cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of process `pid` so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class _Outcome:
    """A run's figures: the clients', each room's history, its seconds, each server's CPU seconds
    and most resident memory (KiB), the clients' and redis-server's CPU seconds."""

    def __init__(self, figures: Figures, histories: list[RoomHistory]) -> None:
        self.figures, self.histories = figures, histories
        self.seconds, self.clients_cpu, self.redis_cpu = 0.0, 0.0, 0.0
        self.cpu: list[float] = []
        self.most_rss: list[int] = []
        self.lag: dict[str, Any] = {}  # the clients' loop: how late it ran (game/net/lag.py)
        self.pauses: dict[str, Any] = {}  # and the full collections in this process


class _Watch:
    """Each server's CPU seconds and most resident memory, sampled while it lives (a killed one keeps
    its last figures)."""

    def __init__(self, servers: list[subprocess.Popen[str]]) -> None:
        self.servers = servers
        self.first = [_cpu_seconds(server.pid) for server in servers]
        self.cpu = list(self.first)
        self.rss = [_rss_kib(server.pid) for server in servers]

    def sample(self) -> None:
        for n, server in enumerate(self.servers):
            if server.poll() is None:
                try:
                    self.cpu[n] = _cpu_seconds(server.pid)
                    self.rss[n] = max(self.rss[n], _rss_kib(server.pid))
                except (OSError, IndexError, ValueError):
                    pass  # (it ended between the poll and the read)

    def used(self) -> list[float]:
        return [now - first for now, first in zip(self.cpu, self.first)]


async def _play(urls: list[str], rooms: int, think_ms: float, seed: int, servers: list[subprocess.Popen[str]],
                kill_at: float | None, redis_pid: int | None) -> _Outcome:
    """Make the rooms (room i on process i % len(urls)), seat their players (seat n of room i asks
    process (i + n) % len(urls)) and play them to the end, SIGKILLing the first process `kill_at`
    seconds in; the figures from the first seat's connection to the last end."""
    from game.net.lag import CollectorPauses, LoopLag, quiet_collector

    gate = asyncio.Semaphore(CONNECTING_AT_ONCE)
    figures = Figures()
    codes = await asyncio.gather(*(_make_room(urls[i % len(urls)], gate) for i in range(rooms)))
    lag, pauses = LoopLag(), CollectorPauses()
    lag.start()
    pauses.start()
    quiet_collector()  # (as the server does: a full collection stops every connection of this loop)
    histories = [RoomHistory(3) for _ in codes]
    watch = _Watch(servers)
    redis_cpu = _cpu_seconds(redis_pid) if redis_pid else 0.0
    sampling = asyncio.create_task(_sample(watch.sample))
    killing = asyncio.create_task(_kill(servers[0], kill_at, watch)) if kill_at is not None else None
    start, clients_cpu = time.perf_counter(), time.process_time()
    chooser = random.Random(seed)
    seats = [Seat([urls[(i + n + k) % len(urls)] for k in range(len(urls))], code, n, think_ms / 1000,
                  chooser.randrange(2**31), figures, histories[i])
             for i, code in enumerate(codes) for n in range(3)]
    await asyncio.wait_for(asyncio.gather(*(seat.play(gate) for seat in seats)), GAME_WAIT)
    outcome = _Outcome(figures, histories)
    outcome.seconds, outcome.clients_cpu = time.perf_counter() - start, time.process_time() - clients_cpu
    lag.stop()
    pauses.stop()
    outcome.lag, outcome.pauses = lag.figures(), pauses.figures()
    watch.sample()
    outcome.cpu, outcome.most_rss = watch.used(), watch.rss
    outcome.redis_cpu = _cpu_seconds(redis_pid) - redis_cpu if redis_pid else 0.0
    sampling.cancel()
    if killing is not None:
        killing.cancel()
    return outcome


async def _kill(server: subprocess.Popen[str], after: float, watch: _Watch) -> None:
    await asyncio.sleep(after)
    watch.sample()  # (its last CPU seconds and memory)
    server.kill()  # SIGKILL


async def _sample(take: Callable[[], object]) -> None:
    while True:
        take()
        await asyncio.sleep(0.5)


async def _make_room(url: str, gate: asyncio.Semaphore) -> str:
    from game.net import protocol as wire

    message = wire.encode(wire.Create(wire.PROTOCOL_VERSION, cast(list[wire.RoomSeat], list(ROOM_SEATS)), "voyage"))
    for _ in range(TRIES):
        async with gate:
            answer = await _ask(url, message)
        if isinstance(answer, wire.Room):
            return answer.code
        await asyncio.sleep(0.2)
    raise RuntimeError(f"no room made: {getattr(answer, 'reason', answer)}")


async def _ask(url: str, text: str) -> object:
    """The server's first answer to `text` on a connection of its own (None: turned away)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    from game.net.protocol import MAX_FRAME, decode_host

    try:
        async with connect(url, compression=None, max_size=MAX_FRAME, proxy=None, open_timeout=10) as ws:
            await ws.send(text)
            return decode_host(await asyncio.wait_for(ws.recv(), 10))
    except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError):
        return None


def run(args: Any) -> int:
    """`skyjo bench server`'s command: the figures printed (JSON with --json)."""
    rooms = 10 if args.rooms is None else args.rooms
    problem = _problem(args, rooms)
    if problem:
        print(f"skyjo bench: error: {problem}", file=sys.stderr)
        return 2
    think = THINK_MS if args.think_ms is None else args.think_ms
    kill_at = getattr(args, "kill_one_at", None)
    try:
        if getattr(args, "compare_one", False):
            figures = compare_one(rooms, think, args.seed, kill_at)
            runs = [figures["one"], figures["two"]]
        else:
            figures = bench_server(rooms, think, args.seed, redis=bool(args.redis), processes=2 if args.redis else 1,
                                   kill_at=kill_at, saves_sync=getattr(args, "saves_sync", None))
            runs = [figures]
    except BenchRefused as refused:
        print(f"skyjo bench: error: {refused}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>30}  {value}")
    whole = all(run["rooms_ended"] == rooms and not run.get("moves_lost") for run in runs)
    return 0 if whole else 1


def _problem(args: Any, rooms: int) -> str | None:
    """What is wrong with the command's options, in one line (None: nothing)."""
    if not 1 <= rooms <= MOST_BENCH_ROOMS:
        return f"--rooms must be from 1 to {MOST_BENCH_ROOMS}"
    if args.think_ms is not None and not 0 <= args.think_ms <= 60_000:
        return "--think-ms must be from 0 to 60000"
    kill_at = getattr(args, "kill_one_at", None)
    if (kill_at is not None or getattr(args, "compare_one", False)) and not args.redis:
        return "--kill-one-at and --compare-one go with --redis (two server processes on one Redis)"
    if getattr(args, "saves_sync", None) and args.redis:
        return "--saves-sync goes with a data folder, not --redis"
    if kill_at is not None and not 0 < kill_at <= GAME_WAIT:
        return f"--kill-one-at must be above 0 and at most {GAME_WAIT:g} seconds"
    return None
