#!/bin/sh
# The online page's frame model under Node (tests/online/wire.js):
# AMULETS-SERVER SOURCE (the server isn't used). Skipped (77) without node.
command -v node >/dev/null 2>&1 || { echo "SKIP: node isn't installed"; exit 77; }
node "$2/tests/online/wire.js" "$2"
