"""Strangers who can reach the host's port but have no join code: they cannot keep a seated
player out, exhaust the host's files, crash a hello with text the host did not expect, or
make the host forget who guessed too many codes; and the host leaves no traceback behind
(game/net/admission.py, game/net/host.py). Loopback only: strangers come from 127.0.0.2 and
up (every 127.x.y.z address is this computer on Linux); every wait is bounded."""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from net_tools import CODE, BotPlayer, HostThread, RawClient, match
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.net.admission import STRANGERS, STRANGERS_PER_ADDRESS, Admission, WrongCodes, connection_budget, same_secret
from game.net.host import CLOSE_SEAT_GONE, CLOSE_TRY_LATER, NetHost
from game.net.notices import without_paths
from game.sentences import Sentence
from game.store import Store
from game.store.notices import GAME_NOT_SAVED
from game.store.paths import HOST_SAVE_FILE
from game.table import Notice
from game.table.autosave import SAVE_FAILED, STATS_FAILED
from game.table.computers import BOT_NOT_STARTED

ROOT = Path(__file__).resolve().parents[1]
loopback_aliases = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                      reason="127.0.0.x source addresses other than 127.0.0.1 need Linux")


def _host(**options) -> HostThread:
    return HostThread(match("voyage", "remote,remote", seed=9), **options).start()


