"""`skyjo host --data-dir D` on the desktop game's folder: the hosted table keeps its own
save (host-save.json), so the desktop's saved game and its backup are never touched, and a
host started again resumes its own table. A damaged tokens file is moved aside and hosting
goes on; a data folder that is a file is refused in one line. Loopback only, every wait
bounded."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from helpers import wait_until
from net_tools import BotPlayer

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.store import Store
from game.store.paths import HOST_SAVE_FILE

ROOT = Path(__file__).resolve().parent.parent
WAIT = 120.0  # seconds a whole hosted game may take before the test fails
DESKTOP = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bob", COMPUTER, "easy")), seed=4)


def desktop_save(folder: Path) -> dict[str, bytes]:
    """The desktop game's save and its backup, a few moves in; their bytes."""
    state = DESKTOP.new_game()
    store = Store(folder)
    for _ in range(2):  # two saves: the second leaves the first as save.json.bak
        state.apply(state.legal_actions()[0])
        store.saves.save(DESKTOP, state)
    store.close()
    return {name: (folder / name).read_bytes() for name in ("save.json", "save.json.bak")}


class HostProcess:
    """`python -m game host ...` with its output read line by line in a thread."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        self.process = subprocess.Popen([sys.executable, "-m", "game", "host", "--bind", "127.0.0.1", *args],
                                        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.err: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _read_err(self) -> None:
        for line in self.process.stderr:
            self.err.append(line)

    def line(self, timeout: float = 60.0) -> str:
        line = self.lines.get(timeout=timeout)
        assert line is not None, f"the host ended early: {''.join(self.err)}"
        return line

    def wait(self, timeout: float = WAIT) -> int:
        try:
            return self.process.wait(timeout)
        finally:
            self.kill()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)


def wait_for(condition, timeout: float = WAIT) -> bool:
    return wait_until(condition, timeout, pause=0.01)


def stop(*players: BotPlayer) -> None:
    for player in players:
        player.stop.set()
        player.remote.close()


# ---------------------------------------------------------------- 2. the desktop's save is never touched
def test_a_whole_hosted_game_leaves_the_desktop_save_and_its_backup_byte_for_byte(tmp_path):
    before = desktop_save(tmp_path)
    host = HostProcess("--data-dir", str(tmp_path), "--seats", "remote,remote", "--seed", "3", "--json")
    try:
        first = json.loads(host.line())
        ann = BotPlayer(first["listening"], "easy", seed=1, name="Ann", code=first["code"])
        bob = BotPlayer(first["listening"], "easy", seed=2, name="Bob", code=first["code"])
        assert ann.join(WAIT) is True and bob.join(WAIT) is True, "both bots played the game to its end"
        assert json.loads(host.line())["games"] == 1
        assert host.wait() == 0
    finally:
        host.kill()
    assert {name: (tmp_path / name).read_bytes() for name in before} == before
    assert not (tmp_path / HOST_SAVE_FILE).exists(), "the finished hosted game removed its own save only"
    desktop = Store(tmp_path).saves.load()
    assert desktop is not None and desktop[0] == DESKTOP


def test_a_host_killed_mid_game_resumes_its_own_table_and_the_desktop_save_stays(tmp_path):
    before = desktop_save(tmp_path)
    host = HostProcess("--data-dir", str(tmp_path), "--seats", "remote,remote", "--seed", "3")
    players: list[BotPlayer] = []
    try:
        said = host.line()
        url, code = said.split()[2].rstrip(","), said.split()[-1]
        players = [BotPlayer(url, "easy", seed=n, name=name, code=code) for n, name in enumerate(("Ann", "Bob"))]
        assert wait_for(lambda: (tmp_path / HOST_SAVE_FILE).exists()), "the hosted table autosaved"
    finally:
        host.kill()  # the host "crashes"
        stop(*players)
    hosted = Store(tmp_path, save_file=HOST_SAVE_FILE).saves.load()
    assert hosted is not None and [seat.name for seat in hosted[0].seats] in (["Ann", "Bob"], ["Bob", "Ann"])
    again = HostProcess("--data-dir", str(tmp_path), "--seats", "remote,remote")
    try:
        resumed = again.line()
    finally:
        again.kill()
    assert resumed.endswith(f"join code {code} (resumed from the save)\n")
    assert {name: (tmp_path / name).read_bytes() for name in before} == before


# ---------------------------------------------------------------- 10. a tokens file that cannot be written back
def test_a_lone_surrogate_in_the_tokens_file_is_moved_aside_and_hosting_goes_on(tmp_path):
    tokens = tmp_path / "tokens.json"
    tokens.write_text('{"format": 1, "tokens": {"join ws://h:1 ABC": "\\ud800", "host code": "OLDCOD"}}')
    host = HostProcess("--data-dir", str(tmp_path), "--json")
    try:
        first = json.loads(host.line())
        assert wait_for(lambda: any("warning" in line for line in host.err), 60)
    finally:
        host.kill()
    assert first["code"] != "OLDCOD" and first["listening"].startswith("ws://127.0.0.1:")
    [aside] = [p for p in tmp_path.iterdir() if p.name.startswith("tokens.json.corrupt-")]
    assert "\\ud800" in aside.read_text(), "the bad file is kept, aside"
    assert json.loads(tokens.read_text())["tokens"]["host code"] == first["code"]  # written afresh
    warning = "".join(host.err)
    assert (f"skyjo host: warning: Your network seat tokens were damaged: a token entry holds characters that are "
            f"not plain text. It was moved to {aside}.") in warning and "Traceback" not in warning


def test_tokens_that_are_not_plain_text_are_refused_on_load_and_never_kept(tmp_path):
    (tmp_path / "tokens.json").write_text('{"format": 1, "tokens": {"k\\udfff": "fine"}}')
    store = Store(tmp_path)
    assert store.tokens.get("k") is None
    [notice] = [told.worded() for told in store.take_notices()]
    assert "tokens were damaged" in notice and "moved to" in notice
    assert store.tokens.keep("join ws://h:2 ABC", "\ud800") is False  # not kept, no exception
    assert store.tokens.keep("join ws://h:2 ABC", "bell\a") is False
    assert store.tokens.keep("host code", "K7QX2M") is True  # the file is still written after them
    assert Store(tmp_path).tokens.get("host code") == "K7QX2M"
    assert Store(tmp_path).tokens.get("join ws://h:2 ABC") is None


# ---------------------------------------------------------------- 13. a data folder that is a file
@pytest.mark.parametrize("where", ["the folder", "its parent"])
def test_host_with_a_data_folder_that_is_a_file_refuses_in_one_line(tmp_path, where):
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    folder = blocker if where == "the folder" else blocker / "skyjo"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "game", "host", "--bind", "127.0.0.1", "--data-dir", str(folder)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert f"{blocker} is a file, not a folder" in done.stderr
    assert blocker.read_text() == "not a folder"
