"""Sound effects: the committed files match the synthesiser; the player is silent and
error-free without a device, honours mute and volume live, and follows engine events."""

from __future__ import annotations

import array
import importlib.util
import wave
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.resources import asset_path
from game.rules import GameState
from game.ui.sound import EFFECTS, EVENT_SOUNDS, SoundPlayer

ROOT = Path(__file__).resolve().parents[1]


def _maker():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "build" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _samples(path: Path) -> tuple[wave._wave_params, array.array]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        data = array.array("h", wav.readframes(params.nframes))
    return params, data


def test_committed_sounds_are_what_the_script_makes(tmp_path: Path) -> None:
    assert _maker().main([str(tmp_path)]) == 0
    for name in EFFECTS:
        _params, made = _samples(tmp_path / f"{name}.wav")
        committed_params, committed = _samples(asset_path("sounds", f"{name}.wav"))
        assert (committed_params.nchannels, committed_params.sampwidth, committed_params.framerate) == (1, 2, 22050)
        assert 0.05 <= committed_params.nframes / 22050 <= 1.0, name  # a few hundred ms
        assert len(made) == len(committed)
        # floating point may differ in the last bit on another machine: allow one step
        assert max(abs(a - b) for a, b in zip(made, committed)) <= 1, name
        assert max(abs(v) for v in committed) > 3000, f"{name} is nearly silent"


class FakeSound:
    def __init__(self, path: str) -> None:
        self.path = path
        self.volumes: list[float] = []

    def set_volume(self, volume: float) -> None:
        self.volumes.append(volume)

    def play(self) -> None:
        pass


class FakeMixer:
    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.inits = 0
        self.Sound = FakeSound

    def get_init(self):
        return None

    def init(self, **kwargs) -> None:
        self.inits += 1
        if self.fail:
            raise RuntimeError("No available audio device")

    def quit(self) -> None:
        pass


def test_no_audio_device_is_silent_and_never_raises() -> None:
    mixer = FakeMixer(fail=True)
    player = SoundPlayer(SimpleNamespace(sound=True, volume=1.0), mixer=mixer)
    assert mixer.inits == 0  # lazily: nothing opened until a sound is wanted
    assert player.play("flip") is False
    assert player.play("draw") is False
    assert player.available is False and "audio device" in player.problem
    assert mixer.inits == 1  # not retried every frame


def test_mute_and_volume_are_read_live() -> None:
    settings = SimpleNamespace(sound=False, volume=0.5)
    mixer = FakeMixer()
    player = SoundPlayer(settings, mixer=mixer)
    assert player.play("flip") is False
    assert mixer.inits == 0  # muted: the mixer is not even opened
    settings.sound = True
    assert player.play("flip") is True
    settings.volume = 0.25
    assert player.play("draw") is True
    assert player._sounds["flip"].volumes == [0.5]
    assert player._sounds["draw"].volumes == [0.25]
    settings.volume = 0.0
    assert player.play("place") is False
    assert player.played == ["flip", "draw"]


def test_real_mixer_with_dummy_driver_does_not_fail() -> None:
    import pygame

    player = SoundPlayer(SimpleNamespace(sound=True, volume=0.1))
    played = player.play("win")  # either plays into the dummy device or stays silent: never raises
    if played:  # played: the mixer is open and the effect was handed to it
        assert player.available is True and player.played == ["win"]
        assert pygame.mixer.get_init() is not None
    else:  # silent: it says why, and nothing was played
        assert player.available is False and player.problem, "a silent player says why"
        assert player.played == []
    player.close()
    assert pygame.mixer.get_init() is None  # closing the player closes the mixer it opened


def test_every_event_sound_names_an_effect() -> None:
    assert set(EVENT_SOUNDS.values()) <= set(EFFECTS)


@pytest.mark.parametrize("seed", [3])
def test_animator_plays_a_sound_per_event(seed: int) -> None:
    """The animator asks for the effect of each event as its animation starts, not on skip."""
    import pygame

    from game.rules import seat_view
    from game.ui.card_art import CardArt
    from game.ui.table_anim import Animator
    from game.ui.table_view import Board, TableView
    from game.ui.text import TextCache

    pygame.display.init()
    pygame.font.init()
    state = GameState.new_game("voyage", players=2, seed=seed)
    view = TableView(2, ["A", "B"], CardArt("standard"), TextCache())
    anim = Animator(Board.from_view(seat_view(state, 0)), view, speed=1.0)
    heard: list[str] = []
    anim.on_sound = heard.append
    state.apply(state.legal_actions()[0])
    anim.add_events(state.take_events())
    for _ in range(200):
        anim.update(0.05)
    assert "card_flipped" in heard
    heard.clear()
    state.apply(state.legal_actions()[0])
    anim.add_events(state.take_events())
    anim.skip()
    assert heard == []  # skipping is silent


def test_a_game_runs_silently_when_the_mixer_cannot_open(app, pilot) -> None:
    from game.match import COMPUTER, MatchConfig, SeatConfig
    from scenes.play import PlayScene

    app.speed_override = 4.0  # animations run, so their sounds are asked for
    mixer = FakeMixer(fail=True)
    app.sound._mixer = mixer
    config = MatchConfig("voyage", (SeatConfig("A", COMPUTER, "easy"), SeatConfig("B", COMPUTER, "easy")), seed=2)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    pilot.advance(600, dt=1 / 30)
    assert len(play.state.log[-1]["actions"]) > 6  # the game went on
    assert mixer.inits == 1 and app.sound.available is False
