"""The rough edges a family met away from the table (issue 48 item 3): labels drawn alike, words a
parent reads without a second look."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("scale", [100, 150])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_label_of_the_pause_menu_is_drawn_at_one_size(make_app, language, scale) -> None:
    """ "Explain as we play: off" and "Watch the last round" ("Revoir la manche passée") were drawn
    smaller than their neighbours, squeezed side by side."""
    from i18n_gallery import screens

    app = make_app(size=(1280, 720))
    app.settings.language, app.settings.ui_scale = language, scale
    app.apply_settings()
    for name in screens(app):
        if name == "pause":
            break
    group = app.stack.top.buttons
    sizes = {button.name: group.label_px(button, button.label) for button in group.buttons}
    assert {"guide", "watch", "resume"} <= set(sizes) and len(set(sizes.values())) == 1, sizes


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_second_start_says_so_in_the_games_own_look_without_a_path(make_app, tmp_path, language) -> None:
    """Not SDL's grey monospace box with the folder's full path, which reads like a crash."""
    import pygame

    from game import i18n
    from game.ui.text import TextCache
    from scenes import already_open
    from scenes.base import BACKDROP

    make_app()  # (pygame and its fonts started, as at a real start)
    i18n.set_language(language)
    surface = pygame.Surface(already_open.NOTE_SIZE)
    button = already_open.paint_note(surface, TextCache())
    title, sentence, _label = already_open.note_words()
    assert "/" not in sentence and "folder" not in sentence and "dossier" not in sentence
    assert (title == "Skyjo is already open") == (language == "en")  # in the player's language
    assert surface.get_at((2, 2))[:3] != (0, 0, 0) and abs(surface.get_at((2, 2))[1] - BACKDROP[1]) < 40  # the felt
    assert surface.get_rect().contains(button)
    click = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.center)
    assert already_open.dismissed(click, button)
    assert not already_open.dismissed(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(1, 1)), button)


def test_a_second_start_shows_the_note_and_leaves_the_path_to_the_terminal(monkeypatch, tmp_path, capsys) -> None:
    import skyjo.app
    from game.store.lock import FolderInUse

    shown = []

    def in_use(*_args):
        raise FolderInUse(f"Skyjo is already running with the data folder {tmp_path}")

    monkeypatch.setattr(skyjo.app, "App", in_use)
    monkeypatch.setattr(skyjo.app, "show_already_open", lambda: shown.append(True))
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")  # a screen: the note is shown (here, recorded)
    assert skyjo.app.open_app(str(tmp_path), None) == 0
    assert shown == [True] and str(tmp_path) in capsys.readouterr().err
