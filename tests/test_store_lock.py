"""The data folder's lock cannot be switched off: whatever sits at `skyjo.lock` in a folder
the player can write, either the game holds the lock or it refuses to start in one line.
Never do two Skyjos on one folder both run, and nothing outside the folder is ever opened
through a link (docs/saves.md, "What the lock and the loaders refuse")."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import threading
from pathlib import Path

import pytest

from game.store import Store
from game.store.lock import LOCK_FILE, FolderInUse, FolderLock, LockRefused

ROOT = Path(__file__).resolve().parent.parent


def second_store_is_kept_out(folder: Path) -> None:
    """A second running game on the folder stops (in use or refused), having taken nothing."""
    with pytest.raises((FolderInUse, LockRefused)):
        Store(folder).lock_folder()


def outside_files(outside: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mode) for p in outside.iterdir()}


def start_game(folder: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", "--data-dir", str(folder)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


# ---------------------------------------------------------------- a folder in its place: refused
def test_a_folder_at_the_lock_name_refuses_the_start_and_keeps_others_out(tmp_path):
    (tmp_path / LOCK_FILE).mkdir()
    (tmp_path / LOCK_FILE / "notes.txt").write_text("mine")
    with pytest.raises(LockRefused, match=r"skyjo.lock is a folder, not its lock file; move it away"):
        Store(tmp_path).lock_folder()
    second_store_is_kept_out(tmp_path)
    assert (tmp_path / LOCK_FILE / "notes.txt").read_text() == "mine"  # nothing of it was touched


def test_the_desktop_game_refuses_in_one_line_and_status_2(tmp_path):
    (tmp_path / LOCK_FILE).mkdir()
    done = start_game(tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "is a folder, not its lock file" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [LOCK_FILE], "nothing was read or written"


# ---------------------------------------------------------------- a link or a FIFO: moved aside
@pytest.mark.parametrize("entry", ["link to a file outside", "dangling link", "FIFO"])
def test_a_strange_entry_at_the_lock_name_is_moved_aside_and_never_followed(tmp_path, entry):
    folder, outside = tmp_path / "data", tmp_path / "outside"
    folder.mkdir()
    outside.mkdir()
    victim = outside / "precious.txt"
    victim.write_text("do not touch")
    victim.chmod(0o600)
    if entry == "link to a file outside":
        (folder / LOCK_FILE).symlink_to(victim)
    elif entry == "dangling link":
        (folder / LOCK_FILE).symlink_to(outside / "would-be-created")
    else:
        os.mkfifo(folder / LOCK_FILE)
    before = outside_files(outside)
    store = Store(folder)
    try:
        assert store.lock_folder() is True
        second_store_is_kept_out(folder)
        assert outside_files(outside) == before, "nothing outside the folder was created, written or chmodded"
        lock = folder / LOCK_FILE
        assert lock.is_file() and not lock.is_symlink()
        [aside] = [p for p in folder.iterdir() if p.name.startswith(f"{LOCK_FILE}.corrupt-")]
        assert aside.is_symlink() or aside.is_fifo()
        [notice] = [told.worded() for told in store.take_notices()]
        assert notice.startswith(f"The lock file {lock} was ") and f"moved to {aside} and made afresh" in notice
    finally:
        store.close()
    again = Store(folder)
    assert again.lock_folder() is True and again.take_notices() == []  # repaired for good
    again.close()


def test_racing_starts_on_a_planted_link_never_both_hold_the_lock(tmp_path):
    """Eight starts at once, each finding the link, repairing it and locking: one runs."""
    for round_number in range(15):
        folder = tmp_path / f"round{round_number}"
        folder.mkdir()
        (folder / LOCK_FILE).symlink_to(tmp_path / "elsewhere")
        locks = [FolderLock(folder) for _ in range(8)]
        gate = threading.Barrier(len(locks))
        outcomes: list[str] = []

        def start(lock: FolderLock, gate: threading.Barrier = gate, outcomes: list[str] = outcomes) -> None:
            gate.wait(10)
            try:
                outcomes.append("held" if lock.acquire() else "unlocked")
            except (FolderInUse, LockRefused) as error:
                outcomes.append(type(error).__name__)

        threads = [threading.Thread(target=start, args=(lock,)) for lock in locks]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert outcomes.count("held") == 1 and "unlocked" not in outcomes, outcomes
        assert sum(lock.held for lock in locks) == 1
        for lock in locks:
            lock.release()
    assert not (tmp_path / "elsewhere").exists()


# ---------------------------------------------------------------- a file that cannot be opened
def test_a_lock_file_that_cannot_be_opened_refuses_the_start(tmp_path, monkeypatch):
    """As if `sudo skyjo` had left a root-owned 0600 lock file (tests run as root, where
    chmod does not stop an open: os.open is refused for that one path instead)."""
    lock = tmp_path / LOCK_FILE
    lock.write_bytes(b"")
    real_open = os.open

    def refusing_open(path, flags, *args, **kwargs):
        if Path(path) == lock:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing_open)
    with pytest.raises(LockRefused) as refused:
        Store(tmp_path).lock_folder()
    assert str(refused.value) == (f"Skyjo cannot open its lock file {lock} (permission denied); "
                                  f"if no other Skyjo is running, delete that file and start again")
    second_store_is_kept_out(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [LOCK_FILE]  # not replaced, not moved


OTHER_ACCOUNT = 65534  # nobody


def as_nobody(folder: Path, hold: bool = False) -> subprocess.Popen:
    """A Skyjo lock attempt by another account (root drops to nobody after its imports)."""
    script = textwrap.dedent(f"""
        import os, sys
        from pathlib import Path
        from game.store.lock import FolderLock, FolderInUse, LockRefused
        os.setgid({OTHER_ACCOUNT}); os.setuid({OTHER_ACCOUNT})
        lock = FolderLock(Path({str(folder)!r}))
        try:
            print("held" if lock.acquire() else "unlocked", flush=True)
        except (FolderInUse, LockRefused) as error:
            print(type(error).__name__, error, flush=True)
        if {hold}:
            sys.stdin.readline()
    """)
    return subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)


@pytest.fixture
def shared_folder():
    """A folder the other account owns and can reach (pytest's own folders are root's, 0700)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("needs root to act as a second account")
    top = Path(tempfile.mkdtemp(prefix="skyjo-lock-"))
    top.chmod(0o755)
    folder = top / "data"
    folder.mkdir()
    os.chown(folder, OTHER_ACCOUNT, OTHER_ACCOUNT)
    yield folder
    shutil.rmtree(top)


