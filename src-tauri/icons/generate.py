#!/usr/bin/env python3
"""Draws the Onda desktop icons: the site's logo badge (server/src/routes/media.rs), a warm
orange-to-magenta gradient disc with a white sound wave, rasterised with anti-aliasing.

Standard library only (zlib, struct), so it runs anywhere without ImageMagick or network.
Writes, next to this file:
  32x32.png  128x128.png  128x128@2x.png (256 px)  icon.png (512 px)   RGBA PNGs (Tauri needs RGBA)
  icon.ico   16, 24, 32, 48 px as 32-bit BMP entries and 256 px as a PNG entry (Windows)
  icon.icns  128, 256, 512 px PNG entries (macOS)

Run: python3 src-tauri/icons/generate.py   (the output is committed; rerun only to change the art)
"""

import math
import os
import struct
import zlib

# Geometry in the logo's own 56x56 SVG coordinates.
VIEW = 56.0
CENTER = (28.0, 28.0)
RADIUS = 26.0
STROKE = 4.0
GRADIENT_FROM = (0xFF, 0x7A, 0x18)  # #ff7a18
GRADIENT_TO = (0xD6, 0x24, 0x6E)  # #d6246e

# "M12 30c4-10 8-10 12 0s8 10 12 0 8-10 10-4" spelled out as absolute cubic Béziers.
WAVE = [
    ((12, 30), (16, 20), (20, 20), (24, 30)),
    ((24, 30), (28, 40), (32, 40), (36, 30)),
    ((36, 30), (40, 20), (44, 20), (46, 26)),
]


def flatten(curves, steps=64):
    """The wave as a polyline (list of segments) in SVG units."""
    points = []
    for p0, p1, p2, p3 in curves:
        for i in range(steps + 1):
            if points and i == 0:
                continue
            t = i / steps
            u = 1 - t
            x = u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0]
            y = u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1]
            points.append((x, y))
    return list(zip(points, points[1:]))


def segment_distance(px, py, seg):
    (ax, ay), (bx, by) = seg
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    cx, cy = ax + t * dx, ay + t * dy
    return math.hypot(px - cx, py - cy)


def coverage(signed_distance_px):
    """Anti-aliased coverage of a pixel whose centre lies `signed_distance_px` inside an edge."""
    return max(0.0, min(1.0, 0.5 + signed_distance_px))


def render(size):
    """RGBA rows (straight alpha) of the icon at `size` x `size` pixels."""
    scale = size / VIEW
    # Thin strokes vanish at small sizes: keep the wave at least ~2.2 px wide.
    half_stroke = max(STROKE * scale, 2.2) / 2
    segments = [((a[0] * scale, a[1] * scale), (b[0] * scale, b[1] * scale)) for a, b in flatten(WAVE)]
    cx, cy, r = CENTER[0] * scale, CENTER[1] * scale, RADIUS * scale
    rows = []
    for y in range(size):
        py = y + 0.5
        row = bytearray()
        # Only segments near this row can touch it.
        near = [s for s in segments if min(s[0][1], s[1][1]) - half_stroke - 1 <= py <= max(s[0][1], s[1][1]) + half_stroke + 1]
        for x in range(size):
            px = x + 0.5
            disc = coverage(r - math.hypot(px - cx, py - cy))
            if disc == 0.0:
                row += b"\0\0\0\0"
                continue
            # objectBoundingBox gradient from the top-left to the bottom-right corner of the disc.
            t = ((px - (cx - r)) + (py - (cy - r))) / (4 * r)
            t = max(0.0, min(1.0, t))
            base = [GRADIENT_FROM[i] + (GRADIENT_TO[i] - GRADIENT_FROM[i]) * t for i in range(3)]
            wave = 0.0
            candidates = [s for s in near if min(s[0][0], s[1][0]) - half_stroke - 1 <= px <= max(s[0][0], s[1][0]) + half_stroke + 1]
            if candidates:
                distance = min(segment_distance(px, py, s) for s in candidates)
                wave = coverage(half_stroke - distance)
            rgb = [round(c + (255 - c) * wave) for c in base]
            row += bytes(rgb + [round(255 * disc)])
        rows.append(bytes(row))
    return rows


def png(rows, size):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\0" + row for row in rows)  # filter type 0 on every scanline
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def bmp_entry(rows, size):
    """An ICO image as a 32-bit BITMAPINFOHEADER DIB (bottom-up BGRA plus an all-zero AND mask)."""
    header = struct.pack("<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    pixels = bytearray()
    for row in reversed(rows):
        for i in range(0, len(row), 4):
            r, g, b, a = row[i : i + 4]
            pixels += bytes((b, g, r, a))
    mask_row = ((size + 31) // 32) * 4
    return header + bytes(pixels) + bytes(mask_row * size)


def ico(images):
    """`images`: list of (size, bytes) in ascending size."""
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    data = b""
    for size, blob in images:
        dim = 0 if size >= 256 else size
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset + len(data))
        data += blob
    return out + data


def icns(images):
    """`images`: list of (OSType, png bytes)."""
    body = b"".join(kind + struct.pack(">I", 8 + len(blob)) + blob for kind, blob in images)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    rendered = {size: render(size) for size in (16, 24, 32, 48, 128, 256, 512)}
    pngs = {size: png(rows, size) for size, rows in rendered.items()}
    files = {
        "32x32.png": pngs[32],
        "128x128.png": pngs[128],
        "128x128@2x.png": pngs[256],
        "icon.png": pngs[512],
        "icon.ico": ico([(s, bmp_entry(rendered[s], s)) for s in (16, 24, 32, 48)] + [(256, pngs[256])]),
        "icon.icns": icns([(b"ic07", pngs[128]), (b"ic08", pngs[256]), (b"ic09", pngs[512])]),
    }
    for name, blob in files.items():
        with open(os.path.join(here, name), "wb") as f:
            f.write(blob)
        print(f"wrote {name} ({len(blob)} bytes)")


if __name__ == "__main__":
    main()
