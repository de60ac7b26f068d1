"""The simulator command, the open bot protocol and `skyjo bot`, end to end."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "random_bot.py"


def skyjo(*args: str, stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=timeout)


def test_the_example_protocol_bot_plays_full_games_through_simulate():
    bots = f"cmd:{sys.executable} {EXAMPLE},easy"
    result = skyjo("simulate", "--bots", bots, "--games", "2", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 2 and report["rounds"] >= 2
    names = [bot["name"] for bot in report["bots"]]
    assert names[0].startswith("cmd:") and names[1] == "easy"
    assert sum(bot["wins"] for bot in report["bots"]) == pytest.approx(2)
    assert all(bot["mean_final_total"] is not None for bot in report["bots"])


def test_results_repeat_and_do_not_depend_on_the_number_of_workers():
    one, _ = simulate(["normal", "easy", "easy"], "voyage", 12, seed=5)
    two, _ = simulate(["normal", "easy", "easy"], "voyage", 12, seed=5, workers=2)
    assert one.rounds == two.rounds
    for a, b in zip(one.bots, two.bots):
        assert (a.wins, a.round_scores, a.final_totals) == (b.wins, b.round_scores, b.final_totals)
    assert sum(bot.wins for bot in one.bots) == pytest.approx(12)


def test_the_adaptive_level_carries_its_profile_across_every_game_with_any_number_of_workers():
    # its game g is played at the profile games 0..g-1 left it: chunks in parallel would start
    # each chunk afresh, so the run gives the figures of one process in order whatever --workers
    one, _ = simulate(["adaptive", "easy"], "voyage", 6, seed=3)
    two, _ = simulate(["adaptive", "easy"], "voyage", 6, seed=3, workers=2)
    for a, b in zip(one.bots, two.bots):
        assert (a.wins, a.round_scores, a.final_totals) == (b.wins, b.round_scores, b.final_totals)


def test_simulate_says_in_one_line_that_an_adaptive_run_ignores_the_workers():
    args = ("simulate", "--bots", "adaptive,easy", "--games", "2", "--seed", "3", "--json")
    alone, parallel = skyjo(*args), skyjo(*args, "--workers", "2")
    assert alone.returncode == parallel.returncode == 0, parallel.stderr
    assert json.loads(alone.stdout)["bots"] == json.loads(parallel.stdout)["bots"]
    assert alone.stderr == ""
    note = parallel.stderr.strip()
    assert "one after another" in note and "--workers" in note and len(note.splitlines()) == 1


def test_seats_rotate_so_each_bot_starts_from_every_seat():
    from game.ai import make_bot
    from game.ai.simulate import play_game

    seen = set()
    for game in range(3):
        _, seats = play_game([make_bot("easy", k) for k in range(3)], "voyage", seed=1, game=game)
        seen.add(tuple(seats))
    assert len(seen) == 3


@pytest.mark.parametrize("args, words", [
    (["--bots", "wizard,easy"], "unknown bot"),
    (["--bots", "easy,easy,easy,easy,easy"], "2 to 4 players"),
    (["--bots", "easy,easy", "--games", "0"], "at least 1"),
    (["--bots", "easy,easy", "--players", "3"], "one bot per seat"),
    (["--bots", "easy", "--edition", "mini"], "unknown edition"),
])
def test_bad_arguments_give_one_line_and_status_2(args, words):
    result = skyjo("simulate", *args)
    assert result.returncode == 2
    assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("program, words", [
    ("print('hello there', flush=True)", "not JSON"),
    ("import json; print(json.dumps({'action': [0, 'reveal', 9, 9]}), flush=True)", "malformed"),
    ("import json,sys\nfor line in sys.stdin:\n m = json.loads(line)\n "
     "if m['type'] == 'decide': print(json.dumps({'action': [m['view']['seat'], 'reveal', 0, 0]}), flush=True)",
     "not a legal action"),
    ("import sys; sys.exit(4)", "has stopped"),
    ("import time; time.sleep(30)", "no answer within"),
])
@pytest.mark.slow  # (a whole process, a deadline or a bench: the whole suite runs it)
def test_a_failing_protocol_bot_is_named_and_stops_the_run(tmp_path, program, words):
    script = tmp_path / "bad_bot.py"
    script.write_text(program)
    result = skyjo("simulate", "--bots", f"cmd:{sys.executable} {script},normal", "--games", "2",
                   "--bot-timeout", "1")
    assert result.returncode == 3
    line = result.stderr.strip()
    assert words in line and "bad_bot.py" in line and len(line.splitlines()) == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("level", ["hard", "adaptive"])
def test_our_levels_speak_the_protocol(level):
    from game.ai.protocol import decide_message, hello_message
    from game.rules import Action, GameState, seat_view

    state = GameState.new_game("voyage", players=2, seed=6)
    lines = []
    for _ in range(6):
        view = seat_view(state, state.to_act)
        lines.append(json.dumps(decide_message(view)))
        state.apply(view.legal[0])
    first = seat_view(GameState.new_game("voyage", players=2, seed=6), 0)
    stdin = json.dumps(hello_message(first)) + "\n" + "\n".join(lines) + "\n" + '{"type": "round_over"}\n'
    result = skyjo("bot", "--level", level, stdin=stdin)
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line)["action"] for line in result.stdout.splitlines()]
    assert len(answers) == 6
    for line, answer in zip(lines, answers):
        assert Action.from_list(answer).to_list() in json.loads(line)["legal"]


def test_the_bot_side_rejects_garbage_in_one_line():
    result = skyjo("bot", "--level", "easy", stdin="this is not json\n")
    assert result.returncode == 2
    assert "line 1" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_levels_beat_the_level_below_in_a_small_seeded_run():
    """A smoke check of the ladder; the published figures come from tools.tournament."""
    normal, _ = simulate(["normal", "easy"], "voyage", 150, seed=2)
    assert normal.bots[0].wins / 150 > 0.65
    hard, _ = simulate(["hard", "normal"], "voyage", 80, seed=2)
    assert hard.bots[0].wins / 80 > 0.55


def recorded_endings(specs: list[str], edition: str, games: int, seed: int) -> list[tuple[int, int]]:
    """Per bot: the rounds it ended and was doubled in, read from each game's own events (the
    RoundScored event names the trigger and the doubled seat), played apart from the simulator's tally."""
    from game.ai import make_bot
    from game.ai.simulate import bot_seed, game_seed
    from game.rules import GAME_OVER, ROUND_OVER, GameState, seat_view
    from game.rules.events import RoundScored

    counts = [[0, 0] for _ in specs]
    bots = [make_bot(spec, seed) for spec in specs]
    for game in range(games):
        seats = [(k + game) % len(specs) for k in range(len(specs))]
        for k, bot in enumerate(bots):
            bot.reset(bot_seed(seed, game, k))
        state = GameState.new_game(edition, len(specs), seed=game_seed(seed, game), record_events=True)
        while state.phase != GAME_OVER:
            if state.phase == ROUND_OVER:
                state.deal()
            else:
                state.apply(bots[seats.index(state.to_act)].decide(seat_view(state, state.to_act)))
            for event in state.take_events():
                if isinstance(event, RoundScored):
                    k = seats.index(event.trigger)
                    counts[k][0] += 1
                    counts[k][1] += event.doubled == event.trigger
    return [tuple(pair) for pair in counts]


