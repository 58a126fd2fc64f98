/* Caches change nothing: random play on a thousand seeds over all nine
 * floors, each seed played twice side by side, once with the rules'
 * caches and once with every map and sight worked out afresh at each use
 * (run_debug_set_caching), the two compared after every command. The
 * fingerprint compared each time must say what the save's digest says,
 * which is checked too: the digests every 50th command, equal
 * fingerprints for a run and its save read back, and, over every state
 * met, the same fingerprint exactly when the same digest. */
#include "fingerprint.h"
#include "keys.h"
#include "known.h"
#include "keyrun.h"
#include "run_debug.h"
#include "runtest.h"
#include "save.h"

/* The soak test's keys: moving, waiting, the pack's letters, the yes and
 * no, Esc, and the actions */
static const int KEYS[] = {
    'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n', 'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n',
    '.', 'g', 'g', 'i', 'd', 'c', 's', '>', '>', 'a', 'b', 'c', 'd', 'e', 'y', 'n',
    AK_ESC, AK_UP, AK_KP3, 'f', 'f', 't',
};

enum { DIGEST_EVERY = 50, RELOAD_EVERY = 250, KNOWN_EVERY = 10 };

/* A state met: its digest and its fingerprint */
typedef struct Sample {
    uint64_t digest, fingerprint;
} Sample;

typedef struct Samples {
    Sample *items;
    int count, capacity;
} Samples;

typedef struct Pair {
    Run *cached, *fresh;
    KeyRun cached_keys, fresh_keys;   /* the dialog up over each */
} Pair;

static int random_key(Rng *rng)
{
    return KEYS[rng_roll(rng, 0, (int)(sizeof KEYS / sizeof KEYS[0]) - 1)];
}

static void add_sample(Samples *samples, const Run *run)
{
    if (samples->count == samples->capacity) {
        samples->capacity = samples->capacity ? samples->capacity * 2 : 4096;
        samples->items = realloc(samples->items, (size_t)samples->capacity * sizeof(Sample));
        if (samples->items == NULL) exit(EXIT_FAILURE);
    }
    samples->items[samples->count++] = (Sample){save_digest(run), fingerprint_run(run)};
}

static Pair new_pair(const GameData *data, uint64_t seed, int floor)
{
    /* every class in turn, so the bow, the knives and the kits are played */
    int class_index = (int)(seed % (uint64_t)data->class_count);
    Pair pair = {.cached = run_new_as(data, seed, floor, class_index), .fresh = run_new_as(data, seed, floor, class_index)};
    if (pair.cached == NULL || pair.fresh == NULL) exit(EXIT_FAILURE);
    run_debug_set_caching(pair.fresh, false);
    pair.cached_keys = pair.fresh_keys = keyrun_start();
    return pair;
}

static void free_pair(Pair *pair)
{
    run_free(pair->cached);
    run_free(pair->fresh);
}

/* Aiming, any key shoots at the first monster in sight (if the rules
 * take it), or stops */
static void aim(KeyRun *keys, Run *run)
{
    const Level *level = run_level(run);
    for (int i = 0; i < level->monster_count; ++i) {
        if (run_sees(run, level->monsters[i].pos)) {
            keys->cursor = level->monsters[i].pos;
            keyrun_press(keys, run, AK_ENTER);
            break;
        }
    }
    if (keys->dialog.kind == DIALOG_AIMING) keyrun_press(keys, run, AK_ESC);
}

static void press(KeyRun *keys, Run *run, int key)
{
    if (keys->dialog.kind == DIALOG_AIMING) {
        aim(keys, run);
        return;
    }
    keyrun_press(keys, run, key);
}

/* The two runs after a command: the same fingerprint, mode and last
 * message; now and then the same digest too */
static bool still_same(const Pair *pair, int command)
{
    if (fingerprint_run(pair->cached) != fingerprint_run(pair->fresh) ||
        run_mode(pair->cached) != run_mode(pair->fresh) ||
        pair->cached_keys.dialog.kind != pair->fresh_keys.dialog.kind ||
        strcmp(msg_last(run_log(pair->cached)), msg_last(run_log(pair->fresh))) != 0) {
        return false;
    }
    return command % DIGEST_EVERY != 0 || save_digest(pair->cached) == save_digest(pair->fresh);
}

/* A run and its save read back have the same fingerprint: it reads
 * nothing the save leaves out */
static void check_reload(const GameData *data, const Run *run)
{
    size_t length;
    char *text = save_write(run, &length);
    Errors errors = {0};
    Run *copy = NULL;
    CHECK_INT(save_read(data, text, length, &copy, &errors), LOAD_OK);
    errors_clear(&errors);
    if (copy != NULL) CHECK(fingerprint_run(copy) == fingerprint_run(run));
    run_free(copy);
    free(text);
}

/* known_item_cells is known_cell asked of every cell, for each class */
static bool known_items_agree(const Run *run)
{
    static Point slow[IC_COUNT][MAP_CELLS], quick[MAP_CELLS];
    int counts[IC_COUNT] = {0};
    for (int i = 0; i < MAP_CELLS; ++i) {
        KnownCell k = known_cell(run, cell_point(i));
        if (k.item < 0) continue;
        ItemClass c = run_data(run)->items[k.item].item_class;
        slow[c][counts[c]++] = cell_point(i);
    }
    for (int c = 0; c < IC_COUNT; ++c) {
        int count = known_item_cells(run, (ItemClass)c, quick, MAP_CELLS);
        if (count != counts[c] || memcmp(quick, slow[c], sizeof quick[0] * (size_t)count) != 0) {
            return false;
        }
    }
    return true;
}

