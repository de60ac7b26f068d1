"""Read aloud's one door to a voice: the `Speech` a backend offers (say, stop), its three kinds
(the platform's screen reader or synthesiser through the speechlight library, a recording one
for the tests, a silent one where there is none), and the `Voice` every screen speaks through.

    voice = Voice()                        # the app's (skyjo/app.py), silent until a voice is attached
    voice.attach(*open_speech())           # when Read aloud is first wanted; NullSpeech where none runs
    voice.enabled = settings.read_aloud
    voice.say("Robin's turn")              # queued behind what is being said
    voice.say("Column 2: 5, face down, 3", interrupt=True)   # asked for: said now
    voice.update(dt)                       # each frame: the next queued line when the last is done

Speech never lags the game: a line asked for (a key, a focus) interrupts whatever is said, and
the table's lines wait in a queue of at most QUEUE_LINES, the oldest dropped when it is full.
How long a line takes is estimated from its length (a screen reader does not say when it is
done), which also paces a computer's moves (scenes/table_speech.py).
"""

from __future__ import annotations

import logging
import re
import sys
from collections import deque
from typing import Any, Protocol

from game.i18n import N_, _

log = logging.getLogger("skyjo.speech")

QUEUE_LINES = 6  # lines waiting to be said; a seventh drops the oldest (stale news)
MAX_LINE = 600  # characters said of one line (a line of the game's own words is far shorter)
CHARS_PER_SECOND = 14.0  # a synthesiser's usual pace (espeak-ng's 175 words a minute), to estimate a line's time


# a negative card said as a word of the language: synthesisers read the true minus "−2" in English, or
# drop a hyphen's ("un -2" is "un deux" to espeak-ng's French)
MINUS_WORD = N_("minus {number}")
_NEGATIVE = re.compile(r"(?<!\w)[\u2212-](\d+)")  # a minus not inside a word ("round-2" is no number)


def for_the_ear(text: str) -> str:
    """`text` as it is to be said: one line, each negative number's minus as the language's word."""
    text = " ".join(text.split())
    if "\u2212" not in text and "-" not in text:
        return text
    return _NEGATIVE.sub(lambda found: _(MINUS_WORD).format(number=found.group(1)), text)


class Speech(Protocol):
    """A voice: says a line (after what it is saying, or at once with `interrupt`), or stops."""

    def say(self, text: str, interrupt: bool = False) -> None: ...

    def stop(self) -> None: ...


class NullSpeech:
    """No voice here: every line is dropped (the game plays on unchanged)."""

    def say(self, text: str, interrupt: bool = False) -> None:
        pass

    def stop(self) -> None:
        pass


class RecordingSpeech:
    """The tests' voice: keeps every line said, in order, and each stop."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.stops = 0

    def say(self, text: str, interrupt: bool = False) -> None:
        self.said.append(text)

    def stop(self) -> None:
        self.stops += 1


class LibrarySpeech:
    """The platform's screen reader, else its synthesiser, through speechlight: NVDA, JAWS or
    System Access, else SAPI, on Windows; the system voice on macOS; Orca where it runs on Linux,
    else speech-dispatcher (its own Python bindings, `speechd`). `speaker` is speechlight's object."""

    def __init__(self, speaker: Any, name: str) -> None:
        self._speaker = speaker
        self.name = name

    def say(self, text: str, interrupt: bool = False) -> None:
        try:
            self._speaker.say(text, interrupt=interrupt)
        except Exception as error:  # noqa: BLE001 - a voice that fails must never stop the game
            log.warning("speech failed (%s): %s", self.name, error)

    def stop(self) -> None:
        try:
            self._speaker.silence()
        except Exception as error:  # noqa: BLE001 - as above
            log.warning("speech could not stop (%s): %s", self.name, error)


