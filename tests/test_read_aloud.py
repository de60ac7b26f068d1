"""Read aloud's parts (issue 50 item 2): the Voice's bounded queue and interruptions, the voice
looked for once (none here: the game plays on, the log says why, the setting says "not
available here"), what the table says never telling a card its listener may not know, a
computer's moves paced so each is heard, and every screen's focused item said through the one
hook of the buttons (the menu, Settings). Whole games by ear: tests/test_read_aloud_play.py."""

import logging
import sys

import pygame
import pytest
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.rules import events as ev
from game.ui.speech import QUEUE_LINES, NullSpeech, RecordingSpeech, Voice, open_speech
from game.ui.spoken import EventWords
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.table_speech import TableSpeech


def voice_on(recording=None, pace=0.0):
    voice = Voice(pace=pace)
    voice.attach(recording or RecordingSpeech())
    voice.enabled = True
    return voice


def reading_aloud(app):
    """Read aloud turned on in `app`, into a recording voice that says each line at once."""
    recording = RecordingSpeech()
    app.voice.attach(recording)
    app.voice.pace = 0
    app.settings.read_aloud = True
    app.apply_settings()
    return recording


def test_a_line_asked_for_interrupts_and_the_queue_never_grows_past_its_bound():
    recording = RecordingSpeech()
    voice = voice_on(recording, pace=10.0)  # ten characters a second
    voice.say("first line")  # said at once: nothing was being said
    for number in range(20):
        voice.say(f"news {number}")
    assert recording.said == ["first line"]
    assert list(voice.queue) == [f"news {n}" for n in range(20 - QUEUE_LINES, 20)]  # the oldest dropped
    assert voice.dropped == 20 - QUEUE_LINES
    voice.update(0.5)
    assert recording.said == ["first line"]  # one second of speech: not done yet
    voice.update(0.5)
    assert recording.said == ["first line", f"news {20 - QUEUE_LINES}"]
    voice.say("Column 2: 5, face down, 12", interrupt=True)
    assert recording.said[-1] == "Column 2: 5, face down, 12" and recording.stops == 1
    assert not voice.queue  # the stale news went with it


def test_a_negative_card_is_said_with_the_languages_word_for_minus():
    from game import i18n

    recording = RecordingSpeech()
    voice = voice_on(recording)
    voice.say("Robin turned over a \u22122")
    i18n.set_language("fr")
    try:
        voice.say(EventWords(["Ann", "Robin"], addressee=0).line(ev.CardFlipped(1, 0, 0, -2), here=0))
    finally:
        i18n.set_language("en")
    voice.say("Round-2 stays a word")
    assert recording.said == ["Robin turned over a minus 2", "Robin a retourné un moins 2", "Round-2 stays a word"]


def test_off_or_without_a_voice_nothing_is_said():
    recording = RecordingSpeech()
    voice = voice_on(recording)
    voice.enabled = False
    voice.say("hello")
    voice.enabled = True
    voice.attach(NullSpeech(), "no voice here")
    voice.say("hello")
    assert recording.said == [] and not voice.speaking


def test_without_the_library_or_a_speech_service_the_game_gets_no_voice_and_a_reason(monkeypatch):
    monkeypatch.setitem(sys.modules, "speechlight", None)  # as if it were not installed
    speech, why = open_speech()
    assert isinstance(speech, NullSpeech) and "could not load" in why


