"""Shared test setup: every test runs headless."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read English text: a machine in another language must not change that.
os.environ["LANGUAGE"] = "en"


@pytest.fixture
def app(tmp_path):
    """The real desktop app, headless, at a small fixed size, with instant animations
    (a test that wants to watch an animation sets `app.speed_override` itself)."""
    from game.app import App  # imported here: conftest must not start pygame for engine tests

    app = App(str(tmp_path), size=(960, 540))
    app.speed_override = 0.0
    yield app
    app.close()
