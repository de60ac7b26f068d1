"""The statistics screen's trend of Expert's reviews (issue 33): each player's points lost per
decision, game by game, drawn from the review shelf; "not reviewed yet" without one."""

from __future__ import annotations

import json

import pytest
from helpers import finished_game, journal_inks, key_event
from pilot import Pilot

from game.store import Store
from game.store.reviews import FORMAT, REVIEWS_FILE
from game.ui.layout import Box, Viewport

pygame = pytest.importorskip("pygame")

pytestmark = pytest.mark.usefixtures("small_display")


def write_trend(data_dir, trends: dict[str, list[float]]) -> None:
    """A review shelf (reviews.json, as game/store/reviews.py documents it) holding only these trends."""
    points = {name: [{"game": f"game{number}", "per_decision": value, "decisions": 50}
                     for number, value in enumerate(values)] for name, values in trends.items()}
    (data_dir / REVIEWS_FILE).write_text(json.dumps({"format": FORMAT, "reviews": [], "trend": points}))


def test_the_points_run_oldest_left_newest_right_zero_at_the_bottom():
    from game.ui.trend_chart import trend_points

    box = Box(100, 50, 200, 40)
    points = trend_points([0.5, 1.0, 0.0], box)
    assert [x for x, _y in points] == [100, 200, 300]
    assert [y for _x, y in points] == [70, 50, 90]  # the largest at the top, 0 on the bottom edge
    assert trend_points([0.3], box) == [box.center]
    assert trend_points([0.0, 0.0], box) == [(100, 90), (300, 90)]  # never a division by zero
    assert trend_points([], box) == []


def test_the_trend_is_drawn_in_its_cell_in_the_line_colour():
    from game.ui.trend_chart import LATEST_MARK, TREND_LINE, draw_trend

    surface = pygame.Surface((400, 200))
    box = Box(50, 50, 200, 80)
    drawn = draw_trend(surface, Viewport(1.0, 0, 0), [0.8, 0.2, 0.5], box)
    assert len(drawn) == 3
    cell = pygame.Rect(45, 45, 210, 90)
    line = [(x, y) for x in range(400) for y in range(200) if surface.get_at((x, y))[:3] == TREND_LINE]
    assert line and all(cell.collidepoint(point) for point in line)
    assert surface.get_at(drawn[-1])[:3] == LATEST_MARK  # the newest game stands out
    between = ((drawn[0][0] + drawn[1][0]) // 2, (drawn[0][1] + drawn[1][1]) // 2)
    assert surface.get_at(between)[:3] == TREND_LINE  # the games are joined by a line
    blank = pygame.Surface((400, 200))
    assert draw_trend(blank, Viewport(1.0, 0, 0), [], box) == []
    assert pygame.transform.average_color(blank)[:3] == (0, 0, 0)


def test_the_words_use_the_languages_decimal_mark():
    from game.i18n import set_language
    from game.ui.trend_chart import average_words, per_decision_words, shown_games

    assert per_decision_words(0.4213) == "0.42 a decision"
    assert average_words([0.25, 0.5]) == "average 0.38 over 2 games"
    assert average_words([0.25]) == "average 0.25 over 1 game"
    assert average_words([]) == ""
    assert shown_games(list(range(15))) == list(range(5, 15))  # the last ten, oldest first
    set_language("fr")
    try:
        assert per_decision_words(0.4213).startswith("0,42 ")
    finally:
        set_language("en")


@pytest.fixture
def stats_app(make_app, tmp_path):
    """Ann has three games recorded (against a computer called Bot)."""
    store = Store(tmp_path)
    for seed in range(3):
        store.stats.record_game(*finished_game(seed))
    return make_app(size=(1280, 720))


def trend_cell(app, scene) -> pygame.Rect:
    """The chart's place on the first card."""
    return scene.viewport.rect(scene.cards()[0][1].chart)


def line_pixels(app, rect: pygame.Rect) -> int:
    from game.ui.trend_chart import TREND_LINE

    return sum(app.screen.get_at((x, y))[:3] == TREND_LINE for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))


