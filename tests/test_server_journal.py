"""The server's journal of saves (game/server/journal.py, docs/server.md "The journal"): a batch of
saves is told only once the one sync after it is done; what a server killed leaves is replayed into
the rooms' folders (the newest of each room, a room gone deleted) before any room resumes; the
journal starts a new file with the newest of every room and only then deletes the old; a file cut
by a crash, or not the journal's, is read no further than its first bad record."""

from __future__ import annotations

import asyncio
import io
import os
import sys
import threading
import time
from typing import Any

import pytest

import game.server.journal as journal_module
from game.server.journal import GONE, SAVE, TOKENS, JournalProblem, JournalSaves, read_records, record
from game.store.documents import TOKENS_FILE
from game.store.paths import HOST_SAVE_FILE

WAIT = 30.0
ROOM, OTHER, THIRD = "0123456789abcdef", "fedcba9876543210", "00000000000000aa"


def _hand(saves: JournalSaves, *writes: tuple[str, str, Any]) -> list[object]:
    """Hand the writes over on a loop, in order ("save", "tokens" or "drop"); what each was told."""

    async def hand_over() -> list[object]:
        calls = {"save": saves.save, "tokens": saves.save_tokens}
        waiting = [saves.drop(room) if what == "drop" else calls[what](room, data) for what, room, data in writes]
        return await asyncio.wait_for(asyncio.gather(*waiting, return_exceptions=True), WAIT)

    return asyncio.run(hand_over())


def _journal_files(data_dir) -> list[str]:
    return sorted(path.name for path in (data_dir / "journal").iterdir())


# ---------------------------------------------------------------------- the records
def test_records_are_read_back_in_order_and_a_cut_or_damaged_one_ends_the_file():
    written = record(SAVE, ROOM, b"game 1") + record(TOKENS, ROOM, b"{}") + record(GONE, OTHER)
    assert list(read_records(io.BytesIO(written))) == [(SAVE, ROOM, b"game 1"), (TOKENS, ROOM, b"{}"),
                                                       (GONE, OTHER, b"")]
    last = record(SAVE, THIRD, b"the batch a crash cut")
    for cut in range(1, len(last)):  # a record cut anywhere ends the file before it
        assert len(list(read_records(io.BytesIO(written + last[:cut])))) == 3
    damaged = bytearray(written + last)
    damaged[-3] ^= 0x20  # one bit of its bytes: the checksum says so
    assert len(list(read_records(io.BytesIO(bytes(damaged))))) == 3


def test_a_record_that_is_not_ours_is_refused_from_its_head_alone():
    head = journal_module.HEAD
    huge = head.pack(journal_module.MARK, SAVE, ROOM.encode(), 0xFFFF_FFFF, 0)  # 4 GiB said: never read
    assert list(read_records(io.BytesIO(huge + b"x" * 100))) == []
    tokens_too_long = head.pack(journal_module.MARK, TOKENS, ROOM.encode(), journal_module.TOKENS_CAP + 1, 0)
    assert list(read_records(io.BytesIO(tokens_too_long))) == []
    for kind, room in ((b"X", ROOM.encode()), (SAVE, b"../../etc/passwd"), (SAVE, b"\xff" * 16)):
        assert list(read_records(io.BytesIO(head.pack(journal_module.MARK, kind, room, 0, 0)))) == []
    assert list(read_records(io.BytesIO(b"SJR0" + record(SAVE, ROOM, b"g")[4:]))) == []


