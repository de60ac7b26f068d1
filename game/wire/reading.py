"""Untrusted JSON text read once, into a declared type, bounded before anything is built.

The order matters: the size first (nothing is scanned past it), then how deeply lists and
objects nest (msgspec itself has no depth limit) and how long a number is, then msgspec decodes
it into the Struct (types, required and unknown fields, ranges declared with `Meta`). Every
failure is a `WireError` in one plain line.

Every check before the decode is linear in the text, whatever it holds (docs/network.md,
"Reading a message"; `python -m game bench reader` times the worst shapes): a few passes in
C over its bytes, the escapes first, so that no string holds a quote and each string ends at
the very next one (`bare`), then the nesting (`too_deep`) and the digits (`too_long_number`).
(A regular expression that cut out strings with their escaped quotes in one pass tried every
quote of a string left open as a start: its cost grew with the square of the text, a minute
for 64 KiB.)
"""

from __future__ import annotations

import functools
import gc
import re
import threading
import typing
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import accumulate
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

MOST_DIGITS = 100  # a number longer than this is read no further (msgspec refuses past 64 bits, naming the field)
# Values (counted by the commas between them) in one text at the most: what decoding builds is
# bounded before it starts, whatever the size cap of the file. The largest real text, an exported
# game log at its 16 MiB cap, holds a few hundred thousand; two million tiny strings or lists
# would cost memory and time out of proportion to their bytes (the processor's caches no longer
# hold what is built), so such a text is refused in the same linear pass.
MOST_VALUES = 1 << 21
_MARKS_ONLY = bytes.maketrans(b"{}", b"[]")  # with every other byte deleted: the nesting, as [ and ]
_NOT_MARKS = bytes(sorted(set(range(256)) - set(b"[]{}")))
_DIGITS_ONLY = bytes(ord("0") if chr(code) in "0123456789" else ord(" ") for code in range(256))
_LEVEL = {ord("["): 1, ord("]"): -1}
_SLICE = 1 << 16  # bytes cut into pieces at a time (`bare`)


# Keys in one object at the most. An object decodes into a dict, and a dict too large for the
# processor's caches costs more per key as it grows (msgspec's and json's alike): an object of a
# million short keys took 16 times the text for 26 to 44 times the work, where a list of as many
# strings takes 16 (`python -m game bench reader`, "an object of many short unique keys"; docs/
# engineering.md, issue 46). Up to this many keys a key costs what it does in a small object, and no
# real document comes near it (the largest, the statistics' players, holds a few thousand at its cap).
MOST_KEYS = 1 << 16
_NOT_KEY_MARKS = bytes(sorted(set(range(256)) - set(b"[]{}:")))
_INNERMOST = re.compile(rb"\[:*\]|\{:*\}")  # a list or object that holds no other


_pausing = threading.Lock()
_paused = [0, False]  # decodes under way, and whether the collector was on when the first began


class WireError(ValueError):
    """Text that is not a message of the declared type; its text is one line."""


def bare(text: str) -> bytes:
    """`text` without its JSON strings, as bytes: what the nesting and number checks look at.

    The escapes go first (an escaped backslash, then an escaped quote), so every quote left
    opens or closes a string, and two in a row are an empty string; what lies outside the
    strings is then every other piece between quotes. A string left open keeps its tail, as
    in any text that is not JSON. Each pass is linear and in C; the text is cut between quotes
    a slice at a time, so the pieces of a text of a million tiny strings stay few and warm in
    the processor's cache and a large text costs what its slices do."""
    data = text.encode("utf-8", "surrogatepass")
    if b"\\" in data:
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    data = data.replace(b'""', b"")
    if b'"' not in data:
        return data
    outside, inside = [], False  # inside: the slice begins in a string
    for start in range(0, len(data), _SLICE):
        pieces = data[start : start + _SLICE].split(b'"')
        outside.append(b"".join(pieces[inside::2]))
        inside ^= len(pieces) % 2 == 0  # an odd number of quotes in the slice
    if inside:  # a string left open: kept, quote and all
        outside.append(data[data.rfind(b'"') :])
    return b"".join(outside)


def too_deep(without_strings: bytes, most: int) -> bool:
    """Whether the running count of opening marks less closing ones in `without_strings` (see
    `bare`) ever passes `most`, worked out in linear time.

    Taking away every innermost pair `[]` at once (one pass in C) lowers the highest count by
    one, unless it is already as low as it can be: `lowest`, the larger of the counts at the
    start (0) and at the end. So after `most - lowest` such passes, the text rose above `most`
    exactly when what is left still rises above `lowest`. JSON that nests no deeper than `most`
    is nothing after those passes; only what is left of a text too deep or not JSON at all is
    counted mark by mark, and a text too deep is found at its first mark."""
    marks = without_strings.translate(_MARKS_ONLY, _NOT_MARKS)
    opens = marks.count(b"[")
    if opens <= most:  # each level opens with a mark of its own
        return False
    lowest = max(0, 2 * opens - len(marks))  # (the count at the end: opening marks less closing ones)
    if lowest > most:
        return True
    for _ in range(most - lowest):
        fewer = marks.replace(b"[]", b"")
        if len(fewer) == len(marks):
            break
        marks = fewer
    if b"[]" not in marks:  # all pairs gone: closing marks, then opening ones, rising to `lowest`
        return False
    return any(map(lowest.__lt__, accumulate(map(_LEVEL.__getitem__, marks))))


def too_long_number(without_strings: bytes, most: int = MOST_DIGITS) -> bool:
    """Whether `without_strings` (see `bare`) holds a run of more than `most` digits: every
    digit made a 0 and everything else a space, one search for `most + 1` zeros (linear)."""
    return b"0" * (most + 1) in without_strings.translate(_DIGITS_ONLY)


