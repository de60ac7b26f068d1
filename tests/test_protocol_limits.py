"""The open bot protocol against programs that misbehave (issue #16, items 9-12 and 14).

Host side: a `cmd:` bot that stalls, floods, writes bytes that are not UTF-8 or JSON we cannot
read, or leaves processes behind, fails with one BotError naming it, in bounded time.
Bot side: `skyjo bot` refuses a view no game could reach with one line and exit status 2.
"""

import copy
import io
import json
import os
import random
import shlex
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.ai import BotError, BotWorker
from game.ai.protocol import CommandBot, decide_message, serve
from game.rules import GameState, Options, seat_view

ROOT = Path(__file__).resolve().parent.parent
MIB = 1 << 20  # the documented cap on one message (docs/bots.md)

# Every test bot starts with this: `questions()` yields the decide messages it is sent.
PRELUDE = """\
import json, os, subprocess, sys, time
def questions():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "decide":
            yield message
"""


def bot_command(tmp_path: Path, body: str) -> str:
    script = tmp_path / "bad_bot.py"
    script.write_text(PRELUDE + body)
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"


def a_view():
    state = GameState.new_game("voyage", players=2, seed=6)
    return seat_view(state, state.to_act)


HANG_GUARD = 60.0  # seconds: only stops a test that would hang; far past every bot's own deadline here


def decide_within(bot: CommandBot, seconds: float = HANG_GUARD) -> object:
    """Run bot.decide in a thread; what it returned or raised. Fails the test (instead of hanging
    it) if the decision takes longer than `seconds`. How soon a failure comes is told by its
    words, never by the clock: each bot here has a 5 s deadline, whose error ("no answer within
    5 s") is not the one the tests expect, so a failure found only at the deadline fails them."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(bot.decide(a_view()))
        except BaseException as error:  # noqa: BLE001 - the test looks at it
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"the decision was still waiting after {seconds} s"
    return outcome[0]


def failure(bot: CommandBot) -> str:
    try:
        error = decide_within(bot)
    finally:
        bot.close()
    assert isinstance(error, BotError), f"expected a BotError, got {error!r}"
    assert "bad_bot.py" in str(error) and "\n" not in str(error) and "no answer within" not in str(error)
    return str(error)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] == "Z")  # a zombie is dead


def dies_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


# ---------------------------------------------------------------- item 9: one deadline, EOF at once
@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
def test_blank_lines_do_not_put_off_the_deadline(tmp_path):
    """A bot printing a blank line every 0.1 s used to keep the app's "thinking..." forever."""
    bot = CommandBot(bot_command(tmp_path, "for m in questions():\n    while True:\n"
                                           "        print(flush=True); time.sleep(0.1)\n"), timeout=1.0)
    worker = BotWorker(bot)
    started = time.monotonic()
    worker.start(a_view())
    worker.wait(3)
    took, busy, error = time.monotonic() - started, worker.busy, worker.error
    bot.close()
    assert not busy, "still thinking 3 s after a 1 s deadline"
    assert isinstance(error, BotError) and "no answer within 1 s" in str(error)
    assert took < 2.5


def test_a_bot_that_closes_its_output_and_keeps_running_fails_at_once(tmp_path):
    bot = CommandBot(bot_command(tmp_path, "os.close(1)\ntime.sleep(20)\n"), timeout=5.0)
    assert "closed its output" in failure(bot)  # (not at the deadline: see decide_within)


# ---------------------------------------------------------------- item 10: a message is at most 1 MiB
def test_a_line_that_never_ends_is_cut_at_one_mebibyte(tmp_path):
    body = "for m in questions():\n    for _ in range(32):\n        sys.stdout.write('x' * 65536)\n" \
           "    sys.stdout.flush(); time.sleep(20)\n"
    assert "longer than 1 MiB" in failure(CommandBot(bot_command(tmp_path, body), timeout=5.0))


# ---------------------------------------------------------------- item 11: what the bot writes
@pytest.mark.parametrize("body, words", [
    ("for m in questions():\n    sys.stdout.buffer.write(b'\\xff\\xfe{}\\n'); sys.stdout.flush(); time.sleep(20)\n",
     "not UTF-8"),
    ("for m in questions():\n    print('{\"action\": ' + '[' * 100000 + ']' * 100000 + '}', flush=True)\n",
     "nested too deeply"),
    ("for m in questions():\n    print('{\"action\": [1' + '0' * 5000 + ', \"draw\"]}', flush=True)\n",
     "too many digits"),
], ids=["not-utf8", "deep-nesting", "5000-digits"])
def test_unreadable_answers_are_a_bot_error_naming_the_bot(tmp_path, body, words):
    assert words in failure(CommandBot(bot_command(tmp_path, body), timeout=5.0))


