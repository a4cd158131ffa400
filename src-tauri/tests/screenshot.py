#!/usr/bin/env python3
"""Turns an X window dump (xwd) into a PNG and says whether it shows a rendered page.

    screenshot.py WINDOW.xwd WINDOW.png

Exit status: 0 the window shows content, 1 it is still blank (one flat colour, or almost), 2 the dump
cannot be read. Standard library only, so the smoke test needs no ImageMagick.
"""

import struct
import sys
import zlib
from collections import Counter

ZPIXMAP = 2


def read_xwd(path):
    """(width, height, rows of RGB bytes) of a TrueColor ZPixmap dump, as `xwd` writes from Xvfb."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 100:
        raise ValueError("file too short for an XWD header")
    fields = struct.unpack(">25I", data[:100])  # the header is always big-endian
    header_size, version, pixmap_format, _depth, width, height = fields[:6]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    red_mask, green_mask, blue_mask = fields[14:17]
    ncolors = fields[19]
    if version != 7 or pixmap_format != ZPIXMAP:
        raise ValueError(f"unsupported XWD (version {version}, format {pixmap_format})")
    if bits_per_pixel not in (24, 32) or not (red_mask and green_mask and blue_mask):
        raise ValueError(f"unsupported visual ({bits_per_pixel} bits per pixel, masks {red_mask:x}/{green_mask:x}/{blue_mask:x})")
    offset = header_size + 12 * ncolors
    if len(data) < offset + bytes_per_line * height:
        raise ValueError("truncated pixel data")
    endian = "little" if byte_order == 0 else "big"
    step = bits_per_pixel // 8

    def channel(mask):
        shift = (mask & -mask).bit_length() - 1
        return shift, mask >> shift

    channels = [channel(m) for m in (red_mask, green_mask, blue_mask)]
    rows = []
    for y in range(height):
        line = data[offset + y * bytes_per_line : offset + y * bytes_per_line + width * step]
        row = bytearray()
        for x in range(0, width * step, step):
            pixel = int.from_bytes(line[x : x + step], endian)
            for shift, top in channels:
                row.append(((pixel >> shift) & top) * 255 // top)
        rows.append(bytes(row))
    return width, height, rows


def write_png(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    raw = b"".join(b"\0" + row for row in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 6)))
        f.write(chunk(b"IEND", b""))


def describe(width, height, rows):
    """Colour statistics that tell a rendered page from an empty or half-painted window."""
    colours = Counter()
    for row in rows:
        for x in range(0, len(row), 3):
            colours[row[x : x + 3]] += 1
    total = width * height
    top_colour, top_count = colours.most_common(1)[0]
    return {
        "size": f"{width}x{height}",
        "distinct_colours": len(colours),
        "dominant_colour": "#" + top_colour.hex(),
        "dominant_share": round(top_count / total, 4),
    }


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        width, height, rows = read_xwd(sys.argv[1])
    except (OSError, ValueError) as err:
        print(f"cannot read {sys.argv[1]}: {err}", file=sys.stderr)
        return 2
    write_png(sys.argv[2], width, height, rows)
    stats = describe(width, height, rows)
    print(" ".join(f"{k}={v}" for k, v in stats.items()))
    # A painted page has text (anti-aliased: many shades) and more than one flat area.
    blank = stats["distinct_colours"] < 32 or stats["dominant_share"] > 0.97
    return 1 if blank else 0


if __name__ == "__main__":
    sys.exit(main())
