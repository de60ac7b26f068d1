"""One message, line or file cannot freeze anything: every reader of untrusted JSON checks it
in linear time (issue 38, items 1-3; game/wire/reading.py).

The reader used to cut strings out with a regular expression that, on a string left open
and full of escaped quotes, scanned to the end from every quote: 64 KiB took about a minute,
1 MiB hours. Each test here goes through a real surface (the host, `skyjo join --bot`,
`skyjo bot`, `simulate` with a program's seat, the data files) with the worst shapes of
`skyjo bench reader`, and bounds the time generously (seconds where the old reader took
minutes), in a child process where the old reader could not be interrupted. Speed itself is
measured by the bench; the two tests that compare CPU times (the work grows with the text, not
its square) run in the slow set, where the whole suite runs them.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import threading
import time
from functools import partial
from pathlib import Path

import pytest
from hostile_host import FakeHost, send, table, welcome
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_tools import CODE, BotPlayer, HostThread, RawClient, match

from game.net.client import CONNECTION_LOST
from game.net.protocol import MAX_MESSAGE, PROTOCOL_VERSION
from game.table import Notice
from game.wire.bots import MAX_MESSAGE_BYTES
from game.wire.reading import MOST_DIGITS, bare, too_deep, too_long_number, too_many_keys
from skyjo.bench_reader import SHAPES, text_of

ROOT = Path(__file__).resolve().parent.parent
WORST = "an unclosed string of escaped quotes"  # the shape that took the old reader a minute at 64 KiB
PROMPTLY = 10.0  # seconds: generous, where the old reader took minutes to hours


def run(arguments: list[str], stdin: bytes = b"", timeout: float = PROMPTLY) -> subprocess.CompletedProcess:
    """`python ARGUMENTS` from the repository, failing the test (not hanging it) past `timeout`."""
    try:
        return subprocess.run([sys.executable, *arguments], cwd=ROOT, input=stdin, capture_output=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"still reading after {timeout:g} s: {' '.join(arguments)[:120]}") from None


# ---------------------------------------------------------------- the reader's work grows with its text
GROWTH = """
import json, sys, time
from typing import Any
from game.wire.reading import read
from skyjo.bench_reader import SHAPES, text_of

def cpu(text, repeats):
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        try:
            read(text, Any, most_depth=8)
        except ValueError:
            pass
        best = min(best, time.process_time() - started)
    return max(best, 1e-6)

