"""Stored example files of every format load, older ones through the migration steps."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest

from game.match import COMPUTER, HUMAN
from game.replay import play_scenario
from game.rules import state_from_dict, state_to_dict
from game.store import Settings, Store
from game.store.migrations import NO_RECORD_FORMAT, SAVE_FORMAT, save_1_to_2, save_2_to_3

OLD_GAME = "This game comes from an older version; it cannot be checked."


def _worded(notices) -> list[str]:
    return [told.worded() for told in notices]

EXAMPLES = Path(__file__).parent / "data" / "saves"


def folder_with(tmp_path: Path, example: str, name: str) -> Path:
    shutil.copy(EXAMPLES / example, tmp_path / name)
    return tmp_path


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def same_position(state_dict: dict, stored: dict) -> bool:
    """The loaded state holds every stored field unchanged (later formats may add fields)."""
    return all(state_dict[key] == value for key, value in stored.items() if key != "format")


def test_current_save_example_loads(tmp_path):
    raw = example("save-format4.json")
    assert raw["format"] == SAVE_FORMAT and raw["state"]["log"]
    store = Store(folder_with(tmp_path, "save-format4.json", "save.json"))
    match, state = store.saves.load()
    assert store.notices == []
    assert same_position(state_to_dict(state), raw["state"])
    assert [s.name for s in match.seats] == ["You", "Robin", "Sasha", "Kim"]
    # each player's chosen colour and avatar come back with the game
    assert [(look.colour, look.avatar) for look in match.identities()] == [
        ("coral", "balloon"), ("sky", "bird"), ("mint", "owl"), ("lemon", "cat")]
    summary = store.saves.summary()
    assert summary.app_version == raw["app_version"] and summary.round == raw["state"]["round"]


def test_a_save_from_before_identities_loads_with_each_seats_default(tmp_path):
    """A format-3 save (no colour, no avatar) loads; each seat gets the colour of its place and
    a computer its level's avatar (Robin is Easy, Sasha Expert), and the next save writes them."""
    store = Store(folder_with(tmp_path, "save-format3.json", "save.json"))
    match, state = store.saves.load()
    assert store.notices == []
    assert [(look.colour, look.avatar) for look in match.identities()] == [
        ("amber", "sun"), ("sky", "cat"), ("mint", "moon"), ("lemon", "balloon")]
    store.saves.save(match, state)
    written = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    assert written["format"] == SAVE_FORMAT
    assert [seat["avatar"] for seat in written["match"]["seats"]] == ["sun", "cat", "moon", "balloon"]


@pytest.mark.parametrize(("field", "value"), [("colour", "plaid"), ("avatar", "x" * 10_000), ("avatar", 7)])
def test_a_save_with_an_unknown_identity_is_refused_in_one_line(tmp_path, field, value):
    raw = example("save-format4.json")
    raw["match"]["seats"][1][field] = value
    (tmp_path / "save.json").write_text(json.dumps(raw), encoding="utf-8")
    store = Store(tmp_path)
    assert store.saves.load() is None
    assert len(store.notices) == 1


def continue_both(state, replayed, until_round: int) -> None:
    """Play the same random moves, and deal the same rounds, in both games, until 20
    actions into round `until_round` (or the end of the game)."""
    chooser = random.Random(7)
    for _ in range(5000):
        if state.is_terminal or (state.round >= until_round and len(state.log[-1]["actions"]) >= 20):
            break
        if state.phase == "round_over":
            state.deal()
            replayed.deal()
            continue
        assert replayed.legal_actions() == state.legal_actions()
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        replayed.apply(action)


