#!/bin/sh
# Regenerates tests/catalog.txt, the stored seed catalog, from the built
# program. Run it only when a change is meant to alter how floors are made
# (new data, a generator change), and say so in the commit message.
set -e
cd "$(dirname "$0")/.."
cmake -S . -B build >/dev/null
cmake --build build --target amulets >/dev/null
./build/amulets --catalog 1 25 > tests/catalog.txt
echo "tests/catalog.txt: $(grep -c '^seed' tests/catalog.txt) seeds, $(wc -l < tests/catalog.txt) lines"
