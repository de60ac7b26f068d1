"""Statistics as a page (issue 40 item 8): a card per player with each of their figures and
their trend, cards that fill the page, text that grows with the text size setting, pages
turned by keyboard and mouse when the players do not fit, and room on each card for one more
line."""

from __future__ import annotations

import pytest
from helpers import journal_inks, key_event
from i18n_gallery import STAT_NAMES, statistics_data
from pilot import Pilot

from game.ui.ink import PANEL, TEXT, collisions

pygame = pytest.importorskip("pygame")

SIZES = [(1280, 720), (1920, 1080)]


def open_statistics(make_app, tmp_path, players: int, size=(1280, 720), language="en", scale=100, scene_class=None):
    from scenes.statistics import StatisticsScene

    folder = tmp_path / f"data{len(list(tmp_path.iterdir()))}"  # (an app locks its folder: one each)
    folder.mkdir()
    statistics_data(folder, players)
    app = make_app(size=size, data_dir=folder)
    pilot = Pilot(app)
    app.settings.language, app.settings.ui_scale = language, scale
    app.apply_settings()
    scene = pilot.read_in(app.stack.push((scene_class or StatisticsScene)(app)))
    return app, scene


def cards_drawn(app, scene) -> dict[str, list]:
    """Each card drawn (a panel named after its player) with the texts inside it."""
    inks = journal_inks(app, [scene])
    panels = {ink.words: ink.rect for ink in inks if ink.kind == PANEL}
    return {name: [ink for ink in inks if ink.kind == TEXT and rect.contains(ink.rect)]
            for name, rect in panels.items()}


def all_pages(app, scene) -> dict[str, list]:
    """The cards of every page, turning the pages with Page Down."""
    while scene.page > 0:
        scene.handle_event(key_event(pygame.K_PAGEUP))
    found = cards_drawn(app, scene)
    for _page in range(len(STAT_NAMES)):
        before = scene.page
        scene.handle_event(key_event(pygame.K_PAGEDOWN))
        if scene.page == before:
            break
        found.update(cards_drawn(app, scene))
    return found


def test_each_player_has_a_card_with_every_figure_and_their_trend(make_app, tmp_path):
    from game.ui.trend_chart import TREND_LINE

    app, scene = open_statistics(make_app, tmp_path, 3)
    cards = cards_drawn(app, scene)
    assert sorted(cards) == ["Ann", "Anne-Charlotte", "Bob"]
    ann = [ink.words for ink in cards["Ann"]]  # 12 games, 6 won, 48 rounds of 20 on average, best −7 (the true minus)
    for words in ("Ann", "12", "Games", "6 (50%)", "Won", "20.0", "Average round", "\u22127", "Best round", "4",
                  "Columns", "2", "Doubled", "48 rounds played", "Games won: 6 of 12 at Voyage · 6 of 12 against Easy",
                  "last reviewed game: 0.40 a decision", "average 0.77 over 10 games"):
        assert words in ann, f"{words!r} is not on Ann's card: {ann}"
    assert "not reviewed yet" in [ink.words for ink in cards["Bob"]]
    chart = scene.viewport.rect(dict(scene.cards())["Ann"].chart)
    line = sum(app.screen.get_at((x, y))[:3] == TREND_LINE for x in range(chart.left, chart.right)
               for y in range(chart.top, chart.bottom))
    assert line > 50  # the trend is a chart on the card, not a number alone
    six_digits = [ink.words for ink in cards["Anne-Charlotte"]]
    assert "123456" in six_digits and "\u221212" in six_digits


@pytest.mark.parametrize("size", SIZES)
def test_the_cards_use_the_page(make_app, tmp_path, size):
    """At 3 players the cards cover most of the window (one row on an empty page before)."""
    app, scene = open_statistics(make_app, tmp_path, 3, size=size)
    inks = journal_inks(app, [scene])
    covered = sum(ink.rect.w * ink.rect.h for ink in inks if ink.kind == PANEL)
    window = size[0] * size[1]
    assert covered >= 0.6 * window, f"the cards cover {covered / window:.0%} of the window"
    for players in (1, 8):
        app, scene = open_statistics(make_app, tmp_path, players, size=size)
        panels = [ink for ink in journal_inks(app, [scene]) if ink.kind == PANEL]
        assert len(panels) == players and sum(p.rect.w * p.rect.h for p in panels) >= 0.6 * window


def text_heights(app, scene) -> dict[str, int]:
    """The height of each text on the screen (its inked pixels), by its words."""
    return {ink.words: ink.rect.h for ink in journal_inks(app, [scene]) if ink.kind == TEXT}


def test_the_text_grows_at_150_percent(make_app, tmp_path):
    app, scene = open_statistics(make_app, tmp_path, 1, scale=100)
    normal = text_heights(app, scene)
    app, scene = open_statistics(make_app, tmp_path, 1, scale=150)
    large = text_heights(app, scene)
    for words in ("Ann", "12", "Games", "last reviewed game: 0.40 a decision"):
        assert large[words] >= 1.35 * normal[words], f"{words!r}: {normal[words]} px at 100 %, {large[words]} at 150 %"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("scale", [100, 150])
