"""Every kind of bad save file gives the documented outcome (docs/saves.md): moved aside to
`save.json.corrupt-<timestamp>`, a plain notice, the `.bak` restored when it is good, and
never an exception or a game loaded half-way."""

from __future__ import annotations

import builtins
import errno
import json
import os
import random
import stat
from pathlib import Path

import pytest
from helpers import corrupt_files

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import state_to_dict
from game.store import Store
from game.store.migrations import SAVE_FORMAT

MATCH = MatchConfig(
    "voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bo", COMPUTER, "easy"), SeatConfig("Cy", HUMAN)), seed=8)


def two_states():
    state, chooser = MATCH.new_game(), random.Random(8)
    for _ in range(30):
        state.apply(chooser.choice(state.legal_actions()))
    old = state.clone(record_events=True)  # with its game record, as the app keeps it
    state.apply(chooser.choice(state.legal_actions()))
    return old, state


@pytest.fixture
def saved(tmp_path):
    """A folder whose save.json holds the newer state and save.json.bak the older one."""
    old, new = two_states()
    store = Store(tmp_path)
    store.saves.save(MATCH, old)
    store.saves.save(MATCH, new)
    return tmp_path, old, new


def document(path: Path) -> dict:
    return json.loads(path.read_text())


def with_doc(change):
    def corrupt(path: Path) -> None:
        doc = document(path)
        change(doc)
        path.write_text(json.dumps(doc))

    return corrupt


def set_card(doc):
    cards = doc["state"]["cards"][0]
    cards[0] = 12 if cards[0] != 12 else 11  # one card too many of one value, too few of another


def five_seats(doc):
    extra = [{"name": f"X{i}", "kind": "human", "level": "normal"} for i in range(2)]
    doc["match"]["seats"] = doc["match"]["seats"] + extra


def too_many_players(doc):
    doc["state"]["players"] = 9


BAD_SAVES = {  # case: (how to damage save.json, what the notice must say)
    "empty": (lambda p: p.write_bytes(b""), "the file is empty"),
    "whitespace": (lambda p: p.write_bytes(b"  \n"), "the file is empty"),
    "truncated": (lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]), "cut short"),
    "not json": (lambda p: p.write_text("this is not a save"), "not valid JSON"),
    "not text": (lambda p: p.write_bytes(b"\xff\xfe\x00\x81garbage"), "not a text file"),
    "json list": (lambda p: p.write_text("[1, 2, 3]"), "not a save"),
    "deeply nested": (lambda p: p.write_text("[" * 100_000 + "]" * 100_000), "nested too deeply"),
    "newer format": (with_doc(lambda d: d.update(format=SAVE_FORMAT + 1)), "newer version of Skyjo"),
    "newer state format": (with_doc(lambda d: d["state"].update(format=99)),
                           "newer version of Skyjo (game state format 99"),
    "no format": (with_doc(lambda d: d.pop("format")), "no valid format number"),
    "format as text": (with_doc(lambda d: d.update(format="2")), "no valid format number"),
    "no game record": (with_doc(lambda d: d["state"].pop("log")), "no 'log'"),
    "game record null": (with_doc(lambda d: d["state"].update(log=None)), "its game record is missing"),
    "no state": (with_doc(lambda d: d.pop("state")), "lacks the match or the game state"),
    "no match": (with_doc(lambda d: d.pop("match")), "lacks the match or the game state"),
    "state not an object": (with_doc(lambda d: d.update(state=[1])), "must be a JSON object"),
    "totals wrong type": (with_doc(lambda d: d["state"].update(totals="none")), "'totals' must be a list"),
    "a field missing": (with_doc(lambda d: d["state"].pop("draw_pile")), "no 'draw_pile'"),
    "card count wrong for edition": (with_doc(set_card), "not exactly the 105 cards"),
    "totals tampered": (with_doc(lambda d: d["state"].update(totals=[-50, 0, 0])), "totals are not the sum"),
    "state seat count out of range": (with_doc(too_many_players), "for 2 to 4 players, not 9"),
    "match seat count out of range": (with_doc(five_seats), "for 2 to 4 players, not 5"),
    "match seats differ from state": (with_doc(lambda d: d["match"]["seats"].pop()), "lists 2 players for a game of 3"),
    "edition differs": (with_doc(lambda d: d["match"].update(edition="classic")),
                        "says classic but the game is voyage"),
    "options differ": (with_doc(lambda d: d["match"].update(end_score=50)), "options differ"),
    "bad seat name": (with_doc(lambda d: d["match"]["seats"][0].update(name="")), "name must be 1 to 16"),
    "unknown level": (with_doc(lambda d: d["match"]["seats"][1].update(level="godlike")), "unknown computer level"),
    "opening with a card in hand": (with_doc(lambda d: d["state"].update(phase="opening")), "during the opening flips"),
}