def test_todays_save_loads_and_continues_identically(tmp_path):
    """save-format2-with-record.json is a save exactly as the app wrote it on 2026-12-02
    (commit e7a959e: save format 2, engine state format 1 with its game record)."""
    raw = example("save-format2-with-record.json")
    assert raw["format"] == 2 and raw["state"]["format"] == 1 and len(raw["state"]["log"]) == raw["state"]["round"]
    store = Store(folder_with(tmp_path, "save-format2-with-record.json", "save.json"))
    match, state = store.saves.load()
    assert store.notices == []
    assert [(s.name, s.kind, s.level) for s in match.seats] == [
        ("Lou", HUMAN, "normal"),
        ("Bot Max", COMPUTER, "hard"),
        ("Zoé", HUMAN, "normal"),
    ]
    assert same_position(state_to_dict(state), raw["state"])
    assert (state.holding, state.source) == (raw["state"]["holding"], "discard")  # mid-turn, card in hand
    # the game goes on exactly as the one its record replays: same moves, same deals
    replayed = play_scenario(state.record())
    continue_both(state, replayed, until_round=raw["state"]["round"] + 1)
    assert state.round == raw["state"]["round"] + 1, "the continuation reached a newly dealt round"
    mine, theirs = state_to_dict(state), state_to_dict(replayed)
    mine.pop("options"), theirs.pop("options")  # the record spells out the edition's default tie rule
    assert mine == theirs
    # the next autosave writes the current formats, and loads as the same game
    store.saves.save(match, state)
    written = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    assert written["format"] == SAVE_FORMAT and written["state"]["format"] == state_to_dict(state)["format"]
    assert state_to_dict(Store(tmp_path).saves.load()[1]) == state_to_dict(state)


def test_format_2_save_without_a_record_still_loads_and_is_kept(tmp_path):
    """Format 2 began before the engine kept a game record: such a save migrates, and the
    resumed game (which has no record to write) is saved again in a format that allows it."""
    raw = example("save-format2.json")
    assert raw["format"] == 2 and "log" not in raw["state"]
    store = Store(folder_with(tmp_path, "save-format2.json", "save.json"))
    match, state = store.saves.load()
    assert _worded(store.notices) == [OLD_GAME] and state.log is None  # loaded, and said to be unchecked
    assert same_position(state_to_dict(state), raw["state"])
    state.apply(state.legal_actions()[0])
    store.saves.save(match, state)
    assert json.loads((tmp_path / "save.json").read_text())["format"] == NO_RECORD_FORMAT
    again = Store(tmp_path)
    assert state_to_dict(again.saves.load()[1]) == state_to_dict(state) and _worded(again.notices) == [OLD_GAME]


@pytest.mark.parametrize("record", ["removed", "null", "state format 1"])
def test_current_format_save_without_its_record_is_damaged(tmp_path, record):
    """A format-3 save must carry its record: without it any arrangement of the right cards
    would load. It is moved aside with a notice, never loaded."""
    raw = example("save-format3.json")
    if record == "removed":
        del raw["state"]["log"]
    elif record == "null":
        raw["state"]["log"] = None
    else:  # an engine state of the format that had no record yet, inside a current save
        raw["state"]["format"] = 1
        del raw["state"]["log"]
    (tmp_path / "save.json").write_text(json.dumps(raw))
    store = Store(tmp_path)
    assert store.saves.load() is None
    [notice] = [told.worded() for told in store.notices]
    assert "was damaged" in notice and ("no 'log'" if record == "removed" else "game record is missing") in notice
    assert [p.name.split(".corrupt-")[0] for p in tmp_path.iterdir()] == ["save.json"]


@pytest.mark.parametrize("relabel", ["log null", "state format 1"])
def test_a_current_save_relabelled_as_older_and_stripped_of_its_record_never_loads_silently(tmp_path, relabel):
    """Nothing in the file tells a relabelled save from a genuine older one (format 2 allowed
    a game without its record), so it loads, but the player is told it cannot be checked:
    its draw pile may have been stacked."""
    raw = example("save-format3.json")
    raw["format"] = 2
    if relabel == "log null":
        raw["state"]["log"] = None
    else:
        raw["state"]["format"] = 1
        del raw["state"]["log"]
    (tmp_path / "save.json").write_text(json.dumps(raw))
    store = Store(tmp_path)
    assert store.saves.load() is not None
    assert _worded(store.notices) == [OLD_GAME]
    store.notices.clear()
    assert store.saves.has_game() and store.notices == []  # said once per load, not on every look


def test_stored_format_2_save_relabelled_as_current_is_damaged(tmp_path):
    """The record-less format-2 example loads as format 2 (above), not as format 3."""
    raw = example("save-format2.json")
    raw["format"] = SAVE_FORMAT
    (tmp_path / "save.json").write_text(json.dumps(raw))
    store = Store(tmp_path)
    assert store.saves.load() is None and "its game record is missing" in store.notices[0].worded()


