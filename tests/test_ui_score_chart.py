"""The score chart (issue 32 item 5): each player's running total round by round, the end score
marked, a colour and a shape per player, names at the lines' ends. The layout is arithmetic,
tested without a screen; the screens are checked to draw it (the ink journal)."""

from __future__ import annotations

import itertools

import pytest
from helpers import journal_inks
from pilot import Pilot
from test_accessibility import contrast

from game.ui.ink import PANEL, TEXT
from game.ui.layout import Box
from game.ui.score_chart import COLOURS, MARKERS, lay_out, nice_step, running_totals, spread
from game.ui.widgets import PANEL as PANEL_COLOUR
from scenes.game_over import CHART

BOX = CHART  # the game-over screen's chart box


def inside(box: Box, point: tuple[float, float]) -> bool:
    return box.x - 0.01 <= point[0] <= box.right + 0.01 and box.y - 0.01 <= point[1] <= box.bottom + 0.01


def test_running_totals_add_up_round_by_round_and_a_tiebreak_adds_nothing():
    rows = [(10, 20, 20), (5, -2, 0), (None, 7, 3)]  # round 3: a tiebreak between seats 1 and 2
    assert running_totals(rows, [3], 3) == [[0, 10, 15, None], [0, 20, 18, 18], [0, 20, 20, 20]]


def test_each_point_is_the_total_after_its_round_higher_totals_higher_up():
    rows = [(10, 30), (25, 5), (40, 12)]
    chart = lay_out(rows, [], 100, BOX)
    ann, bob = chart.lines
    assert len(ann.points) == 4  # the start and three rounds
    assert ann.points[0] == bob.points[0] == (chart.plot.x, ann.points[0][1])  # both start at 0, left
    xs = [x for x, _y in ann.points]
    assert xs == sorted(xs) and xs[-1] == pytest.approx(chart.plot.right)
    assert [p[0] for p in bob.points] == xs  # one column per round, shared
    # ann: 0, 10, 35, 75; bob: 0, 30, 35, 47 (screen y grows downwards)
    assert ann.points[3][1] < bob.points[3][1] < bob.points[0][1]
    assert ann.points[2][1] == pytest.approx(bob.points[2][1])  # 35 and 35: the same height
    assert (ann.total, bob.total) == (75, 47)
    assert all(inside(chart.plot, p) for line in chart.lines for p in line.points)


def test_the_end_score_is_a_line_across_the_plot_at_its_height_with_its_label_beside_it():
    rows = [(60, 20), (40, 30)]  # ann ends exactly on 100
    chart = lay_out(rows, [], 100, BOX)
    ann = chart.lines[0]
    assert chart.end_score == 100
    assert chart.end_y == pytest.approx(ann.points[-1][1])
    assert chart.plot.y < chart.end_y < chart.plot.bottom
    assert abs(chart.end_label_y - chart.end_y) < chart.tick_size * 1.5
    assert chart.plot.y <= chart.end_label_y - chart.tick_size / 2  # room for its words inside the plot
    assert any(total >= 100 for _y, total in chart.y_ticks)


@pytest.mark.parametrize("text_scale", [1.0, 1.5])
def test_many_rounds_and_negative_totals_stay_inside_the_plot(text_scale: float):
    rounds = 40
    rows = [(-1, 3, -2, 2) for _ in range(rounds)]  # seat 0 ends on -40, seat 2 on -80
    chart = lay_out(rows, [], 100, BOX, text_scale)
    assert all(inside(chart.plot, p) for line in chart.lines for p in line.points)
    values = [total for _y, total in chart.y_ticks]
    assert min(values) <= -80 and 0 in values and max(values) >= 120 - 20
    assert chart.lines[2].points[-1][1] == pytest.approx(chart.plot.bottom, abs=chart.plot.h * 0.15)
    # the round numbers written under the plot do not crowd: they are skipped, the last kept
    shown = [x for x, number, _t in chart.columns if number in chart.shown_rounds]
    assert rounds in chart.shown_rounds and len(shown) < rounds
    assert all(b - a >= chart.tick_size * 1.5 for a, b in itertools.pairwise(shown))
    ticks = [y for y, _total in chart.y_ticks]
    assert all(a - b >= chart.tick_size * 1.5 for a, b in itertools.pairwise(ticks))  # totals apart too


SMALLEST_SHEET_CHART = Box(100, 960 - 400, 1720, 400)  # the score sheet's chart after many rounds


