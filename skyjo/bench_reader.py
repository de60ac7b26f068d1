"""`skyjo bench reader`: what the one reader of untrusted JSON (game/wire/reading.py) costs on
the worst text anyone can send it, printed, never asserted (issue 38, item 3).

Three parts:

- the reader itself on every shape below at 64 KiB, 1 MiB and 16 MiB: seconds, CPU seconds
  per MiB, and how the CPU time grows when the text grows 16 times (linear: about 16; the
  promise: at most 20), judged from 1 MiB to 16 MiB (below 1 MiB the text and what is built
  from it fit in the processor's cache, so 64 KiB reads faster per MiB: its ratio is shown
  too), for the whole read and for its checks alone (the decode's growth is msgspec's and the
  memory's); CPU time, because the wall time of a shared machine is other programs' too;
- every reader of a message, a bot's line or a data file on every shape at its own size cap
  (a network message 64 KiB, a bot's line 1 MiB, a last game 2 MiB, reviews and saves 4 MiB,
  an export 16 MiB...): the slowest shape of each, with the 16 MiB export the one to read in
  under 2 s;
- a real host on 127.0.0.1: how long a stranger's hostile 64 KiB hello takes to be refused,
  and how long a seated player's ping, sent at the same moment, takes to be answered.
"""

from __future__ import annotations

import logging
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

KiB, MiB = 1 << 10, 1 << 20
SIZES = (64 * KiB, MiB, 16 * MiB)  # the reader alone; its growth is judged from the 2nd to the 3rd
MOST_GROWTH = 20.0  # 16 times the text may cost at most 20 times the time
EXPORT_SECONDS = 2.0  # the 16 MiB worst-case export, read in under this
STRANGERS = 5  # hostile hellos sent to the host, one after another
MOST_BYTES: int | None = None  # every reader's size at most this (None: its own cap); a test's


def _repeat(unit: str, count: int) -> str:
    return unit * max(0, count)


