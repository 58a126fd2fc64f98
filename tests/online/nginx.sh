#!/bin/sh
# deploy/nginx-amulets.conf in front of amulets-server, as in production
# but on high ports of 127.0.0.1, with a self-signed certificate made here
# by openssl and the site's paths put in a temporary folder: HTTP sent to
# HTTPS, the page fetched with its security headers and caching, the API
# proxied, the request body limits (413), login's rate limit (429), and the
# game's WebSocket upgraded through nginx (a foreign Origin refused).
# Also deploy/amulets-server.service checked by systemd-analyze where
# there is one.
#   sh tests/online/nginx.sh AMULETS-SERVER SOURCE
# Skipped (77) where Debian's nginx, openssl, curl or node is missing
# (make test's deps install nginx).
server=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source="$2"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amulets-online-nginx-XXXXXX")
. "$source/tests/online/serverrun.sh"
nginx_pid=""
trap 'server_stop; [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
NGINX="${AMULETS_NGINX:-/usr/sbin/nginx}"
for tool in "$NGINX" openssl curl node; do
    command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: $tool isn't installed (apt-get install nginx openssl curl nodejs)"; exit 77; }
done
failed=0
check() {   # what, then the command
    what="$1"
    shift
    if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failed=1; fi
}
free_port() {
    node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"
}

# the page's own files (no WebAssembly needed here), one with a hashed name
chmod 755 "$tmp"
mkdir -p "$tmp/site"
for file in online.html online.css web_online.js web_wire.js web_paint.js web_keys.js; do
    cp "$source/src/front/web/$file" "$tmp/site/"
done
# the page's scripts under their hashed names too, as make web makes them
node "$source/tools/web/hash.js" "$tmp/site" || failed=1
hashed=$(sed -n 's|^<script src="\(web_online\.[0-9a-f]*\.js\)".*|\1|p' "$tmp/site/online.html")
chmod -R go+rX "$tmp/site"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
    -keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>"$tmp/openssl.err" || { cat "$tmp/openssl.err"; exit 1; }

http_port=$(free_port)
https_port=$(free_port)
https="https://127.0.0.1:$https_port"
# behind nginx the server takes the client's address from X-Real-IP, where
# it has the option (the accounts' server)
proxy=""
"$server" --no-such-option 2>&1 | grep -q -- --behind-proxy && proxy="--behind-proxy"
server_start "$tmp" --origin "$https" $proxy
server_port=$(echo "$url" | sed 's|.*:\([0-9]*\)/$|\1|')

# the site file as shipped, its ports and paths put here
sed -e "s|listen 80;|listen 127.0.0.1:$http_port;|" -e '/listen \[::\]/d' \
    -e "s|listen 443 ssl http2;|listen 127.0.0.1:$https_port ssl http2;|" \
    -e "s|/etc/letsencrypt/live/amulets.example/fullchain.pem|$tmp/cert.pem|" \
    -e "s|/etc/letsencrypt/live/amulets.example/privkey.pem|$tmp/key.pem|" \
    -e "s|/srv/amulets/site|$tmp/site|" -e "s|127.0.0.1:8080|127.0.0.1:$server_port|" \
    -e "s|/etc/nginx/amulets-proxy.conf|$tmp/amulets-proxy.conf|" \
    "$source/deploy/nginx-amulets.conf" >"$tmp/site.conf"
cp "$source/deploy/amulets-proxy.conf" "$tmp/amulets-proxy.conf"
cat >"$tmp/nginx.conf" <<CONF
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/error.log notice;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log $tmp/access.log;
    client_body_temp_path $tmp/body;
    proxy_temp_path $tmp/proxy;
    fastcgi_temp_path $tmp/fastcgi;
    uwsgi_temp_path $tmp/uwsgi;
    scgi_temp_path $tmp/scgi;
    include $tmp/site.conf;
}
CONF
check "nginx takes the configuration (nginx -t)" "$NGINX" -t -q -p "$tmp" -c "$tmp/nginx.conf" -g 'daemon off;'
"$NGINX" -p "$tmp" -c "$tmp/nginx.conf" -g 'daemon off;' 2>>"$tmp/error.log" &
nginx_pid=$!
for i in $(seq 1 100); do
    curl -sk -o /dev/null "$https/" 2>/dev/null && break
    sleep 0.05