/* One seed, both ways. A run that ends starts again on the same floor
 * with a seed of its own, both ways alike */
static void one_seed(const GameData *data, uint64_t seed, int floor, int commands, Samples *samples)
{
    Pair pair = new_pair(data, seed, floor);
    Rng chooser;
    rng_seed(&chooser, seed ^ 0x5eed);
    for (int i = 1; i <= commands; ++i) {
        int key = random_key(&chooser);
        press(&pair.cached_keys, pair.cached, key);
        press(&pair.fresh_keys, pair.fresh, key);
        if (!still_same(&pair, i)) {
            fprintf(stderr, "seed %llu floor %d: the runs parted at command %d\n",
                    (unsigned long long)seed, floor, i);
            CHECK(!"caches changed what happened");
            break;
        }
        if (i % DIGEST_EVERY == 0) add_sample(samples, pair.cached);
        if (i % KNOWN_EVERY == 0 && !known_items_agree(pair.cached)) {
            fprintf(stderr, "seed %llu floor %d command %d: known_item_cells isn't known_cell's\n",
                    (unsigned long long)seed, floor, i);
            CHECK(!"known_item_cells differs");
        }
        if (i % RELOAD_EVERY == 0 && run_mode(pair.cached) == MODE_PLAYING) {
            check_reload(data, pair.cached);
        }
        Mode mode = run_mode(pair.cached);
        if (mode == MODE_DEAD || mode == MODE_WON) {
            free_pair(&pair);
            pair = new_pair(data, seed * 1000003u + (uint64_t)i, floor);
        }
    }
    free_pair(&pair);
}

static int by_digest(const void *a, const void *b)
{
    const Sample *x = a, *y = b;
    if (x->digest != y->digest) return x->digest < y->digest ? -1 : 1;
    return (x->fingerprint > y->fingerprint) - (x->fingerprint < y->fingerprint);
}

static int by_fingerprint(const void *a, const void *b)
{
    const Sample *x = a, *y = b;
    if (x->fingerprint != y->fingerprint) return x->fingerprint < y->fingerprint ? -1 : 1;
    return (x->digest > y->digest) - (x->digest < y->digest);
}

/* Sorted by one, each run of equal keys must hold one value of the other.
 * Returns how many different keys there were */
static int check_one_to_one(Samples *s, bool fingerprint_first)
{
    qsort(s->items, (size_t)s->count, sizeof(Sample),
          fingerprint_first ? by_fingerprint : by_digest);
    int distinct = 0, broken = 0;
    for (int i = 0; i < s->count; ++i) {
        const Sample *x = &s->items[i], *prev = i > 0 ? &s->items[i - 1] : NULL;
        uint64_t key = fingerprint_first ? x->fingerprint : x->digest;
        uint64_t value = fingerprint_first ? x->digest : x->fingerprint;
        if (prev == NULL || key != (fingerprint_first ? prev->fingerprint : prev->digest)) {
            ++distinct;
        } else if (value != (fingerprint_first ? prev->digest : prev->fingerprint)) {
            ++broken;
        }
    }
    CHECK_INT(broken, 0);
    return distinct;
}

/* A fingerprint must tell apart what the digest does, on small changes as
 * well as large: one hit point, one explored cell, one monster's state */
static void fingerprint_sees_small_changes(const GameData *data)
{
    Run *run = run_new(data, 12, 3);
    uint64_t before = fingerprint_run(run), digest = save_digest(run);
    run_debug_player(run)->hp -= 1;
    CHECK(fingerprint_run(run) != before);
    run_debug_player(run)->hp += 1;
    CHECK(fingerprint_run(run) == before);
    Map *map = &run_debug_level(run)->map;
    int cell = 0;
    while (map->explored[cell]) ++cell;
    map->explored[cell] = 1;
    CHECK(fingerprint_run(run) != before);
    map->explored[cell] = 0;
    CHECK(run_level(run)->monster_count > 0);
    Monster *m = &run_debug_level(run)->monsters[0];
    m->search_turns += 1;
    CHECK(fingerprint_run(run) != before && save_digest(run) != digest);
    m->search_turns -= 1;
    /* what the save leaves out, the fingerprint does too */
    bool had_target = m->has_target;
    m->has_target = false;
    uint64_t without = fingerprint_run(run);
    m->target.x += 1;
    CHECK(fingerprint_run(run) == without);
    m->has_target = had_target;
    m->target.x -= 1;
    run_tell(run, "Talk changes nothing.");
    CHECK(fingerprint_run(run) == before && save_digest(run) == digest);
    run_free(run);
}

int main(void)
{
    GameData data = {0};
    load_shipped_data(&data);
    int seeds = check_sanitized() ? 100 : 1000;
    const int commands = 1000;
    Samples samples = {0};
    for (int i = 0; i < seeds; ++i) {
        one_seed(&data, 30000 + (uint64_t)i, 1 + i % LAST_FLOOR, commands, &samples);
    }
    int digests = check_one_to_one(&samples, false);
    int fingerprints = check_one_to_one(&samples, true);
    CHECK_INT(fingerprints, digests);
    printf("%d seeds x %d commands with and without caches; %d states sampled, "
           "%d different\n", seeds, commands, samples.count, digests);
    CHECK(digests > samples.count / 2);
    fingerprint_sees_small_changes(&data);
    free(samples.items);
    data_free(&data);
    return check_done("test_exact");
}
