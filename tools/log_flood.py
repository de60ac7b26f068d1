"""`python -m tools.log_flood`: what a stranger's flood makes a headless host write on its standard
error, printed (never asserted; issue 46, items 6 and 7).

Starts `python -m game host` on loopback, then knocks at it for `--seconds` from `--knockers`
threads, each connection a hello with an unknown field whose name holds terminal escapes (no join
code needed: the host turns it away), stops the host with SIGINT and prints the bytes and lines its
stderr received, per second, and how many raw ESC bytes were among them. `--root FOLDER` runs the
host from another checkout (e.g. the commit before) with this interpreter, for a paired run.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[1]
FORGED = "\x1b[2K\x1b[1G\x07\u202eskyjo host: Ann seated"  # erase the line, back to its start, bell, RTL
HELLO = json.dumps({"type": "hello", "version": 2, "code": "NOPE", "name": "Eve", FORGED: 1})


def knock(url: str, until: float, count: list[int]) -> None:
    """Connections one after another until `until`, each a stranger's hello the host refuses."""
    while time.monotonic() < until:
        try:
            with connect(url, compression=None, proxy=None, open_timeout=5, close_timeout=1) as ws:
                ws.send(HELLO)
                ws.recv(5)
        except Exception:  # noqa: BLE001 - the host closes on us; any ending of a knock is one knock
            pass
        count[0] += 1


def _sigint_as_in_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # (a tool started in the background hands SIGINT ignored)


def start_host(root: Path) -> tuple[subprocess.Popen[bytes], str]:
    env = {**os.environ, "PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen([sys.executable, "-m", "game", "host", "--json", "--bind", "127.0.0.1"], cwd=root,
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=_sigint_as_in_a_terminal if os.name == "posix" else None)
    assert process.stdout is not None
    first = process.stdout.readline()
    if not first:
        process.kill()
        raise SystemExit(f"the host did not start: {process.communicate(timeout=10)[1][-2000:]!r}")
    return process, json.loads(first)["listening"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.log_flood", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="how long the strangers knock (default 10)")
    parser.add_argument("--knockers", type=int, default=4, help="connections at once (default 4)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout the host runs from (default: this)")
    args = parser.parse_args(argv)
    process, url = start_host(args.root)
    received: list[bytes] = []  # read as it comes: a full pipe would stall the host, not measure it
    assert process.stderr is not None
    reader = threading.Thread(target=lambda: received.extend(iter(process.stderr.readline, b"")))  # type: ignore[union-attr]
    reader.start()
    counts = [[0] for _ in range(args.knockers)]
    began = time.monotonic()
    threads = [threading.Thread(target=knock, args=(url, began + args.seconds, count)) for count in counts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
    reader.join(10)
    err = b"".join(received)
    knocks = sum(count[0] for count in counts)
    print(json.dumps({"root": str(args.root), "seconds": round(elapsed, 1), "connections": knocks,
                      "stderr_bytes": len(err), "stderr_lines": err.count(b"\n"),
                      "bytes_per_second": round(len(err) / elapsed), "raw_escapes": err.count(b"\x1b")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
