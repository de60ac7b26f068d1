"""`skyjo join --bot` answers the newest position only (issue 38 item 7): table messages that a
later one superseded while the bot was thinking are not answered. Before, a slow bot played the
move it had chosen for a position the host had already left: the host refused it (a refusal in
its log per stale move), or played a legal-looking move in a position it was not chosen for.

The host is a real NetHost on 127.0.0.1 whose table the test drives on its own thread; the bot
plays through a real NetClient in `play_as_bot`, the loop of `skyjo join --bot`. Its slowness is
an Event it waits on, never a timed sleep; every wait is bounded."""

from __future__ import annotations

import logging
import threading
import time

import pytest
from net_tools import CODE, WAIT

from game.ai import make_bot
from game.match import HUMAN, REMOTE, MatchConfig, SeatConfig
from game.net import protocol as wire
from game.net.client import NetClient, RemoteTable
from game.net.headless import play_as_bot
from game.net.host import NetHost
from game.rules import Action, SeatView
from game.table import TableController

MOVED_ON = 5  # moves the host plays while the bot thinks: several table messages, then the bot's turn again


class SlowBot:
    """The Normal level, whose first decision of a turn (draw or take) waits until released."""

    name = "slow"

    def __init__(self) -> None:
        self.level = make_bot("normal", seed=0)
        self.thinking = threading.Event()
        self.release = threading.Event()
        self.decided: list[tuple[SeatView, Action]] = []  # (the view, the answer), in order

    def decide(self, view: SeatView) -> Action:
        if view.phase == "turn" and view.holding is None and not self.thinking.is_set():
            self.thinking.set()
            self.release.wait(WAIT)
        action = self.level.decide(view)
        self.decided.append((view, action))
        return action

    def notify(self, message: dict) -> None:
        pass

    def close(self) -> None:
        pass


def table_messages_waiting(remote: RemoteTable) -> int:
    """Table messages the connection received that the bot's loop has not delivered yet."""
    inbox = remote.client.messages
    with inbox.mutex:
        return sum(isinstance(message, wire.Table) for message in inbox.queue)


def test_a_slow_bot_answers_only_the_latest_position_and_the_host_refuses_nothing(caplog):
    config = MatchConfig("voyage", (SeatConfig("Ann", REMOTE), SeatConfig("Host", HUMAN)), seed=5)
    table = TableController(config, config.new_game(), speed=0)
    host = NetHost(table, CODE, "127.0.0.1", 0)
    bot = SlowBot()
    remote = RemoteTable(NetClient(host.url, CODE, "Ann"))
    stop = threading.Event()
    player = threading.Thread(target=play_as_bot, args=(remote, bot), kwargs={"stop": stop}, daemon=True)
    player.start()

    def run_host_until(done, moved_on: bool = False) -> bool:
        """Serve the table (the host's own seat plays its first legal move) until `done()`."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            host.pump(0.005)
            table.update(0.005)
            if done():
                return True
            state = table.state
            if state.to_act == 1 or moved_on:
                assert table.play(state.legal_actions()[0]) is None
        return False

    try:
        with caplog.at_level(logging.WARNING, logger="skyjo.net.host"):
            assert run_host_until(lambda: host.all_claimed)
            host.start_game()
            assert run_host_until(bot.thinking.is_set)  # the bot thinks about its first turn...
            played = len(table.state.record()["rounds"][-1]["actions"])
            # ...and the host moves on meanwhile (as a stand-in would): both seats play, until the bot's
            # seat holds a drawn card, so that what the bot chose for the old position (draw or take)
            # is no move of the new one
            def moved() -> bool:
                state = table.state
                return (len(state.record()["rounds"][-1]["actions"]) - played >= MOVED_ON
                        and state.to_act == 0 and state.holding is not None)
            assert run_host_until(moved, moved_on=True)
            latest = len(table.state.record()["rounds"][-1]["actions"]) - played
            assert run_host_until(lambda: table_messages_waiting(remote) >= latest)  # all sent and received
            answered = len(bot.decided)
            bot.release.set()
            assert run_host_until(lambda: table.state.holding is None)  # the bot's move for the latest
        refusals = [record.getMessage() for record in caplog.records if "refused" in record.getMessage()]
        assert refusals == []
        # one more decision only: for the newest position (a card in hand), and the host played it
        (_stale_view, _stale), (view, answer) = bot.decided[answered:]
        assert view.holding is not None and answer in view.legal
        assert table.state.record()["rounds"][-1]["actions"][-1] == answer.to_list()
    finally:
        bot.release.set()
        stop.set()
        player.join(WAIT)
        remote.close()
        host.close(final=True)
        table.close()


@pytest.fixture(autouse=True)
def _quiet_client_log():
    logging.getLogger("skyjo.net.client").setLevel(logging.ERROR)  # (the client's own warnings are not the host's)
    yield
    logging.getLogger("skyjo.net.client").setLevel(logging.NOTSET)
