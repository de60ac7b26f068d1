"""Score sheet at any time, watching the last round again, exporting the game log: the
exported file replays through `python -m game replay` to the same totals."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import GameState, replay_summary
from game.store.export import export_for_player, export_game, exports_dir
from scenes.game_over import GameOverScene
from scenes.play import PlayScene
from scenes.round_replay import RoundReplayScene, last_finished_round, round_start

ROOT = Path(__file__).resolve().parents[1]
SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Bob", COMPUTER, "easy"), SeatConfig("Cy", COMPUTER, "easy"))


def random_game(seed: int, edition: str = "voyage", until: str = "game_over", end_score: int = 100) -> GameState:
    config = MatchConfig(edition, SEATS, seed=seed, end_score=end_score)
    state = config.new_game()
    rng = random.Random(seed)
    while state.phase != until:
        if state.phase == "round_over":
            state.deal()
        else:
            state.apply(rng.choice(state.legal_actions()))
    state.take_events()
    return state


@pytest.mark.parametrize("seed,edition", [(1, "voyage"), (7, "classic")])
def test_exported_log_replays_to_the_same_totals(tmp_path, seed, edition) -> None:
    state = random_game(seed, edition)
    path = export_game(state, tmp_path / "exports")
    assert path.parent == tmp_path / "exports" and path.suffix == ".json"
    second = export_game(state, tmp_path / "exports", when=path.stat().st_mtime)
    assert second != path  # never overwrites an earlier export
    run = subprocess.run([sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    result = json.loads(run.stdout)
    assert result["phase"] == "game_over"
    assert result["totals"] == state.totals and result["winners"] == state.winners
    assert result["round_scores"] == state.round_scores


def test_export_goes_to_the_data_folder_and_failures_are_one_line(app, tmp_path) -> None:
    state = random_game(3)
    assert exports_dir(app.store) == app.store.data_dir / "exports"
    ok, where = export_for_player(app.store, state)
    assert ok and Path(where).parent == app.store.data_dir / "exports" and Path(where).exists()
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    ok, why = export_for_player(type("S", (), {"data_dir": blocked})(), state)
    assert not ok and why and "\n" not in why


def test_game_over_exports_and_says_where(app, pilot) -> None:
    state = random_game(5)
    config = MatchConfig("voyage", SEATS, seed=5)
    over = app.stack.push(GameOverScene(app, config, state))
    pilot.advance()
    assert over.press("export")
    assert over.exporting is not None and over.exporting.wait(60)  # (written off the frame loop)
    pilot.advance()
    ok, where = over.exported
    assert ok and Path(where).exists()
    assert json.loads(Path(where).read_text())["rounds"] == state.record()["rounds"]
    pilot.advance()  # the line saying where is drawn without error


@pytest.mark.parametrize("seed", [2, 11])
def test_the_last_round_rebuilt_from_the_record_ends_where_the_game_did(seed) -> None:
    state = random_game(seed)
    index = last_finished_round(state)
    assert index == state.round - 1
    fresh, actions = round_start(state.record(), index)
    assert fresh.round == state.round and fresh.phase == "opening"
    for action in actions:
        fresh.apply(action)
    assert replay_summary(fresh) == replay_summary(state)


def test_no_last_round_before_the_first_ends(app) -> None:
    state = random_game(4, until="turn")
    assert last_finished_round(state) is None
    with pytest.raises(ValueError):
        RoundReplayScene(app, state, ["a", "b", "c"])


def test_watching_steps_forward_and_back_and_reaches_the_end(app, pilot) -> None:
    state = random_game(6)
    config = MatchConfig("voyage", SEATS, seed=6)
    over = app.stack.push(GameOverScene(app, config, state))
    pilot.advance()
    assert over.press("watch")
    replay = app.stack.top
    assert replay.name == "replay"
    pilot.advance(5)
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RIGHT)
    assert replay.step == 2
    pilot.press(pygame.K_LEFT)
    assert replay.step == 1 and len(replay.state.log[-1]["actions"]) == 1
    pilot.press(pygame.K_a)  # play on by itself
    assert pilot.wait_until(lambda: replay.step == len(replay.actions) and not replay.anim.busy, 20000, dt=1 / 30)
    assert replay.state.round_scores[-1] == state.round_scores[-1]
    pilot.press(pygame.K_ESCAPE)
    assert app.stack.top is over
    assert state.phase == "game_over"  # watching never touched the real game


def test_score_sheet_opens_by_key_and_button_and_closes_on_any_key(app, pilot) -> None:
    config = MatchConfig("voyage", SEATS, seed=4)
    play = app.stack.push(PlayScene(app, config, random_game(4, until="turn")))
    pilot.advance()
    for code in (pygame.K_s, pygame.K_TAB):
        pilot.press(code)
        assert pilot.scene == "scores"
        pilot.press(pygame.K_x)
        assert app.stack.top is play
    from scenes.score_overlay import scores_button_box

    pilot.click_at(play.viewport.rect(scores_button_box()).center)
    assert pilot.scene == "scores"
    pilot.advance()  # drawn over the table with the rounds so far


def test_pause_offers_the_last_round_only_once_one_has_ended(app, pilot) -> None:
    config = MatchConfig("voyage", SEATS, seed=4)
    app.stack.push(PlayScene(app, config, config.new_game()))
    pilot.press(pygame.K_ESCAPE)
    assert not app.stack.top.buttons.named("watch").enabled
    pilot.press(pygame.K_ESCAPE)
    state = random_game(9, until="round_over", end_score=1000)
    state.deal()
    state.take_events()
    app.stack.push(PlayScene(app, config, state))
    pilot.press(pygame.K_ESCAPE)
    assert app.stack.top.press("watch")
    assert pilot.scene == "replay"