print(json.dumps({shape: cpu(text_of(shape, 256 << 10), 5) / cpu(text_of(shape, 16 << 10), 30) for shape in SHAPES}))
"""


@pytest.mark.slow  # (a measure of speed, CPU time in a process of its own: the whole suite runs it)
def test_sixteen_times_the_text_costs_the_reader_about_sixteen_times_the_work():
    """Each worst shape at 16 KiB and 256 KiB: the work (CPU time, the fastest of several runs)
    grows about 16 times; 64 leaves room for a busy machine, where the old reader's square
    growth gave 256 (and its 256 KiB took far longer than the time allowed)."""
    done = run(["-c", GROWTH], timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    ratios = json.loads(done.stdout)
    assert set(ratios) == set(SHAPES)
    assert all(ratio < 64 for ratio in ratios.values()), ratios


# ---------------------------------------------------------------- item 1: the real host
def test_a_stranger_s_hostile_hello_is_refused_at_once_while_a_seated_player_plays_on():
    """No join code needed: 64 KiB of a string left open, full of escaped quotes, as a hello.
    It used to hold the host's event loop for about a minute: the seated player's connection
    died on its keep-alive. Now the stranger is refused and the game goes on to its end."""
    hosted = HostThread(match("voyage", "remote,easy", seed=5)).start()
    player = BotPlayer(hosted.url, "easy", seed=1)
    try:
        deadline = time.monotonic() + 30
        while not player.heard and time.monotonic() < deadline:  # the game is under way
            time.sleep(0.02)
        assert player.heard, "the seated player was never shown the table"
        stranger = RawClient(hosted.url)
        hostile = text_of(WORST, MAX_MESSAGE, f'{{"type":"hello","version":{PROTOCOL_VERSION},"code":"NOPE","name":')
        stranger.send(hostile)
        refusal = stranger.expect("refused", timeout=PROMPTLY)
        assert refusal["kind"] == "hello" and "not JSON" in refusal["reason"]
        assert stranger.closed_within(PROMPTLY)
        assert player.join(60) is True, "the seated player did not play the game to its end"
    finally:
        player.stop.set()
        hosted.finish()
    told = [message.sentence.key for message in player.heard if isinstance(message, Notice)]
    assert CONNECTION_LOST.key not in told, "the seated player lost its connection"


# ---------------------------------------------------------------- item 2: a hostile host, `skyjo bot`, simulate
def test_join_bot_says_the_host_sent_a_bad_message_promptly():
    """A host that welcomes, then sends 64 KiB of the worst shape: the joiner used to be busy
    for over a minute; the docs promise "the host sent a bad message" at once."""
    hostile = text_of(WORST, MAX_MESSAGE, '{"type":"notice","key":"player_back","args":')
    with FakeHost([send(welcome(), hostile)]) as host:
        done = run(["-m", "skyjo", "join", host.url, "--code", CODE, "--bot", "easy"])
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert err.count("\n") == 1 and "the host sent a bad message" in err, err


def test_skyjo_bot_refuses_a_hostile_line_of_one_mebibyte_in_one_line():
    """A 31 KiB line took the old `skyjo bot` 21 s; a line may be 1 MiB (hours)."""
    line = text_of(WORST, MAX_MESSAGE_BYTES, '{"type":"decide","view":').encode() + b"\n"
    done = run(["-m", "game", "bot", "--level", "easy"], stdin=line)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert err.startswith("skyjo bot: error: line 1: ") and "not JSON" in err and err.count("\n") == 1, err


BOT = """\
import sys, time
for line in sys.stdin:
    if '"decide"' in line:
        print({answer!r}, flush=True)
        time.sleep(30)
"""


def test_simulate_with_a_program_seat_answering_120_kib_of_the_worst_shape_ends_promptly(tmp_path):
    """`--bot-timeout 3` used to run for more than 150 s: reading the answer held the lock."""
    script = tmp_path / "hostile_bot.py"
    script.write_text(BOT.format(answer=text_of(WORST, 120 << 10, '{"action":')))
    seat = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(script))}"
    done = run(["-m", "game", "simulate", "--bots", f"{seat},easy", "--games", "1", "--bot-timeout", "3"],
               timeout=30)
    err = done.stderr.decode()
    assert done.returncode == 3, err
    assert err.strip().count("\n") == 0 and "hostile_bot.py" in err and "not JSON" in err, err
    assert "Traceback" not in err


# ---------------------------------------------------------------- item 2: the data files, at their caps
FILES = """
import sys
from pathlib import Path
from game.store.export import ExportProblem, read_export
from game.store.last_game import last_game
from game.store.reviews import ReviewShelf

folder = Path(sys.argv[1])
print(last_game(folder))
print(ReviewShelf(folder).trend("Ann"))
try:
    read_export(folder / "exports" / "skyjo-hostile.json")
except ExportProblem as problem:
    print(problem)
