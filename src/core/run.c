/* The run: making one, the commands the player gives, and the turn that
 * follows each action. The monsters' side is act.c, the pack's use.c. */
#include "run_internal.h"
#include "run_debug.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fov.h"
#include "gen.h"
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

static void make_floor(Run *run, int depth)
{
    mem_reset(&run->memory);
    gen_level(&run->level, run->data, &run->rng, depth, &run->player.pos);
    ++run->map_version;
    run->maps_fresh = false;
    run_update_sight(run);
}

static void init_player(Run *run)
{
    Player *player = &run->player;
    player->hp = player->max_hp = PLAYER_HP;
    player->weapon = data_find_item(run->data, "short_sword");
    player->armor = -1;
}

Run *run_new(const GameData *data, uint64_t seed, int start_floor)
{
    Run *run = calloc(1, sizeof *run);
    if (run == NULL) return NULL;
    run->paths = calloc(1, sizeof *run->paths);
    if (run->paths == NULL) {
        free(run);
        return NULL;
    }
    run->data = data;
    run->seed = seed;
    rng_seed(&run->rng, seed);
    run->max_sight = keenest_sight(data);
    if (start_floor < 1) start_floor = 1;
    if (start_floor > LAST_FLOOR) start_floor = LAST_FLOOR;
    /* The floor first, then the looks: the order the dice were rolled in
     * the book, kept so every later roll stays put */
    make_floor(run, start_floor);
    ident_randomize(&run->ident, data, &run->rng);
    init_player(run);
    run->mode = MODE_PLAYING;
    run_say(run, "Welcome to the dungeon! Find the three Amulets of SDL.");
    if (start_floor > 1) {
        run_say(run, "You are on floor %d.", start_floor);
    }
    return run;
}

