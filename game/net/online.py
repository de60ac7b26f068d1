"""Playing online (docs/server.md): the room server's address as a player types it, a room's code
as people say it aloud, and what a wss:// connection checks the server's certificate against.

The default server is one constant, game/store/settings.py's `DEFAULT_ONLINE_SERVER` (the setting's
default, beside it): empty in a build from source (Play online then says how to get one, and takes
an address typed); a release that runs a server for its players sets it there. A player's
Settings -> Online server replaces it.
"""

from __future__ import annotations

import ssl
from pathlib import Path
from urllib.parse import urlsplit

from game.store.files import FileProblem, read_bytes
from game.store.settings import DEFAULT_ONLINE_SERVER, ONLINE_ADDRESS_MAX

from .connection import check_url
from .host import CODE_LETTERS

DEFAULT_SERVER = DEFAULT_ONLINE_SERVER  # (declared beside the setting it is the default of)
ROOM_CODE_LENGTH = 8  # a room's code on a server: 8 of the 32 CODE_LETTERS, 40 bits (game/server/codes.py)
MAX_ADDRESS = ONLINE_ADDRESS_MAX  # characters of a server's address (the setting's bound, and the field's)
CA_FILE_LIMIT = 1 << 20  # bytes of a private certificate authority's file: a few certificates fit in far less


class CertificateFileProblem(ValueError):
    """The private certificate authority's file cannot be used: one line."""


def server_url(text: str) -> str:
    """The URL of a server as a player types it: "skyjo.example.org" (wss:// on 443),
    "wss://skyjo.example.org:8443", "ws://127.0.0.1:8765"; ValueError in one line otherwise."""
    text = text.strip()
    if not text:
        raise ValueError("no server address")
    url = (text if "://" in text else f"wss://{text}").rstrip("/")
    check_url(url)
    if urlsplit(url).path:
        raise ValueError(f"{text!r} is not a server's address like wss://skyjo.example.org")
    return url


def room_code(text: str) -> str:
    """A room's code as typed or pasted ("k7qx 2mrt", "K7QX-2MRT"): its letters in capitals, the
    spaces and dashes people put in dropped."""
    return "".join(ch for ch in text.upper() if ch in CODE_LETTERS)[:ROOM_CODE_LENGTH]


def grouped(code: str) -> str:
    """A code as it is shown and said: two groups of four ("K7QX 2MRT")."""
    return f"{code[:4]} {code[4:]}".strip()


def tls_for(url: str, ca_file: str | None) -> ssl.SSLContext | None:
    """What a wss:// connection to `url` checks the server's certificate against: the system's
    store, plus the certificate authorities of `ca_file` (PEM) when one is given; None for the
    system's store alone (websockets' own default) or a plain ws:// address.
    CertificateFileProblem in one line when the file cannot be read or holds no certificate."""
    if not ca_file or urlsplit(url).scheme != "wss":
        return None
    try:
        data = read_bytes(Path(ca_file), CA_FILE_LIMIT)  # the store's careful door: no FIFO, bounded
    except FileProblem as error:
        raise CertificateFileProblem(f"the certificate file {ca_file} cannot be used: {error}") from None
    if data is None:
        raise CertificateFileProblem(f"the certificate file {ca_file} does not exist")
    context = ssl.create_default_context()
    try:
        context.load_verify_locations(cadata=data.decode("ascii"))
    except (ssl.SSLError, UnicodeDecodeError, ValueError):
        raise CertificateFileProblem(f"the certificate file {ca_file} holds no PEM certificate") from None
    return context