# ---------------------------------------------------------------------- durable before told
def test_a_batch_is_told_only_once_its_one_sync_is_done(tmp_path, monkeypatch):
    entered, release = threading.Event(), threading.Event()
    real_sync = journal_module.Segment.sync
    synced_sizes: list[int] = []

    def sync(segment) -> None:
        entered.set()
        release.wait(WAIT)
        real_sync(segment)
        synced_sizes.append(os.path.getsize(segment.path))

    monkeypatch.setattr(journal_module.Segment, "sync", sync)
    saves = JournalSaves(tmp_path)

    async def hand_over() -> None:
        first = saves.save(ROOM, b"game 1")
        await asyncio.get_running_loop().run_in_executor(None, entered.wait, WAIT)  # its sync is held
        later = [saves.save(ROOM, b"game 2"), saves.save(ROOM, b"game 3"), saves.save(OTHER, b"x")]
        await asyncio.sleep(0.05)
        assert not first.done() and not any(done.done() for done in later)  # nothing told before its sync
        release.set()
        await asyncio.wait_for(asyncio.gather(first, *later), WAIT)

    try:
        asyncio.run(hand_over())
        tally = saves.tally
        assert (tally.syncs, tally.written, tally.coalesced) == (2, 3, 1)  # "game 2" not written: "game 3" holds it
        with open(tmp_path / "journal" / "saves-1.log", "rb") as handle:
            assert [data for _kind, _room, data in read_records(handle)] == [b"game 1", b"game 3", b"x"]
    finally:
        release.set()
        saves.close()


def test_a_sync_that_fails_or_a_save_that_cannot_be_made_is_told_to_its_saves(tmp_path, monkeypatch):
    saves = JournalSaves(tmp_path)
    try:
        def broken() -> bytes:
            raise ValueError("not encodable")

        told = _hand(saves, ("save", ROOM, b"older"), ("save", ROOM, broken), ("save", OTHER, b"fine"))
        assert [str(answer) for answer in told] == ["not encodable", "not encodable", "None"]
        def failing(segment) -> None:
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(journal_module.Segment, "sync", failing)
        told = _hand(saves, ("save", ROOM, b"game"), ("tokens", ROOM, b"{}"))
        assert [str(answer) for answer in told] == ["[Errno 5] Input/output error"] * 2
    finally:
        monkeypatch.undo()
        saves.close()


# ---------------------------------------------------------------------- replayed
def test_what_a_killed_server_left_is_replayed_into_the_rooms_folders_before_anything_else(tmp_path):
    gone = tmp_path / "rooms" / THIRD
    gone.mkdir(parents=True)
    (gone / HOST_SAVE_FILE).write_bytes(b"a game from an earlier run")  # its room goes in the journal
    killed = JournalSaves(tmp_path)
    assert _hand(killed, ("tokens", ROOM, b'{"host code": "ABCDEFGH"}'), ("save", ROOM, b"game 1"),
                 ("save", OTHER, b"other 1"), ("save", ROOM, b"game 2"), ("drop", THIRD, None),
                 ("save", OTHER, b"other 2"), ("drop", OTHER, None)) == [None] * 7
    # killed: never closed, so nothing was written into the folders but the journal
    assert not (tmp_path / "rooms" / ROOM).exists()
    assert not gone.exists()  # (a room's folder goes once its going is in the journal)
    with open(tmp_path / "journal" / "saves-1.log", "ab") as handle:
        handle.write(record(SAVE, ROOM, b"game 3, never synced")[:20])  # a batch the kill cut

    started = JournalSaves(tmp_path)
    try:
        assert (started.replayed.files, started.replayed.segments) == (2, 1)
        assert (tmp_path / "rooms" / ROOM / HOST_SAVE_FILE).read_bytes() == b"game 2"
        assert (tmp_path / "rooms" / ROOM / TOKENS_FILE).read_bytes() == b'{"host code": "ABCDEFGH"}'
        assert sorted(path.name for path in (tmp_path / "rooms").iterdir()) == [ROOM]
        assert _journal_files(tmp_path) == ["saves-1.log"]  # the new run's, empty
        assert (tmp_path / "journal" / "saves-1.log").stat().st_size == 0
    finally:
        started.close()


