"""`skyjo replay FILE`: play a scenario file and print the resulting state as JSON."""

from __future__ import annotations

import argparse
import json
import sys

from game.replay import ScenarioError, play_scenario
from game.rules import replay_summary


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("replay", help="play a scenario file and print the state as JSON")
    parser.add_argument("file", help="scenario file (JSON), or - for standard input")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError) as error:
        return _fail(ScenarioError(f"cannot read {args.file}: {getattr(error, 'strerror', None) or error}"))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return _fail(ScenarioError(f"the scenario is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"))
    try:
        state = play_scenario(data)
    except ScenarioError as error:
        return _fail(error)
    print(json.dumps(replay_summary(state)))
    return 0


def _fail(error: ScenarioError) -> int:
    print(json.dumps(error.to_dict()))
    return 2