def _from(address: str, port: int, timeout: float = 2.0) -> socket.socket:
    """A TCP connection to the host on 127.0.0.1:`port`, from source address `address`."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind((address, 0))
        sock.settimeout(timeout)
        sock.connect(("127.0.0.1", port))
    except OSError:
        sock.close()
        raise
    sock.settimeout(None)
    return sock


def _raw(url: str, address: str = "127.0.0.1") -> RawClient:
    return RawClient(url, sock=_from(address, int(url.rsplit(":", 1)[1])))


def _strangers(url: str, addresses: list[str], each: int) -> list[RawClient]:
    """WebSocket connections that never say hello; those the host turns away are let go."""
    held = []
    for address in addresses:
        for _ in range(each):
            try:
                held.append(_raw(url, address))
            except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed):
                pass
    return held


def _half_open(port: int, count: int, addresses: list[str], deadline: float) -> list[socket.socket]:
    """TCP connections that never finish the HTTP upgrade: silent, a request cut short, or bytes
    that are no HTTP at all. Those that cannot connect (the host turned them away) are let go."""
    held: list[socket.socket] = []
    for number in range(count):
        if time.monotonic() > deadline:
            break
        try:
            sock = _from(addresses[number % len(addresses)], port, timeout=0.5)
            if number % 3 == 1:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: skyjo\r\n")
            elif number % 3 == 2:
                sock.sendall(bytes(range(256)))
        except OSError:
            continue
        held.append(sock)
    return held


def _rejoin(url: str, token: str, address: str = "127.0.0.1", timeout: float = 20.0) -> dict:
    """What a player's client does after a drop: retry with its token (as the client does,
    backing off) until the host seats it again, within `timeout` seconds."""
    deadline, last = time.monotonic() + timeout, "no try"
    while time.monotonic() < deadline:
        try:
            client = _raw(url, address)
            client.send({"type": "hello", "version": 2, "code": CODE, "name": "Ann", "token": token})
            message = client.receive(5)
            if message is not None and message["type"] == "welcome":
                client.close()
                return message
            last = repr(message)
            client.close()
        except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed) as error:
            last = f"{type(error).__name__}: {error}"
        time.sleep(0.25)
    raise AssertionError(f"the seated player was kept out: {last}")


def _close_all(items: list) -> None:
    for item in items:
        try:
            item.close()
        except Exception:  # noqa: BLE001 - a connection the host already dropped
            pass


# ------------------------------------------------------------------ item 5: room for seated players
@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
@loopback_aliases
def test_strangers_from_many_addresses_cannot_keep_a_seated_player_out():
    hosted = _host(hello_timeout=60)  # the strangers' connections stay as long as the test
    held: list = []
    try:
        ann = _raw(hosted.url)
        token = ann.hello(name="Ann", seat=0)["token"]
        bob = _raw(hosted.url)
        bob.hello(name="Bob", seat=1)
        ann.close()  # Ann's connection drops
        assert bob.expect("waiting")["why"] == "reconnecting"
        strangers = _strangers(hosted.url, [f"127.0.0.{n}" for n in range(2, 11)], each=STRANGERS_PER_ADDRESS)
        held = strangers + _half_open(hosted.host.port, 40, [f"127.0.0.{n}" for n in range(20, 25)],
                                      time.monotonic() + 20)
        assert len(strangers) >= STRANGERS  # the strangers hold every place they may
        welcome = _rejoin(hosted.url, token)
        assert welcome["seat"] == 0 and welcome["token"] == token
        assert bob.expect("waiting")["why"] == "returned"
    finally:
        _close_all(held)
        hosted.finish(timeout=0)


@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
@loopback_aliases
def test_strangers_from_the_players_own_address_are_capped_and_time_out():
    hosted = _host(hello_timeout=1.0)
    held: list = []
    try:
        ann = _raw(hosted.url)
        token = ann.hello(name="Ann", seat=0)["token"]
        ann.close()
        held = _strangers(hosted.url, ["127.0.0.1"], each=STRANGERS_PER_ADDRESS + 4)
        assert _rejoin(hosted.url, token)["seat"] == 0  # once the strangers' time is up
    finally:
        _close_all(held)
        hosted.finish(timeout=0)


def _refusal(hosted: HostThread, hello: dict | None) -> tuple[str, int | None]:
    """The refusal a first message (None: none) gets, and the code its connection is closed with."""
    client = RawClient(hosted.url)
    if hello is not None:
        client.send({"type": "hello", "version": 2, "name": "Eve", **hello})
    reason = client.expect("refused")["reason"]
    assert client.closed_within()
    return reason, client.ws.close_code


def test_refusals_close_with_a_code_that_says_whether_to_come_back(monkeypatch):
    import game.net.host as host_module

    hosted = _host(hello_timeout=0.3)
    try:
        assert _refusal(hosted, None) == ("no hello within 0.3 s", CLOSE_TRY_LATER)
    finally:
        hosted.finish(timeout=0)
    monkeypatch.setattr(host_module, "WRONG_CODES", 1)
    hosted = _host()
    try:
        def refusal(hello: dict) -> tuple[str, int | None]:
            return _refusal(hosted, hello)

        RawClient(hosted.url).hello(name="Ann", seat=0)
        assert refusal({"code": CODE, "seat": 0}) == ("seat 0 is taken", CLOSE_SEAT_GONE)
        RawClient(hosted.url).hello(name="Bob", seat=1)
        assert refusal({"code": CODE, "token": "not-a-seat-of-ours"}) == ("no open seat at this table", CLOSE_SEAT_GONE)
        assert refusal({"code": "GUESS1"}) == ("wrong join code", CLOSE_SEAT_GONE)
        reason, code = refusal({"code": "GUESS2"})
        assert "too many wrong join codes" in reason and code == CLOSE_TRY_LATER
    finally:
        hosted.finish(timeout=0)


def test_strangers_are_capped_per_address_and_in_all_but_not_a_players_address():
    admission = Admission(budget=100, strangers=4, per_address=2)
    assert admission.admit("a1", "10.0.0.1")
    admission.seat("a1", 0)  # seated: no longer a stranger, and its address is a player's
    assert admission.admit("b1", "10.0.0.2") and admission.admit("b2", "10.0.0.2")
    assert not admission.admit("b3", "10.0.0.2")  # two from one address at most
    assert admission.admit("c1", "10.0.0.3") and admission.admit("c2", "10.0.0.3")
    assert admission.stranger_count == 4
    assert not admission.admit("d1", "10.0.0.4")  # four strangers in all
    assert admission.admit("a2", "10.0.0.1") and admission.admit("a3", "10.0.0.1")  # a player's address: past them
    assert not admission.admit("a4", "10.0.0.1")  # ... within its own two
    admission.release("a1")  # the player's connection drops: its address stays known for its seat
    admission.release("a2")
    assert admission.admit("a5", "10.0.0.1")
    assert not admission.admit("d2", "10.0.0.4")


def test_every_connection_counts_against_the_file_budget():
    admission = Admission(budget=4)
    assert admission.strangers == 2  # half the budget stays for the players
    assert admission.admit(1, "10.0.0.1") and admission.admit(2, "10.0.0.2")
    admission.seat(1, 0)
    admission.seat(2, 1)
    assert admission.admit(3, "10.0.0.3") and admission.admit(4, "10.0.0.4")
    assert not admission.admit(5, "10.0.0.1")  # four files in use: nobody else, not even a player
    admission.release(3)
    assert admission.admit(5, "10.0.0.1")


# ------------------------------------------------------------------ item 6: files, and paths
HOST_UNDER_A_FILE_LIMIT = """
import resource, runpy, sys
resource.setrlimit(resource.RLIMIT_NOFILE, ({limit}, {limit}))
sys.argv = ["game", "host", "--seats", "remote,remote", "--json", "--bind", "127.0.0.1", "--seed", "4",
            "--data-dir", sys.argv[1]]
