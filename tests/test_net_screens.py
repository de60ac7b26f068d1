"""The screens of network play, driven like a player: setup's "Another computer" seat, the
host's lobby, the menu's Join a game, and whole games played through them on 127.0.0.1 with
the other seats played by our bots through real clients (docs/network.md)."""

from __future__ import annotations

import pygame
import pytest
from helpers import key_event
from net_tools import BotPlayer, HostThread, match
from pilot import Pilot

from game.ai import make_bot
from game.match import COMPUTER, HUMAN, REMOTE, MatchConfig, SeatConfig
from game.rules import GAME_OVER, seat_view

pytestmark = pytest.mark.slow

LOOPBACK = "127.0.0.1"


@pytest.fixture
def loopback(monkeypatch):
    """The screens keep to loopback: the lobby listens on 127.0.0.1 (and announces nothing),
    the Join screen does not look for games on the local network."""
    from scenes.join import JoinScene
    from scenes.lobby import LobbyScene

    monkeypatch.setattr(LobbyScene, "bind", LOOPBACK)
    monkeypatch.setattr(JoinScene, "discover", False)


@pytest.fixture
def own_save(app) -> MatchConfig:
    """A game of this computer's own, saved: a game played elsewhere must never touch it."""
    own = MatchConfig("classic", (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER)), seed=4)
    app.store.saves.save(own, own.new_game())
    app.store.saves.flush()
    return own


def play_here(app, play, seed: int = 5) -> None:
    """Play the human seats of this screen with a Normal bot until the game-over screen (the
    bot sees only the seat's view, through the screen's table), pressing Continue on scores."""
    pilot = Pilot(app)
    bots: dict[int, object] = {}

    def over() -> bool:
        top = app.stack.top
        if top.name == "round":
            top.press("continue")
        elif top is play and not play.anim.busy:
            seat = play.acting_human()
            if seat is not None:
                bot = bots.setdefault(seat, make_bot("normal", seed + seat))
                assert play.apply(bot.decide(play.table.view(seat)))
        return top.name == "gameover"

    assert pilot.wait_on_clock(over, seconds=120), f"stuck on {pilot.scene}"


def test_setup_offers_a_seat_for_another_computer_and_start_opens_the_lobby(app, loopback, pilot):
    from scenes.setup import SetupScene

    setup = app.stack.push(SetupScene(app, MatchConfig()))
    assert setup.press("network")  # Play over the network: the first computer's seat waits for a friend
    assert setup.config.seats[1].kind == REMOTE
    assert setup.buttons.named("kind1").label == "Another computer"
    assert setup.buttons.named("level1") is None  # no level for a person
    setup.start()
    lobby = app.stack.top
    try:
        assert lobby.name == "lobby"
        pilot.advance()
        assert lobby.host.url.startswith(f"ws://{LOOPBACK}:")
        assert len(lobby.host.code) >= 4
        assert not lobby.buttons.named("start").enabled  # nobody has joined yet
        lines = [lobby.seat_line(seat)[0] for seat in range(3)]
        assert "waiting for a player on another computer" in lines[1]
        assert "(here)" in lines[0] and "(computer" in lines[2]
    finally:
        lobby.close()
        pilot.advance()
    assert lobby.host is None  # leaving the lobby stops serving


def test_a_game_hosted_from_the_lobby_is_played_to_the_end_with_a_joined_player(app, pilot, loopback):
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Player 2", REMOTE),
                                    SeatConfig("Robin", COMPUTER, "easy")), end_score=30, seed=11)
    lobby = app.stack.push("lobby", config=config, state=config.new_game())
    pilot.advance()
    guest = BotPlayer(f"ws://{LOOPBACK}:{lobby.host.port}", "normal", seed=3, name="Zoé", code=lobby.host.code)
    try:
        assert pilot.wait_on_clock(lambda: lobby.buttons.named("start").enabled)
        assert "Zoé (on another computer)" in lobby.seat_line(1)[0]
        lobby.press("start")
        play = app.stack.top
        assert play.name == "play" and play.table.link.hosting  # one table: the game here, served to the other computer
        assert play.names[1] == "Zoé"
        play_here(app, play)
        over = app.stack.top
        assert over.state is not None and over.state.phase == GAME_OVER  # played here: the record is here
        assert guest.join() is True  # the guest's program saw the games end
    finally:
        guest.stop.set()
        guest.remote.close()


