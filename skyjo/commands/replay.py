"""`skyjo replay FILE`: play a scenario file and print the final position as JSON (the visual
replay is the game's "Watch the last round")."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from game.replay import ScenarioError, play_scenario
from game.rules import replay_summary
from game.rules.actions import brief
from game.store.files import FileProblem, open_ordinary
from game.wire.reading import bare, collector_paused

# The largest scenario read, in bytes (docs/replay.md). A whole game's record is far smaller
# (a few KB); the cap keeps memory (JSON takes many times its size once parsed) and time
# bounded whatever file is given.
MAX_SCENARIO_BYTES = 16 * 1024 * 1024
MAX_SCENARIO_MIB = MAX_SCENARIO_BYTES // (1024 * 1024)
MOST_CONTAINERS = 1 << 20  # a scenario's lists and objects, as an exported log's (game/store/export.py)
NAME_LIMIT = 200  # characters of a file name quoted in an error; its end is the telling part


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay", help="play a scenario file or game log and print the final position as JSON (nothing visual)",
        description="Play a scenario file or exported game log through the rules engine and print the final "
                    "position as one JSON object. Nothing is shown on screen: to watch a round, use "
                    "\"Watch the last round\" in the game.")
    parser.add_argument("file", help=f"scenario file (JSON, at most {MAX_SCENARIO_MIB} MiB), or - for standard input")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        data = _parse(_read(args.file))
        # No events or record: only the final position is printed.
        state = play_scenario(data, record_events=False)
    except ScenarioError as error:
        return _fail(error)
    except RecursionError:  # a structure nested below the parser's limit, deep enough to trip a later step
        return _fail(ScenarioError("the scenario is nested too deeply"))
    print(json.dumps(replay_summary(state)))
    return 0


def _read(name: str) -> str:
    """The scenario's text: at most MAX_SCENARIO_BYTES, UTF-8, a leading BOM allowed (as in saves),
    from an ordinary file or standard input."""
    try:
        if name == "-":
            stdin = getattr(sys.stdin, "buffer", None)  # none at all in a windowed app
            if stdin is None:
                raise OSError("there is no standard input")
            raw = _read_capped(stdin)
        else:
            with open_ordinary(name) as handle:  # a FIFO or a device is refused, never waited on
                raw = _read_capped(handle)
    except FileProblem as error:
        raise ScenarioError(f"cannot read {_shown(name)}: {error}") from None
    except OSError as error:
        raise ScenarioError(f"cannot read {_shown(name)}: {error.strerror or error}") from None
    if raw is None:
        raise ScenarioError(f"the scenario is larger than the {MAX_SCENARIO_MIB} MiB a scenario may be")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ScenarioError(f"cannot read {_shown(name)}: it is not UTF-8 text (byte {error.start})") from None


def _shown(name: str) -> str:
    return name if len(name) <= NAME_LIMIT else "..." + name[3 - NAME_LIMIT :]


def _read_capped(stream: IO[bytes]) -> bytes | None:
    """The stream's bytes, or None when there are more than MAX_SCENARIO_BYTES (not all read)."""
    raw = stream.read(MAX_SCENARIO_BYTES + 1)
    return None if len(raw) > MAX_SCENARIO_BYTES else raw


def _parse(text: str) -> Any:
    # counted in one linear pass before the parse (the nesting and the digits are bounded by
    # Python's JSON reader itself): what a parse builds the most of, as for an exported log
    without_strings = bare(text)
    if without_strings.count(b"[") + without_strings.count(b"{") > MOST_CONTAINERS:
        raise ScenarioError(f"the scenario holds more than {MOST_CONTAINERS} lists and objects")
    try:
        with collector_paused():  # (millions of tiny lists: four times faster)
            return json.loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioError(
            f"the scenario is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise ScenarioError("the scenario is nested too deeply to be read") from None
    except ValueError as error:
        if "digits" in str(error):  # an integer past Python's conversion limit (4300 digits by default)
            limit = sys.get_int_max_str_digits()
            raise ScenarioError(f"the scenario holds a number with more than {limit} digits") from None
        raise ScenarioError(f"the scenario is not valid JSON: {brief(str(error))}") from None


def _fail(error: ScenarioError) -> int:
    print(json.dumps(error.to_dict()))
    return 2
