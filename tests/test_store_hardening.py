"""Files are untrusted (docs/saves.md): links planted in the data folder never redirect a
write, oversized files are refused unread, a cut-off file is recognised from the parser's
stopping point alone, and nothing blocks on a file that never ends."""

from __future__ import annotations

import itertools
import json
import os
import random
import time
from pathlib import Path

import pytest
from helpers import corrupt_files

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import state_to_dict
from game.store import Store, files
from game.store.documents import SAVE_CAP, SETTINGS_CAP, STATS_CAP, parse_json
from game.store.export import export_game
from game.store.files import FileProblem, read_bytes
from game.store.saves import decode_save, encode_save

MATCH = MatchConfig(
    "voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bo", COMPUTER, "easy"), SeatConfig("Cy", HUMAN)), seed=8)
EXAMPLES = Path(__file__).parent / "data" / "saves"
PLANTED = "planted"


def play(state, moves: int, seed: int = 8):
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.phase == "round_over":
            state.deal()
        else:
            state.apply(chooser.choice(state.legal_actions()))
    return state


@pytest.fixture
def predictable_temp_names(monkeypatch):
    """Every other temporary name is `<name>.tmp-<pid>-planted`, the name an attacker would
    pick if it were predictable; the old scheme's `<name>.tmp-<pid>` is covered too."""
    counter = itertools.count()
    monkeypatch.setattr(files, "_token", lambda: PLANTED if next(counter) % 2 == 0 else f"fresh{next(counter)}",
                        raising=False)


def plant_links(folder: Path, name: str, target: Path) -> list[Path]:
    """Links at both the old predictable temporary name and the patched new one."""
    links = [folder / f"{name}.tmp-{os.getpid()}", folder / f"{name}.tmp-{os.getpid()}-{PLANTED}"]
    for link in links:
        link.symlink_to(target)
    return links


@pytest.fixture
def outside(tmp_path):
    """A file outside the data folder that a planted link points to."""
    target = tmp_path / "outside" / "precious.txt"
    target.parent.mkdir()
    target.write_text("not yours")
    return target


def test_a_link_at_the_temporary_name_never_redirects_a_save(tmp_path, outside, predictable_temp_names):
    folder = tmp_path / "data"
    first, second = play(MATCH.new_game(), 10), play(MATCH.new_game(), 20)
    Store(folder).saves.save(MATCH, first)
    links = plant_links(folder, "save.json", outside) + plant_links(folder, "save.json.bak", outside)
    store = Store(folder)
    store.saves.save(MATCH, second)
    assert store.notices == [] and store.last_failure is None
    assert outside.read_text() == "not yours", "the planted link was followed"
    assert all(link.is_symlink() and link.resolve() == outside for link in links), (
        "someone else's entries are left alone")
    save, backup = folder / "save.json", folder / "save.json.bak"
    assert not save.is_symlink() and not backup.is_symlink()
    assert state_to_dict(decode_save(save.read_bytes()).state) == state_to_dict(second)
    assert state_to_dict(decode_save(backup.read_bytes()).state) == state_to_dict(first)
    # the next load clears the leftovers (the links themselves, never what they point to)
    assert state_to_dict(Store(folder).saves.load()[1]) == state_to_dict(second)
    assert sorted(p.name for p in folder.iterdir()) == ["save.json", "save.json.bak"]
    assert outside.read_text() == "not yours"


def test_a_link_at_the_final_name_is_replaced_not_followed(tmp_path, outside):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "settings.json").symlink_to(outside)
    files.atomic_write(folder / "settings.json", b"{}", keep_backup=False)
    assert outside.read_text() == "not yours" and not (folder / "settings.json").is_symlink()


