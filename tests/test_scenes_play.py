"""The table scene driven like a player: keyboard alone, mouse clicks during animations (more
in test_input_queue.py), prompts that say what may be done, the pause overlay over the table."""

import pygame

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import check_consistency
from game.rules.state import SOURCE_DRAW
from game.ui.targets import DRAW_TARGET, Target, grid_targets
from scenes.menu import MenuScene
from scenes.play import PlayScene


def start(app, seats, seed=5, edition="voyage"):
    config = MatchConfig(edition, tuple(seats), seed=seed)
    app.stack.push(MenuScene(app))
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    return play


ONE_HUMAN = [SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy")]


def test_keyboard_alone_plays_opening_and_a_whole_turn(app, pilot):
    play = start(app, ONE_HUMAN)
    assert pilot.wait_until(lambda: play.acting_human() == 0)
    assert "flip two" in play.prompt()
    assert play.input.cursor == Target.cell(0, 0, 0)  # the opening starts on the grid's first card
    pilot.press(pygame.K_RETURN)
    assert play.state.face_up[0][0]
    assert "flip one more" in play.prompt()
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RETURN)
    assert play.state.face_up[0][1]
    assert pilot.wait_until(lambda: play.acting_human() == 0 and play.state.phase == "turn")
    assert "take the discard" in play.prompt()
    for code in (pygame.K_UP, pygame.K_LEFT, pygame.K_RETURN):  # back to the draw pile; draw
        pilot.press(code)
    assert play.state.holding is not None and play.state.source == "draw"
    held = play.state.holding
    assert f"place the {held}" in play.prompt()
    pilot.press(pygame.K_RIGHT)  # to the discard pile: discard the drawn card ...
    pilot.press(pygame.K_RETURN)
    assert play.input.discard_mode and "reveal" in play.prompt()
    pilot.press(pygame.K_DOWN)
    pilot.press(pygame.K_RIGHT)  # (3, 0) is still face-down
    pilot.press(pygame.K_RETURN)
    assert play.state.discard_pile[-1] == held or play.state.removed  # discarded (a column may follow)
    assert play.state.face_up[0][3]
    check_consistency(play.state)


def test_a_click_during_an_animation_skips_it_and_is_played_once_if_legal(app, pilot):
    app.speed_override = 1.0
    play = start(app, ONE_HUMAN)
    pilot.advance()
    assert play.anim.busy  # dealing
    pilot.click(Target.cell(0, 0, 0))  # skips the deal, then flips the card once the board shows the deal
    assert play.state.face_up[0][0] and sum(play.state.face_up[0]) == 1
    assert play.anim.busy  # the flip animates
    pilot.click(Target.cell(0, 0, 0))  # skips the flip; flipping that card again is not legal: dropped, silently
    assert not play.anim.busy
    assert sum(play.state.face_up[0]) == 1 and play.notice.line == ""


def test_illegal_targets_are_refused_and_said(app, pilot):
    play = start(app, ONE_HUMAN)
    assert pilot.wait_until(lambda: play.acting_human() == 0)
    pilot.click(Target.cell(1, 0, 0))  # the opponent's card
    pilot.click(DRAW_TARGET)  # drawing during the opening flips
    assert not any(play.state.face_up[0]) and not any(play.state.face_up[1])
    assert play.legal_targets() == set(grid_targets(0))
    pilot.click(Target.cell(0, 0, 0))
    pilot.advance()  # the flip animates (instantly)
    pilot.click(Target.cell(0, 0, 0))  # flipped already
    assert play.notice.line == "That card cannot be chosen now." and sum(play.state.face_up[0]) == 1


def test_computer_turns_play_at_a_watchable_pace(app, pilot):
    app.speed_override = 1.0
    seats = [SeatConfig("A", COMPUTER, "easy"), SeatConfig("B", COMPUTER, "easy")]
    play = start(app, seats)
    play.anim.skip()
    before = sum(map(sum, play.state.face_up))
    for _ in range(10):  # a sixth of a second
        pilot.advance()
    assert sum(map(sum, play.state.face_up)) == before  # nobody played in a blink
    assert pilot.wait_until(lambda: sum(map(sum, play.state.face_up)) > before, frames=300)


def test_escape_opens_pause_over_the_table_and_resume_returns(app, pilot):
    play = start(app, ONE_HUMAN)
    pilot.press(pygame.K_ESCAPE)
    pause = app.stack.top
    assert pause.name == "pause" and pause.overlay
    drawn = []
    original = play.draw
    play.draw = lambda surface: drawn.append("table") or original(surface)
    pilot.advance()
    assert drawn == ["table"]  # the table stays visible beneath the pause menu
    pilot.press(pygame.K_ESCAPE)
    assert app.stack.top is play


