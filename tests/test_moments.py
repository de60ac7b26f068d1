"""The moments that matter (issue 40, item 6): the round's scores count up without ever
disagreeing with themselves, a doubling comes as its own step, a completed column glows before
it leaves, and the final reveal turns the last face-down cards one by one. Everything is
counted in frames of animation time (never timed); a click or a key still skips."""

from __future__ import annotations

import pygame
import pytest
from helpers import journal_inks
from i18n_gallery import play_out
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import score_view
from scenes.play import PlayScene
from scenes.round_score import DOUBLED_MARK, RoundScoreScene, round_breakdown

SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "hard"), SeatConfig("Sasha", COMPUTER, "easy"))
COUNT_FRAMES = 600  # far more frames than the count-up takes at normal speed (about 2.6 s)


def _doubled(state) -> bool:
    return state.is_terminal or (state.phase == "round_over"
                                 and any(row["doubled"] for row in round_breakdown(score_view(state))))


@pytest.fixture
def scoring(make_app):
    """The round's scores at normal speed, after a round (not the first: the sheet has rows to
    add up) whose ender was doubled."""
    app = make_app(size=(1280, 720), speed=1.0)
    config = MatchConfig("voyage", SEATS, seed=11)
    for seed in range(3, 60):
        state = play_out(config, lambda s: _doubled(s) and s.round >= 2, seed=seed)
        if not state.is_terminal:
            break
    else:
        raise AssertionError("no game had a doubled round ender")
    play = app.stack.reset(PlayScene(app, config, state, resumed=True))
    play.anim.skip()
    play.table.scored_round = state.round
    screen = app.stack.push(RoundScoreScene(app, play.table, play.addressee))
    return app, screen


def read_screen(app, screen) -> dict:
    """What the round's scores show now, read off the drawn words: each seat's Score (and
    whether "x2" is beside it), and the score sheet's columns (every round, then Total)."""
    inks = [ink for ink in journal_inks(app, [screen]) if ink.words.strip()]
    round_label = next(ink for ink in inks if ink.words == "Round")  # the sheet's first header
    total_label = next(ink for ink in inks if ink.words == "Total")
    score_label = next(ink for ink in inks if ink.words == "Score")
    names = [screen.names[row["seat"]] for row in screen.rows]
    panel = {}
    for name in names:
        label = next(ink for ink in inks if ink.words == name and ink.rect.bottom < round_label.rect.top)
        row = [ink for ink in inks if abs(ink.rect.centery - label.rect.centery) < label.rect.h / 2
               and ink.rect.bottom < round_label.rect.top]
        score = next(ink for ink in row if ink.rect.left >= score_label.rect.left - 2 and ink.words != DOUBLED_MARK)
        panel[name] = (int(score.words), any(ink.words == DOUBLED_MARK for ink in row))
    sheet = {}
    for name in names:
        head = next(ink for ink in inks if ink.words == name and ink.rect.top >= round_label.rect.top - 4)
        column = [ink for ink in inks
                  if ink.rect.top > head.rect.bottom and abs(ink.rect.centerx - head.rect.centerx) < 40
                  and ink.rect.top <= total_label.rect.bottom]
        column.sort(key=lambda ink: ink.rect.top)
        sheet[name] = [None if ink.words == "-" else int(ink.words) for ink in column]
    return {"panel": panel, "sheet": sheet}


def frames_of_the_count(app, screen) -> list[dict]:
    seen = [read_screen(app, screen)]
    for _ in range(COUNT_FRAMES):
        if not screen.tweener.busy:
            break
        Pilot(app).advance()
        seen.append(read_screen(app, screen))
    assert not screen.tweener.busy, "the count-up never ended"
    return seen


def test_at_every_frame_of_the_count_up_each_total_is_the_sum_of_the_rounds_shown(scoring):
    app, screen = scoring
    frames = frames_of_the_count(app, screen)
    assert len(frames) > 30, "the scores counted up over many frames"
    counted = False
    for number, seen in enumerate(frames):
        for name, column in seen["sheet"].items():
            *rounds, total = column
            assert total == sum(score for score in rounds if score is not None), (number, name, column)
            # the round's row of the sheet is the Score above it
            assert rounds[-1] == seen["panel"][name][0], (number, name, column, seen["panel"])
        counted |= any(0 < score < row["score"] for row in screen.rows
                       for score in [seen["panel"][screen.names[row["seat"]]][0]])
    assert counted, "a score was seen part-way through its count"
    final = frames[-1]
    for row in screen.rows:
        assert final["panel"][screen.names[row["seat"]]][0] == row["score"]
        assert final["sheet"][screen.names[row["seat"]]][-1] == screen.state.totals[row["seat"]]


def test_a_doubling_is_its_own_step_after_every_score_has_counted(scoring):
    app, screen = scoring
    frames = frames_of_the_count(app, screen)
    doubled = next(row for row in screen.rows if row["doubled"])
    name = screen.names[doubled["seat"]]
    others = [row for row in screen.rows if row is not doubled]
    at_sum = [seen for seen in frames if seen["panel"][name][0] == doubled["raw"]]
    assert at_sum, "the doubled score first stops at its cards' sum"
    assert not any(seen["panel"][name][1] for seen in at_sum[:1]), "no x2 before the doubling"
    doubling = [seen for seen in frames if seen["panel"][name][0] > doubled["raw"]]
    assert doubling and all(seen["panel"][name][1] for seen in doubling), "x2 shows as the score doubles"
    for seen in doubling:  # every other score has finished counting by then
        assert all(seen["panel"][screen.names[row["seat"]]][0] == row["score"] for row in others)
    assert frames.index(doubling[0]) - frames.index(at_sum[0]) >= 10, "a beat between the sum and the doubling"


def test_a_key_skips_the_whole_count_up_to_the_final_scores(scoring):
    app, screen = scoring
    pilot = Pilot(app)
    pilot.advance()
    pilot.press(pygame.K_SPACE)
    assert not screen.tweener.busy
    seen = read_screen(app, screen)
    for row in screen.rows:
        assert seen["panel"][screen.names[row["seat"]]] == (row["score"], row["doubled"])
