"""Words a player must read on the scoring and pause overlays: why the one who ended the round
is doubled, said at body size in words with the "x2" mark (not a colour alone), and the Abandon
question on its panel at every text size, in both languages."""

import pygame
import pytest
from i18n_gallery import SEATS, play_out, round_scores, screens
from pilot import Pilot

from game import i18n
from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.ui.ink import JOURNAL
from game.ui.widgets import BODY_SIZE
from scenes.base import AppScene

DOUBLED_WORDS = {"en": "doubled (x2)", "fr": "doublé (x2)"}


def open_app(make_app, size, language, scale):
    app = make_app(size=size)
    app.settings.language, app.settings.ui_scale = language, scale
    app.apply_settings()
    return app


def texts_drawn(app, monkeypatch):
    """(words, logical size, inked rect) of every text the top scene draws in one frame."""
    calls = []
    original = AppScene.text

    def text(self, surface, words, size, x, y, max_width=None, **style):
        rect = original(self, surface, words, size, x, y, max_width, **style)
        calls.append((words, size * (app.ui_scale if self.scales_text else 1), rect))
        return rect

    monkeypatch.setattr(AppScene, "text", text)
    app.stack.top.draw(app.screen)
    monkeypatch.undo()
    return calls


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("scale", [100, 150])
def test_a_doubled_score_is_said_in_words_at_body_size(make_app, monkeypatch, language, scale):
    app = open_app(make_app, (1280, 720), language, scale)
    config = MatchConfig("voyage", SEATS, seed=11)
    assert next(round_scores(app, config)) == "round_score_doubled"
    scene = app.stack.top
    doubled = next(row for row in scene.rows if row["doubled"])
    calls = texts_drawn(app, monkeypatch)
    # at body size at least (a long sentence at 150 % may be made a little smaller to hold on its line)
    note = " ".join(words for words, size, _ in calls if size >= BODY_SIZE and words != "x2")
    name = scene.names[doubled["seat"]]
    assert name in note and DOUBLED_WORDS[language] in note, note  # who, and what happened, in words
    assert any(words == "x2" for words, _, _ in calls)  # the mark beside the doubled score


def test_an_undoubled_end_is_said_too(make_app, monkeypatch):
    app = open_app(make_app, (1280, 720), "en", 100)
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bo", COMPUTER, "easy")), seed=11)
    from game.rules import score_view
    from scenes.play import PlayScene
    from scenes.round_score import RoundScoreScene, round_breakdown

    def lowest_ender(row):
        return row["seat"] == scores.trigger and not row["doubled"] and row["raw"] > 0

    for seed in range(3, 60):
        state = play_out(config, lambda s: s.phase == "round_over", seed=seed)
        scores = score_view(state)
        if any(lowest_ender(row) for row in round_breakdown(scores)):
            break
    else:
        raise AssertionError("no round found where the one who ended it was lowest")
    play = app.stack.reset(PlayScene(app, config, state, resumed=True))
    play.table.scored_round = state.round
    app.stack.push(RoundScoreScene(app, play.table, play.addressee))
    Pilot(app).advance()
    words = [words for words, size, _ in texts_drawn(app, monkeypatch) if size >= BODY_SIZE]
    assert any("ended the round with the lowest score: not doubled" in line for line in words), words
    assert "x2" not in words


def panels_and_question(app, monkeypatch):
    """The panels the pause menu draws and the inked rectangles of its confirmation's words."""
    import scenes.pause

    panels = []
    original = scenes.pause.draw_panel
    monkeypatch.setattr(scenes.pause, "draw_panel", lambda surface, rect, *a, **k: (panels.append(pygame.Rect(rect)),
                                                                                     original(surface, rect, *a, **k)))
    question = i18n._("The saved game will be deleted.")
    JOURNAL.start()
    try:
        app.stack.top.draw(app.screen)
        inks = [ink.rect for ink in JOURNAL.inks if ink.kind == "text" and ink.words in question]
    finally:
        JOURNAL.stop()
        JOURNAL.clear()
    monkeypatch.undo()
    return panels, inks


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("scale", [100, 150])
def test_the_abandon_question_sits_inside_its_panel(make_app, monkeypatch, size, language, scale):
    app = open_app(make_app, size, language, scale)
    for name in screens(app):
        if name == "pause_confirm":
            break
    panels, inks = panels_and_question(app, monkeypatch)
    assert panels and inks
    panel = panels[-1]
    assert all(panel.contains(rect) for rect in inks), (panel, inks)
