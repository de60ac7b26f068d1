"""The Settings screen: every setting by mouse or keyboard, applied at once and saved; the
menu and the pause menu open it; settings files without the new fields still load."""

import json

import pygame
import pytest
from pilot import Pilot

from game import i18n
from game.store import Settings, Store
from game.store.settings import decode_settings
from scenes.menu import MenuScene
from scenes.settings import SettingsScene


@pytest.fixture
def app(make_app, tmp_path):
    """The app with its data in tmp_path/data (see `reload`) and English chosen in Settings."""
    app = make_app(data_dir=tmp_path / "data")
    app.settings.language = "en"
    app.apply_settings()
    return app


def open_settings(app):
    pilot = Pilot(app)
    menu = app.stack.push(MenuScene(app))
    pilot.advance()
    assert menu.press("settings")
    pilot.advance()
    assert isinstance(app.stack.top, SettingsScene)
    return app.stack.top


def reload(tmp_path) -> Settings:
    return Store(tmp_path / "data").settings.load()


def test_every_setting_changes_and_is_saved(app, tmp_path):
    scene = open_settings(app)
    assert scene.buttons.named("pass").label == "Pass screen between players: on"  # as hot-seat was
    for name in ("language", "speed", "sound", "volume", "motion", "contrast", "scale", "pass"):
        assert scene.press(name)
    app.save_settings()
    app.store.close()
    again = reload(tmp_path)
    assert again.language == "fr" and i18n.current_language() == "fr"
    assert again.animation_speed == "fast"  # normal -> fast
    assert again.sound is False
    assert again.volume == 1.0  # 0.8 -> 1.0
    assert again.reduced_motion is True and again.high_contrast is True
    assert again.ui_scale == 125
    assert again.pass_screen is False and scene.buttons.named("pass").label == "Écran de passage entre joueurs : non"
    assert app.art.theme == "high_contrast" and app.reduced_motion and app.ui_scale == 1.25


def test_choices_cycle_back_to_the_start(app):
    scene = open_settings(app)
    for _ in range(3):
        scene.press("scale")
    assert app.settings.ui_scale == 100
    for _ in range(6):
        scene.press("volume")
    assert app.settings.volume == pytest.approx(0.8)
    offered = [code for code, _name in i18n.available_languages()]
    seen = []
    for _ in offered:
        scene.press("language")
        seen.append(i18n.current_language())
        if seen[-1] == "de":  # said in its own name, in German at once
            assert scene.buttons.named("language").label == "Sprache: Deutsch"
        if seen[-1] == "es":  # and in Spanish
            assert scene.buttons.named("language").label == "Idioma: Español"
    assert seen == offered[1:] + ["en"]  # each language in turn, then back to English
    assert app.settings.language == "en"


def test_keyboard_alone_with_a_visible_focus(app, pilot):
    scene = open_settings(app)
    assert scene.buttons.focus == 0  # the focus ring shows from the start
    pilot.press(pygame.K_RETURN)  # language
    assert i18n.current_language() == "fr"
    assert scene.buttons.named("language").label == "Langue : Français"
    for _ in range(5):
        pilot.press(pygame.K_DOWN)
    assert scene.buttons.buttons[scene.buttons.focus].name == "contrast"
    pilot.press(pygame.K_SPACE)
    assert app.settings.high_contrast is True
    pilot.press(pygame.K_TAB)
    pilot.press(pygame.K_TAB)
    assert scene.buttons.buttons[scene.buttons.focus].name == "pass"
    pilot.press(pygame.K_TAB)
    assert scene.buttons.buttons[scene.buttons.focus].name == "doubling"
    pilot.press(pygame.K_TAB)
    assert scene.buttons.buttons[scene.buttons.focus].name == "server"  # (Tab passes a field not being typed in)
    pilot.press(pygame.K_TAB)
    assert scene.buttons.buttons[scene.buttons.focus].name == "read_aloud"
    if scene.buttons.named("menu_entry") is not None:  # where the desktop has an applications menu
        pilot.press(pygame.K_TAB)
        assert scene.buttons.buttons[scene.buttons.focus].name == "menu_entry"
    pilot.press(pygame.K_TAB)
    assert scene.buttons.buttons[scene.buttons.focus].name == "back"
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)
    assert app.stack.top.buttons.named("settings").label == "Réglages"  # the menu relabels on return


def test_pause_menu_opens_settings_over_the_table(app, pilot):
    from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
    from scenes.pause import PauseScene
    from scenes.play import PlayScene

    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy")), seed=2)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    pilot.advance()
    pause = app.stack.push(PauseScene(app, play.table, play.guide))
    pilot.advance()
    assert pause.press("settings")
    settings = app.stack.top
    assert isinstance(settings, SettingsScene) and settings.modal
    settings.press("motion")
    pilot.press(pygame.K_ESCAPE)
    assert app.stack.top is pause
    pause.close()
    pilot.advance()
    assert play.anim.reduced_motion is True


def test_a_settings_file_without_the_new_fields_loads_with_defaults():
    old = {"format": 1, "window_size": None, "fullscreen": False, "animation_speed": "fast", "sound": True,
           "volume": 0.5, "language": None, "last_setup": None}
    settings, bad = decode_settings(json.dumps(old).encode())
    assert bad == [] and settings.animation_speed == "fast"
    assert (settings.reduced_motion, settings.high_contrast, settings.ui_scale) == (False, False, 100)


@pytest.mark.parametrize("field, value", [
    ("ui_scale", 130), ("ui_scale", True), ("ui_scale", "125"), ("reduced_motion", 1), ("high_contrast", "yes"),
])
def test_a_bad_accessibility_value_takes_its_default(field, value):
    settings, bad = decode_settings(json.dumps({"format": 1, field: value, "volume": 0.3}).encode())
    assert bad == [field] and getattr(settings, field) == getattr(Settings(), field)
    assert settings.volume == 0.3  # the rest is kept


def test_first_start_follows_the_system_language(make_app, tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    app = make_app(data_dir=tmp_path / "fresh", speed=None)
    assert app.settings.language is None and i18n.current_language() == "fr"


def test_pause_confirmation_keeps_the_focus_on_abandon(app):
    from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
    from scenes.pause import PauseScene
    from scenes.play import PlayScene

    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bot", COMPUTER, "easy")), seed=2)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    pause = app.stack.push(PauseScene(app, play.table, play.guide))
    pause.press("abandon")
    focused = pause.buttons.buttons[pause.buttons.focus]
    assert focused.name == "abandon" and focused.enabled  # Enter now confirms, nothing else
