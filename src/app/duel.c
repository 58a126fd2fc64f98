/* amulets --duel [CLASS] [MONSTER] [N]: balance you can see. Each class's
 * starting kit against each kind of monster, N fights each on an open
 * floor at the first depth the monster is found on: the player starts 7
 * cells from it (as far as sight goes, nearly), awake and hunting, and fights as a careful player would
 * with only the kit: shoots or throws while it comes (and the archers
 * stay off), then fights hand to hand. It drinks and reads nothing, so
 * the table is the kit's own worth. */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "gen.h"
#include "run_debug.h"
#include "tune.h"

enum { DUEL_TURNS = 400, ARENA_Y = MAP_H / 2, ARENA_X = MAP_W / 2, START_GAP = 7 };

typedef struct Tally {
    int fights, wins, draws;
    long turns, hp_left;
} Tally;

/* A missile the player can loose now */
static bool can_shoot(const Run *run)
{
    const GameData *data = run_data(run);
    const Player *p = run_player(run);
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (!pack_holds(&p->pack, i)) continue;
        const ItemDef *def = &data->items[p->pack.slots[i].kind];
        if (def->item_class == IC_MISSILE && (def->launcher < 0 || def->launcher == p->weapon)) return true;
    }
    return false;
}

static int direction_to(Point from, Point to)
{
    int dx = (to.x > from.x) - (to.x < from.x), dy = (to.y > from.y) - (to.y < from.y);
    for (int d = 0; d < 8; ++d) {
        if (DIRS[d].x == dx && DIRS[d].y == dy) return d;
    }
    return -1;
}

/* The pack's slot of the weapon best in hand (by its most damage), if
 * it's better than the one wielded; else -1 */
static int better_weapon(const Run *run)
{
    const GameData *data = run_data(run);
    const Player *p = run_player(run);
    int best = -1, most = p->weapon >= 0 ? data->items[p->weapon].damage_max : 2;
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (!pack_holds(&p->pack, i)) continue;
        const ItemDef *def = &data->items[p->pack.slots[i].kind];
        if (def->item_class == IC_WEAPON && def->damage_max > most) {
            most = def->damage_max;
            best = i;
        }
    }
    return best;
}

/* One of the player's turns: loose a missile if it's not next to them,
 * else take the best weapon in hand (a bow is a poor club), else strike
 * (stepping toward it is striking, next to it) */
static void player_turn(Run *run, Point foe)
{
    Point me = run_player(run)->pos;
    int weapon = chebyshev(me, foe) <= 1 ? better_weapon(run) : -1;
    if (weapon >= 0) {
        run_command(run, cmd_make(CMD_USE, weapon));
        return;
    }
    if (chebyshev(me, foe) > 1 && can_shoot(run) && run_command(run, cmd_at(cmd_make(CMD_FIRE, 0), foe))) return;
    int dir = direction_to(me, foe);
    if (!run_command(run, cmd_make(CMD_MOVE, dir))) run_command(run, cmd_make(CMD_WAIT, 0));
}

static void fight(const GameData *data, int class_index, int monster, uint64_t seed, Tally *tally)
{
    const MonsterDef *kind = &data->monsters[monster];
    int depth = kind->min_floor;
    Run *run = run_new_as(data, seed, depth, class_index);
    if (run == NULL) return;
    run_debug_clear_level(run, depth);
    run_debug_player(run)->pos = (Point){ARENA_X - START_GAP / 2, ARENA_Y};
    Monster m = gen_monster(data, monster, (Point){ARENA_X + START_GAP / 2, ARENA_Y}, 0, true);
    m.state = MS_HUNTING;
    m.has_last_seen = true;
    m.last_seen = run_player(run)->pos;
    lvl_add_monster(run_debug_level(run), &m);
    run_debug_refresh(run);
    int turn = 0;
    while (turn < DUEL_TURNS && run_mode(run) == MODE_PLAYING && run_level(run)->monster_count > 0) {
        player_turn(run, run_level(run)->monsters[0].pos);
        turn = run_turn(run);
    }
    ++tally->fights;
    if (run_level(run)->monster_count == 0 && run_mode(run) != MODE_DEAD) {
        ++tally->wins;
        tally->turns += turn;
        tally->hp_left += run_player(run)->hp;
    } else if (run_mode(run) != MODE_DEAD) {
        ++tally->draws;
    }
    run_free(run);
}

static int find_class(const GameData *data, const char *id)
{
    for (int i = 0; i < data->class_count; ++i) {
        if (strcmp(data->classes[i].id, id) == 0) return i;
    }
    return -1;
}

static void print_row(const GameData *data, int class_index, int monster, const Tally *t)
{
    const MonsterDef *kind = &data->monsters[monster];
    int wins = t->wins > 0 ? t->wins : 1;
    printf("%-8s %-18s %d-%d %5.1f%% %5.1f%% %7.1f %7.1f\n", data->classes[class_index].id, kind->id,
           kind->min_floor, kind->max_floor, 100.0 * t->wins / t->fights, 100.0 * t->draws / t->fights,
           (double)t->turns / wins, (double)t->hp_left / wins);
}

int app_duel(const Options *options, const GameData *data)
{
    int first_class = 0, last_class = data->class_count - 1;
    int first_monster = 0, last_monster = data->monster_count - 1;
    if (options->duel_class != NULL && strcmp(options->duel_class, "all") != 0) {
        first_class = last_class = find_class(data, options->duel_class);
        if (first_class < 0) {
            fprintf(stderr, "amulets: no class is called '%s'\n", options->duel_class);
            return 2;
        }
    }
    if (options->duel_monster != NULL && strcmp(options->duel_monster, "all") != 0) {
        first_monster = last_monster = data_find_monster(data, options->duel_monster);
        if (first_monster < 0) {
            fprintf(stderr, "amulets: no monster is called '%s'\n", options->duel_monster);
            return 2;
        }
    }
    printf("%-8s %-18s %-3s %6s %6s %7s %7s\n", "class", "monster", "fl", "wins", "draws", "turns",
           "hp left");
    for (int c = first_class; c <= last_class; ++c) {
        for (int m = first_monster; m <= last_monster; ++m) {
            Tally tally = {0};
            for (int i = 0; i < options->duel_fights; ++i) {
                fight(data, c, m, options->seed + (uint64_t)i, &tally);
            }
            print_row(data, c, m, &tally);
        }
    }
    return 0;
}
