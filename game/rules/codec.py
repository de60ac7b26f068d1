"""The whole game state to and from plain JSON, with validation.

`state_to_dict` is exact (saves use it); `state_from_dict` refuses, with an
InvalidStateError naming the problem, anything the rules could not have produced, so a
damaged or tampered save can never create a forbidden position. `replay_summary` is the
replay command's output, the public face of a position.

The dictionary carries its own format number. An older one is upgraded step by step
(`STATE_STEPS`) before it is read, so a field added to the state never makes an existing
save unreadable: the step that introduces it fills its default.

Format history of the engine state:
  1  the position and the seed; the game record `log` optional (absent: none kept).
  2  (current) `log` always present: the record, or null for a game that keeps none (one
     begun before the record existed, or a copy made without it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from .actions import CELLS, Action, brief
from .editions import edition_named
from .errors import InvalidStateError
from .state import GAME_OVER, OPENING, PHASES, ROUND_OVER, SOURCE_DISCARD, SOURCE_DRAW, TURN, GameState, Options

STATE_FORMAT = 2


class NewerStateFormat(InvalidStateError):
    """A state written by a newer version of the engine: not damaged, but unreadable here."""

    def __init__(self, number: int) -> None:
        super().__init__(
            f"the game state was written by a newer version (state format {number}; this version reads up to {STATE_FORMAT})"
        )
        self.number, self.known = number, STATE_FORMAT


def _state_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    # format 1 left `log` out when no record was kept; format 2 says so with null
    return {**data, "format": 2, "log": data.get("log")}


# step N turns a state of format N into one of format N + 1, filling defaults for what
# format N + 1 added; it returns a new dict and never changes the one it is given
STATE_STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _state_1_to_2}


def upgrade_state(data: dict[str, Any]) -> dict[str, Any]:
    """`data` brought to STATE_FORMAT through the steps; InvalidStateError when its format
    number is missing or unknown, NewerStateFormat when it is newer than this engine's."""
    number = data.get("format")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise InvalidStateError(f"unknown game state format {brief(number)}")
    if number > STATE_FORMAT:
        raise NewerStateFormat(number)
    while number < STATE_FORMAT:
        step = STATE_STEPS.get(number)
        if step is None:
            raise InvalidStateError(f"game state format {number} is too old to read")
        data = step(data)
        number += 1
    return data


def state_to_dict(state: GameState) -> dict[str, Any]:
    data = {
        "format": STATE_FORMAT,
        "edition": state.edition.name,
        "players": state.players,
        "seed": state.seed,
        "options": {"end_score": state.options.end_score, "final_tie": state.options.final_tie},
        "round": state.round,
        "phase": state.phase,
        "participants": list(state.participants),
        "next_participants": list(state.next_participants),
        "tiebreak": state.tiebreak,
        "next_is_tiebreak": state.next_is_tiebreak,
        "tiebreak_rounds": list(state.tiebreak_rounds),
        "cards": [list(row) for row in state.cards],
        "face_up": [list(row) for row in state.face_up],
        "draw_pile": list(reversed(state.draw_pile)),  # top first
        "discard_pile": list(state.discard_pile),  # bottom to top
        "to_act": state.to_act,
        "holding": state.holding,
        "source": state.source,
        "flips_left": list(state.flips_left),
        "tie_seats": list(state.tie_seats),
        "tie_to_flip": list(state.tie_to_flip),
        "trigger": state.trigger,
        "previous_trigger": state.previous_trigger,
        "starter": state.starter,
        "reshuffles": state.reshuffles,
        "removed": [list(item) for item in state.removed],
        "round_scores": [list(row) for row in state.round_scores],
        "totals": list(state.totals),
        "winners": None if state.winners is None else list(state.winners),
        # the game record, null when none is kept; shallow copies: the action lists inside
        # are never changed once recorded
        "log": None
        if state.log is None
        else [{"deck": list(entry["deck"]), "actions": list(entry["actions"])} for entry in state.log],
    }
    return data


