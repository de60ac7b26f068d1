"""The review screen (issue 33 items 1, 3, 4, 5): from the game-over screen, judged in the
background with progress and Cancel, kept beside the statistics, the chart and the costliest
decisions. Reviews here use few sampled worlds and one process, so they take a second or two."""

from __future__ import annotations

import pygame
import pytest
from helpers import journal_inks, key_event
from pilot import Pilot

from game.ai.review import METHOD, review_game
from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.store.last_game import last_game
from game.store.reviews import ReviewShelf, review_key
from game.ui.layout import Box
from game.ui.review_chart import lay_out
from game.wire.finished import FinishedGame
from scenes.game_over import GameOverScene
from scenes.review import REVIEW_SEED, ReviewScene

SAMPLES = 2
SEATS = (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "hard"))
HOTSEAT = (SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN), SeatConfig("Robin", COMPUTER, "hard"))


@pytest.fixture(scope="module")
def games():
    """Short finished games (to 40 points, played by Normal computers for every seat): by seat
    list, the match and the final state."""
    from i18n_gallery import play_out

    configs = {seats: MatchConfig("voyage", seats, seed=7, end_score=40) for seats in (SEATS, HOTSEAT)}
    return {seats: (config, play_out(config, lambda s: s.is_terminal)) for seats, config in configs.items()}


def _over(app, games, seats):
    return app.stack.reset(GameOverScene(app, *games[seats]))


def _reviewing(app, scene: ReviewScene) -> ReviewScene:
    """`scene` judging its game with little work, in one process (once it has looked for a kept
    review, off the frame loop)."""
    pilot = Pilot(app)
    scene.samples, scene.workers = SAMPLES, 1
    scene.start()
    return pilot.read_in(scene)


def _finish(app, scene: ReviewScene) -> None:
    pilot = Pilot(app)
    assert scene.job is not None
    assert scene.job.wait(120)
    pilot.advance(2)


def test_the_game_over_screen_keeps_the_game_and_reviews_it(app, pilot, games):
    over = _over(app, games, SEATS)
    pilot.advance(2)
    assert over.keeping is not None and over.keeping.wait(60)  # (written off the frame loop)
    kept = last_game(app.store.data_dir)
    assert kept is not None and kept.record == games[SEATS][1].record()
    assert kept.names == ["Ann", "Robin"] and kept.humans == [0]
    assert over.press("review")
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.game == over.finished and scene.seat == 0
    scene.stop()


def test_a_hosted_elsewhere_game_over_offers_no_review(app, pilot, games):
    from game.rules import score_view

    config = games[SEATS][0]
    over = app.stack.reset(GameOverScene(app, config, scores=score_view(games[SEATS][1]), viewer=0))
    pilot.advance(1)
    assert not over.press("review") and over.finished is None


def test_a_review_is_judged_shown_kept_and_added_to_the_trend(app, pilot, games):
    played = games[SEATS][1]
    game = FinishedGame(record=played.record(), names=["Ann", "Robin"], humans=[0])
    scene = _reviewing(app, app.stack.reset(ReviewScene(app, game)))
    assert scene.buttons.named("cancel") is not None  # while Expert judges
    _finish(app, scene)
    expected = review_game(played.record(), 0, seed=REVIEW_SEED, samples=SAMPLES)
    assert scene.review == expected and scene.job is None
    shelf = ReviewShelf(app.store.data_dir)
    assert shelf.get(review_key(played.record(), 0, REVIEW_SEED, SAMPLES, METHOD)) == expected
    assert [point.per_decision for point in shelf.trend("Ann")] == [expected.per_decision]
    assert shelf.trend("Robin") == []  # a computer's seat has no trend
    names = {button.name for button in scene.buttons.buttons}
    assert {f"costly{rank}" for rank in range(1, len(expected.costliest()) + 1)} <= names and "back" in names
    words = [ink.words for ink in journal_inks(app, [scene]) if ink.words]
    assert any(word.startswith(f"Expert judged {len(expected.decisions)} of your decisions") for word in words)
    assert sum(word.startswith("\u2022 Round ") for word in words) == len(expected.round_rows())
    # opened again: the stored review is shown at once, nothing judged
    again = app.stack.reset(ReviewScene(app, game))
    again.samples = SAMPLES
    again.start()
    pilot.read_in(again)
    assert again.job is None and again.review == expected


def test_cancel_stops_the_review_and_it_can_be_started_again(app, pilot, games):
    played = games[SEATS][1]
    game = FinishedGame(record=played.record(), names=["Ann", "Robin"], humans=[0])
    scene = _reviewing(app, app.stack.reset(ReviewScene(app, game)))
    job = scene.job
    assert job is not None and scene.press("cancel")
    assert job.cancelled and job.wait(30) and job.result is None
    pilot.advance(1)
    assert scene.cancelled and scene.review is None
    assert {button.name for button in scene.buttons.buttons} >= {"again", "back"}
    assert ReviewShelf(app.store.data_dir).trend("Ann") == []  # nothing kept
    assert scene.press("again")
    pilot.read_in(scene)
    assert scene.job is not None
    scene.handle_event(key_event(pygame.K_ESCAPE))  # Esc while judging cancels too
    assert scene.job is None and scene.cancelled
    scene.handle_event(key_event(pygame.K_ESCAPE))  # ...and then leaves
    assert not scene.on_stack


