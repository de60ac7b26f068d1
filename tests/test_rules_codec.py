"""state_to_dict / state_from_dict: exact round trips, and InvalidStateError for every state
the rules (docs/rules.md) could not produce (a damaged or tampered save)."""

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenario_tools import play
from scenarios.catalog import CATALOG

from game.replay import play_scenario
from game.rules import GameState, InvalidStateError, codec, state_from_dict, state_to_dict
from game.rules.codec import STATE_FORMAT, STATE_STEPS, NewerStateFormat, upgrade_state

EXAMPLES = Path(__file__).parent / "data" / "saves"


def mid_turn() -> GameState:
    """Voyage, 3 seats, after the opening and a few turns, seat to act holding a drawn card."""
    state = GameState.new_game("voyage", players=3, seed=11)
    rng = random.Random(11)
    while state.phase == "opening" or len(state.discard_pile) < 4:
        state.apply(rng.choice(state.legal_actions()))
    while state.holding is None:
        state.apply(next(a for a in state.legal_actions() if a.verb == "draw"))
    return state


def sample(name: str) -> GameState:
    if name == "not_dealt":
        return GameState("voyage", players=2, seed=1)
    if name == "opening":
        return play(GameState.new_game("classic", players=5, seed=2), [[0, "flip", 1, 1]])
    if name == "mid_turn":
        return mid_turn()
    scenario = {"round_over": "later_round_started_by_previous_trigger", "tiebreak_over": "tiebreak_repeats_while_tied"}
    return play_scenario(CATALOG[scenario[name]]()[0])


# every field of a saved state (taken from a game not yet dealt, so collection never plays);
# all are required in the current format, the game record too (null when none is kept)
STATE_KEYS = sorted(state_to_dict(GameState("voyage", players=2, seed=1)))


@pytest.mark.parametrize("name", ["not_dealt", "opening", "mid_turn", "round_over", "tiebreak_over"])
def test_round_trip_is_exact(name: str) -> None:
    state = sample(name)
    data = json.loads(json.dumps(state_to_dict(state)))
    restored = state_from_dict(data)
    assert state_to_dict(restored) == state_to_dict(state)
    assert restored.legal_actions() == state.legal_actions()


def broken(change) -> dict:
    data = copy.deepcopy(state_to_dict(mid_turn()))
    change(data)
    return data


def swap_card(data: dict) -> None:
    grid = data["cards"][1]
    i = next(i for i, card in enumerate(grid) if card is not None)
    grid[i] = grid[i] + 1 if grid[i] < 12 else 11


CARD_COUNT = {
    "card_changed_in_a_grid": swap_card,
    "card_missing_from_draw_pile": lambda d: d["draw_pile"].pop(),
    "card_added_to_discard_pile": lambda d: d["discard_pile"].append(5),
    "holding_dropped": lambda d: d.update(holding=None, source=None),
    "grid_cell_emptied": lambda d: d["cards"][0].__setitem__(5, None),
    "classic_deck_in_voyage": lambda d: d["draw_pile"].extend([1, 2, 3]),
}


@pytest.mark.parametrize("case", sorted(CARD_COUNT))
def test_rejects_wrong_card_count(case: str) -> None:
    with pytest.raises(InvalidStateError):
        state_from_dict(broken(CARD_COUNT[case]))


def with_players(players: int):
    def change(data: dict) -> None:
        data["players"] = players
    return change


@pytest.mark.parametrize("players", [0, 1, 2, 4, 5, 9])
def test_rejects_seat_count_out_of_range_or_mismatched(players: int) -> None:
    # the sample has 3 seats; 2 and 4 do not match its grids, the rest are outside Voyage's 2-4
    with pytest.raises(InvalidStateError):
        state_from_dict(broken(with_players(players)))


def test_rejects_classic_seat_count_out_of_range() -> None:
    state = GameState.new_game("classic", players=8, seed=4)
    data = state_to_dict(state)
    data["players"] = 9
    data["cards"].append([None] * 12)
    data["face_up"].append([False] * 12)
    for key in ("flips_left", "totals"):
        data[key].append(0)
    with pytest.raises(InvalidStateError):
        state_from_dict(data)


WRONG_TYPES = {
    "players": "3", "seed": 1.5, "round": "1", "phase": "playing", "edition": "voyage2", "format": "2",
    "cards": "grid", "face_up": [[1] * 12] * 3, "draw_pile": [["5"]], "discard_pile": {"top": 3},
    "to_act": 7, "holding": 13, "source": "pocket", "flips_left": [0, 0], "tiebreak": 0,
    "totals": ["0", "0", "0"], "round_scores": [[1, 2]], "winners": [0, 0], "participants": [],
    "removed": [[0, 5, 3]], "options": {"end_score": "100"}, "trigger": -1, "tie_to_flip": [7],
}


