#!/usr/bin/env python3
"""How many pixels of two PNGs of the same size differ beyond anti-aliasing.

png_diff.py A.png B.png [--fuzz 0.10] [--max-share 0.01] [--diff OUT.png]
Prints "N of W x H pixels differ (S %)" and exits 1 when the share is above --max-share (or the
sizes differ). A pixel differs when any channel differs by more than fuzz x 255. Only the
standard library: 8-bit RGB / RGBA, non-interlaced PNGs (Chromium's and roofline's own).
"""
import argparse
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise SystemExit(f"{path}: only 8-bit RGB or RGBA, non-interlaced PNGs are read")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + previous[i]) & 255
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line) if channels == 3 else
                    bytes(v for i, v in enumerate(line) if i % 4 != 3))
        previous = line
    return width, height, rows


def write_png(path, width, height, rgb):
    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    stride = 3 * width
    raw = b"".join(b"\x00" + rgb[y * stride:(y + 1) * stride] for y in range(height))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--fuzz", type=float, default=0.10)
    parser.add_argument("--max-share", type=float, default=0.01)
    parser.add_argument("--diff", help="write the differing pixels (red) as a PNG")
    args = parser.parse_args()
    wa, ha, a = read_png(args.a)
    wb, hb, b = read_png(args.b)
    if (wa, ha) != (wb, hb):
        print(f"sizes differ: {wa}x{ha} against {wb}x{hb}")
        return 1
    limit = args.fuzz * 255
    differ = 0
    out = bytearray()
    for ra, rb in zip(a, b):
        for x in range(wa):
            pa, pb = ra[3 * x:3 * x + 3], rb[3 * x:3 * x + 3]
            bad = any(abs(pa[k] - pb[k]) > limit for k in range(3))
            differ += bad
            if args.diff:
                out += b"\xff\x00\x00" if bad else bytes(v // 3 + 170 for v in pa)
    if args.diff:
        write_png(args.diff, wa, ha, bytes(out))
    share = differ / (wa * ha)
    print(f"{differ} of {wa} x {ha} pixels differ ({100 * share:.3f} %) beyond {args.fuzz:.0%}")
    return 0 if share <= args.max_share else 1


if __name__ == "__main__":
    sys.exit(main())
