# Sourced by the online tests: server_start DIR [ARGS...] starts
# amulets-server ($server) on 127.0.0.1 at a free port with a fresh SQLite
# database in DIR, and sets url and server_pid; server_stop ends it (by
# its id). Each test sets server and tmp and traps server_stop first.
server_pid=""
server_start() {
    dir="$1"
    shift
    # gone first: the shell truncates the file in the child, which may be
    # after the first look below, which would read a server before's line
    rm -f "$dir/server.out"
    "$server" --address 127.0.0.1 --port 0 --database "$dir/db.sqlite" "$@" >"$dir/server.out" 2>"$dir/server.err" &
    server_pid=$!
    tries=0
    url=""
    while [ -z "$url" ] && [ $tries -lt 200 ]; do
        url=$(sed -n 's|^listening on \(http://[^ ]*/\).*|\1|p' "$dir/server.out" 2>/dev/null)
        [ -n "$url" ] && break
        kill -0 "$server_pid" 2>/dev/null || break
        tries=$((tries + 1))
        sleep 0.05
    done
    if [ -z "$url" ]; then
        echo "FAIL: amulets-server didn't start:"
        cat "$dir/server.err"
        exit 1
    fi
}
# server_stop is false (and says why) if the server said a sanitizer's
# report (the ASan + UBSan build's) or didn't end cleanly on SIGTERM
server_stop() {
    [ -n "$server_pid" ] || return 0
    kill "$server_pid" 2>/dev/null
    wait "$server_pid" 2>/dev/null
    ended=$?
    server_pid=""
    if [ $ended != 0 ] || grep -q "Sanitizer\|runtime error" "$dir/server.err" 2>/dev/null; then
        echo "FAILED: amulets-server ended with $ended, saying:"
        head -40 "$dir/server.err"
        return 1
    fi
}
