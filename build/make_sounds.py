"""Synthesise the game's sound effects into assets/sounds/*.wav (22050 Hz, mono, 16-bit).

Standard library only (wave, math, array, random with fixed seeds), so the files can be
rebuilt anywhere and a test can check the committed files are what this script makes.

    python build/make_sounds.py [OUT_DIR]
"""

from __future__ import annotations

import array
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
PEAK = 0.6  # headroom: effects may overlap in the mixer
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"


def _env(t: float, length: float, attack: float = 0.005) -> float:
    """A fast attack and an exponential decay to silence at `length`."""
    if t < attack:
        return t / attack
    return math.exp(-5.0 * (t - attack) / max(1e-6, length - attack)) * (1 - t / length)


def _tone(freq: float, length: float, start: float = 0.0, harmonics: tuple[float, ...] = (1.0, 0.3)) -> Callable:
    def voice(t: float) -> float:
        if not start <= t < start + length:
            return 0.0
        local = t - start
        body = sum(a * math.sin(2 * math.pi * freq * (n + 1) * local) for n, a in enumerate(harmonics))
        return body / sum(harmonics) * _env(local, length)
    return voice


def _noise(length: float, start: float, seed: int, smooth: float) -> Callable:
    """Filtered noise (a one-pole low-pass): a card sliding on the felt."""
    count = int(length * RATE)
    rng = random.Random(seed)
    values, level = [], 0.0
    for _ in range(count):
        level += smooth * (rng.uniform(-1, 1) - level)
        values.append(level)
    gain = 1 / max(1e-6, max(abs(v) for v in values))

    def voice(t: float) -> float:
        index = int((t - start) * RATE)
        if not 0 <= index < count:
            return 0.0
        local = index / RATE
        swell = math.sin(math.pi * local / length)  # rises and falls: a swish, not a click
        return values[index] * gain * swell
    return voice


def _mix(length: float, voices: list[Callable], gains: list[float]) -> array.array:
    samples = array.array("h")
    for index in range(int(length * RATE)):
        t = index / RATE
        value = sum(g * v(t) for v, g in zip(voices, gains))
        samples.append(int(round(max(-1.0, min(1.0, value * PEAK)) * 32767)))
    return samples


def _notes(freqs: list[float], step: float, each: float) -> list[Callable]:
    return [_tone(f, each, start=i * step, harmonics=(1.0, 0.4, 0.15)) for i, f in enumerate(freqs)]


def effects() -> dict[str, array.array]:
    """Every effect by name: what the game plays for the engine's events."""
    return {
        "draw": _mix(0.22, [_noise(0.22, 0.0, 1, 0.25)], [0.7]),
        "flip": _mix(0.12, [_noise(0.05, 0.0, 2, 0.6), _tone(1400, 0.08, 0.0, (1.0,))], [0.6, 0.35]),
        "place": _mix(0.18, [_tone(170, 0.16, 0.0, (1.0, 0.5)), _noise(0.04, 0.0, 3, 0.5)], [0.9, 0.4]),
        "column": _mix(0.5, _notes([523.25, 659.25, 783.99], 0.09, 0.3), [0.6] * 3),
        "reshuffle": _mix(0.55, [_noise(0.09, i * 0.08, 10 + i, 0.45) for i in range(6)], [0.55] * 6),
        "round_end": _mix(0.6, _notes([783.99, 587.33], 0.18, 0.4), [0.7, 0.7]),
        "win": _mix(0.9, _notes([523.25, 659.25, 783.99, 1046.5], 0.12, 0.5), [0.55] * 4),
    }


def write_wav(path: Path, samples: array.array) -> None:
    data = samples
    if sys.byteorder == "big":  # WAV data is little-endian
        data = array.array("h", samples)
        data.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else OUT
    out.mkdir(parents=True, exist_ok=True)
    for name, samples in effects().items():
        write_wav(out / f"{name}.wav", samples)
        print(f"{out / (name + '.wav')}: {len(samples) / RATE * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