def test_the_json_counts_per_bot_the_rounds_it_ended_and_was_doubled_in():
    specs = ["normal", "easy", "hard"]
    result = skyjo("simulate", "--bots", ",".join(specs), "--games", "6", "--seed", "11", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    counted = [(bot["rounds_ended"], bot["doubled"]) for bot in report["bots"]]
    assert counted == recorded_endings(specs, "voyage", 6, 11)
    assert sum(ended for ended, _ in counted) == report["rounds"]  # every round has one trigger
    assert any(doubled for _, doubled in counted)  # the run shows a doubling, so the count is tested


def test_the_table_shows_the_rounds_each_bot_ended_and_was_doubled_in():
    result = skyjo("simulate", "--bots", "normal,easy,hard", "--games", "6", "--seed", "11")
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()[1:4]}
    for name, (ended, doubled) in zip(["normal", "easy", "hard"], recorded_endings(["normal", "easy", "hard"],
                                                                                "voyage", 6, 11)):
        assert rows[name][5] == str(ended) and rows[name][6] == str(doubled)


def test_a_game_stopped_after_some_rounds_is_the_whole_games_beginning() -> None:
    """`rounds` stops a game at that round's end: the record is the whole game's first rounds
    (the review's game is read so, instead of playing Hard computers to 1,000 points)."""
    from game.ai import make_bot
    from game.ai.simulate import play_game
    from game.rules import Options

    def played(rounds: int | None) -> dict:
        bots = [make_bot(level, 5) for level in ("easy", "normal", "easy")]
        state, _ = play_game(bots, "voyage", 3, 1, Options(end_score=150), record=True, rounds=rounds)
        return state.record()

    whole, first_two = played(None), played(2)
    assert len(whole["rounds"]) > 2, "the whole game goes on past the rounds compared"
    assert first_two["rounds"] == whole["rounds"][:2]
    assert {key: value for key, value in first_two.items() if key != "rounds"} == \
        {key: value for key, value in whole.items() if key != "rounds"}
