"""Play online in the desktop game (issue 49 item 3): the menu's Play online, Settings -> Online
server, the sentence where no server is set, a room created from the setup screen with its code in
two groups (C copies it), a certificate this computer does not trust said in one translated
sentence (and trusted through a private CA file), `skyjo join SERVER --room CODE` opening the
window at the room; and the Done-when game: a room created in the app (driven by the Pilot)
against a real `skyjo server` over TLS from a test CA, joined by two `skyjo join --bot` processes,
played to its end. Loopback only; every wait is bounded."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from net_tools import BotPlayer
from pilot import Pilot
from test_net_screens import play_here
from test_server import _ca

from game import i18n
from game.net.online import grouped
from game.server.serve import RoomServer, ServerOptions
from game.store import Store
from game.store.settings import DEFAULT_ONLINE_SERVER
from game.ui.ink import JOURNAL
from scenes.names import MENU
from scenes.online import no_server_sentence
from skyjo.bench_server import free_port

ROOT = Path(__file__).resolve().parents[1]
WAIT = 90.0


@pytest.fixture
def server():
    made = RoomServer(ServerOptions(port=0))
    yield made
    made.stop()


def type_text(pilot: Pilot, text: str) -> None:
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    pilot.advance()


def open_online(app, pilot: Pilot):
    app.stack.push(MENU)
    pilot.advance()
    pilot.click("online")  # Play online (by its name: the test may speak French)
    assert pilot.scene == "online"
    return app.stack.top


def create_room(app, pilot: Pilot, server_url: str, online_seats: int = 2):
    """Play online -> the server typed -> Create a room -> `online_seats` seats made someone
    online -> Start: the room's screen."""
    online = open_online(app, pilot)
    online.fields["server"].value = server_url
    online.fields["name"].value = "Zoé"
    pilot.click("create")  # (buttons by their names: the test may speak French)
    assert pilot.scene == "setup", online.error
    for seat in range(1, online_seats + 1):
        pilot.click(f"kind{seat}")  # Computer -> Someone online
        assert app.stack.top.config.seats[seat].is_remote
    for seat in range(online_seats + 1, app.stack.top.config.players):
        pilot.click(f"level{seat}")  # Normal -> Hard (a room's levels: no "Your level")
        assert app.stack.top.config.seats[seat].level == "hard"
    pilot.click("start")
    assert pilot.scene == "room", app.stack.top.error
    return app.stack.top


# ---------------------------------------------------------------- the server's address
def test_settings_take_the_online_server_typed_and_keep_it(app, pilot, tmp_path):
    app.stack.push(MENU)
    pilot.advance()
    pilot.click("Settings")
    settings = app.stack.top
    assert pilot.button("server").label == "Online server: none"  # a build from source names none
    pilot.click("server")
    type_text(pilot, "skyjo.example.org:8443")
    assert pilot.button("server").label == "Online server: skyjo.example.org:8443_"
    pilot.press(pygame.K_RETURN)
    assert app.settings.online_server == "skyjo.example.org:8443"
    assert pilot.button("server").label == "Online server: skyjo.example.org:8443"
    assert Store(tmp_path).settings.load().online_server == "skyjo.example.org:8443"  # saved
    pilot.click("server")
    type_text(pilot, "/x")  # "skyjo.example.org:8443/x": not a server's address
    pilot.press(pygame.K_RETURN)
    assert settings.problem == "skyjo.example.org:8443/x is not a server's address like wss://skyjo.example.org"
    assert app.settings.online_server == "skyjo.example.org:8443"  # not kept
    pilot.press(pygame.K_ESCAPE)  # leaves the field as it was; the screen stays
    assert pilot.scene == "settings" and pilot.button("server").label == "Online server: skyjo.example.org:8443"
    pilot.click("Back")
    assert open_online(app, pilot).fields["server"].value == "skyjo.example.org:8443"  # Play online starts there


