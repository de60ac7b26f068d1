"""The steps of the table's animations, one per kind of engine event: each makes its card
sprites and tweens when it begins, and changes the Board's cards, piles and turn when it ends.
The Animator (table_anim.py) queues them and plays them one at a time.

A step writes nothing of the Animator's: as it begins it returns what it puts on the table
(`Staging`: its sprites, its banner, a seat's cue, how long it lasts), which the Animator, their
one owner, sets; while it plays it asks the Animator (`Stage`) for tweens, and for a card that
comes on or leaves the table later."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.i18n import _
from game.rules import CELLS, COLS, HIDDEN, ROWS, SOURCE_DISCARD, SOURCE_DRAW
from game.rules import events as ev
from game.ui.board import Board
from game.ui.card_sprite import CardSprite
from game.ui.table_view import TableView
from game.ui.tween import Ease
from game.ui.wording import group_sentence, sentence

FLIP_HALF = 0.14  # a flip's first half (rise and turn edge-on), then its second (turn flat and settle)
FLIP_LIFT = 22.0  # logical px a card rises while it turns over
SLIDE = 0.32
ARC = 36.0  # logical px a card in hand or on its way to the discard rises over its straight path
DEAL_SECONDS = 1.0  # the whole deal, first card leaving the pile to last card landing (at speed 1)
DEAL_FLIGHT = 0.25  # one dealt card's flight from the draw pile to its place
GLOW_RISE = 0.25  # a completed column lights up...
GLOW_HOLD = 0.5  # ...stays lit where it lies, for the table to see it...
CASCADE = 0.35  # ...then each of its cards leaves for the discard pile, one after another
CASCADE_STAGGER = 0.1
REVEAL_BEAT = 0.5  # the final reveal's banner alone, before the first card turns
REVEAL_STAGGER = 2 * FLIP_HALF + 0.06  # one card turned after another: each ends before the next begins...
REVEAL_MOST = 3.0  # ...unless there are many: then they overlap, all turned within this many seconds


@dataclass(frozen=True)
class Staging:
    """What a step puts on the table as it begins, for the Animator to set."""

    sprites: tuple[CardSprite, ...] = ()  # the cards it moves, drawn over the board
    banner: str | None = None  # the line it shows while it plays (None: the board's own, a notice)
    hold_cue: tuple[int, str] | None = None  # (seat, words): where a card in hand came from, told once played
    release_cue: int | None = None  # this seat plays the card it took: where it came from shows now
    new_round: bool = False  # a deal: no cue shows or waits any more
    wait: float = 0.0  # seconds the step lasts at least (a banner's reading time)


class Stage(Protocol):
    """What a step asks of the Animator while it plays."""

    @property
    def viewer(self) -> int | None:
        """Whose eyes the events are shown to (another seat's drawn card is told by a cue)."""
        ...

    def motion(self, sprite: CardSprite, seconds: float, easing: Ease = Ease.IN_OUT_QUAD, delay: float = 0.0,
               on_finished: Callable[[], None] | None = None, **ends: float) -> None:
        """Move `sprite` (reduced motion: it appears where it lands)."""
        ...

    def arc(self, sprite: CardSprite, seconds: float, height: float, delay: float = 0.0) -> None:
        """`sprite` rises over its path and settles."""
        ...

    def light(self, sprite: CardSprite, seconds: float, easing: Ease, delay: float = 0.0, **ends: float) -> None:
        """Change `sprite` without moving it (a glow, a card leaving the pile): reduced motion keeps it."""
        ...

    def later(self, seconds: float, then: Callable[[], None]) -> None:
        """Call `then` after `seconds` of the step."""
        ...

    def enter(self, sprite: CardSprite) -> None:
        """A card comes on the table after the step began (the final reveal's, one after another)."""
        ...

    def leave(self, sprite: CardSprite) -> None:
        """A card has landed: the board shows it now."""
        ...


class Step:
    """One animation: `begin` creates tweens and says what it puts on the table; `end` updates the board."""

    def __init__(self, begin: Callable[[Stage], Staging], end: Callable[[], None] = lambda: None) -> None:
        self.begin = begin
        self.end = end
        self.kind = ""  # the engine event it shows (a sound is chosen by it)


class EventSteps:
    """The step for each engine event, for the board the Animator plays them on and the view it
    draws them in (the Animator owns these steps; each step is given its `Stage` as it begins)."""

    def __init__(self, board: Board, view: TableView) -> None:
        self.board = board
        self.view = view

    def for_event(self, event: ev.Event) -> Step | None:
        """The step that shows `event`, made by its kind's maker (STEP_MAKERS); None for an
        event with nothing to show (the game's end, a tie-break called: the screens tell them)."""
        maker = STEP_MAKERS.get(type(event))
        return maker(self, event) if maker is not None else None

    def _flipped(self, event: ev.CardFlipped | ev.CardRevealed) -> Step:
        return self._flip(event.seat, event.row * COLS + event.col, event.value)

    def _drawn(self, event: ev.CardDrawn) -> Step:
        return self._to_hand(event.seat, SOURCE_DRAW, event.value if event.value is not None else HIDDEN)

    def _taken(self, event: ev.DiscardTaken) -> Step:
        return self._to_hand(event.seat, SOURCE_DISCARD, event.value)

    def _discarded(self, event: ev.CardDiscarded) -> Step:
        return self._discard(event.value, event.seat)

    def _last_turn(self, event: ev.EndTriggered) -> Step:
        view = self.view
        return self._banner(sentence("last_turn", event.seat, view.addressee, view.words.names), 1.6,
                            lambda: setattr(self.board, "trigger", event.seat))

    def _starter(self, event: ev.StarterChosen) -> Step:
        words: dict[str, str] = {  # the reason crosses the wire as a str: an unknown one shows as it came
            ev.StartReason.HIGHEST: _("highest cards"), ev.StartReason.RANDOM: _("drawn by lot among the tied"),
            ev.StartReason.FLIPS: _("won the tie"), ev.StartReason.TRIGGER: _("ended the last round")}
        why = words.get(event.reason, event.reason)
        return self._banner(sentence("starts", event.seat, self.view.addressee, self.view.words.names, why=why), 1.0,
                            lambda: setattr(self.board, "to_act", event.seat))

    def _tie_flips(self, event: ev.StartTieFlips) -> Step:
        return self._banner(group_sentence("start_tie", event.seats, self.view.addressee, self.view.words.names), 1.4)

    def _turn_started(self, event: ev.TurnStarted) -> Step:
        return Step(lambda stage: Staging(), lambda: setattr(self.board, "to_act", event.seat))

    def _round_scored(self, event: ev.RoundScored) -> Step:
        return Step(lambda stage: Staging(), lambda: setattr(self.board, "totals", list(event.totals)))

    def _banner(self, words: str, seconds: float, then: Callable[[], None] = lambda: None) -> Step:
        return Step(lambda stage: Staging(banner=words, wait=seconds), then)

    def _deal(self, event: ev.RoundDealt) -> Step:
        board, view = self.board, self.view
        cells = [(seat, index) for index in range(CELLS) for seat in event.seats]
        stagger = (DEAL_SECONDS - DEAL_FLIGHT) / max(1, len(cells))  # one card after another, as a dealer does

        def begin(stage: Stage) -> Staging:
            board.grids = [[HIDDEN if seat in event.seats else None for _ in range(CELLS)]
                           for seat in range(board.players)]
            board.participants = event.seats
            board.discard = [event.discard_top]
            board.draw_count = event.draw_pile
            board.holding = board.holder = board.source = None
            board.trigger = None
            board.round = event.round
            board.to_act = event.seats[0]
            board.hidden = set(cells)
            if event.tiebreak:
                banner = group_sentence("tiebreak_round", event.seats, view.addressee, view.words.names)
            else:
                banner = _("Round {number}: dealing").format(number=event.round)
            sprites = []
            for number, (seat, index) in enumerate(cells):
                sprite = CardSprite(HIDDEN, view.layout.draw_pile)
                sprite.shown = 0.0  # it leaves the pile on its turn; until then the pile stands for it
                sprites.append(sprite)
                stage.light(sprite, 0.0, Ease.LINEAR, number * stagger, shown=1.0)
                stage.motion(sprite, DEAL_FLIGHT, Ease.OUT_CUBIC, delay=number * stagger,
                             on_finished=self._landed(stage, sprite, seat, index),
                             **sprite.move_to(view.cell_box(seat, index)))
            return Staging(tuple(sprites), banner, new_round=True)

        return Step(begin)

    def _flip(self, seat: int, index: int, value: int) -> Step:
        board = self.board

        def begin(stage: Stage) -> Staging:
            return Staging((self._flip_sprite(stage, seat, index, value),))

        def end() -> None:
            board.grids[seat][index] = value

        return Step(begin, end)

    def _flip_sprite(self, stage: Stage, seat: int, index: int, value: int) -> CardSprite:
        """The card turning over where it lies (the board hides it meanwhile)."""
        board = self.board
        board.hidden.add((seat, index))
        sprite = CardSprite(HIDDEN, self.view.cell_box(seat, index))

        def second_half() -> None:
            sprite.value = value  # the face swaps at the midpoint of the turn
            board.grids[seat][index] = value
            stage.motion(sprite, FLIP_HALF, Ease.OUT_QUAD, on_finished=self._landed(stage, sprite, seat, index),
                         scale_x=1.0)
            stage.motion(sprite, FLIP_HALF, Ease.IN_QUAD, lift=0.0)  # it settles as it lies flat again

        # the card rises as it turns edge-on (fast first, then slower: highest at the midpoint)
        stage.motion(sprite, FLIP_HALF, Ease.OUT_QUAD, lift=FLIP_LIFT)
        stage.motion(sprite, FLIP_HALF, Ease.IN_QUAD, on_finished=second_half, scale_x=0.0)
        return sprite

    def _landed(self, stage: Stage, sprite: CardSprite, seat: int, index: int) -> Callable[[], None]:
        """Once `sprite` lies in `seat`'s cell `index`, the board shows the card there."""
        def done() -> None:
            self.board.hidden.discard((seat, index))
            stage.leave(sprite)

        return done

    def final_reveal(self, reveals: list[ev.FinalReveal]) -> Step:
        """The round's last face-down cards turn over one by one, after a beat with the banner
        alone, and stay a moment in view before the scores."""
        stagger = min(REVEAL_STAGGER, REVEAL_MOST / max(1, len(reveals)))

        def begin(stage: Stage) -> Staging:
            self.board.to_act = None  # nobody plays any more: the marker goes
            for number, event in enumerate(reveals):
                # the card lies as it is until its turn comes, one after another
                stage.later(REVEAL_BEAT + number * stagger, self._reveal(stage, event))
            return Staging(banner=_("Final reveal"), wait=REVEAL_BEAT + len(reveals) * stagger + 2 * FLIP_HALF + 0.6)

        step = Step(begin)
        step.kind = "final_reveal"
        return step

    def _reveal(self, stage: Stage, event: ev.FinalReveal) -> Callable[[], None]:
        def turn() -> None:
            stage.enter(self._flip_sprite(stage, event.seat, event.row * COLS + event.col, event.value))

        return turn

    def _to_hand(self, seat: int, source: str, value: int | str) -> Step:
        board, view = self.board, self.view

        def begin(stage: Stage) -> Staging:
            cue = None
            if seat != stage.viewer:  # somebody else's turn: where the card came from, told once it is played
                kind, figures = ("cue_take", {"card": value}) if source == SOURCE_DISCARD else ("cue_draw", {})
                cue = (seat, sentence(kind, seat, view.addressee, view.words.names, **figures))
            if source == SOURCE_DRAW:
                board.draw_count -= 1
                start = view.layout.draw_pile
            else:
                board.discard.pop()
                start = view.layout.discard_pile
            sprite = CardSprite(value if source == SOURCE_DISCARD else HIDDEN, start)

            def show() -> None:
                sprite.value = value

            stage.motion(sprite, SLIDE, Ease.IN_OUT_QUAD, on_finished=show, **sprite.move_to(view.layout.hand))
            stage.arc(sprite, SLIDE, ARC)
            return Staging((sprite,), hold_cue=cue)

        def end() -> None:
            board.holding, board.holder, board.source = value, seat, source

        return Step(begin, end)

    def _replace(self, event: ev.CardReplaced) -> Step:
        board, view = self.board, self.view
        index = event.row * COLS + event.col
        cell = view.cell_box(event.seat, index)

        def begin(stage: Stage) -> Staging:
            board.holding = board.holder = board.source = None
            board.hidden.add((event.seat, index))
            incoming = CardSprite(event.value, view.layout.hand)
            outgoing = CardSprite(event.old_value if event.old_was_face_up else HIDDEN, cell)
            stage.motion(incoming, SLIDE, Ease.IN_OUT_QUAD, **incoming.move_to(cell))
            stage.arc(incoming, SLIDE, ARC)
            stage.motion(outgoing, 0.1, Ease.OUT_QUAD, lift=24.0)
            stage.motion(outgoing, SLIDE, Ease.IN_OUT_QUAD, delay=0.1, **outgoing.move_to(view.layout.discard_pile))
            if not event.old_was_face_up:
                stage.motion(outgoing, SLIDE / 2, Ease.IN_QUAD, delay=0.1,
                             on_finished=lambda: _reface(stage, outgoing, event.old_value), scale_x=0.0)
            return Staging((outgoing, incoming), release_cue=event.seat)

        def end() -> None:
            board.grids[event.seat][index] = event.value
            board.discard.append(event.old_value)
            board.hidden.discard((event.seat, index))

        return Step(begin, end)

    def _discard(self, value: int, seat: int) -> Step:
        board, view = self.board, self.view

        def begin(stage: Stage) -> Staging:
            board.holding = board.holder = board.source = None
            sprite = CardSprite(value, view.layout.hand)
            stage.motion(sprite, SLIDE, Ease.IN_OUT_QUAD, **sprite.move_to(view.layout.discard_pile))
            stage.arc(sprite, SLIDE, ARC)
            return Staging((sprite,), release_cue=seat)

        return Step(begin, lambda: board.discard.append(value))

    def _remove_column(self, event: ev.ColumnRemoved) -> Step:
        board, view = self.board, self.view
        indexes = [event.col + COLS * row for row in range(ROWS)]

        def begin(stage: Stage) -> Staging:
            leave = GLOW_RISE + GLOW_HOLD
            sprites = []
            for number, index in enumerate(indexes):
                board.hidden.add((event.seat, index))
                sprite = CardSprite(event.value, view.cell_box(event.seat, index))
                sprites.append(sprite)
                # the column lights up where it lies (a light, not a motion: reduced motion keeps it)...
                stage.light(sprite, GLOW_RISE, Ease.OUT_QUAD, glow=1.0)
                stage.light(sprite, 0.3, Ease.IN_QUAD, delay=leave, glow=0.0)
                # ...then its cards rise and leave one after another
                stage.motion(sprite, 0.18, Ease.OUT_QUAD, delay=leave, lift=30.0)
                stage.motion(sprite, CASCADE, Ease.IN_OUT_QUAD, delay=leave + 0.18 + number * CASCADE_STAGGER,
                             **sprite.move_to(view.layout.discard_pile), lift=0.0)
            return Staging(tuple(sprites), sentence("column", event.seat, view.addressee, view.words.names,
                                                    value=event.value),
                           wait=leave + 0.18 + 2 * CASCADE_STAGGER + CASCADE + 0.1)

        def end() -> None:
            for index in indexes:
                board.grids[event.seat][index] = None
                board.hidden.discard((event.seat, index))
            board.discard.extend([event.value] * 3)

        return Step(begin, end)

    def _reshuffle(self, event: ev.PileReshuffled) -> Step:
        board, view = self.board, self.view

        def begin(stage: Stage) -> Staging:
            board.discard = [event.discard_top]
            sprites = [CardSprite(HIDDEN, view.layout.discard_pile) for _number in range(6)]
            for number, sprite in enumerate(sprites):
                stage.motion(sprite, 0.3, Ease.IN_OUT_SINE, delay=number * 0.08,
                             **sprite.move_to(view.layout.draw_pile))
            return Staging(tuple(sprites), _("The draw pile is empty: the discard pile is shuffled into a new one"),
                           wait=1.2)

        def end() -> None:
            board.draw_count = event.cards

        return Step(begin, end)


# Each kind of engine event -> the maker of the step that shows it. A kind not here shows nothing
# (FinalReveal: the Animator groups a round's reveals into one step; TiebreakNeeded and GameOver:
# the round and game-over screens tell them); tests/test_ui_tween_animator.py holds the list.
STEP_MAKERS: dict[type[ev.Event], Callable[[EventSteps, Any], Step]] = {
    ev.RoundDealt: EventSteps._deal,
    ev.CardFlipped: EventSteps._flipped,
    ev.CardRevealed: EventSteps._flipped,
    ev.CardDrawn: EventSteps._drawn,
    ev.DiscardTaken: EventSteps._taken,
    ev.CardReplaced: EventSteps._replace,
    ev.CardDiscarded: EventSteps._discarded,
    ev.ColumnRemoved: EventSteps._remove_column,
    ev.PileReshuffled: EventSteps._reshuffle,
    ev.EndTriggered: EventSteps._last_turn,
    ev.StarterChosen: EventSteps._starter,
    ev.StartTieFlips: EventSteps._tie_flips,
    ev.TurnStarted: EventSteps._turn_started,
    ev.RoundScored: EventSteps._round_scored,
}


def _reface(stage: Stage, sprite: CardSprite, value: int) -> None:
    sprite.value = value
    stage.motion(sprite, SLIDE / 2, Ease.OUT_QUAD, scale_x=1.0)