@pytest.mark.parametrize("case", sorted(BAD_SAVES))
def test_bad_save_is_moved_aside_and_backup_restored(saved, case):
    folder, old, _ = saved
    damage, reason = BAD_SAVES[case]
    damage(folder / "save.json")
    bad_bytes = (folder / "save.json").read_bytes()
    store = Store(folder)
    loaded = store.saves.load()
    assert loaded is not None, "the good .bak should be loaded"
    assert state_to_dict(loaded[1]) == state_to_dict(old)
    [moved] = corrupt_files(folder)
    assert moved.read_bytes() == bad_bytes, "the damaged file is kept for the player"
    [notice] = [told.worded() for told in store.notices]
    assert reason in notice and str(moved) in notice and "previous save was restored" in notice
    assert ("could not be used" if case.startswith("newer") else "was damaged") in notice
    # the .bak is back in place as the save, and a fresh store loads it without any notice
    again = Store(folder)
    assert state_to_dict(again.saves.load()[1]) == state_to_dict(old) and again.notices == []


@pytest.mark.parametrize("case", ["truncated", "newer format", "card count wrong for edition"])
def test_bad_save_without_backup_gives_no_game_and_a_notice(tmp_path, case):
    store = Store(tmp_path)
    store.saves.save(MATCH, two_states()[1])
    BAD_SAVES[case][0](tmp_path / "save.json")
    store = Store(tmp_path)
    assert store.saves.load() is None and not store.saves.has_game() and store.saves.summary() is None
    [notice] = [told.worded() for told in store.notices]
    assert "could not be recovered" in notice and len(corrupt_files(tmp_path)) == 1
    if case == "newer format":
        assert "newer version of Skyjo" in notice


def test_both_save_and_backup_bad(saved):
    folder, _, _ = saved
    (folder / "save.json").write_text("{")
    (folder / "save.json.bak").write_text("")
    store = Store(folder)
    assert store.saves.load() is None
    assert len(corrupt_files(folder)) == 2
    [notice] = [told.worded() for told in store.notices]
    assert "backup" in notice and "could not be recovered" in notice


def test_missing_save_with_good_backup_is_restored_silently(saved):
    folder, old, _ = saved
    (folder / "save.json").unlink()  # as left by a save interrupted in rename mode
    store = Store(folder)
    assert state_to_dict(store.saves.load()[1]) == state_to_dict(old)
    assert store.notices == [] and (folder / "save.json").exists()


def test_folder_in_place_of_the_save(saved):
    folder, old, _ = saved
    (folder / "save.json").unlink()
    (folder / "save.json").mkdir()
    (folder / "save.json" / "inside.txt").write_text("x")
    store = Store(folder)
    assert state_to_dict(store.saves.load()[1]) == state_to_dict(old)
    [moved] = corrupt_files(folder)
    assert (moved / "inside.txt").exists() and "a folder is in its place" in store.notices[0].worded()


def test_unreadable_save(saved, monkeypatch):
    """Tests run as root, where chmod 000 does not stop reads: open() is patched instead."""
    folder, old, _ = saved
    real_open = builtins.open

    def refusing_open(file, mode="r", *args, **kwargs):
        if Path(file) == folder / "save.json" and "r" in mode:
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", refusing_open)
    store = Store(folder)
    assert state_to_dict(store.saves.load()[1]) == state_to_dict(old)
    assert "cannot be read (permission denied)" in store.notices[0].worded() and len(corrupt_files(folder)) == 1


def test_unreadable_save_that_cannot_be_moved(saved, monkeypatch):
    folder, old, _ = saved
    (folder / "save.json").write_text("{broken")
    real_replace = os.replace

    def no_replace(src, dst):
        if ".corrupt-" in str(dst) or Path(dst) == folder / "save.json":
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", no_replace)
    store = Store(folder)
    assert state_to_dict(store.saves.load()[1]) == state_to_dict(old)
    worded = store.notices[0].worded()
    assert "could not be moved aside" in worded and str(folder / "save.json") in worded


