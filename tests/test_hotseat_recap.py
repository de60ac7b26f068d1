"""Hot-seat without friction (issue 32 items 7, 9, 10): the "Pass to ..." screen is a setting
(off: the table turns to the next player and the recap shows beside it until their move); the
recap says every move since the player's last turn, however many seats played; the first-game
guide speaks to each new player by name, and nobody hears "Since your last turn" before they
have played."""

from __future__ import annotations

import json
import random
from collections import Counter

import pygame

from game.match import COMPUTER, GUIDED_MAX, HUMAN, MatchConfig, SeatConfig
from game.rules import FLIP, OPENING, REPLACE, REVEAL, TURN
from game.rules import events as ev
from game.store.settings import Settings, decode_settings, encode_settings
from game.table import TableEvents
from game.ui.ink import JOURNAL, TEXT
from game.ui.recap import by_player
from scenes.handoff import RECAP_ROWS
from scenes.menu import MenuScene
from scenes.play import PlayScene

HEADING = "Since your last turn:"


def start(app, seats, seed, through_menu=False):
    config = MatchConfig("voyage" if len(seats) <= 4 else "classic", tuple(seats), seed=seed)
    menu = app.stack.push(MenuScene(app))
    if through_menu:  # as a new game is opened: the guide speaks to the players new to it
        menu.press("new")
    return app.stack.push(PlayScene(app, config, config.new_game()))


def drawn_text(app) -> list[str]:
    """Every text the top screen draws this frame, as the ink journal records it."""
    JOURNAL.start()
    try:
        app.stack.top.draw(app.screen)
        return [mark.words for mark in JOURNAL.inks if mark.kind == TEXT]
    finally:
        JOURNAL.stop()
        JOURNAL.clear()


def test_without_the_pass_screen_the_table_turns_and_the_recap_shows_beside_it_until_the_move(app, pilot):
    app.settings.pass_screen = False
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN)]
    play = start(app, seats, 5)
    rng = random.Random(5)
    saw_recap = False
    for _ in range(4000):
        pilot.advance()
        assert app.stack.top is play  # never "Pass to ..."
        seat = play.acting_human()
        if seat is None:
            continue
        assert play.viewer == seat  # the table turned to whoever is to play
        if play.state.phase == TURN and seat == 1 and play.recap.shown:
            words = drawn_text(app)
            said = " ".join(words)  # (the note wraps and joins a player's moves: each move's words are in it)
            assert HEADING in words and all(line.split(" ", 1)[1] in said for line in play.recap.shown)
            assert all(line.startswith("Ann ") for line in play.recap.shown)
            saw_recap = True
            pilot.click(rng.choice(sorted(play.legal_targets())))
            pilot.advance()
            assert play.recap.shown == [] and HEADING not in drawn_text(app)  # Bob moved: it is history
            break
        pilot.click(rng.choice(sorted(play.legal_targets())))
    assert saw_recap and play.table.handoffs >= 2


def test_at_eight_seats_with_two_humans_the_recap_says_every_move_since_the_last_turn(app, pilot):
    names = ["Ann", "C1", "C2", "C3", "Bob", "C4", "C5", "C6"]
    seats = [SeatConfig(name, HUMAN if name in ("Ann", "Bob") else COMPUTER, "easy") for name in names]
    play = start(app, seats, 21)
    moves: list[tuple[int, int]] = []  # (seat, round) of every move (a flip, a card placed, a discard and reveal)
    columns: list[tuple[int, int]] = []

    def watch(message):
        if isinstance(message, TableEvents) and message.action is not None:
            if message.action.verb in (FLIP, REPLACE, REVEAL):
                moves.append((message.action.seat, play.state.round))
            columns.extend((event.seat, len(moves)) for event in message.events if isinstance(event, ev.ColumnRemoved))

    play.table.subscribe(watch)
    rng = random.Random(21)
    last: dict[int, int] = {}  # human seat -> moves counted at its last hand-off
    checked = scrolled = 0
    for _ in range(20000):
        pilot.advance()
        top = app.stack.top
        if top.name == "handoff":
            seat = names.index(top.player)
            if seat in last and play.state.round == 1:
                since = [mover for mover, _round in moves[last[seat]:] if mover != seat]
                expected = Counter(names[mover] for mover in since)
                expected.update(names[mover] for mover, at in columns if at > last[seat] and mover != seat)
                assert Counter(line.split(" ")[0] for line in top.recap) == expected  # every move, none twice
                checked += 1
                if len(top.recap) > RECAP_ROWS:  # more than the screen holds: said, then scrolled to
                    words = drawn_text(app)
                    assert any(word.startswith(f"and {len(top.recap) - RECAP_ROWS + 1} more moves") for word in words)
                    for _step in range(len(top.recap)):
                        words += drawn_text(app)
                        pilot.press(pygame.K_DOWN)
                    assert all(line in words for line in top.recap)
                    scrolled += 1
            last[seat] = len(moves)
            top.press("ready")
        elif top is play and play.acting_human() is not None:
            pilot.click(rng.choice(sorted(play.legal_targets())))
        if checked >= 6 and scrolled:
            break
    assert checked >= 6 and scrolled


