"""The desktop app built with installer.spec works like the source version (issue 6).

The build tests run PyInstaller into a temporary folder, then run the built binary headless.
Run only these with `python -m pytest -m build`; skip them with `-m "not build"`.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import skyjo.entry as game_main

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
SELF_TEST_TIMEOUT = 180
# the first test of each app waits for its build (900 s at most, below) and then runs it: more than
# the suite's 300 s per test (pyproject.toml), so that the limits here fire first, with their messages
pytestmark = pytest.mark.timeout(1200)


def build_app(dist: Path, work: Path, *spec_args: str) -> None:
    """Run PyInstaller on installer.spec; fail with the end of its log if it does not build."""
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("PyInstaller is not installed (pip install -e '.[build]')")
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(dist), "--workpath", str(work), str(ROOT / "installer.spec")]
    if spec_args:
        command += ["--", *spec_args]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"PyInstaller failed:\n{done.stderr[-3000:]}"


@pytest.fixture(scope="module")
def build_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pyinstaller")


@pytest.fixture(scope="module")
def onedir_app(build_root: Path) -> Path:
    build_app(build_root / "dist", build_root / "work")
    return build_root / "dist" / "skyjo"


@pytest.fixture(scope="module")
def onefile_app(build_root: Path, onedir_app: Path) -> Path:
    # Built after the folder app so that it reuses the same analysis (a much faster second build).
    build_app(build_root / "dist-onefile", build_root / "work", "--onefile")
    return build_root / "dist-onefile" / f"skyjo{EXE_SUFFIX}"


def headless_env(home: Path) -> dict[str, str]:
    """SDL without a screen; every per-user folder inside `home`, so writes can be found."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("SKYJO_DATA_DIR", None)
    for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "APPDATA",
                 "LOCALAPPDATA"):
        env[name] = str(home / name.lower())
    return env


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Relative path -> (size, mtime) of every file under folder."""
    return {path.relative_to(folder).as_posix(): (path.stat().st_size, path.stat().st_mtime_ns)
            for path in folder.rglob("*") if path.is_file()}


def asset_files() -> dict[str, bytes]:
    files = {path.relative_to(ASSETS).as_posix(): path.read_bytes() for path in ASSETS.rglob("*") if path.is_file()}
    assert files, "assets/ is empty: nothing to bundle"
    return files


def run_self_test(binary: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    return subprocess.run([str(binary), "--self-test"], cwd=cwd, env=headless_env(tmp_path / "home"),
                          capture_output=True, text=True, timeout=SELF_TEST_TIMEOUT)


@pytest.mark.build
@pytest.mark.slow
def test_onedir_app_passes_self_test_and_writes_nothing_beside_itself(onedir_app: Path, tmp_path: Path) -> None:
    binary = onedir_app / f"skyjo{EXE_SUFFIX}"
    before = snapshot(onedir_app)
    done = run_self_test(binary, tmp_path)
    assert done.returncode == 0, f"--self-test failed: {done.stdout[-1500:]}\n{done.stderr[-1500:]}"
    assert_sound_and_icon(done.stdout)
    assert "read aloud: " in done.stdout  # Read aloud's library and its platform's part are in the bundle
    assert snapshot(onedir_app) == before, "the app wrote or changed files in its own folder"
    assert list((tmp_path / "cwd").iterdir()) == [], "the app wrote into the current folder"


@pytest.mark.build
@pytest.mark.slow
def test_onedir_app_plays_the_compiled_rules_of_the_tree(onedir_app: Path, tmp_path: Path) -> None:
    # build/compile_rules.py's modules are bundled where game/rules/__init__.py finds them (issue 47)
    from game.rules.compiled_build import COMPILED, SOURCES_FILE, sources_digest

    built = COMPILED / SOURCES_FILE
    if not built.is_file() or built.read_text(encoding="utf-8").strip() != sources_digest():
        pytest.skip("no compiled build of the rules in the tree (python build/compile_rules.py)")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    env = headless_env(tmp_path / "home")
    env.pop("SKYJO_PURE_RULES", None)
    done = subprocess.run([str(onedir_app / f"skyjo{EXE_SUFFIX}"), "--self-test"], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=SELF_TEST_TIMEOUT)
    assert done.returncode == 0, f"--self-test failed: {done.stdout[-1500:]}\n{done.stderr[-1500:]}"
    assert "; rules compiled;" in done.stdout


@pytest.mark.build
@pytest.mark.slow
def test_onedir_app_hosts_and_joins_a_table_on_loopback(onedir_app: Path, tmp_path: Path) -> None:
    """Network play works frozen (websockets, zeroconf and their compiled parts bundled): the
    built app hosts a table on 127.0.0.1 and a second built app joins it with a bot."""
    binary = str(onedir_app / f"skyjo{EXE_SUFFIX}")
    env = headless_env(tmp_path / "home")
    host = subprocess.Popen([binary, "host", "--seats", "remote,easy", "--games", "1", "--seed", "3", "--bind",
                             "127.0.0.1", "--json", "--data-dir", str(tmp_path / "host")],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = json.loads(host.stdout.readline())
        join = subprocess.run([binary, "join", first["listening"], "--code", first["code"], "--bot", "easy",
                               "--data-dir", str(tmp_path / "join")], env=env, capture_output=True, text=True,
                              timeout=SELF_TEST_TIMEOUT)
        assert join.returncode == 0, join.stderr[-1500:]
        out, err = host.communicate(timeout=60)
    finally:
        host.kill()
    assert host.returncode == 0, err[-1500:]
    assert json.loads(out.strip().splitlines()[-1])["games"] == 1


@pytest.mark.build
@pytest.mark.slow
def test_onedir_app_bundles_exactly_the_assets(onedir_app: Path) -> None:
    bundled = onedir_app / "_internal" / "assets"
    found = {path.relative_to(bundled).as_posix(): path.read_bytes() for path in bundled.rglob("*") if path.is_file()}
    expected = asset_files()
    assert sorted(found) == sorted(expected)
    assert [name for name in expected if found[name] != expected[name]] == []


@pytest.mark.build
@pytest.mark.slow
def test_onedir_app_version_matches_source(onedir_app: Path, tmp_path: Path) -> None:
    import tomllib

    # pyproject.toml is not in the bundle: the frozen app reads the metadata the spec copies in
    __version__ = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    done = subprocess.run([str(onedir_app / f"skyjo{EXE_SUFFIX}"), "--version"], capture_output=True, text=True,
                          env=headless_env(tmp_path), timeout=60)
    assert (done.returncode, done.stdout.strip()) == (0, f"skyjo {__version__}")


@pytest.mark.build
@pytest.mark.slow
def test_onedir_app_runs_worker_processes_like_the_source(onedir_app: Path, tmp_path: Path) -> None:
    # `simulate --workers 2` spawns copies of the frozen binary: entry() must call freeze_support().
    args = ["simulate", "--bots", "easy,normal", "--games", "6", "--workers", "2", "--seed", "7", "--json"]
    results = []
    for program in ([str(onedir_app / f"skyjo{EXE_SUFFIX}")], [sys.executable, "-m", "game"]):
        done = subprocess.run(program + args, capture_output=True, text=True, env=headless_env(tmp_path), cwd=ROOT,
                              timeout=SELF_TEST_TIMEOUT)
        assert done.returncode == 0, done.stderr[-1500:]
        summary = json.loads(done.stdout)
        results.append({key: value for key, value in summary.items() if key not in ("seconds", "rounds_per_second")})
    frozen, source = results
    assert frozen == source and frozen["games"] == 6


@pytest.mark.build
@pytest.mark.slow
def test_onedir_app_reports_a_start_failure_in_one_line(onedir_app: Path, tmp_path: Path) -> None:
    env = headless_env(tmp_path / "home")
    env["SDL_VIDEODRIVER"] = "no-such-video-driver"  # pygame cannot open any window
    data = tmp_path / "data"
    done = subprocess.run([str(onedir_app / f"skyjo{EXE_SUFFIX}"), "--data-dir", str(data)], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=SELF_TEST_TIMEOUT)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


@pytest.mark.build
@pytest.mark.slow
def test_onefile_app_passes_self_test_and_bundles_the_assets(onefile_app: Path, tmp_path: Path) -> None:
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(onefile_app))
    found = {name.removeprefix("assets/"): archive.extract(name) for name in archive.toc if name.startswith("assets/")}
    expected = asset_files()
    assert sorted(found) == sorted(expected)
    assert [name for name in expected if found[name] != expected[name]] == []
    before = snapshot(onefile_app.parent)
    done = run_self_test(onefile_app, tmp_path)
    assert done.returncode == 0, f"--self-test failed: {done.stdout[-1500:]}\n{done.stderr[-1500:]}"
    assert_sound_and_icon(done.stdout)
    assert snapshot(onefile_app.parent) == before, "the app wrote or changed files beside itself"
    assert list((tmp_path / "cwd").iterdir()) == []


def assert_sound_and_icon(said: str) -> None:
    """The self-test's line says the game played its WAV effects and decoded its PNG icon: the
    decoders left out (build/stand_ins.py) are none of those it uses."""
    assert re.search(r"sound: [1-9]\d* effects played", said), said[-500:]
    assert "icon: 64x64 PNG" in said, said[-500:]


# A decoder or runtime left out (build/stand_ins.py) that comes back makes the one file unpack it again at each start.
HEAVY_LEFT_OUT = ("fluidsynth", "sndfile", "stdc++", "xmp", "vorbisenc", "jpeg", "tiff", "mpg123", "opus", "flac")
STAND_IN_BYTES = 64 * 1024  # a stand-in is a few KiB; the smallest library it stands for, 32 KiB (libwebpdemux)...
ONE_FILE_MB = 38  # the Linux one file after the cuts: 34.5 MB unpacked (43.6 MB before), 36.3 MB with Read
# aloud's library and the compiled rules


@pytest.mark.build
@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the decoders are left out of the Linux build")
def test_onefile_app_leaves_out_the_decoders_it_never_uses(onefile_app: Path) -> None:
    from PyInstaller.archive.readers import CArchiveReader

    stand_ins = load_build_module("stand_ins")
    archive = CArchiveReader(str(onefile_app))
    sizes = {name: entry[2] for name, entry in archive.toc.items()}  # the bytes each unpacks to
    heavy = {name: size for name, size in sizes.items()
             if stand_ins.library_name(Path(name).name) in HEAVY_LEFT_OUT and size > STAND_IN_BYTES}
    assert heavy == {}, "left-out libraries came back into the bundle"
    assert [name for name in sizes if "libstdc++" in name or "libsndfile" in name] == []
    assert sum(sizes.values()) < ONE_FILE_MB * 1e6, f"the one file unpacks {sum(sizes.values()) / 1e6:.1f} MB"


# entry(): the readable failure path, in-process (fast, no build needed).


def test_entry_turns_a_crash_into_one_line_and_a_log(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture,
                                                     tmp_path: Path) -> None:
    def broken_main() -> int:
        raise RuntimeError("the table fell over\nsecond line")

    monkeypatch.setattr("skyjo.cli.main", broken_main)
    monkeypatch.setattr(sys, "argv", ["skyjo", "--data-dir", str(tmp_path / "data")])
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    with pytest.raises(SystemExit) as exit_info:
        game_main.entry()
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "RuntimeError: the table fell over second line" in err
    log = tmp_path / "data" / game_main.CRASH_REPORT
    assert str(log) in err
    text = log.read_text(encoding="utf-8")
    assert "Traceback" in text and "broken_main" in text


def test_entry_passes_the_exit_status_through(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("skyjo.cli.main", lambda: 3)
    with pytest.raises(SystemExit) as exit_info:
        game_main.entry()
    assert exit_info.value.code == 3


def test_entry_log_goes_to_the_data_dir_from_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    monkeypatch.setattr("skyjo.cli.main", lambda: 1 / 0)
    monkeypatch.setattr(sys, "argv", ["skyjo"])
    monkeypatch.setenv("SKYJO_DATA_DIR", str(tmp_path / "env-data"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    with pytest.raises(SystemExit):
        game_main.entry()
    assert (tmp_path / "env-data" / game_main.CRASH_REPORT).is_file()
    assert "ZeroDivisionError" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "driver", "expected"), [
    ([], "x11", True),
    (["--data-dir", "replay"], "", True),   # a folder named like a command is still the game
    (["--self-test"], "x11", False),
    (["replay", "file.json"], "x11", False),
    ([], "dummy", False),
    ([], "offscreen", False),
])
def test_dialog_only_for_the_desktop_game_with_a_screen(monkeypatch: pytest.MonkeyPatch, argv: list[str],
                                                        driver: str, expected: bool) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", driver)
    assert game_main._wants_dialog(argv) is expected


# The build helpers, without PyInstaller (fast).


def load_build_module(name: str):  # -> module
    spec = importlib.util.spec_from_file_location(name, ROOT / "build" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_build_script_rejects_a_bad_argument_in_one_line() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "build" / "build_app.py"), "--no-such-option"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["build_app.py: error: unrecognized arguments: --no-such-option"]
