/* The run: making one (a new run, a run read back, a copy), the small
 * pieces every part of the rules shares, the queries, and the debugging
 * aids. The rest of the rules, by idea: world.c (sight, maps, noise,
 * doors, hurting), player.c (the player's actions), use.c (the pack's),
 * act.c (the monsters'), turn.c (commands and the end of a turn), and
 * describe.c (names and the look panel). */
#include "run_internal.h"
#include "run_debug.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "invariant.h"
#include "tune.h"

/* ---- Making a run ---------------------------------------------------- */

static int keenest_sight(const GameData *data)
{
    int sight = SIGHT_RADIUS;
    for (int i = 0; i < data->monster_count; ++i) {
        if (data->monsters[i].sight > sight) sight = data->monsters[i].sight;
    }
    return sight;
}

/* A new floor at depth, the player on its way in, and their sight */
void run_make_floor(Run *run, int depth)
{
    mem_reset(&run->memory);
    gen_level(&run->level, run->data, &run->rng, depth, &run->player.pos);
    ++run->map_version;
    run->maps_fresh = false;
    run_update_sight(run);
}

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
    run->paths = run_new_paths();
    if (run->paths == NULL) {
        free(run);
        return NULL;
    }
    run->data = data;
    run->seed = seed;
    run->class_index = class_index;
    rng_seed(&run->rng, seed);
    run->max_sight = keenest_sight(data);
    if (start_floor < 1) start_floor = 1;
    if (start_floor > LAST_FLOOR) start_floor = LAST_FLOOR;
    /* The floor first, then the looks: the order the dice were rolled in
     * the book, kept so every later roll stays put */
    run_make_floor(run, start_floor);
    ident_randomize(&run->ident, data, &run->rng);
    init_player(run);
    run->mode = MODE_PLAYING;
    run_note_in_view(run);
    run_say(run, "Welcome to the dungeon! Find the three Amulets of SDL.");
    if (start_floor > 1) {
        run_say(run, "You are on floor %d.", start_floor);
    }
    return run;
}

bool run_restore(Run *run)
{
    run->paths = run_new_paths();
    if (run->paths == NULL) return false;
    run->max_sight = keenest_sight(run->data);
    ++run->map_version;
    run->maps_fresh = false;
    run_update_sight(run);
    run_note_in_view(run);
    /* the log read back is the run's history; the new line is news */
    msg_mark_read(&run->log);
    run_say(run, "Welcome back. You're on floor %d.", run->level.depth);
    return true;
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
    copy->paths = run_new_paths();
    if (copy->paths == NULL) {
        free(copy);
        return NULL;
    }
    return copy;
}

/* ---- Small shared pieces --------------------------------------------- */

void run_say(Run *run, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    msg_addv(&run->log, format, args);
    va_end(args);
}

void run_tell(Run *run, const char *text)
{
    run_say(run, "%s", text);
}

const MonsterDef *run_kind_of(const Run *run, const Monster *monster)
{
    return &run->data->monsters[monster->kind];
}

void run_announce(Run *run, const Monster *monster, const char *what)
{
    if (map_visible(&run->level.map, monster->pos.x, monster->pos.y)) {
        run_say(run, "The %s %s", run_kind_of(run, monster)->name, what);
    }
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
InvAction run_inventory_action(const Run *run) { return run->inv_action; }
ConfirmPurpose run_confirm_purpose(const Run *run) { return run->confirm; }
const Level *run_level(const Run *run) { return &run->level; }
const Player *run_player(const Run *run) { return &run->player; }
const Ident *run_ident(const Run *run) { return &run->ident; }
const MsgLog *run_log(const Run *run) { return &run->log; }
const Rng *run_rng(const Run *run) { return &run->rng; }

bool run_kind_known(const Run *run, int kind)
{
    ItemClass item_class = run->data->items[kind].item_class;
    return (item_class != IC_POTION && item_class != IC_SCROLL) || ident_known(&run->ident, kind);
}

int run_player_defense(const Run *run)
{
    return run->player.armor >= 0 ? run->data->items[run->player.armor].defense : 0;
}

bool run_sees(const Run *run, Point cell)
{
    return map_visible(&run->level.map, cell.x, cell.y);
}

/* ---- Debugging and tests (run_debug.h) -------------------------------- */

Level *run_debug_level(Run *run) { return &run->level; }
Player *run_debug_player(Run *run) { return &run->player; }
Rng *run_debug_rng(Run *run) { return &run->rng; }
Ident *run_debug_ident(Run *run) { return &run->ident; }
MsgLog *run_debug_log(Run *run) { return &run->log; }
void run_debug_set_turn(Run *run, int turn) { run->turn = turn; }
void run_debug_set_mode(Run *run, Mode mode) { run->mode = mode; }

void run_debug_refresh(Run *run)
{
    ++run->map_version;
    run_update_sight(run);
}

/* Turned back on, the caches start empty, and the sight is swept again
 * as far as the keenest monster sees */
void run_debug_set_caching(Run *run, bool on)
{
    if (run->bypass_caches == !on) return;
    run->bypass_caches = !on;
    run_clear_paths(run->paths);
    run_update_sight(run);
}

void run_debug_next_floor(Run *run)
{
    if (run->level.depth < LAST_FLOOR) run_make_floor(run, run->level.depth + 1);
}

void run_debug_clear_level(Run *run, int depth)
{
    Level *level = &run->level;
    memset(level, 0, sizeof *level);
    mem_reset(&run->memory);
    level->depth = depth;
    map_fill(&level->map, T_WALL);
    for (int y = 1; y < MAP_H - 1; ++y) {
        for (int x = 1; x < MAP_W - 1; ++x) map_set(&level->map, x, y, T_FLOOR);
    }
    run_debug_refresh(run);
}