runpy.run_module("game", run_name="__main__")
"""


def _sigint_as_in_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start_host(arguments: list[str], limit: int | None = None) -> tuple[subprocess.Popen, str, str]:
    """`python -m game host ...` (under a file limit: the same through a small script), its
    URL and join code from the first JSON line."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = ([sys.executable, "-c", HOST_UNDER_A_FILE_LIMIT.format(limit=limit), *arguments] if limit
               else [sys.executable, "-m", "game", "host", *arguments])
    # Ctrl+C as in a terminal: a suite started in the background (`cmd &` in a script) hands its
    # children SIGINT ignored, and the host would never hear the test's SIGINT
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=_sigint_as_in_a_terminal if os.name == "posix" else None)
    line = process.stdout.readline() if process.stdout else ""
    if not line:
        process.kill()
        raise AssertionError(f"the host did not start: {process.communicate(timeout=10)[1][-2000:]}")
    first = json.loads(line)
    return process, first["listening"], first["code"]


def _stop(process: subprocess.Popen) -> str:
    """SIGINT (Ctrl+C), then the host's standard error (bounded waits)."""
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate(timeout=10)
        raise AssertionError(f"the host did not stop on SIGINT: {err[-2000:]}") from None
    return err


def _play(players: list[RawClient], moves: int, latest: dict[int, dict]) -> list[dict]:
    """Play `moves` actions, each the acting player's first legal one (`latest`: each player's
    last table message, kept between calls); returns the messages that were not table
    messages (notices would be among them)."""
    others: list[dict] = []

    def next_table(player: RawClient) -> None:
        while True:
            message = player.receive(10)
            assert message is not None, "the host closed a seated player's connection"
            if message["type"] == "table":
                latest[id(player)] = message
                return
            others.append(message)

    if not latest:
        for player in players:
            next_table(player)
    for _ in range(moves):
        acting = next(player for player in players if latest[id(player)]["legal"])
        acting.send({"type": "play", "action": latest[id(acting)]["legal"][0]})
        for player in players:
            next_table(player)
    return others


def _seated_and_playing(url: str, code: str) -> tuple[RawClient, RawClient, dict[int, dict], int]:
    """Ann and Bob seated at the host at `url`, two moves played; and the host's port."""
    ann, bob = _raw(url), _raw(url)
    ann.hello(code=code, name="Ann", seat=0)
    bob.hello(code=code, name="Bob", seat=1)
    latest: dict[int, dict] = {}
    _play([ann, bob], 2, latest)
    return ann, bob, latest, int(url.rsplit(":", 1)[1])


def _saved_actions(folder: Path) -> int:
    """The actions in the autosave of `folder` (read once its host stopped: a reader racing the
    host's writes is no test of the host)."""
    saved = Store(folder, save_file=HOST_SAVE_FILE).saves.load()  # skyjo host's own save (never save.json)
    return 0 if saved is None or saved[1].log is None else sum(len(entry["actions"]) for entry in saved[1].log)


@pytest.mark.slow
@loopback_aliases
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="RLIMIT_NOFILE is POSIX")
def test_half_open_connections_past_the_file_limit_leave_the_host_saving(tmp_path):
    limit = 256
    process, url, code = _start_host([str(tmp_path)], limit=limit)
    held: list = []
    try:
        ann, bob, latest, port = _seated_and_playing(url, code)
        held = _half_open(port, limit + 200, [f"127.0.0.{n}" for n in range(2, 40)], time.monotonic() + 30)
        others = _play([ann, bob], 9, latest)  # each move is autosaved
        assert not [message for message in others if message["type"] == "notice"]
        ann.close()
        bob.close()
    finally:
        _close_all(held)
        err = _stop(process)
    assert "Traceback" not in err and "could not be saved" not in err and "Too many open files" not in err, err[-3000:]
    assert _saved_actions(tmp_path) >= 10  # every move reached the disk (the 11th's table came after the 10th's save)


