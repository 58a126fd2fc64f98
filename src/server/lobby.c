/* The lobby of live games, as the API lists it: see lobby.h */
#include "lobby.h"

#include "level.h"

void lobby_list(const Lives *lives, json_t *array, uint64_t now, bool (*finished_daily)(void *context, const char *day),
                 void *context)
{
    for (int i = 0; i < lives->count; ++i) {
        const Live *live = lives->all[i];
        const Run *run = live->game.run;
        if (live->run_id <= 0 || live->left || run == NULL) continue;
        if (live->mode == LIVE_DAILY && !finished_daily(context, live->day)) continue;
        int watchers = 0;
        for (int v = 0; v < live->viewer_count; ++v) watchers += !live->viewers[v]->player;
        const char *class_id = run_class_id(run);
        json_array_append_new(array, json_pack("{s:I,s:s,s:s?,s:i,s:i,s:s,s:i,s:I}", "game", (json_int_t)live->run_id,
                                               "player", live->player_name, "class", class_id,
                                               "floor", run_level(run)->depth, "turns", run_turn(run),
                                               "mode", live_mode_name(live->mode), "watchers", watchers, "idle_s",
                                               (json_int_t)(now > live->input_ms ? (now - live->input_ms) / 1000 : 0)));
    }
}
