"""The command lines' parser: the game's (`skyjo`), the build's and the research tools' alike."""

from __future__ import annotations

import argparse
import sys
from typing import Any, NoReturn


class OneLineParser(argparse.ArgumentParser):
    """A bad argument gives one line, `NAME: error: ...`, and exit status 2, never a usage dump.
    NAME is `said_as` where the program's name is a whole command (`python -m tools.tournament`),
    else `prog`. The message's whitespace is folded: a quoted value may hold a newline."""

    def __init__(self, *args: Any, said_as: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.said_as = said_as

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.said_as or self.prog}: error: {' '.join(message.split())}\n")
        raise SystemExit(2)
