"""One decision of a review on the table (issue 33): the round laid out as the reviewed seat saw
it just before the decision, with the move played and Expert's best move both marked
(game/ui/move_marks.py), and a note saying what each was, what the choice cost and why.

From there it is the round replay (scenes/round_replay.py): Right, Space, Enter or a click
plays on from the decision step by step, Left steps back, A plays on by itself; Home or B
comes back to the decision and its marks; Esc returns to the review.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.match import Identity
from game.rules import SOURCE_DRAW, Action
from game.ui.move_marks import MoveMark, draw_move_marks, move_marks
from game.ui.review_words import cost_words, played_words, turn_words, why_line
from game.ui.wording import card_words
from game.wire.review import Judged
from scenes.base import AppScene
from scenes.context import AppContext
from scenes.round_replay import RoundReplayScene


class ReviewStepScene(RoundReplayScene):
    name = "review_step"

    def __init__(self, app: AppContext, record: dict, names: list[str], seat: int, judged: Judged,
                 identities: list[Identity] | None = None) -> None:
        AppScene.__init__(self, app)  # (the replay's own opening looks for the last round of a live game)
        self.judged = judged
        self.seat = seat
        self.played = Action.from_list(judged.played)
        self.best = Action.from_list(judged.best)
        # the table speaks to the reviewed seat as "you", its grid at the bottom; the seat is the
        # one to act at its decision, so the replay's view of the seat to act is the seat's own
        self.watch(record, judged.round - 1, names, seat, step=judged.action, identities=identities)
        self.decision = self.step

    @property
    def at_decision(self) -> bool:
        """The table shows the decision, at rest: the marks are true of it."""
        return self.step == self.decision and not self.anim.busy

    def marks(self) -> list[MoveMark]:
        """The marks of the move played and of Expert's, where the table was last drawn."""
        return move_marks(self.view, self.played, self.best, self.app.ui_scale)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_b):
            self.auto = False
            self.go_to(self.decision)
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.at_decision:
            draw_move_marks(surface, self.view, self.marks())

    def _caption(self) -> str:
        """Under the piles: at the decision, what is to be decided (the card is already drawn or
        taken there); played on, the step as the replay says it."""
        if self.step != self.decision:
            return super()._caption()
        seen = self.judged.seen
        if seen.holding is None:
            return _("Your decision: take the {card} from the discard or draw a card").format(
                card=card_words(seen.discard_top) if seen.discard_top is not None else "?")
        if seen.source == SOURCE_DRAW:
            return _("Your decision: where the {card} you drew goes, or discard it and reveal a card").format(
                card=card_words(seen.holding))
        return _("Your decision: where the {card} you took goes").format(card=card_words(seen.holding))

    def note(self) -> tuple[str, str | list[str], str]:
        judged = self.judged
        heading = _("{when}: {cost}").format(when=turn_words(judged), cost=cost_words(judged))
        # (the why line begins "Expert: <its move>" for a costly decision, "Good: ..." for a sound one)
        words = [_("You: {move}").format(move=played_words(judged)), why_line(judged)]
        if not self.at_decision:  # played on: where the table is now; the marks wait at the decision
            words.insert(0, self.step_words())
        keys = _("Right/Space: play on · Left: back · Home/B: the decision · A: auto ({state}) · Esc: leave").format(
            state=_("on") if self.auto else _("off"))
        return heading, words, keys
