"""A real redis-server for the tests of several server processes on one Redis (issue 49 item 2):
started on a free loopback port in a temporary folder, nothing written to disk, always stopped.
Where redis-server is not installed the tests that need it skip, saying so (.ci/run installs it)."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from skyjo.bench_server import free_port, redis_answers

START_WAIT = 20.0  # seconds redis-server has to answer a PING


def redis_server(folder: Path) -> Iterator[str]:
    """A redis-server's URL while the caller runs; stopped (killed if it must be) however the caller ends."""
    program = shutil.which("redis-server")
    if program is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server; .ci/run installs it)")
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    process = subprocess.Popen([program, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                                "no", "--dir", str(folder), "--daemonize", "no", "--loglevel", "warning"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + START_WAIT
        while not redis_answers(port):
            assert process.poll() is None, "redis-server stopped as it started"
            assert time.monotonic() < deadline, f"redis-server did not answer within {START_WAIT:g} s"
            time.sleep(0.02)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def all_keys(url: str) -> list[str]:
    """Every key in that Redis now."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        return sorted(key.decode() for key in client.scan_iter(count=1000))
    finally:
        client.close()
