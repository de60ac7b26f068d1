"""The state of a Skyjo game (the OpenSpiel "State" half).

One `GameState` holds a whole multi-round game. Legality (`legal_actions`, `why_illegal`)
is separate from applying (`apply`); `apply` refuses an illegal action with an
`IllegalActionError` and leaves the state untouched. Chance is explicit: every shuffle and
random choice draws from a generator derived from the game's seed and what it is for, so
a game replays exactly from its seed and its actions.

Grids are stored per seat as 12 cells in reading order (index = row * 4 + col): `cards`
holds the value (None once removed), `face_up` whether it shows. Piles keep their top at
the end of the list, so drawing is a cheap `pop()`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import events as ev
from .actions import (
    ACTION_TABLE,
    CELLS,
    COLS,
    DRAW,
    FLIP,
    INTERNED,
    REPLACE,
    REVEAL,
    ROWS,
    TAKE,
    Action,
    brief,
    shape_problem,
)
from .editions import FINAL_TIE_CHOICES, Edition, edition_named
from .errors import IllegalActionError

OPENING = "opening"
TURN = "turn"
ROUND_OVER = "round_over"
GAME_OVER = "game_over"
PHASES = (OPENING, TURN, ROUND_OVER, GAME_OVER)

SOURCE_DRAW = "draw"
SOURCE_DISCARD = "discard"

OPENING_FLIPS = 2
COLUMN_CELLS = tuple(tuple(col + COLS * row for row in range(ROWS)) for col in range(COLS))


@dataclass(frozen=True, slots=True)
class Options:
    """The named rulings a player can choose in the setup screen (RULES.md)."""

    end_score: int = 100
    final_tie: str | None = None  # None: the edition's default

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

    def to_dict(self, edition: type[Edition]) -> dict:
        return {"end_score": self.end_score, "final_tie": self.final_tie_for(edition)}


class GameState:
    """A whole game: rounds, totals and the round in play."""

    # ------------------------------------------------------------------ creation
    def __init__(
        self,
        edition: str | type[Edition] = "voyage",
        players: int = 2,
        seed: int | None = None,
        options: Options | None = None,
        record_events: bool = True,
    ) -> None:
        self.edition = edition_named(edition) if isinstance(edition, str) else edition
        self.edition.check_players(players)
        self.options = options or Options()
        self.options.validate()
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)
        self.players = players
        self.seed = seed
        self.record_events = record_events
        self.events: list[ev.Event] = []
        # The game record, like a chess move stack: per round the deck as dealt (top first)
        # and the actions played, kept in their JSON form ([seat, verb, col, row] lists) so a
        # save copies it at C speed. None when not kept (search copies, benchmarks).
        self.log: list[dict] | None = [] if record_events else None
        self.round = 0
        self.phase = ROUND_OVER  # nothing dealt yet; `deal` starts round 1
        self.participants: tuple[int, ...] = tuple(range(players))
        self.next_participants: tuple[int, ...] = self.participants
        self.tiebreak = False
        self.next_is_tiebreak = False
        self.tiebreak_rounds: list[int] = []
        self.cards: list[list[int | None]] = [[None] * CELLS for _ in range(players)]
        self.face_up: list[list[bool]] = [[False] * CELLS for _ in range(players)]
        self.draw_pile: list[int] = []
        self.discard_pile: list[int] = []
        self.to_act: int | None = None
        self.holding: int | None = None
        self.source: str | None = None
        self.flips_left: list[int] = [0] * players
        self.tie_seats: tuple[int, ...] = ()  # Classic: seats tied for the start
        self.tie_to_flip: list[int] = []  # ... who still flip in this pass
        self.trigger: int | None = None
        self.previous_trigger: int | None = None
        self.starter: int | None = None
        self.reshuffles = 0
        self.removed: list[tuple[int, int, int]] = []  # (seat, col, value) this round
        self.round_scores: list[list[int | None]] = []
        self.totals: list[int] = [0] * players
        self.winners: list[int] | None = None

    @classmethod
    def new_game(
        cls,
        edition: str | type[Edition] = "voyage",
        players: int = 2,
        seed: int | None = None,
        options: Options | None = None,
        deck: list[int] | None = None,
        record_events: bool = True,
    ) -> GameState:
        """A game with its first round dealt."""
        state = cls(edition, players, seed, options, record_events)
        state.deal(deck)
        return state

    def clone(self, record_events: bool = False) -> GameState:
        """An independent copy. Pending events are not copied; the game record is copied
        only for a copy that records (search copies skip it, it is the costly part)."""
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.record_events = record_events
        other.events = []
        other.log = None
        if record_events and self.log is not None:
            other.log = [{"deck": entry["deck"], "actions": list(entry["actions"])} for entry in self.log]
        other.cards = [list(row) for row in self.cards]
        other.face_up = [list(row) for row in self.face_up]
        other.draw_pile = list(self.draw_pile)
        other.discard_pile = list(self.discard_pile)
        other.flips_left = list(self.flips_left)
        other.tie_to_flip = list(self.tie_to_flip)
        other.removed = list(self.removed)
        other.round_scores = [list(row) for row in self.round_scores]
        other.totals = list(self.totals)
        other.tiebreak_rounds = list(self.tiebreak_rounds)
        other.winners = None if self.winners is None else list(self.winners)
        return other

    # ------------------------------------------------------------------ chance
    def chance(self, purpose: str, number: int = 0) -> random.Random:
        """The generator for one chance event. Derived from the seed, the round and the
        purpose (string seeds are hashed with SHA-512 by `random`, so this is stable across
        runs and platforms), which keeps the serialised state free of generator internals."""
        return random.Random(f"skyjo:{self.seed}:{self.round}:{purpose}:{number}")

    def _emit(self, event: ev.Event) -> None:
        if self.record_events:
            self.events.append(event)

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
            self.chance("deal").shuffle(deck)
        else:
            if not isinstance(deck, list) or not all(type(c) is int for c in deck):
                raise ValueError("the deck must be a list of whole-number card values")
            if not self.edition.is_full_deck(deck):
                raise ValueError(_deck_mismatch(self.edition, deck))
        if self.log is not None:
            self.log.append({"deck": list(deck), "actions": []})
        self.round += 1
        self.participants = self.next_participants
        self.tiebreak = self.next_is_tiebreak
        if self.tiebreak:
            self.tiebreak_rounds.append(self.round)
        self.previous_trigger = self.trigger
        self.trigger = None
        self.starter = None
        self.reshuffles = 0
        self.removed = []
        self.holding = None
        self.source = None
        self.tie_seats = ()
        self.tie_to_flip = []
        self.cards = [[None] * CELLS for _ in range(self.players)]
        self.face_up = [[False] * CELLS for _ in range(self.players)]
        self.flips_left = [0] * self.players
        position = 0
        for seat in self.participants:
            self.cards[seat] = list(deck[position : position + CELLS])
            self.flips_left[seat] = OPENING_FLIPS
            position += CELLS
        self.discard_pile = [deck[position]]
        self.draw_pile = list(reversed(deck[position + 1 :]))
        self.phase = OPENING
        self.to_act = self.participants[0]
        self._emit(
            ev.RoundDealt(self.round, self.participants, self.discard_pile[-1], len(self.draw_pile), self.tiebreak)
        )

    # ------------------------------------------------------------------ queries
    @property
    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def current_player(self) -> int | None:
        return self.to_act

    def returns(self) -> list[float]:
        """Per seat: 1/k for each of k winners, 0 otherwise; all 0 before the game is over."""
        out = [0.0] * self.players
        for seat in self.winners or ():
            out[seat] = 1 / len(self.winners)  # type: ignore[arg-type]
        return out

    @property
    def discard_top(self) -> int | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def face_down_count(self, seat: int) -> int:
        # removed cells are None and never face-up, so they are the only other False flags
        return self.face_up[seat].count(False) - self.cards[seat].count(None)

    def visible_sum(self, seat: int) -> int:
        cards, up = self.cards[seat], self.face_up[seat]
        return sum(cards[i] for i in range(CELLS) if up[i] and cards[i] is not None)  # type: ignore[misc]

    def cell(self, seat: int, col: int, row: int) -> int | str | None:
        """The replay format's cell: the value if face-up, "?" if face-down, None if removed."""
        value = self.cards[seat][row * COLS + col]
        if value is None:
            return None
        return value if self.face_up[seat][row * COLS + col] else "?"

    def grid_cells(self, seat: int) -> list[list[int | str | None]]:
        return [[self.cell(seat, col, row) for col in range(COLS)] for row in range(ROWS)]

    # ------------------------------------------------------------------ legality
    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        cards, up = self.cards[seat], self.face_up[seat]
        if self.phase == OPENING:
            flips = ACTION_TABLE.at(seat, FLIP)
            return [flips[i] for i in range(CELLS) if not up[i] and cards[i] is not None]
        if self.holding is None:
            return ACTION_TABLE.choose(seat) if self.draw_pile else ACTION_TABLE.take_only(seat)
        replaces = ACTION_TABLE.at(seat, REPLACE)
        whole = None not in cards
        out = list(replaces) if whole else [replaces[i] for i in range(CELLS) if cards[i] is not None]
        if self.source == SOURCE_DRAW and False in up:
            reveals = ACTION_TABLE.at(seat, REVEAL)
            if whole:
                out += [reveals[i] for i in range(CELLS) if not up[i]]
            else:
                out += [reveals[i] for i in range(CELLS) if not up[i] and cards[i] is not None]
        return out

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        """None if `action` is legal now, else a plain sentence naming the rule it breaks
        (a malformed action, such as a bool seat or a position on `draw`, is never legal)."""
        if id(action) not in INTERNED:  # an interned action is well-formed: the hot loop skips this
            problem = shape_problem(action)
            if problem is not None:
                return problem
        if self.phase == GAME_OVER:
            return "the game is over"
        if self.phase == ROUND_OVER:
            return "the round is over; the next round must be dealt first"
        seat, verb = action.seat, action.verb
        if seat != self.to_act:
            return f"it is seat {self.to_act}'s turn to act, not seat {brief(seat)}'s"
        if self.phase == OPENING:
            return self._why_illegal_flip(action)
        if verb == FLIP:
            return "flipping a card freely is only done at the start of the round; draw or take the discard"
        if verb in (DRAW, TAKE):
            if self.holding is not None:
                return f"seat {seat} already holds a {self.holding}; replace a card with it" + (
                    " or discard it and reveal a card" if self.source == SOURCE_DRAW else ""
                )
            if verb == DRAW and not self.draw_pile:
                return "the draw pile is empty"
            return None
        if self.holding is None:
            return f"seat {seat} holds no card; draw or take the discard first"
        index = action.index
        if self.cards[seat][index] is None:
            return f"position ({action.col},{action.row}) is empty: its column was removed"
        if verb == REVEAL:
            if self.source == SOURCE_DISCARD:
                return "a card taken from the discard pile cannot be discarded back; replace a card with it"
            if self.face_up[seat][index]:
                return f"position ({action.col},{action.row}) is already face-up; reveal a face-down card"
        return None

    def _why_illegal_flip(self, action: Action) -> str | None:
        if action.verb != FLIP:
            what = "one more card to break the tie for the start" if self.tie_to_flip else "two cards"
            return f"the round has not started: seat {action.seat} must first flip {what}"
        index = action.index
        if self.cards[action.seat][index] is None:
            return f"position ({action.col},{action.row}) is empty: its column was removed"
        if self.face_up[action.seat][index]:
            return f"position ({action.col},{action.row}) is already face-up; flip a face-down card"
        return None

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action) -> None:
        """Play `action`, or raise IllegalActionError and change nothing."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(reason)
        if self.log is not None:
            self.log[-1]["actions"].append(action.to_list())
        verb = action.verb
        if verb == FLIP:
            self._flip(action.seat, action.index)
        elif verb == DRAW:
            self.holding = self.draw_pile.pop()
            self.source = SOURCE_DRAW
            self._emit(ev.CardDrawn(action.seat, self.holding))
        elif verb == TAKE:
            self.holding = self.discard_pile.pop()
            self.source = SOURCE_DISCARD
            self._emit(ev.DiscardTaken(action.seat, self.holding))
        elif verb == REPLACE:
            self._replace(action.seat, action.index)
        else:
            self._reveal(action.seat, action.index)

    apply_action = apply  # OpenSpiel's name

    def _flip(self, seat: int, index: int) -> None:
        self.face_up[seat][index] = True
        self._emit(ev.CardFlipped(seat, index % COLS, index // COLS, self.cards[seat][index]))  # type: ignore[arg-type]
        self._remove_column_if_complete(seat, index % COLS)
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

    def _replace(self, seat: int, index: int) -> None:
        cards, up = self.cards[seat], self.face_up[seat]
        old, was_up = cards[index], up[index]
        cards[index] = self.holding
        up[index] = True
        self.discard_pile.append(old)  # type: ignore[arg-type]
        self._emit(ev.CardReplaced(seat, index % COLS, index // COLS, self.holding, old, was_up, self.source))  # type: ignore[arg-type]
        self.holding = None
        self.source = None
        self._end_turn(seat, index % COLS)

    def _reveal(self, seat: int, index: int) -> None:
        self.discard_pile.append(self.holding)  # type: ignore[arg-type]
        self._emit(ev.CardDiscarded(seat, self.holding))  # type: ignore[arg-type]
        self.holding = None
        self.source = None
        self.face_up[seat][index] = True
        self._emit(ev.CardRevealed(seat, index % COLS, index // COLS, self.cards[seat][index]))  # type: ignore[arg-type]
        self._end_turn(seat, index % COLS)

    def _remove_column_if_complete(self, seat: int, col: int) -> bool:
        cards, up = self.cards[seat], self.face_up[seat]
        a, b, c = COLUMN_CELLS[col]
        value = cards[a]
        if value is None or not (up[a] and up[b] and up[c]) or cards[b] != value or cards[c] != value:
            return False
        cards[a] = cards[b] = cards[c] = None
        up[a] = up[b] = up[c] = False  # a gap is neither face-up nor face-down
        self.discard_pile.extend((value, value, value))
        self.removed.append((seat, col, value))
        self._emit(ev.ColumnRemoved(seat, col, value))
        return True

    # ------------------------------------------------------------------ turn order
    def _next_seat(self, seat: int) -> int:
        seats = self.participants
        return seats[(seats.index(seat) + 1) % len(seats)]

    def _choose_starter(self) -> None:
        if self.previous_trigger is not None and self.previous_trigger in self.participants and self.round > 1:
            self._start_turns(self.previous_trigger, "trigger")
            return
        sums = {seat: self.visible_sum(seat) for seat in self.participants}
        best = max(sums.values())
        tied = [seat for seat in self.participants if sums[seat] == best]
        if len(tied) == 1:
            self._start_turns(tied[0], "highest")
        elif self.edition.starter_tie_flips():
            self._begin_tie_flips(tied)
        else:
            self._start_turns(self.edition.pick_tied_starter(tied, self.chance("starter")), "random")

    def _begin_tie_flips(self, tied: list[int]) -> None:
        self.tie_seats = tuple(tied)
        self.tie_to_flip = list(tied)
        self.to_act = tied[0]
        self._emit(ev.StartTieFlips(self.tie_seats))

    def _settle_start_tie(self, tied: list[int]) -> None:
        sums = {seat: self.visible_sum(seat) for seat in tied}
        best = max(sums.values())
        still = [seat for seat in tied if sums[seat] == best]
        self.tie_seats = ()
        if len(still) == 1:
            self._start_turns(still[0], "flips")
        elif any(self.face_down_count(seat) == 0 for seat in still):
            self._start_turns(self.edition.pick_tied_starter(still, self.chance("starter")), "random")
        else:
            self._begin_tie_flips(still)

    def _start_turns(self, seat: int, reason: str) -> None:
        self.starter = seat
        self.phase = TURN
        self.to_act = seat
        self._emit(ev.StarterChosen(seat, reason))
        self._emit(ev.TurnStarted(seat, False))

    def _end_turn(self, seat: int, col: int) -> None:
        self._remove_column_if_complete(seat, col)
        if self.trigger is None and self.face_down_count(seat) == 0:
            self.trigger = seat
            self._emit(ev.EndTriggered(seat))
        if not self.draw_pile:
            self._reshuffle()
        following = self._next_seat(seat)
        if following == self.trigger:
            self._score_round()
            return
        self.to_act = following
        self._emit(ev.TurnStarted(following, self.trigger is not None))

    def _reshuffle(self) -> None:
        if len(self.discard_pile) < 2:
            return  # nothing under the top card; drawing stays impossible until there is
        top = self.discard_pile.pop()
        pile = self.discard_pile
        self.reshuffles += 1
        self.chance("reshuffle", self.reshuffles).shuffle(pile)
        self.draw_pile = pile
        self.discard_pile = [top]
        self._emit(ev.PileReshuffled(len(pile), top))

    # ------------------------------------------------------------------ scoring
    def _score_round(self) -> None:
        self.to_act = None
        for seat in self.participants:
            cards, up = self.cards[seat], self.face_up[seat]
            for index in range(CELLS):
                if cards[index] is not None and not up[index]:
                    up[index] = True
                    self._emit(ev.FinalReveal(seat, index % COLS, index // COLS, cards[index]))  # type: ignore[arg-type]
            for col in range(COLS):
                self._remove_column_if_complete(seat, col)
        raw: list[int | None] = [None] * self.players
        for seat in self.participants:
            raw[seat] = sum(card for card in self.cards[seat] if card is not None)
        scores = list(raw)
        trigger = self.trigger
        assert trigger is not None
        doubled = None
        if should_double(raw[trigger], [raw[s] for s in self.participants if s != trigger]):  # type: ignore[arg-type]
            scores[trigger] = 2 * raw[trigger]  # type: ignore[operator]
            doubled = trigger
        self.round_scores.append(scores)
        if not self.tiebreak:
            for seat in self.participants:
                self.totals[seat] += scores[seat]  # type: ignore[operator]
        self._emit(
            ev.RoundScored(self.round, tuple(raw), tuple(scores), doubled, trigger, tuple(self.totals), self.tiebreak)
        )
        self._decide_game_end(scores)

    def _decide_game_end(self, scores: list[int | None]) -> None:
        if self.tiebreak:
            best = min(scores[s] for s in self.participants)  # type: ignore[type-var]
            leaders = [s for s in self.participants if scores[s] == best]
        elif max(self.totals) >= self.options.end_score:
            best = min(self.totals)
            leaders = [s for s in range(self.players) if self.totals[s] == best]
        else:
            self.phase = ROUND_OVER
            self.next_participants = tuple(range(self.players))
            self.next_is_tiebreak = False
            return
        if len(leaders) == 1 or self.options.final_tie_for(self.edition) == "share":
            self.phase = GAME_OVER
            self.winners = leaders
            self._emit(ev.GameOver(tuple(leaders), tuple(self.totals)))
            return
        self.phase = ROUND_OVER
        self.next_participants = tuple(leaders)
        self.next_is_tiebreak = True
        self._emit(ev.TiebreakNeeded(tuple(leaders)))

    def record(self) -> dict:
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

    # ------------------------------------------------------------------ text form
    def __str__(self) -> str:
        from .text import state_text

        return state_text(self)


def should_double(trigger_score: int, other_scores: list[int]) -> bool:
    """RULES.md 6.3: the trigger's score doubles when it is positive and not strictly lower
    than every other player's score (a tie with the best opponent doubles too)."""
    if trigger_score <= 0:
        return False
    return not all(trigger_score < other for other in other_scores)


def _deck_mismatch(edition: type[Edition], deck: list[int]) -> str:
    from collections import Counter

    want, got = Counter(edition.card_counts), Counter(deck)
    problems = []
    for value in sorted(set(want) | set(got)):
        if want[value] != got[value]:
            problems.append(f"{got[value]} of {brief(value)} instead of {want[value]}")
    head = f"the deck must hold exactly the {edition.deck_size()} cards of {edition.title}, got {len(deck)}"
    return head + ": " + "; ".join(problems[:5]) + ("; ..." if len(problems) > 5 else "")
