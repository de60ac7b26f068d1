"""This process's child processes, for the checks that a review's worker processes start and
are gone when it ends (`skyjo --self-test`, `skyjo bench frames --while-reviewing`, tests).
Not part of the review itself: it judges the same whoever watches its processes."""

from __future__ import annotations

import os

# multiprocessing's one helper process (it frees shared semaphores after a crash): started with the
# first worker, it lives as long as this process and holds no CPU, so it is not a review's leftover
RESOURCE_TRACKER = "multiprocessing.resource_tracker"


def own_command() -> str:
    """This process's command line as child_processes words it ("" where there is no /proc).
    A child caught between its fork and its exec (the resource tracker, or a worker being
    spawned) still shows it: such a glimpse says nothing of what the child will be."""
    try:
        with open(f"/proc/{os.getpid()}/cmdline", "rb") as cmdline:
            return cmdline.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def child_processes() -> dict[int, str]:
    """This process's child processes but the resource tracker, each with its command line
    ("" for one that has ended but is not reaped yet): after a review ends or is cancelled
    there are none. Read from /proc where there is one (it sees every child, however
    started), else multiprocessing's own list (command lines unknown there: its names)."""
    me = str(os.getpid())
    try:
        pids = [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        import multiprocessing

        return {child.pid or 0: child.name for child in multiprocessing.active_children()}
    found = {}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as stat:
                fields = stat.read().rpartition(")")[2].split()  # after "(comm)", which may hold spaces
            if fields[1] != me:  # fields: state, parent's pid, ...
                continue
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except (OSError, IndexError):  # ended meanwhile
            continue
        if RESOURCE_TRACKER not in command:
            found[pid] = command
    return found