def test_format_1_save_is_upgraded(tmp_path):
    raw = json.loads((EXAMPLES / "save-format1.json").read_text())
    assert raw["format"] == 1 and "app_version" not in raw and "settings" in raw
    store = Store(folder_with(tmp_path, "save-format1.json", "save.json"))
    match, state = store.saves.load()
    assert _worded(store.notices) == [OLD_GAME]
    assert same_position(state_to_dict(state), raw["state"]) and state.log is None
    assert [(s.name, s.kind, s.level) for s in match.seats] == [
        ("Ada", HUMAN, "normal"),
        ("Bot Bea", COMPUTER, "hard"),
        ("Cy", HUMAN, "normal"),
    ]
    assert (match.edition, match.end_score, match.final_tie) == ("classic", 100, "share")
    assert store.saves.summary().app_version is None
    # the inline settings moved to their own file
    settings = Store(tmp_path).settings.load()
    assert (settings.window_size, settings.fullscreen, settings.animation_speed, settings.sound) == (
        (1024, 700),
        False,
        "fast",
        False,
    )
    # the next autosave writes the newest format a game without a record may have
    store.saves.save(match, state)
    assert json.loads((tmp_path / "save.json").read_text())["format"] == NO_RECORD_FORMAT
    assert state_to_dict(Store(tmp_path).saves.load()[1]) == state_to_dict(state)


def test_format_1_settings_do_not_override_an_existing_settings_file(tmp_path):
    Store(tmp_path).settings.save(Settings(animation_speed="instant"))
    folder_with(tmp_path, "save-format1.json", "save.json")
    assert Store(tmp_path).saves.load() is not None
    assert Store(tmp_path).settings.load().animation_speed == "instant"


def test_migration_step_shape():
    raw = json.loads((EXAMPLES / "save-format1.json").read_text())
    upgraded = save_1_to_2(raw)
    assert upgraded["format"] == 2 and set(upgraded) >= {"match", "state", "app_version", "saved_at"}
    assert upgraded["saved_at"] == raw["saved"]
    assert state_from_dict(upgraded["state"]).players == len(upgraded["match"]["seats"])
    current = save_2_to_3(upgraded)
    assert current["format"] == 3 and current["state"] is upgraded["state"] and upgraded["format"] == 2


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
    assert store.saves.load() is None
    assert reason in store.notices[0].worded()
    assert not (tmp_path / "settings.json").exists(), "nothing is taken from a save that is refused"


def test_settings_example_loads(tmp_path):
    store = Store(folder_with(tmp_path, "settings-format1.json", "settings.json"))
    settings = store.settings.load()
    raw = json.loads((EXAMPLES / "settings-format1.json").read_text())
    assert store.notices == []
    # an example written before later settings existed: its own values kept, the rest defaults
    assert settings.to_dict() == {**Settings().to_dict(), **raw}
    assert settings.last_match().seats[3].name == "Kim"


def test_stats_example_loads(tmp_path):
    store = Store(folder_with(tmp_path, "stats-format1.json", "stats.json"))
    stats = store.stats.load()
    raw = json.loads((EXAMPLES / "stats-format1.json").read_text())
    assert store.notices == []
    ada = stats.players["Ada"]
    raw_ada = raw["players"]["Ada"]
    assert (ada.games, ada.wins, ada.doubled) == (raw_ada["games"], raw_ada["wins"], raw_ada["doubled"])
    assert ada.by_level["hard"].games == raw["players"]["Ada"]["by_level"]["hard"]["games"]


def test_the_saves_doc_names_the_format_the_code_writes() -> None:
    """docs/saves.md calls current the save format the store writes, lists a row (and its stored
    example) for every format the migrations read, and calls "newer" only what comes after it."""
    doc = (Path(__file__).parents[1] / "docs" / "saves.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| save \| (\d+)( \(current\))? \|", doc, re.M))
    assert sorted(map(int, rows)) == list(range(1, SAVE_FORMAT + 1))
    assert [number for number, current in rows.items() if current] == [str(SAVE_FORMAT)]
    assert all(f"save-format{number}.json" in doc for number in rows)
    newer = re.findall(r'unknown newer format \(`"format": (\d+)`', doc)
    assert newer == [str(SAVE_FORMAT + 1)]
