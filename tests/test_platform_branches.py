"""The Windows and macOS branches of the code, run here with a stand-in for the system call
(issue 41): the data folder's lock through msvcrt, and where each system keeps the player's files.
On Windows and macOS the release workflow runs these same tests for real (.github/workflows/release.yml).
"""

from __future__ import annotations

import errno
import importlib.util
import os
import sys
import types
from pathlib import Path

import pytest

import game.store.lock as posix_lock
from game.store.paths import resolve_data_dir


class FakeMsvcrt(types.ModuleType):
    """msvcrt.locking as Windows does it: `nbytes` bytes locked from the descriptor's current position,
    one holder per byte range of a file, a refused lock an OSError (EACCES)."""

    LK_UNLCK, LK_LOCK, LK_NBLCK = 0, 1, 2

    def __init__(self) -> None:
        super().__init__("msvcrt")
        self.held: dict[tuple[int, int, int], int] = {}  # (device, inode, offset) -> the holding descriptor
        self.calls: list[tuple[int, int, int]] = []  # (mode, offset, nbytes)

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        info = os.fstat(fd)
        offset = os.lseek(fd, 0, os.SEEK_CUR)
        self.calls.append((mode, offset, nbytes))
        key = (info.st_dev, info.st_ino, offset)
        if mode == self.LK_UNLCK:
            if self.held.get(key) != fd:
                raise OSError(errno.EACCES, "Permission denied")
            del self.held[key]
        elif key in self.held:
            raise OSError(errno.EACCES, "Permission denied")
        else:
            self.held[key] = fd


@pytest.fixture
def fake_msvcrt() -> FakeMsvcrt:
    return FakeMsvcrt()


@pytest.fixture
def windows_lock(monkeypatch: pytest.MonkeyPatch, fake_msvcrt: FakeMsvcrt):  # -> module
    """A second copy of game/store/lock.py loaded as on Windows (msvcrt, not fcntl); the real module is untouched."""
    with monkeypatch.context() as patch:
        patch.setattr(sys, "platform", "win32")
        patch.setitem(sys.modules, "msvcrt", fake_msvcrt)
        spec = importlib.util.spec_from_file_location("game.store._lock_as_on_windows", posix_lock.__file__)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    assert module._try_lock.__module__ == module.__name__ and "msvcrt" in module.__dict__
    return module


def test_windows_lock_lets_one_game_run_per_folder(windows_lock, fake_msvcrt: FakeMsvcrt, tmp_path: Path) -> None:
    first = windows_lock.FolderLock(tmp_path / "data")
    assert first.acquire() is True
    second = windows_lock.FolderLock(tmp_path / "data")
    with pytest.raises(windows_lock.FolderInUse, match="already running"):
        second.acquire()
    first.release()
    assert second.acquire() is True  # the folder is free again once the first game ends
    second.release()
    assert fake_msvcrt.held == {}
    # every lock and unlock is on the file's first byte, wherever the descriptor stood
    assert {(offset, nbytes) for _, offset, nbytes in fake_msvcrt.calls} == {(0, 1)}


def test_windows_lock_unlocks_the_first_byte_even_after_the_position_moved(windows_lock, fake_msvcrt: FakeMsvcrt,
                                                                          tmp_path: Path) -> None:
    lock = windows_lock.FolderLock(tmp_path / "data")
    lock.acquire()
    os.lseek(lock._fd, 5, os.SEEK_SET)  # something read the file meanwhile
    lock.release()
    assert fake_msvcrt.held == {} and not lock.held


def test_windows_lock_reports_another_error_as_a_refusal(windows_lock, monkeypatch: pytest.MonkeyPatch,
                                                        fake_msvcrt: FakeMsvcrt, tmp_path: Path) -> None:
    def broken(fd: int, mode: int, nbytes: int) -> None:
        raise OSError(errno.EIO, "I/O error")

    monkeypatch.setattr(fake_msvcrt, "locking", broken)
    with pytest.raises(windows_lock.LockRefused, match="I/O error"):
        windows_lock.FolderLock(tmp_path / "data").acquire()


def test_windows_data_folder_is_the_local_app_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/desktop-app.md: %LOCALAPPDATA%\\Skyjo (not roaming, no publisher folder)."""
    import platformdirs
    import platformdirs.windows as windows

    local = r"C:\Users\Ann\AppData\Local"
    monkeypatch.delenv("SKYJO_DATA_DIR", raising=False)
    monkeypatch.setattr(platformdirs, "PlatformDirs", windows.Windows)
    monkeypatch.setattr(windows, "get_win_folder", {"CSIDL_LOCAL_APPDATA": local}.__getitem__)
    assert resolve_data_dir() == Path(os.path.join(os.path.normpath(local), "Skyjo"))


def test_macos_data_folder_is_application_support(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """docs/desktop-app.md: ~/Library/Application Support/Skyjo."""
    import platformdirs
    import platformdirs.macos as macos

    monkeypatch.delenv("SKYJO_DATA_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)  # platformdirs honours it on macOS too
    monkeypatch.setattr(platformdirs, "PlatformDirs", macos.MacOS)
    assert resolve_data_dir() == tmp_path / "Library" / "Application Support" / "Skyjo"