@pytest.mark.parametrize("box", [BOX, SMALLEST_SHEET_CHART], ids=["game_over", "score_sheet"])
@pytest.mark.parametrize("text_scale", [1.0, 1.25, 1.5])
def test_eight_names_close_together_are_moved_apart_in_order_and_stay_in_the_box(text_scale: float, box: Box):
    rows = [tuple(40 + seat for seat in range(8)), tuple(5 + (seat % 3) for seat in range(8))]
    chart = lay_out(rows, [], 100, box, text_scale)
    ends = sorted(chart.lines, key=lambda line: (line.points[-1][1], line.seat))
    labels = [line.label_y for line in ends]
    assert labels == sorted(labels)  # the same order as the lines' ends
    assert all(b - a >= chart.label_size * 0.99 for a, b in itertools.pairwise(labels))  # a line of text apart
    assert all(chart.box.y + chart.label_size / 2 <= y <= chart.box.bottom - chart.label_size / 2 for y in labels)
    assert chart.labels_x > chart.plot.right and chart.labels_x + chart.labels_w <= chart.box.right



def crossings(paths: dict) -> list[tuple[int, int]]:
    """The pairs of seats whose leader lines cross (each line made of level and upright pieces)."""
    def pieces(path):
        return [(a, b) for a, b in itertools.pairwise(path)]

    found = []
    for (seat, path), (other, other_path) in itertools.combinations(sorted(paths.items()), 2):
        for (a, b), (c, d) in itertools.product(pieces(path), pieces(other_path)):
            for level, upright in (((a, b), (c, d)), ((c, d), (a, b))):
                (x1, y), (x2, _y) = sorted(level[0:2])
                (x, y1), (_x, y2) = sorted(upright[0:2], key=lambda point: point[1])
                if level[0][1] == level[1][1] and upright[0][0] == upright[1][0] and x1 < x < x2 and y1 < y < y2:
                    found.append((seat, other))
    return found


@pytest.mark.parametrize("text_scale", [1.0, 1.5])
def test_eight_leader_lines_never_meet_and_the_names_and_title_keep_to_their_share(text_scale: float):
    """At eight seats (French, 150 %) the names took a third of the chart, their leader lines all met
    at one point, and the title was the largest text of the chart (issue 48)."""
    from game.ui.score_chart import TITLE_SIZE, leader_paths

    rows = [tuple(20 + 3 * seat for seat in range(8)), tuple(30 - 2 * seat for seat in range(8)),
            tuple(35 + (seat % 4) for seat in range(8))]
    chart = lay_out(rows, [], 100, BOX, text_scale)
    paths = leader_paths(chart)
    assert sorted(paths) == list(range(8)) and crossings(paths) == []
    turns = [path[1][0] for path in paths.values() if len(path) == 4]
    assert len(turns) >= 6 and len(set(turns)) == len(turns)  # each turns at a place of its own
    for line in chart.lines:  # from the line's end to its name
        assert paths[line.seat][0][1] == line.points[-1][1] and paths[line.seat][-1][1] == line.label_y
    assert chart.box.right - chart.plot.right <= 0.33 * chart.box.w  # the names and their leaders
    assert chart.title_size <= TITLE_SIZE * 1.15 and chart.title_size <= chart.label_size * 1.1


def test_the_score_sheet_leaves_its_chart_at_least_400_high_however_many_rounds():
    from scenes.score_overlay import CHART_BOTTOM, sheet_bottom_for

    for rounds in (1, 3, 8, 30):
        assert CHART_BOTTOM - sheet_bottom_for(rounds) - 24 >= SMALLEST_SHEET_CHART.h


def test_every_seat_has_its_own_colour_and_shape_and_the_colours_read_on_the_panel():
    chart = lay_out([tuple(range(8))], [], 100, BOX)
    assert len({line.marker for line in chart.lines}) == 8 == len({line.colour for line in chart.lines})
    assert len(set(MARKERS)) == len(MARKERS) == len(COLOURS) == 8
    for colour in COLOURS:
        assert contrast(colour, PANEL_COLOUR) >= 4.5, colour