@pytest.mark.parametrize("body, words", [
    ("for m in questions():\n    sys.stdout.buffer.write(b'\\xff\\n'); sys.stdout.flush()\n", "not UTF-8"),
    ("for m in questions():\n    print('[' * 100000 + ']' * 100000, flush=True)\n", "nested too deeply"),
    ("for m in questions():\n    print('{\"action\": [' + '7' * 5000 + ', \"draw\"]}', flush=True)\n",
     "too many digits"),
], ids=["not-utf8", "deep-nesting", "5000-digits"])
def test_simulate_reports_an_unreadable_answer_in_one_line_with_status_3(tmp_path, body, words):
    command = bot_command(tmp_path, body)
    result = subprocess.run([sys.executable, "-m", "game", "simulate", "--bots", f"cmd:{command},easy",
                             "--games", "1", "--bot-timeout", "5"],
                            cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert result.returncode == 3, result.stderr
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and "bad_bot.py" in line and words in line
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------- item 12: closing
@pytest.mark.skipif(os.name == "nt", reason="checks processes through POSIX signals")
def test_closing_a_bot_ends_the_processes_it_started(tmp_path):
    pid_file = tmp_path / "grandchild.pid"
    body = (f"child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(20)'])\n"
            f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
            "for m in questions():\n    print(json.dumps({'action': m['legal'][0]}), flush=True)\n")
    bot = CommandBot(bot_command(tmp_path, body), timeout=5.0)
    pid = None
    try:
        bot.decide(a_view())
        pid = int(pid_file.read_text())
        assert alive(pid)
        bot.close()
        assert dies_within(pid, HANG_GUARD), "the bot's own child outlived the bot"  # (killed as close returned)
    finally:
        bot.close()
        if pid is not None and alive(pid):
            os.kill(pid, 9)


@pytest.mark.skipif(os.name == "nt", reason="checks processes through POSIX signals")
def test_closing_a_worker_does_not_wait_for_a_slow_bot_to_exit(tmp_path):
    """The app closes a failed bot from the frame loop: that must not freeze a frame, and the
    bot, which ignores the end of its input, must still be gone soon after."""
    pid_file = tmp_path / "bot.pid"
    body = (f"open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
            "for m in questions():\n    print(json.dumps({'action': m['legal'][0]}), flush=True)\n"
            "time.sleep(20)\n")
    worker = BotWorker(CommandBot(bot_command(tmp_path, body), timeout=5.0))
    worker.start(a_view())
    assert worker.wait(5) is not None and worker.error is None
    pid = int(pid_file.read_text())
    let_go, real_close, caller, closed = threading.Event(), worker.bot.close, threading.current_thread(), []

    def held_close() -> None:  # the bot's close, held until the test lets it go (unless on the caller's thread)
        if threading.current_thread() is not caller:
            let_go.wait(HANG_GUARD)
        real_close()
        closed.append(threading.current_thread() is caller)

    worker.bot.close = held_close  # type: ignore[method-assign]
    worker.close()  # returns with the bot's close still held: the caller never waits for it
    assert closed == [] and alive(pid)
    let_go.set()
    assert dies_within(pid, HANG_GUARD)


# ---------------------------------------------------------------- item 14: `skyjo bot` and impossible views
def turn_message() -> dict:
    """A decide message of a real position: turns have begun, the seat to act holds nothing."""
    state = GameState.new_game("voyage", players=2, seed=6)
    while state.phase == "opening":
        state.apply(state.legal_actions()[0])
    return decide_message(seat_view(state, state.to_act))


def mutated(change) -> bytes:
    message = copy.deepcopy(turn_message())
    change(message, message["view"])
    return (json.dumps(message) + "\n").encode()


def serve_lines(data: bytes, capsys, level: str = "hard") -> tuple[int, str, str]:
    out = io.StringIO()
    status = serve(level, 1, stdin=io.BytesIO(data), stdout=out)
    return status, out.getvalue(), capsys.readouterr().err


def test_a_real_position_is_answered(capsys):
    status, out, err = serve_lines(mutated(lambda m, v: None), capsys)
    assert status == 0 and err == ""
    assert json.loads(out)["action"] in turn_message()["legal"]


IMPOSSIBLE = {
    "seat out of range": (lambda m, v: v.update(seat=9), "seat 9"),
    "negative seat": (lambda m, v: v.update(seat=-1), "seat -1"),
    "seat to act out of range": (lambda m, v: v.update(to_act=5), "to_act 5"),
    "empty discard pile during a turn": (lambda m, v: v.update(discard_pile=[], draw_pile=v["draw_pile"] + 1),
                                         "discard pile is empty"),
    "a string where a card goes": (lambda m, v: v.update(holding="x"), "`$.view.holding`"),
    "a card given as text": (lambda m, v: v.update(discard_pile=[str(c) for c in v["discard_pile"]]),
                             "`$.view.discard_pile[0]`"),
    "a card the edition lacks": (lambda m, v: v["grids"][0][0].__setitem__(0, 13), "not a card"),
    "more twelves than the deck": (lambda m, v: v["grids"][0].__setitem__(0, [12, 12, 12, 12]) or
                                   v["grids"][0].__setitem__(1, [12, 12, 12, 12]), "more cards of value 12"),
    "unknown phase": (lambda m, v: v.update(phase="dance"), "unknown phase"),
    "a seat outside the game plays": (lambda m, v: v.update(participants=[0, 7]), "participants"),
    "legal action for another seat": (lambda m, v: m.update(legal=[[1 - v["seat"], "draw"]]), "for seat"),
    "legal action the view forbids": (lambda m, v: m.update(legal=[[v["seat"], "replace", 0, 0]]), "impossible"),
    "a column half removed": (lambda m, v: v["grids"][v["seat"]][0].__setitem__(0, None), "partly removed"),
}


@pytest.mark.parametrize("change, words", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_an_impossible_view_is_refused_in_one_line(capsys, change, words):
    status, out, err = serve_lines(mutated(change), capsys)
    assert status == 2 and out == ""
    assert err.startswith("skyjo bot: error: line 1: ") and words in err and err.count("\n") == 1


@pytest.mark.parametrize("data, words", [
    (b"\xff\xfe{}\n", "not UTF-8"),
    (b"[" * 100000 + b"]" * 100000 + b"\n", "nested too deeply"),
    (b"x" * (2 * MIB) + b"\n", "longer than 1 MiB"),
], ids=["not-utf8", "deep-nesting", "2-MiB-line"])
def test_an_unreadable_line_is_refused_in_one_line(capsys, data, words):
    status, _, err = serve_lines(b'{"type": "hello"}\n' + data, capsys)
    assert status == 2 and err.startswith("skyjo bot: error: line 2: ") and words in err and err.count("\n") == 1


BAD_VALUES = [None, True, -1, 99, "x", [], {}, 1.5, [[1]], 10**30,
              # the reader's worst shapes (bench reader): deep, long digits, many tiny strings, a long key
              [[[[[[[[[[]]]]]]]]]], 10**150, [""] * 3000, {"k" * 5000: 1}, '\\"' * 3000]


@pytest.mark.parametrize("level", ["normal", "hard", "expert@5"])
def test_no_field_of_a_decide_message_can_crash_the_bot_side(capsys, level):
    """Every field of a real message, swapped for each odd value: answered or refused, never raised."""
    keys = [("view", key) for key in turn_message()["view"]] + [(None, "legal")]
    for where, key in keys:
        for value in BAD_VALUES:
            def change(m, v, where=where, key=key, value=value):
                (v if where else m)[key] = value

            status, _out, err = serve_lines(mutated(change), capsys, level)
            assert (status, err == "") in ((0, True), (2, False)), (key, value, err)
            assert err.count("\n") <= 1 and "Traceback" not in err


def test_skyjo_bot_refuses_an_impossible_view_with_status_2():
    for data in (mutated(lambda m, v: v.update(seat=9)), b"\xff\n"):
        result = subprocess.run([sys.executable, "-m", "game", "bot", "--level", "hard"], cwd=ROOT, input=data,
                                capture_output=True, timeout=30)
        err = result.stderr.decode()
        assert result.returncode == 2, err
        assert err.startswith("skyjo bot: error: line 1: ") and err.count("\n") == 1


def test_every_view_of_real_games_passes_the_check():
    """The check refuses nothing a game can show, and works out the same legal actions as the
    engine: random legal play, both editions, up to 8 players, and a tiebreak round."""
    from game.rules.view import check_view, view_legal_actions

    games = [("voyage", 2, 100, None, 1), ("classic", 5, 40, None, 2), ("classic", 8, 30, None, 3),
             ("classic", 3, 1, "tiebreak", 1005)]
    tiebreak_views = 0
    for edition, players, end_score, final_tie, seed in games:
        rng = random.Random(seed)
        state = GameState.new_game(edition, players, seed=seed, options=Options(end_score, final_tie),
                                   record_events=False)
        while state.phase != "game_over":
            if state.phase == "round_over":
                state.deal()
                continue
            for seat in range(players):
                view = seat_view(state, seat)
                check_view(view)
                tiebreak_views += len(view.participants) < players
            assert view_legal_actions(seat_view(state, state.to_act)) == state.legal_actions()
            state.apply(rng.choice(state.legal_actions()))
    assert tiebreak_views > 0