@pytest.mark.parametrize("key", sorted(WRONG_TYPES))
def test_rejects_wrong_types(key: str) -> None:
    data = broken(lambda d: d.update({key: WRONG_TYPES[key]}))
    with pytest.raises(InvalidStateError):
        state_from_dict(data)


def test_rejects_a_card_that_is_not_a_number() -> None:
    with pytest.raises(InvalidStateError):
        state_from_dict(broken(lambda d: d["cards"][0].__setitem__(0, "5")))
    with pytest.raises(InvalidStateError):
        state_from_dict(broken(lambda d: d["cards"][0].__setitem__(0, True)))


@pytest.mark.parametrize("key", STATE_KEYS)
def test_rejects_missing_field(key: str) -> None:
    with pytest.raises(InvalidStateError):
        state_from_dict(broken(lambda d: d.pop(key)))


@pytest.mark.parametrize("data", [None, [], "state", 3])
def test_rejects_what_is_not_an_object(data: object) -> None:
    with pytest.raises(InvalidStateError):
        state_from_dict(data)


IMPOSSIBLE = {
    "winners_while_playing": lambda d: d.update(winners=[0]),
    "totals_not_the_sum": lambda d: d.update(totals=[5, 0, 0]),
    "holding_without_source": lambda d: d.update(source=None),
    "removed_cell_face_up": lambda d: (d["cards"][2].__setitem__(0, None), d["face_up"][2].__setitem__(0, True),
                                       d["draw_pile"].append(d["cards"][2][0] or 0)),
    "trigger_with_face_down_cards": lambda d: d.update(trigger=d["to_act"]),
    "nobody_to_act_mid_turn": lambda d: d.update(to_act=None),
    # the discard pile is only ever empty while its last card is in the hand (docs/rules.md §3, §5)
    "empty_discard_pile_while_holding_a_drawn_card": lambda d: (d["draw_pile"].extend(d["discard_pile"]),
                                                                d.update(discard_pile=[])),
}


def cell_taken_out(data: dict) -> None:
    """One card of a grid gone (to the draw pile, so every card is still somewhere) with no
    column removed: a gap no play can make (docs/rules.md §6: only a whole column leaves)."""
    grid = data["cards"][1]
    index = next(i for i, card in enumerate(grid) if card is not None and not data["face_up"][1][i])
    data["draw_pile"].append(grid[index])
    grid[index] = None


IMPOSSIBLE["gap_without_a_removed_column"] = cell_taken_out


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_rejects_impossible_positions(case: str) -> None:
    with pytest.raises(InvalidStateError):
        state_from_dict(broken(IMPOSSIBLE[case]))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)


# 50 damaged positions in the fast set, 100 more in the slow twin (150 in the whole suite, as before)
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STATE_KEYS), json_values)
def test_any_damaged_field_gives_invalid_state_or_a_valid_game(key: str, value: object) -> None:
    check_damaged_field(key, value)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STATE_KEYS), json_values)
def test_any_damaged_field_gives_invalid_state_or_a_valid_game_many_fields(key: str, value: object) -> None:
    check_damaged_field(key, value)


def check_damaged_field(key: str, value: object) -> None:
    data = broken(lambda d: d.update({key: value}))
    try:
        state = state_from_dict(data)
    except InvalidStateError:
        return
    assert state_to_dict(state) == state_to_dict(state_from_dict(state_to_dict(state)))


def _random_game(edition: str, players: int, seed: int, stop_after: int | None = None) -> GameState:
    chooser = random.Random(seed)
    state = GameState.new_game(edition, players, seed=seed)
    steps = 0
    while not state.is_terminal and (stop_after is None or steps < stop_after):
        if state.phase == "round_over":
            state.deal()
            continue
        state.apply(chooser.choice(state.legal_actions()))
        steps += 1
    return state


@pytest.mark.parametrize(("edition", "players"), [("voyage", 3), ("classic", 6)])
def test_game_record_replays_to_the_same_position(edition: str, players: int) -> None:
    state = _random_game(edition, players, seed=11)
    replayed = play_scenario(json.loads(json.dumps(state.record())))
    mine, theirs = state_to_dict(state), state_to_dict(replayed)
    mine.pop("options"), theirs.pop("options")  # the record spells out the edition's default tie rule
    assert mine == theirs


def test_a_state_without_a_record_says_so() -> None:
    """Current format: `log` is always there, null for a game that keeps no record; leaving
    it out is damage, not an older game."""
    data = state_to_dict(_random_game("voyage", 2, seed=5, stop_after=30))
    assert data["format"] == STATE_FORMAT and data["log"]
    assert state_from_dict({**data, "log": None}).log is None
    del data["log"]
    with pytest.raises(InvalidStateError, match="no 'log'"):
        state_from_dict(data)


def example_state(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))["state"]


