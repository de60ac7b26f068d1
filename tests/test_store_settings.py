"""Settings in their own file: round trip, defaults, one bad value reset, a bad file moved aside."""

from __future__ import annotations

import json

import pytest
from helpers import corrupt_files

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.store import Settings, Store


def test_defaults_when_nothing_is_saved(tmp_path):
    store = Store(tmp_path / "fresh")
    assert store.settings.load() == Settings()
    assert store.notices == [] and not (tmp_path / "fresh").exists(), "nothing is written by reading"


def test_round_trip_with_last_setup(tmp_path):
    setup = MatchConfig("classic", (SeatConfig("Zoé", HUMAN), SeatConfig("Max", COMPUTER, "expert")), end_score=150)
    settings = Settings((1600, 900), True, "fast", False, 0.25, "fr", setup.to_dict())
    assert Store(tmp_path).settings.save(settings)
    again = Store(tmp_path).settings.load()
    assert again == settings and again.window_size == (1600, 900)
    assert again.last_match() == setup


def test_every_setting_comes_back_from_its_file(tmp_path):
    """Each setting is read through its declaration: one changed from its default, in every
    field at once, comes back as it was saved, with nothing reset."""
    setup = MatchConfig("classic", (SeatConfig("Zoé", HUMAN), SeatConfig("Max", COMPUTER, "expert")))
    changed = Settings(window_size=(1600, 900), fullscreen=True, animation_speed="instant", sound=False, volume=1,
                       language="pt-BR", last_setup=setup.to_dict(), guide_done=True, reduced_motion=True,
                       high_contrast=True, ui_scale=150, pass_screen=False, guided_players=["Zoé"],
                       menu_entry_offered=True, warn_doubling=False, online_server="wss://skyjo.example.org",
                       online_ca_file="/etc/skyjo/family-ca.pem", read_aloud=True)
    assert all(getattr(changed, name) != value for name, value in Settings().to_dict().items() if name != "format")
    assert Store(tmp_path).settings.save(changed)
    store = Store(tmp_path)
    assert store.settings.load() == changed and store.notices == []


def test_load_returns_a_copy(tmp_path):
    store = Store(tmp_path)
    first = store.settings.load()
    first.volume = 0.1
    assert store.settings.load().volume == Settings().volume


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("volume", 7),
        ("volume", "loud"),
        ("animation_speed", "warp"),
        ("window_size", [10, 10]),
        ("window_size", "big"),
        ("fullscreen", "yes"),
        ("sound", 1),
        ("language", "../../etc"),
        ("last_setup", {"edition": "voyage", "seats": [{"name": "Solo", "kind": "human"}]}),
    ],
)
def test_one_bad_value_takes_its_default_and_keeps_the_rest(tmp_path, field, value):
    good = Settings((1024, 768), True, "slow", False, 0.5, "de").to_dict()
    good[field] = value
    (tmp_path / "settings.json").write_text(json.dumps(good))
    store = Store(tmp_path)
    settings = store.settings.load()
    assert getattr(settings, field) == getattr(Settings(), field)
    kept = {k: v for k, v in Settings((1024, 768), True, "slow", False, 0.5, "de").__dict__.items() if k != field}
    assert {k: v for k, v in settings.__dict__.items() if k != field} == kept
    [notice] = [told.worded() for told in store.notices]
    assert field in notice and "reset" in notice
    assert not corrupt_files(tmp_path)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("", "empty"),
        ('{"format": 1, "volume": 0.', "cut short"),
        ("volume=0.5", "not valid JSON"),
        ('{"format": 9}', "newer version"),
        ('"just a string"', "not a settings file"),
    ],
)
def test_bad_settings_file_is_moved_aside_and_defaults_used(tmp_path, content, reason):
    (tmp_path / "settings.json").write_text(content)
    store = Store(tmp_path)
    assert store.settings.load() == Settings()
    [moved] = corrupt_files(tmp_path)
    assert moved.read_text() == content
    [notice] = [told.worded() for told in store.notices]
    assert reason in notice and str(moved) in notice and "default settings are used" in notice


def test_bad_settings_file_falls_back_on_backup(tmp_path):
    store = Store(tmp_path)
    store.settings.save(Settings(volume=0.3))
    store.settings.save(Settings(volume=0.6))
    (tmp_path / "settings.json").write_text("{{{")
    again = Store(tmp_path)
    assert again.settings.load().volume == 0.3
    assert "previous settings were restored" in again.notices[0].worded()


def test_failed_settings_write_is_reported(tmp_path, monkeypatch):
    import errno
    import os

    Store(tmp_path).settings.save(Settings(volume=0.3))
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "full")))
    store = Store(tmp_path)
    assert store.settings.save(Settings(volume=0.9)) is False
    monkeypatch.undo()
    assert "Your settings could not be saved" in store.notices[0].worded()
    assert Store(tmp_path).settings.load().volume == 0.3


def test_hand_edited_file_with_a_byte_order_mark_loads(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"\xef\xbb\xbf" + b'{"format": 1, "volume": 0.4}')
    store = Store(tmp_path)
    assert store.settings.load().volume == 0.4 and store.notices == []
