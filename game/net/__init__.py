"""Play across computers (docs/network.md): a host runs the table, players join over WebSocket.

    host = NetHost(table, new_join_code(), store=store)   # host.py: the authoritative table's door
    remote = RemoteTable(url, code, name, store=store)     # client.py: what a joined screen drives
    hosted = HostedTable(config, state, store, code=new_join_code())  # hosted.py: a table run here with
                                                           # its own door, what a hosting screen drives
    advertise(name, host.port, host.open_seats()) / browse()   # discovery.py: the local network

The messages and their strict decoding are in protocol.py; nothing here imports pygame.
"""

from .client import NetClient, RemoteTable, parse_address
from .discovery import FoundGame, advertise, browse
from .host import NetHost
from .host import new_code as new_join_code
from .hosted import HostedTable
from .protocol import PROTOCOL_VERSION, ProtocolError

__all__ = ["PROTOCOL_VERSION", "FoundGame", "HostedTable", "NetClient", "NetHost", "ProtocolError", "RemoteTable",
           "advertise", "browse", "new_join_code", "parse_address"]
