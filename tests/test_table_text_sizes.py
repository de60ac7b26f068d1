"""The table's texts at the largest text size (issue 48 item 3): every language, 1280x720, 2, 3, 4 and 8
seats, every text the table's painters draw (plates, pile captions, the prompt, the corner's tip,
hint and recap, the round's score table) is at least as large at 150 % as at 100 %, and none is
under 10 px. (tests/test_text_sizes.py, another helper's, checks every screen; until it is
merged this one checks the table's.) The fitting underneath: a size search never skips the
largest size that fits, and a note's margin is the window's, not the words'."""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType

import pygame
import pytest
from i18n_gallery import settle, tables

from game.i18n import available_languages
from game.ui.note import draw_note
from game.ui.text import TextCache

SMALLEST = 10  # px at 1280x720
LANGUAGES = [code for code, _name in available_languages()]
ROOT = Path(__file__).resolve().parents[1]
TABLE_PAINTERS = ("game/ui/table_", "game/ui/plates.py", "game/ui/recap.py", "game/ui/move_marks.py",
                  "game/ui/guide.py", "scenes/play.py", "scenes/round_score.py", "scenes/score_sheet.py")
WORDS = ("Une carte prise dans la défausse va dans votre grille : cliquez sur la carte qu'elle remplace, "
         "et l'ancienne carte part à la défausse.")


def _painter() -> str | None:
    """The table painter's line that asked for the text being rendered (None: another's)."""
    frame: FrameType | None = sys._getframe(2)
    while frame is not None:
        path = Path(frame.f_code.co_filename)
        if ROOT in path.parents:
            where = path.relative_to(ROOT).as_posix()
            if where.startswith(TABLE_PAINTERS):
                return f"{where}:{frame.f_lineno}"
        frame = frame.f_back
    return None


def table_sizes(make_app, tmp_path, scale: int, players: int, lang: str = "fr") -> dict[tuple[str, str, str], int]:
    """(screen, painter's line, words) -> the smallest px drawn, every frame of the gallery's
    table screens of `players` seats (the still table is drawn once per change: every frame counts)."""
    app = make_app(size=(1280, 720), speed=None, data_dir=tmp_path / f"at{scale}x{players}{lang}")
    app.settings.language, app.settings.ui_scale = lang, scale
    app.apply_settings()
    sizes: dict[tuple[str, str, str], int] = {}
    frame: dict[tuple[str, str], int] = {}
    original = TextCache.render

    def render(cache, text, size, *args, **kwargs):
        where = _painter() if text.strip() else None
        if where is not None:
            frame[(where, text)] = min(frame.get((where, text), int(size)), int(size))
        return original(cache, text, size, *args, **kwargs)

    TextCache.render = render  # type: ignore[method-assign, assignment]
    try:
        for name in tables(app, players):
            settle(app, 1)
            for (where, text), px in frame.items():
                sizes[(name, where, text)] = px
            frame.clear()
    finally:
        TextCache.render = original  # type: ignore[method-assign]
    return sizes


@pytest.mark.slow  # (the gallery's tables drawn eight times per language: about 40 s of CPU each)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tables_text_grows_with_the_text_size_and_stays_readable(make_app, tmp_path, lang):
    found = []
    for players in (2, 3, 4, 8):
        normal = table_sizes(make_app, tmp_path, 100, players, lang)
        large = table_sizes(make_app, tmp_path, 150, players, lang)
        assert len(large) > 20  # the plates, captions and notes were drawn
        for key, px in sorted(large.items()):
            before = normal.get(key)
            if px < SMALLEST or (before is not None and px < before):
                found.append(f"{key[0]} ({key[1]}): {key[2]!r} is {px} px at 150 %, {before} px at 100 %")
    assert not found, "\n".join(found)


def test_a_size_search_never_skips_the_largest_size_that_fits():
    text = TextCache()
    for asked in range(12, 60, 3):
        for width in (180, 260, 400):
            px = text.fit_px("Depuis votre dernier tour :", asked, width, bold=True)
            assert px == asked or text.font(px + 1, True).size("Depuis votre dernier tour :")[0] > width
            px, _blocks = text.fit_lines(WORDS, asked, width, 200)
            if px < asked:  # one size larger no longer fits
                assert text.fit_lines(WORDS, px + 1, width, 200)[0] < px + 1


def test_a_note_draws_its_words_no_smaller_at_150_than_at_100():
    """The hint, the tip and the recap sit in one fixed corner: a margin that grew with the text
    size took their room, so 150 % drew them smaller than 100 % (18 px against 20)."""
    surface = pygame.Surface((1280, 720))
    room = pygame.Rect(900, 420, 360, 260)
    drawn = {}
    for scale in (1.0, 1.5):
        text = TextCache()
        sizes = []
        original = text.render
        text.render = lambda words, px, *args, keep=sizes, draw=original, **kwargs: (
            keep.append(px) or draw(words, px, *args, **kwargs))
        draw_note(surface, text, room, 0.667 * scale, WORDS, heading="Comment jouer", text_size=scale)
        drawn[scale] = min(sizes)
    assert drawn[1.5] >= drawn[1.0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_seat_to_play_has_the_plate_easiest_to_read_at_three_seats(make_app, tmp_path, monkeypatch, lang):
    """Issue 48: "· to play" on the acting player's points line made it the smallest text of the
    table (13 px against 15); on a plate of two lines it follows the name now. And your plate
    beside your grid was a dark box with the avatar in its top corner: the avatar leads the name."""
    from game.ui.table_labels import SeatLabels

    places = []
    original = SeatLabels._avatar_place

    def avatar_place(box, words, badge):
        placed = original(box, words, badge)
        places.append((box.hug_grid, placed[1]))
        return placed

    monkeypatch.setattr(SeatLabels, "_avatar_place", staticmethod(avatar_place))
    sizes = table_sizes(make_app, tmp_path, 100, 3, lang)
    points = {words: px for (screen, where, words), px in sizes.items()
              if screen == "table3_turn" and "table_labels" in where and "·" in words}
    acting = [px for words, px in points.items() if "10 " in words]  # Ann's: "0 points · showing 10 pts"
    assert acting and min(acting) >= max(points.values())  # no other plate's line is larger
    assert (True, "name") in places and (True, "right") not in places
