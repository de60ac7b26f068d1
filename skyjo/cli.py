"""The `skyjo` command line: no subcommand starts the desktop game."""

from __future__ import annotations

import argparse
import importlib
import os

from game import __version__
from game.arguments import OneLineParser

# Each module adds one subcommand; they are imported only when the parser is built.
COMMAND_MODULES = ("replay", "review", "bench", "simulate", "bot", "host", "join", "server", "room")


def build_parser(with_commands: bool = True) -> argparse.ArgumentParser:
    """The whole command line; `with_commands=False`: the game's own options alone (no help either)."""
    parser = (OneLineParser(prog="skyjo", description="Skyjo: the card game, for the desktop.") if with_commands
              else OneLineParser(prog="skyjo", add_help=False, exit_on_error=False))
    parser.add_argument("--version", action="version", version=f"skyjo {__version__}")
    parser.add_argument("--self-test", action="store_true", help="play a whole game headless and exit")
    parser.add_argument("--data-dir", help="folder for saves, settings and statistics")
    parser.add_argument("--verbose", action="store_true", help="write debug lines to the log (logs/skyjo.log)")
    parser.add_argument("--windowed-size", metavar="WxH", help="open the window at WxH pixels, e.g. 1280x720")
    parser.add_argument("--cafile", metavar="F", default=None,
                        help="a private certificate authority (PEM) an online server's certificate may be checked "
                             "against, besides the system's (Play online; docs/server.md)")
    parser.add_argument("--read-aloud", action="store_true",
                        help="speak every change at the table and each focused item (kept on in Settings)")
    if not with_commands:
        parser.set_defaults(command=None)
        return parser
    subparsers = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    for name in COMMAND_MODULES:
        importlib.import_module(f"skyjo.commands.{name}").add_parser(subparsers)
    return parser


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The arguments, read by the game's own options alone when they are all there is: starting the
    desktop game imports no subcommand's module (they import the engine and the store's codecs,
    which the first menu frame does not need: issue 47). Anything else, help and mistakes
    included, goes to the whole parser, which says what it says for every command."""
    try:
        args, rest = build_parser(with_commands=False).parse_known_args(argv)
    except argparse.ArgumentError:  # (a mistake the whole parser says as for any command)
        rest = ["(wrong)"]
    if rest:
        args = build_parser().parse_args(argv)
    return args


def main(argv: list[str] | None = None) -> int:
    # before anything imports pygame (the app, a bench, a command's screens): its greeting on
    # stdout would clutter the terminal and come before a command's --json document
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = parse_arguments(argv)
    if args.command:
        status: int = args.handler(args)
        return status
    from skyjo.app import run_app

    return run_app(args)
