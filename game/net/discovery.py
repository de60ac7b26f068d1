"""Games on the local network, by zeroconf (mDNS/DNS-SD): a host advertises, the Join screen browses.

    ad = advertise("Ann's table", host.port, open_seats=2)   # ad.update(1) as seats fill; ad.close()
    for game in browse(timeout=1.5): game.name, game.url, game.open_seats

The advertisement says where the table is and how many seats are open, never the join code:
anyone on the network can read it, and the code is what lets a player in. What is read back
is untrusted (any machine may answer): names are cleaned, numbers checked, bad records skipped.
"""

from __future__ import annotations

import secrets
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from game.match import clean_name, is_showable_name

from .listener import lan_address
from .protocol import MAX_SEATS, PROTOCOL_VERSION

SERVICE_TYPE = "_skyjo._tcp.local."
MOST_FOUND = 64  # games kept from one browse, whatever floods the network


@dataclass(frozen=True)
class FoundGame:
    name: str
    url: str
    open_seats: int


def service_info(name: str, port: int, open_seats: int, address: str, instance: str | None = None,
                 server: str | None = None) -> ServiceInfo:
    """The DNS-SD record of a hosted table: its name, address and port, and open seats."""
    shown = clean_name(name) or "Skyjo"
    instance = instance or f"{shown} {secrets.token_hex(2)}"  # two tables of the same name stay two services
    return ServiceInfo(SERVICE_TYPE, f"{instance}.{SERVICE_TYPE}", addresses=[socket.inet_aton(address)], port=port,
                       properties={"v": str(PROTOCOL_VERSION), "name": shown, "open": str(open_seats)},
                       server=server or f"skyjo-{secrets.token_hex(4)}.local.")


def game_from_info(info: ServiceInfo) -> FoundGame | None:
    """A found game from a record, or None when it is not a table we can join."""
    properties = {key: value for key, value in (info.properties or {}).items() if isinstance(key, bytes)}
    try:
        version = int(properties.get(b"v") or b"0")
        open_seats = int(properties.get(b"open") or b"-1")
        name = clean_name((properties.get(b"name") or b"").decode("utf-8", "replace"))
    except ValueError:
        return None
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if version != PROTOCOL_VERSION or not 0 <= open_seats <= MAX_SEATS or not is_showable_name(name):
        return None
    if not addresses or not info.port or not 0 < info.port < 65536:
        return None
    return FoundGame(name, f"ws://{addresses[0]}:{info.port}", open_seats)


class Advertisement:
    """A table announced on the local network until `close()`."""

    def __init__(self, name: str, port: int, open_seats: int, address: str | None = None,
                 interfaces: Any = None) -> None:
        self._zeroconf = _zeroconf(interfaces)
        self._where = (name, port, address or lan_address())
        self._info = service_info(name, port, open_seats, self._where[2])
        self._zeroconf.register_service(self._info)

    def update(self, open_seats: int) -> None:
        """Say how many seats are open now (the same service, a new record)."""
        name, port, address = self._where
        self._info = service_info(name, port, open_seats, address, instance=self._info.name[: -len(SERVICE_TYPE) - 1],
                                  server=self._info.server)
        self._zeroconf.update_service(self._info)

    def close(self) -> None:
        try:
            self._zeroconf.unregister_service(self._info)
        finally:
            self._zeroconf.close()


def advertise(name: str, port: int, open_seats: int, **options: Any) -> Advertisement:
    """Announce a hosted table; OSError when the network allows no multicast."""
    return Advertisement(name, port, open_seats, **options)


class _Listener(ServiceListener):
    def __init__(self) -> None:
        self.names: list[str] = []
        self.lock = threading.Lock()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.lock:
            if name not in self.names and len(self.names) < MOST_FOUND:
                self.names.append(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.add_service(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.lock:
            if name in self.names:
                self.names.remove(name)


def browse(timeout: float = 1.5, interfaces: Any = None) -> list[FoundGame]:
    """The tables advertised on the local network, found within `timeout` seconds."""
    zeroconf = _zeroconf(interfaces)
    listener = _Listener()
    try:
        browser = ServiceBrowser(zeroconf, SERVICE_TYPE, listener)
        time.sleep(timeout)
        browser.cancel()
        with listener.lock:
            names = list(listener.names)
        found = []
        for name in names:
            info = zeroconf.get_service_info(SERVICE_TYPE, name, timeout=500)
            game = game_from_info(info) if info is not None else None
            if game is not None:
                found.append(game)
        return found
    finally:
        zeroconf.close()


def _zeroconf(interfaces: Any) -> Zeroconf:
    from zeroconf import InterfaceChoice

    return Zeroconf(interfaces=interfaces if interfaces is not None else InterfaceChoice.All,
                    ip_version=IPVersion.V4Only)