def test_format_1_states_upgrade_through_the_real_steps() -> None:
    """Format 1 left the record out when there was none; the step 1 -> 2 makes that explicit.
    Both kinds of format-1 state in the stored saves load, the input left as it was."""
    without = example_state("save-format2.json")  # written before the engine kept a record
    with_record = example_state("save-format2-with-record.json")  # written by the app of 2026-12-02
    assert without["format"] == with_record["format"] == 1 and "log" not in without and with_record["log"]
    for data in (without, with_record):
        before = copy.deepcopy(data)
        upgraded = upgrade_state(data)
        assert upgraded["format"] == STATE_FORMAT and data == before
        state = state_from_dict(data)
        assert state_to_dict(state) == upgraded
    assert state_from_dict(without).log is None
    assert state_from_dict(with_record).log == with_record["log"]


def test_every_step_moves_up_one_format() -> None:
    assert sorted(STATE_STEPS) == list(range(1, STATE_FORMAT))
    data = example_state("save-format2.json")
    for number in range(1, STATE_FORMAT):
        data = STATE_STEPS[number]({**data, "format": number})
        assert data["format"] == number + 1


def test_a_field_added_by_a_later_format_gets_its_default(monkeypatch) -> None:
    """Simulate a format STATE_FORMAT + 1 that adds `reshuffles`: a state saved before it
    (without the field) loads through a step giving the default, instead of being damaged."""
    state = _random_game("voyage", 3, seed=5, stop_after=40)
    assert state.reshuffles == 0
    older = state_to_dict(state)
    del older["reshuffles"]  # as a state of the current format would look if the field were new
    later = STATE_FORMAT + 1
    monkeypatch.setattr(codec, "STATE_FORMAT", later)
    monkeypatch.setattr(codec, "STATE_STEPS", {**STATE_STEPS})  # without the new step first
    with pytest.raises(InvalidStateError, match=f"format {STATE_FORMAT} is too old"):
        state_from_dict(older)
    # the step takes the field's default from its one declaration (game/rules/position.py)
    codec.STATE_STEPS[STATE_FORMAT] = lambda data: codec.with_defaults(data, later, "reshuffles")
    loaded = state_from_dict(older)
    assert loaded.reshuffles == 0 and state_to_dict(loaded) == {**older, "format": later, "reshuffles": 0}
    assert loaded.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("number", [STATE_FORMAT + 1, 10**6])
def test_a_newer_state_format_is_refused_plainly(number: int) -> None:
    data = {**state_to_dict(mid_turn()), "format": number}
    refused = f"newer version \\(state format {number}; this version reads up to {STATE_FORMAT}\\)"
    with pytest.raises(NewerStateFormat, match=refused):
        state_from_dict(data)


@pytest.mark.parametrize("number", [None, 0, -1, "1", 1.0, True])
def test_a_format_that_is_no_number_is_refused(number: object) -> None:
    with pytest.raises(InvalidStateError, match="unknown game state format"):
        state_from_dict({**state_to_dict(mid_turn()), "format": number})


def test_a_position_that_does_not_follow_from_its_record_is_refused() -> None:
    data = state_to_dict(_random_game("voyage", 2, seed=5, stop_after=30))
    face_down = data["face_up"][0].index(False)
    # swap a face-down card with the top of the draw pile: the position stays consistent
    # (same cards, same counts), only the game record can tell
    data["cards"][0][face_down], data["draw_pile"][0] = data["draw_pile"][0], data["cards"][0][face_down]
    if data["cards"][0][face_down] == data["draw_pile"][0]:
        pytest.skip("the two cards happen to be equal for this seed")
    with pytest.raises(InvalidStateError, match="game record"):
        state_from_dict(data)


def test_a_record_with_an_illegal_action_is_refused() -> None:
    data = state_to_dict(_random_game("voyage", 2, seed=5, stop_after=30))
    data["log"][0]["actions"][0] = [1, "draw"]
    with pytest.raises(InvalidStateError, match="game record"):
        state_from_dict(data)


def test_where_the_card_in_hand_came_from_is_saved_and_sent_as_its_plain_name() -> None:
    """The source of the card in hand is a member of Source in the game, and the same words
    as before in a save and in a review sent over the wire: a save or a message written before
    reads back as the member."""
    import msgspec

    from game.ai.review import seen
    from game.rules import Source, seat_view
    from game.wire.review import Seen

    state = GameState.new_game("voyage", 2, 5)
    while state.phase == "opening":
        state.apply(state.legal_actions()[0])
    state.apply(next(action for action in state.legal_actions() if action.verb == "take"))
    assert state.source is Source.DISCARD and state.to_act is not None
    saved = json.dumps(state_to_dict(state))
    assert '"source": "discard"' in saved
    assert state_from_dict(json.loads(saved)).source is Source.DISCARD
    sent = msgspec.json.encode(seen(seat_view(state, state.to_act)))
    assert b'"source":"discard"' in sent
    assert msgspec.json.decode(sent, type=Seen).source is Source.DISCARD
