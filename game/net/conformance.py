"""Every kind of table is a `Table` (game/table/shape.py), proved by the type checker.

`mypy game` (tests/test_types.py) checks this function: should a table lose a member the
screens use, or give it another type (an Optional `config`, a view that may be None), the
return below stops type-checking, and the suite fails before any screen meets that table.
Nothing calls it."""

from __future__ import annotations

from game.table import Table, TableController

from .client import RemoteTable
from .hosted import HostedTable


def each_kind_is_a_table(here: TableController, hosted: HostedTable, joined: RemoteTable) -> tuple[Table, Table, Table]:
    """A table run here alone, one run here and served to other computers, a seat at one
    hosted elsewhere: the three a table screen may be given."""
    return here, hosted, joined