def test_not_available_here_said_by_the_setting_and_once_in_the_log_each_time_it_is_turned_on(make_app, monkeypatch,
                                                                                                caplog):
    monkeypatch.setattr("skyjo.app.open_speech", lambda: (NullSpeech(), "neither Orca nor speech-dispatcher runs"))
    app = make_app()
    pilot = Pilot(app)
    app.stack.push(MenuScene(app))
    app.stack.push("settings")
    pilot.advance()
    assert pilot.button("Read aloud: off")
    with caplog.at_level(logging.INFO, logger="skyjo.speech"):
        pilot.click("Read aloud: off")
        pilot.click("Sound: on")  # another setting changed: the voice is not looked for again
        pilot.click("Read aloud: not available here")  # off again
    assert pilot.button("Read aloud: off")
    lines = [r.getMessage() for r in caplog.records if r.name == "skyjo.speech"]
    assert lines == ["Read aloud is not available here: neither Orca nor speech-dispatcher runs"]
    found = RecordingSpeech()  # a screen reader started since: turned on again, it is found
    monkeypatch.setattr("skyjo.app.open_speech", lambda: (found, ""))
    pilot.click("Read aloud: off")
    assert pilot.button("Read aloud: on") and app.voice.speaking


def test_skyjo_read_aloud_turns_it_on_and_keeps_it(make_app):
    from skyjo.app import read_aloud
    from skyjo.cli import build_parser

    assert build_parser().parse_args(["--read-aloud"]).read_aloud is True
    app = make_app()
    read_aloud(app, asked=True)
    assert app.settings.read_aloud and app.voice.enabled
    assert app.store.settings.load().read_aloud is True


def test_a_card_drawn_by_another_player_is_never_said_by_its_value():
    words = EventWords(["Ann", "Robin"], addressee=0)
    assert words.line(ev.CardDrawn(1, 7), here=0) == "Robin drew a card"
    assert words.line(ev.CardDrawn(0, 7), here=0) == "You drew a 7"  # her own: she sees it
    assert words.line(ev.CardDiscarded(1, 7), here=0) == ""  # said with the card it reveals
    assert words.line(ev.CardRevealed(1, 2, 0, 11), here=0) == "Robin drew and discarded a 7, revealed an 11"
    replaced = ev.CardReplaced(1, 0, 0, 3, 12, old_was_face_up=False, source="discard")
    assert words.line(replaced, here=0) == "Robin took the 3 from the discard pile and put it on a face-down card " \
                                           "(it was a 12)"


def test_what_a_listener_hears_at_the_table_never_names_a_card_it_may_not_know(make_app):
    """A game against a computer: every face-down card's value stays unsaid until it is turned,
    the computer's drawn card until it is placed or thrown; the keys that ask say "face down"."""
    app = make_app()
    recording = reading_aloud(app)
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "easy")), seed=4)
    app.stack.push(MenuScene(app))
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    pilot = Pilot(app)
    pilot.advance(5)
    for key in (pygame.K_g, pygame.K_o, pygame.K_1):
        pilot.press(key)
    hidden = recording.said[-3:]
    assert all(line.count("face down") >= 3 for line in hidden), hidden
    grid = play.state.cards[1]
    assert "Robin's grid: Column 1: face down, face down, face down" in hidden[1], (hidden, grid)


def test_a_computers_moves_wait_for_the_voice_at_normal_speed_and_not_at_instant():
    class Screen:
        names = ["Ann", "Robin"]
        addressee = viewer = 0

    voice = voice_on(pace=14.0)
    speech = TableSpeech(Screen(), voice, lambda: None)
    voice.say("Robin took the 5 from the discard pile and replaced a 9")  # 54 characters: about 3.9 s
    assert speech.holds(1.0) and speech.holds(0.6)
    assert not speech.holds(0.0)  # instant: the game never waits
    voice.update(3.2)
    assert speech.holds(1.0) and not speech.holds(2.5)  # fast: the next move may begin under the last 0.9 s
    voice.update(0.8)
    assert not speech.holds(1.0)


def moves_in(app, seconds, read_aloud):
    """Engine moves two computers make in `seconds` of game time at normal speed."""
    app.speed_override = 1.0
    if read_aloud:
        app.voice.attach(RecordingSpeech())
        app.settings.read_aloud = True
        app.apply_settings()
    config = MatchConfig("voyage", (SeatConfig("Robin", COMPUTER, "easy"), SeatConfig("Sam", COMPUTER, "easy")),
                         seed=9)
    app.stack.push(MenuScene(app))
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    Pilot(app).advance(seconds=seconds)
    return play.moves


