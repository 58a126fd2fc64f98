/* A PostgreSQL 15 of a test's own (tools/pg.sh): started in a fresh
 * folder on a unix socket, no TCP, and stopped and removed when the test
 * exits. Where PostgreSQL can't be had, the test exits 77 (ctest's skip),
 * never passing; with AMULETS_PG_REQUIRED=1 (CI) that is a failure. */
#ifndef AMULETS_PG_HARNESS_H
#define AMULETS_PG_HARNESS_H

#include <stdbool.h>
#include <stddef.h>

enum { PG_HARNESS_INFO = 400 };

typedef struct PgHarness {
    char folder[256];
    char conninfo[PG_HARNESS_INFO];   /* the database "amulets" */
} PgHarness;

/* Starts it (exiting 77 if it can't be had; 1 if it fails otherwise) */
void pg_harness_start(PgHarness *pg);
/* One more empty database NAME (letters, digits, _): its conninfo */
bool pg_harness_database(const PgHarness *pg, const char *name, char *conninfo, size_t size);
/* The same as a postgres:// URI (what amulets-server's --database takes) */
bool pg_harness_uri(const PgHarness *pg, const char *name, char *uri, size_t size);
/* PostgreSQL stopped (its data kept) and started again */
bool pg_harness_down(const PgHarness *pg);
bool pg_harness_up(const PgHarness *pg);
/* Stopped and removed (also at exit) */
void pg_harness_stop(PgHarness *pg);

#endif