def test_a_notice_naming_a_folder_never_reaches_a_remote_player():
    hosted = _host()
    try:
        ann = RawClient(hosted.url)
        ann.hello(name="Ann", seat=0)
        host: NetHost = hosted.host
        for failure in (GAME_NOT_SAVED.say(folder="/home/ann/.local/share/skyjo", reason="the disk is full"),
                        SAVE_FAILED.say(error="[Errno 13] Permission denied: '/home/ann/.local/share/skyjo/game.json'"),
                        STATS_FAILED.say(error="/home/ann/.local/share/skyjo is read-only")):
            host._on_table(Notice(failure))  # a failing disk: every save fails, the players hear of it once
        host._on_table(Notice(BOT_NOT_STARTED.say(name="Bot 1", error="[Errno 2] No such file or directory: "
                                                                      "'/home/ann/bots/my bot.py'")))
        notices = [ann.expect("notice") for _ in range(2)]
        assert notices[0] == {"type": "notice", "key": "host_save_failed", "args": {}}  # no folder in it at all
        texts = [Sentence.checked(notice["key"], notice["args"]).worded() for notice in notices]
        assert texts[0] == "The host could not save the game; play goes on."
        assert "/" not in texts[1] and "ann" not in texts[1] and "Normal plays instead" in texts[1]
        with pytest.raises(TimeoutError):
            ann.expect("notice", timeout=0.3)  # nothing more: the failures were told once
    finally:
        hosted.finish(timeout=0)


def test_paths_are_taken_out_of_a_sentence():
    home = os.path.expanduser("~")
    assert "/" not in without_paths("could not write /tmp/x/y.json: denied")
    assert "denied" in without_paths("a /b denied")
    assert "\\" not in without_paths(r"could not write C:\Users\Ann\AppData\skyjo\save.json")
    assert home not in without_paths(f"in {home} now") or len(home) <= 1
    assert without_paths("Ann's computer player failed; Normal plays for it.") == \
        "Ann's computer player failed; Normal plays for it."


def test_the_connection_budget_keeps_files_for_the_save():
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
        budget = connection_budget()
        open_now = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else 0
        assert 0 < budget < min(256, hard) - open_now
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# ------------------------------------------------------------------ item 7: text the host did not expect
def test_a_join_code_with_accents_is_a_wrong_code(caplog):
    hosted = _host()
    try:
        with caplog.at_level(logging.WARNING):
            client = RawClient(hosted.url)
            client.send({"type": "hello", "version": 2, "code": "ÄÖÜ123", "name": "Eve"})
            assert client.expect("refused")["reason"] == "wrong join code"
            assert client.closed_within() and client.ws.close_code == CLOSE_SEAT_GONE
        assert not [record for record in caplog.records if record.exc_info or record.levelno >= logging.ERROR]
    finally:
        hosted.finish(timeout=0)


def test_a_token_with_accents_is_answered_as_an_unknown_token(caplog):
    hosted = _host()
    try:
        with caplog.at_level(logging.WARNING):
            RawClient(hosted.url).hello(name="Ann", seat=0)  # a claimed seat: its token is compared
            welcome = RawClient(hosted.url).hello(name="Eve", token="jetonÄÖÜ€")
            assert welcome["seat"] == 1  # unknown: the open seat
        assert not [record for record in caplog.records if record.exc_info or record.levelno >= logging.ERROR]
    finally:
        hosted.finish(timeout=0)


def test_a_host_whose_join_code_has_accents_can_be_joined():
    class AccentedHost(NetHost):  # as a table resumed from a save whose code is "ÄÖÜ123"
        def __init__(self, table, _code, *args, **options) -> None:
            super().__init__(table, "ÄÖÜ123", *args, **options)

    hosted = _host(host_class=AccentedHost)
    try:
        assert RawClient(hosted.url).hello(code="äöü123", name="Ann")["seat"] == 0
    finally:
        hosted.finish(timeout=0)


