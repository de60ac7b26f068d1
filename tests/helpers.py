"""Helpers shared by the tests: input events for a scene tested alone, what a screen wrote
(its inks), "twin" positions for the information tests, finished games and inline computer
players. (The app itself is the `app` fixture of conftest.py, driven by the Pilot of
tests/pilot.py; rounds built card by card are in scenario_tools.py.)

pygame is imported inside the helpers that need it only, so engine tests can use this module
without loading it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.ai import make_bot
from game.rules import CELLS, COLS, ROWS, Action, GameState, SeatView, check_consistency


def corrupt_files(folder: Any) -> list[Any]:
    """The damaged files the store moved aside in `folder` (`<name>.corrupt-<when>`), in name order."""
    return sorted(path for path in folder.iterdir() if ".corrupt-" in path.name)


def key_event(code: int, mod: int = 0) -> Any:
    """A KEYDOWN event for `code` (with the modifier keys `mod`), shaped like the ones SDL sends."""
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def hidden_twin(state: GameState, rng: random.Random) -> GameState:
    """A copy of `state` in which the face-down cards of every grid and the draw pile are
    dealt anew from the same hidden cards: a different world, but the same position for
    everybody at the table (docs/rules.md §12). Checked to be a position the rules allow."""
    twin = state.clone()
    slots = [(seat, i) for seat in range(twin.players) for i in range(CELLS)
             if twin.cards[seat][i] is not None and not twin.face_up[seat][i]]
    hidden = [twin.cards[seat][i] for seat, i in slots] + twin.draw_pile
    rng.shuffle(hidden)
    for seat, i in slots:
        twin.cards[seat][i] = hidden.pop()
    twin.draw_pile = hidden
    check_consistency(twin)
    return twin


def finished_game(seed: int, end_score: int = 60) -> tuple[Any, GameState]:
    """A whole game of Ann (human) against an Easy computer, played to its end by seeded
    random legal moves: (its MatchConfig, its final state), for statistics and game-over tests."""
    from game.match import COMPUTER, MatchConfig, SeatConfig

    match = MatchConfig("voyage", (SeatConfig("Ann"), SeatConfig("Bot", COMPUTER, "easy")), end_score=end_score,
                        seed=seed)
    state, chooser = match.new_game(), random.Random(seed)
    while not state.is_terminal:
        if state.phase == "round_over":
            state.deal()
        else:
            state.apply(chooser.choice(state.legal_actions()))
    return match, state


def choose(state: GameState, rng: random.Random, stall: float) -> Any:
    """A random legal action; with probability `stall` the player draws and the drawn card
    replaces a face-up card, which makes rounds long enough to empty the draw pile, reshuffle
    and remove columns (the engine's property and digest tests play with it)."""
    legal = state.legal_actions()
    if state.phase == "turn" and state.holding is None and legal[0].verb == "draw" and rng.random() < stall:
        return legal[0]
    if state.source == "draw" and rng.random() < stall:
        swaps = [a for a in legal if a.verb == "replace" and state.face_up[a.seat][a.index]]
        if swaps:
            return rng.choice(swaps)
    return rng.choice(legal)


def journal_inks(app: Any, scenes: list[Any]) -> list:
    """The inks (game/ui/ink.py) of drawing `scenes` onto the app's screen, each a layer of its own."""
    from game.ui.ink import JOURNAL

    JOURNAL.start()
    try:
        for scene in scenes:
            JOURNAL.new_layer(scene.name)
            scene.draw(app.screen)
        return list(JOURNAL.inks)
    finally:
        JOURNAL.stop()
        JOURNAL.clear()


def wait_until(condition: Callable[[], object], seconds: float, pause: float = 0.005) -> bool:
    """Poll `condition` (a network test's wait: bounded, never a timed assertion) until it holds
    or `seconds` pass; whether it held."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(pause)
    return bool(condition())


class InlineWorker:
    """A worker that decides at once in `start` (no thread), so a test runs step by step."""

    def __init__(self, decide: Callable[[SeatView], Action]) -> None:
        self.decide = decide
        self.error: BaseException | None = None
        self._result: Action | None = None
        self.closed = False

    def start(self, view: SeatView) -> None:
        self._result, self.error = None, None
        try:
            self._result = self.decide(view)
        except Exception as error:  # noqa: BLE001 - reported like a BotWorker does
            self.error = error

    def result(self) -> Action | None:
        return self._result

    def close(self) -> None:
        self.closed = True


def inline_workers(made: list[str] | None = None) -> Callable[[str, int], InlineWorker]:
    """A worker factory of real bots deciding inline; `made` records the levels asked for."""

    def make(level: str, seed: int) -> InlineWorker:
        if made is not None:
            made.append(level)
        return InlineWorker(make_bot(level, seed).decide)

    return make


def view_json(view: SeatView) -> dict[str, Any]:
    """The JSON object a seat's view is sent as (docs/bots.md, `decide`; the network's `table`),
    stated here field by field as the protocol's first version wrote it, apart from the code
    that derives it from the view's declaration."""
    return {
        "edition": view.edition.name, "players": view.players, "seat": view.seat, "round": view.round,
        "phase": view.phase, "to_act": view.to_act, "holding": view.holding, "source": view.source,
        "trigger": view.trigger, "discard_pile": list(view.discard_pile), "draw_pile": view.draw_pile,
        "grids": [[list(grid[r * COLS : (r + 1) * COLS]) for r in range(ROWS)] for grid in view.grids],
        "removed": [value for _, _, value in view.removed], "removed_columns": [list(item) for item in view.removed],
        "participants": list(view.participants), "round_scores": [list(row) for row in view.round_scores],
        "totals": list(view.totals), "end_score": view.end_score,
    }
