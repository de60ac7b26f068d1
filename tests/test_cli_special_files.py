"""A file given on the command line that is not an ordinary file (issue 38 item 6): a FIFO with
no writer, a device, a folder. `skyjo replay FILE` and `skyjo review FILE` refuse it in one line
(their one-line JSON error), exit status 2, without waiting on the open: before, a FIFO left
both commands waiting for a writer for ever.

Each command runs in a subprocess with a generous time limit, so a command that waits fails the
test instead of hanging the suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIME_LIMIT = 60  # seconds: a refusal takes well under one; this only stops a command that waits for ever

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")


def special(kind: str, folder: Path) -> Path:
    if kind == "fifo":
        path = folder / "game.json"
        os.mkfifo(path)  # nobody writes to it: a plain open to read waits for a writer for ever
        return path
    if kind == "link to a fifo":
        os.mkfifo(folder / "pipe")
        (folder / "game.json").symlink_to(folder / "pipe")
        return folder / "game.json"
    return Path("/dev/zero")  # a device: an endless stream of zeros


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "skyjo", *args], cwd=ROOT, stdin=subprocess.DEVNULL,
                          capture_output=True, timeout=TIME_LIMIT,
                          env={**os.environ, "SKYJO_DATA_DIR": "/nonexistent/skyjo-data"})


@pytest.mark.parametrize("command", ["replay", "review"])
@pytest.mark.parametrize("kind", ["fifo", "link to a fifo", "/dev/zero"])
def test_a_file_that_is_not_an_ordinary_file_is_refused_in_one_line_without_waiting(command: str, kind: str,
                                                                                     tmp_path: Path) -> None:
    if kind == "/dev/zero" and not os.path.exists("/dev/zero"):
        pytest.skip("needs /dev/zero")
    path = special(kind, tmp_path)
    done = run(command, str(path))
    assert b"Traceback" not in done.stderr, done.stderr
    lines = done.stdout.decode("utf-8").splitlines()
    assert done.returncode == 2 and len(lines) == 1, (done.returncode, done.stdout, done.stderr)
    message = json.loads(lines[0])["error"]["message"]
    assert message == f"cannot read {path}: it is not an ordinary file"
