"""Every screen in every language the game offers: each string shown is in the language's
catalogue, and no text overflows its button or the screen."""

import gettext

import pytest
from i18n_gallery import screens

from game import i18n
from game.ui.widgets import BUTTON_PAD, LOGICAL_H, LOGICAL_W, font_px
from scenes.base import AppScene

LEFT_EDGE = {"midleft", "topleft", "bottomleft"}
RIGHT_EDGE = {"midright", "topright", "bottomright"}
SHRINK = 0.75
LANGUAGES = [code for code, _name in i18n.available_languages()]
# English and French run in the fast suite; each later language draws the gallery again (slow)
FAST = {"en", "fr"}


def each_language(codes):
    return [pytest.param(code, marks=() if code in FAST else pytest.mark.slow) for code in codes]


@pytest.fixture
def app(make_app):
    """The screens at 1280x720, animations at the settings' speed."""
    return make_app(size=(1280, 720), speed=None)


def set_language(app, code):
    app.settings.language = code
    app.apply_settings()


def test_every_string_shown_in_french_is_translated(app):
    set_language(app, "fr")
    seen: set[str] = set()
    i18n.set_recorder(seen.add)
    try:
        names = list(screens(app))
    finally:
        i18n.set_recorder(None)
    french = gettext.translation("skyjo", i18n.locale_dir(), languages=["fr"])
    missing = sorted(msgid for msgid in seen if msgid.strip() and french.gettext(msgid) == msgid
                     and msgid not in SAME_IN_FRENCH and msgid not in translated_plurals())
    assert len(names) >= 12 and len(seen) > 60
    assert not missing, f"shown but not translated: {missing}"


def translated_plurals() -> set[str]:
    """The plural msgids (ngettext's second string) the French catalogue translates: gettext
    looks a message up by its singular only, so the plural would pass for untranslated."""
    from babel.messages.pofile import read_po

    with open(f"{i18n.locale_dir()}/fr/LC_MESSAGES/skyjo.po", "rb") as po:
        return {message.id[1] for message in read_po(po) if isinstance(message.id, tuple) and all(message.string)}


def catalogued(lang: str) -> set[str]:
    """The msgids (singular and plural) that `lang`'s catalogue translates."""
    from babel.messages.pofile import read_po

    with open(f"{i18n.locale_dir()}/{lang}/LC_MESSAGES/skyjo.po", "rb") as po:
        messages = [m for m in read_po(po) if m.id]
    strings = [(m.id if isinstance(m.id, tuple) else (m.id,), m.string if isinstance(m.string, tuple) else (m.string,))
               for m in messages]
    return {msgid for ids, translated in strings if all(translated) for msgid in ids}


@pytest.mark.parametrize("lang", each_language(code for code in LANGUAGES if code not in ("en", "fr")))
def test_every_string_shown_is_in_the_languages_catalogue(app, lang):
    set_language(app, lang)
    seen: set[str] = set()
    i18n.set_recorder(seen.add)
    try:
        names = list(screens(app))
    finally:
        i18n.set_recorder(None)
    missing = sorted(msgid for msgid in seen if msgid.strip() and msgid not in catalogued(lang))
    assert len(names) >= 12 and len(seen) > 60
    assert not missing, f"shown but not in the {lang} catalogue: {missing}"


SAME_IN_FRENCH = {"Score", "Total", "Normal", "Expert", "Skyjo", "Skyjo Voyage", "Voyage", "Tom", "Licence",
                  "{points} pts", "{points} point", "{points} points", "Scores (S)",
                  "Page {page} of {count}", "{day} {month}", "Version {version}"}


def record_texts(monkeypatch):
    """(scene, words, logical size, x, anchor, max_width, bold) of every AppScene.text call."""
    calls = []
    original = AppScene.text

    def text(self, surface, words, size, x, y, max_width=None, **style):
        rect = original(self, surface, words, size, x, y, max_width, **style)
        calls.append((self, words, size, x, style.get("anchor", "center"), max_width, style.get("bold", False), rect))
        return rect

    monkeypatch.setattr(AppScene, "text", text)
    return calls


