"""Stored example files of every format load, older ones through the migration steps."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.match import COMPUTER, HUMAN
from game.rules import state_from_dict, state_to_dict
from game.store import Settings, Store
from game.store.migrations import SAVE_FORMAT, save_1_to_2

EXAMPLES = Path(__file__).parent / "data" / "saves"


def folder_with(tmp_path: Path, example: str, name: str) -> Path:
    shutil.copy(EXAMPLES / example, tmp_path / name)
    return tmp_path


def test_current_save_example_loads(tmp_path):
    raw = json.loads((EXAMPLES / "save-format2.json").read_text())
    assert raw["format"] == SAVE_FORMAT
    store = Store(folder_with(tmp_path, "save-format2.json", "save.json"))
    match, state = store.load_game()
    assert store.notices == []
    assert state_to_dict(state) == raw["state"]
    assert [s.name for s in match.seats] == ["You", "Robin", "Sasha", "Kim"]
    summary = store.game_summary()
    assert summary["app_version"] == raw["app_version"] and summary["round"] == raw["state"]["round"]


def test_format_1_save_is_upgraded(tmp_path):
    raw = json.loads((EXAMPLES / "save-format1.json").read_text())
    assert raw["format"] == 1 and "app_version" not in raw and "settings" in raw
    store = Store(folder_with(tmp_path, "save-format1.json", "save.json"))
    match, state = store.load_game()
    assert store.notices == []
    assert state_to_dict(state) == raw["state"]
    assert [(s.name, s.kind, s.level) for s in match.seats] == [
        ("Ada", HUMAN, "normal"),
        ("Bot Bea", COMPUTER, "hard"),
        ("Cy", HUMAN, "normal"),
    ]
    assert (match.edition, match.end_score, match.final_tie) == ("classic", 100, "share")
    assert store.game_summary()["app_version"] is None
    # the inline settings moved to their own file
    settings = Store(tmp_path).load_settings()
    assert (settings.window_size, settings.fullscreen, settings.animation_speed, settings.sound) == (
        (1024, 700),
        False,
        "fast",
        False,
    )
    # the next autosave writes the current format
    store.save_game(match, state)
    assert json.loads((tmp_path / "save.json").read_text())["format"] == SAVE_FORMAT


def test_format_1_settings_do_not_override_an_existing_settings_file(tmp_path):
    Store(tmp_path).save_settings(Settings(animation_speed="instant"))
    folder_with(tmp_path, "save-format1.json", "save.json")
    assert Store(tmp_path).load_game() is not None
    assert Store(tmp_path).load_settings().animation_speed == "instant"


def test_migration_step_shape():
    raw = json.loads((EXAMPLES / "save-format1.json").read_text())
    upgraded = save_1_to_2(raw)
    assert upgraded["format"] == 2 and set(upgraded) >= {"match", "state", "app_version", "saved_at"}
    assert upgraded["saved_at"] == raw["saved"]
    assert state_from_dict(upgraded["state"]).players == len(upgraded["match"]["seats"])


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.pop("seats"), "list of seats is missing"),
        (lambda d: d["seats"].__setitem__(0, "Ada"), "not an object"),
        (lambda d: d["seats"][0].pop("computer"), "whether it is a computer"),
        (lambda d: d.update(edition="voyage"), "says voyage but the game is classic"),
        (lambda d: d["state"].update(totals=[1, 2, 3]), "impossible under the rules"),
    ],
)
def test_broken_format_1_save_is_moved_aside(tmp_path, change, reason):
    raw = json.loads((EXAMPLES / "save-format1.json").read_text())
    change(raw)
    (tmp_path / "save.json").write_text(json.dumps(raw))
    store = Store(tmp_path)
    assert store.load_game() is None
    assert reason in store.notices[0]
    assert not (tmp_path / "settings.json").exists(), "nothing is taken from a save that is refused"


def test_settings_example_loads(tmp_path):
    store = Store(folder_with(tmp_path, "settings-format1.json", "settings.json"))
    settings = store.load_settings()
    raw = json.loads((EXAMPLES / "settings-format1.json").read_text())
    assert store.notices == []
    # an example written before later settings existed: its own values kept, the rest defaults
    assert settings.to_dict() == {**Settings().to_dict(), **raw}
    assert settings.last_match().seats[3].name == "Kim"


def test_stats_example_loads(tmp_path):
    store = Store(folder_with(tmp_path, "stats-format1.json", "stats.json"))
    stats = store.load_stats()
    raw = json.loads((EXAMPLES / "stats-format1.json").read_text())
    assert store.notices == []
    ada = stats.players["Ada"]
    assert (ada.games, ada.wins, ada.doubled) == (raw["players"]["Ada"]["games"], raw["players"]["Ada"]["wins"], raw["players"]["Ada"]["doubled"])
    assert ada.by_level["hard"].games == raw["players"]["Ada"]["by_level"]["hard"]["games"]
