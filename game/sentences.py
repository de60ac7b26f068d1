"""Sentences that cross the wire or the disk before anybody reads them: a key and its
arguments, worded in the reader's language only where the sentence is shown.

    NOTICE = sentence("bot_failed", N_("{name}'s computer player failed; Normal plays for it from now on."))
    said = NOTICE.say(name="Ann")          # a Sentence: key "bot_failed", args {"name": "Ann"}
    text = said.worded()                    # "L'ordinateur d'Ann..." in French, where it is drawn

A French host therefore sends an English player `{"key": "bot_failed", "args": {...}}`, not
French text, and a store notice written in English is read in French. What arrives from
outside (a host's message, a file) is checked with `Sentence.checked`: the key must be one
this program knows, the arguments exactly its template's fields, each a short plain value,
so a template can never be replaced by a stranger's text or made to look up attributes.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field

from game.i18n import _

MAX_ARG = 300  # characters in one argument (a name, a number, a short technical detail)
ArgValue = str | int


@dataclass(frozen=True)
class Template:
    """A sentence this program can word: its key and its English template (marked N_)."""

    key: str
    text: str
    # arguments that hold one of this program's own English phrases (an OS error described by
    # the store, a file's problem): translated with the template where it is worded
    translated: frozenset[str] = frozenset()
    fields: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        names = set()
        for _literal, name, spec, conversion in string.Formatter().parse(self.text):
            if name is None:
                continue
            if not name.isidentifier() or spec or conversion:  # plain {name} only: nothing to look up
                raise ValueError(f"template {self.key!r}: {{{name}}} must be a plain field")
            names.add(name)
        object.__setattr__(self, "fields", frozenset(names))

    def say(self, **args: ArgValue) -> Sentence:
        """This sentence with its arguments, checked."""
        return Sentence.checked(self.key, args)


_TEMPLATES: dict[str, Template] = {}


def sentence(key: str, text: str, translated: frozenset[str] = frozenset()) -> Template:
    """Declare a sentence (once, at import): `text` is its English template, marked N_;
    `translated` names the arguments that are phrases of this program, translated too."""
    if key in _TEMPLATES and _TEMPLATES[key].text != text:
        raise ValueError(f"sentence {key!r} is declared twice with different texts")
    _TEMPLATES[key] = template = Template(key, text, translated)
    return template


def template_for(key: str) -> Template | None:
    return _TEMPLATES.get(key)


@dataclass(frozen=True)
class Sentence:
    """A declared sentence's key and its arguments: what travels; `worded()` is what is read."""

    key: str
    args: tuple[tuple[str, ArgValue], ...] = ()

    @classmethod
    def checked(cls, key: object, args: object) -> Sentence:
        """A Sentence from untrusted parts; ValueError (one line) unless `key` is declared and
        `args` maps exactly its fields to short plain values."""
        if not isinstance(key, str) or (template := _TEMPLATES.get(key)) is None:
            raise ValueError(f"unknown sentence {str(key)[:40]!r}")
        if not isinstance(args, Mapping):
            raise ValueError(f"sentence {key!r}: its arguments must be an object")
        if set(args) != template.fields:
            raise ValueError(f"sentence {key!r} takes {', '.join(sorted(template.fields)) or 'no arguments'}")
        for name, value in args.items():
            if type(value) is int:
                if abs(value) > 10**9:
                    raise ValueError(f"sentence {key!r}: {name} is out of range")
            elif type(value) is not str or len(value) > MAX_ARG or not value.isprintable():
                raise ValueError(f"sentence {key!r}: {name} must be a number or up to {MAX_ARG} printable characters")
        return cls(key, tuple(sorted(args.items())))

    @property
    def arguments(self) -> dict[str, ArgValue]:
        return dict(self.args)

    def worded(self) -> str:
        """The sentence in the current language (translated here, where it is read)."""
        template = _TEMPLATES[self.key]
        args = {name: _(value) if name in template.translated and isinstance(value, str) and value else value
                for name, value in self.args}
        try:
            return _(template.text).format(**args)
        except (KeyError, IndexError, ValueError):  # a catalogue whose fields differ: English rather than nothing
            return template.text.format(**self.arguments)

    def to_dict(self) -> dict[str, object]:
        return {"key": self.key, "args": self.arguments}