def test_play_online_without_a_server_says_how_to_get_one(app, pilot):
    assert DEFAULT_ONLINE_SERVER == ""  # a build from source: no server of its own
    online = open_online(app, pilot)
    assert online.fields["server"].value == "" and online.editing == "server"  # the typing starts there
    assert "docs/server.md" in no_server_sentence() and no_server_sentence().count(". ") == 0  # one sentence
    shown: list[str] = []
    i18n._recorder = shown.append
    try:
        pilot.advance()
    finally:
        i18n._recorder = None
    assert any("docs/server.md" in text for text in shown)  # on the screen before anything is pressed
    pilot.click("Create a room")
    assert pilot.scene == "online" and online.error == no_server_sentence()
    pilot.click("Join a room")
    assert pilot.scene == "online" and online.error == no_server_sentence()
    type_text(pilot, "ws://127.0.0.1:9")  # typed here, then used: remembered
    pilot.click("Create a room")
    assert pilot.scene == "setup" and app.stack.top.online == "ws://127.0.0.1:9"
    assert app.settings.online_server == "ws://127.0.0.1:9"


# ---------------------------------------------------------------- a room
def test_a_room_made_from_the_setup_shows_its_code_in_two_groups_and_c_copies_it(app, pilot, server):
    room = create_room(app, pilot, server.url)
    assert pilot.wait_on_clock(lambda: room.remote is not None and room.remote.client.lobby is not None, WAIT), \
        room.problem
    assert len(server.rooms) == 1 and len(room.code) == 8
    assert [line for line, _colour in room.seat_lines()] == [
        "Seat 1: Zoé (you)", "Seat 2: waiting for someone online...", "Seat 3: waiting for someone online..."]
    assert room.state_line()[0] == "Connected: the game starts when every seat has its player."
    pygame.scrap.put_text("")
    pilot.press(pygame.K_c)
    assert pygame.scrap.get_text() == grouped(room.code) == f"{room.code[:4]} {room.code[4:]}"
    pilot.click("Back")  # the seat is left; Play online keeps the code, which a person may paste too
    online = app.stack.top
    assert online.name == "online" and online.fields["code"].value == room.code
    assert [scene.name for scene in app.stack.scenes] == ["menu", "online"]  # the one it was made from
    online.fields["code"].value = ""
    pilot.click("code")
    pilot.press(pygame.K_v, mod=pygame.KMOD_CTRL)
    assert online.fields["code"].value == room.code  # "K7QX 2MRT" pasted as it was shared


def test_joining_a_room_by_its_code_seats_you(app, pilot, server):
    from game.net.room_maker import make_room

    code = make_room(server.url, ["remote", "remote"])
    online = open_online(app, pilot)
    online.fields["server"].value = server.url
    online.fields["name"].value = "Mamie"
    pilot.click("code")
    type_text(pilot, f"{code[:4].lower()} {code[4:]}")  # typed as it is said
    assert online.fields["code"].value == code
    pilot.click("Join a room")
    room = app.stack.top
    assert room.name == "room"
    assert pilot.wait_on_clock(lambda: bool(room.seat_lines()), WAIT), room.problem
    assert room.seat_lines()[0][0] == "Seat 1: Mamie (you)"
    other = BotPlayer(server.url, "easy", seed=3, name="Papi", code=code)
    try:
        assert pilot.wait_on_clock(lambda: pilot.scene == "play", WAIT), room.problem
        play = app.stack.top
        assert pilot.wait_on_clock(lambda: play.names == ["Mamie", "Papi"], WAIT)  # (the server's word comes in order)
    finally:
        other.stop.set()
        other.remote.close()


def test_a_certificate_this_computer_does_not_trust_is_one_translated_sentence(app, pilot, tmp_path, monkeypatch):
    paths = _ca(tmp_path)
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    server = RoomServer(ServerOptions(port=0, tls=(str(paths["cert"]), str(paths["key"]))))
    try:
        app.settings.language = "fr"
        app.apply_settings()
        room = create_room(app, pilot, server.url, online_seats=1)
        assert pilot.wait_on_clock(lambda: bool(room.problem), WAIT)
        assert room.problem.startswith("Le certificat de 127.0.0.1 n'a pas pu être vérifié (")
        assert "\n" not in room.problem and "Traceback" not in room.problem
        assert room.state_line()[0] == room.problem and len(server.rooms) == 0  # never silently accepted
        app.settings.online_ca_file = str(paths["ca"])  # the family's own CA, as the setting names it
        pilot.click("Retour")
        pilot.click("Créer une salle")
        pilot.click("kind1")
        pilot.click("Jouer")
        room = app.stack.top
        assert pilot.wait_on_clock(lambda: room.remote is not None and room.remote.client.lobby is not None, WAIT), \
            room.problem
        assert len(server.rooms) == 1 and not room.problem
    finally:
        server.stop()