def test_secrets_compare_as_bytes():
    assert same_secret("ÄÖÜ123", "ÄÖÜ123") and not same_secret("ÄÖÜ123", "AOU123")
    assert not same_secret("\ud800", "A")  # a lone surrogate is merely wrong


# ------------------------------------------------------------------ item 8: the wrong-code limit
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_an_address_at_its_limit_waits_its_minute():
    clock = Clock()
    limit = WrongCodes(per_address=3, overall=100, window=60, addresses=10, clock=clock)
    for _ in range(3):
        assert limit.refusal("10.0.0.1") is None
        limit.wrong("10.0.0.1")
    assert "from your address" in limit.refusal("10.0.0.1")
    clock.now += 59
    assert "from your address" in limit.refusal("10.0.0.1")
    clock.now += 1.5
    assert limit.refusal("10.0.0.1") is None


def test_other_addresses_cannot_make_the_limit_forget_one():
    clock = Clock()
    limit = WrongCodes(per_address=3, overall=1000, window=60, addresses=4, clock=clock)
    for _ in range(3):
        limit.wrong("10.0.0.1")
    for n in range(2, 50):  # many others guess once each: the table is full of recent addresses
        address = f"10.0.0.{n}"
        if limit.refusal(address) is None:
            limit.wrong(address)
        clock.now += 0.1
    assert len(limit) <= 4
    assert "from your address" in limit.refusal("10.0.0.1")  # still remembered, still at its limit
    assert "at this table" in limit.refusal("10.0.0.99")  # a new address waits instead
    clock.now += 61  # a minute on: the old tries are forgotten, oldest first
    assert limit.refusal("10.0.0.1") is None and limit.refusal("10.0.0.99") is None
    limit.wrong("10.0.0.99")
    assert len(limit) <= 4


def test_wrong_codes_from_everybody_are_limited_too():
    clock = Clock()
    limit = WrongCodes(per_address=10, overall=20, window=60, addresses=1000, clock=clock)
    for n in range(20):
        assert limit.refusal(f"10.0.{n}.1") is None
        limit.wrong(f"10.0.{n}.1")
    assert "at this table" in limit.refusal("10.0.99.1")
    clock.now += 61
    assert limit.refusal("10.0.99.1") is None


@pytest.mark.slow
@loopback_aliases
def test_an_address_at_its_limit_stays_limited_after_a_thousand_others_guess(monkeypatch):
    import functools

    import game.net.host as host_module
    import game.net.listener as listener_module
    from game.net.admission import WrongCodes

    monkeypatch.setattr(host_module, "WRONG_CODES", 2)
    # the tries are remembered for an hour here, not a minute: a thousand guesses on a busy
    # machine may take longer than a minute, and the test is about the count, not the clock
    monkeypatch.setattr(listener_module, "WrongCodes", functools.partial(WrongCodes, window=3600.0))
    hosted = _host()
    try:
        def guess(address: str) -> str:
            client = _raw(hosted.url, address)
            client.send({"type": "hello", "version": 2, "code": "GUESS1", "name": "Eve"})
            reason = client.expect("refused")["reason"]
            client.close()
            return reason

        assert [guess("127.0.0.2") for _ in range(2)] == ["wrong join code"] * 2
        assert "too many wrong join codes" in guess("127.0.0.2")
        for n in range(1001):  # a scan from a thousand and one addresses
            guess(f"127.1.{n // 250}.{n % 250 + 1}")
        assert "too many wrong join codes from your address" in guess("127.0.0.2")
    finally:
        hosted.finish(timeout=0)


# ------------------------------------------------------------------ item 11: a clean exit after a flood
@pytest.mark.slow
@loopback_aliases
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_a_host_stopped_after_a_flood_prints_no_traceback():
    process, url, code = _start_host(["--seats", "remote,remote", "--json", "--games", "1", "--bind", "127.0.0.1"])
    held: list = []
    try:
        ann, bob, latest, port = _seated_and_playing(url, code)
        held = _half_open(port, 300, [f"127.0.0.{n}" for n in range(2, 30)], time.monotonic() + 20)
        held += _strangers(url, [f"127.0.1.{n}" for n in range(1, 6)], each=4)
        for n, client in enumerate(held[-10:]):
            if isinstance(client, RawClient):
                client.send("{not json" if n % 2 else {"type": "hello", "version": 2, "code": "NOPE", "name": "Eve"})
        _play([ann, bob], 2, latest)  # the game goes on meanwhile
    finally:
        err = _stop(process)  # while the flood's connections are still open
        _close_all(held)
    for words in ("Traceback", "Task exception was never retrieved", "Exception in callback", "Task was destroyed"):
        assert words not in err, err[-3000:]
    assert process.returncode == 130


