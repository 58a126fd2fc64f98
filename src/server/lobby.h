/* The lobby: the live games as the API's /api/games lists them (the
 * player, class, floor, turns, mode, watchers and idle seconds of each,
 * and the name of the server process that serves it). A daily's live
 * games are listed only to players who have played and ended that
 * day's, so nobody learns its floors by watching first.
 *
 * Several processes on one PostgreSQL (issue 35) each list the others'
 * games too, kept from the lobby's events on the database's `lobby`
 * channel (LISTEN/NOTIFY), never read from the database per request.
 * Each process tells what changed in its own games, at most every
 * LOBBY_TELL_MS, in one notice: a run started (or taken over: its
 * server named anew), a floor changed, a run ended or let go. A process
 * starting says hello, and every other tells it all of its games again.
 * A game's server is the process's --name (the path nginx routes:
 * /s/NAME/play, deploy/); a process stopping says its games ended, one
 * killed says nothing, so its games
 * stay listed under its name until another process takes one over (the
 * next connection, lease.h) and tells it. On SQLite (one process) no
 * notices are sent. */
#ifndef AMULETS_LOBBY_H
#define AMULETS_LOBBY_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "live.h"

enum { LOBBY_NAME_SIZE = 32, LOBBY_TELL_MS = 100, LOBBY_FORCE_MS = 250 };

/* Another process's game, as its notices said */
typedef struct LobbyGame {
    int64_t game;
    char server[LOBBY_NAME_SIZE];
    char owner[LEASE_OWNER_SIZE];
    char player[MSG_NAME_SIZE];
    char class_id[24];
    int floor, turns;
    char mode[12];
    char day[11];
} LobbyGame;

typedef struct Lobby {
    char name[LOBBY_NAME_SIZE];     /* this process's ("": unnamed) */
    bool shared;                    /* notices sent and heard (PostgreSQL) */
    LobbyGame *others;              /* the other processes' games */
    int other_count, other_capacity;
    uint64_t told_ms;               /* when this process last told its games */
    bool pending;                   /* a turn came before the next was due */
    bool sent;                      /* the last lobby_tell sent a notice */
    uint64_t changes;               /* counts changes to others */
} Lobby;

/* name: this process's; shared: the database is (LISTEN on `lobby`, and
 * hello said). False with why if the database refused */
bool lobby_start(Lobby *lobby, Db db, const char *name, bool shared, char *error, size_t error_size);
void lobby_free(Lobby *lobby);

/* This process's games' changes told to the others (one notice), if any
 * and due: at most every LOBBY_TELL_MS, and not while a commit is in
 * flight unless LOBBY_FORCE_MS passed (a notice waits for its answer) */
void lobby_tell(Lobby *lobby, Lives *lives, uint64_t now);
/* Milliseconds until lobby_tell may tell again (0: now) */
int lobby_due(const Lobby *lobby, const Lives *lives, uint64_t now);
/* Milliseconds until the loop should turn for lobby_tell (-1: nothing
 * waits to be told) */
int lobby_timeout(const Lobby *lobby, const Lives *lives, uint64_t now);
/* The name of the process serving player's live game (this one's, or
 * another's as its notices said), or NULL if none is known: /api/me's
 * "server", so the page connects to /s/NAME/play (nginx's route to it) */
const char *lobby_server_of(const Lobby *lobby, const Lives *lives, const char *player);

/* The process stopping: its games, let go, are no longer listed (their
 * pages, reconnecting, have them on another process, which tells them) */
void lobby_farewell(Lobby *lobby, Lives *lives);
/* A notice on `lobby` heard: the others' games kept; a hello makes this
 * process tell all its games again */
void lobby_heard(Lobby *lobby, Lives *lives, const char *payload);

/* Each live game into array, this process's and the others'; a daily's
 * only if finished_daily(context, day) (the asker has played and ended
 * that day's) */
void lobby_list(const Lobby *lobby, const Lives *lives, json_t *array, uint64_t now,
                bool (*finished_daily)(void *context, const char *day), void *context);

#endif
