#!/usr/bin/env python3
"""Draws clubtd's app icons (a poker chip on the room's dark green) as PNG files, with no
library beyond Python's own: `python3 tools/make_icons.py` writes public/icons/icon-192.png and
icon-512.png (the chip inside the safe zone, so they also serve as maskable icons)."""
import math
import struct
import zlib
from pathlib import Path

BACKGROUND = (0x0F, 0x17, 0x13)
CHIP = (0x3E, 0xCF, 0x8E)
EDGE = (0xEC, 0xF2, 0xEE)
INNER = (0x17, 0x23, 0x1D)


def pixel(x: float, y: float) -> tuple:
    """The colour at (x, y) in a unit square centred on the chip."""
    r = math.hypot(x, y)
    if r > 0.36:
        return BACKGROUND
    if r > 0.28:
        # Six white edge spots, as on a real chip.
        angle = (math.degrees(math.atan2(y, x)) + 360) % 60
        return EDGE if angle < 22 else CHIP
    if r > 0.25:
        return CHIP
    if r > 0.2:
        return EDGE
    return INNER if r > 0.07 else CHIP


def png(size: int) -> bytes:
    rows = []
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            # Four samples per pixel for smooth edges.
            samples = [
                pixel((i + dx) / size - 0.5, (j + dy) / size - 0.5)
                for dx in (0.25, 0.75)
                for dy in (0.25, 0.75)
            ]
            row.extend(sum(s[k] for s in samples) // 4 for k in range(3))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    out = Path(__file__).resolve().parent.parent / "public" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size))
        print(f"wrote {out / f'icon-{size}.png'}")
