"""`skyjo bot --level LEVEL`: one of our levels as the program side of the bot protocol.

Exit status 0 at the end of input; 2, after one line on standard error, for a line it cannot
read or a position no game could reach (docs/bots.md); 1 if the other side stops listening.
"""

from __future__ import annotations

import argparse


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from game.ai import LEVELS

    parser = subparsers.add_parser("bot", help="play as a protocol bot on stdin/stdout (see docs/bots.md)")
    parser.add_argument("--level", choices=LEVELS, default="normal", help="which of our levels plays")
    parser.add_argument("--seed", type=int, default=0, help="the bot's own random seed")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from game.ai.protocol import serve

    try:
        return serve(args.level, args.seed)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the other program stopped listening: nothing left to say
        return 1
