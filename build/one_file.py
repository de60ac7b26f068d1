"""The Linux one file: a small launcher (build/one_file_launcher.c) with the one-folder app appended.

PyInstaller's own one file writes its whole bundle to a temporary folder at every start before Python
runs; this one unpacks the app once per build into the player's cache folder and then starts it as the
one-folder app starts (issue 47; docs/desktop-app.md, "The one file unpacks once").

The file: the launcher's bytes, then each file's bytes and each link's target, then the index (one
record a folder, file or link: kind, mode, name length, data offset, data size, the name), then a
64-byte trailer: MAGIC, the index's offset and size (little-endian), and the key: the first 128 bits,
in hex, of the SHA-256 of everything after the launcher up to the trailer.

    python build/one_file.py DIST_FOLDER OUT     # dist/skyjo -> one file (build/build_app.py --release)
    python build/one_file.py --list FILE         # what a one file holds
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import stat
import struct
import subprocess
import sys
from pathlib import Path

MAGIC = b"SKYJO-ONE-FILE-1"
TRAILER = struct.Struct("<16sQQ32s")
RECORD = struct.Struct("<cHHQQ")
LAUNCHER_SOURCE = Path(__file__).resolve().with_name("one_file_launcher.c")
APP_PROGRAM = "skyjo"  # what the launcher starts inside the unpacked folder


class OneFileError(Exception):
    """A one file that cannot be made or read, in one line."""


def compile_launcher(work: Path) -> Path:
    """The launcher, compiled with the system's C compiler (`cc`) into `work`."""
    if shutil.which("cc") is None:
        raise OneFileError("no C compiler (cc) to build the one file's launcher: install gcc")
    work.mkdir(parents=True, exist_ok=True)
    out = work / "one_file_launcher"
    subprocess.run(["cc", "-O2", "-s", "-Wall", "-Wextra", "-o", str(out), str(LAUNCHER_SOURCE)], check=True)
    return out


def entries(app: Path) -> list[tuple[bytes, int, str, Path]]:
    """(kind, mode, name, path) of every folder, file and link under `app`, each folder before what it holds."""
    found = []
    for folder, dirs, files in os.walk(app):
        dirs.sort()
        for name in sorted(dirs) + sorted(files):
            path = Path(folder) / name
            relative = path.relative_to(app).as_posix()
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                target = os.readlink(path)
                if os.path.isabs(target) or ".." in Path(target).parts:
                    raise OneFileError(f"{relative} links outside the app ({target})")
                found.append((b"l", 0o777, relative, path))
            elif stat.S_ISDIR(info.st_mode):
                found.append((b"d", stat.S_IMODE(info.st_mode) & 0o755, relative, path))
            elif stat.S_ISREG(info.st_mode):
                found.append((b"f", stat.S_IMODE(info.st_mode) & 0o755, relative, path))
            else:
                raise OneFileError(f"{relative} is neither a file, a folder nor a link")
    if (APP_PROGRAM, b"f") not in {(name, kind) for kind, _, name, _ in found}:
        raise OneFileError(f"{app} holds no {APP_PROGRAM} program")
    return found


def pack(app: Path, launcher: Path, out: Path) -> str:
    """Write the one file `out` from the one-folder app `app`; its key."""
    head = launcher.read_bytes()
    digest = hashlib.sha256()
    index = bytearray()
    with open(out, "wb") as file:
        file.write(head)
        offset = len(head)
        for kind, mode, name, path in entries(app):
            data = os.readlink(path).encode() if kind == b"l" else b"" if kind == b"d" else path.read_bytes()
            file.write(data)
            digest.update(data)
            encoded = name.encode()
            index += RECORD.pack(kind, mode, len(encoded), offset if data else 0, len(data)) + encoded
            offset += len(data)
        digest.update(index)
        key = digest.hexdigest()[:32]
        file.write(index)
        file.write(TRAILER.pack(MAGIC, offset, len(index), key.encode()))
    out.chmod(0o755)
    return key


def read_index(path: Path) -> dict[str, tuple[str, int, int, int]]:
    """name -> (kind, mode, offset, size) of what a one file holds."""
    with open(path, "rb") as file:
        file.seek(-TRAILER.size, os.SEEK_END)
        magic, offset, size, _key = TRAILER.unpack(file.read(TRAILER.size))
        if magic != MAGIC:
            raise OneFileError(f"{path} is no Skyjo one file")
        file.seek(offset)
        index = file.read(size)
    found, at = {}, 0
    while at < len(index):
        kind, mode, name_size, data_offset, data_size = RECORD.unpack_from(index, at)
        at += RECORD.size
        found[index[at:at + name_size].decode()] = (kind.decode(), mode, data_offset, data_size)
        at += name_size
    return found


def read_member(path: Path, name: str) -> bytes:
    """The bytes of one file inside a one file (e.g. `_internal/LICENSE.txt`)."""
    _kind, _mode, offset, size = read_index(path)[name]
    with open(path, "rb") as file:
        file.seek(offset)
        return file.read(size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list what FILE holds")
    parser.add_argument("paths", nargs="+", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.list:
            for name, (kind, mode, _offset, size) in read_index(args.paths[0]).items():
                print(f"{kind} {mode:04o} {size:>10} {name}")
            return 0
        app, out = args.paths
        key = pack(app, compile_launcher(out.parent / "launcher-work"), out)
    except (OneFileError, OSError, subprocess.CalledProcessError) as error:
        print(f"one_file: {error}", file=sys.stderr)
        return 1
    print(f"one_file: {out} (key {key})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
