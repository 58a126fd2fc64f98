/* The modes' rules (docs/server.md's Modes):
 *
 *   ladder    a fresh seed from libsodium's randomness, floor 1
 *   daily     the day's seed (account_daily_seed: the server's secret and
 *             the date, UTC), floor 1; one attempt per account, claimed
 *             when it starts by the database (dailies' primary key), so a
 *             second is refused however many pages ask at once
 *   practice  a closed (past) daily's seed, on no board
 *
 * A held or banned player starts none. A server started --test-seeds
 * lets a run name its seed and floor, and a daily its day. */
#ifndef AMULETS_MODES_H
#define AMULETS_MODES_H

#include "live.h"

enum { MODES_WHY_SIZE = 128 };

/* True if player may start a run; else why, in the game's words */
bool modes_may_start(Db db, int64_t player, char *why, size_t why_size);

/* The seed, floor and day ("" for a ladder run) of player's new run of
 * msg's mode: false with why if it can't start now. A daily is claimed
 * here, before anything of it is made */
bool modes_choose_start(Lives *lives, int64_t player, const Msg *msg, uint64_t *seed, int *floor, char day[11],
                        char *why, size_t why_size);

/* The lobby: each live game as the API shows it, into array; a daily's
 * only if finished_daily(context, day) (the asker has played and ended
 * that day's) */
void lives_lobby(const Lives *lives, json_t *array, uint64_t now, bool (*finished_daily)(void *context, const char *day),
                 void *context);

/* True if the player's daily of day has started (*played) and is over
 * (*finished). False if the database can't say */
bool lives_daily_of(Lives *lives, int64_t player, const char *day, bool *played, bool *finished);

#endif