"""


def test_planted_hostile_data_files_at_their_caps_are_read_as_damaged_promptly(tmp_path):
    """last-game.json (2 MiB), reviews.json (4 MiB) and an export (16 MiB) of the worst shape:
    32 KiB of it froze the Statistics screen for 8 s; at these sizes, hours."""
    from game.store.export import EXPORTS, MOST_EXPORT_BYTES
    from game.store.last_game import LAST_GAME_FILE
    from game.store.reviews import REVIEWS_CAP, REVIEWS_FILE
    from game.wire.finished import MOST_BYTES

    (tmp_path / LAST_GAME_FILE).write_text(text_of(WORST, MOST_BYTES, '{"record":'))
    (tmp_path / REVIEWS_FILE).write_text(text_of(WORST, REVIEWS_CAP, '{"format":1,"reviews":'))
    (tmp_path / EXPORTS).mkdir()
    (tmp_path / EXPORTS / "skyjo-hostile.json").write_text(text_of(WORST, MOST_EXPORT_BYTES, '{"rounds":'))
    done = run(["-c", FILES, str(tmp_path)], timeout=30)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().splitlines() == ["None", "[]", "something that is not JSON"]


# ---------------------------------------------------------------- item 3: the command's figures
def test_bench_reader_prints_every_figure(monkeypatch, capsys):
    """The shape of `skyjo bench reader --json` and of its lines (never its speed): made small."""
    import skyjo.bench_reader as bench
    from skyjo.cli import main

    monkeypatch.setattr(bench, "SIZES", (1 << 10, 2 << 10, 32 << 10))
    monkeypatch.setattr(bench, "MOST_BYTES", 4 << 10)
    monkeypatch.setattr(bench, "STRANGERS", 1)
    assert main(["bench", "reader", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert {run["shape"] for run in figures["runs"]} == set(SHAPES) and len(figures["runs"]) == 3 * len(SHAPES)
    assert all(run["cpu_seconds_per_mib"] >= 0 and run["bytes"] in bench.SIZES for run in figures["runs"])
    assert [item["shape"] for item in figures["growth"]] == list(SHAPES)
    assert all(item["size_ratio"] == 16 and isinstance(item["linear"], bool) and item["checks_cpu_ratio"] > 0
               for item in figures["growth"])
    readers = [item["reader"] for item in figures["files"]]
    assert {"a message to the host", "a line to `skyjo bot`", "reviews.json", "an exported game log"} <= set(readers)
    assert all(item["shape"] in SHAPES and item["bytes"] <= 4 << 10 for item in figures["files"])
    assert set(figures["export"]) == {"bytes", "seconds", "cpu_seconds", "shape", "under_2_s"}
    assert figures["host"]["strangers"] == 1 and figures["host"]["refused_ms"] > 0
    assert main(["bench", "reader"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["shape", "bytes", "seconds", "cpu", "s", "cpu", "s/MiB"]
    assert sum(line.startswith("growth, ") for line in lines) == len(SHAPES)
    assert lines[-2].startswith("the 0 MiB export: ") and lines[-1].startswith("host: 1 hostile hellos")


def test_reading_never_leaves_the_collector_off():
    """The collector is held off while a decode builds its values, and back on after, even
    when threads read at once and some fail."""
    import gc

    from game.wire.reading import WireError, read

    def reader(text: str) -> None:
        for _ in range(200):
            try:
                read(text, list[int], most_depth=8)
            except WireError:
                pass

    threads = [threading.Thread(target=reader, args=(text,)) for text in ("[1,2,3]", '["x"]', "[" * 20, "[1,")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert gc.isenabled()


# ---------------------------------------------------------------- the wire fuzz: the worst shapes too
TRICKY_TEXT = st.text(alphabet='"\\[]{}0123456789a,:é\n\u2028', max_size=12)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**150), 10**150) | st.floats(allow_nan=False, allow_infinity=False)
    | TRICKY_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TRICKY_TEXT, inner, max_size=4),
    max_leaves=40)


def nesting(value: object) -> int:
    if isinstance(value, list):
        return 1 + max(map(nesting, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(nesting, value.values()), default=0)
    return 0


def has_long_integer(value: object) -> bool:
    if isinstance(value, list | dict):
        return any(map(has_long_integer, value.values() if isinstance(value, dict) else value))
    return isinstance(value, int) and not isinstance(value, bool) and len(str(abs(value))) > MOST_DIGITS


# 100 values in the fast set, 200 more in the slow twin (300 in the whole suite, as before)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=JSON_VALUES, ascii_only=st.booleans(), compact=st.booleans())
def test_the_checks_see_json_exactly_as_it_nests_and_counts(value, ascii_only, compact):
    """Whatever the strings hold (quotes, backslashes, marks, digits), the linear checks find
    the value's own nesting and long numbers, no more and no less."""
    check_nesting_and_counts(value, ascii_only, compact)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=JSON_VALUES, ascii_only=st.booleans(), compact=st.booleans())