@functools.cache
def _crowded(most: int) -> re.Pattern[bytes]:
    """An object whose first `most + 1` marks are colons."""
    return re.compile(rb"\{:{%d}" % (most + 1))


def too_many_keys(without_strings: bytes, most: int = MOST_KEYS) -> bool:
    """Whether an object in `without_strings` (see `bare`) holds more than `most` keys (its
    own colons), in linear time: with the text cut down to its marks and colons, an object
    holding no other is its braces around its colons alone, and taking away every such list
    and object at once (one pass in C) makes the objects around them so in turn; the nesting
    is already bounded, so a few passes find every crowded object."""
    if without_strings.count(b":") <= most:
        return False
    marks, crowded = without_strings.translate(None, _NOT_KEY_MARKS), _crowded(most)
    while not crowded.search(marks):
        fewer = _INNERMOST.sub(b"", marks)
        if len(fewer) == len(marks):
            return False
        marks = fewer
    return True


def check(text: str, *, most_depth: int, too_deep_words: str = "JSON nested deeper than {most}",
          most_containers: int | None = None, too_many_words: str = "more than {most} lists and objects") -> None:
    """WireError unless `text` nests at most `most_depth` deep, has no number longer than
    MOST_DIGITS digits, no object of more than MOST_KEYS keys, at most MOST_VALUES values and (if
    given) at most `most_containers` lists and objects, which is what decoding builds the most of;
    linear in the text, whatever it holds."""
    without_strings = bare(text)
    if too_deep(without_strings, most_depth):
        raise WireError(too_deep_words.format(most=most_depth))
    if too_long_number(without_strings):
        raise WireError("a number with too many digits to read")
    if too_many_keys(without_strings):
        raise WireError(f"an object of more than {MOST_KEYS} keys")
    if without_strings.count(b",") >= MOST_VALUES:
        raise WireError(f"more than {MOST_VALUES} values")
    if most_containers is not None and without_strings.count(b"[") + without_strings.count(b"{") > most_containers:
        raise WireError(too_many_words.format(most=most_containers))


class _Tagged(msgspec.Struct):
    """Any JSON object, read for its "type" alone (absent: None)."""

    type: Any = None


_TAGGED = msgspec.json.Decoder(_Tagged)


class Family:
    """The messages one side may send: a union of Structs tagged on "type", decoded by one
    Decoder built once (a plain decode works out the union afresh: a table message took 3.7 times as long).
    With `unknown` (words, {tags}: the family's tags), an object whose "type" is none of the
    family's, or absent, is refused in those words, checked here rather than read from
    msgspec's own message."""

    def __init__(self, kind: Any, unknown: str | None = None) -> None:
        self.kind = kind
        self.decoder = msgspec.json.Decoder(kind, strict=True)
        self.tags = tuple(member.__struct_config__.tag for member in typing.get_args(kind))
        self.unknown = unknown

    def decode(self, text: str) -> Any:
        try:
            return self.decoder.decode(text)
        except msgspec.ValidationError as error:
            if self.unknown is not None and self._tag(text, error) not in self.tags:
                raise WireError(self.unknown.format(tags=", ".join(self.tags))) from None
            raise

    @staticmethod
    def _tag(text: str, error: msgspec.ValidationError) -> object:
        """The "type" of the object `text` holds (None: absent); a text that is no object keeps
        `error`, msgspec's words for what it is, and one that is no JSON is refused as such."""
        try:
            return _TAGGED.decode(text).type
        except msgspec.ValidationError:
            raise error from None


def read(text: str, kind: Any, *, most_depth: int, too_deep: str = "JSON nested deeper than {most}",
         **limits: Any) -> Any:
    """`text` (already size-checked by the caller, which knows its limit) decoded into `kind`, a
    type or a `Family`; WireError otherwise. `too_deep` words the nesting refusal ({most}: the
    limit); `limits`: those of `check` beyond the nesting."""
    check(text, most_depth=most_depth, too_deep_words=too_deep, **limits)
    try:
        with collector_paused():
            if isinstance(kind, Family):
                return kind.decode(text)
            return msgspec.json.decode(text, type=kind, strict=True)
    except msgspec.ValidationError as error:
        raise WireError(one_line(str(error))) from None
    except msgspec.DecodeError:
        raise WireError("something that is not JSON") from None


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector held off while a decode builds its values. Decoded JSON
    holds no cycles, so a collection meanwhile finds nothing, yet a text of millions of tiny
    lists sets off one collection after another: 16 MiB of `[],` decodes 4 times slower with
    the collector on (docs/saves.md, "Reading a file"). Threads may decode at once: the
    collector goes back on when the last decode ends, if it was on when the first began."""
    with _pausing:
        if _paused[0] == 0:
            _paused[1] = gc.isenabled()
            gc.disable()
        _paused[0] += 1
    try:
        yield
    finally:
        with _pausing:
            _paused[0] -= 1
            if _paused[0] == 0 and _paused[1]:
                gc.enable()


def convert(value: object, kind: Any) -> Any:
    """Python values (already parsed JSON) into `kind`, with the same checks; WireError otherwise."""
    try:
        return msgspec.convert(value, type=kind, strict=True)
    except msgspec.ValidationError as error:
        raise WireError(one_line(str(error))) from None


def encode(message: object) -> str:
    """One message (a Struct, or plain JSON values) as compact JSON text."""
    return msgspec.json.encode(message).decode("utf-8")


def one_line(text: str, limit: int = 300) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."