done

get() {   # URL [curl options]: the status; headers in $tmp/h, body in $tmp/b
    target="$1"
    shift
    curl -sk -o "$tmp/b" -D "$tmp/h" -w '%{http_code}' "$@" "$target"
}
header() { grep -i "^$1:" "$tmp/h" | tr -d '\r'; }

check "HTTP is sent to HTTPS (301)" test "$(get "http://127.0.0.1:$http_port/boards?x=1")" = 301
check "to the same path" test "$(header location)" = "location: https://127.0.0.1/boards?x=1" -o "$(header location)" = "Location: https://127.0.0.1/boards?x=1"
check "the page (/ is online.html)" test "$(get "$https/")" = 200
check "it is the online page" grep -q "Amulets of SDL online" "$tmp/b"
check "a strict CSP" sh -c "grep -qi \"^content-security-policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval';\" '$tmp/h'"
check "HSTS" sh -c "grep -qi '^strict-transport-security: max-age=' '$tmp/h'"
check "nosniff and no framing" sh -c "grep -qi '^x-content-type-options: nosniff' '$tmp/h' && grep -qi '^x-frame-options: DENY' '$tmp/h'"
check "a page's file checked again each time" sh -c "curl -sk -D - -o /dev/null '$https/web_online.js' | grep -qi '^cache-control: no-cache'"
check "the page's script under its hashed name ($hashed) kept long" sh -c "[ -n '$hashed' ] && curl -sk -D - -o /dev/null '$https/$hashed' | grep -qi '^cache-control: max-age=315360000'"
check "the API proxied" test "$(get "$https/api/games")" = 200
check "its JSON" grep -q '"games"\|^\[' "$tmp/b"
check "the security headers once each, not twice" test "$(grep -ci '^content-security-policy:' "$tmp/h")" = 1 -a "$(grep -ci '^x-content-type-options:' "$tmp/h")" = 1
head -c 300000 /dev/zero | tr '\0' 'a' >"$tmp/big"
head -c 100000 /dev/zero | tr '\0' 'a' >"$tmp/upload"
head -c 5000 /dev/zero | tr '\0' 'a' >"$tmp/form"
check "an upload over 256 KB: 413" test "$(get "$https/api/upload" -X POST --data-binary @"$tmp/big")" = 413
check "an upload of 100 KB goes through to the server" test "$(get "$https/api/upload" -X POST --data-binary @"$tmp/upload")" != 413
check "any other body over 4 KB: 413" test "$(get "$https/api/login" -X POST --data-binary @"$tmp/form")" = 413
statuses=""
for i in $(seq 1 12); do
    statuses="$statuses $(get "$https/api/login" -X POST -H 'Content-Type: application/json' -H "Origin: $https" --data '{"name":"nobody","password":"not this one"}')"
done
check "logins from one address limited (429 after the burst):$statuses" sh -c "echo '$statuses' | grep -q 429 && grep -q 'limiting requests' '$tmp/error.log'"
ws=$(node "$source/tests/online/wsclient.js" "wss://127.0.0.1:$https_port/play" "$https" '{"t":"play","player":"nginx_one"}' 2>&1)
check "the WebSocket upgraded through nginx, and the server answers on it: $(echo "$ws" | tr '\n' ' ' | cut -c1-120)" \
    sh -c "echo '$ws' | grep -q '^status 101' && echo '$ws' | grep -q '^frame {\"t\":'"
foreign=$(node "$source/tests/online/wsclient.js" "wss://127.0.0.1:$https_port/play" "https://evil.example" '{"t":"resync"}' 2>&1)
check "a WebSocket from a foreign Origin refused through nginx: $(echo "$foreign" | head -1)" sh -c "echo '$foreign' | grep -q '^status 403'"
if command -v systemd-analyze >/dev/null 2>&1; then
    sed "s|/usr/local/bin/amulets-server|$server|" "$source/deploy/amulets-server.service" >"$tmp/amulets-server.service"
    check "deploy/amulets-server.service is a valid unit (systemd-analyze verify)" systemd-analyze verify "$tmp/amulets-server.service"
fi
server_stop || failed=1
[ $failed = 0 ] || { echo "nginx's error log:"; tail -20 "$tmp/error.log"; }
exit $failed
