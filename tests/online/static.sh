#!/bin/sh
# amulets-server --static DIR (make serve's page): DIR's files served with
# their types and the page's security headers, "/" the online page, and
# no path that leaves DIR (.., a name starting with '.', odd characters)
#   sh tests/online/static.sh AMULETS-SERVER SOURCE
server="$1"
source="$2"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amulets-online-static-XXXXXX")
. "$source/tests/online/serverrun.sh"
trap 'server_stop; rm -rf "$tmp"' EXIT
command -v curl >/dev/null 2>&1 || { echo "SKIP: curl isn't installed"; exit 77; }
failed=0
check() {   # what, then the command
    what="$1"
    shift
    if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failed=1; fi
}
mkdir -p "$tmp/site/tiles" "$tmp/secret"
echo '<!doctype html><title>online</title>' >"$tmp/site/online.html"
echo 'tiles' >"$tmp/site/tiles/COPYRIGHT.txt"
echo 'const x = 1;' >"$tmp/site/web.js"
echo 'hidden' >"$tmp/site/.hidden"
echo 'secret' >"$tmp/secret/key.txt"
server_start "$tmp" --static "$tmp/site"
get() {   # PATH: the status, the headers in $tmp/h, the body in $tmp/b
    curl -s --path-as-is -o "$tmp/b" -D "$tmp/h" -w '%{http_code}' "$url${1#/}"
}
check "/ is the online page" test "$(get /)" = 200 -a "$(cat "$tmp/b")" = "$(cat "$tmp/site/online.html")"
check "its type is HTML" grep -qi '^content-type: text/html' "$tmp/h"
check "a strict CSP: scripts only the site's own" grep -qi "^content-security-policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval';" "$tmp/h"
check "nosniff" grep -qi '^x-content-type-options: nosniff' "$tmp/h"
check "no framing" grep -qi '^x-frame-options: DENY' "$tmp/h"
check "a script" test "$(get /web.js)" = 200
check "its type" grep -qi '^content-type: text/javascript' "$tmp/h"
check "a file in a folder" test "$(get /tiles/COPYRIGHT.txt)" = 200
check "a missing file: 404" test "$(get /nothing.js)" = 404
check "a folder: 404" test "$(get /tiles)" = 404
check "a name starting with a dot: 404" test "$(get /.hidden)" = 404
check "../ out of the folder: 404" test "$(get /../secret/key.txt)" = 404
check "%2e%2e/ out of the folder: 404" test "$(get /%2e%2e/secret/key.txt)" = 404
check "a doubled slash: 404" test "$(get //etc/passwd)" = 404
check "the API still answers" test "$(get /api/games)" = 200
server_stop || failed=1
# without --static, / is the server's own line and no file is served
server_start "$tmp"
status=$(get /web.js)
check "no --static: no files (got $status)" test "$status" = 404
server_stop || failed=1
exit $failed
