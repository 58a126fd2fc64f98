#!/bin/sh
# The server's SQL is never built from values (db.h): every statement's
# text is fixed in db.h's tables and its values only bound. This fails on
# SQL built with a printf (snprintf, sprintf, asprintf, SQLite's own
# sqlite3_mprintf...), on SQLite named outside db_sqlite.c or libpq
# outside db_pg.c, and on a call into either that takes other text than
# the tables' and the fixed commands'. It checks itself first on planted
# trees that do each wrong.
src="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# The violations under the folder $1 (a copy of src/server), a line each
scan() {
    (cd "$1" || exit 1
     # a printf of any kind whose format holds an SQL word
     grep -nE '(printf|asprintf)[[:space:]]*\([^;]*"[^"]*\b(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|WHERE|VALUES)\b' \
         ./*.c ./*.h | sed 's/^/printf-built SQL: /'
     # SQLite's own printfs, anywhere
     grep -nE 'sqlite3_(v?mprintf|v?snprintf|str_appendf)' ./*.c ./*.h | sed 's/^/printf-built SQL: /'
     # SQLite named outside its one file
     grep -lE 'sqlite3' ./*.c ./*.h | grep -v '^\./db_sqlite\.c$' | sed 's/^/names SQLite outside db_sqlite.c: /'
     # a prepare or exec in db_sqlite.c on anything but the tables or a literal
     grep -nE 'sqlite3_(prepare[_a-z0-9]*|exec)[[:space:]]*\(' ./db_sqlite.c 2>/dev/null |
         grep -vE 'sqlite3_(prepare[_a-z0-9]*|exec)[[:space:]]*\([a-z_>-]+, (db_statement_text\(which\)|fixed|"[^"]*")' |
         sed 's/^/SQL from elsewhere than the tables: /'
     # libpq named outside its one file
     grep -lE '\bPQ[a-zA-Z]+[[:space:]]*\(|libpq-fe\.h' ./*.c ./*.h | grep -v '^\./db_pg\.c$' |
         sed 's/^/names libpq outside db_pg.c: /'
     # libpq's calls that take SQL, in db_pg.c, on anything but the tables or a literal
     sql='(db_statement_postgres\(which\)|fixed|"[^"]*")'
     run='PQ(exec|execParams|sendQuery|sendQueryParams)'
     grep -nE "$run[[:space:]]*\(" ./db_pg.c 2>/dev/null | grep -vE "$run[[:space:]]*\([a-z_>-]+, $sql" |
         sed 's/^/SQL from elsewhere than the tables: /'
     prep='PQ(prepare|sendPrepare)'
     grep -nE "$prep[[:space:]]*\(" ./db_pg.c 2>/dev/null | grep -vE "$prep[[:space:]]*\([a-z_>-]+, [a-z_]+, $sql" |
         sed 's/^/SQL from elsewhere than the tables: /'
     # a statement's text with a % in it (a format waiting for values)
     sed -nE '/#define DB_(POSTGRES_)?STATEMENTS/,/^$/p' ./db.h | grep -n '%' | sed 's/^/a statement with a %: /')
}

[ -f "$src/src/server/db_sqlite.c" ] || fail "no src/server/db_sqlite.c under $src"
[ -f "$src/src/server/db_pg.c" ] || fail "no src/server/db_pg.c under $src"

# The scan catches each wrong way, planted in a copy
plant() {
    rm -rf "$work/tree" && cp -r "$src/src/server" "$work/tree" && printf '%s\n' "$2" >>"$work/tree/$1"
    [ -n "$(scan "$work/tree")" ] || fail "the scan misses: $2 (in $1)"
}
plant live.c 'static void f(char *q, const char *name) { snprintf(q, 99, "SELECT id FROM players WHERE name = '"'"'%s'"'"'", name); }'
plant live.c 'static void f(char *q, int id) { sprintf(q, "DELETE FROM games WHERE id = %d", id); }'
plant db_sqlite.c 'static char *f(const char *n) { return sqlite3_mprintf("INSERT INTO players (name) VALUES (%Q)", n); }'
plant live.c '#include <sqlite3.h>'
plant db_sqlite.c 'static void f(sqlite3 *h, const char *q) { sqlite3_exec(h, q, NULL, NULL, NULL); }'
plant live.c '#include <libpq-fe.h>'
plant live.c 'static void f(void *c) { PQfinish(c); }'
plant db_pg.c 'static void f(PGconn *c, const char *q) { PQclear(PQexec(c, q)); }'
plant db_pg.c 'static void f(PGconn *c, const char *q) { PQsendQuery(c, q); }'
plant db_pg.c 'static void f(PGconn *c, const char *q) { PQclear(PQprepare(c, "x", q, 0, NULL)); }'
plant db.h '#define DB_STATEMENTS_BAD(X) X(DB_BAD, "SELECT %s FROM games")'

found=$(scan "$src/src/server")
[ -z "$found" ] || fail "$(printf 'SQL built outside the tables:\n%s' "$found")"
echo "sql: no SQL built from values in src/server (and each planted way caught)"
