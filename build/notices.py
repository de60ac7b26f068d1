"""Write THIRD_PARTY_NOTICES.txt: the licences of everything the desktop app bundles.

    python build/notices.py                   # the game's run-time dependencies, to stdout
    python build/notices.py --out FILE        # ... to FILE

installer.spec calls `write_notices` at build time with the files PyInstaller collected, so the
notices name exactly what went into the app. Everything is read from the build machine, never
typed here: each distribution's name, version, licence (License-Expression, License or the
classifiers) and the full text of every licence file it installed (dist-info/licenses, License-File,
files named LICENSE/COPYING/NOTICE/LGPL in the package, e.g. pygame-ce's docs/generated/LGPL.txt);
the bundled font's own copyright and licence (its 'name' table); Python's LICENSE.txt; PyInstaller's
licence (its bootloader starts the app). The one thing a wheel does not record is the licence of
each native library it carries (pygame-ce's SDL and codecs, the system libraries PyInstaller copies):
those are named from the bundle's files and matched to their licence by NATIVE_LICENCES below.
"""

from __future__ import annotations

import argparse
import importlib.metadata as metadata
import re
import struct
import sys
import sysconfig
from collections.abc import Iterable
from pathlib import Path

OWN_DISTRIBUTION = "skyjo-desktop"
LICENCE_FILE = re.compile(r"(licen[cs]e|copying|notice|^lgpl|^gpl|authors)", re.IGNORECASE)
TEXT_SUFFIXES = {"", ".txt", ".md", ".rst"}
SHARED_LIBRARY = re.compile(r"\.(so(\.\d+)*|dll|dylib)$", re.IGNORECASE)
PYTHON_EXTENSION = re.compile(r"\.(cpython-[^.]+|abi3|cp\d+-[^.]+)\.(so|pyd)$|\.pyd$", re.IGNORECASE)
FONT = re.compile(r"\.(ttf|otf)$", re.IGNORECASE)
RULE = "=" * 78

# Native libraries: (name pattern, project, SPDX licence). The library's file name, without a leading
# "lib" and lowercased, must start with the pattern. Facts about upstream projects, checked against
# each project's licence when the list was made; a library missing here is named as "not recorded".
NATIVE_LICENCES: tuple[tuple[str, str, str], ...] = (
    ("sdl2_image", "SDL_image", "Zlib"),
    ("sdl2_mixer", "SDL_mixer", "Zlib"),
    ("sdl2_ttf", "SDL_ttf", "Zlib"),
    ("sdl2", "Simple DirectMedia Layer (SDL)", "Zlib"),
    ("flac", "FLAC (libFLAC)", "BSD-3-Clause"),
    ("asound", "ALSA library", "LGPL-2.1-or-later"),
    ("brotli", "Brotli", "MIT"),
    ("fluidsynth", "FluidSynth", "LGPL-2.1-or-later"),
    ("freetype", "FreeType", "FTL OR GPL-2.0-or-later"),
    ("harfbuzz", "HarfBuzz", "MIT-Modern-Variant"),
    ("jpeg", "libjpeg-turbo", "IJG AND BSD-3-Clause AND Zlib"),
    ("turbojpeg", "libjpeg-turbo", "IJG AND BSD-3-Clause AND Zlib"),
    ("mpg123", "mpg123", "LGPL-2.1-only"),
    ("opusfile", "opusfile", "BSD-3-Clause"),
    ("opus", "Opus", "BSD-3-Clause"),
    ("ogg", "Ogg (libogg)", "BSD-3-Clause"),
    ("vorbis", "Vorbis (libvorbis)", "BSD-3-Clause"),
    ("png", "libpng", "libpng-2.0"),
    ("portmidi", "PortMidi", "MIT"),
    ("sharpyuv", "libwebp (sharpyuv)", "BSD-3-Clause"),
    ("webp", "libwebp", "BSD-3-Clause"),
    ("sndfile", "libsndfile", "LGPL-2.1-or-later"),
    ("tiff", "LibTIFF", "libtiff"),
    ("wavpack", "WavPack", "BSD-3-Clause"),
    ("xmp", "libxmp", "MIT"),
    ("modplug", "libmodplug", "LicenseRef-Public-Domain"),
    ("python3", "Python", "PSF-2.0"),
    ("ssl", "OpenSSL (libssl)", "Apache-2.0"),
    ("crypto", "OpenSSL (libcrypto)", "Apache-2.0"),
    ("ffi", "libffi", "MIT"),
    ("bz2", "bzip2", "bzip2-1.0.6"),
    ("lzma", "XZ Utils (liblzma)", "0BSD"),
    ("z.", "zlib", "Zlib"),
    ("zlib", "zlib", "Zlib"),
    ("uuid", "util-linux (libuuid)", "BSD-3-Clause"),
    ("expat", "Expat", "MIT"),
    ("mpdec", "libmpdec", "BSD-2-Clause"),
    ("sqlite3", "SQLite", "blessing"),
    ("gcc_s", "GCC runtime library", "GPL-3.0-or-later WITH GCC-exception-3.1"),
    ("stdc++", "GNU C++ library", "GPL-3.0-or-later WITH GCC-exception-3.1"),
    ("winpthread", "MinGW-w64 winpthreads", "MIT AND BSD-3-Clause-Clear"),
    ("tinfo", "ncurses (terminfo)", "X11"),
)