# The worst text: each shape is `body(room)`, about `room` characters, put after a reader's own
# opening (a hello's first fields, an export's first key...) and padded to the exact size.
SHAPES: dict[str, Callable[[int], str]] = {
    "an unclosed string of escaped quotes": lambda room: '"' + _repeat('\\"', room // 2),
    "an unclosed string of backslashes": lambda room: '"' + _repeat("\\\\", room // 2),
    "quotes only": lambda room: _repeat('"', room),
    "lists opened and never closed": lambda room: _repeat("[", room),
    "marks that never pair": lambda room: _repeat("][", room // 2),
    "lists 5 deep, one after another": lambda room: "[" + _repeat("[[[[]]]],", room // 9 - 1) + "0]",
    "many empty lists": lambda room: "[" + _repeat("[],", room // 3 - 1) + "0]",
    "one long run of digits": lambda room: "[" + _repeat("7", room - 2) + "]",
    "numbers of 100 digits": lambda room: "[" + _repeat("9" * 100 + ",", room // 101 - 1) + "0]",
    "many empty strings": lambda room: "[" + _repeat('"",', room // 3 - 1) + '""]',
    "many one-letter strings": lambda room: "[" + _repeat('"a",', room // 4 - 1) + '"a"]',
    "many two-letter strings": lambda room: "[" + _repeat('"ab",', room // 5 - 1) + '"ab"]',
    "many escapes in strings": lambda room: "[" + _repeat('"\\u00e9",', room // 9 - 1) + '""]',
    "one long key": lambda room: '{"' + _repeat("k", room - 6) + '":1}',
    "an object of many short unique keys": lambda room: "{" + ",".join(f'"{n:x}":0' for n in range(room // 9)) + "}",
}


def text_of(shape: str, size: int, opening: str = "") -> str:
    """`shape` after `opening` (a JSON object's first fields, closed after it), exactly `size`
    characters (spaces pad it)."""
    closing = "}" if opening else ""
    body = SHAPES[shape](max(0, size - len(opening) - len(closing) - 16))  # (a shape may round up a little)
    text = opening + body + closing
    return text[:size] + " " * (size - len(text))


def _seconds(action: Callable[[], Any], repeats: int) -> tuple[float, float]:
    """The fastest of `repeats` runs (the others met a busy machine), in wall seconds and in
    this process's CPU seconds (which other programs' load hardly changes); whatever `action`
    raises is its answer (a refusal) and is part of the time."""
    wall = cpu = float("inf")
    for _ in range(repeats):
        started, used = time.perf_counter(), time.process_time()
        try:
            action()
        except Exception:  # noqa: BLE001 - a refusal is what a hostile text should get
            pass
        wall, cpu = min(wall, time.perf_counter() - started), min(cpu, time.process_time() - used)
    return wall, cpu


def bench_reader() -> dict[str, Any]:
    """Every figure of the three parts (module docstring); SIZES, MOST_BYTES and STRANGERS
    may be made smaller (a test of the output's shape)."""
    runs, growth = _reader_alone(SIZES)
    files = _readers_at_their_caps(MOST_BYTES)
    export = next(item for item in files if item["reader"] == "an exported game log")
    return {"runs": runs, "growth": growth, "files": files,
            "export": {"bytes": export["bytes"], "seconds": export["seconds"], "cpu_seconds": export["cpu_seconds"],
                       "shape": export["shape"], "under_2_s": export["seconds"] < EXPORT_SECONDS},
            "host": _host(STRANGERS)}


def _reader_alone(sizes: tuple[int, int, int]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The reader on each shape at each size, and how its CPU time grows from the second size
    to the third: the whole read, and its checks alone (what comes before the decode)."""
    from game.wire.reading import check, read

    runs, growth = [], []
    for shape in SHAPES:
        cpu, checks = [], []
        for size, repeats in zip(sizes, (20, 5, 3)):
            text = text_of(shape, size)
            wall, used = _seconds(partial(read, text, Any, most_depth=8), repeats)
            cpu.append(max(used, 1e-9))
            checks.append(max(_seconds(partial(check, text, most_depth=8), repeats)[1], 1e-9))
            runs.append(_row({"shape": shape}, size, wall, used))
        scale = sizes[2] / sizes[1] / 16  # (1 with the default sizes)
        growth.append({"shape": shape, "size_ratio": sizes[2] // sizes[1], "cpu_ratio": round(cpu[2] / cpu[1], 1),
                       "cpu_ratio_below": round(cpu[1] / cpu[0], 1), "linear": cpu[2] / cpu[1] <= MOST_GROWTH * scale,
                       "checks_cpu_ratio": round(checks[2] / checks[1], 1)})
    return runs, growth


def _row(what: dict[str, Any], size: int, wall: float, cpu: float) -> dict[str, Any]:
    return what | {"bytes": size, "seconds": round(wall, 5), "cpu_seconds": round(cpu, 5),
                   "cpu_seconds_per_mib": round(cpu * MiB / size, 4)}


def _file_readers(folder: Path) -> dict[str, tuple[int, str, Callable[[str], Any]]]:
    """Each reader of untrusted text: (its size cap, its opening, how it reads a text)."""
    from game.net.protocol import MAX_MESSAGE, decode_client, decode_host
    from game.store.documents import SAVE_CAP, SETTINGS_CAP, STATS_CAP, TOKENS_CAP
    from game.store.export import MOST_EXPORT_BYTES, read_export
    from game.store.last_game import LAST_GAME_FILE, last_game
    from game.store.reviews import REVIEWS_CAP, REVIEWS_FILE, ReviewShelf
    from game.store.saves import decode_save
    from game.store.settings import decode_settings
    from game.store.stats import decode_stats_checked
    from game.store.tokens import decode_tokens
    from game.wire.bots import ANSWER, MAX_MESSAGE_BYTES, TO_BOT, read_line
    from game.wire.finished import MOST_BYTES

    def planted(name: str, read: Callable[[Path], Any]) -> Callable[[str], Any]:
        def plant_and_read(text: str) -> Any:
            path = folder / name
            path.write_text(text, encoding="utf-8")
            return read(path)
        return plant_and_read

    hello = '{"type":"hello","version":2,"code":"BENCH1","name":'
    document = '{"format":1,"state":'
    return {
        "a message to the host": (MAX_MESSAGE, hello, decode_client),
        "a message from the host": (MAX_MESSAGE, '{"type":"notice","key":"player_back","args":', decode_host),
        "a line to `skyjo bot`": (MAX_MESSAGE_BYTES, '{"type":"decide","view":', lambda text: read_line(text, TO_BOT)),
        "a bot's answer": (MAX_MESSAGE_BYTES, '{"action":', lambda text: read_line(text, ANSWER)),
        "tokens.json": (TOKENS_CAP, document, lambda text: decode_tokens(text.encode())),
        "settings.json": (SETTINGS_CAP, document, lambda text: decode_settings(text.encode())),
        "stats.json": (STATS_CAP, document, lambda text: decode_stats_checked(text.encode())[0]),
        "a save": (SAVE_CAP, document, lambda text: decode_save(text.encode())),
        "last-game.json": (MOST_BYTES, '{"record":', planted(LAST_GAME_FILE, lambda path: last_game(path.parent))),
        "reviews.json": (REVIEWS_CAP, '{"format":1,"reviews":',
                         planted(REVIEWS_FILE, lambda path: ReviewShelf(path.parent).trend("Ann"))),
        "an exported game log": (MOST_EXPORT_BYTES, '{"rounds":', planted("skyjo-export.json", read_export)),
    }


def _readers_at_their_caps(most: int | None) -> list[dict[str, Any]]:
    """Each reader at its size cap (or `most`): its slowest shape and that shape's time."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="skyjo-bench-") as scratch:  # never the player's folder
        for reader, (cap, opening, read) in _file_readers(Path(scratch)).items():
            size = cap if most is None else min(cap, most)
            timed = {shape: _seconds(partial(read, text_of(shape, size, opening)), 3 if size <= MiB else 2)
                     for shape in SHAPES}
            slowest = max(timed, key=lambda shape: timed[shape][0])
            rows.append(_row({"reader": reader, "shape": slowest}, size, *timed[slowest]))
    return rows


def _host(strangers: int) -> dict[str, Any]:
    """A real host on 127.0.0.1 with one seated player: strangers' hostile hellos (the worst
    shape at 64 KiB, no join code), each followed at once by the seated player's ping, which
    the host's event loop answers itself; the slowest refusal and the slowest pong, in ms."""
    from game.match import REMOTE, MatchConfig, SeatConfig
    from game.net.host import NetHost
    from game.net.protocol import MAX_MESSAGE, PROTOCOL_VERSION
    from game.table import TableController

    config = MatchConfig("voyage", (SeatConfig("Ann", REMOTE), SeatConfig("Bo", REMOTE)), seed=1)
    host = NetHost(TableController(config, config.new_game(), speed=0), "BENCH1", "127.0.0.1", 0)
    hostile = text_of("an unclosed string of escaped quotes", MAX_MESSAGE,
                      f'{{"type":"hello","version":{PROTOCOL_VERSION},"code":"NOPE","name":')
    refused, answered = [], []
    told = logging.getLogger("skyjo.net.host")
    level, told.level = told.level, logging.ERROR  # (each stranger turned away is a warning line)
    try:
        seated = _connect(host.url)
        seated.send(f'{{"type":"hello","version":{PROTOCOL_VERSION},"code":"BENCH1","name":"Ann"}}')
        host.pump(5.0)  # (the table's side seats the player)
        _until(seated, "welcome")
        for _ in range(strangers):
            stranger = _connect(host.url)
            started = time.perf_counter()
            stranger.send(hostile)
            if not seated.ping().wait(10):
                raise TimeoutError("the host's event loop did not answer a ping within 10 s")
            answered.append(time.perf_counter() - started)
            _until(stranger, "refused")
            refused.append(time.perf_counter() - started)
            stranger.close()
        seated.close()
    finally:
        host.close(final=True)
        told.setLevel(level)
    return {"hostile_hello_bytes": len(hostile), "strangers": strangers,
            "refused_ms": round(max(refused) * 1000, 2), "seated_answered_ms": round(max(answered) * 1000, 2)}


def _connect(url: str) -> Any:
    from websockets.sync.client import connect

    return connect(url, compression=None, proxy=None, open_timeout=5, max_size=None, legacy=True)


def _until(ws: Any, kind: str) -> None:
    import json

    while json.loads(ws.recv(10))["type"] != kind:
        pass


def report_lines(figures: dict[str, Any]) -> list[str]:
    """The figures for a person: the reader alone, the readers at their caps, the host."""
    lines = [f"{'shape':<38}{'bytes':>10}{'seconds':>10}{'cpu s':>10}{'cpu s/MiB':>10}"]
    lines += [f"{run['shape']:<38}{run['bytes']:>10}{run['seconds']:>10}{run['cpu_seconds']:>10}"
              f"{run['cpu_seconds_per_mib']:>10}" for run in figures["runs"]]
    lines += [f"growth, {item['shape']}: {item['size_ratio']}x the text, {item['cpu_ratio']}x the CPU time"
              f"{'' if item['linear'] else '  NOT LINEAR'} (its checks alone {item['checks_cpu_ratio']}x;"
              f" from 64 KiB to 1 MiB: {item['cpu_ratio_below']}x)"
              for item in figures["growth"]]
    lines += [f"{item['reader']} at {item['bytes']} bytes: {item['seconds']} s ({item['cpu_seconds']} s of CPU),"
              f" slowest on {item['shape']}" for item in figures["files"]]
    export, host = figures["export"], figures["host"]
    lines.append(f"the {export['bytes'] >> 20} MiB export: {export['seconds']} s "
                 f"({'under' if export['under_2_s'] else 'NOT under'} {EXPORT_SECONDS:g} s)")
    lines.append(f"host: {host['strangers']} hostile hellos of {host['hostile_hello_bytes']} bytes refused within "
                 f"{host['refused_ms']} ms; the seated player's ping answered within {host['seated_answered_ms']} ms")
    return lines
