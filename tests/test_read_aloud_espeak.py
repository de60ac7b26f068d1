"""Read aloud through a real synthesiser (issue 50 item 2): the game's own spoken lines, in
English and French, said by espeak-ng from the distribution into a WAV file, which must hold
speech: as long as a sentence takes to say and not silence (its loudness, RMS, well above the
noise floor). speechlight, the game's speech library, speaks only to a screen reader or the live
audio device and cannot write a file, so this one test drives espeak-ng directly (the voice
Orca and speech-dispatcher use on Linux). Skipped, with the reason, where espeak-ng is missing
(.ci/run installs it)."""

import array
import math
import shutil
import subprocess
import wave

import pytest

from game import i18n
from game.rules import events as ev
from game.ui.spoken import EventWords

ESPEAK = shutil.which("espeak-ng")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(ESPEAK is None, reason="espeak-ng is not installed (apt-get install espeak-ng)")]


def spoken(language):
    """The line the table says for Robin's move, in `language`."""
    i18n.set_language(language)
    try:
        words = EventWords(["Ann", "Robin"], addressee=0)
        return words.line(ev.CardReplaced(1, 0, 0, 5, 12, old_was_face_up=False, source="discard"), here=0)
    finally:
        i18n.set_language("en")


def duration_and_rms(path):
    with wave.open(str(path), "rb") as wav:
        assert wav.getsampwidth() == 2, "espeak-ng writes 16-bit samples"
        frames = wav.readframes(wav.getnframes())
        seconds = wav.getnframes() / wav.getframerate()
    samples = array.array("h", frames)
    rms = math.sqrt(sum(s * s for s in samples) / max(1, len(samples)))
    return seconds, rms


@pytest.mark.parametrize(("language", "voice"), [("en", "en"), ("fr", "fr")])
def test_espeak_ng_says_a_line_of_the_game_at_speech_length(tmp_path, language, voice):
    line = spoken(language)
    assert "Robin" in line and "12" in line
    out = tmp_path / "line.wav"
    subprocess.run([ESPEAK, "-v", voice, "-w", str(out), line], check=True, timeout=60, capture_output=True)
    seconds, rms = duration_and_rms(out)
    words = len(line.split())
    # a person says 2 to 4 words a second; espeak-ng's default is 175 words a minute (about 2.9)
    assert words / 4.5 < seconds < words / 1.5, (line, seconds)
    assert rms > 500, f"the file is (nearly) silent: RMS {rms:.0f} of 32767"
    silence = tmp_path / "silence.wav"
    subprocess.run([ESPEAK, "-v", voice, "-w", str(silence), " "], check=True, timeout=60, capture_output=True)
    assert duration_and_rms(silence)[0] < seconds / 4  # (the measure tells speech from nothing)