def test_temporary_files_are_new_files_with_unpredictable_names(tmp_path, monkeypatch):
    seen = []
    real_open = open

    def spy(file, mode="r", *args, **kwargs):
        if ".tmp-" in str(file):
            seen.append((Path(file).name, mode))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    for _ in range(2):
        files.atomic_write(tmp_path / "save.json", b"{}")
    assert len(seen) == 2 and seen[0][0] != seen[1][0]
    assert all(mode == "xb" and name.startswith(f"save.json.tmp-{os.getpid()}-") for name, mode in seen)


def test_export_never_follows_a_link_at_its_temporary_name(tmp_path, outside, predictable_temp_names):
    folder = tmp_path / "exports"
    folder.mkdir()
    state = play(MATCH.new_game(), 40)
    when = 1_800_000_000.0
    name = f"skyjo-{time.strftime('%Y%m%d-%H%M%S', time.localtime(when))}.json"
    links = plant_links(folder, name, outside)
    path = export_game(state, folder, when=when)
    assert path == folder / name and not path.is_symlink()
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(state.record()))
    assert outside.read_text() == "not yours"
    assert all(link.is_symlink() for link in links)


def test_export_writes_through_the_store(tmp_path, monkeypatch):
    written = []
    monkeypatch.setattr("game.store.export.atomic_write", lambda path, data, keep_backup=True: written.append(
        (path, keep_backup)), raising=False)
    path = export_game(play(MATCH.new_game(), 5), tmp_path)
    assert written == [(path, False)]


# ---------------------------------------------------------------------- size caps
def test_a_huge_damaged_save_is_refused_unread(tmp_path, monkeypatch):
    """50 MB of garbage: refused from its size (no byte of it parsed), moved aside whole,
    and the .bak, a good save, is restored."""
    first, second = play(MATCH.new_game(), 10), play(MATCH.new_game(), 20)
    store = Store(tmp_path)
    store.saves.save(MATCH, first)
    store.saves.save(MATCH, second)
    huge = 50 * 1024 * 1024
    with open(tmp_path / "save.json", "wb") as handle:
        handle.write(b'{"format": 3, "junk": [' * 1000)
        handle.truncate(huge)  # the rest is zeros: a sparse file, cheap to make
    parsed = []
    monkeypatch.setattr("game.store.saves.parse_json", lambda raw: parsed.append(len(raw)) or parse_json(raw))
    store = Store(tmp_path)
    loaded = store.saves.load()
    assert loaded is not None and state_to_dict(loaded[1]) == state_to_dict(first)
    assert parsed == [len((tmp_path / "save.json").read_bytes())], "only the good backup was parsed"
    [moved] = corrupt_files(tmp_path)
    assert moved.stat().st_size == huge, "the damaged file is kept, whole"
    [notice] = [told.worded() for told in store.notices]
    assert "was damaged: it is larger than 4 MiB" in notice and str(moved) in notice
    assert "previous save was restored" in notice


def test_the_save_cap_is_exact(tmp_path):
    """A save padded to exactly the cap loads; one byte more is refused."""
    raw = encode_save(MATCH, play(MATCH.new_game(), 20))
    at_cap = raw + b" " * (SAVE_CAP - len(raw))
    (tmp_path / "save.json").write_bytes(at_cap)
    store = Store(tmp_path)
    assert store.saves.load() is not None and store.notices == []
    (tmp_path / "save.json").write_bytes(at_cap + b" ")
    (tmp_path / "save.json.bak").unlink(missing_ok=True)
    store = Store(tmp_path)
    assert store.saves.load() is None and "larger than 4 MiB" in store.notices[0].worded()
    with pytest.raises(FileProblem, match="larger than 4 MiB"):
        decode_save(at_cap + b" ")  # any other caller of decode_save is bounded too


@pytest.mark.parametrize(
    ("name", "cap", "words"),
    [("settings.json", SETTINGS_CAP, "256 KiB"), ("stats.json", STATS_CAP, "1 MiB")],
)
def test_oversized_settings_and_statistics_are_refused(tmp_path, name, cap, words):
    (tmp_path / name).write_bytes(b'{"format": 1}' + b" " * cap)
    store = Store(tmp_path)
    settings, stats = store.settings.load(), store.stats.load()
    assert settings.animation_speed == "normal" and stats.players == {}  # the defaults
    [notice] = [told.worded() for told in store.notices]
    assert f"it is larger than {words}" in notice and len(corrupt_files(tmp_path)) == 1


