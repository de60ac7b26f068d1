"""Headless matches between bots: the simulator behind `skyjo simulate` and the tournament.

Bots rotate seats between games (game g puts bot b at seat (b + g) mod n), so seat order
cancels out. Every game is seeded from the run's seed and its number, so a run repeats
exactly, with any number of worker processes. A run with the adaptive level plays its games one
after another in one process whatever the workers: its profile is carried from each game to the
next in game order, which chunks of games in parallel would cut (`carries_profile`). Expert plays
here in fixed-work mode (a number of sampled worlds per decision, `expert_samples`), never on the
clock, so its games repeat exactly too; `expert_samples=None` puts it back on its time budget.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.rules import GAME_OVER, ROUND_OVER, GameState, Options, seat_view

from . import make_bot
from .base import Bot, BotError
from .expert import DEFAULT_SAMPLES, ExpertBot

MAX_ROUND_ACTIONS = 20_000  # a round this long means the bots are stalling each other
# What a command line may ask of one run (skyjo simulate, the tournament): a million games is
# hours of Expert play, and its tally keeps every round's score; past MAX_EXPERT_SAMPLES sampled
# worlds (about a minute of search) a decision would never end.
MAX_GAMES = 1_000_000
MAX_EXPERT_SAMPLES = 100_000


@dataclass
class BotTally:
    name: str
    wins: float = 0.0
    round_scores: list[int] = field(default_factory=list)
    final_totals: list[int] = field(default_factory=list)
    head_to_head: list[float] = field(default_factory=list)  # per game: this bot's share of the win
    rounds_ended: int = 0  # rounds this bot ended (it turned up its last face-down card first)
    doubled: int = 0  # of those, the rounds its score was doubled (it was not strictly lowest)

    def merge(self, other: BotTally) -> None:
        self.wins += other.wins
        self.rounds_ended += other.rounds_ended
        self.doubled += other.doubled
        self.round_scores += other.round_scores
        self.final_totals += other.final_totals
        self.head_to_head += other.head_to_head


@dataclass
class Tally:
    games: int
    rounds: int
    bots: list[BotTally]

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.rounds += other.rounds
        for mine, theirs in zip(self.bots, other.bots):
            mine.merge(theirs)


def game_seed(seed: int, game: int) -> int:
    return seed * 1_000_003 + game


def bot_seed(seed: int, game: int, index: int) -> int:
    return (seed * 1_000_003 + game) * 16 + index


def play_game(bots: list[Bot], edition: str, seed: int, game: int, options: Options | None = None,
              specs: list[str] | None = None, endings: list[Ending] | None = None,
              record: bool = False, rounds: int | None = None) -> tuple[GameState, list[int]]:
    """One whole game; bot k sits at seat (k + game) mod n. Returns the final state and the
    seat of each bot; `endings`, if given, receives how each round ended; `record`: the state
    keeps its game record, for a review; `rounds`: stop at the end of that round instead (the
    game played so far exactly as the whole game would have played it). Raises BotError
    (naming the bot) if a bot fails."""
    n = len(bots)
    seats = [(k + game) % n for k in range(n)]
    by_seat = {seat: bots[k] for k, seat in enumerate(seats)}
    for k, bot in enumerate(bots):
        reset = getattr(bot, "reset", None)
        if reset is not None:
            reset(bot_seed(seed, game, k))
    state = GameState.new_game(edition, n, seed=game_seed(seed, game), options=options, record_events=record)
    actions = 0
    while True:
        if state.phase in (GAME_OVER, ROUND_OVER) and endings is not None:
            endings.append(ending(state))
        if state.phase == GAME_OVER:
            _notify_all(bots, {"type": GAME_OVER, "totals": list(state.totals), "winners": list(state.winners or [])})
            return state, seats
        if state.phase == ROUND_OVER and rounds is not None and state.round >= rounds:
            return state, seats
        if state.phase == ROUND_OVER:
            _notify_all(bots, {"type": ROUND_OVER, "round": state.round,
                               "round_scores": list(state.round_scores[-1]), "totals": list(state.totals)})
            state.deal()
            actions = 0
            continue
        actions += 1
        if actions > MAX_ROUND_ACTIONS:
            raise BotError(f"game {game}, round {state.round} did not end after {MAX_ROUND_ACTIONS} actions: "
                           f"the bots ({', '.join(b.name for b in bots)}) keep avoiding the end")
        seat = state.to_act
        assert seat is not None, "someone is to act in the opening and in a turn"
        bot = by_seat[seat]
        action = bot.decide(seat_view(state, seat))
        reason = state.why_illegal(action) if _is_action(action) else "it is not an action"
        if reason is not None:
            raise BotError(f"bot {bot.name} at seat {seat} chose {action!r}, which is illegal: {reason}")
        state.apply_unchecked(action)  # just checked, with the bot named in the error


@dataclass(frozen=True)
class Ending:
    """Who ended a round (its trigger) and whether that player's score was doubled."""

    trigger: int
    doubled: bool


def ending(state: GameState) -> Ending:
    """How the round just scored ended: its trigger, doubled when its round score is not the
    sum of its cards (every card is face up once a round is scored)."""
    trigger = state.trigger
    assert trigger is not None, "a scored round has a trigger"
    cards = sum(card for card in state.cards[trigger] if card is not None)
    return Ending(trigger, state.round_scores[-1][trigger] != cards)


def _is_action(action: object) -> bool:
    from game.rules import Action

    return isinstance(action, Action)


def _notify_all(bots: list[Bot], message: dict) -> None:
    for bot in bots:
        bot.notify(message)


