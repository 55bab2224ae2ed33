#!/usr/bin/env python3
"""Draws roofline's icon as PNGs (the shapes of packaging/icons/org.roofline.Roofline.svg) at the
hicolor sizes, with the standard library only: 4x4 supersampling, then PNG by zlib.
usage: tools/make_icons.py OUT_DIR   (writes OUT_DIR/SIZE.png for 16, 24, 32, 48, 64, 128, 256)"""
import math, os, struct, sys, zlib

BG = (0x1f, 0x3b, 0x57)
WHITE = (0xff, 0xff, 0xff)
BLUE = (0x56, 0xb4, 0xe9)
ORANGE = (0xe6, 0x9f, 0x00)


def inside_round_rect(x, y):
    x0, y0, x1, y1, r = 2, 2, 62, 62, 12
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r and x0 <= x <= x1 and y0 <= y <= y1


def near_segment(x, y, a, b, half):
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    px, py = ax + t * dx, ay + t * dy
    return (x - px) ** 2 + (y - py) ** 2 <= half * half


def colour_at(x, y):
    """The icon in its 64-unit square; None outside the rounded rectangle."""
    if not inside_round_rect(x, y):
        return None
    for (cx, cy), c in (((22, 37), BLUE), ((44, 32), ORANGE)):
        if (x - cx) ** 2 + (y - cy) ** 2 <= 5.5 ** 2:
            return c
    if near_segment(x, y, (10, 52), (34, 22), 2.5) or near_segment(x, y, (34, 22), (54, 22), 2.5):
        return WHITE
    return BG


def render(size, samples=4):
    rows = []
    scale = 64.0 / size
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            r = g = b = a = 0
            for sy in range(samples):
                for sx in range(samples):
                    c = colour_at((px + (sx + 0.5) / samples) * scale,
                                  (py + (sy + 0.5) / samples) * scale)
                    if c is not None:
                        r, g, b, a = r + c[0], g + c[1], b + c[2], a + 1
            n = samples * samples
            row += bytes([r // a, g // a, b // a, 255 * a // n] if a else [0, 0, 0, 0])
        rows.append(bytes(row))
    return rows


def png(size, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
            chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out, exist_ok=True)
    for size in (16, 24, 32, 48, 64, 128, 256):
        with open(os.path.join(out, f"{size}.png"), "wb") as f:
            f.write(png(size, render(size)))
        print(os.path.join(out, f"{size}.png"))


if __name__ == "__main__":
    main()