def test_waiting_for_a_player_on_another_computer_lets_the_app_sleep(app, pilot, loopback):
    config = MatchConfig("voyage", (SeatConfig("Player 1", REMOTE), SeatConfig("Robin", COMPUTER, "easy")), seed=2)
    lobby = app.stack.push("lobby", config=config, state=config.new_game())
    pilot.advance()
    guest = BotPlayer(f"ws://{LOOPBACK}:{lobby.host.port}", "normal", seed=1, name="Zoé", code=lobby.host.code)
    try:
        assert pilot.wait_on_clock(lambda: lobby.buttons.named("start").enabled)
        guest.stop.set()  # the guest stops playing (but stays connected)
        lobby.press("start")
        play = app.stack.top

        def remote_to_act() -> bool:
            return not play.anim.busy and play.table.waits_for_network

        assert pilot.wait_on_clock(remote_to_act)
        pilot.advance()  # (draws what changed)
        assert not play.wants_frames()  # nothing moves until the guest's move arrives
    finally:
        guest.remote.close()


def test_joining_from_the_menu_plays_a_whole_game_and_keeps_the_local_save(app, pilot, loopback, own_save):
    host = HostThread(match("voyage", "remote,easy", seed=21, end_score=30)).start()
    try:
        app.stack.push("menu")
        pilot.advance()
        app.stack.top.press("join")
        join = app.stack.top
        assert join.name == "join"
        join.fields["address"].value = f"{LOOPBACK}:{host.host.port}"
        join.fields["code"].value = host.host.code
        join.fields["name"].value = "Zoé"
        join.press("join")
        assert pilot.wait_on_clock(lambda: pilot.scene == "play"), join.error
        play = app.stack.top
        assert play.viewer == 0 and play.names[0] == "Zoé"
        assert play.table.record is None  # the engine is on the host: the screen has seat views only
        with pytest.raises(AttributeError):
            play.state  # noqa: B018
        play_here(app, play)
        over = app.stack.top
        assert over.state is None and over.scores.phase == GAME_OVER
        assert over.names[0] == "Zoé" and over.addressee == 0  # "You win!" / "Robin wins!" spoken to Zoé
        assert over.buttons.named("again") is None  # played again from its host
        assert not over.buttons.named("watch").enabled
        host.finish()
    finally:
        host.stop.set()
        host.host.close(final=True)
    assert app.store.saves.has_game()  # the own save is still there
    assert app.store.saves.load()[0] == own_save


def test_a_wrong_address_is_said_in_one_line_and_nothing_opens(app, loopback, pilot):
    join = app.stack.push("join")
    pilot.advance()
    join.fields["address"].value = "not an address"
    join.press("join")
    assert join.error and "\n" not in join.error
    assert app.stack.top is join and join.remote is None


def test_a_person_on_another_computer_counts_as_a_human_opponent_in_the_statistics(tmp_path):
    from game.store import Store

    store = Store(tmp_path)
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Zoé", REMOTE)), end_score=20, seed=3)
    state = config.new_game()
    bots = {seat: make_bot("normal", seat) for seat in range(2)}
    while state.phase != GAME_OVER:
        if state.phase == "round_over":
            state.deal()
            continue
        seat = state.to_act
        state.apply(bots[seat].decide(seat_view(state, seat)))
    store.stats.record_game(config, state)
    store.saves.flush()
    players = store.stats.load().players
    assert set(players) == {"Ann"}  # only the person at this computer has statistics here
    assert set(players["Ann"].by_level) == {"human"}  # ...and Zoé counts as a person, not a computer


