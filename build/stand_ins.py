"""The decoders the game never uses, left out of the Linux bundle (issue 47: the one file writes every
library it carries to a temporary folder at each start, before Python runs).

The game plays WAV sounds (SDL_mixer reads WAV itself) and loads PNG images (libpng), but pygame-ce's
SDL_mixer and SDL_image are linked to every decoder they were built with: MIDI (FluidSynth, which
brings libsndfile and the C++ runtime), trackers (libxmp), MP3, FLAC, Opus, Vorbis, WavPack, JPEG,
TIFF and WebP. Leaving one out would stop the loader, so `import pygame.mixer` would fail. Each is
replaced by a *stand-in*: a library of the same file name, compiled here, that defines the functions
SDL_mixer and SDL_image take from it (with the same symbol versions) and whose every function does
nothing and returns 0. SDL_mixer and SDL_image call a decoder only to open a file of its kind, which
the game never has; the libraries that only the left-out decoders needed (libsndfile, libvorbisenc,
libopus, libsharpyuv, the C++ and GCC runtimes) are then needed by nothing, and go too.

`leave_out(binaries, work)` takes PyInstaller's binaries (dest name, source, kind) and returns them
with the stand-ins in place and the unneeded libraries gone, and the stand-ins' names. It needs a C
compiler (`cc`) and binutils (`nm`, `readelf`); without them, or off Linux, it changes nothing and
says so. `python build/stand_ins.py LIBRARY...` prints what a stand-in for each library would define.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

# The decoders left out (the library's name without "lib", its version and its wheel's hash, lowercased).
LEFT_OUT = frozenset({
    "fluidsynth", "xmp", "mpg123", "flac", "opusfile", "opus", "vorbisfile", "vorbis", "vorbisenc", "ogg",
    "wavpack", "sndfile", "jpeg", "tiff", "webp", "webpdemux", "sharpyuv",
})
TOOLS = ("cc", "nm", "readelf")
NAME = re.compile(r"^lib(.+?)(-[0-9a-f]{8})?\.so(\.\d+)*$")
SHARED_LIBRARY = re.compile(r"\.so(\.\d+)*$")
PYTHON_EXTENSION = re.compile(r"\.cpython-[^.]+\.so$|\.abi3\.so$")
FUNCTION_KINDS = frozenset("TWi")  # nm's kinds for a function: text, weak, indirect
Entry = tuple[str, str, str]


def library_name(file_name: str) -> str | None:
    """"libFLAC-e7027ec5.so.14.0.0" -> "flac"; None for what is no shared library."""
    found = NAME.match(file_name)
    return found.group(1).lower() if found else None


def is_library(entry: Entry) -> bool:
    dest, _source, kind = entry
    name = Path(dest).name
    return kind == "BINARY" and bool(SHARED_LIBRARY.search(name)) and not PYTHON_EXTENSION.search(name)


def needed(path: str) -> list[str]:
    """The libraries a file is linked to (its DT_NEEDED entries)."""
    done = subprocess.run(["readelf", "-d", "-W", path], capture_output=True, text=True, check=True)
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", done.stdout)


def dynamic_symbols(path: str, defined: bool) -> dict[str, tuple[str, str]]:
    """name -> (nm's kind, version or "") of the symbols a library defines, or of those it takes from others."""
    flag = "--defined-only" if defined else "--undefined-only"
    done = subprocess.run(["nm", "-D", flag, path], capture_output=True, text=True, check=True)
    symbols = {}
    for line in done.stdout.splitlines():
        words = line.split()
        if len(words) < 2 or words[-2] == "A":  # "A": a version's own name, no symbol
            continue
        name, _, version = words[-1].partition("@")
        symbols[name] = (words[-2], version.lstrip("@"))
    return symbols


def stand_in_source(functions: dict[str, str]) -> tuple[str, str]:
    """C text defining each function as `return 0`, and the linker's version script for their versions."""
    lines = ["/* A stand-in written by build/stand_ins.py: every function does nothing and returns 0. */"]
    lines += [f"long {name}(void) {{ return 0; }}" for name in sorted(functions)]
    versions: dict[str, list[str]] = {}
    for name, version in functions.items():
        versions.setdefault(version, []).append(name)
    unversioned = versions.pop("", [])
    if not versions:  # one anonymous node (ld takes it alone or not at all)
        script = [f"{{ {_globals(unversioned)}local: *; }};"]
    else:  # the unversioned ones join the first version: a reference without a version binds to it
        named = sorted(versions)
        script = [f"{version} {{ {_globals(versions[version] + (unversioned if i == 0 else []))}"
                  f"{'local: *; ' if i == 0 else ''}}};" for i, version in enumerate(named)]
    return "\n".join(lines) + "\n", "\n".join(script) + "\n"


def _globals(names: list[str]) -> str:
    return f"global: {' '.join(f'{name};' for name in sorted(names))} " if names else ""


def wanted_functions(original: str, users: Iterable[str]) -> dict[str, str] | None:
    """What the users take from the original: name -> version; None if that is more than functions."""
    defined = dynamic_symbols(original, defined=True)
    taken = set().union(*(dynamic_symbols(user, defined=False) for user in users))
    wanted = {name: defined[name] for name in taken if name in defined}
    if any(kind not in FUNCTION_KINDS for kind, _ in wanted.values()):
        return None
    return {name: version for name, (_, version) in wanted.items()}


def build_stand_in(file_name: str, functions: dict[str, str], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    source, script = stand_in_source(functions)
    stem = folder / file_name
    (folder / f"{file_name}.c").write_text(source, encoding="ascii")
    (folder / f"{file_name}.map").write_text(script, encoding="ascii")
    subprocess.run(["cc", "-shared", "-fPIC", "-O1", "-s", "-nostdlib", f"-Wl,-soname,{file_name}",
                    f"-Wl,--version-script={folder / f'{file_name}.map'}", "-o", str(stem),
                    str(folder / f"{file_name}.c")], check=True)
    return stem


def symlink_target(entry: Entry) -> str:
    dest, source, _kind = entry
    return os.path.normpath(os.path.join(os.path.dirname(dest), source))


def unneeded(binaries: list[Entry], before: dict[str, list[str]], after: dict[str, list[str]]) -> set[str]:
    """The libraries that something needed before and nothing needs now, with the stand-ins in place."""
    needed_before = {name for names in before.values() for name in names}
    gone: set[str] = set()
    while True:
        needed_now = {name for dest, names in after.items() if dest not in gone for name in names}
        more = {dest for dest, _source, _kind in binaries if dest in after and dest not in gone
                and Path(dest).name in needed_before and Path(dest).name not in needed_now}
        if not more:
            return gone
        gone |= more


def leave_out(binaries: list[Entry], datas: list[Entry], work: Path) -> tuple[list[Entry], list[Entry], list[str]]:
    """The binaries with the unused decoders replaced by stand-ins or gone, the datas without the links
    to those gone (PyInstaller keeps its links there), and the stand-ins' names."""
    if not sys.platform.startswith("linux"):
        return binaries, datas, []
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        print(f"stand_ins: no {', '.join(missing)}: the unused decoders stay in the bundle", file=sys.stderr)
        return binaries, datas, []
    files = {dest: source for dest, source, kind in binaries if kind == "BINARY"}
    before = {dest: needed(source) for dest, source in files.items()}
    after = dict(before)
    entries, stand_ins = list(binaries), []
    for number, entry in enumerate(entries):
        dest, source, kind = entry
        name = Path(dest).name
        if not is_library(entry) or library_name(name) not in LEFT_OUT:
            continue
        users = [files[user] for user, names in before.items()
                 if name in names and library_name(Path(user).name) not in LEFT_OUT]
        if not users:
            continue  # needed only by other left-out decoders: goes with them
        functions = wanted_functions(source, users)
        if functions is None:
            print(f"stand_ins: {name} gives more than functions: kept", file=sys.stderr)
            continue
        entries[number] = (dest, str(build_stand_in(name, functions, work / "stand_ins")), kind)
        after[dest] = []
        stand_ins.append(name)
    gone = unneeded(entries, before, after)
    kept = [entry for entry in datas if not (entry[2] == "SYMLINK" and symlink_target(entry) in gone)]
    return [entry for entry in entries if entry[0] not in gone], kept, stand_ins


def main(argv: list[str]) -> int:
    for path in argv:
        users = [str(p) for p in Path(path).parent.glob("*.so*") if Path(path).name in needed(str(p))]
        functions = wanted_functions(path, users) or {}
        print(f"{path}: {len(functions)} functions taken by {len(users)} libraries")
        print(stand_in_source(functions)[1], end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
