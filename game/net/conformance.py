"""Every kind of table is a `Table` (game/table/shape.py), and a TableController is what a
network host serves (served.py's `ServedTable`), and the player's store what a hosted table
keeps (hosted.py's `HostedStore`), proved by the type checker.

`mypy game` (tests/test_types.py) checks these functions: should a table lose a member the
screens or the host use, or give it another type (an Optional `config`, a view that may be
None), a return below stops type-checking, and the suite fails before any screen or host
meets that table. Nothing calls them."""

from __future__ import annotations

from game.store import Store
from game.table import Table, TableController

from .client import RemoteTable
from .hosted import HostedStore, HostedTable
from .served import ServedTable


def each_kind_is_a_table(here: TableController, hosted: HostedTable, joined: RemoteTable) -> tuple[Table, Table, Table]:
    """A table run here alone, one run here and served to other computers, a seat at one
    hosted elsewhere: the three a table screen may be given."""
    return here, hosted, joined


def a_controller_can_be_served(here: TableController) -> ServedTable:
    """What a network host asks of the table it serves, a table run here answers."""
    return here


def the_players_store_serves_a_hosted_table(store: Store) -> HostedStore:
    """The store keeps a hosted table's game and statistics and the host's seat tokens."""
    return store
