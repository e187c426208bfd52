#!/usr/bin/env python3
"""Reads a PNG (8-bit greyscale, RGB or RGBA, not interlaced: what Chromium's screenshots and
kibitzer's --png write) with the standard library only, and prints as JSON what the structure
tests look at:

  width, height        the image's size
  boxes                for each colour asked (--colour NAME=RRGGBB): the bounding box
                       [x0, y0, x1, y1] (x1, y1 exclusive) of the pixels within 3 of it per
                       channel, and their count ("count")
  grid                 when --grid NAME,NAME names the light and dark square colours: the
                       8 rows of the board found (the union of both boxes), top row first,
                       each square sampled near its top-right corner (clear of the pieces and
                       of the coordinates): "L", "D" or "?" for anything else
  pixel                for each --pixel X,Y: its [r, g, b]

Usage: png_board.py FILE [--colour light=f0d9b5] [--grid light,dark] [--pixel 10,10]
"""

import json
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise SystemExit(f"{path}: unsupported PNG (depth {depth}, colour type {colour}, "
                         f"interlace {interlace})")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, at = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[at]
        line = bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = prev[i]
            corner = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line

    def pixel(x, y):
        row = rows[y]
        if channels < 3:
            return (row[x * channels],) * 3
        return tuple(row[x * channels:x * channels + 3])

    return width, height, pixel


def near(p, c):
    return all(abs(a - b) <= 3 for a, b in zip(p, c))


def main():
    args = sys.argv[1:]
    path, colours, grid, pixels = args[0], {}, None, []
    i = 1
    while i < len(args):
        if args[i] == "--colour":
            name, hexa = args[i + 1].split("=")
            colours[name] = tuple(int(hexa[k:k + 2], 16) for k in (0, 2, 4))
        elif args[i] == "--grid":
            grid = args[i + 1].split(",")
        elif args[i] == "--pixel":
            pixels.append(tuple(int(v) for v in args[i + 1].split(",")))
        i += 2
    width, height, pixel = read_png(path)
    boxes = {n: [width, height, 0, 0, 0] for n in colours}
    for y in range(height):
        for x in range(width):
            p = pixel(x, y)
            for name, c in colours.items():
                if near(p, c):
                    b = boxes[name]
                    b[0], b[1] = min(b[0], x), min(b[1], y)
                    b[2], b[3] = max(b[2], x + 1), max(b[3], y + 1)
                    b[4] += 1
    out = {
        "width": width,
        "height": height,
        "boxes": {n: {"box": b[:4], "count": b[4]} for n, b in boxes.items()},
        "pixel": [list(pixel(x, y)) for x, y in pixels],
    }
    if grid:
        light, dark = grid
        lb, db = boxes[light], boxes[dark]
        x0, y0 = min(lb[0], db[0]), min(lb[1], db[1])
        x1, y1 = max(lb[2], db[2]), max(lb[3], db[3])
        side_x, side_y = (x1 - x0) / 8, (y1 - y0) / 8
        rows = []
        for r in range(8):
            row = ""
            for f in range(8):
                p = pixel(int(x0 + (f + 0.88) * side_x), int(y0 + (r + 0.1) * side_y))
                row += "L" if near(p, colours[light]) else "D" if near(p, colours[dark]) else "?"
            rows.append(row)
        out["grid"] = rows
    print(json.dumps(out))


if __name__ == "__main__":
    main()
