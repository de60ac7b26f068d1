"""Bad arguments to the headless commands, as a user types them: each is refused in one line on
standard error, nothing on standard output, exit status 2, no traceback, and no file touched
(issue 30 items 12 and 13).

Every command runs in a subprocess with a time limit and a memory limit, so a value that the
command would chew on for ever (a game count of 10**30, /dev/zero read whole) fails the test
instead of hanging or exhausting the machine."""

from __future__ import annotations

import contextlib
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MEMORY_LIMIT = 1 << 30  # bytes of address space a refused command may use (it needs far less)
TIME_LIMIT = 60  # seconds: a refusal takes well under one; this only stops a command that never ends


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(module: str, args: list[str | bytes], tmp_path: Path,
        preexec: object = _limited) -> subprocess.CompletedProcess:
    env = {**os.environ, "SKYJO_DATA_DIR": str(tmp_path / "no-such-data-folder"), "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, timeout=TIME_LIMIT, preexec_fn=preexec)  # type: ignore[arg-type]


def assert_refused(done: subprocess.CompletedProcess, starts: str) -> str:
    """The command said one line on stderr (returned), nothing on stdout, and exited 2."""
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err and "usage:" not in err, err
    assert err.count("\n") == 1 and err.endswith("\n") and err.startswith(starts), err
    assert done.stdout == b"" and done.returncode == 2, (done.returncode, err)
    return err


# ---------------------------------------------------------------- skyjo (python -m game)
@pytest.mark.parametrize("args, says", [
    (["simulate", "--bots", 'cmd:python "my bot.py', "--games", "1"], "no closing quotation"),
    (["simulate", "--bots", "easy,cmd:python my_bot.py\\", "--games", "1"], "no escaped character"),
    (["simulate", "--bots", "easy", "--games", str(10**30)], "--games"),
    (["simulate", "--bots", "easy", "--players", str(10**21)], "players"),
    (["simulate", "--bots", "easy", "--players", str(10**9)], "players"),
    (["simulate", "--bots", "expert", "--expert-samples", str(10**25), "--games", "1"], "--expert-samples"),
    (["simulate", "--bots", "easy", "--bot-timeout", "1e308", "--games", "1"], "--bot-timeout"),
    (["simulate", "--bots", "expert@" + "9" * 20, "--expert-samples", "0", "--games", "1"], "expert@"),
    (["simulate", "--bots", "expert@" + "9" * 5000, "--expert-samples", "0", "--games", "1"], "expert@"),
    (["bench", "engine", "--seconds", "nan"], "--seconds"),
    (["bench", "engine", "--seconds", "inf"], "--seconds"),
    (["bench", "engine", "--seconds", "-1"], "--seconds"),
    (["bench", "idle", "--seconds", "1e30"], "--seconds"),
    ([b"join", b"ws://\xff:50123", b"--code", b"ABCDEF", b"--bot", b"easy"], "host name"),
    (["join", "ws://127.0.0.1:9", "--code", "ABCDEF", "--bot", "easy", "--data-dir", "/dev/zero"], "not a folder"),
    (["join", "ws://127.0.0.1:9", "--code", "ABCDEF", "--bot", "easy", "--data-dir", __file__], "not a folder"),
    (["join", "ws://127.0.0.1:9", "--code", "ABCDEF", "--bot", "easy", "--data-dir", ""], "not a folder"),
])
def test_a_bad_argument_is_one_line_on_stderr_and_status_2(args: list[str | bytes], says: str,
                                                           tmp_path: Path) -> None:
    command = args[0] if isinstance(args[0], str) else args[0].decode()
    err = assert_refused(run("game", args, tmp_path), f"skyjo {command}: error: ")
    assert says in err
    assert not (tmp_path / "no-such-data-folder").exists()


# ---------------------------------------------------------------- the tournament
@pytest.mark.parametrize("args, says", [
    (["--games", "nan"], "--games"),
    (["--games", "0"], "--games"),
    (["--games", str(10**30)], "--games"),
    (["--expert-games", "-5"], "--expert-games"),
    (["--expert-four-games", "inf"], "--expert-four-games"),
    (["--expert-samples", str(10**25)], "--expert-samples"),
    (["--workers", "100000"], "--workers"),
    (["--seed", "nan"], "--seed"),
    (["--only", "grandmaster"], "--only"),
    (["--out", "/"], "--out"),
    (["--out", "/no/such/folder/strength.md"], "--out"),
])
def test_the_tournament_refuses_a_bad_value_in_one_line(args: list[str], says: str, tmp_path: Path) -> None:
    err = assert_refused(run("tools.tournament", args, tmp_path), "tournament: error: ")
    assert says in err


@pytest.mark.parametrize("name", ["/dev/zero", "folder", "fifo", "huge.md", "latin1.md"])
def test_relog_refuses_a_file_that_is_no_strength_table_without_reading_it_whole(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    if name == "folder":
        path.mkdir()
    elif name == "fifo":
        os.mkfifo(path)  # opening it to read would wait for a writer for ever
    elif name == "huge.md":
        path.write_bytes(b"x" * (2 << 20))
    elif name == "latin1.md":
        path.write_bytes("Strength \xe9t\xe9\n".encode("latin-1"))
    err = assert_refused(run("tools.tournament", ["--relog", str(path)], tmp_path), "tournament: error: --relog: ")
    assert name.split("/")[-1] in err


@contextlib.contextmanager
def as_a_player_without_root() -> Iterator[None]:
    """Root may write a read-only file; the player who meets this is not root."""
    if os.geteuid() != 0:
        yield
        return
    os.setegid(65534)
    os.seteuid(65534)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


def strength_file(folder: Path) -> Path:
    from tools.tournament import LOG_MARKER

    table = folder / "strength.md"
    table.write_text(f"# Strength of the computer players\n\n| a | table |\n\n{LOG_MARKER}\n\nan old log\n",
                     encoding="utf-8")
    return table


def test_relog_of_a_read_only_file_is_one_line_and_leaves_it_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from tools import tournament

    with tempfile.TemporaryDirectory() as name:  # in /tmp: a folder every user can reach
        folder = Path(name)
        table = strength_file(folder)
        # the log the relog copies in, where the player can read it: the clone this test runs
        # from may sit in a folder only root can enter (as `mktemp -d` makes)
        log = folder / tournament.EXPERIMENTS.name
        shutil.copyfile(tournament.EXPERIMENTS, log)
        log.chmod(0o444)
        monkeypatch.setattr(tournament, "EXPERIMENTS", log)
        before = table.read_bytes()
        table.chmod(0o444)
        folder.chmod(0o555)
        try:
            with as_a_player_without_root(), pytest.raises(SystemExit) as refused:
                tournament.main(["--relog", str(table)])
        finally:
            folder.chmod(0o700)
        after = table.read_bytes()
    out, err = capsys.readouterr()
    assert refused.value.code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("tournament: error: --relog: cannot write") and "denied" in err
    assert after == before


def test_relog_names_the_file_it_could_not_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The experiments log missing (or unreadable) is said of the log, not of the table."""
    from tools import tournament

    table = strength_file(tmp_path)
    before = table.read_bytes()
    monkeypatch.setattr(tournament, "EXPERIMENTS", tmp_path / "gone" / "expert-experiments.md")
    with pytest.raises(SystemExit) as refused:
        tournament.main(["--relog", str(table)])
    err = capsys.readouterr().err
    assert refused.value.code == 2 and err.count("\n") == 1, err
    gone = tmp_path / "gone" / "expert-experiments.md"
    assert err.startswith(f"tournament: error: --relog: cannot read {gone}: "), err
    assert table.read_bytes() == before


def _small_files() -> None:
    _limited()
    resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))  # bytes: a disk that fills up mid-write


def test_relog_that_cannot_finish_writing_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    table = strength_file(tmp_path)
    before = table.read_bytes()
    assert len(before) < 200  # the new log (kilobytes) cannot be written whole
    done = run("tools.tournament", ["--relog", str(table)], tmp_path, preexec=_small_files)
    assert "cannot write" in assert_refused(done, "tournament: error: --relog: ")
    assert table.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["strength.md"]  # nothing left beside it


def test_relog_still_refreshes_a_strength_table(tmp_path: Path) -> None:
    from tools.tournament import EXPERIMENTS, LOG_MARKER

    table = strength_file(tmp_path)
    table.chmod(0o640)
    done = run("tools.tournament", ["--relog", str(table)], tmp_path)
    assert done.returncode == 0 and done.stderr == b"" and done.stdout == b""
    text = table.read_text(encoding="utf-8")
    assert text.startswith("# Strength of the computer players\n\n| a | table |\n\n" + LOG_MARKER)
    assert "an old log" not in text and text.rstrip().endswith(EXPERIMENTS.read_text(encoding="utf-8").rstrip())
    assert table.stat().st_mode & 0o777 == 0o640


def test_one_parser_says_a_bad_argument_in_one_line() -> None:
    """The game's command line, the build and the research tools share game.arguments' parser:
    no other subclass of argparse.ArgumentParser in the source tree (issue 47)."""
    import ast

    others = []
    for top in ("game", "scenes", "skyjo", "tools", "build"):
        for path in sorted((ROOT / top).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef) and any(ast.unparse(base).endswith("ArgumentParser")
                                                          for base in node.bases):
                    others.append(f"{path.relative_to(ROOT)}:{node.name}")
    assert others == ["game/arguments.py:OneLineParser"]


def test_the_parser_folds_a_message_to_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from game.arguments import OneLineParser

    parser = OneLineParser(prog="python -m tools.x", said_as="x")
    with pytest.raises(SystemExit) as stopped:
        parser.error("--out: cannot write /tmp/a\nname:  denied")  # a file's name may hold a newline
    assert stopped.value.code == 2
    assert capsys.readouterr().err == "x: error: --out: cannot write /tmp/a name: denied\n"
    with pytest.raises(SystemExit):
        OneLineParser(prog="skyjo").parse_args(["--no-such-option"])
    assert capsys.readouterr().err == "skyjo: error: unrecognized arguments: --no-such-option\n"
