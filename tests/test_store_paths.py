"""The data folder: --data-dir, then $SKYJO_DATA_DIR, then the OS's user data folder."""

from __future__ import annotations

import platformdirs

from game.match import MatchConfig
from game.store import ENV_VAR, Store, resolve_data_dir


def test_explicit_folder_wins(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert resolve_data_dir(tmp_path / "arg") == tmp_path / "arg"


def test_environment_variable_next(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert resolve_data_dir(None) == tmp_path / "env"
    assert Store().data_dir == tmp_path / "env"


def test_platform_folder_last(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)
    expected = platformdirs.user_data_dir("Skyjo", appauthor=False)
    assert str(resolve_data_dir(None)) == expected
    monkeypatch.setenv(ENV_VAR, "  ")  # blank counts as unset
    assert str(resolve_data_dir("")) == expected


def test_folder_created_on_first_write_only(tmp_path):
    folder = tmp_path / "a" / "b"
    store = Store(folder)
    assert store.saves.load() is None and store.stats.load().players == {}
    assert not folder.exists()
    store.saves.save(MatchConfig(seed=1), MatchConfig(seed=1).new_game())
    assert (folder / "save.json").is_file()
