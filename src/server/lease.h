/* Leases: which server process runs a live game (issue 35). Several
 * processes share one database; a live game is run by one of them at a
 * time, the one holding its lease (games.owner, games.lease_until: db.h).
 * The process renews its leases every LEASE_RENEW_MS; one that dies
 * stops renewing, its leases run out after LEASE_MS, and the next page
 * asking for such a game has it made again from its events on whichever
 * process it reached. A process that finds a lease of its taken (it was
 * stalled past LEASE_MS and another took over) lets that game go.
 * SQLite's database is one process's: it has no leases to keep. */
#ifndef AMULETS_LEASE_H
#define AMULETS_LEASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "db.h"

/* A lease's length and how often it's renewed: a game of a process
 * killed is playable elsewhere within LEASE_MS of its last renewal */
enum { LEASE_MS = 1500, LEASE_RENEW_MS = 500, LEASE_OWNER_SIZE = 48 };

typedef struct Leases {
    bool shared;                    /* the database is shared (PostgreSQL); on
                                       SQLite's one process every lease is its own */
    char owner[LEASE_OWNER_SIZE];   /* this process: its pid and 64 random bits */
    uint64_t renewed_ms;            /* monotonic ms of the last renewal */
} Leases;

/* shared: several processes may share the database (false: every call
 * here is a no-op, every lease taken) */
void leases_init(Leases *leases, bool shared);

/* The lease on run taken (or kept) by this process: 1, 0 if another
 * process holds it, -1 if the database failed (error says why) */
int lease_take(Db db, const Leases *leases, int64_t run, char *error, size_t error_size);

/* This process's leases renewed: the runs it still holds in held (at
 * most most), how many, or -1 if the database failed */
int leases_renew(Db db, Leases *leases, uint64_t now_ms, int64_t *held, int most, char *error, size_t error_size);

/* The lease on run let go (the game let go, or the process stopping) */
void lease_release(Db db, const Leases *leases, int64_t run);

/* Milliseconds until the next renewal is due; -1: never (no leases) */
int leases_due(const Leases *leases, uint64_t now_ms);

#endif
