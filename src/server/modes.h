/* The modes' rules (docs/server.md's Modes):
 *
 *   ladder    a fresh seed from libsodium's randomness, floor 1
 *   daily     the day's seed (account_daily_seed: the server's secret and
 *             the date, UTC), floor 1; one attempt per account, claimed
 *             when it starts by the database (dailies' primary key), so a
 *             second is refused however many pages ask at once
 *   practice  a closed (past) daily's seed, on no board
 *
 * A held or banned player starts none: not by `new`, nor by R at a live
 * game's death screen (live.c asks as each key comes outside a run). A server started --test-seeds
 * lets a run name its seed and floor, and a daily its day. */
#ifndef AMULETS_MODES_H
#define AMULETS_MODES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "account.h"
#include "db.h"
#include "msg.h"

enum { MODES_WHY_SIZE = 128, MODES_STATE_SIZE = 16 };

/* The player's state ("ok", "held", "banned"; "" if there's no such
 * player): false if the database can't say. The admin's command line
 * changes it from another process, so it is read, never kept */
bool modes_player_state(Db db, int64_t player, char state[MODES_STATE_SIZE]);

/* True if player may start a run; else why, in the game's words */
bool modes_may_start(Db db, int64_t player, char *why, size_t why_size);

/* Where the modes' seeds come from: the database (the daily's claims),
 * the server's secret (the daily's seeds' key), and whether a run may
 * name its seed and floor (--test-seeds) */
typedef struct ModesSource {
    Db db;
    const uint8_t *secret;      /* ACCOUNT_SECRET_BYTES */
    bool test_seeds;
} ModesSource;

/* The seed, floor and day ("" for a ladder run) of player's new run of
 * msg's mode: false with why if it can't start now. A daily is claimed
 * here, before anything of it is made */
bool modes_choose_start(ModesSource source, int64_t player, const Msg *msg, uint64_t *seed, int *floor, char day[11],
                        char *why, size_t why_size);

/* True if the player's daily of day has started (*played) and is over
 * (*finished). False if the database can't say */
bool modes_daily_of(Db db, int64_t player, const char *day, bool *played, bool *finished);

#endif
