"""Computer players. Each decides from a `SeatView` only (docs/rules.md §12).

    bot = make_bot("hard", seed=1)          # or "cmd:python examples/random_bot.py"
    action = bot.decide(seat_view(state, seat))
"""

from __future__ import annotations

from importlib import import_module

from game.adapt import inner_strength
from game.match import BOT_LEVELS, COMMAND_PREFIX, COMPUTER_LEVELS, Level

from .base import BaseBot, Bot, BotError
from .worker import BotWorker

LEVELS = BOT_LEVELS  # the levels the app offers (named in game.match, which saves check seats against)
# yardsticks for the simulator, not offered in the app (so no screen has a word for them)
REFERENCES = (
    Level("counting", "", "hard", "CountingBot"),
    Level("playout", "", "rollout", "PlayoutBot"),
    Level("judge", "", "expert", "JudgeBot"),
    Level("strength", "", "strength", "StrengthBot"),  # strength@<0 to 1>: the knob under the adaptive level
    Level("child", "", "beginner", "ChildBot"),  # child@heed: the child heeding the warning before a doubled round
    Level("casual", "", "beginner", "CasualBot"),
)
REFERENCE_BOTS = tuple(reference.name for reference in REFERENCES)
_BY_NAME = {entry.name: entry for entry in (*COMPUTER_LEVELS, *REFERENCES)}
MAX_BUDGET_MS = 600_000  # expert@<ms>: ten minutes a decision is already past any use


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from a level name or `cmd:<command line>`; ValueError for anything else."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot must be a level name or {COMMAND_PREFIX}<command line>, not {spec!r}")
    if spec.startswith(COMMAND_PREFIX):
        from .protocol import CommandBot

        return CommandBot(spec[len(COMMAND_PREFIX):])
    return make_level(spec, seed)


def make_level(spec: str, seed: int = 0) -> BaseBot:
    """One of our own levels (or a reference bot), which can also join a round midway."""
    level, _, budget = spec.partition("@")
    cls = _level_class(level)
    if budget and level == "strength":  # "strength@0.7": the knob at 0.7 (0 the child, 1 the top)
        from .strength import StrengthBot

        return StrengthBot(seed, _strength(budget, spec))
    if budget and level == "child":  # "child@heed": the child model heeding the warning
        from .beginner import ChildBot

        if budget != "heed":
            raise ValueError(f"unknown bot {spec!r}; the child model takes only child@heed")
        return ChildBot(seed, heeds_warning=True)
    if budget and level == "adaptive":  # "adaptive@0.7/0/2": starting at 0.7, for the people at seats 0 and 2
        from .adaptive import AdaptiveBot, read_people

        start, *people = budget.split("/")
        return AdaptiveBot(seed, _strength(start, spec), read_people(people, spec) if people else None)
    if budget:  # "expert@50": Expert with a 50 ms budget per decision (for quicker measurement)
        milliseconds = _budget_ms(budget)
        if level != "expert" or milliseconds is None:
            raise ValueError(f"unknown bot {spec!r}; only expert takes a budget, as expert@<milliseconds> "
                             f"(1 to {MAX_BUDGET_MS})")
        from .expert import ExpertBot

        return ExpertBot(seed, budget_ms=milliseconds)
    return cls(seed)


def _budget_ms(text: str) -> int | None:
    """The milliseconds of `expert@<ms>`, or None unless 1 to MAX_BUDGET_MS in ASCII digits (the
    length checked first: int() of thousands of digits raises its own error)."""
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(MAX_BUDGET_MS))):
        return None
    return int(text) if 1 <= int(text) <= MAX_BUDGET_MS else None


def _strength(text: str, spec: str) -> float:
    """The inner strength of `strength@<x>`: x is the knob's number (game/adapt.py), a decimal
    from 0 (the child) to 1, ASCII and short (a figure, not a text)."""
    number = None
    if text.isascii() and len(text) <= 8 and text.replace(".", "", 1).isdigit():
        number = float(text)
    if number is None or not 0.0 <= number <= 1.0:
        raise ValueError(f"unknown bot {spec!r}; a strength is a number from 0 (the child) to 1, "
                         f"as {spec.partition('@')[0]}@0.5")
    return inner_strength(number)


def check_spec(spec: str) -> None:
    """ValueError unless `spec` names a bot, without starting anything."""
    if spec.startswith(COMMAND_PREFIX):
        from .protocol import command_argv

        command_argv(spec[len(COMMAND_PREFIX):])  # read here, so a bad quote is refused before any game
        return
    make_bot(spec)


def _level_class(level: str) -> type[BaseBot]:
    """The bot class of a level or reference bot, imported now: the app starts without them."""
    entry = _BY_NAME.get(level)
    if entry is None:
        raise ValueError(f"unknown bot {level!r}; choose one of {', '.join(LEVELS)} or {COMMAND_PREFIX}<command line>")
    cls: type[BaseBot] = getattr(import_module(f"{__name__}.{entry.module}"), entry.bot)
    return cls


__all__ = ["COMMAND_PREFIX", "LEVELS", "REFERENCE_BOTS", "Bot", "BotError", "BotWorker", "check_spec", "make_bot",
           "make_level"]
