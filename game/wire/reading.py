"""Untrusted JSON text read once, into a declared type, bounded before anything is built.

The order matters: the size first (nothing is scanned past it), then how deeply lists and
objects nest (msgspec itself has no depth limit) and how long a number is, both worked out by
an iterative scan of the text, then msgspec decodes into the Struct (types, required and unknown
fields, ranges declared with `Meta`). Every failure is a `WireError` in one plain line.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

MOST_DIGITS = 100  # a number longer than this is read no further (msgspec refuses past 64 bits, naming the field)
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)  # a JSON string, escapes and all
_MARKS = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(rf"\d{{{MOST_DIGITS + 1},}}")


class WireError(ValueError):
    """Text that is not a message of the declared type; its text is one line."""


def depth(text: str, most: int) -> int:
    """How deeply lists and objects nest in the JSON `text` (strings skipped), counting no
    further than `most + 1`: iterative, so no nesting can exhaust a stack."""
    deepest = level = 0
    for mark in _MARKS.finditer(_STRINGS.sub("", text)):
        if mark.group() in "[{":
            level += 1
            if level > deepest:
                deepest = level
                if deepest > most:
                    return deepest
        else:
            level -= 1
    return deepest


def read(text: str, kind: Any, *, most_depth: int, too_deep: str = "JSON nested deeper than {most}") -> Any:
    """`text` (already size-checked by the caller, which knows its limit) decoded into `kind`;
    WireError otherwise. `too_deep` words the nesting refusal ({most}: the limit)."""
    if depth(text, most_depth) > most_depth:
        raise WireError(too_deep.format(most=most_depth))
    if _LONG_NUMBER.search(_STRINGS.sub("", text)):
        raise WireError("a number with too many digits to read")
    try:
        return msgspec.json.decode(text, type=kind, strict=True)
    except msgspec.ValidationError as error:
        raise WireError(one_line(str(error))) from None
    except msgspec.DecodeError:
        raise WireError("something that is not JSON") from None


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
