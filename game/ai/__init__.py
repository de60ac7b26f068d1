"""Computer players. Each decides from a `SeatView` only (RULES.md section 8).

    bot = make_bot("hard", seed=1)          # or "cmd:python examples/random_bot.py"
    action = bot.decide(seat_view(state, seat))
"""

from __future__ import annotations

from .base import BaseBot, Bot, BotError
from .worker import BotWorker

LEVELS = ("easy", "normal", "hard", "expert")
REFERENCE_BOTS = ("counting",)  # yardsticks for the simulator, not offered in the app
COMMAND_PREFIX = "cmd:"


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from a level name or `cmd:<command line>`; ValueError for anything else."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot must be a level name or cmd:<command line>, not {spec!r}")
    if spec.startswith(COMMAND_PREFIX):
        from .protocol import CommandBot

        return CommandBot(spec[len(COMMAND_PREFIX):])
    level, _, budget = spec.partition("@")
    cls = _level_class(level)
    if budget:  # "expert@50": Expert with a 50 ms budget per decision (for quicker measurement)
        if level != "expert" or not budget.isdigit() or int(budget) < 1:
            raise ValueError(f"unknown bot {spec!r}; only expert takes a budget, as expert@<milliseconds>")
        return cls(seed, budget_ms=int(budget))  # type: ignore[call-arg]
    return cls(seed)


def check_spec(spec: str) -> None:
    """ValueError unless `spec` names a bot, without starting anything."""
    if spec.startswith(COMMAND_PREFIX):
        if not spec[len(COMMAND_PREFIX):].strip():
            raise ValueError("a cmd: bot needs a command line after cmd:")
        return
    make_bot(spec)


def _level_class(level: str) -> type[BaseBot]:
    if level == "easy":
        from .easy import EasyBot

        return EasyBot
    if level == "normal":
        from .normal import NormalBot

        return NormalBot
    if level == "hard":
        from .hard import HardBot

        return HardBot
    if level == "expert":
        from .expert import ExpertBot

        return ExpertBot
    if level == "counting":
        from .hard import CountingBot

        return CountingBot
    raise ValueError(f"unknown bot {level!r}; choose one of {', '.join(LEVELS)} or cmd:<command line>")


__all__ = ["LEVELS", "REFERENCE_BOTS", "Bot", "BotError", "BotWorker", "check_spec", "make_bot"]
