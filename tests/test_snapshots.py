"""Every screen of the gallery against its snapshot (tests/snapshot_tools.py says how they are made
and compared). After a change of look meant to be seen: `python tests/snapshot_tools.py --refresh`,
then look at the PNGs it changed in tests/snapshots/ before committing them."""

from __future__ import annotations

import struct

import pygame
import pytest
import snapshot_tools as snap

REFRESH = "python tests/snapshot_tools.py --refresh"


@pytest.mark.slow  # (the whole gallery drawn: about 7 s of CPU for the three looks)
@pytest.mark.parametrize("look", snap.LOOKS, ids=[look.name for look in snap.LOOKS])
def test_every_screen_matches_its_snapshot(look: snap.Look) -> None:
    outcome = snap.check(look)
    said = "\n".join(outcome.lines())
    assert not said, f"the screens differ from their snapshots:\n{said}\nif the change is meant: {REFRESH}"


def test_the_snapshots_are_kept_small_and_of_one_size() -> None:
    kept = [snap.path_of(look, name) for look in snap.LOOKS for name in snap.stored(look)]
    assert len(kept) >= 80, "the snapshot set is missing: " + REFRESH
    for path in kept:  # (a PNG's width and height are the first fields of its header)
        header = path.read_bytes()[:24]
        assert header[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", header[16:24]) == snap.SIZE, path
    assert sum(path.stat().st_size for path in kept) < 5_000_000  # bytes: a few MB in the repository


def test_every_look_keeps_every_screen_it_names() -> None:
    for look in snap.LOOKS:
        if look.only is not None:
            assert look.only <= set(snap.stored(look)), (look.name, sorted(look.only - set(snap.stored(look))))
    assert not snap.UNSTEADY & set(snap.stored(snap.LOOKS[0]))


@pytest.fixture
def menu(make_app):
    """The menu at 1280x720 as a snapshot, and the app that drew it."""
    from pilot import Pilot

    from scenes.names import MENU

    app = make_app(size=(1280, 720))
    app.stack.push(MENU)
    Pilot(app).advance(3)
    return snap.snapshot(app.screen), app


def test_a_screen_moved_by_a_few_pixels_is_told_and_shown(menu, tmp_path, monkeypatch) -> None:
    shot, _app = menu
    moved = shot.copy()
    moved.blit(shot, (0, 3))  # everything 3 px lower (6 px of the window): what a layout change does
    assert snap.count_differing(shot, shot.copy()) == 0
    assert snap.count_differing(moved, shot) > snap.MOST_DIFFERING
    diff = snap.diff_picture(moved, shot)
    assert diff.get_size() == snap.SIZE
    magenta = pygame.mask.from_threshold(diff, (255, 0, 255), (1, 1, 1, 255)).count()
    assert magenta == snap.differing(moved, shot).count() > 0  # each differing pixel marked, only those


def test_a_level_of_difference_from_smoothing_passes(menu) -> None:
    shot, _app = menu
    nudged = shot.copy()
    for x in range(0, snap.SIZE[0], 7):  # every seventh pixel one level brighter or darker (a font's
        for y in range(0, snap.SIZE[1], 5):  # smoothing on another machine, rounding near a level's edge)
            r, g, b, _a = nudged.get_at((x, y))
            step = snap.STEP if r < 128 else -snap.STEP
            nudged.set_at((x, y), (r + step, g, b))
    assert snap.count_differing(nudged, shot) == 0
    patch = shot.copy()
    patch.fill((255, 0, 255), pygame.Rect(0, 0, 6, 5))  # a thing of 30 pixels drawn where nothing was
    assert snap.count_differing(patch, shot) > snap.MOST_DIFFERING


def test_a_failure_writes_the_actual_and_the_diff_and_names_them(tmp_path, monkeypatch) -> None:
    look = snap.Look("en", 100, (1280, 720), frozenset({"menu"}))
    monkeypatch.setattr(snap, "STORE", tmp_path / "kept")
    monkeypatch.setenv("SKYJO_SNAPSHOT_FAILURES", str(tmp_path / "failed"))
    first = snap.check(look, refresh=True)
    assert first.new == ["menu"] and snap.stored(look) == ["menu"]
    kept = snap.path_of(look, "menu")
    picture = pygame.image.load(str(kept))
    picture.fill((255, 0, 255), pygame.Rect(100, 100, 60, 40))  # as if the menu had moved since
    pygame.image.save(picture, str(kept))
    outcome = snap.check(look)
    assert list(outcome.moved) == ["menu"] and not outcome.new and not outcome.gone
    (line,) = outcome.lines()
    assert f"{tmp_path / 'failed' / look.name / 'menu'}.actual.png" in line
    assert (tmp_path / "failed" / look.name / "menu.actual.png").exists()
    assert (tmp_path / "failed" / look.name / "menu.diff.png").exists()
    assert snap.check(look, refresh=True).moved and not snap.check(look).moved  # refreshed: matches again
