"""The lines of the menu's notice band: text already in the reader's language, or a notice
(a store notice, a declared sentence) worded in the language of the frame that draws it."""

from __future__ import annotations

from typing import Protocol


class Wordable(Protocol):
    def worded(self) -> str: ...


MenuNotice = str | Wordable


def worded(notice: MenuNotice) -> str:
    """The notice in the current language (a str was worded when it was said)."""
    return notice if isinstance(notice, str) else notice.worded()
