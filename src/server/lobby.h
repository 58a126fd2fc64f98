/* The lobby: the live games as the API's /api/games lists them (the
 * player, class, floor, turns, mode, watchers and idle seconds of each).
 * A daily's live games are listed only to players who have played and
 * ended that day's, so nobody learns its floors by watching first. */
#ifndef AMULETS_LOBBY_H
#define AMULETS_LOBBY_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "live.h"

/* Each live game into array; a daily's only if finished_daily(context,
 * day) (the asker has played and ended that day's) */
void lobby_list(const Lives *lives, json_t *array, uint64_t now, bool (*finished_daily)(void *context, const char *day),
                void *context);

#endif
