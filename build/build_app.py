"""Build the desktop app: icons if missing, then PyInstaller with installer.spec, then an optional check.

    python build/build_app.py              # one-folder app in dist/skyjo/ (the recommended build)
    python build/build_app.py --onefile    # one self-unpacking file dist/skyjo(.exe)
    python build/build_app.py --check      # ... and run the built app's --self-test headless

Plain `pyinstaller --noconfirm installer.spec` builds the same app; this script adds the icon step,
the check and a summary (where the app is, its size, the build time).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICON = ROOT / "assets" / "icons" / "skyjo.ico"
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""


class OneLineParser(argparse.ArgumentParser):
    """A bad argument gives one clear line and exit status 2, not a usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = OneLineParser(prog="build_app.py", description="Build the Skyjo desktop app.")
    parser.add_argument("--onefile", action="store_true", help="one self-unpacking file instead of a folder")
    parser.add_argument("--icons", action="store_true", help="re-render assets/icons even if they exist")
    parser.add_argument("--check", action="store_true", help="run the built app's --self-test headless")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "work", help="PyInstaller's work folder")
    return parser.parse_args(argv)


def headless_env() -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def make_icons() -> int:
    print("build_app: rendering the icons (build/make_icons.py)")
    return subprocess.run([sys.executable, str(ROOT / "build" / "make_icons.py")], env=headless_env()).returncode


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
    if pyinstaller(args) != 0:
        print("build_app: PyInstaller failed (see its messages above)", file=sys.stderr)
        return 1
    app = app_path(args)
    print(f"build_app: built {app} ({size_mb(app):.0f} MB) in {time.perf_counter() - started:.0f} s")
    if args.check:
        done = subprocess.run([str(binary_path(args)), "--self-test"], env=headless_env())
        print(f"build_app: self-test {'passed' if done.returncode == 0 else 'FAILED'}")
        return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
