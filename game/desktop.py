"""The app among the desktop's own things: its applications-menu entry, and a folder opened in
the file manager.

The menu entry (freedesktop.org desktops: Linux and the BSDs) is written by the app itself, so
nobody types a command: `MenuEntry().add()` writes `applications/skyjo.desktop` and the icon
at each size shipped, `icons/hicolor/<n>x<n>/apps/skyjo.png`, inside the user's XDG data folder
($XDG_DATA_HOME, by default ~/.local/share), and nothing anywhere else. `remove()` deletes
exactly what `add()` wrote: the entry only if it carries our mark, an icon only if it holds our
bytes, then the folders `add()` made if they are left empty. `Exec=` is the running program
itself (the AppImage, the frozen app, or this Python with `-m skyjo`), quoted as the Desktop
Entry Specification says, so the entry works from any folder whatever its name.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game import APP_NAME
from game.resources import asset_path

ENTRY_FILE = "skyjo.desktop"
ICON_NAME = "skyjo"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)  # the sizes assets/icons holds (build/make_icons.py)
MARK = "X-Skyjo-Written-By=skyjo-desktop"  # our entry, and no other, is ours to remove
# The Desktop Entry Specification's reserved characters: an argument holding one must be quoted
# (we quote every argument, which the specification allows); inside the quotes these four take a backslash.
QUOTED_ESCAPES = ('\\', '"', '`', '$')


class MenuEntryError(Exception):
    """The entry could not be written or removed; the message is the reason, in one line (the
    system's words and the path: the screen words the sentence around it)."""


def supported(platform: str = sys.platform) -> bool:
    """Whether this desktop has an XDG applications menu (not Windows, not macOS)."""
    return not platform.startswith(("win32", "cygwin", "darwin"))


def data_home(environ: dict[str, str] | os._Environ[str] = os.environ) -> Path:
    """$XDG_DATA_HOME, or ~/.local/share when it is unset or not absolute (the XDG rule)."""
    value = environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def launcher() -> tuple[str, ...]:
    """The command that starts this very program: the AppImage file when one runs us (its
    $APPIMAGE), the frozen app's executable, or this Python with `-m skyjo` (a source install)."""
    if getattr(sys, "frozen", False):
        appimage = os.environ.get("APPIMAGE", "")
        return (appimage if os.path.isabs(appimage) else os.path.abspath(sys.executable),)
    return (os.path.abspath(sys.executable), "-m", "skyjo")


def exec_value(command: Sequence[str]) -> str:
    """`Exec=`'s value: each argument in double quotes (", `, $ and backslash escaped inside),
    a % doubled (a field code otherwise), then the string type's own escape of backslashes."""
    for argument in command:
        if any(ord(char) < 32 or ord(char) == 127 for char in argument):
            raise MenuEntryError(f"the program's path holds a control character: {argument!r}")
    quoted = []
    for argument in command:
        inner = "".join("\\" + char if char in QUOTED_ESCAPES else char for char in argument)
        quoted.append('"' + inner.replace("%", "%%") + '"')
    return " ".join(quoted).replace("\\", "\\\\")


def entry_text(command: Sequence[str]) -> str:
    """The whole desktop entry for `command` (no placeholder: every value is final)."""
    try_exec = command[0].replace("\\", "\\\\")  # TryExec: the menu hides the entry once the program is gone
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        f"Name={APP_NAME}",
        "GenericName=Card Game",
        "GenericName[fr]=Jeu de cartes",
        "Comment=Play Skyjo against the computer or friends on one screen",
        "Comment[fr]=Jouez au Skyjo contre l'ordinateur ou entre amis sur un même écran",
        f"TryExec={try_exec}",
        f"Exec={exec_value(command)}",
        f"Icon={ICON_NAME}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=skyjo;cards;card game;",
        "StartupNotify=true",
        f"StartupWMClass={APP_NAME}",  # the window's class (skyjo/window.py): grouped under the entry
        MARK,
        "",
    ])


def shipped_icons() -> dict[int, Path]:
    """The app's icon files by size (those present: a source tree may lack a size)."""
    return {size: path for size in ICON_SIZES if (path := asset_path("icons", f"skyjo_{size}.png")).is_file()}


@dataclass
class MenuEntry:
    """The applications-menu entry of this program in one XDG data folder."""

    home: Path = field(default_factory=data_home)
    command: tuple[str, ...] = field(default_factory=launcher)

    @property
    def path(self) -> Path:
        return self.home / "applications" / ENTRY_FILE

    def icon_path(self, size: int) -> Path:
        return self.home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"

    def installed(self) -> bool:
        """Our entry is there (one written by another program does not count)."""
        return _is_ours(self.path)

    def add(self) -> list[Path]:
        """Write the icons, then the entry (so the menu never shows it without its icon)."""
        written = []
        try:
            for size, source in shipped_icons().items():
                written.append(_write(self.icon_path(size), source.read_bytes()))
            written.append(_write(self.path, entry_text(self.command).encode("utf-8")))
        except OSError as error:
            raise MenuEntryError(_why(error)) from error
        return written

    def remove(self) -> list[Path]:
        """Delete what `add` wrote (nothing else), and the folders it made if now empty."""
        icons = shipped_icons()
        removed = []
        try:
            if _is_ours(self.path):
                removed.append(_delete(self.path))
            for size, source in icons.items():
                target = self.icon_path(size)
                if target.is_file() and target.read_bytes() == source.read_bytes():
                    removed.append(_delete(target))
            for folder in self._folders():
                _remove_if_empty(folder)
        except OSError as error:
            raise MenuEntryError(_why(error)) from error
        return removed

    def _folders(self) -> list[Path]:
        """The folders `add` may have made, deepest first, up to (not including) the data folder."""
        leaves = [self.path.parent, *(self.icon_path(size).parent for size in ICON_SIZES)]
        folders: set[Path] = set()
        for leaf in leaves:
            while leaf != self.home and self.home in leaf.parents:
                folders.add(leaf)
                leaf = leaf.parent
        return sorted(folders, key=lambda folder: -len(folder.parts))


def _is_ours(path: Path) -> bool:
    try:
        return MARK in path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return False


def _write(path: Path, data: bytes) -> Path:
    """Write through a temporary file, so a menu never reads half an entry."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)
    return path


def _delete(path: Path) -> Path:
    path.unlink()
    return path


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:  # not empty (another program's files), or already gone: left as it is
        pass


def _why(error: OSError) -> str:
    return f"{error.strerror or error} ({error.filename})" if error.filename else str(error)


# ---------------------------------------------------------------------- a folder in the file manager

def _launch(command: list[str]) -> object:
    # an argument list, never a shell string: a folder name is only ever a name
    return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def open_folder(folder: Path, platform: str = sys.platform) -> None:
    """Show `folder` in the system's file manager (made first if missing). Raises OSError when
    no file manager could be started (e.g. no xdg-open)."""
    folder.mkdir(parents=True, exist_ok=True)
    if platform.startswith("win32"):
        os.startfile(folder)  # type: ignore[attr-defined]  # Windows only: Explorer opens the folder
    else:
        _launch(["open" if platform.startswith("darwin") else "xdg-open", str(folder)])
