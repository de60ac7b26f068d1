"""The Linux one file (build/one_file.py, build/one_file_launcher.c): it unpacks its app once, into
the player's cache folder, never through a link, and says in one line what stops it (issue 47).

These pack a small stand-in app (a shell script as its program) with the real launcher, compiled here."""

from __future__ import annotations

import importlib.util
import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("cc") is None,
                                reason="the one file is the Linux release, its launcher built with cc")


def load_one_file():  # -> module; build/ is no package
    spec = importlib.util.spec_from_file_location("build_one_file", ROOT / "build" / "one_file.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


one_file = load_one_file()
LIBRARY = b"\x7fELF" + bytes(5000)


@pytest.fixture(scope="module")
def launcher(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return one_file.compile_launcher(tmp_path_factory.mktemp("launcher"))


def stand_in_app(folder: Path, data: str = "the app's data", mode: int = 0o755) -> Path:
    app = folder / "app"
    (app / "_internal" / "libs").mkdir(parents=True)
    program = app / "skyjo"
    program.write_text('#!/bin/sh\necho "started $SKYJO_ONE_FILE $*"\ncat "$(dirname "$0")/_internal/data.txt"\n')
    program.chmod(mode)
    (app / "_internal" / "data.txt").write_text(data + "\n")
    (app / "_internal" / "libs" / "libx.so.1").write_bytes(LIBRARY)
    (app / "_internal" / "libx.so.1").symlink_to("libs/libx.so.1")
    return app


def packed(tmp_path: Path, launcher: Path, **app_options) -> tuple[Path, str]:
    made = tmp_path / "made"
    made.mkdir(exist_ok=True)
    out = tmp_path / "Downloads" / "skyjo-0.1.0-linux-x86_64"
    out.parent.mkdir(exist_ok=True)
    shutil.rmtree(made / "app", ignore_errors=True)
    return out, one_file.pack(stand_in_app(made, **app_options), launcher, out)


def start(program: Path, home: Path, *args: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    def smaller_files() -> None:  # a disk that fills up: writes past `limit` bytes fail (EFBIG), no signal
        assert limit is not None
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([str(program), *args], env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=60, preexec_fn=smaller_files if limit else None)


def test_the_first_start_unpacks_and_the_next_run_what_is_there(tmp_path: Path, launcher: Path) -> None:
    program, key = packed(tmp_path, launcher)
    home = tmp_path / "home"
    home.mkdir()
    first = start(program, home, "--version", "two words")
    assert (first.returncode, first.stderr) == (0, "")
    assert first.stdout == f"started {program} --version two words\nthe app's data\n"
    app = home / ".cache" / "skyjo" / f"app-{key}"
    assert os.readlink(app / "_internal" / "libx.so.1") == "libs/libx.so.1"
    assert (app / "_internal" / "libs" / "libx.so.1").read_bytes() == LIBRARY
    assert os.access(app / "skyjo", os.X_OK) and (app.stat().st_mode & 0o077) == 0
    (app / "left by a test").write_text("kept: the app is not unpacked again")
    assert start(program, home).stdout == f"started {program} \nthe app's data\n"
    assert (app / "left by a test").exists()

    (app / "_internal" / "libs" / "libx.so.1").write_bytes(b"cut short")  # a file damaged in the cache
    again = start(program, home)
    assert again.returncode == 0 and again.stdout.endswith("the app's data\n")
    assert (app / "_internal" / "libs" / "libx.so.1").read_bytes() == LIBRARY
    assert not (app / "left by a test").exists()
    assert sorted(path.name for path in app.parent.iterdir()) == [f"app-{key}"], "nothing aside, nothing half-made"

    newer, newer_key = packed(tmp_path, launcher, data="a new build")
    assert newer_key != key
    assert start(newer, home).stdout.endswith("a new build\n")
    assert (home / ".cache" / "skyjo" / f"app-{newer_key}").is_dir()


def test_the_cache_folder_follows_xdg_cache_home(tmp_path: Path, launcher: Path) -> None:
    program, key = packed(tmp_path, launcher)
    cache = tmp_path / "my cache"
    cache.mkdir()
    done = subprocess.run([str(program)], env={"HOME": "/nonexistent", "XDG_CACHE_HOME": str(cache),
                                               "PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (cache / "skyjo" / f"app-{key}" / "skyjo").is_file()


@pytest.mark.parametrize("where", ["skyjo", "app"])
def test_a_link_in_the_cache_is_never_followed(tmp_path: Path, launcher: Path, where: str) -> None:
    program, key = packed(tmp_path, launcher)
    home, mine = tmp_path / "home", tmp_path / "mine"
    (home / ".cache" / "skyjo").mkdir(parents=True)
    mine.mkdir()
    (mine / "my file").write_text("mine")
    link = home / ".cache" / "skyjo"
    if where == "skyjo":
        link.rmdir()
    else:
        link = link / f"app-{key}"
    link.symlink_to(mine)
    done = start(program, home)
    assert done.returncode == 1 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "is a link or not a folder of yours" in done.stderr, done.stderr
    assert [path.name for path in mine.iterdir()] == ["my file"] and link.is_symlink()


def damage(program: Path, old: bytes, new: bytes) -> None:
    data = program.read_bytes()
    assert len(old) == len(new) and data.count(old) >= 1
    program.write_bytes(data.replace(old, new))


@pytest.mark.parametrize("how", ["cut short", "a name climbing out", "a link climbing out", "not ours"])
def test_a_damaged_file_is_refused_before_anything_is_written(tmp_path: Path, launcher: Path, how: str) -> None:
    program, _key = packed(tmp_path, launcher)
    if how == "cut short":
        program.write_bytes(program.read_bytes()[:-10])
    elif how == "a name climbing out":
        damage(program, b"_internal/data.txt", b"_internal/../a.txt")
    elif how == "a link climbing out":
        at = program.read_bytes().index(b"libs/libx.so.1")  # the link's target: the index comes after it
        data = program.read_bytes()
        program.write_bytes(data[:at] + b"../../../etc/x" + data[at + 14:])
    else:
        program.write_bytes(launcher.read_bytes())
    home = tmp_path / "home"
    home.mkdir()
    done = start(program, home)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [done.stderr.strip()] and "damaged" in done.stderr, done.stderr
    assert not (home / ".cache").exists()


def test_a_full_disk_leaves_nothing_half_made_and_says_the_cure(tmp_path: Path, launcher: Path) -> None:
    program, _key = packed(tmp_path, launcher)
    home = tmp_path / "home"
    home.mkdir()
    done = start(program, home, limit=len(LIBRARY) - 1)
    assert done.returncode == 1 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "MB free there" in done.stderr, done.stderr
    assert list((home / ".cache" / "skyjo").iterdir()) == []
    assert start(program, home).returncode == 0  # once there is room


def test_a_folder_that_forbids_programs_is_said_with_its_cure(tmp_path: Path, launcher: Path) -> None:
    """A cache folder mounted noexec refuses to run the app as a file without execute rights does."""
    program, _key = packed(tmp_path, launcher, mode=0o644)
    home = tmp_path / "home"
    home.mkdir()
    done = start(program, home)
    assert done.returncode == 1
    assert len(done.stderr.splitlines()) == 1 and "forbids running programs" in done.stderr, done.stderr


def test_pack_refuses_a_link_out_of_the_app(tmp_path: Path, launcher: Path) -> None:
    app = stand_in_app(tmp_path)
    (app / "_internal" / "outside").symlink_to("../../elsewhere")
    with pytest.raises(one_file.OneFileError, match="links outside the app"):
        one_file.pack(app, launcher, tmp_path / "out")


def test_what_is_inside_can_be_listed_and_read(tmp_path: Path, launcher: Path) -> None:
    program, _key = packed(tmp_path, launcher)
    index = one_file.read_index(program)
    assert index["skyjo"][0] == "f" and index["_internal/libx.so.1"][0] == "l" and index["_internal"][0] == "d"
    assert one_file.read_member(program, "_internal/libs/libx.so.1") == LIBRARY


def test_an_interrupted_start_leaves_nothing_for_long(tmp_path: Path, launcher: Path) -> None:
    """Half-made (tmp-…) and set-aside (old-…) folders older than an hour go at the next unpack; a
    younger one may be another start's, unpacking now; anything else in the folder is not ours to touch."""
    program, key = packed(tmp_path, launcher)
    folder = tmp_path / "home" / ".cache" / "skyjo"
    for name in ("tmp-0123-abcdef", "old-0123-42", "tmp-young", "my notes"):
        (folder / name / "inside").mkdir(parents=True)
    for name in ("tmp-0123-abcdef", "old-0123-42", "my notes"):
        os.utime(folder / name, (1, 1))
    assert start(program, tmp_path / "home").returncode == 0
    assert sorted(path.name for path in folder.iterdir()) == [f"app-{key}", "my notes", "tmp-young"]
