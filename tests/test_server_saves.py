"""Saves off the loop (issue 49, docs/server.md "Saves off the loop"): a room's save is written by
the server's writers, never on the loop every room's messages go through, and what its players are
sent waits until the save that includes it is on disk; a room's waiting saves are folded into the
newest. Loopback only; every wait is bounded."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from net_tools import BotPlayer

import game.store.folder as folder_module
from game.net.room_maker import make_room
from game.server.outbox import Outbox
from game.server.serve import RoomServer, ServerOptions
from game.store.paths import HOST_SAVE_FILE

WAIT = 90.0


def _wait_for(check, what: str, most: float = WAIT) -> None:
    deadline = time.monotonic() + most
    while not check():
        assert time.monotonic() < deadline, f"waited {most:g} s for {what}"
        time.sleep(0.01)


def test_a_room_whose_disk_is_stuck_holds_up_no_other_room_and_tells_its_players_nothing_unsaved(
        tmp_path, monkeypatch):
    import game.server.saving as saving_module

    stuck_room: list[str] = []  # the ident whose saves do not reach the disk until `release`
    entered, release = threading.Event(), threading.Event()
    real_write = folder_module.atomic_write

    def write(path, data, *args, **kwargs):
        if path.name == HOST_SAVE_FILE and path.parent.name in stuck_room:
            entered.set()
            release.wait(WAIT)
        return real_write(path, data, *args, **kwargs)

    for module in (folder_module, saving_module):  # (wherever a room's save is written from)
        monkeypatch.setattr(module, "atomic_write", write, raising=False)
    # (a room's own files: with the journal, the default, every room's saves share one file and one disk)
    server = RoomServer(ServerOptions(port=0, data_dir=str(tmp_path / "server"), saves_sync="platform"))
    sent: list[tuple[object, object]] = []
    door_send = server.server.send

    def record(client, message) -> None:
        sent.append((client, message))
        door_send(client, message)

    server.server.send = record
    players: list[BotPlayer] = []
    try:
        slow_code = make_room(server.url, ["remote", "remote"])
        slow = server.rooms.rooms[0]
        stuck_room.append(slow.ident)
        players += [BotPlayer(server.url, "easy", seed=n, name=f"S{n}", code=slow_code) for n in (0, 1)]
        assert entered.wait(WAIT)  # a save of the slow room is on its way to a disk that does not answer
        seated = set(slow.host.clients.values())
        heard = len([client for client, _message in sent if client in seated])
        fast = make_room(server.url, ["remote", "remote"])
        fast_players = [BotPlayer(server.url, "normal", seed=n, name=f"F{n}", code=fast) for n in (0, 1)]
        assert [player.join(WAIT) for player in fast_players] == [True, True]  # played to its end meanwhile
        assert not release.is_set()
        # the slow room's players were sent nothing since: its move waits for its save
        assert len([client for client, _message in sent if client in seated]) == heard
        assert slow.store.outbox.held > 0
        release.set()
        assert [player.join(WAIT) for player in players] == [True, True]
    finally:
        release.set()
        for player in players:
            player.stop.set()
            player.remote.close()
        server.stop()


def test_the_waiting_saves_of_a_room_are_folded_into_the_newest(tmp_path, monkeypatch):
    import game.server.saving as saving_module

    entered, release = threading.Event(), threading.Event()
    real_write = saving_module.atomic_write

    def write(path, data, *args, **kwargs):
        entered.set()
        release.wait(WAIT)
        return real_write(path, data, *args, **kwargs)

    monkeypatch.setattr(saving_module, "atomic_write", write)
    saves = saving_module.FolderSaves(tmp_path, writers=2)
    room, other = "0123456789abcdef", "fedcba9876543210"

    async def hand_over() -> list[object]:
        first = saves.save(room, b"1")
        await asyncio.get_running_loop().run_in_executor(None, entered.wait, WAIT)  # "1" is being written
        waiting = [saves.save(room, b"2"), saves.save(room, b"3"), saves.save(other, b"x")]
        release.set()
        return await asyncio.wait_for(asyncio.gather(first, *waiting), WAIT)

    try:
        assert asyncio.run(hand_over()) == [None] * 4
        assert (tmp_path / "rooms" / room / HOST_SAVE_FILE).read_bytes() == b"3"
        assert saves.written == 3 and saves.coalesced == 1  # "2" was never written: "3" holds it
    finally:
        release.set()
        saves.close()
    with pytest.raises(ValueError):
        asyncio.run(_hand(saves, "../escape"))


async def _hand(saves, room: str) -> None:
    await saves.save(room, b"x")


def test_the_outbox_lets_go_in_order_only_what_a_durable_save_includes():
    outbox, out = Outbox(), []
    outbox.hold(lambda: out.append("move 1"))
    first = outbox.saving()
    outbox.hold(lambda: out.append("move 2"))
    second = outbox.saving()
    outbox.hold(lambda: out.append("lobby"))  # nothing saved after it: it goes after move 2
    outbox.flush()
    assert out == [] and outbox.held == 3
    outbox.saved(first)
    assert out == ["move 1"]
    outbox.saved(second)
    assert out == ["move 1", "move 2", "lobby"] and outbox.held == 0
    outbox.hold(lambda: out.append("refused"))
    outbox.flush()  # no save waiting: at once
    assert out[-1] == "refused"


def test_a_save_durable_before_an_older_one_lets_nothing_go_past_the_older():
    outbox, out = Outbox(), []
    outbox.hold(lambda: out.append("welcome"))  # its token is in the tokens file...
    tokens = outbox.saving()
    outbox.hold(lambda: out.append("move"))  # ...its move in the game's: two files, two writes
    game = outbox.saving()
    outbox.saved(game)
    assert out == []  # the game's file says nothing of the tokens'
    outbox.saved(tokens)
    assert out == ["welcome", "move"]


def test_a_room_going_takes_its_waiting_writes_with_it(tmp_path, monkeypatch):
    import game.server.saving as saving_module

    entered, release = threading.Event(), threading.Event()
    real_write = saving_module.atomic_write

    def write(path, data, *args, **kwargs):
        entered.set()
        release.wait(WAIT)
        return real_write(path, data, *args, **kwargs)

    monkeypatch.setattr(saving_module, "atomic_write", write)
    saves = saving_module.FolderSaves(tmp_path, writers=1)
    room = "0123456789abcdef"

    async def hand_over() -> list[object]:
        first = saves.save_tokens(room, b"{}")
        await asyncio.get_running_loop().run_in_executor(None, entered.wait, WAIT)
        waiting = [saves.save(room, b"game"), saves.save_tokens(room, b"{}"), saves.drop(room)]
        release.set()
        return await asyncio.wait_for(asyncio.gather(first, *waiting), WAIT)

    try:
        assert asyncio.run(hand_over()) == [None] * 4
        assert not (tmp_path / "rooms" / room).exists()
        assert saves.written == 2  # the tokens being written, then the folder gone: nothing written after
    finally:
        release.set()
        saves.close()


def test_a_batch_of_saves_is_told_only_once_the_one_sync_after_its_writes_is_done(tmp_path):
    import game.server.saving as saving_module

    entered, release = threading.Event(), threading.Event()
    synced: list[set[str]] = []  # the rooms whose game was on disk when each sync began, once it is done

    def sync(folder) -> None:
        on_disk = {path.parent.name for path in (folder / "rooms").glob(f"*/{HOST_SAVE_FILE}")}
        entered.set()
        release.wait(WAIT)
        synced.append(on_disk)

    saves = saving_module.FolderSaves(tmp_path, writers=2, sync=sync)
    rooms = ["0123456789abcdef", "fedcba9876543210", "00000000000000aa"]
    told: dict[str, set[str]] = {}  # each room: every room a finished sync covered when it was told

    async def hand_over() -> None:
        waiting = [saves.save(room, b"game") for room in rooms]
        for room, done in zip(rooms, waiting):
            done.add_done_callback(lambda _done, room=room: told.setdefault(room, set().union(*synced)))
        await asyncio.get_running_loop().run_in_executor(None, entered.wait, WAIT)  # the first sync is held
        await asyncio.get_running_loop().run_in_executor(None, _wait_for, lambda: saves.written == 3, "the writes")
        await asyncio.sleep(0)
        assert not any(done.done() for done in waiting)  # written, not yet durable: nobody told
        release.set()
        await asyncio.wait_for(asyncio.gather(*waiting), WAIT)

    try:
        asyncio.run(hand_over())
        assert all(room in told[room] for room in rooms)  # each told after a sync that began with it on disk
        assert 1 <= saves.syncs <= 2 and saves.written == 3  # one sync for the first batch, one for what came later
    finally:
        release.set()
        saves.close()


def test_a_sync_that_fails_is_told_to_every_save_of_its_batch(tmp_path):
    import game.server.saving as saving_module

    def sync(folder) -> None:
        raise OSError(5, "Input/output error")

    saves = saving_module.FolderSaves(tmp_path, writers=1, sync=sync)

    async def hand_over() -> list[object]:
        waiting = [saves.save("0123456789abcdef", b"game"), saves.save_tokens("0123456789abcdef", b"{}")]
        return await asyncio.wait_for(asyncio.gather(*waiting, return_exceptions=True), WAIT)

    try:
        assert [str(told) for told in asyncio.run(hand_over())] == ["[Errno 5] Input/output error"] * 2
    finally:
        saves.close()


def test_the_file_systems_sync_is_used_where_there_is_one(tmp_path):
    import sys

    import game.server.saving as saving_module
    from game.store.files import file_system_sync

    sync = file_system_sync()
    if not sys.platform.startswith("linux"):
        assert sync is None
        return
    assert sync is not None
    sync(tmp_path)  # every write on tmp_path's file system durable: no error
    with pytest.raises(OSError):
        sync(tmp_path / "missing")
    saves = saving_module.FolderSaves(tmp_path)
    try:
        assert saves.grouped
    finally:
        saves.close()
    assert not saving_module.FolderSaves(tmp_path, sync=saving_module.EACH).grouped


def test_a_rooms_file_is_not_replaced_again_before_the_sync_of_its_last_write(tmp_path):
    import game.server.saving as saving_module

    entered, release = threading.Event(), threading.Event()

    def sync(folder) -> None:
        entered.set()
        release.wait(WAIT)

    saves = saving_module.FolderSaves(tmp_path, writers=1, sync=sync)
    room, other = "0123456789abcdef", "fedcba9876543210"
    game = tmp_path / "rooms" / room / HOST_SAVE_FILE

    async def hand_over() -> bytes:
        first = saves.save(room, b"1")
        await asyncio.get_running_loop().run_in_executor(None, entered.wait, WAIT)  # "1" written, its sync held
        later = [saves.save(room, b"2"), saves.save(other, b"x")]  # the one writer takes "x" first
        await asyncio.get_running_loop().run_in_executor(None, _wait_for, lambda: saves.written >= 2, "x")
        on_disk = game.read_bytes()  # its backup would be "1", which no sync has made durable yet
        release.set()
        await asyncio.wait_for(asyncio.gather(first, *later), WAIT)
        return on_disk

    try:
        assert asyncio.run(hand_over()) == b"1"
        assert game.read_bytes() == b"2" and saves.written == 3
    finally:
        release.set()
        saves.close()


def test_the_server_makes_its_saves_durable_as_it_is_told(tmp_path):
    import sys

    from game.server.journal import JournalSaves
    from game.server.saving import EACH

    for sync, grouped in ((EACH, False), ("platform", sys.platform.startswith("linux"))):
        server = RoomServer(ServerOptions(port=0, data_dir=str(tmp_path / sync), saves_sync=sync))
        try:
            assert server.rooms.saves.grouped is grouped
        finally:
            server.stop()
    server = RoomServer(ServerOptions(port=0, data_dir=str(tmp_path / "journal")))  # the default
    try:
        assert isinstance(server.rooms.saves, JournalSaves)
    finally:
        server.stop()
