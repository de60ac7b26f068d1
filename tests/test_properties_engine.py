"""Property-based tests over random games of both editions and every player count, the
seeds drawn by hypothesis. The small runs here take seconds; the `slow` ones run many more
games."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import pytest
from helpers import choose, hidden_twin
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import (
    Action,
    GameState,
    IllegalActionError,
    Options,
    seat_view,
    state_from_dict,
    state_to_dict,
)
from game.wire.pieces import view_to_wire
from game.wire.reading import encode

MAX_ACTIONS = 60_000  # far above any game seen; a game that runs past it never ends
VERBS = ("flip", "draw", "take", "replace", "reveal")

games = st.one_of(
    st.tuples(st.just("voyage"), st.integers(2, 4)),
    st.tuples(st.just("classic"), st.integers(2, 8)),
)
seeds = st.integers(0, 2**63)
stalls = st.sampled_from([0.0, 0.5, 0.85])  # how often a drawn card just swaps a face-up one
end_scores = st.sampled_from([25, 100, 400])
final_ties = st.sampled_from([None, "share", "tiebreak"])

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BIG = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# the two checks that ask about every seat at every step (a quarter second a game here): fewer
# games in the fast set, the same check over 60 games in their `slow` twins
FEW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# the three dearest checks (three games played in step; a save and a load every step; six refused
# actions every step): 12, 12 and 6 games in the fast set, their `slow` twins 100, 400 and 60. The
# same ground is also covered by seeded tests: the fast path on gaps, reshuffles and tie flips below,
# a game resumed after every action (test_store_roundtrip.py), each rule's refusal
# (test_rules_turns.py), and the engine digest (every reason at every step; slow)
DEAR = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DEAREST = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new_game(game: tuple[str, int], seed: int, end_score: int = 100, final_tie: str | None = None) -> GameState:
    edition, players = game
    return GameState.new_game(edition, players=players, seed=seed, options=Options(end_score, final_tie))


def play_out(state: GameState, rng: random.Random, stall: float,
             each: Callable[[GameState, Action | None], None] | None = None) -> int:
    """Play randomly (dealing each new round) to the end; returns the number of actions."""
    for count in range(MAX_ACTIONS):
        if state.is_terminal:
            return count
        if state.phase == "round_over":
            state.deal()
            action = None
        else:
            action = choose(state, rng, stall)
            state.apply(action)
        if each:
            each(state, action)
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def cards_in_play(state: GameState) -> Counter:
    found = Counter(state.draw_pile) + Counter(state.discard_pile)
    for seat in range(state.players):
        found.update(card for card in state.cards[seat] if card is not None)
    if state.holding is not None:
        found[state.holding] += 1
    return found


# ---------------------------------------------------------------- conservation, termination
def check_conservation(game, seed, play_seed, stall, end_score) -> None:
    state = new_game(game, seed, end_score)
    deck = Counter(state.edition.card_counts)

    def each(s: GameState, _: Action | None) -> None:
        assert cards_in_play(s) == deck

    assert cards_in_play(state) == deck
    play_out(state, random.Random(play_seed), stall, each)


@FAST
@given(games, seeds, seeds, stalls, end_scores)
def test_every_card_is_somewhere_exactly_once(game, seed, play_seed, stall, end_score) -> None:
    check_conservation(game, seed, play_seed, stall, end_score)


@pytest.mark.slow
@BIG
@given(games, seeds, seeds, stalls, end_scores)
def test_every_card_is_somewhere_exactly_once_many_games(game, seed, play_seed, stall, end_score) -> None:
    check_conservation(game, seed, play_seed, stall, end_score)


def check_game_ends_by_the_rules(game, seed, play_seed, stall, end_score, final_tie) -> None:
    """Every game ends; scores, totals and winners follow docs/rules.md §8-§11 (recomputed here)."""
    state = new_game(game, seed, end_score, final_tie)
    tiebreak_rounds: list[int] = []
    after_trigger: list[int] = []  # seats whose turn started after the end was triggered

    def each(s: GameState, action: Action | None) -> None:
        if action is None:  # a new round was dealt
            after_trigger.clear()
            if max(s.totals) >= s.options.end_score:  # the game would be over but for a tie
                if tiebreak_rounds and tiebreak_rounds[-1] == s.round - 1:  # tied again
                    last = s.round_scores[-1]
                    best = min(score for score in last if score is not None)
                    tied = tuple(seat for seat in range(s.players) if last[seat] == best)
                else:
                    tied = tuple(seat for seat in range(s.players) if s.totals[seat] == min(s.totals))
                assert s.participants == tied and len(tied) > 1
                tiebreak_rounds.append(s.round)
            return
        if s.trigger is not None and s.phase == "turn" and action.verb in ("replace", "reveal"):
            after_trigger.append(s.to_act)
        if action.verb in ("replace", "reveal") and s.trigger is None:
            assert any(not up for card, up in zip(s.cards[action.seat], s.face_up[action.seat]) if card is not None)
        if s.phase in ("round_over", "game_over") and action.verb != "flip":
            check_round_scores(s, after_trigger)

    count = play_out(state, random.Random(play_seed), stall, each)
    assert state.phase == "game_over" and 0 < count < MAX_ACTIONS
    check_winners(state, tiebreak_rounds)


def check_round_scores(s: GameState, after_trigger: list[int]) -> None:
    seats = s.participants
    trigger = s.trigger
    # the trigger's turn ended the lap; each other participant played exactly once more
    others = [seat for seat in seats if seat != trigger]
    assert sorted(after_trigger) == sorted(others) and trigger not in after_trigger
    raw = {seat: sum(card for card in s.cards[seat] if card is not None) for seat in seats}
    assert all(all(up for card, up in zip(s.cards[seat], s.face_up[seat]) if card is not None) for seat in seats)
    doubled = raw[trigger] > 0 and any(raw[trigger] >= raw[seat] for seat in others)
    expected = [None] * s.players
    for seat in seats:
        expected[seat] = raw[seat] * (2 if seat == trigger and doubled else 1)
    assert s.round_scores[-1] == expected


def check_winners(state: GameState, tiebreak_rounds: list[int]) -> None:
    totals = [0] * state.players
    for number, row in enumerate(state.round_scores, start=1):
        if number not in tiebreak_rounds:
            totals = [t + score for t, score in zip(totals, row)]
    if not tiebreak_rounds:
        assert state.totals == totals
        assert max(totals) >= state.options.end_score
        assert state.winners == [seat for seat in range(state.players) if totals[seat] == min(totals)]
        if len(state.winners) > 1:
            assert state.options.final_tie_for(state.edition) == "share"
    else:
        assert state.options.final_tie_for(state.edition) == "tiebreak"
        last = state.round_scores[-1]
        best = min(last[seat] for seat in state.participants)
        assert state.winners == [seat for seat in state.participants if last[seat] == best]


@FAST
@given(games, seeds, seeds, stalls, end_scores, final_ties)
def test_every_game_ends_and_scores_follow_the_rules(game, seed, play_seed, stall, end_score, final_tie) -> None:
    check_game_ends_by_the_rules(game, seed, play_seed, stall, end_score, final_tie)


@pytest.mark.slow
@BIG
@given(games, seeds, seeds, stalls, end_scores, final_ties)
def test_every_game_ends_and_scores_follow_the_rules_many_games(game, seed, play_seed, stall, end_score,
                                                               final_tie) -> None:
    check_game_ends_by_the_rules(game, seed, play_seed, stall, end_score, final_tie)


# ---------------------------------------------------------------- illegal actions
def every_action(players: int) -> list[Action]:
    out = []
    for seat in range(players + 1):  # one seat more than the table has
        out += [Action(seat, "draw"), Action(seat, "take")]
        out += [Action(seat, verb, col, row) for verb in ("flip", "replace", "reveal")
                for col in range(4) for row in range(3)]
    return out


# Ill-formed whatever the position (docs/replay.md: seats are whole numbers from 0, the
# verbs are these five).
ALWAYS_MALFORMED = [Action(-1, "draw"), Action(0, "discard"), Action(0, None), Action(0, "DRAW"),
                    Action(None, "take"), Action(0, "discard", 0, 0), Action(0, "flip")]


def malformed_twins(action: Action) -> list[Action]:
    """Ill-formed look-alikes of a legal action. Several compare equal to it (True == 1,
    1.0 == 1), so they are found by their shape, never by comparing with the legal ones."""
    seat, verb, col, row = action
    out = [Action(float(seat), verb, col, row), Action(str(seat), verb, col, row),
           Action(seat, verb.upper(), col, row)]
    if seat in (0, 1):
        out.append(Action(bool(seat), verb, col, row))
    if col is None:  # draw and take take no position
        out += [Action(seat, verb, 0, 0), Action(seat, verb, 3, 2), Action(seat, verb, 0, None)]
        return out
    out += [Action(seat, verb), Action(seat, verb, col, None), Action(seat, verb, float(col), row),
            Action(seat, verb, col, float(row)), Action(seat, verb, col + 4, row), Action(seat, verb, col - 4, row),
            Action(seat, verb, col, row + 3), Action(seat, verb, str(col), row)]
    if col in (0, 1):
        out.append(Action(seat, verb, bool(col), row))
    return out


def assert_refused(s: GameState, action: Action, before: dict) -> None:
    assert isinstance(s.why_illegal(action), str)
    with pytest.raises(IllegalActionError):
        s.apply(action)
    assert state_to_dict(s) == before


def check_illegal_refused(game, seed, play_seed, stall) -> None:
    state = new_game(game, seed, 25)
    universe = every_action(state.players)
    rng = random.Random(play_seed)

    def each(s: GameState, _: Action | None) -> None:
        legal = set(s.legal_actions())
        assert legal == {a for a in universe if s.is_legal(a)}
        s.legal_actions().clear()  # the caller owns the list it gets
        assert set(s.legal_actions()) == legal
        illegal = [a for a in universe if a not in legal]
        malformed = ALWAYS_MALFORMED + [m for a in legal for m in malformed_twins(a)]
        before = state_to_dict(s)
        for action in rng.sample(illegal, 3) + rng.sample(malformed, 3):
            assert_refused(s, action, before)

    play_out(state, rng, stall, each)
    assert state_from_dict(state_to_dict(state)).record() == state.record()  # the record still loads


@DEAREST
@given(games, seeds, seeds, stalls)
def test_illegal_actions_refused_and_change_nothing(game, seed, play_seed, stall) -> None:
    check_illegal_refused(game, seed, play_seed, stall)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, seeds, seeds, stalls)
def test_illegal_actions_refused_and_change_nothing_many_games(game, seed, play_seed, stall) -> None:
    check_illegal_refused(game, seed, play_seed, stall)


# ---------------------------------------------------------------- information (docs/rules.md §12)
def check_views(game, seed, play_seed, stall) -> None:
    state = new_game(game, seed, 25)
    rng = random.Random(play_seed)

    def each(s: GameState, _: Action | None) -> None:
        twin = hidden_twin(s, rng)
        for seat in range(s.players):
            view = seat_view(s, seat)
            assert view == seat_view(twin, seat)
            assert encode(view_to_wire(view)) == encode(view_to_wire(seat_view(twin, seat)))  # what leaves the machine
            for other in range(s.players):
                for i, cell in enumerate(view.grids[other]):
                    card = s.cards[other][i]
                    assert cell == (None if card is None else card if s.face_up[other][i] else "?")
            if s.source == "draw" and s.to_act != seat:
                assert view.holding is None
            # what a player at the table counts as unseen: face-down cards, the draw pile,
            # and another player's drawn card
            unseen = Counter(s.draw_pile) + Counter(
                card for o in range(s.players) for card, up in zip(s.cards[o], s.face_up[o])
                if card is not None and not up)
            if s.holding is not None and view.holding is None:
                unseen[s.holding] += 1
            assert +view.unseen_cards() == unseen and min(view.unseen_cards().values()) >= 0
        for event in s.take_events():
            if event.kind == "card_drawn":
                assert all(event.for_seat(seat).value is None for seat in range(s.players) if seat != event.seat)

    play_out(state, rng, stall, each)


@FEW
@given(games, seeds, seeds, stalls)
def test_views_never_show_face_down_cards_or_draw_order(game, seed, play_seed, stall) -> None:
    check_views(game, seed, play_seed, stall)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, seeds, seeds, stalls)
def test_views_never_show_face_down_cards_or_draw_order_many_games(game, seed, play_seed, stall) -> None:
    check_views(game, seed, play_seed, stall)


# ---------------------------------------------------------------- save and restore
def through_json(state: GameState) -> GameState:
    return state_from_dict(json.loads(json.dumps(state_to_dict(state))))


def check_restore(game, seed, play_seed, stall, cut) -> None:
    """Save after `cut` of the game's steps; the restored game, given the same actions,
    goes on exactly like the original (deals and reshuffles included) to the end."""
    original = new_game(game, seed, 400, "tiebreak")
    rng = random.Random(play_seed)
    steps = 0
    while not original.is_terminal and steps < cut:
        original.deal() if original.phase == "round_over" else original.apply(choose(original, rng, stall))
        steps += 1
    restored = through_json(original)
    assert state_to_dict(restored) == state_to_dict(original)
    for _ in range(MAX_ACTIONS):
        if original.is_terminal:
            break
        if original.phase == "round_over":
            original.deal()
            restored.deal()
        else:
            assert restored.legal_actions() == original.legal_actions()
            action = choose(original, rng, stall)
            original.apply(action)
            restored.apply(action)
        assert without_record(restored) == without_record(original)
    assert state_to_dict(restored) == state_to_dict(original)  # the game records too, once
    assert restored.is_terminal and restored.winners == original.winners


def without_record(state: GameState) -> dict:
    """The position without the game record, which grows with every action: comparing it at
    every step would make long games quadratic; it is compared once at the end instead."""
    data = state_to_dict(state)
    data.pop("log", None)
    return data


@DEAR
@given(games, seeds, seeds, stalls, st.integers(0, 600))
def test_save_and_restore_mid_game_continues_identically(game, seed, play_seed, stall, cut) -> None:
    check_restore(game, seed, play_seed, stall, cut)


@pytest.mark.slow
@BIG
@given(games, seeds, seeds, stalls, st.integers(0, 3000))
def test_save_and_restore_mid_game_continues_identically_many_games(game, seed, play_seed, stall, cut) -> None:
    check_restore(game, seed, play_seed, stall, cut)


def test_random_games_reach_reshuffles_and_later_rounds() -> None:
    # the properties above are only worth what the random games reach: check seeded ones
    kinds: Counter = Counter()
    for n, game in enumerate([("voyage", 2), ("voyage", 4), ("classic", 3), ("classic", 8)]):
        state = new_game(game, n, 400)
        play_out(state, random.Random(n), 0.85, lambda s, _: kinds.update(e.kind for e in s.take_events()))
        assert state.round > 1 and kinds["pile_reshuffled"] > 0, (game, kinds)
    assert kinds["column_removed"] > 0


# ---------------------------------------------------------------- the fast path (issue 20)
def reference_legal_actions(state: GameState) -> list[Action]:
    """legal_actions from the rules alone, in the order the bots' seeded choices rely on:
    flips, draw, take, replaces, reveals, each in reading order; kept by asking why_illegal."""
    seat = state.to_act
    if seat is None:
        return []
    ordered = [Action(seat, "flip", i % 4, i // 4) for i in range(12)]
    ordered += [Action(seat, "draw"), Action(seat, "take")]
    ordered += [Action(seat, verb, i % 4, i // 4) for verb in ("replace", "reveal") for i in range(12)]
    return [action for action in ordered if state.why_illegal(action) is None]


def check_fast_path(game, seed, play_seed, stall, end_score) -> Counter:
    """The same game played three ways: checked with events, unchecked with events, and
    unchecked without events or record (as search plays). Every step: the same position,
    the same legal actions in the same order (the reference's), the same events.
    Returns how many events of each kind the game had."""
    kinds: Counter = Counter()
    checked = new_game(game, seed, end_score)
    fast = new_game(game, seed, end_score)
    bare = GameState.new_game(game[0], players=game[1], seed=seed, options=Options(end_score), record_events=False)
    rng = random.Random(play_seed)
    for _ in range(MAX_ACTIONS):
        if checked.is_terminal:
            break
        if checked.phase == "round_over":
            for state in (checked, fast, bare):
                state.deal()
        else:
            legal = checked.legal_actions()
            assert legal == reference_legal_actions(checked)
            assert fast.legal_actions() == legal and bare.legal_actions() == legal
            action = choose(checked, rng, stall)
            checked.apply(action)
            fast.apply_unchecked(action)
            bare.apply_unchecked(action)
        events = checked.take_events()
        assert fast.take_events() == events and bare.events == []
        kinds.update(event.kind for event in events)
        assert without_record(bare) == without_record(fast) == without_record(checked)
    assert checked.is_terminal and bare.is_terminal
    assert bare.round_scores == checked.round_scores and bare.winners == checked.winners
    assert state_to_dict(fast) == state_to_dict(checked)  # the game records too
    assert bare.log is None
    return kinds


@DEAR
@given(games, seeds, seeds, stalls, end_scores)
def test_the_fast_path_plays_exactly_like_the_checked_one(game, seed, play_seed, stall, end_score) -> None:
    check_fast_path(game, seed, play_seed, stall, end_score)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, seeds, seeds, stalls, end_scores)
def test_the_fast_path_plays_exactly_like_the_checked_one_many_games(game, seed, play_seed, stall,
                                                                      end_score) -> None:
    check_fast_path(game, seed, play_seed, stall, end_score)


def test_the_fast_path_is_compared_on_gaps_reshuffles_and_tie_flips() -> None:
    # the property is only worth what the random games reach: removed columns (gaps in the
    # grids), reshuffles and Classic's start-tie flips all occur in these seeded games
    kinds: Counter = Counter()
    for game, seed in [(("classic", 8), 4), (("voyage", 2), 1), (("voyage", 4), 2)]:
        kinds += check_fast_path(game, seed, seed, 0.85, 100)
    assert kinds["column_removed"] and kinds["pile_reshuffled"] and kinds["start_tie_flips"], kinds
