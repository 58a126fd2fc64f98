/* The run: making one (a new run, a copy) and the queries. The rest of
 * the rules, by idea (run_internal.h has the order they call each other
 * in): turn.c (commands and the end of a turn), player.c (the player's
 * actions), use.c (the pack's), act.c (the monsters'), shot.c (aiming
 * and flight), world.c (sight, maps, noise, doors, floors, hurting),
 * rules.c (the small shared pieces), describe.c (names and the look
 * panel), run_debug.c (the debugging aids). */
#include "run_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "invariant.h"
#include "streams.h"
#include "tune.h"

/* ---- Making a run ---------------------------------------------------- */

/* The kit: the first weapon wielded and the first armor worn (one of
 * each), the rest in the pack. classes.txt's checks made sure it fits */
static void give_kit(Player *player, const GameData *data, const ClassDef *def)
{
    for (int i = 0; i < def->kit_count; ++i) {
        Stack stack = {def->kit[i].kind, def->kit[i].count};
        ItemClass item_class = data->items[stack.kind].item_class;
        int *hand = item_class == IC_WEAPON ? &player->weapon
                    : item_class == IC_ARMOR ? &player->armor : NULL;
        if (hand != NULL && *hand < 0) {
            *hand = stack.kind;
            --stack.count;
        }
        bool packed = stack.count == 0 || pack_add(&player->pack, stack);
        INVARIANT(packed);
        (void)packed;
    }
}

/* The player as the class starts; with none, the book's adventurer */
static void init_player(Run *run)
{
    Player *player = &run->player;
    player->weapon = player->armor = player->quiver = -1;
    player->weapon_letter = player->armor_letter = -1;
    if (run->class_index == RUN_NO_CLASS) {
        player->hp = player->max_hp = PLAYER_HP;
        player->weapon = data_find_item(run->data, "short_sword");
        return;
    }
    const ClassDef *def = &run->data->classes[run->class_index];
    player->hp = player->max_hp = def->hp;
    player->strength = def->strength;
    give_kit(player, run->data, def);
    shot_fill_quiver(run);
    for (int i = 0; i < def->known_count; ++i) ident_learn(&run->ident, def->known[i]);
}

Run *run_new(const GameData *data, uint64_t seed, int start_floor)
{
    return run_new_as(data, seed, start_floor, 0);
}

Run *run_new_as(const GameData *data, uint64_t seed, int start_floor, int class_index)
{
    INVARIANT(class_index >= RUN_NO_CLASS && class_index < data->class_count);
    Run *run = calloc(1, sizeof *run);
    if (run == NULL) return NULL;
    run->paths = world_new_paths();
    if (run->paths == NULL) {
        free(run);
        return NULL;
    }
    run->data = data;
    run->seed = seed;
    run->class_index = class_index;
    streams_play(&run->rng, seed);
    run->max_sight = rules_keenest_sight(data);
    if (start_floor < 1) start_floor = 1;
    if (start_floor > LAST_FLOOR) start_floor = LAST_FLOOR;
    /* The floor and the looks each from dice of their own (streams.h):
     * play starts on dice nothing has rolled */
    world_make_floor(run, start_floor);
    Rng looks;
    streams_looks(&looks, seed);
    ident_randomize(&run->ident, data, &looks);
    init_player(run);
    run->mode = MODE_PLAYING;
    run->old = (OldChoice){0, 0, 0, 0, 0, -1, -1};   /* no save's choice */
    world_note_in_view(run);
    rules_say(run, "Welcome to the dungeon! Find the three Amulets of SDL.");
    if (start_floor > 1) {
        rules_say(run, "You are on floor %d.", start_floor);
    }
    return run;
}

void run_free(Run *run)
{
    if (run == NULL) return;
    free(run->paths);
    free(run);
}

/* The copy starts with an empty cache of paths, which changes nothing
 * but how soon it works them out */
Run *run_clone(const Run *run)
{
    Run *copy = malloc(sizeof *copy);
    if (copy == NULL) return NULL;
    memcpy(copy, run, sizeof *copy);
    copy->paths = world_new_paths();
    if (copy->paths == NULL) {
        free(copy);
        return NULL;
    }
    return copy;
}

/* ---- Small shared pieces --------------------------------------------- */

void run_tell(Run *run, const char *text)
{
    rules_say(run, "%s", text);
}

void run_answer(Run *run, const char *text)
{
    msg_mark_read(&run->log);
    rules_say(run, "%s", text);
}

/* ---- Queries --------------------------------------------------------- */

const GameData *run_data(const Run *run) { return run->data; }
uint64_t run_seed(const Run *run) { return run->seed; }
int run_class(const Run *run) { return run->class_index; }

const char *run_class_id(const Run *run)
{
    return run->class_index == RUN_NO_CLASS ? NULL : run->data->classes[run->class_index].id;
}

const char *run_class_name(const Run *run)
{
    return run->class_index == RUN_NO_CLASS ? "Adventurer" : run->data->classes[run->class_index].name;
}
int run_turn(const Run *run) { return run->turn; }
bool run_debugged(const Run *run) { return run->debugged; }
int run_arrivals(const Run *run) { return run->arrivals; }
Mode run_mode(const Run *run) { return run->mode; }
const Level *run_level(const Run *run) { return &run->level; }
const Player *run_player(const Run *run) { return &run->player; }
const Ident *run_ident(const Run *run) { return &run->ident; }
const MsgLog *run_log(const Run *run) { return &run->log; }
const Rng *run_rng(const Run *run) { return &run->rng; }

bool run_kind_known(const Run *run, int kind) { return rules_kind_known(run, kind); }
int run_player_defense(const Run *run) { return rules_player_defense(run); }
const Memory *mem_of(const Run *run) { return &run->memory; }

bool run_sees(const Run *run, Point cell)
{
    return map_visible(&run->level.map, cell.x, cell.y);
}
