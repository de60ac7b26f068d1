"""The scenario files of this folder, built from hand-made grids, with the outcome the rules
give for each (worked out by hand from the rules (docs/rules.md), never copied from the engine's output).

Regenerate the JSON files with `python tests/scenarios/catalog.py` after changing a scenario;
tests/test_replay_scenarios.py checks that the committed files match this catalog.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE.parent) not in sys.path:  # run as a script: find scenario_tools and game
    sys.path[:0] = [str(HERE.parent), str(HERE.parent.parent)]

from scenario_tools import build_deck, cells, reveal_race, scenario  # noqa: E402

TOP_ROW = [(0, 0), (1, 0)]
Entry = tuple[dict, dict]

# ------------------------------------------------------------- worked examples (docs/rules.md §9)
# Léa (seat 0) 10, Tom 8, Inès 13; Léa flips 6+4 = 10, the others 3 and 5, so she starts
# and, revealing one card a turn like everybody, is the first with no face-down card.
LEA = cells([[6, 4, 2, -2], [-1, 3, 1, -2], [0, -1, 0, 0]])
TOM = cells([[2, 1, 3, -1], [0, 2, 1, -1], [1, -1, 0, 1]])
INES = cells([[3, 2, 3, 2], [1, 4, 0, 2], [-2, 0, -1, -1]])
# Alice 35 (flips 23), Bob 28, Carol 31, Dave 40.
ALICE = cells([[12, 11, 3, 5], [1, 0, 4, -1], [-2, 0, -1, 3]])
BOB = cells([[2, 1, 3, 4], [5, 6, 7, 0], [-1, 0, 1, 0]])
CAROL = cells([[3, 4, 1, 6], [5, 8, 2, 3], [-1, 0, 0, 0]])
DAVE = cells([[4, 5, 6, 7], [3, 8, 9, 1], [-2, -1, 0, 0]])
# Player A 10 (flips 11), B 15, C 10.
PLAYER_A = cells([[6, 5, -1, 0], [1, -2, 2, 1], [-1, 1, -1, -1]])
PLAYER_B = cells([[2, 1, 3, 4], [0, 2, 1, -1], [1, -1, 0, 3]])
PLAYER_C = cells([[0, 3, 2, -1], [4, 0, 2, 2], [0, -2, 0, 0]])

# ------------------------------------------------------------- other scoring grids
TEN_HIGH = cells([[7, 5, -1, 0], [1, -2, 2, 1], [-1, 1, -2, -1]])  # 10, flips 12
ELEVEN = cells([[2, 1, 3, 4], [0, 2, 1, -1], [1, -1, 0, -1]])  # 11, flips 3
ZERO = cells([[5, 3, -1, 0], [-2, -1, 0, 1], [-1, -2, -1, -1]])  # 0, flips 8
MINUS_FIVE = cells([[0, 1, -2, 2], [1, 0, -1, -1], [-1, -2, 0, -2]])  # -5, flips 1
MINUS_THREE = cells([[3, 2, 0, 1], [0, -1, -2, -1], [-2, -1, 0, -2]])  # -3, flips 5
MINUS_TEN = cells([[0, -1, -2, -1], [-1, 1, -1, 0], [-2, -1, -1, -1]])  # -10, flips -1
TWENTY = cells([[9, 8, 0, -1], [1, -2, 3, 0], [-1, 2, 1, 0]])  # 20, flips 17
HUNDRED = cells([[12, 12, 12, 12], [11, 11, 11, 11], [2, 2, 2, 2]])  # 100
NINETY_NINE = cells([[12, 12, 12, 12], [11, 11, 11, 11], [2, 2, 2, 1]])  # 99
FIFTY = cells([[12, 12, 12, 12], [0, 0, 1, 1], [0, 0, 0, 0]])  # 50
BOTTOM_ROW = [(0, 2), (1, 2)]  # the high grids flip 2+2 (or 0+0), below TWENTY's 17
FIFTY_FIVE = cells([[12, 11, 10, 9], [8, 7, 1, 0], [-2, -1, 0, 0]])  # 55, flips 23
TWENTY_A = cells([[1, 2, 3, 4], [2, 1, 3, -1], [1, 0, 2, 2]])  # 20, flips 3
TWENTY_B = cells([[3, 4, 2, 4], [5, 2, -1, 0], [3, -2, 0, 0]])  # 20, flips 7
FIVE_LOW = cells([[1, 0, 2, -1], [0, 1, -1, 2], [1, 0, 0, 0]])  # 5, flips 1
NINE_HIGH = cells([[5, 3, 0, 1], [-1, 0, 2, -2], [0, 1, 0, 0]])  # 9, flips 8
MINUS_THREE_LOW = cells([[-1, 0, 2, 1], [0, -1, -2, -1], [1, -2, 0, 0]])  # -3, flips -1
FOUR_HIGH = cells([[9, 8, -2, -1], [-2, -1, 0, -2], [-1, 0, -2, -2]])  # 4, flips 17
SIX_LOW = cells([[0, 1, 2, 3], [1, 0, -1, 0], [0, -1, 1, 0]])  # 6, flips 1
ALL_TRIPLES = cells([[5, 6, 3, 4], [5, 6, 3, 4], [5, 6, 3, 4]])  # four columns, flips 11
SEVENS_LAST = cells([[1, 2, 3, 7], [4, 5, 6, 7], [2, 3, 4, 7]])  # column 3 of 7s, flips 3


def race_round(edition: str, grids: list, starter: int, flips: list | None = None, participants=None, **kw) -> dict:
    """A round where everybody reveals a card a turn: the starter triggers, grids end as dealt."""
    seats = list(participants if participants is not None else range(len(grids)))
    flips = flips or [TOP_ROW] * len(seats)
    deck = build_deck(edition, grids, **kw)
    return {"deck": deck, "actions": reveal_race(seats, starter, dict(zip(seats, flips)))}


def one_round(edition: str, grids: list, starter: int, flips=None, **options) -> dict:
    return scenario(edition, len(grids), [race_round(edition, grids, starter, flips)], **options)


def after_round(scores: list, totals: list | None = None, trigger: int = 0, **more) -> dict:
    out = {"phase": "round_over", "round_scores": [scores], "totals": totals or scores, "trigger": trigger,
           "winners": None, "to_act": None, "holding": None}
    out.update(more)
    return out


def lea_tom_ines() -> Entry:
    return one_round("voyage", [LEA, TOM, INES], 0), after_round([20, 8, 13])


def alice_bob_carol_dave() -> Entry:
    return one_round("voyage", [ALICE, BOB, CAROL, DAVE], 0), after_round([70, 28, 31, 40])


def player_a_ties_player_c() -> Entry:
    return one_round("voyage", [PLAYER_A, PLAYER_B, PLAYER_C], 0), after_round([20, 15, 10])


def trigger_strictly_lowest_not_doubled() -> Entry:
    return one_round("voyage", [TEN_HIGH, ELEVEN], 0), after_round([10, 11])


def zero_score_never_doubled() -> Entry:
    return one_round("classic", [ZERO, MINUS_FIVE], 0), after_round([0, -5])


def negative_score_never_doubled() -> Entry:
    return one_round("classic", [MINUS_THREE, MINUS_TEN], 0), after_round([-3, -10])


def game_ends_at_100() -> Entry:
    # 20 is strictly lowest: not doubled; 100 reaches the limit, the lowest total wins
    game = one_round("voyage", [TWENTY, HUNDRED], 0, [TOP_ROW, BOTTOM_ROW])
    return game, after_round([20, 100], phase="game_over", winners=[0])


def game_goes_on_at_99() -> Entry:
    return one_round("voyage", [TWENTY, NINETY_NINE], 0, [TOP_ROW, BOTTOM_ROW]), after_round([20, 99])


def end_score_option() -> Entry:
    game = one_round("voyage", [TWENTY, FIFTY], 0, [TOP_ROW, BOTTOM_ROW], end_score=50)
    return game, after_round([20, 50], phase="game_over", winners=[0])


def final_tie_shared() -> Entry:
    # 55 is not strictly lowest (20, 20): doubled to 110, the game ends, 1 and 2 share it
    game = one_round("voyage", [FIFTY_FIVE, TWENTY_A, TWENTY_B], 0)
    return game, after_round([110, 20, 20], phase="game_over", winners=[1, 2])


def final_tie_tiebreak_option_voyage() -> Entry:
    game = one_round("voyage", [FIFTY_FIVE, TWENTY_A, TWENTY_B], 0, final_tie="tiebreak")
    return game, after_round([110, 20, 20])


def final_tie_share_option_classic() -> Entry:
    game = one_round("classic", [FIFTY_FIVE, TWENTY_A, TWENTY_B], 0, final_tie="share")
    return game, after_round([110, 20, 20], phase="game_over", winners=[1, 2])


def tiebreak_round() -> Entry:
    # Classic: 1 and 2 tie on 20; only they play round 2. The trigger of round 1 (seat 0)
    # is not in it, so the round-1 rule picks the starter: seat 2 flips 8 against 1.
    # Seat 2 triggers with 9 against 5: doubled to 18. The lowest round score (5) wins.
    first = race_round("classic", [FIFTY_FIVE, TWENTY_A, TWENTY_B], 0)
    second = race_round("classic", [FIVE_LOW, NINE_HIGH], 2, participants=[1, 2])
    game = scenario("classic", 3, [first, second])
    # (docs/replay.md: tiebreak rounds decide the winner but are not added to totals)
    expected = {"phase": "game_over", "winners": [1], "round": 2, "trigger": 2,
                "round_scores": [[110, 20, 20], [None, 5, 18]], "totals": [110, 20, 20]}
    return game, expected


def tiebreak_repeats_while_tied() -> Entry:
    # Round 2: seat 2 (flips 5 against -1) starts, triggers with -3, seat 1 also has -3;
    # negative: not doubled, still tied. Round 3: seat 2, round 2's trigger, starts although
    # seat 1 flips 17; seat 2's 6 against 4 is doubled to 12; seat 1 wins.
    first = race_round("classic", [FIFTY_FIVE, TWENTY_A, TWENTY_B], 0)
    second = race_round("classic", [MINUS_THREE_LOW, MINUS_THREE], 2, participants=[1, 2])
    third = race_round("classic", [FOUR_HIGH, SIX_LOW], 2, participants=[1, 2])
    game = scenario("classic", 3, [first, second, third])
    expected = {"phase": "game_over", "winners": [1], "round": 3, "trigger": 2,
                "round_scores": [[110, 20, 20], [None, -3, -3], [None, 4, 12]], "totals": [110, 20, 20]}
    return game, expected


def later_round_started_by_previous_trigger() -> Entry:
    # Round 1: seat 0 starts (flips 17) but only replaces its (0,0); seat 1 reveals and
    # triggers with 11; seat 0 plays once more. Seat 0's (0,0) ends as the 21st card drawn,
    # a 3: 20 - 9 + 3 = 14. Round 2: seat 0 flips 17 again, but seat 1 starts and triggers.
    deck = build_deck("voyage", [TWENTY, ELEVEN], draw=[None] * 20 + [3])
    first = {"deck": deck, "actions": reveal_race([0, 1], 0, {0: TOP_ROW, 1: TOP_ROW}, idle=[0])}
    second = race_round("voyage", [TWENTY, ELEVEN], 1)
    game = scenario("voyage", 2, [first, second])
    return game, {"phase": "round_over", "round": 2, "trigger": 1, "round_scores": [[14, 11], [20, 11]],
                  "totals": [34, 22], "winners": None}


def columns_removed_at_final_reveal() -> Entry:
    # Seat 1 never reveals; its face-down column of 7s shows at the final count and goes,
    # last of all, onto the discard pile. Its (0,0) is its 10th draw (the 20th card), a 5:
    # 30 - 1 + 5 = 34 without the 7s. Seat 0 triggers with 20, strictly lowest.
    deck = build_deck("voyage", [TWENTY, SEVENS_LAST], draw=[None] * 19 + [5])
    game = scenario("voyage", 2, [{"deck": deck, "actions": reveal_race([0, 1], 0, {0: TOP_ROW, 1: TOP_ROW},
                                                                         idle=[1])}])
    grid1 = [[5, 2, 3, None], [4, 5, 6, None], [2, 3, 4, None]]
    return game, after_round([20, 34], discard_top=7, grids=[[TWENTY[0:4], TWENTY[4:8], TWENTY[8:12]], grid1])


def trigger_with_no_cards_left() -> Entry:
    # Every column of seat 0 is three equal cards: the last reveal removes the last column;
    # no card left is no face-down card left, so seat 0 triggers with 0 (never doubled).
    game = one_round("voyage", [ALL_TRIPLES, ELEVEN], 0)
    return game, after_round([0, 11], grids=[[[None] * 4] * 3, [ELEVEN[0:4], ELEVEN[4:8], ELEVEN[8:12]]])


def reshuffle_keeps_discard_top() -> Entry:
    # Both seats only draw and replace their face-up (0,0): the 80 cards of the draw pile
    # run out at the end of turn 80 (seat 1's 40th). The discard pile then holds the first
    # discard and the 80 replaced cards; all but its top (the card seat 1 just replaced,
    # its 39th draw, the 78th card drawn) become the new draw pile.
    deck = build_deck("voyage", [TEN_HIGH, ELEVEN])
    actions = [[s, "flip", c, r] for s in (0, 1) for c, r in TOP_ROW]
    for turn in range(80):
        actions += [[turn % 2, "draw"], [turn % 2, "replace", 0, 0]]
    draws = deck[25:]
    game = scenario("voyage", 2, [{"deck": deck, "actions": actions}])
    expected = {"phase": "turn", "to_act": 0, "draw_pile": 80, "discard_pile": 1, "discard_top": draws[77],
                "holding": None, "trigger": None, "round_scores": [], "totals": [0, 0]}
    expected["grids"] = [[[draws[78], *TEN_HIGH[1:4]], TEN_HIGH[4:8], TEN_HIGH[8:12]],
                         [[draws[79], *ELEVEN[1:4]], ELEVEN[4:8], ELEVEN[8:12]]]
    expected["grids"] = [[[cell if (r, c) in ((0, 0), (0, 1)) else "?" for c, cell in enumerate(row)]
                          for r, row in enumerate(grid)] for grid in expected["grids"]]
    return game, expected


def deal_order_classic_8() -> Entry:
    # Seat s gets cards 12s .. 12s+11 in reading order; card 96 starts the discard pile.
    deck = build_deck("classic", [None] * 8)
    flips = {s: [(s % 4, 0), (3 - s % 4, 2)] for s in range(8)}
    actions = [[s, "flip", c, r] for s in range(8) for c, r in flips[s]]
    game = scenario("classic", 8, [{"deck": deck, "actions": actions[:-1]}])
    grids = []
    for seat in range(8):
        grid = [["?"] * 4 for _ in range(3)]
        for col, row in flips[seat] if seat < 7 else flips[seat][:1]:
            grid[row][col] = deck[12 * seat + 4 * row + col]
        grids.append(grid)
    expected = {"phase": "opening", "to_act": 7, "discard_top": deck[96], "draw_pile": 150 - 97,
                "discard_pile": 1, "grids": grids, "round": 1}
    return game, expected


CATALOG: dict[str, Callable[[], Entry]] = {
    fn.__name__: fn
    for fn in (
        lea_tom_ines, alice_bob_carol_dave, player_a_ties_player_c, trigger_strictly_lowest_not_doubled,
        zero_score_never_doubled, negative_score_never_doubled, game_ends_at_100, game_goes_on_at_99,
        end_score_option, final_tie_shared, final_tie_tiebreak_option_voyage, final_tie_share_option_classic,
        tiebreak_round, tiebreak_repeats_while_tied, later_round_started_by_previous_trigger,
        columns_removed_at_final_reveal, trigger_with_no_cards_left, reshuffle_keeps_discard_top,
        deal_order_classic_8,
    )
}


def file_text(game: dict) -> str:
    """One scenario as its file holds it: the header, then one line per round's deck and actions."""
    return json.dumps(game, indent=1) + "\n"


def write_all(folder: Path = HERE) -> list[Path]:
    written = []
    for name, build in CATALOG.items():
        path = folder / f"{name}.json"
        path.write_text(file_text(build()[0]), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_all():
        print(path.name)
