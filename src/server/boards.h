/* The API's read-only routes (api.h, docs/server.md): the lobby, the
 * boards, a run's page and its recording, the daily and its dumps.
 *
 * The boards are computed only from the server's own replay of each run
 * (the figures verify_recording gave, upload.c keeps them), in the
 * game's order: a win before a death, then more Amulets, a deeper floor,
 * more gold, fewer turns (then the earlier run). A struck run is on none.
 * A daily's recordings, its seed, its board's runs' recordings and its
 * live games (to players who haven't finished it) stay hidden until the
 * day (UTC) is over: then its seed and every run are published. */
#ifndef AMULETS_BOARDS_H
#define AMULETS_BOARDS_H

#include "site.h"

enum MHD_Result boards_route(Site *api, struct MHD_Connection *c, const RouteMatch *match, uint64_t now);

#endif