class _Reader:
    """Typed field access with one plain message per problem."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise InvalidStateError("a game state must be a JSON object")
        self.data = data

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise InvalidStateError(f"the game state has no {key!r}")
        return self.data[key]

    def int(self, key: str, low: int | None = None, high: int | None = None, nullable: bool = False) -> Any:
        value = self.get(key)
        if value is None and nullable:
            return None
        check_int(value, key, low, high)
        return value

    def bool(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            raise InvalidStateError(f"{key!r} must be true or false")
        return value

    def int_list(self, key: str, low: int | None = None, high: int | None = None, length: int | None = None) -> list[int]:
        value = self.get(key)
        if not isinstance(value, list):
            raise InvalidStateError(f"{key!r} must be a list")
        if length is not None and len(value) != length:
            raise InvalidStateError(f"{key!r} must have {length} entries, not {len(value)}")
        for item in value:
            check_int(item, key, low, high)
        return value


def check_int(value: Any, what: str, low: int | None = None, high: int | None = None) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidStateError(f"{what!r} must hold whole numbers, found {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidStateError(f"{what!r} is out of range: {value}")


def state_from_dict(data: Any) -> GameState:
    """The state in `data` (of any known format, upgraded first), fully validated.
    A state without a record (`log` null) loads; a save that must have one checks
    `state.log` itself (game/store/saves.py)."""
    r = _Reader(data)
    r.get("format")  # "the game state has no 'format'" rather than an unknown format None
    r = _Reader(upgrade_state(r.data))
    try:
        edition = edition_named(r.get("edition"))
        players = r.int("players")
        edition.check_players(players)
        options_data = r.get("options")
        if not isinstance(options_data, dict):
            raise InvalidStateError("'options' must be an object")
        options = Options(options_data.get("end_score", 100), options_data.get("final_tie"))
        options.validate()
    except InvalidStateError:
        raise
    except ValueError as error:
        raise InvalidStateError(str(error)) from None
    state = GameState(edition, players, r.int("seed"), options)
    seats = players - 1
    state.round = r.int("round", 0)
    state.phase = r.get("phase")
    if state.phase not in PHASES:
        raise InvalidStateError(f"unknown phase {state.phase!r}")
    state.participants = tuple(_seat_list(r, "participants", players))
    state.next_participants = tuple(_seat_list(r, "next_participants", players))
    state.tiebreak = r.bool("tiebreak")
    state.next_is_tiebreak = r.bool("next_is_tiebreak")
    state.tiebreak_rounds = r.int_list("tiebreak_rounds", 1, state.round)
    state.cards = _card_rows(r.get("cards"), players)
    state.face_up = _flag_rows(r.get("face_up"), players)
    state.draw_pile = list(reversed(r.int_list("draw_pile", -2, 12)))
    state.discard_pile = r.int_list("discard_pile", -2, 12)
    state.to_act = r.int("to_act", 0, seats, nullable=True)
    state.holding = r.int("holding", -2, 12, nullable=True)
    state.source = r.get("source")
    state.flips_left = r.int_list("flips_left", 0, 2, length=players)
    state.tie_seats = tuple(_seat_list(r, "tie_seats", players, allow_empty=True))
    state.tie_to_flip = _seat_list(r, "tie_to_flip", players, allow_empty=True)
    state.trigger = r.int("trigger", 0, seats, nullable=True)
    state.previous_trigger = r.int("previous_trigger", 0, seats, nullable=True)
    state.starter = r.int("starter", 0, seats, nullable=True)
    state.reshuffles = r.int("reshuffles", 0)
    state.removed = [_removed_item(item, players) for item in _list(r.get("removed"), "removed")]
    state.round_scores = [_score_row(row, players) for row in _list(r.get("round_scores"), "round_scores")]
    state.totals = r.int_list("totals", length=players)
    winners = r.get("winners")
    state.winners = None if winners is None else _seat_list(r, "winners", players)
    check_consistency(state)
    state.log = _read_log(r.get("log"), state)
    if state.log is not None:
        check_log(state)
    return state


def _read_log(value: Any, state: GameState) -> list[dict] | None:
    if value is None:
        return None
    entries = _list(value, "log")
    if len(entries) != state.round:
        raise InvalidStateError(f"the game record has {len(entries)} rounds, the game {state.round}")
    log = []
    for entry in entries:
        if not isinstance(entry, dict):
            raise InvalidStateError("each round of the game record must be an object")
        deck = entry.get("deck")
        if not isinstance(deck, list) or not all(type(card) is int for card in deck):
            raise InvalidStateError("each round of the game record needs its deck")
        try:
            actions = [Action.from_list(item).to_list() for item in _list(entry.get("actions"), "actions")]
        except ValueError as error:
            raise InvalidStateError(f"the game record holds a bad action: {error}") from None
        log.append({"deck": deck, "actions": actions})
    return log


def check_log(state: GameState) -> None:
    """Replay the game record from the seed and refuse a position that does not follow
    from it: a hand-edited save cannot move a card without rewriting the whole game."""
    replayed = GameState(state.edition, state.players, state.seed, state.options)
    try:
        for entry in state.log or ():
            replayed.deal(list(entry["deck"]))
            for item in entry["actions"]:
                replayed.apply(Action.from_list(item))
    except ValueError as error:
        raise InvalidStateError(f"the game record cannot be replayed: {error}") from None
    if state_to_dict(replayed) != state_to_dict(state):
        raise InvalidStateError("the saved position does not follow from its game record")


def _list(value: Any, key: str) -> list:
    if not isinstance(value, list):
        raise InvalidStateError(f"{key!r} must be a list")
    return value


def _seat_list(r: _Reader, key: str, players: int, allow_empty: bool = False) -> list[int]:
    seats = r.int_list(key, 0, players - 1)
    if len(set(seats)) != len(seats) or (not seats and not allow_empty):
        raise InvalidStateError(f"{key!r} must list distinct seats")
    return seats


def _card_rows(value: Any, players: int) -> list[list[int | None]]:
    rows = _list(value, "cards")
    if len(rows) != players or any(not isinstance(row, list) or len(row) != CELLS for row in rows):
        raise InvalidStateError(f"'cards' must hold {players} grids of {CELLS} cells")
    for row in rows:
        for card in row:
            if card is not None:
                check_int(card, "cards", -2, 12)
    return [list(row) for row in rows]


def _flag_rows(value: Any, players: int) -> list[list[bool]]:
    rows = _list(value, "face_up")
    if len(rows) != players or any(not isinstance(row, list) or len(row) != CELLS for row in rows):
        raise InvalidStateError(f"'face_up' must hold {players} grids of {CELLS} flags")
    if any(not isinstance(flag, bool) for row in rows for flag in row):
        raise InvalidStateError("'face_up' must hold true or false")
    return [list(row) for row in rows]


def _removed_item(item: Any, players: int) -> tuple[int, int, int]:
    if not isinstance(item, list) or len(item) != 3:
        raise InvalidStateError("'removed' entries must be [seat, col, value]")
    check_int(item[0], "removed", 0, players - 1)
    check_int(item[1], "removed", 0, 3)
    check_int(item[2], "removed", -2, 12)
    return (item[0], item[1], item[2])


def _score_row(row: Any, players: int) -> list[int | None]:
    if not isinstance(row, list) or len(row) != players:
        raise InvalidStateError(f"each round's scores must list {players} seats")
    for score in row:
        if score is not None:
            check_int(score, "round_scores")
    return list(row)


def check_consistency(state: GameState) -> None:
    """Raise InvalidStateError unless `state` is one the rules could produce."""
    problem = _inconsistency(state)
    if problem:
        raise InvalidStateError(problem)


def _inconsistency(state: GameState) -> str | None:  # noqa: C901 - one check per line reads best
    seats = set(state.participants)
    if state.round == 0:
        return None if state.phase == ROUND_OVER and not state.round_scores else "a game in round 0 has not begun"
    cards_seen = Counter(state.draw_pile) + Counter(state.discard_pile)
    for seat in range(state.players):
        for card, up in zip(state.cards[seat], state.face_up[seat]):
            if card is not None:
                if seat not in seats:
                    return f"seat {seat} holds cards but does not play this round"
                cards_seen[card] += 1
            elif up:
                return f"seat {seat} has a removed position marked face-up"
    if state.holding is not None:
        cards_seen[state.holding] += 1
    if cards_seen != Counter(state.edition.card_counts):
        return f"the cards in play are not exactly the {state.edition.deck_size()} cards of {state.edition.title}"
    if not state.discard_pile and state.source != SOURCE_DISCARD:
        return "the discard pile is empty, yet nobody has just taken its last card"
    if state.phase in (OPENING, TURN):
        if state.to_act not in seats:
            return "the seat to act does not play this round"
    elif state.to_act is not None or state.holding is not None:
        return "nobody acts once a round is over"
    if state.phase == OPENING and (state.holding is not None or state.trigger is not None):
        return "nobody holds a card or triggers the end during the opening flips"
    if state.phase == TURN:
        if (state.holding is None) != (state.source is None):
            return "a held card must come from the draw or the discard pile"
        if state.source not in (None, SOURCE_DRAW, SOURCE_DISCARD):
            return f"unknown source {state.source!r}"
        if any(state.flips_left[s] for s in seats) or state.tie_to_flip:
            return "turns cannot start before every opening flip is made"
        if state.trigger is not None and state.face_down_count(state.trigger) != 0:
            return "the trigger still has a face-down card"
    if state.tie_to_flip and not set(state.tie_to_flip) <= set(state.tie_seats):
        return "start-tie flips must come from tied seats"
    if len(state.round_scores) != state.round - (0 if state.phase in (ROUND_OVER, GAME_OVER) else 1):
        return "the number of scored rounds does not match the round number"
    totals = [0] * state.players
    for number, row in enumerate(state.round_scores, start=1):
        if number not in state.tiebreak_rounds:
            if any(score is None for score in row):
                return f"round {number} has a seat without a score"
            totals = [t + s for t, s in zip(totals, row)]  # type: ignore[operator]
    if totals != state.totals:
        return "the totals are not the sum of the round scores"
    if (state.winners is not None) != (state.phase == GAME_OVER):
        return "winners are named when, and only when, the game is over"
    return None


def replay_summary(state: GameState) -> dict[str, Any]:
    """The replay command's output object."""
    return {
        "edition": state.edition.name,
        "round": state.round,
        "phase": state.phase,
        "to_act": state.to_act,
        "holding": state.holding,
        "trigger": state.trigger,
        "discard_top": state.discard_top,
        "draw_pile": len(state.draw_pile),
        "discard_pile": len(state.discard_pile),
        "grids": [state.grid_cells(seat) for seat in range(state.players)],
        "round_scores": [list(row) for row in state.round_scores],
        "totals": list(state.totals),
        "winners": None if state.winners is None else list(state.winners),
    }
