"""Build the desktop app: icons if missing, then PyInstaller with installer.spec, then an optional check.

    python build/build_app.py              # one-folder app in dist/skyjo/ (the recommended build)
    python build/build_app.py --onefile    # one self-unpacking file dist/skyjo(.exe)
    python build/build_app.py --check      # ... and run the built app's --self-test headless
    python build/build_app.py --check --release release   # the file players download, in release/:
        Linux: the one-file program skyjo-<version>-linux-<machine>: the one-folder app appended to
        build/one_file_launcher.c, which unpacks it once into the cache folder (build/one_file.py);
        with --onefile, PyInstaller's one file instead (it unpacks itself at every start);
        Windows: skyjo-<version>-windows-<machine>.zip of the app folder;
        macOS: skyjo-<version>-macos-<machine>.dmg holding Skyjo.app (needs `pip install dmgbuild`)

Before freezing, the rules engine is compiled (build/compile_rules.py, mypyc: a C compiler is
needed) and the app bundles the compiled modules; `--pure-rules` freezes the pure Python engine
instead (the same games, slower). Plain `pyinstaller --noconfirm installer.spec` freezes what is
in the tree (the compiled build if one is there); this script adds the icon and compile steps,
the check and a summary (where the app is, its size, the build time).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.arguments import OneLineParser  # (the project is installed before it is built)

ROOT = Path(__file__).resolve().parents[1]
ICON = ROOT / "assets" / "icons" / "skyjo.ico"
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = OneLineParser(prog="build_app.py", description="Build the Skyjo desktop app.")
    parser.add_argument("--onefile", action="store_true", help="one self-unpacking file instead of a folder")
    parser.add_argument("--icons", action="store_true", help="re-render assets/icons even if they exist")
    parser.add_argument("--check", action="store_true", help="run the built app's --self-test headless")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "work", help="PyInstaller's work folder")
    parser.add_argument("--release", type=Path, metavar="DIR", help="also write the release file into DIR")
    parser.add_argument("--pure-rules", action="store_true",
                        help="freeze the rules' pure Python, without compiling them (no C compiler needed)")
    return parser.parse_args(argv)


def headless_env() -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def clean_env(home: Path) -> dict[str, str]:
    """What a double-click gives the app: a home folder and a display, no Python, venv or PATH of ours.
    (Windows keeps its system variables, without which no program starts.)"""
    env = {"HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    if sys.platform == "win32":
        keep = ("SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "TEMP", "TMP", "USERPROFILE", "LOCALAPPDATA", "APPDATA")
        env.update({name: os.environ[name] for name in keep if name in os.environ})
    return env


def self_test(binary: Path, compiled: bool = False) -> int:
    """The built app's --self-test, started from an empty folder with a clean environment; with
    `compiled`, it must also have played the compiled rules (its line says which rules played)."""
    with tempfile.TemporaryDirectory(prefix="skyjo-check-") as folder:
        home, cwd = Path(folder) / "home", Path(folder) / "cwd"
        home.mkdir()
        cwd.mkdir()
        done = subprocess.run([str(binary.resolve()), "--self-test"], cwd=cwd, env=clean_env(home),
                              stdout=subprocess.PIPE, text=True)
        print(done.stdout, end="")
        if done.returncode == 0 and compiled and "; rules compiled;" not in done.stdout:
            print("build_app: the app did not play the compiled rules it was built with", file=sys.stderr)
            return 1
        return done.returncode


def package_release(system: str, app: Path, out_dir: Path, work: Path) -> Path:
    """The release file from the built app: the folder packed as one file that unpacks once, or a
    copy of PyInstaller's one file (Linux), a zip of the folder (Windows), a disk image of Skyjo.app
    (macOS)."""
    metadata = _build_module("app_metadata")
    target = out_dir / metadata.release_name(system)
    out_dir.mkdir(parents=True, exist_ok=True)
    if system == "linux" and app.is_dir():
        one_file = _build_module("one_file")
        one_file.pack(app, one_file.compile_launcher(work / "one_file"), target)
    elif system == "linux":
        shutil.copyfile(app, target)
        target.chmod(0o755)
    elif system == "windows":
        shutil.make_archive(str(target.with_suffix("")), "zip", root_dir=app.parent, base_dir=app.name)
    else:
        import dmgbuild  # macOS only: pip install dmgbuild

        dmgbuild.build_dmg(str(target), f"Skyjo {metadata.version()}",
                           settings={"files": [str(app)], "symlinks": {"Applications": "/Applications"},
                                     "format": "UDZO", "icon_size": 128})
    return target


def _build_module(name: str):  # -> module
    spec = importlib.util.spec_from_file_location(name, ROOT / "build" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_icons() -> int:
    print("build_app: rendering the icons (build/make_icons.py)")
    return subprocess.run([sys.executable, str(ROOT / "build" / "make_icons.py")], env=headless_env()).returncode


def compile_rules(pure: bool) -> int:
    """Compile the rules engine into game/rules/_compiled/ (or remove a build, for a pure app)."""
    script = str(ROOT / "build" / "compile_rules.py")
    if pure:
        return subprocess.run([sys.executable, script, "--clean"], cwd=ROOT).returncode
    print("build_app: compiling the rules engine (build/compile_rules.py)")
    return subprocess.run([sys.executable, script, "--quiet"], cwd=ROOT).returncode


def pyinstaller(args: argparse.Namespace) -> int:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(args.dist), "--workpath", str(args.work), str(ROOT / "installer.spec")]
    if args.onefile:
        command += ["--", "--onefile"]
    return subprocess.run(command, cwd=ROOT).returncode


def app_path(args: argparse.Namespace) -> Path:
    if sys.platform == "darwin":
        return args.dist / "Skyjo.app"
    return args.dist / f"skyjo{EXE_SUFFIX}" if args.onefile else args.dist / "skyjo"


def binary_path(args: argparse.Namespace) -> Path:
    if args.onefile:
        return args.dist / f"skyjo{EXE_SUFFIX}"
    return args.dist / "skyjo" / f"skyjo{EXE_SUFFIX}"


def size_mb(path: Path) -> float:
    """Bytes of the files themselves: symbolic links inside the bundle are not counted twice."""
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files) / 1e6


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print("build_app: PyInstaller is not installed; run: python -m pip install -e '.[build]'", file=sys.stderr)
        return 2
    if (args.icons or not ICON.is_file()) and make_icons() != 0:
        print("build_app: the icons could not be rendered", file=sys.stderr)
        return 1
    started = time.perf_counter()
    if compile_rules(args.pure_rules) != 0:
        print("build_app: the rules could not be compiled; --pure-rules freezes their Python instead",
              file=sys.stderr)
        return 1
    if pyinstaller(args) != 0:
        print("build_app: PyInstaller failed (see its messages above)", file=sys.stderr)
        return 1
    app = app_path(args)
    print(f"build_app: built {app} ({size_mb(app):.0f} MB) in {time.perf_counter() - started:.0f} s")
    if args.check:
        status = self_test(binary_path(args), compiled=not args.pure_rules)
        print(f"build_app: self-test from an empty folder, clean environment: {'passed' if status == 0 else 'FAILED'}")
        if status != 0:
            return status
    if args.release:
        system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
        target = package_release(system, app, args.release, args.work)
        print(f"build_app: release file {target} ({size_mb(target):.0f} MB)")
        if args.check and system == "linux" and not args.onefile:
            status = self_test(target)
            print(f"build_app: the release file's self-test: {'passed' if status == 0 else 'FAILED'}")
            if status != 0:
                return status
    return 0


if __name__ == "__main__":
    sys.exit(main())
