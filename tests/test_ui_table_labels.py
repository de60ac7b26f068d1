"""Seat labels read with their own grid: close beside it, never under its "to play" ring."""

from __future__ import annotations

import pygame
import pytest

from game.rules import GameState, seat_view
from game.ui.card_art import CardArt
from game.ui.table_view import LABEL_CLEARANCE, RING_MARGIN, Board, TableView
from game.ui.text import TextCache
from game.ui.wording import sentence

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def drawn_table(players: int, scale: float, to_act: int) -> TableView:
    pygame.font.init()
    state = GameState.new_game("voyage" if players <= 4 else "classic", players=players, seed=4)
    view = TableView(players, NAMES[:players], CardArt("standard"), TextCache())
    view.ui_scale = scale
    board = Board.from_view(seat_view(state, 0))
    board.to_act = to_act
    view.viewer = 0
    view.draw(pygame.Surface((1280, 720)), board, [])
    return view


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_side_labels_sit_close_to_their_grid_and_clear_of_its_ring(players: int, scale: float) -> None:
    for seat in range(players):
        view = drawn_table(players, scale, to_act=seat)
        rects = dict(view.words.text_rects)
        name = rects[NAMES[seat]]
        area = view.layout.seats[seat]
        grid = view.viewport.rect(area.grid)
        ring = view.viewport.rect(area.grid.inflate(2 * RING_MARGIN))
        assert not name.colliderect(ring), f"seat {seat}: name under the ring"
        near = view.viewport.rect(area.grid.inflate(4 * LABEL_CLEARANCE))
        turn = rects.get("to play")
        if turn is not None and abs(turn.centery - name.centery) < name.h:  # "to play" ends the name's line
            name = name.union(turn)
        if view.viewport.rect(area.label).right <= grid.left:
            assert near.left <= name.right, f"seat {seat}: name {grid.left - name.right} px left of its grid"
        elif view.viewport.rect(area.label).left >= grid.right:
            assert name.left <= near.right, f"seat {seat}: name {name.left - grid.right} px right of its grid"


def table_in_play(players: int, scale: float, to_act: int) -> tuple[TableView, Board]:
    """After everybody's opening flips, with a cue by every seat but the viewer's."""
    pygame.font.init()
    state = GameState.new_game("voyage" if players <= 4 else "classic", players=players, seed=4)
    for _flip in range(2 * players):
        state.apply(state.legal_actions()[0])
    view = TableView(players, NAMES[:players], CardArt("standard"), TextCache())
    view.ui_scale = scale
    view.viewer = 0
    board = Board.from_view(seat_view(state, 0))
    board.to_act = to_act
    for seat in range(1, players):  # more than ever show at once: the oldest give way
        board.cues[seat] = sentence("cue_take" if seat % 2 else "cue_draw", seat, 0, NAMES, card=12)
    view.draw(pygame.Surface((1280, 720)), board, [])
    return view, board


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_live_scores_and_cues_keep_clear_of_grids_and_of_each_other(players: int, scale: float) -> None:
    for to_act in (0, players - 1):
        view, board = table_in_play(players, scale, to_act)
        screen = pygame.Rect(0, 0, 1280, 720)
        panels = [view.viewport.rect(area.grid.inflate(2 * RING_MARGIN)) for area in view.layout.seats]
        texts = view.words.text_rects
        words = [w for w, _rect in texts]
        for seat in range(players):
            if seat != to_act:  # (the seat to act keeps "to play"; its live score may give way)
                assert view.labels.live_words(board, seat) in " ".join(words), f"seat {seat}: no live score"
        newest = sentence("cue_take" if (players - 1) % 2 else "cue_draw", players - 1, 0, NAMES, card=12)
        assert newest in " ".join(words), "the newest cue is shown"
        for number, (text, rect) in enumerate(texts):
            assert screen.contains(rect), f"{text!r} off screen"
            if "point" in text or "face up" in text or any(text in cue for cue in board.cues.values()):
                for panel in panels:
                    assert not rect.colliderect(panel), f"{text!r} over a grid or its ring"
                for other, other_rect in texts[number + 1:]:
                    assert not rect.colliderect(other_rect), f"{text!r} over {other!r}"


LONG_NAMES = ["Ann", "Robin", "Sasha", "Maximilien", "Bérénice", "Jo", "Anne-Charlotte", "Li"]


