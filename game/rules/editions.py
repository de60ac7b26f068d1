"""Static facts of the two Skyjo editions (the OpenSpiel "Game" half).

An edition is a small object describing the deck and the player range; the few rules in
which the editions differ are hooks that the Classic subclass overrides.
"""

from __future__ import annotations

import random
from collections import Counter
from enum import StrEnum
from typing import ClassVar, Final

from .actions import brief


class FinalTie(StrEnum):
    """What a tie for the win at the end of the game does (docs/rules.md §1): an option
    saved, sent and written in match files as this string."""

    SHARE = "share"  # the tied leaders share the win
    TIEBREAK = "tiebreak"  # they play one more round


FINAL_TIE_CHOICES: Final = tuple(FinalTie)


class Edition:
    """Voyage, the default edition: 105 cards, 2-4 players."""

    name: ClassVar[str] = "voyage"
    title: ClassVar[str] = "Skyjo Voyage"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_final_tie: ClassVar[FinalTie] = FinalTie.SHARE
    card_counts: ClassVar[dict[int, int]] = {-2: 3, -1: 7, 0: 11, **{v: 7 for v in range(1, 13)}}

    @classmethod
    def deck(cls) -> list[int]:
        """Every card of the edition, in ascending order: a new list (every deal shuffles one)."""
        ascending = _ASCENDING_DECKS.get(cls)
        if ascending is None:  # worked out once per edition: a deal needs it every round
            ascending = _ASCENDING_DECKS[cls] = tuple(
                value for value, count in sorted(cls.card_counts.items()) for _ in range(count)
            )
        return [*ascending]

    @classmethod
    def deck_size(cls) -> int:
        return sum(cls.card_counts.values())

    @classmethod
    def is_full_deck(cls, cards: list[int]) -> bool:
        return Counter(cards) == Counter(cls.card_counts)

    @classmethod
    def check_deck(cls, deck: object) -> None:
        """Raise ValueError, in one sentence, unless `deck` lists exactly this edition's cards."""
        if not isinstance(deck, list) or not all(type(card) is int for card in deck):
            raise ValueError("the deck must be a list of whole-number card values")
        if not cls.is_full_deck(deck):
            raise ValueError(cls._deck_mismatch(deck))

    @classmethod
    def _deck_mismatch(cls, deck: list[int]) -> str:
        want, got = Counter(cls.card_counts), Counter(deck)
        problems = [
            f"{got[value]} of {brief(value)} instead of {want[value]}"
            for value in sorted(set(want) | set(got))
            if want[value] != got[value]
        ]
        head = f"the deck must hold exactly the {cls.deck_size()} cards of {cls.title}, got {len(deck)}"
        return head + ": " + "; ".join(problems[:5]) + ("; ..." if len(problems) > 5 else "")

    @classmethod
    def check_players(cls, players: int) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"the number of players must be a whole number, not {players!r}")
        if not cls.min_players <= players <= cls.max_players:
            raise ValueError(
                f"{cls.title} is for {cls.min_players} to {cls.max_players} players, not {players}"
            )

    @classmethod
    def starter_tie_flips(cls) -> bool:
        """Whether players tied for the first-round start flip more cards (Classic) or
        the starter is drawn at random among them (Voyage)."""
        return False

    @classmethod
    def pick_tied_starter(cls, tied: list[int], rng: random.Random) -> int:
        """The random choice among tied players, the same for every edition."""
        return rng.choice(sorted(tied))


class Voyage(Edition):
    pass


class Classic(Edition):
    """Classic Skyjo: 150 cards, 2-8 players, tied starters flip more cards."""

    name = "classic"
    title = "Skyjo (classic)"
    max_players = 8
    default_final_tie = FinalTie.TIEBREAK
    card_counts: ClassVar[dict[int, int]] = {-2: 5, -1: 10, 0: 15, **{v: 10 for v in range(1, 13)}}

    @classmethod
    def starter_tie_flips(cls) -> bool:
        return True


_ASCENDING_DECKS: dict[type[Edition], tuple[int, ...]] = {}
EDITIONS: Final[dict[str, type[Edition]]] = {"voyage": Voyage, "classic": Classic}

# What any edition allows: a value outside these is no card and no seat count of any game.
LOWEST_CARD: Final = min(min(edition.card_counts) for edition in EDITIONS.values())
HIGHEST_CARD: Final = max(max(edition.card_counts) for edition in EDITIONS.values())
MOST_PLAYERS: Final = max(edition.max_players for edition in EDITIONS.values())


def edition_named(name: str) -> type[Edition]:
    """The edition called `name`, or a ValueError that lists the known ones."""
    try:
        return EDITIONS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(EDITIONS))
        raise ValueError(f"unknown edition {name!r}; known editions: {known}") from None
