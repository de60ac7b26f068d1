"""Render the application icon from the game's own card art.

Run from anywhere:  python build/make_icons.py
Writes assets/icons/skyjo_{16,32,48,64,128,256,512}.png (the freedesktop hicolor sizes, 512 for
software centres), assets/icons/skyjo.ico (PNG-compressed ICO entries up to 256 px, readable by
Windows Vista and later and by PyInstaller) and assets/icons/skyjo.icns (the macOS icon container,
PNG entries, for the app bundle's Info.plist). Needs no window.
"""

from __future__ import annotations

import io
import math
import os
import pathlib
import struct
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "icons"
SIZES = (16, 32, 48, 64, 128, 256, 512)
ICO_LARGEST = 256  # an ICO entry's size is one byte (0 = 256): nothing larger fits
# The icns entry types that hold PNG data, by the pixel size of the image they take (macOS 10.7+):
# icp4/icp5 16/32 px, ic07..ic09 128..512 px, and the @2x types ic11 (16@2x), ic12 (32@2x), ic13 (128@2x), ic14 (256@2x).
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"ic12", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic13", 256), (b"ic09", 512), (b"ic14", 512))
FAN = ((-2, 24), (0, 0), (12, -24))  # value and tilt (degrees, anticlockwise) from back to front


def render_icon(size: int):
    """A fan of three cards (-2, 0, 12) for sizes of 48 px and more, one -2 card below that.

    Small icons are drawn at their own size so the card art picks legible text for it; large ones
    are composed at twice the size and scaled down once, which smooths the rotated edges.
    """
    import pygame

    from game.ui.card_art import CardArt

    art = CardArt()
    if size < 48:  # three cards would be a smear at 16/32 px: one card, as tall as the icon
        canvas = pygame.Surface((size, size), pygame.SRCALPHA)
        card = art.face(-2, max(1, round(size * 5 / 7)), size)
        canvas.blit(card, card.get_rect(center=(size // 2, size // 2)))
        return canvas
    scale = 2 if size >= 128 else 1
    big = size * scale
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    card_h = round(big * 0.66)
    card_w = round(card_h * 5 / 7)
    pivot_x, pivot_y = big / 2, big * 0.93  # the cards turn about a point below their bottom edge
    reach = card_h / 2 + big * 0.06
    for value, angle in FAN:
        card = pygame.transform.rotozoom(art.face(value, card_w, card_h), angle, 1.0)
        theta = math.radians(angle)
        centre = (pivot_x - reach * math.sin(theta), pivot_y - reach * math.cos(theta))
        canvas.blit(card, card.get_rect(center=(round(centre[0]), round(centre[1]))))
    return canvas if scale == 1 else pygame.transform.smoothscale(canvas, (size, size))


def png_bytes(surface) -> bytes:
    import pygame

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file whose images are stored as PNG (allowed since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))  # reserved, type 1 = icon, image count
    offset = len(header) + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, data in sorted(pngs.items()):
        # width/height 0 means 256; no palette; 1 plane; 32 bits per pixel
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An Apple icon container: 'icns', the total length, then (type, length, PNG) entries, big-endian."""
    entries = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                       for kind, size in ICNS_TYPES if size in pngs)
    return b"icns" + struct.pack(">I", 8 + len(entries)) + entries


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    pngs = {}
    for size in SIZES:
        pngs[size] = png_bytes(render_icon(size))
        (OUT / f"skyjo_{size}.png").write_bytes(pngs[size])
    (OUT / "skyjo.ico").write_bytes(ico_bytes({size: data for size, data in pngs.items() if size <= ICO_LARGEST}))
    (OUT / "skyjo.icns").write_bytes(icns_bytes(pngs))
    print(f"wrote {len(SIZES)} PNG icons, skyjo.ico and skyjo.icns to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