@pytest.mark.parametrize("players", [6, 8])
def test_crowded_labels_keep_a_legible_name_avatar_and_points_line_in_french_at_large_text(players: int) -> None:
    """Issue 40 items 1 and 9: at 6-8 seats on 1280x720, French at 150 % text, the seat to act (the
    longest name) kept its live score by shrinking its avatar to 8 px and its name; the points line
    was about 8 px. Every seat's avatar, name and points line now stay readable."""
    from game import i18n
    from game.ui.ink import AVATAR, JOURNAL, TEXT

    i18n.set_language("fr")
    JOURNAL.start()
    try:
        state = GameState.new_game("classic", players=players, seed=4)
        for _flip in range(2 * players):
            state.apply(state.legal_actions()[0])
        names = LONG_NAMES[:players]
        view = TableView(players, names, CardArt("standard"), TextCache())
        view.ui_scale, view.viewer = 1.5, 0
        board = Board.from_view(seat_view(state, 0))
        board.to_act = names.index("Anne-Charlotte") if "Anne-Charlotte" in names else 0
        view.draw(pygame.Surface((1280, 720)), board, [])
        inks = list(JOURNAL.inks)
        lives = [view.labels.live_words(board, seat) for seat in range(players)]
    finally:
        JOURNAL.stop()
        JOURNAL.clear()
        i18n.set_language("en")
    avatars = [ink for ink in inks if ink.kind == AVATAR]
    texts: dict[str, pygame.Rect] = {}
    for ink in inks:  # (each name's first line: its label's)
        if ink.kind == TEXT:
            texts.setdefault(ink.words, ink.rect)
    assert len(avatars) == players and min(ink.rect.h for ink in avatars) >= 24, [a.rect for a in avatars]
    for seat, name in enumerate(names):
        # (ink heights are the letters' own: 12 px for a 17 px line; the acting long name was 4 px)
        assert texts[name].h >= 8, f"{name}: name {texts[name].h} px tall"
        live = lives[seat]
        assert "pts visible" in live or "pt visible" in live  # a sum of points, not a count of cards
        line = next(rect for words, rect in texts.items() if live in words)
        assert line.h >= 10, f"{name}: points line {line.h} px tall"
        ring = view.viewport.rect(view.layout.seats[seat].grid.inflate(2 * RING_MARGIN))
        assert not line.colliderect(ring), f"{name}: the live score {line} lies on the turn ring {ring}"
    # the seat to act: no ▶ before its name on a crowded label (the ring and "to play" say the turn),
    # so its long name is as large as the others' (both with capitals and no descenders)
    acting = names[board.to_act]
    assert texts[acting].h >= texts["Maximilien"].h, (acting, texts[acting], texts["Maximilien"])
    assert any("à jouer" in words for words in texts), "the turn is said in words"


def test_small_text_keeps_its_spaces_visible() -> None:
    """Issue 40 item 9: the bundled font's space is 1-2 px wide at the sizes crowded labels use, and
    "0 points" read "0points". Every small size now leaves at least 2 clear pixel columns between
    the number and its word."""
    pygame.font.init()
    text = TextCache()

    def widest_gap(image: pygame.Surface) -> int:
        ink = "".join("#" if any(image.get_at((x, y)).a for y in range(image.get_height())) else "."
                      for x in range(image.get_width())).strip(".")
        return max(len(run) for run in ink.split("#"))

    for px in range(8, 16):
        for words in ("24 points", "18 pts"):
            image = text.render(words, px, (255, 255, 255))
            assert widest_gap(image) >= 2, f"{words!r} at {px} px: the space is {widest_gap(image)} px"
            assert image.get_width() == text.font(px).size(words)[0], "drawn as wide as measured"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_viewers_plate_is_as_legible_as_the_others(players: int) -> None:
    """Issue 40 item 1: at 3 and 4 seats on 1280x720 the human's plate (beside its grid) had an
    avatar of a few px poking out of its corner and smaller words than the other plates. Its
    avatar, name and points line are now at least the others' size, the avatar on its plate."""
    from game.ui.ink import AVATAR, JOURNAL, TEXT

    JOURNAL.start()
    try:
        view, _board = table_in_play(players, 1.0, to_act=0)
        inks = list(JOURNAL.inks)
    finally:
        JOURNAL.stop()
        JOURNAL.clear()
    avatars = [ink.rect for ink in inks if ink.kind == AVATAR]
    assert len(avatars) == players
    # (the plate is drawn round the words and the avatar, clipped to the label's box a little grown)
    plate_bounds = view.viewport.rect(view.layout.seats[0].label).inflate(10, 8)
    own = max((rect for rect in avatars if rect.colliderect(plate_bounds)), key=lambda rect: rect.h)
    assert plate_bounds.contains(own), f"your avatar {own} pokes out of its plate {plate_bounds}"
    assert own.h >= max(rect.h for rect in avatars if rect is not own), f"your avatar is {own.h} px"
    heights = {ink.words: ink.rect.h for ink in inks if ink.kind == TEXT}
    assert heights["Ann"] >= min(heights[name] for name in NAMES[1:players]), heights


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_cue_reads_at_three_and_four_seats_in_either_language(players: int, language: str) -> None:
    """Issue 40: at 3 and 4 seats a seat's grid stands level with the piles, so the felt left of
    the draw pile is a narrow strip; "Maximilien a pioché une carte" shrank there to about 5 px.
    The cue now goes where it reads (left of the viewer's grid), at three quarters of its size at least."""
    from game import i18n
    from game.ui.widgets import font_px

    i18n.set_language(language)
    try:
        pygame.font.init()
        state = GameState.new_game("voyage", players=players, seed=4)
        for _flip in range(2 * players):
            state.apply(state.legal_actions()[0])
        view = TableView(players, LONG_NAMES[:players], CardArt("standard"), TextCache())
        view.viewer = 0
        board = Board.from_view(seat_view(state, 0))
        board.to_act = 0
        cue = sentence("cue_draw", players - 1, 0, LONG_NAMES, card=12)
        board.cues[players - 1] = cue
        view.draw(pygame.Surface((1280, 720)), board, [])
        rects = [rect for words, rect in view.words.text_rects if words and words in cue]
        assert rects, "the cue is shown"
        full = view.words.text.font(font_px(view.viewport, 24), True).get_linesize()
        assert min(rect.h for rect in rects) * 4 >= full * 3, (language, players, [rect.h for rect in rects], full)
    finally:
        i18n.set_language("en")
