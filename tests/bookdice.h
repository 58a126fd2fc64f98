/* A run as runs were made before each floor had dice of its own (the
 * book's way, ch15): the first floor, then the looks, then all of play
 * rolled from one stream, rng_seed(seed). The cases found on those
 * floors (a seed and the keys that once parted a continued run) are
 * kept on the very floors and dice they were found on. */
#ifndef AMULETS_BOOKDICE_H
#define AMULETS_BOOKDICE_H

#include "gen.h"
#include "ident.h"
#include "run_debug.h"

static inline Run *bookdice_run(const GameData *data, uint64_t seed, int floor, int class_index)
{
    Run *run = run_new_as(data, seed, floor, class_index);
    if (run == NULL) return NULL;
    Rng dice;
    rng_seed(&dice, seed);
    run_debug_clear_level(run, floor);   /* the memory of the floor made goes too */
    Level *level = run_debug_level(run);
    gen_level(level, data, &dice, floor, &run_debug_player(run)->pos);
    Ident *ident = run_debug_ident(run);
    ident_randomize(ident, data, &dice);
    if (class_index != RUN_NO_CLASS) {
        const ClassDef *def = &data->classes[class_index];
        for (int i = 0; i < def->known_count; ++i) ident_learn(ident, def->known[i]);
    }
    *run_debug_rng(run) = dice;
    run_debug_refresh(run);
    for (int i = 0; i < level->monster_count; ++i) {
        level->monsters[i].in_view = run_sees(run, level->monsters[i].pos);
    }
    return run;
}

#endif
