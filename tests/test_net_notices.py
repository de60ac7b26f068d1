"""No translated sentence crosses the wire (issue 31 item 5): a host playing in French sends its
notices as declared sentences, and a player on an English computer reads every line in English.
The host runs in a process of its own (the language is process-global), on 127.0.0.1."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from net_tools import BotPlayer

from game.sentences import template_for
from game.table import Notice
from game.table.computers import BOT_NOT_STARTED

ROOT = Path(__file__).resolve().parents[1]
WAIT = 60.0

FRENCH_HOST = """
import json, sys
from game.i18n import set_language
set_language("fr")
from game.ai.players import make_worker
from game.match import COMPUTER, REMOTE, MatchConfig, SeatConfig
from game.net.headless import host_games
from game.net.host import NetHost
from game.table import TableController
from game.table.computers import BOT_NOT_STARTED


def workers(level, seed):  # Hal's level cannot start (as a missing program would not): Normal plays instead
    if level == "hard":
        raise OSError(2, "No such file or directory", "/home/hal/bots/hard bot")
    return make_worker(level, seed)


config = MatchConfig("voyage", (SeatConfig("Ann", REMOTE), SeatConfig("Hal", COMPUTER, "hard")), end_score=10, seed=5)
host = NetHost(TableController(config, config.new_game(), speed=0, make_worker=workers), "FRENCH", "127.0.0.1", 0)
print(json.dumps({"url": host.url, "worded": BOT_NOT_STARTED.say(name="Hal", error="x").worded()}), flush=True)
host_games(host, lambda n: TableController(host.table.config, config.new_game(5 + n), speed=0, make_worker=workers),
           1, ready_wait=5)
host.close(final=True)
"""


@pytest.mark.slow
def test_a_french_hosts_notices_reach_an_english_player_in_english():
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "fr", "LANG": "fr_FR.UTF-8"}
    host = subprocess.Popen([sys.executable, "-c", FRENCH_HOST], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        first = json.loads(host.stdout.readline() or "{}") if host.stdout else {}
        assert first, host.communicate(timeout=10)[1][-2000:]
        english = BOT_NOT_STARTED.say(name="Hal", error="x").worded()
        assert first["worded"] != english and first["worded"].startswith("L'ordinateur de Hal")  # the host is French
        player = BotPlayer(first["url"], "easy", code="FRENCH", name="Ann")
        assert player.join(WAIT) is True  # the game was played to its end
        host.wait(WAIT)
    finally:
        if host.poll() is None:
            host.kill()
        host.communicate(timeout=10)
    notices = [message.sentence for message in player.heard if isinstance(message, Notice)]
    assert "bot_not_started" in [said.key for said in notices], notices
    for said in notices:  # every line the player's screen would show: the English template, filled in
        template = template_for(said.key)
        assert template is not None and said.worded() == template.text.format(**said.arguments)
        assert "L'ordinateur" not in said.worded() and "/" not in said.worded()
