"""The app among the desktop's own things: its applications-menu entry, and a folder opened in
the file manager.

The menu entry (freedesktop.org desktops: Linux and the BSDs) is written by the app itself, so
nobody types a command: `MenuEntry().add()` writes `applications/skyjo.desktop` and the icon
at each size shipped, `icons/hicolor/<n>x<n>/apps/skyjo.png`, inside the user's XDG data folder
($XDG_DATA_HOME, by default ~/.local/share), and nothing anywhere else, through the store's
careful door (game/store/files.py): a file that is not ours (a link, a FIFO, another program's
or the player's own) is never read past a cap, waited on, replaced or deleted. Ours is known by
its content: the entry carries our mark, an icon holds our bytes. `remove()` deletes exactly
what `add()` wrote, then the folders the entry records that `add()` made, if they are left
empty. `Exec=` is the running program itself (the AppImage, the frozen app, or this Python with
`-m skyjo`), quoted as the Desktop Entry Specification says, so the entry works from any folder
whatever its name (and GLib's launcher accepts it: see `exec_line`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game import APP_NAME
from game.resources import asset_path
from game.store.files import FileProblem, NotOurs, is_ours, read_bytes, remove_ours, write_ours

ENTRY_FILE = "skyjo.desktop"
ICON_NAME = "skyjo"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)  # the sizes assets/icons holds (build/make_icons.py)
MARK = "X-Skyjo-Written-By=skyjo-desktop"  # our entry, and no other, is ours to remove
MADE_KEY = "X-Skyjo-Made-Folders"  # the folders adding made (relative, `;` between): removing takes only those
ENTRY_CAP = 64 << 10  # an entry larger than this is not ours (ours is under 1 KiB): never read further
ICON_CAP = 1 << 20  # the largest shipped icon is under 100 KiB
# GLib (2.74) looks the Exec line's program up before it undoes the `%%` escape, so a program
# whose path holds a % is started by the shell instead: the program comes as the shell's $0.
SHELL_START = ("/bin/sh", "-c", 'exec "$0" "$@"')
ENV = "/usr/bin/env"
ONE_FILE_UNPACK = "_MEI"  # the one-file program's unpack folder in the temporary folder: _MEIxxxxxx
# The Linux one file (build/one_file_launcher.c) unpacks once into the cache folder and says which file it is here.
ONE_FILE_VARIABLE = "SKYJO_ONE_FILE"
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
    $APPIMAGE), the one file that unpacked us (its $SKYJO_ONE_FILE: the file the player keeps, not
    the cache), the frozen app's executable, or this Python with `-m skyjo` (a source install)."""
    if getattr(sys, "frozen", False):
        for variable in ("APPIMAGE", ONE_FILE_VARIABLE):
            value = os.environ.get(variable, "")
            if os.path.isabs(value):
                return (value,)
        return (os.path.abspath(sys.executable),)
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


def unpack_environment(environ: dict[str, str] | os._Environ[str] = os.environ) -> tuple[str, ...]:
    """("XDG_CACHE_HOME=<folder>",) when this is the one file started with an absolute
    $XDG_CACHE_HOME (it unpacks once into the cache folder), ("TMPDIR=<folder>",) when this is
    PyInstaller's one-file program started with an absolute $TMPDIR (it unpacks into the temporary
    folder at every start), else (). Neither can start where its folder forbids running programs
    (noexec) or is full; a player who chose another folder to start it keeps that folder in the menu
    entry, which sets it before the unpack."""
    if not getattr(sys, "frozen", False):
        return ()
    if os.path.isabs(environ.get(ONE_FILE_VARIABLE, "")):
        variable = "XDG_CACHE_HOME"
    elif os.path.basename(str(getattr(sys, "_MEIPASS", ""))).startswith(ONE_FILE_UNPACK):
        variable = "TMPDIR"
    else:
        return ()
    value = environ.get(variable, "")
    return (f"{variable}={value}",) if os.path.isabs(value) else ()


def exec_line(command: Sequence[str], environment: Sequence[str] = ()) -> str:
    """`Exec=`'s value for `command` run with `environment` (NAME=value settings): through env
    and the shell when there are settings (env would take a path holding = for one), and through
    the shell alone when the program's path holds a % (SHELL_START: GLib would otherwise look for
    the program under its escaped name and refuse the entry)."""
    if environment:
        return exec_value((ENV, *environment, *SHELL_START, *command))
    return exec_value(SHELL_START + tuple(command) if "%" in command[0] else command)


def entry_text(command: Sequence[str], made_folders: Sequence[str] = (), environment: Sequence[str] = ()) -> str:
    """The whole desktop entry for `command` (no placeholder: every value is final), run with
    `environment`, recording `made_folders` (relative to the data folder) for `remove`."""
    try_exec = command[0].replace("\\", "\\\\")  # TryExec: the menu hides the entry once the program is gone
    record = [f"{MADE_KEY}={';'.join(made_folders)};"] if made_folders else []
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
        f"Exec={exec_line(command, environment)}",
        f"Icon={ICON_NAME}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=skyjo;cards;card game;",
        "StartupNotify=true",
        f"StartupWMClass={APP_NAME}",  # the window's class (skyjo/window.py): grouped under the entry
        MARK,
        *record,
        "",
    ])


def shipped_icons() -> dict[int, Path]:
    """The app's icon files by size (those present: a source tree may lack a size)."""
    return {size: path for size in ICON_SIZES if (path := asset_path("icons", f"skyjo_{size}.png")).is_file()}


@dataclass
class MenuChange:
    """What adding or removing did: the files written or deleted, and those left as they were
    because they are not Skyjo's (another program's, or the player's own)."""

    done: list[Path] = field(default_factory=list)
    left: list[Path] = field(default_factory=list)


