"""What painting the deck keeps in memory (issue 40's done-when: the app's resident memory).

A face is painted supersampled, three times its size, from pieces every face of that size
shares (the rounded mask, the weave, the sheen). The band motifs of issue 40 item 5 were kept
the same way, but each value has colours of its own, so a motif was never used twice and the
cache kept fifteen supersampled pictures per card size: about 24 MB more after one game
(`python -m game bench soak --games 2 --json`: 81 MB before the motifs, 113 MB with them kept).
"""

from __future__ import annotations

import pytest

from game.ui import card_paint
from game.ui.card_art import VALUES, CardArt
from game.ui.surface_cache import pixel_bytes

pytestmark = pytest.mark.usefixtures("small_display")


def test_painting_a_deck_keeps_only_the_pieces_its_faces_share():
    card_paint._SHARED.clear()
    art = CardArt()
    for value in VALUES:
        art.face(value, 97, 137)  # a size no other test paints: every face is painted here
    kept = list(card_paint._SHARED.values())
    # the mask, the weave and the sheen (a mask per radius at most twice): not a piece per face
    assert len(kept) <= 4, sorted(str(key[:2]) for key in card_paint._SHARED)
    # at most 4 supersampled card-sized pictures, well under what fifteen motifs took
    assert sum(pixel_bytes(surface) for surface in kept) <= 4 * (97 * 3 + 8) * (137 * 3 + 8) * 4