def test_a_room_the_server_refuses_says_why_in_one_line(app, pilot):
    server = RoomServer(ServerOptions(port=0, rooms_made=(0, 0)))  # a server that lets nobody make a room now
    try:
        room = create_room(app, pilot, server.url, online_seats=1)
        assert pilot.wait_on_clock(lambda: bool(room.problem), WAIT)
        refused = "the server refused: too many rooms made on this server just now; wait ten minutes"
        assert room.problem == f"No room was made: {refused}"
        assert "\n" not in room.problem and len(server.rooms) == 0
    finally:
        server.stop()


def words_drawn(app) -> list[str]:
    """Every text one frame of the top screen draws."""
    JOURNAL.start()
    try:
        app.stack.top.draw(app.screen)
        return [ink.words for ink in JOURNAL.inks if ink.words]
    finally:
        JOURNAL.stop()
        JOURNAL.clear()


def levels_cycled(app, pilot: Pilot, seat: int) -> list[str]:
    """The levels a computer seat's Level button goes through, from the one it shows, clicked by a player."""
    setup = app.stack.top
    seen = [setup.config.seats[seat].level]
    for _click in range(5):
        pilot.click(f"level{seat}")
        seen.append(setup.config.seats[seat].level)
    return seen


def open_room_setup(app, pilot: Pilot, url: str):
    """Play online -> the server typed -> Create a room: the setup, once the server said what it offers."""
    online = open_online(app, pilot)
    online.fields["server"].value = url
    pilot.click("create")
    assert pilot.scene == "setup", online.error
    setup = app.stack.top
    assert pilot.wait_on_clock(lambda: setup.offer.asking is None, WAIT)  # (a few seconds at most)
    return setup


def test_the_room_setup_offers_only_the_levels_the_server_offers_and_says_so(app, pilot, tmp_path):
    port = free_port()  # a real `skyjo server --levels easy,normal --most-think-ms 250` on loopback
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    server = _run("server", "--port", str(port), "--levels", "easy,normal", "--most-think-ms", "250",
                  "--data-dir", str(tmp_path / "server"), "--json", env=env)
    try:
        url = json.loads(server.stdout.readline())["listening"]
        setup = open_room_setup(app, pilot, url)
        assert setup.offer.known, setup.offer.problem
        computers = [seat for seat, player in enumerate(setup.config.seats) if player.kind == "computer"]
        assert computers and all(setup.config.seats[seat].level == "normal" for seat in computers)
        assert levels_cycled(app, pilot, computers[0]) == ["normal", "easy", "normal", "easy", "normal", "easy"]
        assert "This server's computers: Easy, Normal; each thinks at most 0.25 s" in words_drawn(app)
        app.settings.language = "fr"
        app.apply_settings()  # (worded where it is shown: the language of the moment)
        assert "Ordinateurs de ce serveur : Facile, Normal ; chacun réfléchit au plus 0,25 s" in words_drawn(app)
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=30)


def test_a_default_level_the_server_does_not_offer_becomes_the_nearest_it_offers(app, pilot):
    server = RoomServer(ServerOptions(port=0, levels=("hard", "expert")))
    try:
        setup = open_room_setup(app, pilot, server.url)
        computers = [seat for seat, player in enumerate(setup.config.seats) if player.kind == "computer"]
        assert computers and all(setup.config.seats[seat].level == "hard" for seat in computers)  # Normal's nearest
        assert levels_cycled(app, pilot, computers[0]) == ["hard", "expert", "hard", "expert", "hard", "expert"]
        pilot.click("kind0")  # you -> a computer: at a level the server offers
        assert setup.config.seats[0].level in ("hard", "expert")
    finally:
        server.stop()


def test_a_server_that_cannot_say_what_it_offers_leaves_the_four_levels_and_says_so(app, pilot):
    setup = open_room_setup(app, pilot, f"ws://127.0.0.1:{free_port()}")  # nobody answers there
    assert not setup.offer.known and "cannot reach" in setup.offer.problem
    computers = [seat for seat, player in enumerate(setup.config.seats) if player.kind == "computer"]
    assert levels_cycled(app, pilot, computers[0]) == ["normal", "hard", "expert", "easy", "normal", "hard"]
    said = [words for words in words_drawn(app) if "levels it offers" in words]
    assert said == ["The server did not say which computer levels it offers: it may refuse some of these."]


