"""Every way a scenario can be wrong: exit status 2, one JSON object
{"error": {"round", "action", "message"}, "state": ...}, the state (once a round is dealt)
being the one BEFORE the offending action, and never a traceback."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from scenarios.catalog import CATALOG

from game.replay import play_scenario
from game.rules import replay_summary
from game.store.files import open_ordinary
from skyjo.cli import main

ROOT = Path(__file__).resolve().parent.parent


def base(name: str) -> dict:
    return copy.deepcopy(CATALOG[name]()[0])


def run_in_process(tmp_path: Path, capsys: pytest.CaptureFixture, game: dict | str) -> tuple[int, dict]:
    path = tmp_path / "scenario.json"
    path.write_text(game if isinstance(game, str) else json.dumps(game), encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert out.count("\n") == 1, "one JSON object on one line"
    return code, json.loads(out)


def run_command(path: Path | str) -> tuple[int, dict]:
    result = subprocess.run([sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, json.loads(result.stdout)


def state_before(game: dict, round_number: int, action: int | None) -> dict:
    """The replay summary after the rounds before `round_number` and that round's first
    `action` actions (all of them legal)."""
    prefix = copy.deepcopy(game)
    prefix["rounds"] = prefix["rounds"][:round_number]
    if action is not None:
        prefix["rounds"][-1]["actions"] = prefix["rounds"][-1]["actions"][:action]
    return replay_summary(play_scenario(prefix))


def assert_error(code: int, out: dict, round_number: int | None, action: int | None) -> str:
    assert code == 2
    assert set(out) <= {"error", "state"}
    error = out["error"]
    assert set(error) == {"round", "action", "message"}
    assert (error["round"], error["action"]) == (round_number, action)
    message = error["message"]
    assert isinstance(message, str) and message.strip() and "\n" not in message
    return message


def with_action(game: dict, index: int, *actions: list) -> dict:
    """Round 1's actions up to `index`, then `actions`."""
    game["rounds"][0]["actions"] = game["rounds"][0]["actions"][:index] + list(actions)
    return game


# Léa's game: 6 opening flips (actions 0-5), then seat 0 acts first at action 6.
ILLEGAL = {
    "wrong_seat": (6, [[1, "draw"]]),
    "reveal_after_take": (6, [[0, "take"], [0, "reveal", 2, 0]]),
    "flip_during_turns": (6, [[0, "flip", 2, 0]]),
    "draw_while_holding": (6, [[0, "draw"], [0, "draw"]]),
    "take_while_holding": (6, [[0, "draw"], [0, "take"]]),
    "replace_without_card": (6, [[0, "replace", 2, 0]]),
    "opening_draw": (2, [[1, "draw"]]),
    "opening_flip_twice": (1, [[0, "flip", 0, 0]]),
    "reveal_face_up_card": (6, [[0, "draw"], [0, "reveal", 0, 0]]),
    "unknown_verb": (6, [[0, "discard"]]),
    "outside_grid": (6, [[0, "draw"], [0, "replace", 4, 0]]),
    "not_a_list": (6, ["draw"]),
    "seat_not_a_number": (6, [["0", "draw"]]),
}


