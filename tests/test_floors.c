/* A seed is a dungeon: each floor is made from dice of its own, never the
 * play's. The play's dice are untouched by making a floor (the first, one
 * reached by the stairs, by a fall, or at once by the debugging aid), so
 * a floor is the same whatever was rolled in play before it, and the
 * same whichever floor the run started on; the looks of the potions and
 * scrolls too. test_seed_floors plays the bot over a thousand seeds. */
#include <string.h>

#include "runtest.h"

static GameData data;

static bool same_dice(const Rng *a, const Rng *b)
{
    return memcmp(a->s, b->s, sizeof a->s) == 0;
}

/* The floor as it was made: its ground and everything put on it, and the
 * player's start. Compared field by field: the sight's marks and the
 * monsters' ids are the run's, not the floor's */
static bool same_floor(const Run *a, const Run *b)
{
    const Level *x = run_level(a), *y = run_level(b);
    bool same = x->depth == y->depth && point_eq(run_player(a)->pos, run_player(b)->pos) &&
                memcmp(x->map.terrain, y->map.terrain, sizeof x->map.terrain) == 0 &&
                x->monster_count == y->monster_count && x->item_count == y->item_count &&
                x->trap_count == y->trap_count && x->has_stairs == y->has_stairs &&
                point_eq(x->stairs, y->stairs) && x->vault_index == y->vault_index;
    for (int i = 0; same && i < x->monster_count; ++i) {
        const Monster *m = &x->monsters[i], *n = &y->monsters[i];
        same = m->kind == n->kind && point_eq(m->pos, n->pos) && m->hp == n->hp &&
               m->state == n->state && m->pack_id == n->pack_id;
    }
    for (int i = 0; same && i < x->item_count; ++i) {
        const FloorItem *p = &x->items[i], *q = &y->items[i];
        same = point_eq(p->pos, q->pos) && p->stack.kind == q->stack.kind && p->stack.count == q->stack.count;
    }
    for (int i = 0; same && i < x->trap_count; ++i) {
        same = point_eq(x->traps[i].pos, y->traps[i].pos) && x->traps[i].kind == y->traps[i].kind;
    }
    return same;
}

static bool same_looks(const Run *a, const Run *b)
{
    for (int kind = 0; kind < data.item_count; ++kind) {
        const Look *x = ident_look(run_ident(a), kind), *y = ident_look(run_ident(b), kind);
        if (strcmp(x->name, y->name) != 0 || memcmp(&x->color, &y->color, sizeof x->color) != 0) return false;
    }
    return true;
}

/* Started on any floor, the run's play dice are the same, and so are the
 * looks: neither the floor made first nor its depth rolled them */
static void play_starts_alike_on_any_floor(void)
{
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        Run *first = run_new(&data, seed, 1);
        for (int floor = 2; floor <= LAST_FLOOR; ++floor) {
            Run *run = run_new_as(&data, seed, floor, (int)(seed % (uint64_t)data.class_count));
            CHECK(same_dice(run_rng(run), run_rng(first)));
            CHECK(same_looks(run, first));
            run_free(run);
        }
        run_free(first);
    }
}

/* Making the next floor rolls none of the play's dice, and makes the
 * floor a run started there finds */
static void next_floor_rolls_no_play_dice(void)
{
    for (uint64_t seed = 100; seed < 130; ++seed) {
        Run *run = run_new(&data, seed, 1);
        for (int floor = 2; floor <= LAST_FLOOR; ++floor) {
            Rng before = *run_rng(run);
            run_debug_next_floor(run);
            CHECK(same_dice(run_rng(run), &before));
            Run *there = run_new(&data, seed, floor);
            CHECK(same_floor(run, there));
            run_free(there);
        }
        run_free(run);
    }
}

/* However the play's dice have rolled, the floors below are the same */
static void floors_whatever_was_rolled(void)
{
    for (uint64_t seed = 200; seed < 230; ++seed) {
        Run *calm = run_new(&data, seed, 1), *busy = run_new(&data, seed, 1);
        for (int floor = 2; floor <= LAST_FLOOR; ++floor) {
            int rolls = (int)(seed % 97) * floor + 1;
            for (int i = 0; i < rolls; ++i) rng_next(run_debug_rng(busy));
            CHECK(!same_dice(run_rng(calm), run_rng(busy)));
            run_debug_next_floor(calm);
            run_debug_next_floor(busy);
            CHECK(same_floor(calm, busy));
        }
        run_free(calm);
        run_free(busy);
    }
}

/* Down the stairs: the arrival rolls nothing of the play's, and the
 * floor is the one a run started there finds */
static void stairs_roll_no_play_dice(void)
{
    for (uint64_t seed = 300; seed < 320; ++seed) {
        Run *run = run_new(&data, seed, 3);
        Level *level = run_debug_level(run);
        for (int i = level->item_count - 1; i >= 0; --i) lvl_remove_item(level, i);   /* no Amulet to ask about */
        run_debug_player(run)->pos = level->stairs;
        run_debug_refresh(run);
        Rng before = *run_rng(run);
        run_command(run, cmd_make(CMD_DESCEND, 0));
        CHECK_INT(run_level(run)->depth, 4);
        CHECK(same_dice(run_rng(run), &before));
        Run *there = run_new(&data, seed, 4);
        CHECK(same_floor(run, there));
        run_free(there);
        run_free(run);
    }
}

/* Through a trapdoor: the play's dice roll the fall's hurt, and only
 * that; the floor below is the seed's */
static void fall_rolls_only_its_hurt(void)
{
    for (uint64_t seed = 400; seed < 420; ++seed) {
        Run *run = run_new(&data, seed, 2);
        Level *level = run_debug_level(run);
        Player *player = run_debug_player(run);
        player->hp = player->max_hp = 1000;
        int dir = 0;
        while (dir < 8 && !map_walkable_at(&level->map, point_add(player->pos, DIRS[dir]))) ++dir;
        if (!CHECK(dir < 8)) {
            run_free(run);
            continue;
        }
        Point next = point_add(player->pos, DIRS[dir]);
        int monster = lvl_monster_at(level, next);
        if (monster >= 0) lvl_remove_monster(level, monster);
        level->trap_count = 0;   /* the trapdoor alone */
        CHECK(lvl_add_trap(level, &(Trap){next, TRAP_TRAPDOOR, false}));
        run_debug_refresh(run);
        Rng expected = *run_rng(run);
        int hurt = rng_roll(&expected, FALL_MIN, FALL_MAX);
        run_command(run, cmd_make(CMD_MOVE, (int8_t)dir));
        CHECK_INT(run_level(run)->depth, 3);
        CHECK_INT(player->hp, 1000 - hurt);
        CHECK(same_dice(run_rng(run), &expected));
        Run *there = run_new(&data, seed, 3);
        CHECK(same_floor(run, there));
        run_free(there);
        run_free(run);
    }
}

int main(void)
{
    load_shipped_data(&data);
    play_starts_alike_on_any_floor();
    next_floor_rolls_no_play_dice();
    floors_whatever_was_rolled();
    stairs_roll_no_play_dice();
    fall_rolls_only_its_hurt();
    data_free(&data);
    return check_done("test_floors");
}