def tally_game(state: GameState, seats: list[int], names: list[str], endings: Sequence[Ending] = ()) -> Tally:
    """One game's tally; `endings` (from play_game) counts the rounds each bot ended and was doubled in."""
    winners = state.winners or []
    tally = Tally(1, state.round, [BotTally(name) for name in names])
    for k, seat in enumerate(seats):
        mine = tally.bots[k]
        mine.rounds_ended = sum(1 for end in endings if end.trigger == seat)
        mine.doubled = sum(1 for end in endings if end.trigger == seat and end.doubled)
        share = 1 / len(winners) if seat in winners else 0.0
        mine.wins += share
        mine.head_to_head.append(share)
        mine.final_totals.append(state.totals[seat])
        for number, row in enumerate(state.round_scores, start=1):
            score = row[seat]
            if number not in state.tiebreak_rounds and score is not None:
                mine.round_scores.append(score)
    return tally


def check_fixed_work(specs: list[str], expert_samples: int | None) -> None:
    """ValueError for an Expert given a time budget (`expert@<ms>`) in a fixed-work run: the
    budget would be silently ignored, and a figure must say what it measured."""
    if expert_samples is None:
        return
    if expert_samples < 1:
        raise ValueError("Expert's samples per decision must be at least 1")
    timed = [spec for spec in specs if spec.startswith("expert@")]
    if timed:
        raise ValueError(f"{timed[0]} plays on the clock, which no run repeats; give Expert's work as "
                         "samples per decision instead (--expert-samples), or play it on the clock "
                         "with --expert-samples 0")


def fixed_work(bot: Bot, expert_samples: int | None) -> Bot:
    """`bot`, with an Expert put in fixed-work mode (`expert_samples` samples per decision)."""
    if expert_samples is not None and isinstance(bot, ExpertBot):
        bot.samples = expert_samples
    return bot


def carries_profile(specs: Sequence[str]) -> bool:
    """A bot that carries a profile from game to game (the adaptive level): game g depends on
    every game before it, so the run cannot be cut into chunks without changing its results."""
    return any(spec.partition("@")[0] == "adaptive" for spec in specs)


def run_games(specs: list[str], edition: str, games: range, seed: int, options: Options | None = None,
              progress: Callable[[int], None] | None = None, bot_timeout: float = 10.0,
              expert_samples: int | None = DEFAULT_SAMPLES) -> Tally:
    """Play `games` (a range of game numbers) in this process."""
    check_fixed_work(specs, expert_samples)
    bots = [fixed_work(make_bot(spec, seed), expert_samples) for spec in specs]
    for bot in bots:
        if hasattr(bot, "timeout"):
            bot.timeout = bot_timeout
    names = _names(specs)
    for bot, name in zip(bots, names):
        bot.name = name
    total = Tally(0, 0, [BotTally(name) for name in names])
    try:
        for game in games:
            endings: list[Ending] = []
            state, seats = play_game(bots, edition, seed, game, options, endings=endings)
            total.merge(tally_game(state, seats, names, endings))
            if progress is not None:
                progress(1)
    finally:
        for bot in bots:
            bot.close()
    return total


def _names(specs: list[str]) -> list[str]:
    """Bot names as given; a spec repeated gets #2, #3 so each line of the table is distinct."""
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        out.append(spec if specs.count(spec) == 1 else f"{spec}#{seen[spec]}")
    return out


def _worker(job: tuple) -> Tally | str:
    specs, edition, start, stop, seed, options, bot_timeout, expert_samples = job
    try:
        return run_games(specs, edition, range(start, stop), seed, options, bot_timeout=bot_timeout,
                         expert_samples=expert_samples)
    except BotError as error:
        return str(error)


def simulate(specs: list[str], edition: str, games: int, seed: int, workers: int = 1,
             options: Options | None = None, show_progress: bool = False,
             bot_timeout: float = 10.0, expert_samples: int | None = DEFAULT_SAMPLES) -> tuple[Tally, float]:
    """Play `games` games; returns the tally and the seconds taken. Raises BotError, and
    ValueError for an Expert on the clock in a fixed-work run (check_fixed_work). With the
    adaptive level the games run in this process, in order, whatever `workers` (carries_profile)."""
    check_fixed_work(specs, expert_samples)
    start = time.perf_counter()
    bar = Progress(games) if show_progress else None
    if workers <= 1 or carries_profile(specs):
        tally = run_games(specs, edition, range(games), seed, options, bar.step if bar else None, bot_timeout,
                          expert_samples)
    else:
        tally = _run_parallel(specs, edition, games, seed, workers, options, bar, bot_timeout, expert_samples)
    if bar:
        bar.done()
    return tally, time.perf_counter() - start


def _run_parallel(specs: list[str], edition: str, games: int, seed: int, workers: int,
                  options: Options | None, bar: Progress | None, bot_timeout: float,
                  expert_samples: int | None) -> Tally:
    import multiprocessing

    chunk = max(1, min(50, games // (workers * 4) or 1))
    jobs = [(specs, edition, s, min(games, s + chunk), seed, options, bot_timeout, expert_samples)
            for s in range(0, games, chunk)]
    total = Tally(0, 0, [BotTally(name) for name in _names(specs)])
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for part in pool.imap(_worker, jobs):
            if isinstance(part, str):
                pool.terminate()
                raise BotError(part)
            total.merge(part)
            if bar:
                bar.step(part.games)
    return total


class Progress:
    """A one-line progress bar on standard error (only used on a terminal)."""

    def __init__(self, total: int) -> None:
        self.total, self.count = total, 0

    def step(self, n: int = 1) -> None:
        self.count += n
        filled = int(30 * self.count / self.total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.count}/{self.total} games")
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\n")
