"""The `skyjo` command line: no subcommand starts the desktop game."""

from __future__ import annotations

import argparse
import importlib
import os

from game import __version__
from game.arguments import OneLineParser

# Each module adds one subcommand; they are imported only when the parser is built.
COMMAND_MODULES = ("replay", "review", "bench", "simulate", "bot", "host", "join", "server", "room")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="skyjo", description="Skyjo: the card game, for the desktop.")
    parser.add_argument("--version", action="version", version=f"skyjo {__version__}")
    parser.add_argument("--self-test", action="store_true", help="play a whole game headless and exit")
    parser.add_argument("--data-dir", help="folder for saves, settings and statistics")
    parser.add_argument("--verbose", action="store_true", help="write debug lines to the log (logs/skyjo.log)")
    parser.add_argument("--windowed-size", metavar="WxH", help="open the window at WxH pixels, e.g. 1280x720")
    subparsers = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    for name in COMMAND_MODULES:
        importlib.import_module(f"skyjo.commands.{name}").add_parser(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    # before anything imports pygame (the app, a bench, a command's screens): its greeting on
    # stdout would clutter the terminal and come before a command's --json document
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = build_parser().parse_args(argv)
    if args.command:
        status: int = args.handler(args)
        return status
    from skyjo.app import run_app

    return run_app(args)