def test_each_new_player_gets_the_tips_at_their_first_decision(app, pilot):
    app.settings.guided_players = ["Ann"]  # Ann had the guide in an earlier game; Bob and Cy are new
    app.settings.pass_screen = False
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN), SeatConfig("Cy", HUMAN)]
    play = start(app, seats, 4, through_menu=True)
    rng = random.Random(4)
    tipped: dict[str, str] = {}  # player -> the first tip they got
    for _ in range(3000):
        pilot.advance()
        seat = play.acting_human()
        if play.guide.current is not None:
            tipped.setdefault(play.names[seat], play.guide.current)
            pilot.press(pygame.K_LEFT)  # no move: it only closes the tip
        elif seat is not None and play.state.phase == OPENING:
            pilot.click(rng.choice(sorted(play.legal_targets())))
        elif seat is not None:
            break
    assert tipped == {"Bob": "opening", "Cy": "opening"}


def test_the_players_who_had_the_guide_are_kept_bounded_and_migrate_from_the_old_flag():
    settings = Settings(guided_players=["Ann", "Bob"], pass_screen=False)
    loaded, bad = decode_settings(encode_settings(settings))
    assert loaded.guided_players == ["Ann", "Bob"] and loaded.pass_screen is False and bad == []
    # a file of the old version: one flag; the people of its last game had the guide
    old = Settings(guide_done=True, last_setup=MatchConfig("voyage", (SeatConfig("Zoé", HUMAN), SeatConfig(
        "Bot", COMPUTER, "easy"), SeatConfig("Max", HUMAN))).to_dict()).to_dict()
    del old["guided_players"], old["pass_screen"]
    loaded, bad = settings_from(old)
    assert loaded.guided_players == ["Zoé", "Max"] and loaded.pass_screen is True and bad == []
    # bad values take their default, as every field does
    for value in (["Ann"] * (GUIDED_MAX + 1), "Ann", [""], [3], ["x" * 40]):
        loaded, bad = settings_from({**Settings().to_dict(), "guided_players": value, "pass_screen": "no"})
        assert loaded.guided_players == [] and loaded.pass_screen is True and set(bad) == {"guided_players",
                                                                                         "pass_screen"}


def settings_from(data):
    return decode_settings(json.dumps(data).encode())


def test_the_guide_remembers_at_most_the_latest_players(app):
    app.settings.guided_players = [f"P{number}" for number in range(GUIDED_MAX)]
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN)]
    play = start(app, seats, 4, through_menu=True)
    play.guide.finish(["Ann", "Bob", "P5"])
    assert len(app.settings.guided_players) == GUIDED_MAX
    assert app.settings.guided_players[-3:] == ["Ann", "Bob", "P5"] and "P0" not in app.settings.guided_players
    assert app.settings.guide_done


def test_beside_the_table_each_player_gets_one_line_with_every_move():
    names = ["Ann", "Ann-Marie", "Bob"]
    moves = ["Ann-Marie turned over a 5", "Ann-Marie turned over a 3", "Bob drew an 8 and replaced a 2",
             "Ann turned over a 1", "Bob completed a column of 4s"]
    assert by_player(moves, names) == ["Ann-Marie turned over a 5 · turned over a 3",
                                       "Bob drew an 8 and replaced a 2 · completed a column of 4s",
                                       "Ann turned over a 1"]


def test_h_shows_its_reason_while_the_recap_is_beside_the_table(app, pilot):
    """Issue 40 item 9: with the recap up, H moved the cursor and said nothing (the recap held
    the corner the hint's line is drawn in)."""
    import time

    app.settings.pass_screen = False
    play = start(app, [SeatConfig("Ann", HUMAN), SeatConfig("Bob", HUMAN)], 5)
    rng = random.Random(5)
    for _ in range(4000):
        pilot.advance()
        if play.acting_human() == 1 and play.state.phase == TURN and play.recap.shown:
            break
        if play.acting_human() is not None:
            pilot.click(rng.choice(sorted(play.legal_targets())))
    assert play.recap.shown and HEADING in drawn_text(app)
    pilot.press(pygame.K_h)
    deadline = time.monotonic() + 20  # the hint is thought in a thread: real time, not a frame count
    while time.monotonic() < deadline and ("thinking" in play.hints.shown or not play.hints.shown):
        pilot.advance()
        time.sleep(0.002)
    words = drawn_text(app)
    assert play.hints.shown.startswith("Hint: ") and any(line.startswith("Hint: ") for line in words), words
    assert HEADING not in words  # the hint, asked for, has the corner until the move


def test_the_recap_says_a_card_was_put_on_a_face_down_one_and_not_chosen_to_be_replaced():
    """Issue 48: "Robin drew a 3 and replaced a −1" read like a blunder; the −1 was face down."""
    from game.ui.recap import recap_lines

    names = ["Ann", "Robin"]
    moved = [ev.CardReplaced(1, 0, 0, 3, -1, False, "draw"), ev.CardReplaced(1, 1, 0, 2, 9, True, "discard")]
    assert recap_lines(moved, 0, names) == ["Robin drew a 3 and put it on a face-down card (it was a −1)",
                                            "Robin took the 2 from the discard pile and replaced a 9"]