def native_licence(file_name: str) -> tuple[str, str] | None:
    """(project, licence) of a shared library file, or None when it is not in NATIVE_LICENCES."""
    stem = file_name.lower().removeprefix("lib")
    for pattern, project, licence in NATIVE_LICENCES:
        if stem.startswith(pattern):
            return project, licence
    return None


# ------------------------------------------------------------------ which distributions
def requirement_closure(name: str = OWN_DISTRIBUTION) -> list[metadata.Distribution]:
    """The distributions `name` needs at run time (no extras), itself excluded, by name."""
    from packaging.requirements import Requirement

    seen: dict[str, metadata.Distribution] = {}
    pending = [name]
    while pending:
        dist = metadata.distribution(pending.pop())
        for line in dist.requires or []:
            requirement = Requirement(line)
            if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
                continue
            key = _key(requirement.name)
            if key not in seen and key != _key(name):
                try:
                    seen[key] = metadata.distribution(requirement.name)
                except metadata.PackageNotFoundError:
                    continue
                pending.append(requirement.name)
    return sorted(seen.values(), key=lambda d: _key(d.metadata["Name"]))


def file_owners() -> dict[Path, metadata.Distribution]:
    """Every installed file -> the distribution that installed it (from the RECORD files)."""
    owners: dict[Path, metadata.Distribution] = {}
    for dist in metadata.distributions():
        for file in dist.files or []:
            owners[Path(str(dist.locate_file(file))).resolve()] = dist
    return owners


def bundled_distributions(entries: Iterable[tuple[str, str]]) -> tuple[list[metadata.Distribution], list[str]]:
    """The distributions whose files are among the bundle's `entries` (name in the bundle, source
    path), and the shared libraries that no distribution installed (copied from the system)."""
    owners = file_owners()
    found: dict[str, metadata.Distribution] = {}
    system: set[str] = set()
    for name, source in entries:
        if not Path(source).is_absolute():
            continue  # not a file of the build machine (e.g. a link's target inside the bundle)
        path = Path(source).resolve()
        dist = owners.get(path)
        if dist is not None:
            if _key(dist.metadata["Name"]) != _key(OWN_DISTRIBUTION):
                found[_key(dist.metadata["Name"])] = dist
        elif SHARED_LIBRARY.search(path.name) and not PYTHON_EXTENSION.search(path.name):
            system.add(Path(name).name)  # the name it has in the bundle (the soname, not its target's name)
    return sorted(found.values(), key=lambda d: _key(d.metadata["Name"])), sorted(system)


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


