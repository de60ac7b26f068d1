"""The rulings a player chooses for a game (docs/rules.md §1): its end score and the final tie rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .actions import brief
from .editions import FINAL_TIE_CHOICES, Edition

DEFAULT_END_SCORE: Final = 100  # the score that ends a game unless the setup says otherwise


@dataclass(frozen=True, slots=True)
class Options:
    """The named rulings a player can choose in the setup screen (docs/rules.md §1)."""

    end_score: int = DEFAULT_END_SCORE
    final_tie: str | None = None  # a FinalTie, as files hold it (`validate` checks); None: the edition's default

    def final_tie_for(self, edition: type[Edition]) -> str:
        return self.final_tie or edition.default_final_tie

    def validate(self) -> None:
        if not isinstance(self.end_score, int) or isinstance(self.end_score, bool):
            raise ValueError(f"end_score must be a whole number, not {brief(self.end_score)}")
        if not 1 <= self.end_score <= 10_000:
            raise ValueError(f"end_score must be between 1 and 10000, not {brief(self.end_score)}")
        if self.final_tie is not None and self.final_tie not in FINAL_TIE_CHOICES:
            raise ValueError(
                f"final_tie must be one of {', '.join(FINAL_TIE_CHOICES)}, not {brief(self.final_tie)}"
            )

    def to_dict(self, edition: type[Edition]) -> dict[str, Any]:
        return {"end_score": self.end_score, "final_tie": self.final_tie_for(edition)}