def test_abandon_needs_confirmation_and_deletes_the_save(app, pilot):
    play = start(app, ONE_HUMAN)
    assert pilot.wait_until(lambda: play.acting_human() == 0)
    pilot.click(Target.cell(0, 0, 0))
    app.store.saves.flush()
    assert app.store.saves.has_game()
    pilot.press(pygame.K_ESCAPE)
    pause = app.stack.top
    pause.press("abandon")
    assert app.stack.top is pause and app.store.saves.has_game()
    pause.press("abandon")
    app.store.saves.flush()
    assert pilot.scene == "menu" and not app.store.saves.has_game()


def test_a_computer_player_that_cannot_start_is_replaced_and_said(app, pilot):
    seats = [SeatConfig("Ann", COMPUTER, "cmd:/nonexistent/bot --x"), SeatConfig("Bob", COMPUTER, "easy")]
    play = start(app, seats)
    said = []
    assert pilot.wait_until(lambda: said.append(play.notice.line) or play.state.phase == "turn")
    assert any(m.startswith("Ann's computer player") for m in said)  # told, in plain words
    assert sum(play.state.face_up[0]) == 2  # and Ann's seat still played its opening
    check_consistency(play.state)


def test_a_table_of_computers_shows_the_public_view_with_drawn_cards_face_down(app, pilot):
    seats = [SeatConfig("A", COMPUTER, "easy"), SeatConfig("B", COMPUTER, "easy")]
    play = start(app, seats)
    assert play.viewer is None  # nobody plays here: the screen is a spectator's
    checked = 0
    for _ in range(3000):
        pilot.advance()
        if app.stack.top is not play or checked >= 3:
            break
        state, board = play.state, play.board
        if state.source == SOURCE_DRAW and not play.anim.busy:
            assert board.holding == "?" and board.holder == state.to_act  # a card back in the hand
            checked += 1
    assert checked >= 3


def test_the_skip_hint_waits_for_a_long_animation_and_the_prompt_stays_meanwhile(app, pilot):
    """A short animation (the deal, a flip) keeps the prompt saying what comes next; only an
    unbroken run longer than SKIP_HINT_AFTER offers to skip it."""
    from game.ui.table_anim import Staging, Step
    from scenes.table_prompt import SKIP_HINT_AFTER

    skip = "Click or press Space to skip the animation"
    app.speed_override = 1.0
    play = start(app, ONE_HUMAN)
    seen = []
    while play.anim.busy and len(seen) < 600:  # the deal (a second), frame by frame
        pilot.advance()
        seen.append(play.view.marks.prompt)
    assert seen and skip not in seen
    pilot.click(Target.cell(0, 0, 0))
    pilot.advance()
    assert play.anim.busy and play.view.marks.prompt == "You: flip one more card"  # during the flip
    play.anim.skip()
    play.anim.queue.append(Step(lambda stage: Staging(wait=SKIP_HINT_AFTER + 1.0)))  # a long run (as a final reveal)
    frames = 0
    while play.view.marks.prompt != skip and frames < round(SKIP_HINT_AFTER * 60) + 2:
        pilot.advance()
        frames += 1
    assert play.view.marks.prompt == skip and frames >= SKIP_HINT_AFTER * 60 - 1


def test_the_prompt_names_no_turn_the_table_does_not_show_yet(app, pilot):
    """Issue 48: "Robin is thinking..." showed while the person's card was still landing (and
    "Alex is thinking..." over Camille's card in the air): while a move animates, the prompt
    speaks of the seat whose plate says "to play"."""
    app.speed_override = 1.0
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "easy"), SeatConfig("Camille", COMPUTER, "easy")]
    play = start(app, seats)
    thinking = {f"{name} is thinking...": seat for seat, name in enumerate(play.names)}
    watched, ahead = 0, []
    for _ in range(4000):
        pilot.advance()
        seat = thinking.get(play.view.marks.prompt)
        if seat is not None and play.anim.busy:
            watched += 1
            if play.board.to_act != seat:
                ahead.append((play.view.marks.prompt, play.board.to_act))
        if play.acting_human() is not None:
            pilot.click(sorted(play.legal_targets())[0])
        if watched >= 120 or play.state.round > 1 or pilot.scene != "play":
            break
    assert watched >= 120  # frames of the computers' moves animating, their names in the prompt
    assert ahead == []