def test_in_hot_seat_each_human_is_reviewed_on_their_own(app, pilot, games):
    over = _over(app, games, HOTSEAT)
    pilot.advance(1)
    over.press("review")
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    scene.stop()
    assert scene.seats == [0, 1] and scene.buttons.named("seat2") is None
    first = scene.job
    scene.samples, scene.workers = SAMPLES, 1
    assert scene.press("seat1")
    pilot.read_in(scene)
    assert scene.seat == 1 and scene.job is not None and scene.job is not first and scene.job.seat == 1
    scene.stop()


def test_a_bad_record_is_said_in_one_line(app, games):
    record = games[SEATS][1].record()
    record["rounds"][0]["actions"][3] = [0, "fly"]
    scene = _reviewing(app, app.stack.reset(ReviewScene(app, FinishedGame(record=record, names=[], humans=[]))))
    _finish(app, scene)
    assert scene.problem and "\n" not in scene.problem and scene.review is None
    assert scene.buttons.named("back") is not None


def test_the_chart_has_a_bar_per_decision_and_a_band_per_round(games):
    played = games[SEATS][1]
    review = review_game(played.record(), 0, seed=REVIEW_SEED, samples=SAMPLES)
    chart = lay_out(review.decisions, review.costliest(), Box(0, 0, 900, 300))
    assert [bar.index for bar in chart.bars] == list(range(len(review.decisions)))
    assert [band.round for band in chart.bands] == [row.round for row in review.round_rows()]
    assert [band.points_lost for band in chart.bands] == [row.points_lost for row in review.round_rows()]
    costly = [bar for bar in chart.bars if bar.costly]
    assert len(costly) == review.costly
    ranked = sorted((bar for bar in chart.bars if bar.rank), key=lambda bar: bar.rank or 0)
    assert [bar.index for bar in ranked] == review.costliest()
    if len(costly) >= 2:  # taller is costlier
        one, two = costly[0], costly[1]
        cost = {judged.index: judged.cost for judged in review.decisions}
        assert (one.box.h > two.box.h) == (cost[one.index] > cost[two.index]) or cost[one.index] == cost[two.index]
    for band in chart.bands:  # every bar of a round stands inside its band
        mine = [bar for bar in chart.bars if review.decisions[bar.index].round == band.round]
        assert all(band.box.x - 0.01 <= bar.box.x and bar.box.right <= band.box.right + 0.01 for bar in mine)


def test_a_click_on_a_costly_bar_opens_that_decision(app, pilot, games):
    played = games[SEATS][1]
    game = FinishedGame(record=played.record(), names=["Ann", "Robin"], humans=[0])
    scene = _reviewing(app, app.stack.reset(ReviewScene(app, game)))
    _finish(app, scene)
    assert scene.review is not None and scene.chart is not None
    bar = next(bar for bar in scene.chart.bars if bar.rank == 1)
    pilot.click_at(scene.viewport.rect(bar.box).center, anywhere=True)  # (a bar: no button, no card)
    top = app.stack.top
    assert top.name == "review_step" and top.judged == scene.review.decisions[bar.index]


def test_the_first_costly_decision_shows_while_the_rest_are_judged(app, pilot, games, monkeypatch):
    """Judged in the game's order and shown as they come (issue 48 item 3): a judge held back,
    one decision at a time, so the screen is seen between two decisions; the list grows, the
    first costly decision opens while the rest wait, and the whole review is the batch one."""
    import threading

    from game.ai import review as reviewing

    played = games[SEATS][1]
    expected = review_game(played.record(), 0, seed=REVIEW_SEED, samples=SAMPLES)
    first = next(judged.index for judged in expected.decisions if not judged.good)
    assert first + 1 < len(expected.decisions), "the game needs decisions after its first costly one"
    allowed = threading.Semaphore(0)  # one release, one decision judged
    real = reviewing.judge

    def held(*job):
        allowed.acquire()
        return real(*job)

    monkeypatch.setattr(reviewing, "judge", held)
    game = FinishedGame(record=played.record(), names=["Ann", "Robin"], humans=[0])
    scene = _reviewing(app, app.stack.reset(ReviewScene(app, game)))
    assert scene.job is not None
    allowed.release(first + 1)  # up to the first costly decision, and not one more
    assert pilot.wait_on_clock(lambda: scene.buttons.named("costly1") is not None), "no costly decision shown"
    pilot.advance(1)
    assert scene.so_far is not None
    assert scene.job is not None and scene.job.running and scene.review is None  # the rest wait to be judged
    assert scene.so_far.decisions == expected.decisions[:first + 1]  # the game's first ones, in order
    assert scene.so_far.costliest() == [first]
    words = [ink.words for ink in journal_inks(app, [scene]) if ink.words]
    assert f"{first + 1} of {len(expected.decisions)} decisions judged" in words
    assert scene.buttons.named("cancel") is not None
    pilot.click(scene.costly_label(1, expected.decisions[first]))  # opened while Expert judges on
    assert pilot.scene == "review_step" and pilot.top.judged == expected.decisions[first]
    pilot.press(pygame.K_ESCAPE)
    assert pilot.top is scene and scene.job is not None and scene.job.running  # the judging went on beneath
    allowed.release(len(expected.decisions))
    assert pilot.wait_on_clock(lambda: scene.job is None)
    assert scene.review == expected and scene.so_far is None
    assert scene.buttons.named("back") is not None
