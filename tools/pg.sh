#!/bin/sh
# A PostgreSQL 15 of the tests' own (issue 35): made in a folder, on a
# unix socket in it, no TCP, fsync on, and removed after.
#
#   tools/pg.sh start DIR    makes DIR (it must not exist), starts the
#                            server there and prints its conninfo
#   tools/pg.sh stop DIR     stops it and removes DIR
#   tools/pg.sh conninfo DIR the conninfo again
#   tools/pg.sh createdb DIR NAME  one more database, its conninfo printed
#   tools/pg.sh dump DIR NAME      the database NAME as SQL, on stdout (pg_dump)
#   tools/pg.sh restore DIR NAME   SQL from stdin into NAME (psql), stopping
#                            at the first error
#   tools/pg.sh down DIR     stops the server, keeping its data (a test of
#                            the database gone mid-game)
#   tools/pg.sh up DIR       starts it again
#   tools/pg.sh check        0 if PostgreSQL 15 can be had here, else 77
#
# initdb refuses root: as root the cluster is the postgres user's
# (runuser). Exit 77 (ctest's skip) when PostgreSQL 15 isn't installed or
# can't be run here; any other failure is 1.
set -u
PG_BIN=${AMULETS_PG_BIN:-/usr/lib/postgresql/15/bin}
# the database the tests use, and the superuser initdb makes
PG_USER=amulets
PG_DATABASE=amulets

usage() { echo "usage: tools/pg.sh start|stop|conninfo|down|up DIR, tools/pg.sh createdb DIR NAME, or tools/pg.sh check" >&2; exit 2; }

# Runs a PostgreSQL program as the cluster's owner
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

check() {
    [ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/pg_ctl" ] || {
        echo "PostgreSQL 15 isn't installed ($PG_BIN/initdb): apt-get install postgresql-15" >&2; return 77; }
    if [ "$(id -u)" = 0 ]; then
        command -v runuser >/dev/null && id postgres >/dev/null 2>&1 || {
            echo "as root, PostgreSQL needs the postgres user and runuser" >&2; return 77; }
    fi
    return 0
}

conninfo() { echo "host=$1 user=$PG_USER dbname=${2:-$PG_DATABASE}"; }

createdb() {
    as_owner "$PG_BIN/createdb" -h "$1" -U "$PG_USER" "$2" || exit 1
    conninfo "$1" "$2"
}

start() {
    dir=$1
    check || exit $?
    [ ! -e "$dir" ] || { echo "pg.sh: $dir exists already" >&2; exit 1; }
    mkdir -p "$dir" && chmod 700 "$dir" || exit 1
    dir=$(cd "$dir" && pwd)
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    # trust on the socket alone: the folder's mode is the only way in
    as_owner "$PG_BIN/initdb" -D "$dir/data" -U "$PG_USER" --auth=trust --no-sync -E UTF8 --locale=C \
        >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    # fsync stays on (as in production: commits are on the disk); no TCP
    cat >>"$dir/data/postgresql.conf" <<EOF
listen_addresses = ''
unix_socket_directories = '$dir'
fsync = on
synchronous_commit = on
max_connections = 50
shared_buffers = 32MB
EOF
    up "$dir"
    createdb "$dir" "$PG_DATABASE"
}

dump() { "$PG_BIN/pg_dump" -h "$1" -U "$PG_USER" --no-owner "$2"; }
restore() { "$PG_BIN/psql" -h "$1" -U "$PG_USER" -d "$2" -q -v ON_ERROR_STOP=1 >/dev/null; }

down() { as_owner "$PG_BIN/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null; }
up() {
    as_owner "$PG_BIN/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 30 start >/dev/null 2>&1 || {
        cat "$1/server.log" >&2; exit 1; }
}

stop() {
    dir=$1
    [ -d "$dir/data" ] && as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1
    rm -rf "$dir"
}

[ $# -ge 1 ] || usage
case "$1" in
    check) check; exit $? ;;
    start) [ $# = 2 ] || usage; start "$2" ;;
    stop) [ $# = 2 ] || usage; stop "$2" ;;
    conninfo) [ $# = 2 ] || usage; conninfo "$2" ;;
    createdb) [ $# = 3 ] || usage; createdb "$2" "$3" ;;
    dump) [ $# = 3 ] || usage; dump "$2" "$3" ;;
    restore) [ $# = 3 ] || usage; restore "$2" "$3" ;;
    down) [ $# = 2 ] || usage; down "$2" ;;
    up) [ $# = 2 ] || usage; up "$2" ;;
    *) usage ;;
esac