def test_a_reviewed_player_shows_their_trend_and_figures(stats_app, tmp_path):
    from scenes.statistics import StatisticsScene

    write_trend(tmp_path, {"Ann": [0.6, 0.45, 0.3], "Somebody else": [2.0]})
    scene = Pilot(stats_app).read_in(stats_app.stack.push(StatisticsScene(stats_app)))
    assert scene.trends == {"Ann": [0.6, 0.45, 0.3]}
    words = [ink.words for ink in journal_inks(stats_app, [scene])]
    assert "last reviewed game: 0.30 a decision" in words and "average 0.45 over 3 games" in words
    assert "Trend: points lost per decision in Expert's reviews (lower is better)" in words
    assert "not reviewed yet" not in words
    assert line_pixels(stats_app, trend_cell(stats_app, scene)) > 20


def test_a_player_without_a_review_says_so_and_draws_no_line(stats_app, tmp_path):
    from scenes.statistics import StatisticsScene

    write_trend(tmp_path, {"Bot": [0.5, 0.4]})  # (a computer's name: never a row here)
    scene = Pilot(stats_app).read_in(stats_app.stack.push(StatisticsScene(stats_app)))
    assert scene.trends == {"Ann": []}
    words = [ink.words for ink in journal_inks(stats_app, [scene])]
    assert "not reviewed yet" in words
    assert line_pixels(stats_app, trend_cell(stats_app, scene)) == 0


def test_a_damaged_review_shelf_reads_as_no_review(stats_app, tmp_path):
    from scenes.statistics import StatisticsScene

    (tmp_path / REVIEWS_FILE).write_text('{"format": 2, "trend": {"Ann": [{"game": 1')
    scene = Pilot(stats_app).read_in(stats_app.stack.push(StatisticsScene(stats_app)))
    assert scene.trends == {"Ann": []} and not scene.message


def test_review_a_game_opens_the_choice_and_a_new_review_shows_on_return(stats_app, tmp_path):
    from scenes.statistics import StatisticsScene

    scene = Pilot(stats_app).read_in(stats_app.stack.push(StatisticsScene(stats_app)))
    scene.handle_event(key_event(pygame.K_RIGHT))  # from Back to Review a game
    scene.handle_event(key_event(pygame.K_RETURN))
    assert stats_app.stack.top.name == "review_pick"
    write_trend(tmp_path, {"Ann": [0.2]})  # a review was made meanwhile
    stats_app.stack.top.close()
    assert stats_app.stack.top is scene and Pilot(stats_app).read_in(scene).trends == {"Ann": [0.2]}
    assert scene.buttons.buttons[scene.buttons.focus].name == "review"  # where the player left it


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_table_with_trends_has_no_text_on_text(make_app, tmp_path, size, language):
    from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
    from game.ui.ink import collisions
    from scenes.statistics import StatisticsScene

    store = Store(tmp_path)
    names = ["WWWWWWWWWWWWWWWW", "Anne-Charlotte", "Bérénice", "Maximilien", "Jo", "Li", "Zoé"]
    for number, name in enumerate(names):
        match, state = finished_game(number)
        seats = (SeatConfig(name, HUMAN), SeatConfig("Bot", COMPUTER, "hard"))
        store.stats.record_game(MatchConfig(match.edition, seats, end_score=match.end_score, seed=match.seed), state)
    trend = {name: [1.25 * (number + 1), 0.5, 10.75][: number % 3 + 1] for number, name in enumerate(names)}
    write_trend(tmp_path, trend)
    app = make_app(size=size)
    pilot = Pilot(app)
    app.settings.language, app.settings.ui_scale = language, 150
    app.apply_settings()
    scene = pilot.read_in(app.stack.push(StatisticsScene(app)))
    assert len(scene.players) == len(names)
    shown = []
    for page in range(len(scene.pages())):  # (at 150 % text the seven cards take pages)
        scene.page = page
        assert collisions(journal_inks(app, [scene]), app.screen.get_rect()) == []
        shown += [name for name, _parts in scene.cards()]
    assert sorted(shown) == sorted(names)
