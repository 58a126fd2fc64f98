#!/bin/sh
# Makes the window's reference pictures again (tests/sdl/reference.sh's):
# run it when a change to play changes what its scenes show (the log, the
# panel), look at the pictures, and say so in the commit. The headless
# screenshots are PNGs already; the window's, read back from the X server
# as PPMs, are turned into PNGs here (python3's zlib).
set -e
cd "$(dirname "$0")/.."
cmake -S . -B build >/dev/null
cmake --build build --target amulets picture_diff xwin >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
AMULETS_REFERENCE_WRITE="$out" sh tests/sdl/reference.sh "$PWD/build/amulets" "$PWD"
python3 - "$out" <<'PY'
import os, re, struct, sys, zlib
folder = sys.argv[1]
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
for name in sorted(os.listdir(folder)):
    if not name.endswith(".ppm"):
        continue
    raw = open(os.path.join(folder, name), "rb").read()
    head = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", raw)   # one space, then the pixels
    width, height, pixels = int(head.group(1)), int(head.group(2)), raw[head.end():]
    rows = b"".join(b"\0" + pixels[y * width * 3:(y + 1) * width * 3] for y in range(height))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) + \
          chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
    open(os.path.join(folder, name[:-4] + ".png"), "wb").write(png)
    os.remove(os.path.join(folder, name))
PY
cp "$out"/*.png tests/sdl/reference/
echo "tests/sdl/reference: $(ls "$out" | wc -l) pictures made again; look at them before committing"
