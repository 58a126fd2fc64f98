/* A scroll that waits for a choice once read (identify's "IDENTIFY
 * WHICH?", lightning's and fireball's aim) follows one rule: the reading
 * takes no turn, the choice made takes the turn, and Esc at the choice
 * puts the scroll back in the pack at its own letter, spending nothing
 * and passing no turn (the run is as it was before the reading, but that
 * the scroll's name is known). Since the dialogs left the rules, the
 * reading with its choice is one command, and Esc simply makes none; the
 * keys go through the screens that gather it (keyrun.h), as in play. Once Esc at identify's choice wasted the
 * scroll, and its reading had already taken a turn. Played on real
 * floors, monsters about, for each class: with one scroll (its letter
 * left free while it's read) and with two, and with the scroll's kind
 * known and unknown. */
#include "keyrun.h"
#include "runtest.h"
#include "save.h"

static GameData data;

static int kind_of(const char *id)
{
    int kind = data_find_item(&data, id);
    if (kind < 0) {
        fprintf(stderr, "no item %s in the shipped data\n", id);
        exit(EXIT_FAILURE);
    }
    return kind;
}

static bool same_pack(const Pack *a, const Pack *b)
{
    if (a->count != b->count) return false;
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (pack_holds(a, slot) != pack_holds(b, slot)) return false;
        if (pack_holds(a, slot) && (a->slots[slot].kind != b->slots[slot].kind ||
                                    a->slots[slot].count != b->slots[slot].count)) {
            return false;
        }
    }
    return true;
}

/* A cell to aim at: one beside the player that isn't a wall */
static Point aim_cell(const Run *run)
{
    Point me = run_player(run)->pos;
    for (int d = 0; d < 8; ++d) {
        Point p = point_add(me, DIRS[d]);
        if (map_walkable(&run_level(run)->map, p.x, p.y)) return p;
    }
    return point_add(me, DIRS[0]);
}

typedef struct Tally {
    int put_back, chosen;
} Tally;

/* The scroll read from the pack, with a potion it doesn't know to
 * identify; Esc, then the same read again and the choice made */
static void read_and_put_back(const char *id, int class_index, uint64_t seed, int count, bool known, Tally *tally)
{
    char what[128];
    snprintf(what, sizeof what, "%s (%d, %s), class %s, seed %llu", id, count, known ? "known" : "unknown",
             data.classes[class_index].id, (unsigned long long)seed);
    Run *run = run_new_as(&data, seed, 1 + (int)(seed % 5), class_index);
    int scroll = kind_of(id);
    Player *player = run_debug_player(run);
    player->hp = player->max_hp = 500;
    CHECK(pack_add(&player->pack, (Stack){kind_of("confusion"), 1}));
    CHECK(pack_add(&player->pack, (Stack){scroll, count}));
    if (known) ident_learn(run_debug_ident(run), scroll);
    int letter = pack_find(&player->pack, scroll);
    Pack before = player->pack;
    uint64_t digest = save_digest(run);
    int turn = run_turn(run);

    KeyRun keys = keyrun_start();
    keyrun_press(&keys, run, 'i');
    keyrun_press(&keys, run, 'a' + letter);
    bool waits = keys.dialog.kind == DIALOG_AIMING ||
                 (keys.dialog.kind == DIALOG_PACK && keys.dialog.pack_for == INV_IDENTIFY);
    if (!check_at(waits, what, __FILE__, __LINE__)) fprintf(stderr, "    the reading waits for no choice\n");
    if (!check_at(run_turn(run) == turn, what, __FILE__, __LINE__)) fprintf(stderr, "    the reading took a turn\n");
    keyrun_press(&keys, run, AK_ESC);
    CHECK_INT(keys.dialog.kind, DIALOG_NONE);
    CHECK_INT(run_mode(run), MODE_PLAYING);
    if (!check_at(run_turn(run) == turn, what, __FILE__, __LINE__)) fprintf(stderr, "    Esc took a turn\n");
    if (!check_at(same_pack(&run_player(run)->pack, &before), what, __FILE__, __LINE__)) {
        fprintf(stderr, "    the pack isn't as it was: the scroll wasn't put back at its letter\n");
    }
    CHECK(run_kind_known(run, scroll));
    /* known before, the run is as it was to the last bit */
    if (known && !check_at(save_digest(run) == digest, what, __FILE__, __LINE__)) {
        fprintf(stderr, "    the run isn't as it was before the reading\n");
    }
    tally->put_back += !waits ? 0 : 1;

    /* read again and chosen: that's the turn, and the scroll is gone */
    keyrun_press(&keys, run, 'i');
    keyrun_press(&keys, run, 'a' + letter);
    if (keys.dialog.kind == DIALOG_AIMING) {
        CHECK(run_command(run, dialog_aimed(&keys.dialog, aim_cell(run))));
    } else {
        CHECK_INT(keys.dialog.kind, DIALOG_PACK);
        keyrun_press(&keys, run, 'a' + pack_find(&run_player(run)->pack, kind_of("confusion")));
        CHECK(run_kind_known(run, kind_of("confusion")));
    }
    CHECK_INT(run_mode(run) == MODE_DEAD ? MODE_PLAYING : run_mode(run), MODE_PLAYING);
    if (!check_at(run_turn(run) == turn + 1, what, __FILE__, __LINE__)) {
        fprintf(stderr, "    the choice made took %d turns, not one\n", run_turn(run) - turn);
    }
    int left = pack_holds(&run_player(run)->pack, letter) && run_player(run)->pack.slots[letter].kind == scroll
                   ? run_player(run)->pack.slots[letter].count : 0;
    CHECK_INT(left, count - 1);
    ++tally->chosen;
    run_free(run);
}

int main(void)
{
    load_shipped_data(&data);
    static const char *const SCROLLS[] = {"identify", "lightning", "fireball"};
    Tally tally = {0};
    for (size_t s = 0; s < sizeof SCROLLS / sizeof SCROLLS[0]; ++s) {
        for (int class_index = 0; class_index < data.class_count; ++class_index) {
            for (uint64_t seed = 1; seed <= 8; ++seed) {
                int count = 1 + (int)(seed % 2);
                read_and_put_back(SCROLLS[s], class_index, seed, count, seed % 4 < 2, &tally);
            }
        }
    }
    printf("%d scrolls read and put back, %d read and used\n", tally.put_back, tally.chosen);
    CHECK_INT(tally.put_back, 3 * data.class_count * 8);
    data_free(&data);
    return check_done("test_scroll_back");
}