def test_the_checks_see_json_exactly_as_it_nests_and_counts_many_values(value, ascii_only, compact):
    check_nesting_and_counts(value, ascii_only, compact)


def check_nesting_and_counts(value, ascii_only, compact):
    text = json.dumps(value, ensure_ascii=ascii_only, separators=(",", ":") if compact else None)
    without_strings = bare(text)
    for most in range(8):
        assert too_deep(without_strings, most) == (nesting(value) > most), (text, most)
    assert too_long_number(without_strings) == has_long_integer(value), text
    for most in range(4):
        assert too_many_keys(without_strings, most) == (largest_object(value) > most), (text, most)


def largest_object(value: object) -> int:
    """The most keys any object in `value` holds."""
    if isinstance(value, dict):
        return max([len(value), *map(largest_object, value.values())])
    if isinstance(value, list):
        return max(map(largest_object, value), default=0)
    return 0


def _messages() -> list[str]:
    from game.ai.protocol import decide_message
    from game.rules import GameState, seat_view

    state = GameState.new_game("voyage", players=2, seed=6)
    hello = {"type": "hello", "version": PROTOCOL_VERSION, "code": CODE, "name": "Ann", "token": "t" * 32}
    return [json.dumps(message) for message in (hello, welcome(), table(), decide_message(seat_view(state, 0)),
                                                {"action": [0, "draw"]})]


MESSAGES = _messages()


def _readers() -> list[tuple[str, object, type[Exception]]]:
    from game.net.protocol import ProtocolError, decode_client, decode_host
    from game.store.documents import parse_json
    from game.store.files import FileProblem
    from game.wire.bots import Answer, ToBot, read_line
    from game.wire.finished import read_finished
    from game.wire.reading import WireError
    from game.wire.review import read_review

    return [("the host", decode_client, ProtocolError), ("a joiner", decode_host, ProtocolError),
            ("skyjo bot", lambda text: read_line(text, ToBot), ValueError),
            ("a bot's answer", lambda text: read_line(text, Answer), ValueError),
            ("a data file", lambda text: parse_json(text.encode("utf-8", "surrogatepass")), FileProblem),
            ("a last game", read_finished, WireError), ("a review", read_review, WireError)]


READERS = _readers()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(message=st.sampled_from(MESSAGES), cut=st.integers(0, 2000), shape=st.sampled_from(list(SHAPES)),
       room=st.integers(0, 4000), keep_rest=st.booleans())
def test_a_real_message_with_a_worst_shape_inside_is_read_or_refused_in_one_line(message, cut, shape, room, keep_rest):
    """A real message (a hello, a welcome, a table, a decide line, an answer) with one of the
    bench's worst shapes put in anywhere: every reader reads it or refuses it in one line."""
    text = message[:cut] + SHAPES[shape](room) + (message[cut:] if keep_rest else "")
    for name, reader, refusal in READERS:
        try:
            reader(text)  # type: ignore[operator]
        except refusal as error:
            assert "\n" not in str(error), (name, str(error)[:200])  # noqa: PT017 - read or refused, both right


