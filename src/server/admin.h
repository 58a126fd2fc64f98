/* The server's admin command line, on its database (while the server
 * runs, too: SQLite's WAL lets both at it; the server reads a player's
 * state each time a run starts, so a hold or ban takes at once):
 *
 *   amulets-server --admin DB hold NAME     NAME can't start runs
 *   amulets-server --admin DB release NAME  ... can again
 *   amulets-server --admin DB ban NAME      can't start runs nor log in;
 *                                           every session of it ended
 *   amulets-server --admin DB unban NAME    as released
 *   amulets-server --admin DB strike RUN    RUN leaves every board
 *
 * Each says what it did in a sentence on out: 0, or 1 (said on err) if
 * there's no such player or run or the database failed, 2 if the words
 * aren't one of these. */
#ifndef AMULETS_ADMIN_H
#define AMULETS_ADMIN_H

#include <stdio.h>

int admin_run(const char *database, int argc, char **argv, FILE *out, FILE *err);

#endif
