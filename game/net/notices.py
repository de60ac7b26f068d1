"""What a remote player may read of the host's own notices: they are written for the person at
the host, and a failed save names its folders and files, which are nobody else's business
(game/net/host.py sends these instead). A notice crosses the wire as a declared sentence, so
a save failure becomes a sentence of its own with no argument at all, and the technical detail
of any other (a computer player's error) loses every word that looks like a path."""

from __future__ import annotations

import os
import re

from game.i18n import N_
from game.sentences import Sentence, sentence
from game.table.autosave import SAVE_FAILURES

HOST_SAVE_FAILED = sentence("host_save_failed", N_("The host could not save the game; play goes on."))
PATH_LIKE = re.compile(r"(?<!\S)\S*[/\\]\S*")  # a word with a folder separator in it, tried from its start only


def is_save_failure(said: Sentence) -> bool:
    """Whether a table's notice says a save failed (the store's words, or the table's)."""
    return said.key in SAVE_FAILURES


def for_players(said: Sentence) -> Sentence:
    """`said` as remote players may read it: a failed save says no more than that it failed,
    and no argument keeps a file or folder of this computer."""
    if is_save_failure(said):
        return HOST_SAVE_FAILED.say()
    return Sentence.checked(said.key, {name: without_paths(value) if isinstance(value, str) else value
                                       for name, value in said.args})


def without_paths(text: str) -> str:
    """`text` with every word that looks like a file or folder of this computer replaced by "…"."""
    home = os.path.expanduser("~")
    if len(home) > 1:
        text = text.replace(home, "~")
    return PATH_LIKE.sub("…", text)
