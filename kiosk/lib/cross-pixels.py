#!/usr/bin/env python3
"""Compares one case of kiosk/cross --compare: the x86-64 and the arm64 kiosk's event lines and
draw lists must be the same bytes, their screenshots the same pixels but for at most LEVELS
levels of a channel on at most SHARE of the pixels. Prints the figures; where pixels differ,
writes diff-CASE.png (the x86-64 picture dimmed, red where the two differ). Exit status 1 on a
difference beyond that.

    cross-pixels.py FOLDER CASE LEVELS SHARE
"""
import os
import struct
import sys
import zlib

# The VM tests' PNG writer (kiosk/vm/vmhost.py), for the picture of where pixels differ.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vm"))
import vmhost  # noqa: E402


def read_png(path):
    """(width, height, channels, rows) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(color)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: PNG of depth {depth}, colour type {color}, interlace {interlace} not read here")
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main():
    folder, case, levels, share = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    problems = []
    for kind in ("events", "json"):
        with open(f"{folder}/{case}-amd64.{kind}", "rb") as a, open(f"{folder}/{case}-arm64.{kind}", "rb") as b:
            left, right = a.read(), b.read()
        if left != right:
            problems.append(f"the {'event lines' if kind == 'events' else 'draw lists'} differ ({len(left)} and {len(right)} bytes)")
        elif not left:
            problems.append(f"no {'event lines' if kind == 'events' else 'draw list'} written")
    w1, h1, c1, a = read_png(f"{folder}/{case}-amd64.png")
    w2, h2, c2, b = read_png(f"{folder}/{case}-arm64.png")
    if (w1, h1, c1) != (w2, h2, c2):
        problems.append(f"screenshots of {w1}x{h1}x{c1} and {w2}x{h2}x{c2}")
        differing, worst = w1 * h1, 255
    else:
        differing, worst, picture = 0, 0, []
        for y in range(h1):
            ra, rb, out = a[y], b[y], bytearray()
            for x in range(w1):
                pa, pb = ra[x * c1:x * c1 + 3], rb[x * c1:x * c1 + 3]
                gap = max(abs(pa[i] - pb[i]) for i in range(3)) if pa != pb else 0
                if c1 == 4:
                    gap = max(gap, abs(ra[x * 4 + 3] - rb[x * 4 + 3]))
                if gap:
                    differing += 1
                    worst = max(worst, gap)
                    out += b"\xff\x00\x00"
                else:
                    out += bytes(v // 3 + 170 for v in pa)
            picture.append(out)
        if differing:
            vmhost.write_png(f"{folder}/diff-{case}.png", w1, h1, b"".join(bytes(row) for row in picture))
    total = w1 * h1
    figures = f"{differing} of {total} pixels differ ({100 * differing / total:.2f} %), by at most {worst} levels"
    if worst > levels or differing > share * total:
        problems.append(f"{figures}: more than {levels} levels or {100 * share:g} % of the pixels")
    verdict = "FAILED: " + "; ".join(problems) if problems else "same events and draw lists; " + figures
    print(f"cross: compare {case}: {verdict}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
