"""Finding games on the local network (game/net/discovery.py): the record a host advertises
holds its name, address, port and open seats and never the join code; what is read back is
checked; and, where multicast works, a live advertisement is found by a browse."""

from __future__ import annotations

import socket

import pytest
from zeroconf import ServiceInfo

from game.net.discovery import SERVICE_TYPE, FoundGame, advertise, browse, game_from_info, service_info


def test_the_record_holds_where_the_table_is_and_never_the_code():
    info = service_info("Ann's table", 50123, 2, "192.168.1.20")
    assert info.type == SERVICE_TYPE and info.port == 50123
    assert set(info.properties) == {b"v", b"name", b"open"}  # no code, no seat tokens
    assert game_from_info(info) == FoundGame("Ann's table", "ws://192.168.1.20:50123", 2)


@pytest.mark.parametrize("properties", [
    {"v": "1", "name": "x", "open": "1"},  # a protocol we do not speak (any more: notices were text)
    {"v": "3", "name": "x", "open": "1"},
    {"v": "2", "name": "x", "open": "99"},
    {"v": "2", "name": "x", "open": "many"},
    {"v": "2", "name": "", "open": "1"},
])
def test_records_that_are_not_joinable_tables_are_skipped(properties):
    info = ServiceInfo(SERVICE_TYPE, f"odd.{SERVICE_TYPE}", addresses=[socket.inet_aton("10.0.0.2")], port=4000,
                       properties=properties, server="odd.local.")
    assert game_from_info(info) is None


def test_a_name_from_the_network_is_cleaned():
    info = ServiceInfo(SERVICE_TYPE, f"odd.{SERVICE_TYPE}", addresses=[socket.inet_aton("10.0.0.2")], port=4000,
                       properties={"v": "2", "name": "Bob\x00\n table with a very long name", "open": "1"},
                       server="odd.local.")
    game = game_from_info(info)
    assert game is not None and game.name.isprintable() and len(game.name) <= 16


# slow: real multicast, two browses of a fixed 1.5 s and an announcement (5 s here); the records a
# host announces and a browse accepts are checked in the fast set above, without the network
@pytest.mark.slow
def test_a_live_advertisement_is_found_on_loopback():
    try:
        ad = advertise("Live table", 50999, 3, address="127.0.0.1", interfaces=["127.0.0.1"])
    except OSError as error:
        pytest.skip(f"no multicast on this machine: {error}")
    try:
        found = browse(1.5, interfaces=["127.0.0.1"])
        ours = [game for game in found if game.url == "ws://127.0.0.1:50999"]
        if not found:
            pytest.skip("multicast is unavailable here: not even our own advertisement came back")
        assert ours and ours[0].name == "Live table" and ours[0].open_seats == 3
        ad.update(1)
        again = [game for game in browse(1.5, interfaces=["127.0.0.1"]) if game.url == "ws://127.0.0.1:50999"]
        assert again and again[0].open_seats == 1
    finally:
        ad.close()
