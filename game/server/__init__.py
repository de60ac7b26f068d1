"""The room server: many tables ("rooms") behind one door on the internet, each run by the same
rules, computer players and autosave as a table hosted at home (docs/server.md).

It is its own wing: it imports no pygame and nothing of the desktop app imports it (the
import-linter contract "server" says so); the command line (`skyjo server`) is its only way in.
A room is a `TableController` served by a `NetHost` through its part of one `Server`
(game/net/listener.py), the LAN host's door, its reader and its limits; nothing is copied.

    codes.py   room codes: made, and looked up by a keyed digest
    pool.py    where the computer seats of every room think: a bounded pool of threads, each decision capped
    saving.py  where the rooms' games and seat tokens are written, off the loop (RoomSaves, FolderSaves)
    journal.py  the default RoomSaves: every save appended to one journal, a batch durable by one sync
    outbox.py  a room's messages held until the save that includes them is durable
    folder_keeper.py  a room's store in its folder: its writes handed to saving.py, its sends held in its outbox
    room.py    one room: its table, its host, its part of the door, driven on the door's loop
    rooms.py   every room: made on request (with limits), found by code, saved, resumed, let go
    serve.py   the process: TLS, the bind refused in one line, the signals, the summary
    shared.py  several processes on one Redis: its keys under one prefix, a room's lease, fenced writes
    keeper.py  a room's store in Redis: its saves written in order, its sends held until they are
    shared_rooms.py  the rooms of one of those processes: a client sent on, a lapsed room taken over
"""
