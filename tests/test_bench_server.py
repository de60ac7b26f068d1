"""`skyjo bench server --redis` (issue 49 item 5, docs/server.md "Measured"): two server processes
on a real redis-server, one SIGKILLed mid-run, every room still ended with a winner and no move
lost; the rooms' history check itself; options that do not go together refused in one line."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from skyjo.bench_seats import RoomHistory
from skyjo.bench_server import run

ROOT = Path(__file__).resolve().parent.parent


def _view(number: int) -> SimpleNamespace:
    """A position, told apart by its draw pile."""
    return SimpleNamespace(round=0, phase="turn", to_act=0, source=None, discard_pile=(), draw_pile=number,
                           grids=(), removed=(), totals=(), round_scores=None)


def test_the_rooms_history_counts_a_move_undone_and_a_move_played_differently():
    history = RoomHistory(2)
    history.shown(0, _view(1), None)
    history.shown(0, _view(2), "a")
    history.shown(1, _view(1), None)  # (a seat seated late, where the game stood)
    history.shown(1, _view(2), "a")
    assert (history.moves, history.lost, history.differently, history.same_end()) == (1, 0, 0, True)
    history.shown(0, _view(1), None)  # shown again a position it had left: "a" undone
    assert history.lost == 1
    history.shown(0, _view(3), "b")  # from position 1, now another move than "a"
    assert history.differently == 1 and not history.same_end()


@pytest.mark.parametrize("options, problem", [
    ({"kill_one_at": 5.0}, "--kill-one-at and --compare-one go with --redis"),
    ({"compare_one": True}, "--kill-one-at and --compare-one go with --redis"),
    ({"redis": True, "kill_one_at": -1.0}, "--kill-one-at must be above 0"),
    ({"rooms": 0}, "--rooms must be from 1"),
])
def test_options_that_do_not_go_together_are_refused_in_one_line(options, problem, capsys):
    args = argparse.Namespace(**{"rooms": 2, "think_ms": None, "redis": False, "kill_one_at": None,
                                 "compare_one": False, "seed": 1, "json": True, **options})
    assert run(args) == 2
    err = capsys.readouterr().err
    assert problem in err and err.count("\n") == 1


@pytest.mark.slow
def test_bench_server_on_redis_ends_every_room_with_one_process_killed_and_loses_no_move():
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server; .ci/run installs it)")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "game", "bench", "server", "--redis", "--rooms", "2", "--think-ms",
                           "100", "--kill-one-at", "3", "--json"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["processes"] == 2 and figures["redis"] is True and figures["killed_at_s"] == 3
    assert figures["rooms"] == figures["rooms_ended"] == 2 and figures["problems"] == []
    assert figures["moves_lost"] == 0 and figures["histories_consistent"] is True
    assert figures["comebacks"] >= 3  # the killed process's room's three seats came back, on the other
    assert figures["redirects"] >= 2 and figures["moves"] > 40
    assert len(figures["server_cpu_seconds_per_process"]) == 2 and figures["clients_cpu_seconds"] > 0