def open_speech() -> tuple[Speech, str]:
    """The platform's voice and its name, or NullSpeech and why there is none (said in the log
    once by the caller). Never raises: a missing library or service means no voice."""
    try:
        import speechlight  # (imported when Read aloud is wanted: it connects to the desktop's bus)
    except Exception as error:  # noqa: BLE001 - not installed, or its platform part failed to load
        return NullSpeech(), f"the speech library could not load ({type(error).__name__}: {error})"
    if sys.platform != "linux":
        return LibrarySpeech(speechlight.speech, "speechlight"), ""
    if speechlight.speech.version:  # Orca answers on the session bus: the screen reader speaks
        return LibrarySpeech(speechlight.speech, "Orca"), ""
    return _speech_dispatcher()


def _speech_dispatcher() -> tuple[Speech, str]:
    """speech-dispatcher through speechlight, or why not (its client is None when no daemon answers)."""
    try:
        from speechlight.speech_dispatcher import Speech as DispatcherSpeech

        speaker = DispatcherSpeech()
    except Exception as error:  # noqa: BLE001 - the bindings missing or failing
        return NullSpeech(), f"speech-dispatcher could not be reached ({type(error).__name__}: {error})"
    if getattr(speaker, "_sd", None) is None:  # (speechlight keeps the client private; None: none answered)
        return NullSpeech(), "neither Orca nor speech-dispatcher runs"
    return LibrarySpeech(speaker, "speech-dispatcher"), ""


class Voice:
    """What every screen speaks through (the app owns one): on or off, a bounded queue, and the
    time each line is estimated to take. `pace`: characters a second (0: a line takes no time,
    as for the recording voice of the tests)."""

    def __init__(self, pace: float = CHARS_PER_SECOND) -> None:
        self.speech: Speech = NullSpeech()
        self.attached = False  # a voice was looked for (once: when Read aloud is first wanted)
        self.available = False  # a voice was found (else the setting says "not available here")
        self.why_not = ""  # why no voice was found
        self.enabled = False
        self.pace = pace
        self.queue: deque[str] = deque()
        self.dropped = 0  # lines dropped as stale (a full queue)
        self._left = 0.0  # seconds the line being said still takes

    def attach(self, speech: Speech, why_not: str = "") -> None:
        """Speak through `speech` from now on; `why_not` (no voice here, and why) is logged once."""
        self.speech, self.attached, self.available, self.why_not = speech, True, not why_not, why_not
        self.log_state()

    def log_state(self) -> None:
        """One line in the log: the voice that speaks, or why there is none."""
        if self.why_not:
            log.info("Read aloud is not available here: %s", self.why_not)
        else:
            log.info("Read aloud speaks through %s", getattr(self.speech, "name", type(self.speech).__name__))

    @property
    def speaking(self) -> bool:
        """Whether lines are spoken now (the setting on and a voice here)."""
        return self.enabled and self.available

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say `text` (cut at MAX_LINE): after the queue, or now, with `interrupt`, whatever is
        being said stopped and the queue emptied (a line asked for is never kept waiting)."""
        text = for_the_ear(text)[:MAX_LINE]
        if not self.speaking or not text:
            return
        if interrupt:
            self.queue.clear()
            self.speech.stop()
            self._left = 0.0
            self._speak(text, interrupt=True)
            return
        if len(self.queue) >= QUEUE_LINES:
            self.queue.popleft()
            self.dropped += 1
        self.queue.append(text)
        self._feed()

    def stop(self) -> None:
        """Silence now, the queue forgotten."""
        self.queue.clear()
        self._left = 0.0
        if self.speaking:
            self.speech.stop()

    def update(self, dt: float) -> None:
        """Time passes: the next queued line once the last one is estimated done."""
        self._left = max(0.0, self._left - dt)
        self._feed()

    def remaining(self) -> float:
        """Seconds still to be said (the line being said and the queue), as estimated."""
        return self._left + sum(self._seconds(line) for line in self.queue)

    def _feed(self) -> None:
        while self.queue and self._left <= 0.0:
            self._speak(self.queue.popleft())

    def _speak(self, text: str, interrupt: bool = False) -> None:
        self._left = self._seconds(text)
        self.speech.say(text, interrupt)

    def _seconds(self, text: str) -> float:
        return len(text) / self.pace if self.pace > 0 else 0.0
