"""`trait`, mypyc's mark for a class that shares its fields with others in one native class
(position.py's parts, Legality, RoundEnd; docs/engineering.md "Issue 47: the compiled engine").

The type checker and mypyc see `mypy_extensions.trait`, which ships with mypy, the compiler. At
run time the mark does nothing (plain Python keeps the class as it is, and a compiled class was
laid out when it was compiled), so a game installed without mypy, or frozen without it, needs
no such package: the fallback below returns the class unchanged, as mypy_extensions' does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import trait
else:
    try:
        from mypy_extensions import trait
    except ImportError:  # not installed: nothing to mark at run time

        def trait(cls):
            return cls


__all__ = ["trait"]
