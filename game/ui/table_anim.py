"""Animations of the engine's events: one `Step` at a time, each moving a few card sprites
with tweens and changing the Board when it ends.

`Animator.speed` scales time (0 = instant). `skip()` jumps to the end of everything queued.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TypedDict

import pygame

from game.i18n import _
from game.rules import CELLS, COLS, ROWS, SOURCE_DISCARD, SOURCE_DRAW
from game.rules import events as ev
from game.ui.card_art import shadow_rect
from game.ui.layout import Box
from game.ui.table_view import Board, TableView
from game.ui.tween import Tweener
from game.ui.wording import group_sentence, sentence

FLIP_HALF = 0.12
SLIDE = 0.32
FADE = 0.15  # reduced motion: a card appears where it lands, fading in over this many seconds
DEAL_SECONDS = 1.0  # the whole deal, first card leaving the pile to last card landing (at speed 1)
DEAL_FLIGHT = 0.25  # one dealt card's flight from the draw pile to its place
FLIGHT_LIFT = 10.0  # logical px: a moving card is held above the cloth, its shadow further off
CUE_SECONDS = 2.0  # how long "Robin took the 5 from the discard" stays by a seat's label (at speed 1)


class Place(TypedDict):
    """Where a sprite ends a motion: its centre and size (keys of the sprite's own fields)."""

    x: float
    y: float
    w: float
    h: float


class CardSprite:
    """A card in flight: centre (x, y) and size in logical units, scale_x for the flip squash,
    lift (logical px up), flash (0..1 white ring)."""

    def __init__(self, value: int | str | None, box: Box) -> None:
        self.value = value
        self.x, self.y = box.center
        self.w, self.h = box.w, box.h
        self.scale_x = 1.0
        self.lift = 0.0
        self.flash = 0.0
        self.alpha = 1.0  # reduced motion fades cards in instead of moving them
        self.shown = 1.0  # below 0.5: not drawn yet (a card still in the draw pile, waiting to be dealt)
        self.base = (box.w, box.h)  # the art is drawn once at this size and scaled down in flight

    def move_to(self, box: Box) -> Place:
        cx, cy = box.center
        if box.w * box.h > self.base[0] * self.base[1]:
            self.base = (box.w, box.h)
        return {"x": cx, "y": cy, "w": box.w, "h": box.h}

    def draw(self, surface: pygame.Surface, view: TableView) -> None:
        if self.shown < 0.5:
            return
        vp = view.viewport
        w, h = max(1, round(self.w * vp.scale)), max(1, round(self.h * vp.scale))
        base_w, base_h = max(1, round(self.base[0] * vp.scale)), max(1, round(self.base[1] * vp.scale))
        image = view.card_surface(self.value, base_w, base_h)  # cached: one size per sprite
        squash = max(1, round(w * abs(self.scale_x)))
        if (squash, h) != (base_w, base_h):
            image = pygame.transform.scale(image, (squash, h))
        if self.alpha < 0.99:
            image = image.copy()  # the cached art stays opaque
            image.set_alpha(max(0, round(255 * self.alpha)))
        centre = (round(vp.offset_x + self.x * vp.scale), round(vp.offset_y + (self.y - self.lift) * vp.scale))
        rect = image.get_rect(center=centre)
        self._draw_shadow(surface, view, rect, base_w, base_h)
        surface.blit(image, rect)
        if self.flash > 0.05:
            pygame.draw.rect(surface, (255, 255, 255), rect.inflate(6, 6), width=max(1, round(8 * self.flash)),
                             border_radius=6)


    def _draw_shadow(self, surface: pygame.Surface, view: TableView, rect: pygame.Rect, base_w: int,
                     base_h: int) -> None:
        """A card in flight casts its shadow further the higher it is (its lift, and a little for
        any card on the move), fading with the card."""
        shadow = view.art.shadow(base_w, base_h)  # cached at the art's size, scaled with the card
        spot = shadow_rect(rect, lift=(self.lift + FLIGHT_LIFT) * view.viewport.scale)
        if spot.size != shadow.get_size():
            shadow = pygame.transform.scale(shadow, spot.size)
        if self.alpha < 0.99:
            shadow = shadow.copy()
            shadow.set_alpha(max(0, round(255 * self.alpha)))
        surface.blit(shadow, spot)


class Step:
    """One animation: `begin` creates sprites and tweens; `end` updates the board."""

    def __init__(self, begin: Callable[[Animator], None], end: Callable[[], None] = lambda: None) -> None:
        self.begin = begin
        self.end = end
        self.kind = ""  # the engine event it shows (a sound is chosen by it)


class Animator:
    def __init__(self, board: Board, view: TableView, speed: float = 1.0) -> None:
        self.board = board
        self.view = view
        self.speed = speed
        self.queue: deque[Step] = deque()
        self.current: Step | None = None
        self.tweener = Tweener()
        self.sprites: list[CardSprite] = []
        self.viewer: int | None = None
        self.on_idle: Callable[[], None] | None = None  # called when the queue runs dry
        self.on_sound: Callable[[str], object] | None = None  # given an event kind as its step starts
        self.reduced_motion = False  # accessibility: fades replace flights, flips and lifts
        self._skipping = False
        self.cue_time: dict[int, float] = {}  # seat -> seconds its cue (board.cues) still shows
        self.held_cues: dict[int, str] = {}  # seat -> its cue, waiting for the card in hand to be played

    @property
    def cueing(self) -> bool:
        """A cue is on screen: it needs frames to fade away (it never holds up the game)."""
        return bool(self.cue_time)

    def release_cue(self, seat: int | None) -> None:
        """`seat` plays the card it took: the cue saying where it came from shows now (while the
        card was in hand, the caption above it said so)."""
        if seat is None:
            return
        words = self.held_cues.pop(seat, None)
        if words:
            self.cue(seat, words)

    def cue(self, seat: int, words: str) -> None:
        """Show `words` by `seat`'s label for CUE_SECONDS of animation time."""
        self.board.cues.pop(seat, None)  # (re-inserted: the cues keep the order they came in)
        self.board.cues[seat] = words
        self.cue_time[seat] = CUE_SECONDS

    def _age_cues(self, dt: float) -> None:
        """Cues age with animation time (instant animations: real time, so they still show)."""
        for seat in list(self.cue_time):
            self.cue_time[seat] -= dt * (self.speed or 1.0)
            if self.cue_time[seat] <= 0 or seat not in self.board.cues:
                del self.cue_time[seat]
                self.board.cues.pop(seat, None)

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def wait(self, seconds: float) -> None:
        """A pause (a banner's reading time, say) as a tween with nothing to move."""
        self.tweener.animate(self, seconds * 1.0)

    def motion(self, sprite: CardSprite, seconds: float, easing: str = "in_out_quad", delay: float = 0.0,
               on_finished: Callable[[], None] | None = None, **ends: float) -> None:
        """Move `sprite` (position, size, lift, scale_x); with reduced motion it jumps to the end
        after `delay` and fades in there, and a squash or a lift alone is a plain jump."""
        if not self.reduced_motion:
            self.tweener.animate(sprite, seconds, easing, delay, on_finished, **ends)
            return
        ends = {name: value for name, value in ends.items() if name != "lift"}
        appears = bool(ends) and ends.get("scale_x", 1.0) != 0.0

        def fade() -> None:
            self.tweener.animate(sprite, FADE, "linear", on_finished=on_finished, alpha=1.0)

        if appears:
            ends["alpha"] = 0.0
        self.tweener.animate(sprite, 0.0, "linear", delay, fade if appears else on_finished, **ends)

    def update(self, dt: float) -> None:
        self._age_cues(dt)
        for _step in range(10_000):  # bounded: instant speed finishes many steps in one frame
            if self.current is None:
                if not self.queue:
                    return
                self._start(self.queue.popleft())
                dt = 0.0 if self.speed else dt
            if self.speed == 0:
                self.tweener.finish_all()
            else:
                self.tweener.step(dt * self.speed)
                dt = 0.0
            if self.tweener.busy:
                return
            self._end()

    def _start(self, step: Step) -> None:
        self.current = step
        if self.on_sound is not None and step.kind and not self._skipping:
            self.on_sound(step.kind)
        step.begin(self)

    def _end(self) -> None:
        step, self.current = self.current, None
        self.sprites.clear()
        self.board.banner = ""
        if step is not None:
            step.end()
        if not self.queue and self.on_idle is not None:
            self.on_idle()

    def skip(self) -> None:
        """Finish the current animation and every queued one at once (silently)."""
        self._skipping = True
        try:
            while self.busy:
                if self.current is None:
                    self._start(self.queue.popleft())
                self.tweener.finish_all()
                self._end()
        finally:
            self._skipping = False

    # ------------------------------------------------------------------ events -> steps
    def add_events(self, events: list[ev.Event]) -> None:
        reveals: list[ev.FinalReveal] = []
        for event in events:
            event = event.for_seat(self.viewer)
            if isinstance(event, ev.FinalReveal):
                reveals.append(event)
                continue
            if reveals:
                self.queue.append(self._final_reveal(reveals))
                reveals = []
            step = self._step_for(event)
            if step is None and self.on_sound is not None:
                step = Step(lambda a: None)  # nothing to animate, something to hear (the game's end)
            if step is not None:
                step.kind = event.kind
                self.queue.append(step)
        if reveals:
            self.queue.append(self._final_reveal(reveals))

    def _step_for(self, event: ev.Event) -> Step | None:  # noqa: C901 - one branch per event kind
        if isinstance(event, ev.RoundDealt):
            return self._deal(event)
        if isinstance(event, ev.CardFlipped | ev.CardRevealed):
            return self._flip(event.seat, event.row * COLS + event.col, event.value)
        if isinstance(event, ev.CardDrawn):
            return self._to_hand(event.seat, SOURCE_DRAW, event.value if event.value is not None else "?")
        if isinstance(event, ev.DiscardTaken):
            return self._to_hand(event.seat, SOURCE_DISCARD, event.value)
        if isinstance(event, ev.CardReplaced):
            return self._replace(event)
        if isinstance(event, ev.CardDiscarded):
            return self._discard(event.value, event.seat)
        if isinstance(event, ev.ColumnRemoved):
            return self._remove_column(event)
        if isinstance(event, ev.PileReshuffled):
            return self._reshuffle(event)
        if isinstance(event, ev.EndTriggered):
            view = self.view
            return self._banner(sentence("last_turn", event.seat, view.addressee, view.names), 1.6,
                                lambda: setattr(self.board, "trigger", event.seat))
        if isinstance(event, ev.StarterChosen):
            why = {"highest": _("highest cards"), "random": _("drawn by lot among the tied"),
                   "flips": _("won the tie"), "trigger": _("ended the last round")}.get(event.reason, event.reason)
            return self._banner(sentence("starts", event.seat, self.view.addressee, self.view.names, why=why), 1.0,
                                lambda: setattr(self.board, "to_act", event.seat))
        if isinstance(event, ev.StartTieFlips):
            return self._banner(group_sentence("start_tie", event.seats, self.view.addressee, self.view.names), 1.4)
        if isinstance(event, ev.TurnStarted):
            return Step(lambda a: None, lambda: setattr(self.board, "to_act", event.seat))
        if isinstance(event, ev.RoundScored):
            return Step(lambda a: None, lambda: setattr(self.board, "totals", list(event.totals)))
        return None

    def _banner(self, words: str, seconds: float, then: Callable[[], None] = lambda: None) -> Step:
        def begin(a: Animator) -> None:
            a.board.banner = words
            a.wait(seconds)

        return Step(begin, then)

    def _deal(self, event: ev.RoundDealt) -> Step:
        board, view = self.board, self.view
        cells = [(seat, index) for index in range(CELLS) for seat in event.seats]
        stagger = (DEAL_SECONDS - DEAL_FLIGHT) / max(1, len(cells))  # one card after another, as a dealer does

        def begin(a: Animator) -> None:
            board.grids = [["?" if seat in event.seats else None for _ in range(CELLS)] for seat in range(board.players)]
            board.participants = event.seats
            board.discard = [event.discard_top]
            board.draw_count = event.draw_pile
            board.holding = board.holder = board.source = None
            board.trigger = None
            board.round = event.round
            board.to_act = event.seats[0]
            board.hidden = set(cells)
            board.cues.clear()
            a.cue_time.clear()
            a.held_cues.clear()
            if event.tiebreak:
                board.banner = group_sentence("tiebreak_round", event.seats, view.addressee, view.names)
            else:
                board.banner = _("Round {number}: dealing").format(number=event.round)
            for number, (seat, index) in enumerate(cells):
                sprite = CardSprite("?", view.layout.draw_pile)
                sprite.shown = 0.0  # it leaves the pile on its turn; until then the pile stands for it
                a.sprites.append(sprite)
                a.tweener.animate(sprite, 0.0, "linear", number * stagger, shown=1.0)
                a.motion(sprite, DEAL_FLIGHT, "out_cubic", delay=number * stagger,
                         on_finished=_unhide(a, sprite, seat, index), **sprite.move_to(view.cell_box(seat, index)))

        return Step(begin)

    def _flip(self, seat: int, index: int, value: int) -> Step:
        board = self.board

        def begin(a: Animator) -> None:
            self._flip_sprite(a, seat, index, value, 0.0)

        def end() -> None:
            board.grids[seat][index] = value

        return Step(begin, end)

    def _flip_sprite(self, a: Animator, seat: int, index: int, value: int, delay: float) -> None:
        a.board.hidden.add((seat, index))
        sprite = CardSprite("?", self.view.cell_box(seat, index))
        a.sprites.append(sprite)

        def second_half() -> None:
            sprite.value = value  # the face swaps at the midpoint of the turn
            a.board.grids[seat][index] = value
            a.motion(sprite, FLIP_HALF, "out_quad", on_finished=_unhide(a, sprite, seat, index), scale_x=1.0)

        a.motion(sprite, FLIP_HALF, "in_quad", delay=delay, on_finished=second_half, scale_x=0.0)

    def _final_reveal(self, reveals: list[ev.FinalReveal]) -> Step:
        stagger = min(0.06, 1.5 / max(1, len(reveals)))

        def begin(a: Animator) -> None:
            a.board.banner = _("Final reveal")
            a.board.to_act = None  # nobody plays any more: the marker goes
            for number, event in enumerate(reveals):
                self._flip_sprite(a, event.seat, event.row * COLS + event.col, event.value, number * stagger)
            a.wait(len(reveals) * stagger + 2 * FLIP_HALF + 0.5)

        step = Step(begin)
        step.kind = "final_reveal"
        return step

    def _to_hand(self, seat: int, source: str, value: int | str) -> Step:
        board, view = self.board, self.view

        def begin(a: Animator) -> None:
            if seat != a.viewer:  # somebody else's turn: where the card came from, told once it is played
                kind, figures = ("cue_take", {"card": value}) if source == SOURCE_DISCARD else ("cue_draw", {})
                a.held_cues[seat] = sentence(kind, seat, view.addressee, view.names, **figures)
            if source == SOURCE_DRAW:
                board.draw_count -= 1
                start = view.layout.draw_pile
            else:
                board.discard.pop()
                start = view.layout.discard_pile
            sprite = CardSprite(value if source == SOURCE_DISCARD else "?", start)
            a.sprites.append(sprite)

            def show() -> None:
                sprite.value = value

            a.motion(sprite, SLIDE, "out_cubic", on_finished=show, **sprite.move_to(view.layout.hand))

        def end() -> None:
            board.holding, board.holder, board.source = value, seat, source

        return Step(begin, end)

    def _replace(self, event: ev.CardReplaced) -> Step:
        board, view = self.board, self.view
        index = event.row * COLS + event.col
        cell = view.cell_box(event.seat, index)

        def begin(a: Animator) -> None:
            a.release_cue(event.seat)
            board.holding = board.holder = board.source = None
            board.hidden.add((event.seat, index))
            incoming = CardSprite(event.value, view.layout.hand)
            outgoing = CardSprite(event.old_value if event.old_was_face_up else "?", cell)
            a.sprites.extend([outgoing, incoming])
            a.motion(incoming, SLIDE, "in_out_quad", **incoming.move_to(cell))
            a.motion(outgoing, 0.1, "out_quad", lift=24.0)
            a.motion(outgoing, SLIDE, "in_out_quad", delay=0.1, **outgoing.move_to(view.layout.discard_pile))
            if not event.old_was_face_up:
                a.motion(outgoing, SLIDE / 2, "in_quad", delay=0.1,
                                  on_finished=lambda: _reface(a, outgoing, event.old_value), scale_x=0.0)

        def end() -> None:
            board.grids[event.seat][index] = event.value
            board.discard.append(event.old_value)
            board.hidden.discard((event.seat, index))

        return Step(begin, end)

    def _discard(self, value: int, seat: int) -> Step:
        board, view = self.board, self.view

        def begin(a: Animator) -> None:
            a.release_cue(seat)
            board.holding = board.holder = board.source = None
            sprite = CardSprite(value, view.layout.hand)
            a.sprites.append(sprite)
            a.motion(sprite, SLIDE, "in_out_quad", **sprite.move_to(view.layout.discard_pile))

        return Step(begin, lambda: board.discard.append(value))

    def _remove_column(self, event: ev.ColumnRemoved) -> Step:
        board, view = self.board, self.view
        indexes = [event.col + COLS * row for row in range(ROWS)]

        def begin(a: Animator) -> None:
            a.board.banner = sentence("column", event.seat, view.addressee, view.names, value=event.value)
            for number, index in enumerate(indexes):
                board.hidden.add((event.seat, index))
                sprite = CardSprite(event.value, view.cell_box(event.seat, index))
                a.sprites.append(sprite)
                a.motion(sprite, 0.18, "out_quad", lift=30.0)
                a.tweener.animate(sprite, 0.15, "linear", delay=0.18, flash=1.0)
                a.tweener.animate(sprite, 0.15, "linear", delay=0.33, flash=0.0)
                a.motion(sprite, 0.35, "in_out_quad", delay=0.5 + number * 0.08,
                                  **sprite.move_to(view.layout.discard_pile), lift=0.0)
            a.wait(1.0)

        def end() -> None:
            for index in indexes:
                board.grids[event.seat][index] = None
                board.hidden.discard((event.seat, index))
            board.discard.extend([event.value] * 3)

        return Step(begin, end)

    def _reshuffle(self, event: ev.PileReshuffled) -> Step:
        board, view = self.board, self.view

        def begin(a: Animator) -> None:
            a.board.banner = _("The draw pile is empty: the discard pile is shuffled into a new one")
            board.discard = [event.discard_top]
            for number in range(6):
                sprite = CardSprite("?", view.layout.discard_pile)
                a.sprites.append(sprite)
                a.motion(sprite, 0.3, "in_out_sine", delay=number * 0.08, **sprite.move_to(view.layout.draw_pile))
            a.wait(1.2)

        def end() -> None:
            board.draw_count = event.cards

        return Step(begin, end)


def _unhide(a: Animator, sprite: CardSprite, seat: int, index: int) -> Callable[[], None]:
    def done() -> None:
        a.board.hidden.discard((seat, index))
        if sprite in a.sprites:
            a.sprites.remove(sprite)

    return done


def _reface(a: Animator, sprite: CardSprite, value: int) -> None:
    sprite.value = value
    a.motion(sprite, SLIDE / 2, "out_quad", scale_x=1.0)