def test_a_root_owned_lock_file_the_player_cannot_open_refuses_the_start(shared_folder):
    lock = shared_folder / LOCK_FILE
    lock.write_bytes(b"")
    lock.chmod(0o600)  # left by `sudo skyjo` with a strict umask
    attempt = as_nobody(shared_folder)
    said, _ = attempt.communicate(timeout=60)
    assert said.strip() == (f"LockRefused Skyjo cannot open its lock file {lock} (permission denied; it belongs to "
                            f"root (was Skyjo run with sudo?)); if no other Skyjo is running, delete that file and "
                            f"start again")
    assert sorted(p.name for p in shared_folder.iterdir()) == [LOCK_FILE]


def test_a_readable_root_owned_lock_file_still_keeps_two_games_apart(shared_folder):
    """A root-owned 0644 lock file (`sudo skyjo` once): the player's game locks it through
    a read-only handle, and excludes a root game on the folder just as well, both ways."""
    lock = shared_folder / LOCK_FILE
    lock.write_bytes(b"")
    lock.chmod(0o644)
    player = as_nobody(shared_folder, hold=True)
    try:
        assert player.stdout.readline().strip() == "held"
        with pytest.raises(FolderInUse):
            FolderLock(shared_folder).acquire()
    finally:
        player.communicate("\n", timeout=60)
    root_game = FolderLock(shared_folder)
    assert root_game.acquire() is True
    try:
        other = as_nobody(shared_folder)
        said, _ = other.communicate(timeout=60)
        assert said.startswith("FolderInUse Skyjo is already running")
    finally:
        root_game.release()


def test_a_lock_file_the_app_makes_can_be_locked_by_another_account(shared_folder):
    """Made 0644 whatever the umask: a later start under another account is not refused."""
    old = os.umask(0o077)
    try:
        first = FolderLock(shared_folder)
        assert first.acquire() is True
        first.release()
    finally:
        os.umask(old)
    attempt = as_nobody(shared_folder)
    said, _ = attempt.communicate(timeout=60)
    assert said.strip() == "held"


# ---------------------------------------------------------------- a file instead of the folder
@pytest.mark.parametrize("where", ["the folder", "its parent"])
def test_a_data_folder_that_is_a_file_refuses_the_start(tmp_path, where):
    blocker = tmp_path / "data"
    blocker.write_text("a file, not a folder")
    folder = blocker if where == "the folder" else blocker / "skyjo"
    with pytest.raises(LockRefused, match=f"{blocker} is a file, not a folder"):
        Store(folder).lock_folder()
    assert blocker.read_text() == "a file, not a folder"


# ---------------------------------------------------------------- a read-only folder: runs as before
def test_a_read_only_folder_still_runs_unlocked(tmp_path, monkeypatch):
    """Read-only media (simulated: tests run as root): nothing can be written, so nothing can
    be lost, and the game runs without the lock as before; its first save says why it failed."""
    real_open, real_access = os.open, os.access

    def read_only_open(path, flags, *args, **kwargs):
        if Path(path).parent == tmp_path and flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only_open)
    monkeypatch.setattr(os, "access", lambda path, mode: False if Path(path) == tmp_path else real_access(path, mode))
    store = Store(tmp_path)
    assert store.lock_folder() is False
    assert list(tmp_path.iterdir()) == []
