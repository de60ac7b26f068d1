"""The state of a Skyjo game (the OpenSpiel "State" half).

One `GameState` holds a whole multi-round game: its identity (edition, seat count, seed,
options), its position (the facts declared once in position.py) and, optionally, the game
record. Legality (`legal_actions`, `why_illegal`, legality.py) is separate from applying
(`apply`), and the round's end (a column removed, the scores, the game's end) is a part of
its own (round_end.py); `apply` refuses an illegal action with an `IllegalActionError` and leaves the
state untouched. Chance is explicit: every shuffle and random choice draws from a
generator derived from the game's seed and what it is for, so a game replays exactly from
its seed and its actions.
"""

from __future__ import annotations

import random
from typing import Any, Final

from . import events as ev
from .actions import CELLS, COLS, COLUMN_CELLS, DRAW, REPLACE, REVEAL, TAKE, Action
from .editions import Edition, edition_named
from .errors import IllegalActionError
from .legality import Legality
from .options import Options
from .position import (
    FACT_NAMES,
    GAME_OVER,
    OPENING,
    OPENING_FLIPS,
    PHASES,
    ROUND_OVER,
    SOURCE_DISCARD,
    SOURCE_DRAW,
    TURN,
    Identity,
    Phase,
    Source,
    as_member,
    clear_for_deal,
    give_defaults,
)
from .round_end import RoundEnd, should_double
from .shuffle import shuffle

# Final: a compiled build keeps it in a C variable, not looked up in this module's dict every turn
_COLUMNS: Final = COLUMN_CELLS

# for the modules that import these from here (the view, the bots, the replay command)
__all__ = [
    "COLUMN_CELLS", "GAME_OVER", "OPENING", "PHASES", "ROUND_OVER", "SOURCE_DISCARD", "SOURCE_DRAW", "TURN",
    "GameState", "Options", "should_double",
]