def _cpu(action, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        action()
        best = min(best, time.process_time() - started)
    return max(best, 1e-6)


@pytest.mark.slow  # (a measure of speed, CPU time: the whole suite runs it)
def test_the_other_patterns_over_untrusted_text_are_linear_too():
    """A damaged file's end, told apart as cut short or not, and a notice's words looked over
    for paths: both patterns used to try a run of digits or letters once per character in it
    (16 times the run, 256 times the work). Now 16 times the run is about 16 times the work."""
    from game.net.notices import without_paths
    from game.store.documents import parse_json
    from game.store.files import FileProblem

    def damaged(digits: int) -> None:
        try:
            parse_json(b"[0" + b"1" * digits + b"x]")  # the parser stops at the first 1
        except FileProblem as problem:
            assert "not valid JSON" in str(problem)  # noqa: PT017 - timed, whether it raises or not

    for work in (damaged, lambda size: without_paths("a" * size)):
        small, large = _cpu(partial(work, 250)), _cpu(partial(work, 4000))
        assert large / small < 64, (large, small)


def test_replay_refuses_a_scenario_of_millions_of_lists_before_building_them(tmp_path):
    """16 MiB of tiny lists took `skyjo replay` seconds to build before it found no game in
    them; they are counted first, as in an exported log the statistics screen reviews."""
    path = tmp_path / "lists.json"
    path.write_text(text_of("many empty lists", 16 << 20, '{"rounds":'))
    done = run(["-m", "game", "replay", str(path)], timeout=30)
    assert done.returncode == 2 and "1048576 lists and objects" in done.stdout.decode(), done.stdout[:300]


def test_a_text_of_more_values_than_any_real_file_is_refused_before_it_is_decoded():
    """Two million tiny values fit in a 16 MiB export's bytes, yet no game log comes near them;
    the reader refuses them in its linear checks (one line) and reads one value fewer."""
    from typing import Any

    from game.wire.reading import MOST_VALUES, WireError, read

    too_many = "[" + "0," * MOST_VALUES + "0]"
    with pytest.raises(WireError) as refused:  # (two million values must not be decoded)
        read(too_many, Any, most_depth=8)
    assert str(refused.value) == f"more than {MOST_VALUES} values"
    assert len(read("[" + "0," * (MOST_VALUES - 1) + "0]", Any, most_depth=8)) == MOST_VALUES


def keys(count: int, start: int = 0) -> str:
    """An object of `count` short unique keys."""
    return "{" + ",".join(f'"{number:x}":0' for number in range(start, start + count)) + "}"


def test_an_object_of_more_keys_than_any_real_document_is_refused_by_every_reader_in_one_line(tmp_path):
    """Issue 46 item 9: an object of a million short keys cost the readers 26 to 44 times the
    work for 16 times the text (a dict larger than the processor's caches costs ever more per
    key); an object of more than MOST_KEYS keys is refused in the linear checks, whoever reads
    it, and one of MOST_KEYS keys, or many such objects, are read."""
    from typing import Any

    from game.store.documents import parse_json
    from game.store.export import ExportProblem, read_export
    from game.store.files import FileProblem
    from game.wire.reading import MOST_KEYS, WireError, read

    crowded = '{"rounds": [[1], ' + keys(MOST_KEYS + 1) + "]}"
    with pytest.raises(WireError) as refused:
        read(crowded, Any, most_depth=8)
    assert str(refused.value) == f"an object of more than {MOST_KEYS} keys"
    with pytest.raises(FileProblem) as refused_file:
        parse_json(crowded.encode())
    assert str(refused_file.value) == "it holds an object with too many keys"
    log = tmp_path / "skyjo-20240101-120000.json"
    log.write_text(crowded)
    with pytest.raises(ExportProblem, match=f"^an object of more than {MOST_KEYS} keys$"):
        read_export(log)
    full = "[" + ",".join(keys(MOST_KEYS, start) for start in range(0, 3 * MOST_KEYS, MOST_KEYS)) + "]"
    assert [len(item) for item in read(full, Any, most_depth=8)] == [MOST_KEYS] * 3
    assert len(parse_json(keys(MOST_KEYS).encode())) == MOST_KEYS
    nested = '{"a": [' + keys(2) + ', {"b": ' + keys(3) + "}]," + '"c": 0}'  # (colons of the objects inside)
    assert not too_many_keys(bare(nested), 3) and too_many_keys(bare(nested), 2)
