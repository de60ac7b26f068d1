"""A golden image of a dealt table (fixed seed, 960x540). Regenerate after an intended change
of look with SKYJO_REGEN_GOLDEN=1 and check the new PNG by eye before committing it."""

import os
from pathlib import Path

import pygame
import pytest
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from scenes.play import PlayScene

GOLDEN = Path(__file__).parent / "golden" / "table_dealt_960x540.png"
CHANNEL_TOLERANCE = 24  # per colour channel: font hinting and smoothing may differ slightly
MAX_DIFFERENT = 0.005  # share of pixels allowed beyond that tolerance


def render_dealt_table(app) -> pygame.Surface:
    """The table of a fresh game, on the `app` fixture (960x540, instant animations)."""
    pilot = Pilot(app)
    seats = (SeatConfig("You", HUMAN), SeatConfig("Robin", COMPUTER, "normal"), SeatConfig("Sasha", COMPUTER, "normal"))
    config = MatchConfig("voyage", seats, seed=42)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    pilot.advance(3)
    assert not play.anim.busy and play.acting_human() == 0
    return app.screen.copy()


def different_pixels(a: pygame.Surface, b: pygame.Surface) -> float:
    data_a, data_b = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    over = 0
    for i in range(0, len(data_a), 3):
        if (abs(data_a[i] - data_b[i]) > CHANNEL_TOLERANCE or abs(data_a[i + 1] - data_b[i + 1]) > CHANNEL_TOLERANCE
                or abs(data_a[i + 2] - data_b[i + 2]) > CHANNEL_TOLERANCE):
            over += 1
    return over / (len(data_a) // 3)


def test_dealt_table_matches_the_golden_image(app):
    image = render_dealt_table(app)
    if os.environ.get("SKYJO_REGEN_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        pygame.image.save(image, str(GOLDEN))
        pytest.skip(f"regenerated {GOLDEN}")
    assert GOLDEN.exists(), f"{GOLDEN} is missing: run with SKYJO_REGEN_GOLDEN=1 and check the image"
    golden = pygame.image.load(str(GOLDEN))
    assert golden.get_size() == image.get_size()
    share = different_pixels(image, golden)
    assert share <= MAX_DIFFERENT, f"{share:.2%} of pixels differ from {GOLDEN.name}"


def test_the_comparison_notices_a_real_change(app):
    image = render_dealt_table(app)
    changed = image.copy()
    pygame.draw.rect(changed, (255, 0, 255), pygame.Rect(100, 100, 80, 80))
    assert different_pixels(image, image.copy()) == 0
    assert different_pixels(image, changed) > MAX_DIFFERENT