def test_read_only_save_file_loads_and_is_replaced(saved):
    folder, _, new = saved
    (folder / "save.json").chmod(0o444)
    store = Store(folder)
    assert state_to_dict(store.saves.load()[1]) == state_to_dict(new)
    state = new.clone()
    state.apply(state.legal_actions()[0])
    store.saves.save(MATCH, state)
    assert store.notices == [] and store.last_failure is None
    assert state_to_dict(Store(folder).saves.load()[1]) == state_to_dict(state)
    assert stat.S_IMODE((folder / "save.json").stat().st_mode) & stat.S_IWUSR


def next_state(state):
    after = state.clone()
    after.apply(after.legal_actions()[0])
    return after


@pytest.mark.parametrize("failing", ["fsync", "write", "replace"])
def test_full_disk_keeps_the_old_save_and_reports(saved, monkeypatch, failing):
    folder, _, new = saved
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    no_space = OSError(errno.ENOSPC, "No space left on device")

    def fail(*args, **kwargs):
        raise no_space

    if failing == "write":
        real_open = builtins.open

        class FullFile:
            def __init__(self, handle):
                self.handle = handle

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.handle.close()

            def write(self, data):
                raise no_space

            def __getattr__(self, name):
                return getattr(self.handle, name)

        def full_open(file, mode="r", *args, **kwargs):
            handle = real_open(file, mode, *args, **kwargs)
            return FullFile(handle) if ".tmp-" in str(file) else handle

        monkeypatch.setattr(builtins, "open", full_open)
    else:
        monkeypatch.setattr(os, failing, fail)
    store = Store(folder)
    store.saves.save(MATCH, next_state(new))  # must not raise into the frame loop
    store.saves.save(MATCH, next_state(next_state(new)))
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before, "old save, .bak untouched, no temp file"
    [notice] = [told.worded() for told in store.notices]  # reported once, not once per action
    assert "could not be saved" in notice and "the disk is full" in notice and "previous save is kept" in notice
    assert store.last_failure is not None and store.last_failure.worded() == notice
    assert state_to_dict(Store(folder).saves.load()[1]) == state_to_dict(new)
    store.saves.save(MATCH, next_state(new))  # space again: saving works and the error clears
    assert store.last_failure is None


def test_background_write_failure_is_reported_not_raised(saved, monkeypatch):
    folder, _, new = saved
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "full")))
    store = Store(folder, background=True)
    store.saves.save(MATCH, next_state(new))
    assert store.saves.flush()
    monkeypatch.undo()
    assert "the disk is full" in store.notices[0].worded()
    assert state_to_dict(Store(folder).saves.load()[1]) == state_to_dict(new)


def test_unwritable_folder_reports(tmp_path, monkeypatch):
    """Root ignores folder permissions, so creating the data folder is made to fail."""
    target = tmp_path / "data"

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(Path, "mkdir", refuse)
    store = Store(target)
    store.saves.save(MATCH, two_states()[0])
    monkeypatch.undo()
    assert "permission denied" in store.notices[0].worded() and not target.exists()


def test_leftover_temp_files_are_removed_on_load(saved):
    folder, _, new = saved
    (folder / "save.json.tmp-99999").write_text('{"half": ')
    (folder / "save.json.bak.tmp-99999").write_text("x")
    store = Store(folder)
    assert state_to_dict(store.saves.load()[1]) == state_to_dict(new)
    assert sorted(p.name for p in folder.iterdir()) == ["save.json", "save.json.bak"]


def test_finished_game_in_a_save_is_not_offered(tmp_path):
    state, chooser = MATCH.new_game(), random.Random(1)
    while not state.is_terminal:
        state.deal() if state.phase == "round_over" else state.apply(chooser.choice(state.legal_actions()))
    from game.store.saves import encode_save

    (tmp_path / "save.json").write_bytes(encode_save(MATCH, state))
    store = Store(tmp_path)
    assert store.saves.load() is None and "already over" in store.notices[0].worded()
    store.saves.save(MATCH, MATCH.new_game())
    assert (tmp_path / "save.json").exists()
    store.saves.save(MATCH, state)  # saving a finished game removes the save instead
    assert not (tmp_path / "save.json").exists() and not store.saves.has_game()
