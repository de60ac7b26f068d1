"""The whole game state to and from plain JSON, with validation.

`state_to_dict` is exact (saves use it); `state_from_dict` refuses, with an
InvalidStateError naming the problem, anything the rules could not have produced, so a
damaged or tampered save can never create a forbidden position. `replay_summary` is the
replay command's output, the public face of a position.

The facts of the position are written, read and checked from their declarations in
position.py (`FIELDS`), in that order, between the game's identity and its record.

The dictionary carries its own format number. An older one is upgraded step by step
(`STATE_STEPS`) before it is read, so a field added to the state never makes an existing
save unreadable: the step that introduces it fills its declared default (`with_defaults`).

Format history of the engine state:
  1  the position and the seed; the game record `log` optional (absent: none kept).
  2  (current) `log` always present: the record, or null for a game that keeps none (one
     begun before the record existed, or a copy made without it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from .actions import COLS, ROWS, Action, brief
from .editions import MOST_PLAYERS, Edition, edition_named
from .errors import InvalidStateError
from .facts import whole
from .options import Options
from .position import FIELDS, GAME_OVER, OPENING, ROUND_OVER, SOURCE_DISCARD, TURN, check_facts
from .state import GameState

STATE_FORMAT = 2


class NewerStateFormat(InvalidStateError):
    """A state written by a newer version of the engine: not damaged, but unreadable here."""

    def __init__(self, number: int) -> None:
        super().__init__(
            f"the game state was written by a newer version (state format {number}; "
            f"this version reads up to {STATE_FORMAT})"
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
    return run_steps(data, number, STATE_FORMAT, STATE_STEPS,
                     lambda old: InvalidStateError(f"game state format {old} is too old to read"))


def run_steps(data: dict[str, Any], number: int, current: int,
              steps: dict[int, Callable[[dict[str, Any]], dict[str, Any]]],
              too_old: Callable[[int], Exception]) -> dict[str, Any]:
    """Apply the upgrade steps from format `number` up to `current`, one at a time (the
    engine state's and the store's documents both migrate this way); `too_old(n)` is raised
    when no step leaves format n."""
    while number < current:
        step = steps.get(number)
        if step is None:
            raise too_old(number)
        data = step(data)
        number += 1
    return data


def with_defaults(data: dict[str, Any], number: int, *names: str) -> dict[str, Any]:
    """What a step usually does: `data` as format `number`, with the facts `names` (new in
    that format) at their default from position.py. Returns a new dict."""
    players = data.get("players")
    if type(players) is not int or not 1 <= players <= MOST_PLAYERS:
        players = 0  # refused when read anyway; no per-seat default sized by a bad number
    fields = {field.name: field for field in FIELDS}
    return {**data, "format": number, **{name: fields[name].kind.write(fields[name].fresh(players)) for name in names}}


# the facts with their JSON form, in the order of the keys
_WRITERS = tuple((field.name, field.kind.write) for field in FIELDS)


def state_to_dict(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": STATE_FORMAT,
        "edition": state.edition.name,
        "players": state.players,
        "seed": state.seed,
        "options": {"end_score": state.options.end_score, "final_tie": state.options.final_tie},
    }
    for name, write in _WRITERS:
        data[name] = write(getattr(state, name))
    # the game record, null when none is kept; shallow copies: the action lists inside are
    # never changed once recorded
    data["log"] = None if state.log is None else [
        {"deck": list(entry["deck"]), "actions": list(entry["actions"])} for entry in state.log
    ]
    return data


def _required(data: dict[str, Any], key: str) -> Any:
    if key not in data:
        raise InvalidStateError(f"the game state has no {key!r}")
    return data[key]


def state_from_dict(data: Any) -> GameState:
    """The state in `data` (of any known format, upgraded first), fully validated.
    A state without a record (`log` null) loads; a save that must have one checks
    `state.log` itself (game/store/saves.py)."""
    if not isinstance(data, dict):
        raise InvalidStateError("a game state must be a JSON object")
    _required(data, "format")  # "the game state has no 'format'" rather than an unknown format None
    data = upgrade_state(data)
    edition, players, options = _identity(data)
    seed = _required(data, "seed")
    whole()(seed, "seed", players)
    facts = {field.name: field.read(_required(data, field.name), players) for field in FIELDS}
    state = GameState.from_position(edition, players, seed, options, **facts)
    _raise_if(_inconsistency(state))
    state.log = _read_log(_required(data, "log"), state)
    if state.log is not None:
        check_log(state)
    return state


def _identity(data: dict[str, Any]) -> tuple[type[Edition], int, Options]:
    """The edition, seat count and options, which every other field is read against."""
    try:
        edition = edition_named(_required(data, "edition"))
        players = _required(data, "players")
        whole()(players, "players", 0)
        edition.check_players(players)
        options_data = _required(data, "options")
        if not isinstance(options_data, dict):
            raise InvalidStateError("'options' must be an object")
        options = Options(options_data.get("end_score", 100), options_data.get("final_tie"))
        options.validate()
    except InvalidStateError:
        raise
    except ValueError as error:
        raise InvalidStateError(str(error)) from None
    return edition, players, options


def _read_log(value: Any, state: GameState) -> list[dict[str, Any]] | None:
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


def _list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidStateError(f"{key!r} must be a list")
    return value


def check_consistency(state: GameState) -> None:
    """Raise InvalidStateError unless `state` is one the rules could produce: every fact a
    value its declaration accepts (position.py), and the facts in agreement."""
    check_facts(state)
    _raise_if(_inconsistency(state))


def _raise_if(problem: str | None) -> None:
    if problem:
        raise InvalidStateError(problem)


def _inconsistency(state: GameState) -> str | None:
    """What ties the facts together, given each fact holds a value of its own kind."""
    if state.round == 0:
        return None if state.phase == ROUND_OVER and not state.round_scores else "a game in round 0 has not begun"
    for problem_in in (_cards_problem, _turn_problem, _scores_problem):
        problem = problem_in(state)
        if problem:
            return problem
    return None


def _cards_problem(state: GameState) -> str | None:
    """Every card of the edition is somewhere, once: grids, piles or the hand."""
    seats = set(state.participants)
    cards_seen = Counter(state.draw_pile) + Counter(state.discard_pile)
    for seat in range(state.players):
        for card, up in zip(state.cards[seat], state.face_up[seat]):
            if card is not None:
                if seat not in seats:
                    return f"seat {seat} holds cards but does not play this round"
                cards_seen[card] += 1
            elif up:
                return f"seat {seat} has a removed position marked face-up"
    gaps = {(seat, index) for seat in seats for index, card in enumerate(state.cards[seat]) if card is None}
    removed = {(seat, col + row * COLS) for seat, col, _value in state.removed for row in range(ROWS)}
    if gaps != removed:  # (the engine relies on it: it looks for gaps only once a column was removed)
        return "the gaps in the grids are not exactly the columns removed this round"
    if state.holding is not None:
        cards_seen[state.holding] += 1
    if cards_seen != Counter(state.edition.card_counts):
        return f"the cards in play are not exactly the {state.edition.deck_size()} cards of {state.edition.title}"
    if not state.discard_pile and state.source != SOURCE_DISCARD:
        return "the discard pile is empty, yet nobody has just taken its last card"
    return None


def _turn_problem(state: GameState) -> str | None:
    """Who acts, what is held, the opening flips and the trigger, as the phase allows."""
    seats = set(state.participants)
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
        if any(state.flips_left[s] for s in seats) or state.tie_to_flip:
            return "turns cannot start before every opening flip is made"
        if state.trigger is not None and state.face_down_count(state.trigger) != 0:
            return "the trigger still has a face-down card"
    if state.tie_to_flip and not set(state.tie_to_flip) <= set(state.tie_seats):
        return "start-tie flips must come from tied seats"
    return None


def _scores_problem(state: GameState) -> str | None:
    """One row of scores per round played, totals their sum over the rounds that count."""
    if len(state.round_scores) != state.round - (0 if state.phase in (ROUND_OVER, GAME_OVER) else 1):
        return "the number of scored rounds does not match the round number"
    if any(number > state.round for number in state.tiebreak_rounds):
        return "a tie-break round comes after the round in play"
    totals = [0] * state.players
    for number, row in enumerate(state.round_scores, start=1):
        if number not in state.tiebreak_rounds:
            scores = [score for score in row if score is not None]
            if len(scores) != len(row):
                return f"round {number} has a seat without a score"
            totals = [total + score for total, score in zip(totals, scores)]
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