def test_eight_players_are_all_shown_without_text_on_text(make_app, tmp_path, size, language, scale):
    app, scene = open_statistics(make_app, tmp_path, 8, size=size, language=language, scale=scale)
    seen = all_pages(app, scene)
    assert sorted(seen) == sorted(STAT_NAMES)
    for page in range(len(scene.pages())):
        scene.page = page
        scene.build()
        assert collisions(journal_inks(app, [scene]), app.screen.get_rect()) == []
    if scale == 100:
        assert len(scene.pages()) == 1  # eight cards on one page at the usual text size


def test_pages_turn_by_keyboard_buttons_and_wheel(make_app, tmp_path):
    _app, scene = open_statistics(make_app, tmp_path, 8, scale=150)
    first = [name for name, _parts in scene.cards()]
    assert 1 < len(scene.pages()) and len(first) < 8
    assert not scene.buttons.named("previous").enabled
    for _step in range(len(scene.buttons.buttons)):  # the keyboard alone: Tab to Next (Previous is off)...
        if scene.buttons.buttons[scene.buttons.focus].name == "next":
            break
        scene.handle_event(key_event(pygame.K_TAB))
    assert scene.buttons.buttons[scene.buttons.focus].name == "next"  # ...then Enter
    scene.handle_event(key_event(pygame.K_RETURN))
    second = [name for name, _parts in scene.cards()]
    assert scene.page == 1 and not set(first) & set(second)
    assert scene.buttons.named("previous").enabled
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))  # the wheel: back a page
    assert [name for name, _parts in scene.cards()] == first
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert scene.page == 1
    button = scene.buttons.named("previous")
    centre = scene.viewport.point(*button.box.center)  # the mouse on Previous
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
        scene.handle_event(pygame.event.Event(kind, pos=centre, button=1))
    assert scene.page == 0
    for _page in range(len(scene.pages()) + 2):  # Page Down stops at the last page
        scene.handle_event(key_event(pygame.K_PAGEDOWN))
    assert scene.page == len(scene.pages()) - 1 and not scene.buttons.named("next").enabled


@pytest.mark.parametrize("size", SIZES)
def test_each_card_has_room_for_one_more_line(make_app, tmp_path, size):
    """A note per player (the computer's level matched to them, from another part of the game)
    fits on every card, French at 150 % text, with nothing on top of anything."""
    from scenes.statistics import StatisticsScene

    class Noted(StatisticsScene):
        def note(self, name: str) -> str:
            return "L'ordinateur joue à votre niveau : à peu près Normal"

    app, scene = open_statistics(make_app, tmp_path, 8, size=size, language="fr", scale=150, scene_class=Noted)
    for page in range(len(scene.pages())):
        scene.page = page
        cards = cards_drawn(app, scene)
        assert cards and all(any(ink.words == scene.note(name) for ink in texts) for name, texts in cards.items())
        assert collisions(journal_inks(app, [scene]), app.screen.get_rect()) == []


def test_the_mark_beside_the_name_is_drawn_from_the_players_name(make_app, tmp_path, monkeypatch):
    """Each card has a spot for the player's avatar and colour, drawn from their name."""
    import game.ui.stat_cards as stat_cards

    marked = []
    draw = stat_cards.draw_player_mark
    monkeypatch.setattr(stat_cards, "draw_player_mark", lambda surface, viewport, box, name, write, *rest: (
        marked.append((name, box)), draw(surface, viewport, box, name, write, *rest)))
    app, scene = open_statistics(make_app, tmp_path, 3)
    marked.clear()
    journal_inks(app, [scene])  # one frame
    parts = dict(scene.cards())
    assert sorted(name for name, _box in marked) == sorted(parts)
    for name, box in marked:
        assert box == parts[name].mark and box.right <= parts[name].name.x and box.w >= 40


@pytest.mark.parametrize("players", [3, 8])
def test_the_figures_names_of_a_card_are_drawn_alike_in_french_at_150(make_app, tmp_path, players):
    """ "Meilleure manche" squeezed to its tile beside "Parties" at full size read as a different
    kind of text (issue 48): the names of a card's figures share one size."""
    app, _scene = open_statistics(make_app, tmp_path, players, language="fr", scale=150)
    sizes = {}
    original = app.text.render

    def render(words, px, *args, **style):  # the size each text is drawn at, its fitting done
        sizes[words] = px
        return original(words, px, *args, **style)

    app.text.render = render
    Pilot(app).advance()
    names = ("Parties", "Gagnées", "Manche moyenne", "Meilleure manche", "Colonnes", "Doublées")
    assert all(name in sizes for name in names) and len({sizes[name] for name in names}) == 1, sizes


def test_one_reviewed_game_says_when_its_line_begins(make_app, tmp_path):
    """The trend of one reviewed game was a dot alone in an empty box (issue 48)."""
    app, scene = open_statistics(make_app, tmp_path, 3)
    cards = cards_drawn(app, scene)
    lone = "The line starts with a second reviewed game"
    assert lone in [ink.words for ink in cards["Anne-Charlotte"]]  # one reviewed game
    assert lone not in [ink.words for ink in cards["Ann"]] + [ink.words for ink in cards["Bob"]]  # ten, none
