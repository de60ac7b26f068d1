"""Issue 47: on Linux the game asks SDL for the system's own framebuffer (X11's shared-memory image)
rather than a 3D renderer's texture, which on a software OpenGL cost ~95 MiB and several times the
frame time (docs/desktop.md, "The framebuffer"); elsewhere SDL's choice stands, and so does the player's."""

from __future__ import annotations

import os

import pygame
import pytest

from skyjo.window import FRAMEBUFFER_VARIABLE, choose_framebuffer


def test_linux_asks_for_the_system_s_framebuffer() -> None:
    environ: dict[str, str] = {}
    choose_framebuffer("linux", environ)
    assert environ == {FRAMEBUFFER_VARIABLE: "0"}


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_windows_and_macos_are_left_to_sdl(platform: str) -> None:
    environ: dict[str, str] = {}
    choose_framebuffer(platform, environ)
    assert environ == {}


@pytest.mark.parametrize("players", ["1", "opengl", "0"])
def test_the_player_s_own_choice_is_kept(players):
    environ = {FRAMEBUFFER_VARIABLE: players}
    choose_framebuffer("linux", environ)
    assert environ == {FRAMEBUFFER_VARIABLE: players}


def test_the_choice_is_made_before_the_display_starts(make_app, monkeypatch: pytest.MonkeyPatch):
    """SDL reads the hint when its video starts: set later, it would change nothing."""
    monkeypatch.delenv(FRAMEBUFFER_VARIABLE, raising=False)
    monkeypatch.setattr("skyjo.window.sys.platform", "linux")
    seen: list[str | None] = []
    real_init = pygame.display.init

    def init() -> None:
        seen.append(os.environ.get(FRAMEBUFFER_VARIABLE))
        real_init()

    monkeypatch.setattr(pygame.display, "init", init)
    make_app()
    assert seen == ["0"]