@pytest.mark.parametrize("case", sorted(ILLEGAL))
def test_illegal_action_reports_state_before_it(case: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    index, actions = ILLEGAL[case]
    game = with_action(base("lea_tom_ines"), index, *actions)
    bad = index + len(actions) - 1
    code, out = run_in_process(tmp_path, capsys, game)
    assert_error(code, out, 1, bad)
    assert out["state"] == state_before(game, 1, bad)


def test_illegal_action_through_the_command(tmp_path: Path) -> None:
    game = with_action(base("lea_tom_ines"), 6, [0, "take"], [0, "reveal", 2, 0])
    path = tmp_path / "take_reveal.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    code, out = run_command(path)
    assert_error(code, out, 1, 7)
    assert out["state"]["holding"] == game["rounds"][0]["deck"][36]  # the taken first discard
    assert out["state"] == state_before(game, 1, 7)


def test_replace_at_removed_position(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    # seat 0's 7th reveal, (0,2), removes its column 0 of 5s (action 29); on its 8th turn
    # it draws (action 32) and tries to replace (0,1), now a gap
    game = with_action(base("trigger_with_no_cards_left"), 33, [0, "replace", 0, 1])
    code, out = run_in_process(tmp_path, capsys, game)
    assert "removed" in assert_error(code, out, 1, 33)
    assert [row[0] for row in out["state"]["grids"][0]] == [None, None, None]
    assert out["state"]["holding"] is not None and out["state"]["to_act"] == 0
    assert out["state"] == state_before(game, 1, 33)


def test_trigger_playing_after_the_round_ends(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("lea_tom_ines")
    n = len(game["rounds"][0]["actions"])
    game["rounds"][0]["actions"].append([0, "draw"])
    code, out = run_in_process(tmp_path, capsys, game)
    assert_error(code, out, 1, n)
    assert out["state"]["phase"] == "round_over" and out["state"]["round_scores"] == [[20, 8, 13]]


def test_actions_after_game_over(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("game_ends_at_100")
    n = len(game["rounds"][0]["actions"])
    game["rounds"][0]["actions"].append([1, "draw"])
    code, out = run_in_process(tmp_path, capsys, game)
    assert_error(code, out, 1, n)
    assert out["state"]["phase"] == "game_over" and out["state"]["winners"] == [0]


def test_round_after_game_over(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("game_ends_at_100")
    game["rounds"].append(copy.deepcopy(game["rounds"][0]))
    code, out = run_in_process(tmp_path, capsys, game)
    assert_error(code, out, 2, None)
    assert out["state"]["phase"] == "game_over" and out["state"]["round"] == 1


def test_round_starting_before_the_previous_one_is_over(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("later_round_started_by_previous_trigger")
    game["rounds"][0]["actions"] = game["rounds"][0]["actions"][:20]
    code, out = run_in_process(tmp_path, capsys, game)
    assert_error(code, out, 2, None)
    assert out["state"]["phase"] == "turn" and out["state"] == state_before(game, 1, None)


def test_deck_with_a_wrong_card_in_round_1(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("lea_tom_ines")
    deck = game["rounds"][0]["deck"]
    deck[deck.index(5)] = 6  # one 5 too few, one 6 too many
    code, out = run_in_process(tmp_path, capsys, game)
    assert_error(code, out, 1, None)
    assert "state" not in out  # nothing was dealt


@pytest.mark.parametrize("change", ["short", "long", "other_edition", "not_numbers", "missing"])
def test_deck_not_exactly_the_editions_cards(change: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("later_round_started_by_previous_trigger")
    second = game["rounds"][1]
    if change == "short":
        second["deck"].pop()
    elif change == "long":
        second["deck"].append(12)
    elif change == "other_edition":
        second["deck"] = base("zero_score_never_doubled")["rounds"][0]["deck"]  # a Classic deck
    elif change == "not_numbers":
        second["deck"] = [str(card) for card in second["deck"]]
    else:
        second["deck"] = "shuffled"
    code, out = run_in_process(tmp_path, capsys, game)
    assert_error(code, out, 2, None)
    assert out["state"] == state_before(game, 1, None)  # round 1 over, round 2 not dealt


def test_wrong_deck_through_the_command(tmp_path: Path) -> None:
    game = base("lea_tom_ines")
    game["rounds"][0]["deck"] = game["rounds"][0]["deck"][:-1]
    path = tmp_path / "short_deck.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    code, out = run_command(path)
    assert "105" in assert_error(code, out, 1, None)
    assert "state" not in out


@pytest.mark.parametrize("edition", ["skyjo-max", "", 3, None, "Voyage "])
def test_unknown_edition(edition: object, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("lea_tom_ines")
    game["edition"] = edition
    code, out = run_in_process(tmp_path, capsys, game)
    assert_error(code, out, None, None)
    assert "state" not in out


@pytest.mark.parametrize("edition, players", [("voyage", 1), ("voyage", 5), ("classic", 1), ("classic", 9),
                                              ("classic", 0), ("voyage", -2), ("voyage", "3"), ("voyage", 2.5),
                                              ("voyage", True)])
def test_player_count_outside_range(edition: str, players: object, tmp_path: Path,
                                    capsys: pytest.CaptureFixture) -> None:
    game = base("lea_tom_ines")
    game["edition"], game["players"] = edition, players
    code, out = run_in_process(tmp_path, capsys, game)
    assert_error(code, out, None, None)
    assert "state" not in out


@pytest.mark.parametrize("text", ["{not json", "", "[1, 2", '{"edition": "voyage",}', "\x00"])
def test_malformed_json(text: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    code, out = run_in_process(tmp_path, capsys, text)
    assert_error(code, out, None, None)
    assert "state" not in out


def test_malformed_json_through_the_command(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"edition": "voyage", "players": 2, "rounds": [', encoding="utf-8")
    code, out = run_command(path)
    assert_error(code, out, None, None)


@pytest.mark.parametrize("field", ["edition", "players", "rounds"])
def test_missing_field(field: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("lea_tom_ines")
    del game[field]
    code, out = run_in_process(tmp_path, capsys, game)
    assert field in assert_error(code, out, None, None)
    assert "state" not in out


@pytest.mark.parametrize("bad", [[], "rounds", 3, {"deck": []}])
def test_scenario_not_an_object_or_rounds_not_a_list(bad: object, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture) -> None:
    game = base("lea_tom_ines")
    game["rounds"] = bad
    code, out = run_in_process(tmp_path, capsys, bad if isinstance(bad, list) else game)
    assert_error(code, out, None, None)


def test_round_that_is_not_an_object(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("lea_tom_ines")
    game["rounds"] = ["deal"]
    code, out = run_in_process(tmp_path, capsys, game)
    assert_error(code, out, 1, None)


@pytest.mark.parametrize("options", [{"end_score": "100"}, {"end_score": 0}, {"final_tie": "coin"},
                                     {"colour": "blue"}, [100]])
def test_bad_options(options: object, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("lea_tom_ines")
    game["options"] = options
    code, out = run_in_process(tmp_path, capsys, game)
    assert_error(code, out, None, None)


@pytest.mark.parametrize("seed", ["42", 4.2, True, [1]])
def test_bad_seed(seed: object, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("lea_tom_ines")
    game["seed"] = seed
    code, out = run_in_process(tmp_path, capsys, game)
    assert "seed" in assert_error(code, out, None, None)


def test_file_that_does_not_exist(tmp_path: Path) -> None:
    code, out = run_command(tmp_path / "no_such_scenario.json")
    assert "no_such_scenario.json" in assert_error(code, out, None, None)
    assert "state" not in out


# ---------------------------------------------------------------- untrusted files (docs/replay.md, Limits)
def test_nesting_far_too_deep_is_a_json_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000, encoding="utf-8")
    code, out = run_command(path)
    assert "nested too deeply" in assert_error(code, out, None, None)
    assert "state" not in out


def test_nesting_that_parses_is_quoted_briefly(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    # shallow enough to parse (under pytest's own stack), then quoted in an error
    game = base("lea_tom_ines")
    game["seed"] = "DEEP"
    deep = "[" * 400 + "]" * 400
    text = json.dumps(game).replace('"DEEP"', deep, 1)
    assert deep in text
    code, out = run_in_process(tmp_path, capsys, text)
    message = assert_error(code, out, None, None)
    assert "seed" in message and len(message) < 200


def test_a_number_with_too_many_digits_is_a_json_error(tmp_path: Path) -> None:
    path = tmp_path / "digits.json"
    path.write_text('{"edition": "voyage", "players": ' + "7" * 5000 + ', "rounds": []}', encoding="utf-8")
    code, out = run_command(path)
    assert "digits" in assert_error(code, out, None, None)


class CountedReads:
    """A file whose reads are counted (bytes asked for and given), around the real one."""

    def __init__(self, handle) -> None:
        self.handle, self.whole_reads, self.given = handle, 0, 0

    def __enter__(self) -> "CountedReads":
        return self

    def __exit__(self, *exc: object) -> None:
        self.handle.close()

    def read(self, size: int | None = -1) -> bytes:
        self.whole_reads += size is None or size < 0  # a read of everything: it must not happen
        data = self.handle.read(size)
        self.given += len(data)
        return data


def test_a_file_over_the_cap_is_refused_quickly_naming_the_cap(tmp_path: Path, capsys, monkeypatch) -> None:
    """Quickly, in counted work: one byte past the cap is read, never the rest, and nothing is
    parsed (the command's own process, with its message, is checked once more through `run_command`)."""
    from skyjo.commands import replay

    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:  # sparse: no disk or memory spent on the zeros
        handle.truncate(replay.MAX_SCENARIO_BYTES + 16 * 1024 * 1024)
    opened: list[CountedReads] = []

    def counted(name: str) -> CountedReads:
        opened.append(CountedReads(open_ordinary(name)))
        return opened[-1]

    def never(text: str) -> None:
        raise AssertionError("a scenario over the cap was parsed")

    monkeypatch.setattr(replay, "open_ordinary", counted)
    monkeypatch.setattr(replay, "_parse", never)
    assert main(["replay", str(path)]) == 2
    out = json.loads(capsys.readouterr().out)
    assert f"{replay.MAX_SCENARIO_BYTES // 2**20} MiB" in assert_error(2, out, None, None)
    assert len(opened) == 1 and opened[0].whole_reads == 0 and opened[0].given == replay.MAX_SCENARIO_BYTES + 1
    code, out = run_command(path)
    assert f"{replay.MAX_SCENARIO_BYTES // 2**20} MiB" in assert_error(code, out, None, None)


def test_a_file_at_the_cap_is_read(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from skyjo.commands.replay import MAX_SCENARIO_BYTES

    game = base("lea_tom_ines")
    text = json.dumps(game)
    path = tmp_path / "padded.json"
    path.write_bytes(text.encode() + b" " * (MAX_SCENARIO_BYTES - len(text.encode()) - 1) + b"\n")
    assert path.stat().st_size == MAX_SCENARIO_BYTES
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == replay_summary(play_scenario(game))


def test_standard_input_over_the_cap_is_refused(tmp_path: Path) -> None:
    from skyjo.commands.replay import MAX_SCENARIO_BYTES

    result = subprocess.run([sys.executable, "-m", "game", "replay", "-"], cwd=ROOT, capture_output=True,
                            input=b" " * (MAX_SCENARIO_BYTES + 1), timeout=60)
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert "MiB" in json.loads(result.stdout)["error"]["message"]


HUGE = "x" * 1_000_000
LONG_NUMBER = int("9" * 4000)  # under Python's 4300-digit limit: it parses


@pytest.mark.parametrize("change", ["edition", "players_type", "players_range", "seed", "option_name",
                                    "end_score", "final_tie", "action", "short_action", "seat", "verb", "col", "deck"])
def test_an_error_quotes_the_file_briefly(change: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("lea_tom_ines")
    actions = game["rounds"][0]["actions"]
    if change == "edition":
        game["edition"] = HUGE
    elif change == "players_type":
        game["players"] = HUGE
    elif change == "players_range":
        game["players"] = LONG_NUMBER
    elif change == "seed":
        game["seed"] = HUGE
    elif change == "option_name":
        game["options"] = {HUGE: 1}
    elif change == "end_score":
        game["options"] = {"end_score": LONG_NUMBER}
    elif change == "final_tie":
        game["options"] = {"final_tie": HUGE}
    elif change == "action":
        actions[6] = HUGE
    elif change == "short_action":
        actions[6] = [HUGE]
    elif change == "seat":
        actions[6] = [LONG_NUMBER, "draw"]
    elif change == "verb":
        actions[6] = [0, HUGE]
    elif change == "col":
        actions[6:] = [[0, "draw"], [0, "replace", LONG_NUMBER, 0]]
    else:
        game["rounds"][0]["deck"][0] = LONG_NUMBER
    code, out = run_in_process(tmp_path, capsys, game)
    error = out["error"]
    assert code == 2 and isinstance(error["message"], str)
    assert len(error["message"]) < 200, error["message"]


def test_a_byte_order_mark_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    game = base("lea_tom_ines")
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(game).encode())
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == replay_summary(play_scenario(game))


def test_a_file_that_is_not_utf8_is_a_read_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"edition": "voyagé"}'.encode("latin-1"))
    code, out = run_command(path)
    assert "UTF-8" in assert_error(code, out, None, None)


def test_a_folder_is_a_read_error(tmp_path: Path) -> None:
    code, out = run_command(tmp_path)
    assert_error(code, out, None, None)