# ------------------------------------------------------------------ what each one says
def licence_of(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return expression
    text = (meta.get("License") or "").strip()
    if text and "\n" not in text and len(text) < 100:
        return text
    classifiers = [c.rsplit(" :: ", 1)[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    return "; ".join(classifiers) or "not stated in its metadata"


def licence_files(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """(path, text) of every licence file the distribution installed."""
    texts = []
    for file in dist.files or []:
        path = Path(str(file))
        in_licences = "licenses" in path.parts or "licences" in path.parts
        if (in_licences or LICENCE_FILE.search(path.name)) and path.suffix.lower() in TEXT_SUFFIXES:
            full = Path(str(dist.locate_file(file)))
            if full.is_file():
                texts.append((str(file), full.read_text(encoding="utf-8", errors="replace").strip()))
    return texts


def native_libraries(dist: metadata.Distribution) -> list[str]:
    return sorted({Path(str(f)).name for f in dist.files or []
                   if SHARED_LIBRARY.search(str(f)) and not PYTHON_EXTENSION.search(str(f))})


def font_names(path: Path) -> dict[int, str]:
    """The English strings of a TrueType/OpenType font's 'name' table: 0 copyright, 13 licence, 14 its URL."""
    data = path.read_bytes()
    count = struct.unpack_from(">H", data, 4)[0]
    for index in range(min(count, 64)):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if tag == b"name":
            break
    else:
        return {}
    _, records, strings = struct.unpack_from(">HHH", data, offset)
    found: dict[int, str] = {}
    for index in range(min(records, 512)):
        platform, _, language, name_id, length, start = struct.unpack_from(">6H", data, offset + 6 + 12 * index)
        raw = data[offset + strings + start: offset + strings + start + length]
        if platform == 3 and language == 0x409:
            found[name_id] = raw.decode("utf-16-be", errors="replace")
        elif platform == 1 and language == 0:
            found.setdefault(name_id, raw.decode("latin-1"))
    return found


def fonts(dist: metadata.Distribution, bundled: set[Path] | None) -> list[Path]:
    """The fonts of `dist` in the bundle (or, with no bundle, those outside its tests and examples)."""
    paths = [Path(str(dist.locate_file(f))).resolve() for f in dist.files or [] if FONT.search(str(f))]
    if bundled is not None:
        return [path for path in paths if path in bundled]
    return [path for path in paths if not {"tests", "examples", "docs"} & set(path.parts)]


def python_licence() -> str:
    """Python's own LICENSE.txt (PSF licence and the history of its terms) from this interpreter."""
    for folder in (sysconfig.get_paths()["stdlib"], sys.base_prefix, Path(sys.base_prefix) / "share" / "doc"):
        for name in ("LICENSE.txt", "LICENSE"):
            path = Path(folder) / name
            if path.is_file():
                return path.read_text(encoding="utf-8", errors="replace").strip()
    return "PSF-2.0: https://docs.python.org/3/license.html (no LICENSE file found on the build machine)"


# ------------------------------------------------------------------ the file
def section(title: str, body: list[str]) -> list[str]:
    return ["", RULE, title, RULE, *body]


def distribution_section(dist: metadata.Distribution, bundled: set[Path] | None = None) -> list[str]:
    meta = dist.metadata
    body = [f"Licence: {licence_of(dist)}"]
    if meta.get("Home-page"):
        body.append(f"Home page: {meta['Home-page']}")
    for path in fonts(dist, bundled):
        names = font_names(path)
        body += ["", f"Font {path.name}: {names.get(4, path.stem)}", f"  {names.get(0, 'no copyright line')}",
                 f"  {names.get(13, 'no licence line')} {names.get(14, '')}".rstrip()]
    libraries = [name for name in native_libraries(dist) if bundled is None or name in {p.name for p in bundled}]
    if libraries:
        body += ["", "Native libraries it carries (its wheel records no licence text for them):"]
        body += [native_line(name) for name in libraries]
    texts = licence_files(dist)
    if not texts:
        body += ["", "(this distribution installed no licence file)"]
    for path, text in texts:
        body += ["", f"--- {path} ---", text]
    return section(f"{meta['Name']} {dist.version}", body)


def native_line(file_name: str) -> str:
    known = native_licence(file_name)
    return f"  {file_name}: {known[0]}, {known[1]}" if known else f"  {file_name}: licence not recorded here"


def own_version() -> str:
    """The project's version from pyproject.toml (a build from a checkout need not be installed)."""
    import tomllib

    path = Path(__file__).resolve().parents[1] / "pyproject.toml"
    return str(tomllib.loads(path.read_text(encoding="utf-8"))["project"]["version"])


def notices_text(dists: Iterable[metadata.Distribution], system_libraries: Iterable[str] = (),
                 bundled: set[Path] | None = None, stand_ins: Iterable[str] = ()) -> str:
    """The whole file; `bundled` (the bundle's source files) limits the fonts to those shipped."""
    lines = [f"Third-party notices for {OWN_DISTRIBUTION} {own_version()}",
             "",
             "The Skyjo desktop app is MIT-licensed (LICENSE.txt). It bundles the software below, each under",
             "its own licence; this file was generated from the build machine's installed packages",
             "(build/notices.py). Skyjo is a trademark of its publisher (Magilano); this is an unofficial game."]
    for dist in dists:
        lines += distribution_section(dist, bundled)
    lines += section(f"Python {sys.version.split()[0]} (the interpreter and its standard library)", [python_licence()])
    system = list(system_libraries)
    if system:
        lines += section("System libraries copied from the build machine", [native_line(name) for name in system])
    stand_ins = sorted(stand_ins)
    if stand_ins:
        lines += section("Stand-ins for decoders left out (build/stand_ins.py)", [
            "These files hold none of the named library's code: each was compiled for this build, under the",
            "app's licence, so that SDL_mixer and SDL_image load without decoders the game never uses.",
            *[f"  {name}: a stand-in for {(native_licence(name) or (name,))[0]}" for name in stand_ins]])
    try:
        bootloader = metadata.distribution("pyinstaller")
    except metadata.PackageNotFoundError:
        pass
    else:  # its bootloader is the program that starts the app
        lines += distribution_section(bootloader)
    return "\n".join(lines) + "\n"


def write_notices(out: Path, entries: Iterable[tuple[str, str]] | None = None, stand_ins: Iterable[str] = ()) -> Path:
    """The notices of the bundle made of `entries` (name in the bundle, source path; PyInstaller's
    TOC), or of the run-time dependencies, into `out`; `stand_ins` names the entries that are
    build/stand_ins.py's stand-ins (none of the original library ships)."""
    stand_ins = set(stand_ins)
    bundled: set[Path] | None = None
    if entries is None:
        dists, system = requirement_closure(), []
    else:
        entries = [(name, source) for name, source in entries if Path(name).name not in stand_ins]
        bundled = {Path(source).resolve() for _, source in entries if Path(source).is_absolute()}
        dists, system = bundled_distributions(entries)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(notices_text(dists, system, bundled, stand_ins), encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write here instead of to stdout")
    args = parser.parse_args(argv)
    if args.out:
        print(f"wrote {write_notices(args.out)}")
    else:
        sys.stdout.write(notices_text(requirement_closure()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