NO_TRACEBACK = ("Traceback", "Task was destroyed", "no running event loop", "did not all close in time",
                "Task exception was never retrieved", "Exception in callback")


def _flood(player: RawClient, junk: bool, count: int = 3000) -> None:
    """`count` messages at once, well-formed (read at 100 a second: half a minute of them); with
    `junk` every other one is not JSON, each answered by a refusal the player never reads (so
    the host drops it as too slow)."""
    for n in range(count):
        player.send("{not json" if junk and n % 2 else {"type": "ready", "round": 0})


def _ended(process: subprocess.Popen, timeout: float = 60) -> str:
    """The host's standard error once it exited by itself (killed past `timeout` seconds)."""
    try:
        return process.communicate(timeout=timeout)[1]
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError(f"the host did not exit: {process.communicate(timeout=10)[1][-2000:]}") from None


@pytest.mark.slow
def test_a_host_whose_flooding_player_came_back_ends_its_games_without_a_traceback():
    """A seated player floods, comes back with its token on a new connection, and the game is
    played to its end: the host closes every connection and exits 0 with no traceback."""
    process, url, code = _start_host(["--seats", "remote,remote", "--json", "--games", "1", "--bind", "127.0.0.1",
                                      "--seed", "3"])
    ann = _raw(url)
    try:
        token = ann.hello(code=code, name="Ann", seat=0)["token"]
        _flood(ann, junk=True)
        bob = BotPlayer(url, "normal", seed=1, name="Bob", code=code)
        back = BotPlayer(url, "normal", seed=2, name="Ann", code=code, token=token)
        assert back.join() and bob.join(), "the game did not finish"
        err = _ended(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=10)
        _close_all([ann])
    assert process.returncode == 0, err[-3000:]
    for words in NO_TRACEBACK:
        assert words not in err, err[-3000:]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_a_host_stopped_while_a_seated_player_floods_prints_no_traceback():
    process, url, code = _start_host(["--seats", "remote,remote", "--json", "--bind", "127.0.0.1"])
    ann, bob = _raw(url), _raw(url)
    try:
        ann.hello(code=code, name="Ann", seat=0)
        bob.hello(code=code, name="Bob", seat=1)
        _flood(ann, junk=False)
        _flood(bob, junk=False)
        time.sleep(0.5)  # the host is reading the floods, slowed down
    finally:
        err = _stop(process)
        _close_all([ann, bob])
    for words in NO_TRACEBACK:
        assert words not in err, err[-3000:]
    assert process.returncode == 130


def test_a_table_with_a_program_s_seat_can_be_joined_and_keeps_its_command_line():
    """A computer seat played by a program (cmd:) names this computer's files: a joiner is told
    a computer seat, never the command line, and the welcome is one a player accepts."""
    from game.match import COMPUTER, REMOTE, MatchConfig, SeatConfig
    from game.net.protocol import decode_host

    example = Path(__file__).resolve().parent.parent / "examples" / "random_bot.py"
    program = f"cmd:{sys.executable} {example}"
    config = MatchConfig("voyage", (SeatConfig("Ann", REMOTE), SeatConfig("Prog", COMPUTER, program)), seed=4)
    hosted = HostThread(config).start()
    try:
        welcome = RawClient(hosted.url).hello(name="Ann", seat=0)
        assert "cmd:" not in json.dumps(welcome) and str(example) not in json.dumps(welcome)
        seats = decode_host(json.dumps(welcome)).match.seats  # as a joiner reads it (it refused a program)
        assert [(seat.kind, seat.level) for seat in seats] == [(REMOTE, "normal"), (COMPUTER, "normal")]
    finally:
        hosted.finish(timeout=0)