def test_a_clean_stop_writes_the_newest_of_every_room_into_its_folder_and_the_journal_goes(tmp_path):
    saves = JournalSaves(tmp_path)
    _hand(saves, ("save", ROOM, b"game 1"), ("save", ROOM, b"game 2"), ("tokens", OTHER, b"{}"))
    saves.close()
    assert (tmp_path / "rooms" / ROOM / HOST_SAVE_FILE).read_bytes() == b"game 2"
    assert (tmp_path / "rooms" / OTHER / TOKENS_FILE).read_bytes() == b"{}"
    assert _journal_files(tmp_path) == []
    assert [str(told) for told in _hand(saves, ("save", ROOM, b"late"))] == ["the saves are closed"]


def test_a_new_journal_file_starts_with_the_newest_of_every_room_and_only_then_the_old_goes(tmp_path):
    saves = JournalSaves(tmp_path, rotate_at=1)  # a new file after every batch
    try:
        for n in range(4):
            _hand(saves, ("save", ROOM, f"game {n}".encode()), ("save", OTHER, f"other {n}".encode()))
        _hand(saves, ("tokens", ROOM, b"{}"), ("drop", OTHER, None))
        assert saves.flush()  # (a batch is told before its new file starts)
        assert saves.tally.rotations == 5
        assert _journal_files(tmp_path) == ["saves-6.log"]
        with open(tmp_path / "journal" / "saves-6.log", "rb") as handle:
            assert sorted(read_records(handle)) == [(SAVE, ROOM, b"game 3"), (TOKENS, ROOM, b"{}")]
    finally:
        saves.flush()
    replayed = JournalSaves(tmp_path)  # (as after a kill)
    try:
        assert (tmp_path / "rooms" / ROOM / HOST_SAVE_FILE).read_bytes() == b"game 3"
        assert not (tmp_path / "rooms" / OTHER).exists()
    finally:
        replayed.close()


@pytest.mark.skipif(sys.platform == "win32", reason="links and FIFOs: POSIX")
def test_a_journal_that_cannot_be_replayed_stops_the_server_in_one_line_and_is_kept(tmp_path, capsys):
    from skyjo.cli import main

    saves = JournalSaves(tmp_path)
    _hand(saves, ("save", ROOM, b"game"))
    saves.flush()
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "rooms").mkdir(exist_ok=True)
    (tmp_path / "rooms" / ROOM).symlink_to(outside)  # a link planted where the room's folder goes
    with pytest.raises(JournalProblem, match="a link is in the place of"):
        JournalSaves(tmp_path)
    assert list(outside.iterdir()) == [] and _journal_files(tmp_path) == ["saves-1.log"]  # nothing lost
    assert main(["server", "--port", "0", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a link is in the place of" in err and "Traceback" not in err

    (tmp_path / "rooms" / ROOM).unlink()
    os.mkfifo(tmp_path / "journal" / "saves-2.log")  # a FIFO named as the journal's: never waited on
    started = time.monotonic()
    with pytest.raises(JournalProblem, match="not an ordinary file"):
        JournalSaves(tmp_path)
    assert time.monotonic() - started < WAIT
    saves.close()  # (its replay meets the FIFO too: said in the log, the files kept)
    assert _journal_files(tmp_path) == ["saves-1.log", "saves-2.log"]


def test_a_room_gone_whose_folder_could_not_be_deleted_is_said_gone_in_every_new_file(tmp_path, monkeypatch):
    stuck = tmp_path / "rooms" / OTHER
    stuck.mkdir(parents=True)
    (stuck / HOST_SAVE_FILE).write_bytes(b"an earlier run's game")
    monkeypatch.setattr(journal_module.shutil, "rmtree", lambda *args, **kwargs: None)  # a folder that stays
    saves = JournalSaves(tmp_path, rotate_at=1)
    try:
        _hand(saves, ("drop", OTHER, None))
        _hand(saves, ("save", ROOM, b"game"))
        assert saves.flush() and saves.tally.rotations == 2 and stuck.exists()
    finally:
        saves.flush()
    monkeypatch.undo()
    JournalSaves(tmp_path).close()  # a start after a kill: the room is not resumed
    assert sorted(path.name for path in (tmp_path / "rooms").iterdir()) == [ROOM]