class NotOursError(MenuEntryError):
    """The menu entry's place holds a file that is not Skyjo's: left as it is, nothing added."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} is another program's file")
        self.path = path


@dataclass
class MenuEntry:
    """The applications-menu entry of this program in one XDG data folder."""

    home: Path = field(default_factory=data_home)
    command: tuple[str, ...] = field(default_factory=launcher)
    environment: tuple[str, ...] = field(default_factory=unpack_environment)

    @property
    def path(self) -> Path:
        return self.home / "applications" / ENTRY_FILE

    def icon_path(self, size: int) -> Path:
        return self.home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"

    def installed(self) -> bool:
        """Our entry is there (one written by another program does not count). Never waits
        and reads at most ENTRY_CAP bytes, whatever is in the entry's place."""
        return is_ours(self.path, _entry_is_ours, ENTRY_CAP) is True

    def add(self) -> MenuChange:
        """Write the icons, then the entry (so the menu never shows it without its icon). An
        icon that is not ours stays, and is told; an entry that is not ours stops it all
        (NotOursError, before anything is written)."""
        icons = _icons()
        icon_is_ours = _icon_matcher(icons)
        if is_ours(self.path, _entry_is_ours, ENTRY_CAP) is False:
            raise NotOursError(self.path)
        change = MenuChange()
        made = set(self._made_folders())
        try:
            for size, data in icons.items():
                made.update(self._make_folders(self.icon_path(size).parent))
                try:
                    change.done.append(write_ours(self.icon_path(size), data, icon_is_ours, ICON_CAP))
                except NotOurs as error:
                    change.left.append(error.path)
            made.update(self._make_folders(self.path.parent))
            text = entry_text(self.command, sorted(made), self.environment)
            change.done.append(write_ours(self.path, text.encode("utf-8"), _entry_is_ours, ENTRY_CAP))
        except NotOurs as error:  # planted between the check and the write: still left as it is
            raise NotOursError(error.path) from None
        except OSError as error:
            raise MenuEntryError(_why(error)) from error
        return change

    def remove(self) -> MenuChange:
        """Delete what `add` wrote (nothing else: a file is ours by its content), then the
        folders our entry records that `add` made, if they are left empty."""
        change = MenuChange()
        made = self._made_folders()
        targets: list[tuple[Path, Callable[[bytes], bool], int]] = [(self.path, _entry_is_ours, ENTRY_CAP)]
        icon_is_ours = _icon_matcher(_icons())
        targets += [(self.icon_path(size), icon_is_ours, ICON_CAP) for size in ICON_SIZES]
        try:
            for target, ours, cap in targets:
                try:
                    if remove_ours(target, ours, cap):
                        change.done.append(target)
                except NotOurs:
                    change.left.append(target)
            for name in sorted(made, key=lambda name: -name.count("/")):  # deepest first
                _remove_if_empty(self.home / name)
        except OSError as error:
            raise MenuEntryError(_why(error)) from error
        return change

    def _folders(self) -> list[str]:
        """The folders `add` may make, relative to the data folder (not including it)."""
        leaves = [self.path.parent, *(self.icon_path(size).parent for size in ICON_SIZES)]
        folders: set[str] = set()
        for leaf in leaves:
            while leaf != self.home and self.home in leaf.parents:
                folders.add(leaf.relative_to(self.home).as_posix())
                leaf = leaf.parent
        return sorted(folders)

    def _made_folders(self) -> list[str]:
        """The folders our entry records that `add` made (only names `add` may make: the record
        is read from a file in the player's folder, so nothing else in it is trusted)."""
        data = read_entry(self.path)
        if data is None or not _entry_is_ours(data):
            return []
        for line in data.decode("utf-8", errors="replace").splitlines():
            if line.startswith(MADE_KEY + "="):
                recorded = set(line.partition("=")[2].split(";"))
                return [name for name in self._folders() if name in recorded]
        return []

    def _make_folders(self, folder: Path) -> list[str]:
        """Make `folder` and the missing folders above it, up to the data folder; the ones made."""
        missing = []
        while folder != self.home and self.home in folder.parents and not folder.is_dir():
            missing.append(folder)
            folder = folder.parent
        made = []
        self.home.mkdir(parents=True, exist_ok=True)  # the data folder itself is not ours to remove
        for new in reversed(missing):
            try:
                new.mkdir()
            except FileExistsError:
                if not new.is_dir():
                    raise
                continue  # made by someone else meanwhile: theirs
            made.append(new.relative_to(self.home).as_posix())
        return made


def read_entry(path: Path) -> bytes | None:
    """The entry file's bytes when a readable, ordinary file of at most ENTRY_CAP bytes is there."""
    try:
        return read_bytes(path, ENTRY_CAP, follow_links=False)
    except FileProblem:
        return None


def _entry_is_ours(data: bytes) -> bool:
    return MARK in data.decode("utf-8", errors="replace").splitlines()


def _icons() -> dict[int, bytes]:
    """The shipped icons' bytes by size (the program's own files, read through the door)."""
    icons = {}
    for size, path in shipped_icons().items():
        data = read_bytes(path, ICON_CAP)
        if data is not None:
            icons[size] = data
    return icons


def _icon_matcher(icons: dict[int, bytes]) -> Callable[[bytes], bool]:
    """An icon holding the bytes of one we ship (at any size) is one we wrote."""
    shipped = set(icons.values())
    return lambda data: data in shipped


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:  # not empty (another program's files), or already gone: left as it is
        pass


def _why(error: OSError) -> str:
    return f"{error.strerror or error} ({error.filename})" if error.filename else str(error)


# ---------------------------------------------------------------------- a folder in the file manager

def _launch(command: list[str]) -> object:
    import subprocess  # (when a folder is opened: not with the menu's first frame, issue 47)

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
