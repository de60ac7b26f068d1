"""How late a loop runs and what the collector stops it for (game/net/lag.py): the figures
`skyjo server --json` and `skyjo bench server` print (docs/server.md, "The round trip's p99")."""

from __future__ import annotations

import asyncio
import gc
import time

from game.net.lag import CollectorPauses, LoopLag, percentile, quiet_collector


def test_a_loop_held_up_shows_in_its_lag():
    lag = LoopLag()

    async def watched() -> None:
        lag.start()
        await asyncio.sleep(0.05)
        time.sleep(0.2)  # a callback that holds the loop for 200 ms
        await asyncio.sleep(0.05)
        lag.stop()

    asyncio.run(watched())
    figures = lag.figures()
    assert figures["ticks"] >= 2 and figures["over_50_ms"] >= 1
    assert figures["max_ms"] >= 150  # the tick due while the loop was held woke that late at least


def test_full_collections_are_counted_with_what_they_found():
    pauses = CollectorPauses()
    pauses.start()
    try:
        ring: list[object] = []
        ring.append(ring)  # a cycle only the collector frees
        del ring
        gc.collect()
        gc.collect(0)  # a young collection is not a full one
    finally:
        pauses.stop()
    figures = pauses.figures()
    assert figures["full_collections"] == 1 and figures["found"] >= 1


def test_what_start_up_made_is_kept_out_of_full_collections():
    before = gc.get_threshold()
    try:
        quiet_collector(full_every=1000)
        assert gc.get_freeze_count() > 0 and gc.get_threshold() == (*before[:2], 1000)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_percentiles_read_as_the_bench_reads_its_round_trips():
    ordered = [float(n) for n in range(1, 101)]
    assert (percentile(ordered, 0.5), percentile(ordered, 0.99), percentile([], 0.99)) == (50.0, 99.0, 0.0)