def test_the_cap_is_far_above_a_long_game(tmp_path):
    """The biggest setup the menu offers, 8 players of Classic to 300 points, played to its
    last action: its saves stay below a twentieth of the cap (docs/saves.md, Size caps)."""
    match = MatchConfig("classic", tuple(SeatConfig(f"P{i}", HUMAN) for i in range(8)), end_score=300, seed=2)
    state, chooser, biggest = match.new_game(), random.Random(2), 0
    while True:
        if state.phase == "round_over":
            state.deal()
            continue
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        if state.is_terminal:
            break
        biggest = max(biggest, len(encode_save(match, state)))
    assert state.round >= 3 and 0 < biggest * 20 < SAVE_CAP


def test_read_bytes_stops_one_byte_past_the_limit(tmp_path, monkeypatch):
    """Even when the size on disk says little (a file still growing), no more than the
    limit and one byte is read."""
    path = tmp_path / "save.json"
    path.write_bytes(b"x" * 1000)
    real_fstat = os.fstat
    monkeypatch.setattr(os, "fstat", lambda fd: os.stat_result((*real_fstat(fd)[:6], 10, *real_fstat(fd)[7:])))
    with pytest.raises(FileProblem, match="larger than 100 bytes"):
        read_bytes(path, limit=100)
    assert read_bytes(path, limit=1000) == b"x" * 1000


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
def test_a_pipe_in_place_of_the_save_does_not_block(tmp_path):
    os.mkfifo(tmp_path / "save.json")  # a plain open would wait for a writer for ever
    store = Store(tmp_path)
    assert store.saves.load() is None
    assert "not an ordinary file" in store.notices[0].worded() and len(corrupt_files(tmp_path)) == 1


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_link_to_an_endless_device_is_refused(tmp_path):
    (tmp_path / "save.json").symlink_to("/dev/zero")
    store = Store(tmp_path)
    assert store.saves.load() is None and "not an ordinary file" in store.notices[0].worded()
    [moved] = corrupt_files(tmp_path)
    assert moved.is_symlink(), "the link is moved aside, not what it points to"


def test_a_linked_bad_save_is_moved_aside_as_a_link(tmp_path, outside):
    (tmp_path / "save.json").symlink_to(outside)
    store = Store(tmp_path)
    assert store.saves.load() is None and "not valid JSON" in store.notices[0].worded()
    [moved] = corrupt_files(tmp_path)
    assert moved.is_symlink() and outside.read_text() == "not yours"


# ---------------------------------------------------------------------- cut-off files
def test_every_cut_of_a_save_reads_as_cut_short():
    """Wherever a save is cut (a crash of an older writer, a copy stopped half-way), the
    notice says so, judged from the parser's stopping point alone."""
    raw = (EXAMPLES / "save-format3.json").read_bytes().rstrip()
    # a multi-byte character, an escape and an escaped surrogate pair to cut into
    raw = raw.replace(b'"Kim"', '"Zoé \\u00e9 \\ud83d\\ude00"'.encode())
    json.loads(raw)
    for cut in range(1, len(raw)):
        with pytest.raises(FileProblem) as caught:
            parse_json(raw[:cut])
        assert "cut short" in str(caught.value), (cut, raw[cut - 10 : cut])


@pytest.mark.parametrize(
    "text",
    ["this is not a save", '{"format": 3,, "x": 1}', '{"a": [1, 2} ', '{"a": tru, "b": 1}', "[1] [2]",
     '{"a": 1 "b": 2'],
)
def test_damage_before_the_end_is_not_called_cut_short(text):
    with pytest.raises(FileProblem, match=r"not valid JSON \(line 1, column \d+\)"):
        parse_json(text.encode())