def test_the_servers_answer_is_drawn_on_a_still_screen_as_it_comes(app, pilot):
    """The app draws a still screen only on input or while a scene wants frames: the setup wants them
    while the server is asked and for the frame its answer came, not after."""
    online = open_online(app, pilot)
    online.fields["server"].value = f"ws://127.0.0.1:{free_port()}"  # nobody answers there
    pilot.click("create")
    setup = app.stack.top
    assert setup.wants_frames()
    deadline = time.monotonic() + WAIT
    while setup.offer.asking is not None and time.monotonic() < deadline:
        drew = app.frame(1 / 60, [], draw=False)  # idle ticks, no input
        time.sleep(0.01)
    assert setup.offer.asking is None and drew, "the frame that took the answer did not draw it"
    assert not setup.wants_frames() and not app.frame(1 / 60, [], draw=False)  # still again


def test_a_private_ca_file_that_cannot_be_used_is_one_sentence(app, pilot, tmp_path, server):
    (tmp_path / "ca.pem").write_text("not a certificate")
    app.cafile = str(tmp_path / "ca.pem")  # as --cafile gives it
    room = create_room(app, pilot, server.url.replace("ws://", "wss://"), online_seats=1)
    assert room.problem == f"The certificate file cannot be used: the certificate file {tmp_path / 'ca.pem'} " \
                           "holds no PEM certificate"
    assert room.making is None and room.remote is None and len(server.rooms) == 0


def test_skyjo_join_with_a_room_opens_the_window_at_that_room(app, pilot, server):
    from game.net.room_maker import make_room
    from skyjo.app import _open_at_table

    code = make_room(server.url, ["remote", "normal"])
    app.stack.push(MENU)
    _open_at_table(app, argparse.Namespace(url=server.url, code=code, name="Zoé"))
    pilot.advance()
    assert pilot.wait_on_clock(lambda: pilot.scene == "play", WAIT)  # the room started with its one online seat
    assert app.stack.top.names[0] == "Zoé"


# ---------------------------------------------------------------- the Done-when game, real processes
def _run(*args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


@pytest.mark.slow
def test_a_room_created_in_the_app_and_joined_by_two_bots_is_played_to_its_end(app, pilot, tmp_path, monkeypatch):
    paths = _ca(tmp_path)
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)  # the app trusts the test CA through --cafile alone
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("SSL_CERT_FILE", None)
    port = free_port()
    server = _run("server", "--port", str(port), "--tls-cert", str(paths["cert"]), "--tls-key", str(paths["key"]),
                  "--data-dir", str(tmp_path / "server"), "--json", env=env)
    joins: list[subprocess.Popen[str]] = []
    try:
        url = json.loads(server.stdout.readline())["listening"]
        assert url == f"wss://127.0.0.1:{port}"
        app.cafile = str(paths["ca"])
        room = create_room(app, pilot, url)
        assert pilot.wait_on_clock(lambda: len(room.code) == 8 and room.remote is not None, WAIT), room.problem
        joins = [_run("join", url, "--room", grouped(room.code).replace(" ", ""), "--bot", level, "--cafile",
                      str(paths["ca"]), "--data-dir", str(tmp_path / level), env=env) for level in ("normal", "easy")]
        pilot.wait_on_clock(lambda: pilot.scene == "play" or None not in {join.poll() for join in joins}, WAIT)
        ended = [join.stderr.read() for join in joins if join.poll() is not None]
        assert pilot.scene == "play", (room.problem, room.state_line(), ended)
        play = app.stack.top
        assert play.viewer == 0 and play.table.record is None  # the engine is on the server: seat views only
        play_here(app, play)
        over = app.stack.top
        assert over.name == "gameover" and over.buttons.named("again") is None
        for join in joins:
            out, err = join.communicate(timeout=WAIT)
            assert join.returncode == 0, err
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=30)
        assert server.returncode == 0, err
        assert json.loads(out.strip().splitlines()[-1])["rooms_ended"] == 1
    finally:
        for process in (server, *joins):
            if process.poll() is None:
                process.kill()
                process.wait(10)
