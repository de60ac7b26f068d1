"""Accessibility: the high-contrast cards pass WCAG AAA contrast and tell value bands apart by
pattern; nothing on the table is told by colour alone; reduced motion fades instead of moving."""

from collections import Counter

import pygame
import pytest

from game.rules import GameState, seat_view
from game.ui.card_art import VALUES, CardArt, band
from game.ui.table_anim import FADE, Animator
from game.ui.table_view import Board, TableMarks, TableView
from game.ui.text import TextCache

W, H = 120, 168


def luminance(rgb) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture(scope="module")
def art():
    pygame.font.init()
    return CardArt("high_contrast")


def pixels(surface, rect):
    return [tuple(surface.get_at((x, y)))[:3]
            for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right)]


@pytest.mark.parametrize("value", VALUES)
def test_value_ink_contrasts_at_least_7_to_1_with_its_background(art, value):
    # the big value and the plate behind it fill the centre: their two commonest colours are ink and paper
    ink, paper = centre_colours(art.face(value, W, H))
    assert contrast(ink, paper) >= 7.0, (value, ink, paper)


def centre_colours(face):
    centre = pygame.Rect(0, 0, W // 2, H // 5)
    centre.center = (W // 2, H // 2)
    (ink, _), (paper, _) = Counter(pixels(face, centre)).most_common(2)
    return ink, paper


def test_the_check_catches_grey_ink():
    """The same sampling on a grey-on-white figure measures below 7:1 (the check can fail)."""
    pygame.font.init()
    face = pygame.Surface((W, H))
    face.fill((255, 255, 255))
    figure = pygame.font.Font(None, 90).render("12", False, (130, 130, 130))
    face.blit(figure, figure.get_rect(center=(W // 2, H // 2)))
    ink, paper = centre_colours(face)
    assert contrast(ink, paper) < 7.0


def pattern_patch(art, value):
    """A corner of the face with no figure on it (the figures are top-left, centre, bottom-right)."""
    face = art.face(value, W, H)
    return pixels(face, pygame.Rect(int(W * 0.10), int(H * 0.76), int(W * 0.25), int(H * 0.14)))


def test_value_bands_differ_by_pattern_not_only_colour(art):
    samples = {band(v): pattern_patch(art, v) for v in (-1, 0, 3, 7, 11)}
    assert len(samples) == 5
    kinds = list(samples)
    for i, first in enumerate(kinds):
        for second in kinds[i + 1:]:
            assert samples[first] != samples[second], (first, second)
    grey = {kind: [sum(p) // 3 for p in patch] for kind, patch in samples.items()}
    assert len({tuple(g) for g in grey.values()}) == 5, "bands must differ in grey too"


def test_cards_of_one_band_share_their_pattern(art):
    assert pattern_patch(art, 5) == pattern_patch(art, 7)


# ---------------------------------------------------------------- nothing by colour alone
class RecordingText(TextCache):
    def __init__(self):
        super().__init__()
        self.seen: list[str] = []

    def render(self, text, size, color=(255, 255, 255), bold=False):
        self.seen.append(text)
        return super().render(text, size, color, bold)


def test_acting_seat_and_round_ender_are_named_in_words():
    pygame.font.init()
    state = GameState.new_game("voyage", players=3, seed=4)
    text = RecordingText()
    view = TableView(3, ["Ann", "Bob", "Cy"], CardArt("standard"), text)
    board = Board.from_view(seat_view(state, 0))
    board.to_act, board.trigger = 1, 2
    view.draw(pygame.Surface((1280, 720)), board, [])
    assert any("to play" in words for words in text.seen)
    assert "Bob" in text.seen[next(i for i, w in enumerate(text.seen) if "to play" in w) - 1]
    assert any(words.startswith("Cy") and "(ended the round)" in words for words in text.seen)
    assert not any(words.startswith("Ann") and "ended" in words for words in text.seen)


def test_doubled_score_says_x2_in_words():
    from scenes.round_score import round_breakdown

    class Ended:
        participants = (0, 1)
        trigger = 0
        grids = [[5] * 12, [1] * 12]
        removed = ()
        round_scores = [[120, 12]]

    rows = round_breakdown(Ended())
    assert rows[0]["doubled"] and "doubled" in rows[0]["why"]
    assert not rows[1]["doubled"] and rows[1]["why"] == ""


# ---------------------------------------------------------------- reduced motion
def run_steps(anim, dt=1 / 120, limit=2000):
    """(x, y, scale_x, alpha) of every sprite after each small step, until the animation ends."""
    trace = []
    for _ in range(limit):
        if not anim.busy:
            break
        anim.update(dt)
        trace.extend((s.x, s.y, s.scale_x, s.alpha) for s in anim.sprites)
    return trace


def table_animator(reduced: bool):
    pygame.font.init()
    state = GameState.new_game("voyage", players=2, seed=9)
    state.take_events()
    view = TableView(2, ["Ann", "Bob"], CardArt("standard"), TextCache())
    board = Board.from_view(seat_view(state, 0))
    anim = Animator(board, view, 1.0)
    view.viewer = 0
    anim.reduced_motion = reduced
    for action in state.legal_actions()[:1]:
        state.apply(action)
    flip = state.take_events()
    return state, view, anim, flip


@pytest.mark.parametrize("reduced", [False, True])
def test_reduced_motion_fades_instead_of_flipping_and_flying(reduced):
    state, view, anim, flip = table_animator(reduced)
    anim.add_events(flip)
    flips = run_steps(anim)
    while state.phase == "opening":
        state.apply(state.legal_actions()[0])
    state.take_events()
    anim.skip()
    draw = next(a for a in state.legal_actions() if a.verb == "draw")
    state.apply(draw)
    anim.add_events(state.take_events())
    start, end = view.layout.draw_pile.center, view.layout.hand.center
    flight = run_steps(anim)
    squashed = [scale for _, _, scale, _ in flips if 0.01 < scale < 0.99]
    between = [(x, y) for x, y, _, _ in flight if (x, y) not in (start, end)]
    fading = [alpha for *_, alpha in flips + flight if 0.0 < alpha < 1.0]
    if reduced:
        assert not squashed and not between, "no squash, no card between two places"
        assert fading, "cards fade in instead"
        assert len(flight) <= FADE * 120 + 3
    else:
        assert squashed and between and not fading


def table_text_heights(scale: float, players: int) -> dict[str, int]:
    """The height of each text the table view draws at a text size setting, by its words."""
    pygame.font.init()
    state = GameState.new_game("voyage", players=players, seed=4)
    names = ["Ann", "Bob", "Cy", "Dee"][:players]
    view = TableView(players, names, CardArt("standard"), TextCache())
    view.ui_scale = scale
    view.marks = TableMarks(prompt="You: take the discard (5) or draw a card")
    board = Board.from_view(seat_view(state, 0))
    board.holder, board.holding, board.source = 0, 7, "draw"
    view.viewer = 0
    view.draw(pygame.Surface((1280, 720)), board, [])
    return {words: rect.h for words, rect in view.words.text_rects}


@pytest.mark.parametrize("players", [3, 4])
def test_table_text_grows_with_the_text_size_setting(players):
    normal, large = table_text_heights(1.0, players), table_text_heights(1.5, players)

    def facts(texts: dict[str, int]) -> set[str]:  # a label's facts may take two lines at a larger size
        return {fact for words in texts for fact in words.split(" · ")}

    assert facts(normal) == facts(large)
    for words in ("You: take the discard (5) or draw a card", "Bob", "Ann", "Discard", "You drew a 7", "Round 1"):
        assert large[words] > normal[words], words
    assert sum(large.values()) > 1.25 * sum(normal.values())