bool run_restore(Run *run)
{
    run->paths = calloc(1, sizeof *run->paths);
    if (run->paths == NULL) return false;
    run->max_sight = keenest_sight(run->data);
    run->mode = MODE_PLAYING;
    ++run->map_version;
    run->maps_fresh = false;
    run_update_sight(run);
    msg_clear(&run->log);
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
    copy->paths = calloc(1, sizeof *copy->paths);
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

void run_with_article(const char *name, char *out, size_t size)
{
    bool vowel = strchr("aeiouAEIOU", name[0]) != NULL && name[0] != '\0';
    snprintf(out, size, "%s %s", vowel ? "an" : "a", name);
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

bool run_player_dead(const Run *run)
{
    return run->player.hp <= 0;
}

void run_hurt_player(Run *run, int damage, const char *killer)
{
    Player *player = &run->player;
    bool was_alive = player->hp > 0;
    player->hp -= damage;
    if (was_alive && player->hp <= 0) {
        snprintf(player->killed_by, sizeof player->killed_by, "%s", killer);
    }
}

/* ---- Sight, maps and noise ------------------------------------------- */

/* What the player can see from where they stand. One sweep, as far as
 * the keenest monster sees (its seeing the player is the same line the
 * other way), cut down to the player's own radius, which gives exactly
 * the player's sight (test_fov checks it). Everything seen is explored,
 * and every item that comes into sight is seen from then on */
void run_update_sight(Run *run)
{
    Level *level = &run->level;
    Map *map = &level->map;
    Point me = run->player.pos;
    mem_look(&run->memory, level);   /* what was in sight, as it was last */
    memset(run->sees_far, 0, sizeof run->sees_far);
    fov_compute_into(map, me, run->max_sight, run->sees_far);
    memset(map->visible, 0, sizeof map->visible);
    for (int y = me.y - SIGHT_RADIUS; y <= me.y + SIGHT_RADIUS; ++y) {
        for (int x = me.x - SIGHT_RADIUS; x <= me.x + SIGHT_RADIUS; ++x) {
            if (!in_bounds(x, y) || !fov_in_radius(x - me.x, y - me.y, SIGHT_RADIUS)) continue;
            int i = cell_index(x, y);
            if (run->sees_far[i]) map->visible[i] = map->explored[i] = 1;
        }
    }
    for (int i = 0; i < level->item_count; ++i) {
        Point p = level->items[i].pos;
        if (map_visible(map, p.x, p.y)) level->items[i].seen = true;
    }
    run->maps_fresh = false;
}

/* The cache's slot for a target on this map, or the slot to reuse (the
 * one used longest ago) with *found false */
static int path_slot(Run *run, Point target, bool *found)
{
    PathCache *cache = run->paths;
    int oldest = 0;
    ++cache->clock;
    for (int i = 0; i < PATH_CACHE_SLOTS; ++i) {
        if (cache->used[i] && cache->version[i] == run->map_version &&
            point_eq(cache->target[i], target)) {
            cache->age[i] = cache->clock;
            *found = true;
            return i;
        }
        if (!cache->used[i] || cache->age[i] < cache->age[oldest]) oldest = i;
    }
    *found = false;
    cache->used[oldest] = true;
    cache->target[oldest] = target;
    cache->version[oldest] = run->map_version;
    cache->age[oldest] = cache->clock;
    return oldest;
}

void run_refresh_maps(Run *run)
{
    if (run->maps_fresh) return;
    Point player = run->player.pos;
    bool found;
    int slot = path_slot(run, player, &found);
    if (!found) dmap_compute(&run->paths->maps[slot], &run->level.map, &player, 1, DOOR_STEPS);
    run->paths->limit[slot] = DMAP_UNREACHED;
    run->to_player = run->paths->maps[slot];
    dmap_flee(&run->from_player, &run->to_player, &run->level.map, DOOR_STEPS);
    run->maps_fresh = true;
}

void run_terrain_changed(Run *run, Point cell, Terrain terrain)
{
    map_set(&run->level.map, cell.x, cell.y, terrain);
    ++run->map_version;
    run->maps_fresh = false;
}

/* Most walks are short (a hunter going to where it lost the player), so a
 * map is first worked out only a little past the walker; a walker beyond
 * that gets the whole map. A map that far is all step_down needs: the
 * walker's lower neighbours are nearer still */
const Dmap *run_path_to(Run *run, Point target, Point from)
{
    bool found;
    int slot = path_slot(run, target, &found);
    Dmap *dmap = &run->paths->maps[slot];
    int *limit = &run->paths->limit[slot];
    if (!found) {
        *limit = 3 * chebyshev(target, from) + 8;
        dmap_compute_within(dmap, &run->level.map, target, DOOR_STEPS, *limit);
    }
    if (*limit != DMAP_UNREACHED && dmap_at(dmap, from) >= *limit) {
        *limit = DMAP_UNREACHED;
        dmap_compute(dmap, &run->level.map, &target, 1, DOOR_STEPS);
    }
    return dmap;
}

/* A noise spreads by walking distance, closed doors muffling it. A
 * sleeper within half its reach wakes and goes to see; a wanderer within
 * its reach heads for it. Hunters and fleers have better things to do */
void run_make_noise(Run *run, Point origin, int loudness)
{
    Level *level = &run->level;
    dmap_compute_within(&run->scratch, &level->map, origin, DOOR_MUFFLE, loudness);
    for (int i = 0; i < level->monster_count; ++i) {
        Monster *m = &level->monsters[i];
        int32_t distance = dmap_at(&run->scratch, m->pos);
        if (m->hp <= 0 || distance > loudness) continue;
        if (m->state == MS_ASLEEP && distance <= loudness / 2) {
            act_wake(run, i, false, origin);
        } else if (m->state == MS_WANDERING) {
            m->has_target = true;
            m->target = origin;
        }
    }
}

void run_open_door(Run *run, Point door)
{
    run_terrain_changed(run, door, T_OPEN_DOOR);
    run_make_noise(run, door, DOOR_OPEN_LOUDNESS);
    run_update_sight(run);
}

static bool teleport_to(Run *run, Point cell)
{
    Level *level = &run->level;
    if (!map_walkable(&level->map, cell.x, cell.y) || point_eq(cell, run->player.pos) ||
        lvl_monster_at(level, cell) >= 0) {
        return false;
    }
    run->player.pos = cell;
    run_update_sight(run);
    return true;
}

/* A free walkable cell chosen at random, the player's own excepted. Most
 * floors give one in a few tries; a cramped one is searched cell by cell
 * from a random start, so the player always goes somewhere if anywhere */
void run_teleport_player(Run *run)
{
    for (int tries = 0; tries < 100; ++tries) {
        Point cell = {rng_roll(&run->rng, 0, MAP_W - 1), rng_roll(&run->rng, 0, MAP_H - 1)};
        if (teleport_to(run, cell)) return;
    }
    int start = rng_roll(&run->rng, 0, MAP_CELLS - 1);
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (teleport_to(run, cell_point((start + i) % MAP_CELLS))) return;
    }
}

/* ---- The end of a turn ----------------------------------------------- */

static void tick_player(Run *run)
{
    Player *player = &run->player;
    /* The turn poison runs out is still a turn poisoned: no healing */
    bool poisoned = player->status.poisoned > 0;
    if (player->status.poisoned > 0) {
        --player->status.poisoned;
        run_hurt_player(run, 1, "poison");
    }
    if (player->status.regenerating > 0) {
        --player->status.regenerating;
        if (player->hp < player->max_hp) ++player->hp;
    }
    if (player->status.confused > 0) {
        --player->status.confused;
        if (player->status.confused == 0) run_say(run, "You feel less confused.");
    }
    bool healing_turn = (run->turn + 1) % HEAL_EVERY == 0;
    if (healing_turn && !poisoned && player->hp > 0 &&
        player->hp < player->max_hp) {
        ++player->hp;
    }
}

void run_finish_turn(Run *run)
{
    run_refresh_maps(run);
    act_monsters(run);
    act_tick_statuses(run);
    if (!run_player_dead(run)) tick_player(run);
    ++run->turn;
    if (run_player_dead(run)) {
        run_say(run, "You die...");
        run->mode = MODE_DEAD;
    }
}

/* ---- Going down ------------------------------------------------------ */

static bool amulet_still_here(const Run *run)
{
    const Level *level = &run->level;
    for (int i = 0; i < level->item_count; ++i) {
        if (run->data->items[level->items[i].stack.kind].item_class == IC_AMULET) return true;
    }
    return false;
}

/* The player arrives on the next floor down, by the stairs or a fall. It
 * takes no turn there: the new floor's monsters haven't noticed them yet */
static void arrive_on_floor(Run *run, const char *how)
{
    make_floor(run, run->level.depth + 1);
    ++run->turn;
    ++run->arrivals;
    run_say(run, "%s to floor %d.", how, run->level.depth);
    if (run->level.depth == LAST_FLOOR) {
        run_say(run, "This is the bottom of the dungeon.");
    }
}

static void descend(Run *run, bool confirmed)
{
    Point p = run->player.pos;
    if (map_at(&run->level.map, p.x, p.y) != T_STAIRS) {
        run_say(run, "There are no stairs down here.");
        return;
    }
    if (!confirmed && amulet_still_here(run)) {
        run->confirm = CONFIRM_DESCEND;
        run->mode = MODE_CONFIRMING;
        run_say(run, "Leave this floor's Amulet behind for good? (y or n)");
        return;
    }
    arrive_on_floor(run, "You go down the stairs");
}

/* ---- Traps ----------------------------------------------------------- */

/* The player has stepped onto a trap. True if they fell through a
 * trapdoor, which ends the turn on the floor below */
static bool spring_trap(Run *run, int index)
{
    Trap *trap = &run->level.traps[index];
    trap->known = true;
    switch (trap->kind) {
    case TRAP_DART: {
        run_say(run, "A dart flies out of the wall, and hits you!");
        int damage = rng_roll(&run->rng, DART_MIN, DART_MAX) - run_player_defense(run);
        run_hurt_player(run, damage < 1 ? 1 : damage, "a dart trap");
        break;
    }
    case TRAP_POISON_NEEDLE:
        run_say(run, "A needle pricks you. You feel very sick!");
        if (run->player.status.poisoned < POISON_TURNS) run->player.status.poisoned = POISON_TURNS;
        break;
    case TRAP_ALARM:
        run_say(run, "An alarm rings out across the floor!");
        run_make_noise(run, trap->pos, ALARM_LOUDNESS);
        break;
    case TRAP_TELEPORT:
        run_say(run, "The floor flashes, and you're somewhere else!");
        run_teleport_player(run);
        break;
    case TRAP_TRAPDOOR:
        run_say(run, "A trapdoor opens under you!");
        run_hurt_player(run, rng_roll(&run->rng, FALL_MIN, FALL_MAX), "a fall through a trapdoor");
        if (run_player_dead(run)) break;
        arrive_on_floor(run, "You fall through");
        return true;
    case TRAP_COUNT:
        break;
    }
    return false;
}

/* ---- The player's step ----------------------------------------------- */

static bool wears_noisy_armor(const Run *run)
{
    return run->player.armor >= 0 && run->data->items[run->player.armor].noisy;
}

static void announce_item_here(Run *run)
{
    int index = lvl_item_at(&run->level, run->player.pos);
    if (index < 0) return;
    char name[96];
    run_item_name(run, run->level.items[index].stack, name, sizeof name);
    run_say(run, "You see %s here.", name);
}

/* Asks before a step onto a trap the player knows of. True if it asked */
static bool ask_about_trap(Run *run, int trap, int dir)
{
    if (trap < 0 || !run->level.traps[trap].known) return false;
    run->pending_dir = dir;
    run->confirm = CONFIRM_STEP;
    run->mode = MODE_CONFIRMING;
    run_say(run, "Step onto the %s? (y or n)", trap_def(run->level.traps[trap].kind)->name);
    return true;
}

static void walk_to(Run *run, Point to, int trap)
{
    run->player.pos = to;
    if (wears_noisy_armor(run)) run_make_noise(run, to, PLATE_STEP_LOUDNESS);
    run_update_sight(run);
    announce_item_here(run);
    if (trap >= 0 && spring_trap(run, trap)) {
        return;   /* the turn ended on the floor below */
    }
    run_finish_turn(run);
}

/* Stepping onto a monster attacks it; into a closed door opens it; onto
 * ground moves. Bumping a wall takes no turn, unless the player staggered
 * into it. A confused player's step goes astray half the time, and a
 * stagger is never asked about; a confirmed step has had its roll */
static void player_step(Run *run, int dir, bool confirmed)
{
    bool staggered = false;
    if (!confirmed && run->player.status.confused > 0 && rng_roll(&run->rng, 0, 1) == 0) {
        dir = rng_roll(&run->rng, 0, 7);
        staggered = true;
    }
    Point to = point_add(run->player.pos, DIRS[dir]);
    Level *level = &run->level;
    int monster = lvl_monster_at(level, to);
    if (monster >= 0) {
        act_player_attacks(run, monster);
        run_finish_turn(run);
    } else if (map_at(&level->map, to.x, to.y) == T_CLOSED_DOOR) {
        run_open_door(run, to);
        run_say(run, "You open the door.");
        run_finish_turn(run);
    } else if (map_walkable(&level->map, to.x, to.y)) {
        int trap = lvl_trap_at(level, to);
        if (!staggered && !confirmed && ask_about_trap(run, trap, dir)) return;
        walk_to(run, to, trap);
    } else if (staggered) {
        run_say(run, "You stagger into the wall.");
        run_finish_turn(run);
    } else {
        run_say(run, "You bump into the wall.");
    }
}

/* ---- Doors and searching --------------------------------------------- */

static void close_door(Run *run, int dir)
{
    Point door = point_add(run->player.pos, DIRS[dir]);
    run->mode = MODE_PLAYING;
    if (map_at(&run->level.map, door.x, door.y) != T_OPEN_DOOR) {
        run_say(run, "There's no open door there.");
        return;
    }
    if (lvl_monster_at(&run->level, door) >= 0 || lvl_item_at(&run->level, door) >= 0) {
        run_say(run, "Something is in the way.");
        return;
    }
    run_terrain_changed(run, door, T_CLOSED_DOOR);
    run_say(run, "You close the door.");
    run_make_noise(run, door, DOOR_CLOSE_LOUDNESS);
    run_update_sight(run);
    run_finish_turn(run);
}

/* Each secret door and hidden trap next to the player is found with a
 * chance of 1 in FIND_ONE_IN. It takes a turn either way */
static void search(Run *run)
{
    bool found = false;
    Level *level = &run->level;
    for (int i = 0; i < 8; ++i) {
        Point cell = point_add(run->player.pos, DIRS[i]);
        bool secret = map_at(&level->map, cell.x, cell.y) == T_SECRET_DOOR;
        if (secret && rng_one_in(&run->rng, FIND_ONE_IN)) {
            run_terrain_changed(run, cell, T_CLOSED_DOOR);
            mem_learn_terrain(&run->memory, &level->map, cell);
            run_say(run, "You find a secret door!");
            found = true;
        }
        int trap = lvl_trap_at(level, cell);
        if (trap >= 0 && !level->traps[trap].known && rng_one_in(&run->rng, FIND_ONE_IN)) {
            level->traps[trap].known = true;
            char name[64];
            run_with_article(trap_def(level->traps[trap].kind)->name, name, sizeof name);
            run_say(run, "You find %s!", name);
            found = true;
        }
    }
    if (found) {
        run_update_sight(run);
    } else {
        run_say(run, "You search, and find nothing.");
    }
    run_finish_turn(run);
}

/* ---- Commands -------------------------------------------------------- */

static bool valid_dir(int dir) { return dir >= 0 && dir < 8; }

static bool playing_command(Run *run, Command command)
{
    switch ((CommandKind)command.kind) {
    case CMD_MOVE:
        if (!valid_dir(command.arg)) return false;
        player_step(run, command.arg, false);
        return true;
    case CMD_WAIT:
        run_finish_turn(run);
        return true;
    case CMD_PICK_UP:
        use_pick_up(run);
        return true;
    case CMD_INVENTORY:
        run->mode = MODE_INVENTORY;
        run->inv_action = INV_USE;
        return true;
    case CMD_DROP:
        if (run->player.pack.count == 0) {
            run_say(run, "You have nothing to drop.");
        } else {
            run->mode = MODE_INVENTORY;
            run->inv_action = INV_DROP;
        }
        return true;
    case CMD_CLOSE_DOOR:
        run_say(run, "Close a door: which way? (Esc to stop)");
        run->mode = MODE_CLOSING;
        return true;
    case CMD_SEARCH:
        search(run);
        return true;
    case CMD_DESCEND:
        descend(run, false);
        return true;
    case CMD_MENU:
        run->mode = MODE_MENU;
        return true;
    default:
        return false;
    }
}

static bool inventory_command(Run *run, Command command)
{
    if (command.kind == CMD_CANCEL) {
        if (run->inv_action == INV_IDENTIFY) {
            run_say(run, "The scroll's magic is wasted.");
        }
        run->mode = MODE_PLAYING;
        return true;
    }
    if (command.kind != CMD_CHOOSE || command.arg < 0 || command.arg >= run->player.pack.count) {
        return false;
    }
    switch (run->inv_action) {
    case INV_USE:
        use_item(run, command.arg);
        break;
    case INV_DROP:
        use_drop(run, command.arg);
        break;
    case INV_IDENTIFY:
        use_identify(run, command.arg);
        break;
    }
    return true;
}

static bool closing_command(Run *run, Command command)
{
    if (command.kind == CMD_CANCEL) {
        run->mode = MODE_PLAYING;
        return true;
    }
    if (command.kind != CMD_MOVE || !valid_dir(command.arg)) return false;
    close_door(run, command.arg);
    return true;
}

/* Any answer but yes stays put, Esc included */
static bool confirming_command(Run *run, Command command)
{
    if (command.kind != CMD_YES && command.kind != CMD_NO && command.kind != CMD_CANCEL) {
        return false;
    }
    run->mode = MODE_PLAYING;
    if (command.kind != CMD_YES) {
        run_say(run, "You stay where you are.");
    } else if (run->confirm == CONFIRM_DESCEND) {
        descend(run, true);
    } else {
        player_step(run, run->pending_dir, true);
    }
    return true;
}

static bool menu_command(Run *run, Command command)
{
    if (command.kind != CMD_CANCEL) return false;
    run->mode = MODE_PLAYING;
    return true;
}

/* The save has no place for a choice half made: a scroll of identify has
 * left the pack by then, so it goes back, as though it hadn't been read,
 * though its name stays known */
static void suspend(Run *run)
{
    if (run->mode == MODE_INVENTORY && run->inv_action == INV_IDENTIFY) {
        for (int kind = 0; kind < run->data->item_count; ++kind) {
            if (run->data->items[kind].effect == FX_IDENTIFY) {
                pack_add(&run->player.pack, (Stack){kind, 1});
                break;
            }
        }
    }
    run->mode = MODE_PLAYING;
}

bool run_command(Run *run, Command command)
{
    if (command.kind == CMD_SUSPEND) {
        if (run->mode == MODE_DEAD || run->mode == MODE_WON) return false;
        suspend(run);
        return true;
    }
    if (command.kind >= CMD_COUNT) return false;
    /* What was said before this command has been read */
    int unread = msg_unread(&run->log);
    msg_mark_read(&run->log);
    bool accepted = false;
    switch (run->mode) {
    case MODE_PLAYING: accepted = playing_command(run, command); break;
    case MODE_INVENTORY: accepted = inventory_command(run, command); break;
    case MODE_CLOSING: accepted = closing_command(run, command); break;
    case MODE_CONFIRMING: accepted = confirming_command(run, command); break;
    case MODE_MENU: accepted = menu_command(run, command); break;
    case MODE_DEAD:
    case MODE_WON: break;
    }
    if (!accepted) msg_mark_unread(&run->log, unread);   /* a refusal changes nothing */
    return accepted;
}

/* ---- Queries --------------------------------------------------------- */

const GameData *run_data(const Run *run) { return run->data; }
uint64_t run_seed(const Run *run) { return run->seed; }
int run_turn(const Run *run) { return run->turn; }
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

const char *run_state_name(MonsterState state)
{
    static const char *const names[MS_COUNT] = {"asleep", "wandering", "hunting", "fleeing"};
    return (unsigned)state < MS_COUNT ? names[state] : "";
}

static const char *class_noun(ItemClass item_class)
{
    return item_class == IC_POTION ? "potion" : "scroll";
}

/* A potion or scroll: by its name if the player knows the kind, and by
 * its look if not */
static void magic_item_name(const Run *run, Stack stack, char *out, size_t size)
{
    const ItemDef *def = &run->data->items[stack.kind];
    const char *noun = class_noun(def->item_class);
    const char *plural = stack.count > 1 ? "s" : "";
    char body[96];
    if (ident_known(&run->ident, stack.kind)) {
        snprintf(body, sizeof body, "%s%s of %s", noun, plural, def->name);
    } else if (def->item_class == IC_POTION) {
        snprintf(body, sizeof body, "%s %s%s", ident_look(&run->ident, stack.kind)->name, noun, plural);
    } else {
        snprintf(body, sizeof body, "%s%s titled %s", noun, plural, ident_look(&run->ident, stack.kind)->name);
    }
    if (stack.count > 1) {
        snprintf(out, size, "%d %s", stack.count, body);
    } else {
        run_with_article(body, out, size);
    }
}

void run_item_name(const Run *run, Stack stack, char *out, size_t size)
{
    if (stack.kind < 0 || stack.kind >= run->data->item_count) {
        snprintf(out, size, "something");
        return;
    }
    const ItemDef *def = &run->data->items[stack.kind];
    switch (def->item_class) {
    case IC_POTION:
    case IC_SCROLL:
        magic_item_name(run, stack, out, size);
        break;
    case IC_WEAPON:
        if (stack.count > 1) snprintf(out, size, "%d %ss", stack.count, def->name);
        else run_with_article(def->name, out, size);
        break;
    case IC_ARMOR:
        /* "leather armor", "chain mail": no article */
        if (stack.count > 1) snprintf(out, size, "%d suits of %s", stack.count, def->name);
        else snprintf(out, size, "%s", def->name);
        break;
    case IC_GOLD:
        if (stack.count == 1) snprintf(out, size, "a gold piece");
        else snprintf(out, size, "%d gold pieces", stack.count);
        break;
    case IC_AMULET:
        /* there are only three, and each is named */
        snprintf(out, size, "the %s", def->name);
        break;
    case IC_COUNT:
        snprintf(out, size, "something");
        break;
    }
}

char run_item_glyph(const Run *run, int kind)
{
    static const char glyphs[IC_COUNT] = {'!', '?', ')', '[', '$', '"'};
    ItemClass item_class = run->data->items[kind].item_class;
    return (unsigned)item_class < IC_COUNT ? glyphs[item_class] : '?';
}

Color run_item_color(const Run *run, int kind)
{
    static const Color weapon = {190, 200, 215, 255}, armor = {160, 175, 195, 255};
    static const Color gold = {245, 205, 60, 255};
    switch (run->data->items[kind].item_class) {
    case IC_POTION:
    case IC_SCROLL: return ident_look(&run->ident, kind)->color;
    case IC_WEAPON: return weapon;
    case IC_ARMOR: return armor;
    default: return gold;
    }
}

static void capitalize(char *text)
{
    if (text[0] >= 'a' && text[0] <= 'z') text[0] = (char)(text[0] - 'a' + 'A');
}

static void ground_name(const Run *run, Point cell, char *out, size_t size)
{
    static const char *const names[T_COUNT] = {
        "A wall.", "Floor.", "Stairs down.", "Cave floor.", "A closed door.",
        "An open door.", "A wall.",
    };
    int trap = lvl_trap_at(&run->level, cell);
    if (trap >= 0 && run->level.traps[trap].known) {
        run_with_article(trap_def(run->level.traps[trap].kind)->name, out, size);
        capitalize(out);
        strncat(out, ".", size - strlen(out) - 1);
        return;
    }
    snprintf(out, size, "%s", names[map_at(&run->level.map, cell.x, cell.y)]);
}

void run_look(const Run *run, Point cell, LookInfo *out)
{
    memset(out, 0, sizeof *out);
    out->monster = -1;
    if (!in_bounds(cell.x, cell.y)) return;
    const Level *level = &run->level;
    bool visible = map_visible(&level->map, cell.x, cell.y);
    int monster = lvl_monster_at(level, cell);
    if (monster >= 0 && visible) {
        const Monster *m = &level->monsters[monster];
        char name[64];
        run_with_article(run_kind_of(run, m)->name, name, sizeof name);
        capitalize(name);
        snprintf(out->creature, sizeof out->creature, "%s (%s).", name, run_state_name(m->state));
        out->monster = monster;
    }
    if (point_eq(cell, run->player.pos)) {
        snprintf(out->creature, sizeof out->creature, "You.");
    }
    int item = lvl_item_at(level, cell);
    if (item >= 0 && level->items[item].seen) {
        char name[96];
        run_item_name(run, level->items[item].stack, name, sizeof name);
        capitalize(name);
        snprintf(out->item, sizeof out->item, "%s.", name);
    }
    if (visible || map_explored(&level->map, cell.x, cell.y)) {
        ground_name(run, cell, out->ground, sizeof out->ground);
    }
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

void run_debug_next_floor(Run *run)
{
    if (run->level.depth < LAST_FLOOR) make_floor(run, run->level.depth + 1);
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