class GameState(Legality, RoundEnd):
    """A whole game: rounds, totals and the round in play. Its parts, each over the facts
    (position.py's Position), none over another: what may be played (legality.py), how a round
    ends (round_end.py), and here the moves."""

    # ------------------------------------------------------------------ creation
    def __new__(cls, *args: Any, **kwargs: Any) -> GameState:
        """A game without attributes yet: `clone` fills one without `__init__`. (Plain Python does
        this without the method; a compiled build's own constructor would run `__init__` too.)"""
        return super().__new__(cls)

    def __init__(self, edition: str | type[Edition] = "voyage", players: int = 2, seed: int | None = None,
                 options: Options | None = None, record_events: bool = True) -> None:
        """A game not yet dealt: every fact at its default (position.py)."""
        kind = edition_named(edition) if isinstance(edition, str) else edition
        kind.check_players(players)
        options = options or Options()
        options.validate()
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)
        # These four and the facts are every attribute of a game, at the ceiling CPython keeps
        # fast (position.py INLINE_ATTRIBUTES: 29): a new one costs every search, see there.
        super().__init__(Identity(kind, players, seed, options), record_events)  # (the identity, the event record)
        # The game record, like a chess move stack: per round the deck as dealt (top first)
        # and the actions played, kept in their JSON form ([seat, verb, col, row] lists) so a
        # save copies it at C speed. None when not kept (search copies, benchmarks).
        self.log: list[dict[str, Any]] | None = [] if record_events else None
        give_defaults(self, players)

    @classmethod
    def new_game(cls, edition: str | type[Edition] = "voyage", players: int = 2, seed: int | None = None,
                 options: Options | None = None, deck: list[int] | None = None,
                 record_events: bool = True) -> GameState:
        """A game with its first round dealt."""
        state = cls(edition, players, seed, options, record_events)
        state.deal(deck)
        return state

    @classmethod
    def from_position(cls, edition: str | type[Edition], players: int, seed: int, options: Options | None = None,
                      record_events: bool = True, **facts: Any) -> GameState:
        """A game at the position `facts` name (position.py), the others at their default; the
        one way to build a game in the middle (the codec and determinisation use it). The
        values are taken, not copied, and not checked: `check_consistency` does that. A phase
        or source given as its plain string (a view's, from the wire) becomes its member: the
        engine's hot loop tells them apart by identity.
        A game built here keeps an empty record; the codec gives it its own."""
        unknown = facts.keys() - FACT_NAMES
        if unknown:
            raise TypeError(f"no such fact of a position: {', '.join(sorted(unknown))}")
        state = cls(edition, players, seed, options, record_events)
        for name, value in facts.items():
            if name == "phase":
                value = as_member(Phase, value)
            elif name == "source":
                value = as_member(Source, value)
            setattr(state, name, value)
        return state

    def clone(self, record_events: bool = False) -> GameState:
        """An independent copy. Pending events are not copied; the game record is copied
        only for a copy that records (search copies skip it, it is the costly part)."""
        other = GameState.__new__(GameState)
        # attribute by attribute, in __init__'s order, never through __dict__: both games keep
        # their attributes inline, fast to read (Position.copy_facts_from says why)
        other.identity = self.identity
        other.record_events = record_events
        other.events = []
        other.log = None
        if record_events and self.log is not None:
            other.log = [{"deck": entry["deck"], "actions": list(entry["actions"])} for entry in self.log]
        other.copy_facts_from(self)
        return other

    # ------------------------------------------------------------------ chance
    def chance(self, purpose: str, number: int = 0) -> random.Random:
        """The generator for one chance event. Derived from the seed, the round and the
        purpose (string seeds are hashed with SHA-512 by `random`, so this is stable across
        runs and platforms), which keeps the serialised state free of generator internals."""
        return random.Random(f"skyjo:{self.seed}:{self.round}:{purpose}:{number}")

    def take_events(self) -> list[ev.Event]:
        """The events since the last call, oldest first."""
        out, self.events = self.events, []
        return out

    # ------------------------------------------------------------------ dealing
    def deal(self, deck: list[int] | None = None) -> None:
        """Deal the next round. `deck` lists every card of the edition, top first; without
        it the deck is shuffled from the game's seed."""
        if self.phase != ROUND_OVER:
            raise IllegalActionError(
                "the game is over" if self.phase == GAME_OVER else "the round is still being played"
            )
        if deck is None:
            deck = self.edition.deck()
            shuffle(self.chance("deal"), deck)
        else:
            self.edition.check_deck(deck)
        if self.log is not None:
            self.log.append({"deck": list(deck), "actions": []})
        self.round += 1
        self.participants = self.next_participants
        self.tiebreak = self.next_is_tiebreak
        if self.tiebreak:
            self.tiebreak_rounds.append(self.round)
        previous_trigger = self.trigger
        clear_for_deal(self, self.players)
        self.previous_trigger = previous_trigger  # who ended the last round starts this one
        position = 0
        for seat in self.participants:
            self.cards[seat] = list(deck[position : position + CELLS])
            self.flips_left[seat] = OPENING_FLIPS
            position += CELLS
        self.discard_pile = [deck[position]]
        self.draw_pile = list(reversed(deck[position + 1 :]))
        self.phase = OPENING
        self.to_act = self.participants[0]
        self._emit(ev.RoundDealt, self.round, self.participants, self.discard_pile[-1], len(self.draw_pile),
                   self.tiebreak)

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action) -> None:
        """Play `action`, or raise IllegalActionError and change nothing."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(reason)
        self.apply_unchecked(action)

    def apply_action(self, action: Action) -> None:
        """`apply` by OpenSpiel's name (tests/test_rules_api.py plays a game through them)."""
        self.apply(action)

    def apply_unchecked(self, action: Action) -> None:
        """Play `action` without asking `why_illegal` first (python-chess's `push` beside
        `push_san`): for search and benchmarks, which play only actions that
        `legal_actions` gave or that they know to be legal. An illegal action here leaves a
        broken position, never an error: everything else calls `apply`.
        tests/test_properties_engine.py proves the two play alike on random games."""
        seat, verb, col, row = action
        if self.log is not None:
            self.log[-1]["actions"].append(action.to_list())
        if verb == DRAW:
            self.holding = held = self.draw_pile.pop()
            self.source = SOURCE_DRAW
            if self.record_events:
                self.events.append(ev.CardDrawn(seat, held))
        elif verb == TAKE:
            self.holding = held = self.discard_pile.pop()
            self.source = SOURCE_DISCARD
            if self.record_events:
                self.events.append(ev.DiscardTaken(seat, held))
        else:
            assert col is not None and row is not None  # a placing verb: a well-formed action has its position
            if verb == REPLACE:
                self._replace(seat, col, row)
            elif verb == REVEAL:
                self._reveal(seat, col, row)
            else:
                self._flip(seat, col, row)

    # Events are built only for a game that records them: search copies and benchmarks skip
    # the cost (hence `if self.record_events:` before each, rather than a call that drops them).
    def _flip(self, seat: int, col: int, row: int) -> None:
        index = row * COLS + col
        value = self.cards[seat][index]
        assert value is not None  # why_illegal refuses a removed position
        self.face_up[seat][index] = True
        if self.record_events:
            self.events.append(ev.CardFlipped(seat, col, row, value))
        self._remove_column_if_complete(seat, col)
        if self.tie_to_flip:
            self.tie_to_flip.pop(0)
            if self.tie_to_flip:
                self.to_act = self.tie_to_flip[0]
            else:
                self._settle_start_tie(list(self.tie_seats))
            return
        self.flips_left[seat] -= 1
        for other in self.participants:
            if self.flips_left[other] > 0:
                self.to_act = other
                return
        self._choose_starter()

    def _replace(self, seat: int, col: int, row: int) -> None:
        index = row * COLS + col
        cards, up = self.cards[seat], self.face_up[seat]
        held, old = self.holding, cards[index]
        assert held is not None and old is not None  # why_illegal made sure
        if self.record_events:
            source = self.source
            assert source is not None
            self.events.append(ev.CardReplaced(seat, col, row, held, old, up[index], source))
        cards[index] = held
        up[index] = True
        self.discard_pile.append(old)
        self.holding = None
        self.source = None
        self._end_turn(seat, col, up)

    def _reveal(self, seat: int, col: int, row: int) -> None:
        index = row * COLS + col
        held, value = self.holding, self.cards[seat][index]
        assert held is not None and value is not None  # why_illegal made sure
        self.discard_pile.append(held)
        self.holding = None
        self.source = None
        up = self.face_up[seat]
        up[index] = True
        if self.record_events:
            self.events += (ev.CardDiscarded(seat, held), ev.CardRevealed(seat, col, row, value))
        self._end_turn(seat, col, up)

    # ------------------------------------------------------------------ turn order
    def _choose_starter(self) -> None:
        if self.previous_trigger is not None and self.previous_trigger in self.participants and self.round > 1:
            self._start_turns(self.previous_trigger, ev.StartReason.TRIGGER)
            return
        sums = {seat: self.visible_sum(seat) for seat in self.participants}
        best = max(sums.values())
        tied = [seat for seat in self.participants if sums[seat] == best]
        if len(tied) == 1:
            self._start_turns(tied[0], ev.StartReason.HIGHEST)
        elif self.edition.starter_tie_flips():
            self._begin_tie_flips(tied)
        else:
            self._start_turns(self.edition.pick_tied_starter(tied, self.chance("starter")), ev.StartReason.RANDOM)

    def _begin_tie_flips(self, tied: list[int]) -> None:
        self.tie_seats = tuple(tied)
        self.tie_to_flip = list(tied)
        self.to_act = tied[0]
        self._emit(ev.StartTieFlips, self.tie_seats)

    def _settle_start_tie(self, tied: list[int]) -> None:
        sums = {seat: self.visible_sum(seat) for seat in tied}
        best = max(sums.values())
        still = [seat for seat in tied if sums[seat] == best]
        self.tie_seats = ()
        if len(still) == 1:
            self._start_turns(still[0], ev.StartReason.FLIPS)
        elif any(self.face_down_count(seat) == 0 for seat in still):
            self._start_turns(self.edition.pick_tied_starter(still, self.chance("starter")), ev.StartReason.RANDOM)
        else:
            self._begin_tie_flips(still)

    def _start_turns(self, seat: int, reason: ev.StartReason) -> None:
        self.starter = seat
        self.phase = TURN
        self.to_act = seat
        self._emit(ev.StarterChosen, seat, reason)
        self._emit(ev.TurnStarted, seat, False)

    def _end_turn(self, seat: int, col: int, up: list[bool]) -> None:
        """End `seat`'s turn, which placed a card in column `col` of its grid (face-up flags `up`)."""
        a, b, c = _COLUMNS[col]
        if up[a] and up[b] and up[c]:  # a column can be complete only once all face-up: most turns skip the call
            self._remove_column_if_complete(seat, col)
        # face_down_count(seat) == 0, asked cheaply first: while some cell is face-down and no
        # column is removed (a gap is never face-up either), the seat has a face-down card
        if self.trigger is None and (False not in up or (self.removed and self.face_down_count(seat) == 0)):
            self.trigger = seat
            self._emit(ev.EndTriggered, seat)
        if not self.draw_pile:
            self._reshuffle()
        seats = self.participants  # the next seat, written out: this runs on every turn
        count = len(seats)
        # The seats in play are distinct: one found at its own number (all seats play, the usual
        # case) is at its place, without a search (tuple.index is a method call by name)
        place = seat if seat < count and seats[seat] == seat else seats.index(seat)
        following = seats[place + 1] if place + 1 < count else seats[0]
        trigger = self.trigger
        if trigger is not None and following == trigger:  # (compared as ints once known not None)
            self._score_round()
            return
        self.to_act = following
        if self.record_events:
            self.events.append(ev.TurnStarted(following, self.trigger is not None))

    def _reshuffle(self) -> None:
        if len(self.discard_pile) < 2:
            return  # nothing under the top card; drawing stays impossible until there is
        top = self.discard_pile.pop()
        pile = self.discard_pile
        self.reshuffles += 1
        shuffle(self.chance("reshuffle", self.reshuffles), pile)
        self.draw_pile = pile
        self.discard_pile = [top]
        self._emit(ev.PileReshuffled, len(pile), top)

    def record(self) -> dict[str, Any]:
        """The game so far as a replay scenario (docs/replay.md): replaying it through
        `game.replay` gives this very position. Needs the log (record_events=True)."""
        if self.log is None:
            raise ValueError("this game keeps no record")
        return {
            "edition": self.edition.name,
            "players": self.players,
            "seed": self.seed,
            "options": self.options.to_dict(self.edition),
            "rounds": [
                {"deck": list(entry["deck"]), "actions": [list(item) for item in entry["actions"]]}
                for entry in self.log
            ],
        }

    # ------------------------------------------------------------------ taking back
    def undo_take(self) -> int:
        """Take back the take of the discard just played (python-chess's `pop`, for the one move
        that shows nothing hidden): the card goes back on the discard pile, nobody holds it, and
        the game's record forgets the move; the game is as it was before it, its events aside
        (they were told). Returns the card; IllegalActionError unless the last move was a take."""
        held = self.holding
        if held is None or self.source != SOURCE_DISCARD:
            raise IllegalActionError("no card taken from the discard pile to put back")
        self.discard_pile.append(held)
        self.holding = self.source = None
        if self.log is not None:
            self.log[-1]["actions"].pop()
        return held

    # ------------------------------------------------------------------ text form
    def __str__(self) -> str:
        from .text import state_text

        return state_text(self)