def test_with_read_aloud_the_computers_play_no_faster_than_their_moves_are_said(make_app, tmp_path):
    silent = moves_in(make_app(speed=1.0, data_dir=tmp_path / "silent"), 30, read_aloud=False)
    spoken = moves_in(make_app(speed=1.0, data_dir=tmp_path / "spoken"), 30, read_aloud=True)
    assert 0 < spoken < silent


def test_every_screen_says_its_focused_item_and_a_changed_value(make_app):
    app = make_app()
    recording = reading_aloud(app)
    pilot = Pilot(app)
    app.stack.push(MenuScene(app))
    pilot.advance()
    pilot.press(pygame.K_DOWN)
    menu = app.stack.top
    assert recording.said[-1] == menu.buttons.buttons[menu.buttons.focus].label
    app.stack.push("settings")
    pilot.advance()
    assert recording.said[-1].startswith("Language: ")  # the screen's first focus
    pilot.press(pygame.K_DOWN)
    pilot.press(pygame.K_DOWN)
    assert recording.said[-1] == "Sound: on"
    pilot.press(pygame.K_RETURN)
    assert recording.said[-1] == "Sound: off"  # the value, changed
    count = len(recording.said)
    pilot.advance(30)
    assert len(recording.said) == count  # nothing said twice while nothing changes


@pytest.mark.parametrize("screen", ["setup", "statistics", "join", "howto", "review_pick", "about"])
def test_the_other_screens_say_their_focused_item_through_the_same_hook(make_app, screen):
    """Setup, statistics, the network's Join, How to play, the review's list, About: the arrows
    move the focus and the focused button is said, with no code of their own for it."""
    app = make_app()
    recording = reading_aloud(app)
    pilot = Pilot(app)
    app.stack.push(MenuScene(app))
    app.stack.push(screen)
    pilot.advance(3)
    said = []
    for key in (pygame.K_TAB, pygame.K_TAB):
        pilot.press(key)
        top = app.stack.top
        button = top.buttons.buttons[top.buttons.focus]
        focused = button.spoken or button.label  # (a text field says its caption: "Address: empty")
        said.append(focused)
        assert recording.said[-1] == focused
    assert said[0] != said[1] or len(top.buttons.buttons) == 1
    assert "_" not in said  # (a text field's typing cursor is never what is said)


def test_the_question_before_a_doubled_round_is_said_then_its_answer(make_app):
    """A person by ear is asked before a move that doubles their round (issue 48's warning):
    the question is said, then the focused answer."""
    from test_doubling_warning import drive, start

    app = make_app()
    recording = reading_aloud(app)
    pilot = Pilot(app)
    play = start(app)
    drive(pilot, play, rounds=1)
    asked = [n for n, line in enumerate(recording.said) if "your score would be doubled" in line]
    assert asked, "nobody was asked"
    assert recording.said[asked[0] + 1] in ("Turn it anyway", "Place it anyway")


def test_an_empty_field_is_said_with_its_own_word_not_the_empty_discard_piles(make_app):
    """"empty" said of the discard pile agrees with the pile in gendered languages (Italian "vuota":
    la pila); a field nothing is typed in says "nothing typed" in the language's own words."""
    from game import i18n
    from game.i18n import _

    app = make_app()
    reading_aloud(app)
    i18n.set_language("it")
    try:
        app.stack.push(MenuScene(app))
        app.stack.push("join")
        Pilot(app).advance(2)
        join = app.stack.top
        join.fields["code"].value = ""
        join.dirty = True
        Pilot(app).advance(2)
        said = join.buttons.named("code").spoken
        assert said == f"{_('Join code')}: {_('nothing typed')}" and _("nothing typed") != "nothing typed"
        assert _("empty") not in said  # "vuota", the pile's
    finally:
        i18n.set_language("en")