def test_a_player_who_lost_the_connection_is_said_and_a_computer_may_play_for_them(app, pilot, loopback):
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Player 2", REMOTE)), end_score=30, seed=8)
    lobby = app.stack.push("lobby", config=config, state=config.new_game())
    pilot.advance()
    guest = BotPlayer(f"ws://{LOOPBACK}:{lobby.host.port}", "normal", seed=2, name="Zoé", code=lobby.host.code)
    assert pilot.wait_on_clock(lambda: lobby.buttons.named("start").enabled)
    lobby.press("start")
    play = app.stack.top
    guest.stop.set()
    guest.remote.close()  # Zoé's computer goes away mid-game
    assert pilot.wait_on_clock(lambda: 1 in play.table.link.away_seats)
    pilot.advance()
    assert "Zoé lost the connection" in play.board.banner
    play.handle_event(key_event(pygame.K_ESCAPE))
    pause = app.stack.top
    assert pause.name == "pause"
    assert pause.buttons.named("stand_in").label.endswith("off")
    pause.press("stand_in")
    assert play.table.link.stand_in and pause.buttons.named("stand_in").label.endswith("on")
    pause.close()
    play_here(app, play)  # a computer plays Zoé's seat: the game reaches its end
    assert app.stack.top.state.phase == GAME_OVER


def test_a_joined_player_leaves_the_table_without_deleting_anything(app, pilot, loopback, own_save):
    host = HostThread(match("voyage", "remote,easy", seed=22, end_score=30)).start()
    try:
        join = app.stack.push("join", url=f"{LOOPBACK}:{host.host.port}", code=host.host.code, player="Zoé")
        join.press("join")
        assert pilot.wait_on_clock(lambda: pilot.scene == "play"), join.error
        play = app.stack.top
        play.handle_event(key_event(pygame.K_ESCAPE))
        pause = app.stack.top
        assert pause.buttons.named("abandon") is None  # the game is the host's to abandon
        assert pause.buttons.named("stand_in") is None
        assert not pause.buttons.named("watch").enabled
        pause.press("menu")  # Leave the table
        assert pilot.scene == "menu"
    finally:
        host.stop.set()
        host.host.close(final=True)
    assert app.store.saves.load()[0] == own_save


def test_a_player_may_ask_for_a_seat(app, pilot, loopback):
    host = HostThread(match("voyage", "remote,remote,easy", seed=23, end_score=30)).start()
    other = None
    try:
        join = app.stack.push("join", url=f"{LOOPBACK}:{host.host.port}", code=host.host.code, player="Zoé")
        join.press("seat")
        join.press("seat")
        assert join.seat == 1 and join.buttons.named("seat").label == "Seat 2"
        join.press("join")
        other = BotPlayer(host.url, "easy", seed=4, name="Bob")  # takes the first open seat: seat 1
        assert pilot.wait_on_clock(lambda: pilot.scene == "play"), join.error
        play = app.stack.top
        assert pilot.wait_on_clock(lambda: play.names[0] == "Bob")  # (the host's word on who joined comes in order)
        assert play.viewer == 1 and play.names[1] == "Zoé"
    finally:
        host.stop.set()
        host.host.close(final=True)
        if other is not None:
            other.stop.set()
            other.remote.close()


def test_asking_for_a_seat_that_is_not_open_is_said_in_one_line(app, pilot, loopback):
    host = HostThread(match("voyage", "remote,easy", seed=24, end_score=30)).start()
    try:
        join = app.stack.push("join", url=f"{LOOPBACK}:{host.host.port}", code=host.host.code, player="Zoé")
        join.press("seat")
        join.press("seat")  # seat 2: a computer's
        join.press("join")
        assert pilot.wait_on_clock(lambda: join.remote is None and bool(join.error))
        assert "seat 1 is not a seat for a player on another computer" in join.error and "\n" not in join.error
        assert app.stack.top is join
    finally:
        host.stop.set()
        host.host.close(final=True)
