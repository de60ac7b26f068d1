"""The shuffle of a deal and of a reshuffled discard pile, exactly as `random.Random.shuffle`.

`random.shuffle` draws each position through a Python call (`_randbelow`), about a third of
the cost of a round of random play: this is the same walk from the top of the list down,
each position drawn the same way (the bits it needs, drawn again while too large), written
out in one loop. The same generator therefore gives the same order, card for card, so
every seeded game deals as before (tests/test_rules_shuffle.py compares the two); and a
game's deals no longer depend on how a later Python writes its own shuffle.
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place, as `rng.shuffle(items)` does."""
    getrandbits = rng.getrandbits
    count = len(items)
    if count < 2:
        return  # nothing to swap, and nothing drawn
    bits = count.bit_length()  # the bits drawn for `top`: those of its size, top + 1
    least = 1 << (bits - 1)  # the least size drawn with as many bits
    for top in range(count - 1, 0, -1):
        size = top + 1  # the position swapped with `top` is drawn from 0..top
        if size < least:  # one bit fewer from here down (kept, not asked of size.bit_length() each time)
            bits -= 1
            least >>= 1
        other = getrandbits(bits)
        while other >= size:
            other = getrandbits(bits)
        items[top], items[other] = items[other], items[top]