def collisions(name, calls):
    """Two different texts of one screen drawn over each other (a long translation runs into its
    neighbour). The glyph boxes are shrunk a little: lines may touch, not overlap."""
    found, drawn = [], {}
    for scene, words, *_rest, rect in calls:
        drawn[(id(scene), words, tuple(rect))] = (scene, words, rect.inflate(-4, -rect.h // 3))
    items = list(drawn.values())
    for i, (scene, words, rect) in enumerate(items):
        for other_scene, other, other_rect in items[i + 1:]:
            if other_scene is scene and rect.colliderect(other_rect):
                found.append(f"{name}: {words!r} runs into {other!r}")
    return found


def logical_width(app, scene, words, size, bold):
    px = font_px(scene.viewport, size)
    return app.text.font(px, bold).size(words)[0] / scene.viewport.scale


def table_problems(name, view, screen):
    """The table's own texts (labels, captions, score panel, prompt, banners): inside the window
    and, for two different texts, never drawn over each other."""
    problems = []
    placed = [(words, rect) for words, rect in view.words.text_rects if words]
    for index, (words, rect) in enumerate(placed):
        if not screen.contains(rect):
            problems.append(f"{name}: table text {words!r} at {rect} leaves the window")
        if words == view.marks.prompt and rect.w > view.viewport.rect(view.layout.prompt).w:
            problems.append(f"{name}: prompt {words!r} is wider than its band")
        glyphs = rect.inflate(-4, -rect.h // 3)
        for other, other_rect in placed[index + 1:]:
            if other != words and glyphs.colliderect(other_rect.inflate(-4, -other_rect.h // 3)):
                problems.append(f"{name}: table text {words!r} runs into {other!r}")
    return problems


@pytest.mark.parametrize("scale", [100, 150])
@pytest.mark.parametrize("language", each_language(LANGUAGES))
def test_no_text_overflows_its_box(app, language, scale, monkeypatch):
    app.settings.ui_scale = scale
    set_language(app, language)
    calls = record_texts(monkeypatch)
    problems = []
    for name in screens(app):
        for scene in app.stack.scenes:
            group = getattr(scene, "buttons", None)
            for button in group.buttons if group is not None else ():
                # the size the group really draws the label at (the UI scale included)
                px = group.label_px(button, button.label)
                width = app.text.font(px, True).size(button.label)[0]
                room = group.screen_rect(button).w - 2 * font_px(group.viewport, BUTTON_PAD)
                if width > room:
                    problems.append(f"{name}: button {button.label!r} is {width} px wide in {room}")
                if px * 4 < font_px(group.viewport, button.size) * 3:
                    problems.append(f"{name}: button {button.label!r} shrinks to {px} px to fit")
                if not (0 <= button.box.x and button.box.x + button.box.w <= LOGICAL_W
                        and 0 <= button.box.y and button.box.y + button.box.h <= LOGICAL_H):
                    problems.append(f"{name}: button {button.label!r} leaves the screen")
        view = getattr(app.stack.top, "view", None) or getattr(app.stack.scenes[0], "view", None)
        if view is not None:
            problems += table_problems(name, view, app.screen.get_rect())
        problems += collisions(name, calls)
        for scene, words, size, x, anchor, max_width, bold, _rect in calls:
            width = logical_width(app, scene, words, size, bold)
            left = x if anchor in LEFT_EDGE else x - width if anchor in RIGHT_EDGE else x - width / 2
            # a text given a max_width shrinks to fit it: it may, but by a quarter at most
            if left < 0 or left + width > LOGICAL_W or (max_width and width * SHRINK > max_width):
                problems.append(f"{name}: {words!r} spans {left:.0f}..{left + width:.0f}")
        calls.clear()
    assert not problems, "\n".join(problems)


def test_language_switches_without_restart(app, pilot):
    from scenes.pause import PauseScene

    names = iter(screens(app))
    while next(names) != "table_turn":
        pass
    play = app.stack.top
    english = play.view.marks.prompt
    assert english.startswith("You:")
    pause = app.stack.push(PauseScene(app, play.table, play.guide))
    pilot.advance()
    pause.press("settings")
    pilot.advance()
    settings = app.stack.top
    settings.press("language")
    assert settings.buttons.named("language").label == "Langue : Français"
    settings.close()
    pilot.advance()
    assert pause.buttons.named("resume").label == "Reprendre"
    pause.close()
    pilot.advance()
    assert play.view.marks.prompt.startswith("Vous :") and play.view.marks.prompt != english
    assert app.settings.language == "fr"
