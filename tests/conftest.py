"""Shared test setup: every test runs headless. The `app` fixture is the real desktop app;
`make_app` builds one with other needs (size, speed, data folder). Helpers that drive an
app or build positions live in tests/helpers.py."""

import os
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests play the rules' Python sources, the reference, even where a compiled build of them
# sits in the tree (build/compile_rules.py); tests/test_compiled_rules.py plays the build, in
# processes of its own, and holds it to the same games.
os.environ.setdefault("SKYJO_PURE_RULES", "1")
# The tests read English text: a machine in another language must not change that.
os.environ["LANGUAGE"] = "en"
# The applications menu of the person running the tests is never touched: a screen test that
# presses Settings' menu button (the monkey test may) writes into a folder of the run's own.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="skyjo-tests-xdg-")


@pytest.fixture(scope="module")
def small_display():
    """A small headless window (with fonts) for the tests that draw the table without an app:
    `pytestmark = pytest.mark.usefixtures("small_display")`."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((320, 180))
    yield
    pygame.display.quit()


@pytest.fixture
def make_app(tmp_path):
    """`make_app(size=(960, 540), speed=0.0, data_dir=tmp_path)`: the real desktop app,
    headless, without the warning before a doubled round. `speed` is its `speed_override`: 0
    makes animations instant, None leaves the settings' speed. Every app built is closed after
    the test and the language set back to English (a test may switch it)."""
    from skyjo.app import App  # imported here: conftest must not start pygame for engine tests

    built = []

    def make(size=(960, 540), speed=0.0, data_dir=None):
        app = App(str(tmp_path if data_dir is None else data_dir), size=size)
        app.speed_override = speed
        # the question before a doubled round (on in the app) would stop the tests that click
        # through games as a person does; tests/test_doubling_warning.py turns it on
        app.settings.warn_doubling = False
        built.append(app)
        return app

    yield make
    from game import i18n

    for app in built:
        app.close()
    i18n.set_language("en")


@pytest.fixture
def app(make_app):
    """The real desktop app, headless, at a small fixed size, with instant animations
    (a test that wants to watch an animation sets `app.speed_override` itself)."""
    return make_app()


@pytest.fixture
def pilot(app):
    """A Pilot (tests/pilot.py) driving the `app` fixture's app: press, click what the player
    sees, let frames pass."""
    from pilot import Pilot

    return Pilot(app)


@pytest.fixture
def xdg(tmp_path, monkeypatch):
    """An empty XDG data folder of our own (the menu-entry tests): the player's real menu is never touched."""
    home = tmp_path / "xdg data"
    home.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home
