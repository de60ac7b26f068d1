"""Scenario files: play a recorded game through the engine (the engine's public test
interface, and the format of bug reports and game logs; see docs/replay.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules import (
    DEFAULT_END_SCORE,
    EDITIONS,
    Action,
    Edition,
    GameState,
    IllegalActionError,
    Options,
    edition_named,
    replay_summary,
)
from game.rules.actions import brief
from game.rules.state import GAME_OVER, ROUND_OVER

MESSAGE_LIMIT = 300  # characters: a message may quote the file (an edition's name, say)


@dataclass
class ScenarioError(Exception):
    message: str
    round: int | None = None
    action: int | None = None
    state: GameState | None = None

    def __post_init__(self) -> None:
        self.message = _bounded(self.message)
        self.args = (self.message,)  # str(error) is the message

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": {"round": self.round, "action": self.action, "message": self.message}}
        if self.state is not None and self.state.round >= 1:
            out["state"] = replay_summary(self.state)
        return out


def _bounded(message: str) -> str:
    """One short line, whatever a message quotes (the last guard: values are `brief` already)."""
    line = " ".join(message[: 2 * MESSAGE_LIMIT].split())
    if len(line) <= MESSAGE_LIMIT and len(message) <= 2 * MESSAGE_LIMIT:
        return line
    return line[: MESSAGE_LIMIT - 3] + "..."


def _field(data: dict, key: str, kind: type | tuple, what: str) -> Any:
    if key not in data:
        raise ScenarioError(f"the scenario has no {key!r} ({what})")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ScenarioError(f"{key!r} must be {what}, not {brief(value)}")
    return value


def game_from_scenario(data: Any, record_events: bool = True) -> GameState:
    """A game with nothing dealt, from a scenario's header. `record_events=False` keeps
    neither events nor the game record (the replay command needs only the position, and a
    long scenario would otherwise hold every event in memory)."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object")
    try:
        edition = _edition(data)
        players = _field(data, "players", int, "a whole number of players")
        if not edition.min_players <= players <= edition.max_players:  # checked here to quote it briefly
            raise ScenarioError(f"{edition.title} is for {edition.min_players} to {edition.max_players} players, "
                                f"not {brief(players)}")
        seed = data.get("seed", 0)  # a fixed default keeps every scenario reproducible
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ScenarioError(f"'seed' must be a whole number, not {brief(seed)}")
        options_data = data.get("options", {})
        if not isinstance(options_data, dict):
            raise ScenarioError("'options' must be an object like {\"end_score\": 100, \"final_tie\": \"share\"}")
        unknown = set(options_data) - {"end_score", "final_tie"}
        if unknown:
            raise ScenarioError(f"unknown option {brief(sorted(unknown)[0])}; options are end_score and final_tie")
        options = Options(options_data.get("end_score", DEFAULT_END_SCORE), options_data.get("final_tie"))
        return GameState(edition, players, seed, options, record_events)
    except ScenarioError:
        raise
    except ValueError as error:
        raise ScenarioError(str(error)) from None


def _edition(data: dict) -> type[Edition]:
    name = _field(data, "edition", str, " or ".join(f'"{known}"' for known in EDITIONS))
    if name not in EDITIONS:  # checked here to quote the name briefly: a file may hold any string
        raise ScenarioError(f"unknown edition {brief(name)}; known editions: {', '.join(sorted(EDITIONS))}")
    return edition_named(name)


def play_scenario(data: Any, record_events: bool = True) -> GameState:
    """Play every round of the scenario; raises ScenarioError at the first problem."""
    state = game_from_scenario(data, record_events)
    rounds = _field(data, "rounds", list, "a list of rounds")
    for number, entry in enumerate(rounds, start=1):
        _play_round(state, number, entry)
    return state


def _play_round(state: GameState, number: int, entry: Any) -> None:
    if state.phase == GAME_OVER:
        raise ScenarioError("the game is already over; no more rounds can be played", number, None, state)
    if state.phase != ROUND_OVER:
        raise ScenarioError(f"round {number} cannot start: round {state.round} is not over", number, None, state)
    if not isinstance(entry, dict):
        raise ScenarioError(f"round {number} must be an object with 'deck' and 'actions'", number, None, state)
    deck = entry.get("deck")
    try:
        state.deal(deck)
    except (ValueError, IllegalActionError) as error:
        raise ScenarioError(str(error), number, None, state) from None
    actions = entry.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError("'actions' must be a list", number, None, state)
    for index, item in enumerate(actions):
        if state.phase == GAME_OVER:
            raise ScenarioError("the game is over; no more actions can be played", number, index, state)
        try:
            state.apply(Action.from_list(item))
        except ValueError as error:  # IllegalActionError is a ValueError too
            raise ScenarioError(str(error), number, index, state) from None