def test_a_tiebreak_round_is_a_shaded_stretch_the_tied_play_on_flat_the_others_stop():
    rows = [(46, 21, 21), (None, 11, 15)]
    chart = lay_out(rows, [2], 30, BOX)
    (band,) = chart.tiebreak_bands
    assert band.x == pytest.approx(chart.columns[0][0]) and band.right == pytest.approx(chart.plot.right)
    ann, robin, sasha = chart.lines
    assert len(ann.points) == 2 and ann.points[-1][0] < band.right  # sat it out: stops at round 1
    assert robin.points[-1][1] == pytest.approx(robin.points[-2][1])  # flat: the tiebreak adds nothing
    assert (robin.total, sasha.total) == (21, 21)
    # equal totals: the two markers lie side by side, not one on the other
    assert robin.markers[-1][0] != sasha.markers[-1][0] and robin.markers[-1][1] == sasha.markers[-1][1]


def test_spread_keeps_order_and_gap_and_squeezes_evenly_when_it_must():
    assert spread([50, 52, 200], 20, 0, 300) == [50, 70, 200]
    assert spread([290, 295], 20, 0, 300) == [280, 300]
    squeezed = spread([10] * 5, 100, 0, 200)
    assert squeezed == pytest.approx([0, 50, 100, 150, 200])


def test_nice_steps():
    assert nice_step(100, 5) == 20
    assert nice_step(100, 3) == 50
    assert nice_step(8, 10) == 1
    assert nice_step(1000, 4) == 250


# ---------------------------------------------------------------- drawn on the screens
def chart_inks(app) -> list:
    return journal_inks(app, app.stack.scenes[-1:])


def assert_chart_drawn(inks: list, names: list[str]) -> None:
    panel = next((ink for ink in inks if ink.kind == PANEL and ink.words == "score chart"), None)
    assert panel is not None, "no score chart drawn"
    words = {ink.words for ink in inks if ink.kind == TEXT and ink.box == panel.rect}
    assert "Totals round by round" in words and "Game ends at 100" in words
    assert set(names) <= words  # every name at its line's end


def test_the_game_over_screen_draws_the_chart_of_the_whole_game(make_app):
    from i18n_gallery import play_out

    from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
    from scenes.game_over import GameOverScene

    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    seats = (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "easy"), SeatConfig("Li", COMPUTER, "easy"))
    config = MatchConfig("voyage", seats, seed=5)
    state = play_out(config, lambda s: s.is_terminal)
    app.stack.reset(GameOverScene(app, config, state))
    pilot.advance(2)
    assert_chart_drawn(chart_inks(app), ["Ann", "Robin", "Li"])


def test_the_score_sheet_over_the_table_draws_the_chart_once_a_round_is_scored(make_app):
    from i18n_gallery import play_out

    from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
    from scenes.play import PlayScene
    from scenes.score_overlay import ScoreOverlayScene

    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    seats = (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "easy"))
    config = MatchConfig("voyage", seats, seed=5)
    state = play_out(config, lambda s: s.phase == "round_over" and s.round == 2)
    play = app.stack.reset(PlayScene(app, config, state, resumed=True))
    pilot.advance(2)
    app.stack.push(ScoreOverlayScene(app, play.table))
    pilot.advance(1)
    assert_chart_drawn(chart_inks(app), ["Ann", "Robin"])


def test_the_chart_is_drawn_once_then_blitted_and_looks_the_same_as_drawn_directly(make_app, monkeypatch):
    """While the confetti falls the game-over screen redraws every frame: the chart is drawn
    once, then its picture is blitted where drawing it directly would put the same pixels."""
    import pygame
    from i18n_gallery import play_out

    from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
    from game.ui import score_chart
    from scenes.game_over import CHART, GameOverScene

    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    seats = (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "easy"), SeatConfig("Li", COMPUTER, "easy"))
    config = MatchConfig("voyage", seats, seed=5)
    over = app.stack.reset(GameOverScene(app, config, play_out(config, lambda s: s.is_terminal)))
    over.confetti.update(60)  # a still screen: nothing falls over the chart
    pilot.advance(1)
    drawings = []
    real = score_chart.draw_chart
    monkeypatch.setattr(score_chart, "draw_chart", lambda *args, **kwargs: drawings.append(1) or real(*args, **kwargs))
    pilot.advance(3)
    assert drawings == []  # blitted, not drawn again
    panel = over.viewport.rect(CHART)
    blitted = pygame.image.tobytes(app.screen.subsurface(panel), "RGB")
    chart_inks(app)  # with the journal on: drawn directly onto the screen
    direct = pygame.image.tobytes(app.screen.subsurface(panel), "RGB")
    assert drawings == [1]
    differing = sum(1 for i in range(0, len(direct), 3)
                    if max(abs(direct[i + k] - blitted[i + k]) for k in range(3)) > 24)
    assert differing / (len(direct) // 3) < 0.01
