"""Every screen's drawn text at the largest text size (150 %), in every language the game offers,
1280x720, eight seats:
no text smaller than on the same screen at 100 %, none under 10 px (issue 48: setup's levels and
colours, "Clear the statistics", the review's decisions and How to play's edition button kept
their size, or shrank, while their neighbours grew).

The sizes are those the text cache is asked to render on one frame of each screen, told apart by
who draws them: the table's own painters (plates, pile captions, the corner tip, the round's
score table) or the other screens. Card faces draw their figures with the card, not as text."""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest
from i18n_gallery import game_overs, screens, settle, tables

from game.i18n import available_languages
from game.ui.text import TextCache

SMALLEST = 10  # px, at 1280x720
ALIKE = 0.85  # the least share of its neighbours' size a button's label is drawn at
ROOT = Path(__file__).resolve().parents[1]
# the painters of the table's text (the other helper's, issue 48 item 3): plates, pile captions, the
# corner tip, the round's score tables; the card art draws card faces, not text
TABLE_PAINTERS = ("game/ui/table_", "game/ui/plates.py", "game/ui/recap.py", "game/ui/move_marks.py",
                  "game/ui/guide.py", "scenes/play.py", "scenes/round_score.py", "scenes/score_sheet.py")
NOT_TEXT = ("game/ui/card_art.py", "game/ui/card_paint.py", "game/ui/card_sprite.py")
# what draws any text for whoever calls it: the caller is the painter
GENERIC = ("game/ui/text.py", "game/ui/widgets.py", "game/ui/ink.py", "game/ui/note.py", "scenes/base.py")

Sizes = dict[tuple[str, str, str], int]  # (screen, table or screen, words or line) -> the smallest px drawn


def painter() -> tuple[str, str] | None:
    """("table" or "screen", the line that asked for the text) of the render call being made;
    None for a card face."""
    frame: FrameType | None = sys._getframe(2)
    while frame is not None:
        path = Path(frame.f_code.co_filename)
        if ROOT in path.parents:
            where = path.relative_to(ROOT).as_posix()
            if where.startswith(NOT_TEXT):
                return None
            if not where.startswith(GENERIC):
                return ("table" if where.startswith(TABLE_PAINTERS) else "screen"), f"{where}:{frame.f_lineno}"
        frame = frame.f_back
    return None


def all_screens(app) -> Iterator[str]:
    yield from screens(app)
    yield from tables(app, 8)
    yield from game_overs(app, 8)


def drawn_sizes(make_app, tmp_path, scale: int, language: str) -> Sizes:
    app = make_app(size=(1280, 720), speed=None, data_dir=tmp_path / f"{language}-at{scale}")
    app.settings.language, app.settings.ui_scale = language, scale
    app.apply_settings()
    sizes: Sizes = {}
    drawing: list[str] = []
    original = TextCache.render

    def render(cache, text, size, *args, **kwargs):
        drawn = painter() if drawing and text.strip() else None
        if drawn is not None:
            # by its words, and by the line that drew it (a paragraph wraps otherwise as it grows)
            for key in ((drawing[0], drawn[0], text), (drawing[0], drawn[0], drawn[1])):
                sizes[key] = min(sizes.get(key, size), int(size))
        return original(cache, text, size, *args, **kwargs)

    TextCache.render = render  # type: ignore[method-assign, assignment]
    try:
        for name in all_screens(app):
            drawing[:] = [name]
            settle(app, 1)  # one frame of the screen as it stands
            drawing.clear()
            group = getattr(app.stack.top, "buttons", None)
            for button in group.buttons if group is not None else ():  # a label's size as its button draws it
                assert group is not None
                key = (name, f"button {button.size}", button.label)
                sizes[key] = group.label_px(button, button.label)
    finally:
        TextCache.render = original  # type: ignore[method-assign]
    return sizes


@pytest.fixture(scope="module", params=[code for code, _name in available_languages()])
def both(request, tmp_path_factory) -> tuple[Sizes, Sizes]:
    """The sizes at 100 % and at 150 % in one language (each gallery drawn once per language for
    the module's tests)."""
    from game import i18n
    from skyjo.app import App

    built = []

    def make(size, speed, data_dir):
        data_dir.mkdir(parents=True, exist_ok=True)
        app = App(str(data_dir), size=size)
        app.speed_override = speed
        built.append(app)
        return app

    try:
        folder = tmp_path_factory.mktemp("sizes")
        return drawn_sizes(make, folder, 100, request.param), drawn_sizes(make, folder, 150, request.param)
    finally:
        for app in built:
            app.close()
        i18n.set_language("en")


def problems(both: tuple[Sizes, Sizes], who: str) -> list[str]:
    normal, large = both
    found = []
    by_screen: dict[str, int] = defaultdict(int)
    for (screen, painted, words), px in sorted(large.items()):
        if painted != who:
            continue
        by_screen[screen] += 1
        before = normal.get((screen, painted, words))
        if px < SMALLEST:
            found.append(f"{screen}: {words!r} is {px} px at 150 %")
        elif before is not None and px < before:
            found.append(f"{screen}: {words!r} is {px} px at 150 %, {before} px at 100 %")
    return found


@pytest.mark.slow
def test_the_screens_text_grows_with_the_text_size_and_stays_readable(both) -> None:
    assert len({screen for screen, who, _words in both[1] if who == "screen"}) > 40  # the gallery was drawn
    found = problems(both, "screen")
    assert not found, "\n".join(found)


def unequal_buttons(sizes: Sizes) -> list[str]:
    """The screens whose buttons of one size draw their labels at different sizes (a long label
    squeezed smaller than its neighbours: "Reset statistics", "Explain as we play")."""
    found = []
    by_screen: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)
    for (screen, kind, words), px in sizes.items():
        if kind.startswith("button ") and words:
            by_screen[(screen, kind)][words] = px
    for (screen, kind), labels in sorted(by_screen.items()):
        largest = max(labels.values())
        # (a fitted label may lose a pixel or two; a cross "x" is a glyph in a small square)
        if any(px < ALIKE * largest for words, px in labels.items() if len(words.strip()) > 2):
            found.append(f"{screen}: {kind} px labels drawn at {labels}")
    return found


@pytest.mark.slow
def test_the_buttons_of_a_screen_draw_their_labels_alike(both) -> None:
    found = unequal_buttons(both[0]) + unequal_buttons(both[1])
    assert not found, "\n".join(found)


@pytest.mark.slow
def test_the_tables_text_grows_with_the_text_size_and_stays_readable(both) -> None:
    found = problems(both, "table")
    assert not found, "\n".join(found)
