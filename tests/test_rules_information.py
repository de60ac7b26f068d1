"""docs/rules.md §12: what each seat may know. (Random games: test_properties_engine.py.)"""

from collections import Counter

from scenario_tools import cells, dealt, opening, play
from scenarios import catalog as cat

from game.rules import GameState, seat_view

# seat 0 flips 12+11 and starts; its column 2 holds three 4s
COL4 = cells([[12, 11, 4, 2], [5, 6, 4, 2], [6, 7, 4, 8]])
FLIPS = {0: cat.TOP_ROW, 1: cat.TOP_ROW}


def game() -> GameState:
    return play(dealt("voyage", [COL4, cat.ELEVEN], discard=4, draw=(9, 10, 11, 12)), opening(FLIPS))


def test_view_never_contains_face_down_values() -> None:
    """docs/rules.md §12."""
    state = game()
    for seat in (0, 1):
        view = seat_view(state, seat)
        assert view.grids[0] == (12, 11, "?", "?", "?", "?", "?", "?", "?", "?", "?", "?")
        assert view.grids[1] == (2, 1, "?", "?", "?", "?", "?", "?", "?", "?", "?", "?")
        assert view.draw_pile == len(state.draw_pile)  # a count, not the cards


def test_view_same_whatever_the_face_down_cards_and_draw_order() -> None:
    """docs/rules.md §12."""
    # the same face-up cards, but the face-down ones and the draw pile dealt differently
    other = cells([[12, 11, 9, 10], [5, 6, 4, 2], [6, 7, 4, 8]])
    twin = play(dealt("voyage", [other, cat.ELEVEN], discard=4, draw=(3, 10, 11, 12)), opening(FLIPS))
    state = game()
    for seat in (0, 1):
        assert seat_view(state, seat) == seat_view(twin, seat)


def test_everybody_sees_face_up_cards_discard_pile_and_removed_columns() -> None:
    """docs/rules.md §12."""
    state = game()
    play(state, [[0, "take"], [0, "replace", 2, 0], [1, "draw"], [1, "reveal", 2, 0], [0, "draw"],
                 [0, "reveal", 2, 1], [1, "draw"], [1, "reveal", 3, 0], [0, "draw"], [0, "reveal", 2, 2]])
    for seat in (0, 1):
        view = seat_view(state, seat)
        assert view.discard_pile == tuple(state.discard_pile)
        assert view.discard_top == 4
        assert view.removed == ((0, 2, 4),)
        assert view.grids[0][2::4] == (None, None, None)


def test_drawn_card_hidden_from_the_others_until_placed() -> None:
    """docs/rules.md §12."""
    state = game()
    play(state, [[0, "draw"]])
    assert seat_view(state, 0).holding == 9 and seat_view(state, 1).holding is None
    play(state, [[0, "reveal", 3, 0]])  # discarded: now everybody sees it
    assert seat_view(state, 1).discard_top == 9


def test_taken_discard_is_public() -> None:
    """docs/rules.md §12."""
    state = game()
    play(state, [[0, "take"]])
    assert seat_view(state, 1).holding == 4


def test_unseen_cards_follow_from_the_deck_and_what_is_visible() -> None:
    """docs/rules.md §12."""
    state = game()
    seen = Counter([12, 11, 2, 1, 4])  # four face-up cards and the discard
    expected = Counter(state.edition.card_counts) - seen
    assert seat_view(state, 1).unseen_cards() == expected
    play(state, [[0, "draw"]])  # only seat 0 has seen the 9
    assert seat_view(state, 1).unseen_cards() == expected
    assert seat_view(state, 0).unseen_cards() == expected - Counter([9])


def test_only_the_seat_to_act_gets_legal_actions() -> None:
    """docs/rules.md §12."""
    state = game()
    assert seat_view(state, 0).legal and seat_view(state, 1).legal == ()
