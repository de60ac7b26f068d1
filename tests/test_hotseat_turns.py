"""Hot-seat (#18): the table turns to whoever plays. Behind the hand-off screen the next
human's grid becomes the big one at the bottom, the others keep their order around the
table, and a click on that grid plays; with one human nothing moves."""

import random

import pytest
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import COLS, GAME_OVER, ROUND_OVER, TURN
from game.ui.layout import load_layout
from game.ui.targets import DISCARD_TARGET, DRAW_TARGET, Target
from scenes.menu import MenuScene
from scenes.play import PlayScene


def start(app, seats, seed):
    config = MatchConfig("voyage", tuple(seats), seed=seed)
    app.stack.push(MenuScene(app))
    return app.stack.push(PlayScene(app, config, config.new_game()))


def until_handoff_to(app, play, name, rng):
    """Play the other humans' turns (random legal clicks) until the hand-off to `name` shows."""
    pilot = Pilot(app)
    for _ in range(5000):
        pilot.advance()
        top = app.stack.top
        if top.name == "handoff":
            if top.player == name:
                return top
            top.press("ready")
        elif top is play and play.acting_human() is not None:
            pilot.click(rng.choice(sorted(play.legal_targets())))
    raise AssertionError(f"no hand-off to {name}")


def test_after_the_handoff_to_bob_his_grid_is_the_big_bottom_one_and_a_click_on_it_plays(app, pilot):
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN), SeatConfig("Cy", HUMAN)]
    play = start(app, seats, 7)
    drawn = load_layout(3)  # as the layout file draws it: place 0 is the big grid at the bottom
    rng = random.Random(7)
    until_handoff_to(app, play, "Bob", rng).press("ready")
    pilot.advance()
    assert play.viewer == play.view.viewer == 1
    seats_now = play.view.layout.seats
    assert seats_now[1].grid == drawn.seats[0].grid  # Bob has the bottom place
    assert seats_now[1].grid.center[1] == max(area.grid.center[1] for area in seats_now)
    # the others keep their order around the table: Cy next after Bob, then Ann
    assert seats_now[2].grid == drawn.seats[1].grid and seats_now[0].grid == drawn.seats[2].grid
    # a click on Bob's own (big, bottom) grid plays: at the opening it turns his card face up
    assert play.acting_human() == 1
    index = next(i for i in range(12) if play.state.cards[1][i] is not None and not play.state.face_up[1][i])
    before = sum(play.state.face_up[1])
    pilot.click(Target.cell(1, index % COLS, index // COLS))
    pilot.advance()
    assert sum(play.state.face_up[1]) == before + 1
    assert play.state.face_up[1][index]


def test_with_one_human_the_table_never_turns(app, pilot):
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy"), SeatConfig("Bea", COMPUTER, "easy")]
    play = start(app, seats, 3)
    drawn = load_layout(3)
    rng = random.Random(3)
    acted = 0
    for _ in range(6000):
        pilot.advance()
        assert play.viewer == 0 and play.view.layout.seats == drawn.seats
        top = app.stack.top
        assert top.name != "handoff"
        if top.name == "round" or play.state.phase in (ROUND_OVER, GAME_OVER):
            break
        if top is play and play.acting_human() is not None:
            pilot.click(rng.choice(sorted(play.legal_targets())))
            acted += 1
    assert acted > 5


def test_the_handoff_waits_until_the_flipped_card_was_seen_face_up(make_app):
    app = make_app(speed=1.0)
    pilot = Pilot(app)
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN)]
    play = start(app, seats, 11)
    rng = random.Random(11)
    dt = 1 / 60
    flipped: list[int] = []
    rested = 0.0  # seconds the table was idle with Ann's last flip face up on the board
    for _ in range(3000):
        pilot.advance(dt=dt)
        top = app.stack.top
        if top.name == "handoff":
            if top.player == "Ann":
                top.press("ready")
                continue
            assert top.player == "Bob"
            assert len(flipped) == 2  # Ann's two opening flips, the last one just played
            assert not play.anim.busy  # never pushed while a card is still turning
            assert all(isinstance(play.board.grids[0][index], int) for index in flipped)  # face up on the board
            assert rested >= 0.75  # and it stayed in view for a moment before being covered
            return
        if play.anim.busy:
            rested = 0.0
        elif flipped and isinstance(play.board.grids[0][flipped[-1]], int):
            rested += dt
        if top is play and play.acting_human() == 0:
            target = rng.choice(sorted(play.legal_targets()))
            flipped.append(target.row * 4 + target.col)
            rested = 0.0
            pilot.click(target)
    raise AssertionError("no hand-off to Bob")


def drawn_words(app, scene):
    """Every text the scene draws this frame (through the app's text cache)."""
    seen: list[str] = []
    original = scene.text

    def spy(surface, words, *args, **kwargs):
        seen.append(words)
        return original(surface, words, *args, **kwargs)

    scene.text = spy
    scene.draw(app.screen)
    del scene.text
    return seen


# a card value with its indefinite article, as the recap says it (a true minus sign; "an" before a vowel sound)
A_CARD = {"en": {-2: "a −2", -1: "a −1", 0: "a 0", 1: "a 1", 2: "a 2", 3: "a 3", 4: "a 4", 5: "a 5", 6: "a 6",
                 7: "a 7", 8: "an 8", 9: "a 9", 10: "a 10", 11: "an 11", 12: "a 12"},
          "fr": {value: "un " + ("−" if value < 0 else "") + str(abs(value)) for value in range(-2, 13)}}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_handoff_recaps_what_the_other_player_did(app, language, pilot):
    app.settings.language = language
    app.apply_settings()
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN)]
    play = start(app, seats, 5)
    rng = random.Random(5)
    heading = "Depuis votre dernier tour :" if language == "fr" else "Since your last turn:"
    # the opening: Bob has not played yet, so he has no last turn to hear of (issue 32 item 10)
    top = until_handoff_to(app, play, "Bob", rng)
    assert top.recap == [] and heading not in drawn_words(app, top)
    top.press("ready")
    # Bob's recap never tells him his own moves; then, in play, Ann draws, discards and reveals
    for _ in range(3000):
        pilot.advance()
        top = app.stack.top
        if top.name == "handoff" and top.player == "Ann":
            assert all(line.startswith("Bob ") for line in top.recap)
            top.press("ready")
        elif top.name == "handoff":
            break
        elif top is play and play.acting_human() == 0 and play.state.phase == TURN:
            if play.state.holding is None:
                pilot.click(DRAW_TARGET)
                continue
            pilot.click(DISCARD_TARGET)
            index = next(i for i in range(12) if play.state.cards[0][i] is not None and not play.state.face_up[0][i])
            pilot.click(Target.cell(0, index % 4, index // 4))
            thrown, revealed = play.state.discard_top, play.state.cards[0][index]
        elif top is play and play.acting_human() is not None:
            pilot.click(rng.choice(sorted(play.legal_targets())))
    else:
        raise AssertionError("no second hand-off to Bob")
    line = ("Ann a pioché et défaussé {}, retourné {}" if language == "fr"
            else "Ann drew and discarded {}, revealed {}").format(A_CARD[language][thrown], A_CARD[language][revealed])
    assert top.player == "Bob" and line in top.recap
    words = drawn_words(app, top)
    assert all(line in words for line in top.recap) and heading in words
