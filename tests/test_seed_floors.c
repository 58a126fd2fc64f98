/* A seed is a dungeon, whatever is played: on each of a thousand seeds
 * the bot plays a whole run of each class, and every floor a run arrives
 * on (by the stairs or a fall) is, as the run finds it, exactly what
 * `amulets --catalog` lists for that seed and floor: the ground (by its
 * digest), the start, the stairs, the vault, each monster as placed, each
 * item and each trap. So the three classes, fighting, fleeing and
 * rolling their own dice differently, meet the same floors wherever two
 * of them reach one. Under the sanitizers a sample of the seeds. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "hash.h"
#include "runtest.h"

enum {
    SEEDS = 1000, SANITIZED_SEEDS = 40, FIRST_SEED = 1,
    /* the bot's own limits (src/app/bots.c): a run stuck in play ends */
    MOST_TURNS = 60000, STUCK_COMMANDS = 300,
    FLOOR_TEXT = 16384,
};

static GameData data;

/* A floor of a seed as the catalog lists it */
typedef struct Listed {
    char floors[LAST_FLOOR][FLOOR_TEXT];
} Listed;

static void append(char *out, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void append(char *out, const char *format, ...)
{
    size_t used = strlen(out);
    va_list args;
    va_start(args, format);
    vsnprintf(out + used, FLOOR_TEXT - used, format, args);
    va_end(args);
}

/* The run's floor in the catalog's words (src/app/catalog.c), written
 * here again so the test reads the catalog as a player would */
static void describe_floor(const Run *run, char out[FLOOR_TEXT])
{
    const Level *level = run_level(run);
    Point start = run_player(run)->pos;
    out[0] = '\0';
    append(out, "  floor %d: %s, start %d %d", level->depth,
           tune_is_cave_floor(level->depth) ? "cave" : "rooms", start.x, start.y);
    if (level->has_stairs) append(out, ", stairs %d %d", level->stairs.x, level->stairs.y);
    if (level->has_vault) {
        append(out, ", vault %d %d %dx%d", level->vault.x, level->vault.y, level->vault.w, level->vault.h);
    }
    append(out, ", ground %016llx\n",
           (unsigned long long)hash_bytes(HASH_START, level->map.terrain, sizeof level->map.terrain));
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        append(out, "    monster %s %d %d %s", data.monsters[m->kind].id, m->pos.x, m->pos.y,
               run_state_name(m->state));
        if (m->pack_id) append(out, " pack %d", m->pack_id);
        append(out, "\n");
    }
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        append(out, "    item %s x%d %d %d\n", data.items[item->stack.kind].id, item->stack.count,
               item->pos.x, item->pos.y);
    }
    for (int i = 0; i < level->trap_count; ++i) {
        const Trap *trap = &level->traps[i];
        append(out, "    trap %s %d %d\n", trap_def(trap->kind)->id, trap->pos.x, trap->pos.y);
    }
}

/* The next seed's floors from the catalog: false at its end */
static bool read_listed(FILE *catalog, uint64_t seed, Listed *listed)
{
    static char line[512];
    char expected[64];
    snprintf(expected, sizeof expected, "seed %llu\n", (unsigned long long)seed);
    if (fgets(line, sizeof line, catalog) == NULL) return false;
    if (!CHECK(strcmp(line, expected) == 0)) {
        fprintf(stderr, "    the catalog says '%s' where seed %llu was due\n", line, (unsigned long long)seed);
        return false;
    }
    int floor = -1;
    for (int i = 0; i < LAST_FLOOR; ++i) listed->floors[i][0] = '\0';
    for (;;) {
        int c = fgetc(catalog);
        if (c == EOF) break;
        ungetc(c, catalog);
        if (c == 's') break;   /* the next seed */
        if (fgets(line, sizeof line, catalog) == NULL) break;
        if (strncmp(line, "  floor ", 8) == 0) floor = atoi(line + 8) - 1;
        if (!CHECK(floor >= 0 && floor < LAST_FLOOR)) return false;
        append(listed->floors[floor], "%s", line);
    }
    for (int i = 0; i < LAST_FLOOR; ++i) CHECK(listed->floors[i][0] != '\0');
    return true;
}

typedef struct Reached {
    uint64_t floor_hash[LAST_FLOOR];   /* 0: not reached */
    int floors, falls;
} Reached;

/* The floor the run is on against the catalog's; its hash kept */
static void arrived(const Run *run, const Listed *listed, uint64_t seed, int class_index, Reached *reached)
{
    static char found[FLOOR_TEXT];
    describe_floor(run, found);
    int depth = run_level(run)->depth;
    if (!CHECK(strcmp(found, listed->floors[depth - 1]) == 0)) {
        fprintf(stderr, "    seed %llu, %s, floor %d: the run found\n%s    the catalog lists\n%s",
                (unsigned long long)seed, data.classes[class_index].id, depth, found,
                listed->floors[depth - 1]);
    }
    reached->floor_hash[depth - 1] = hash_bytes(HASH_START, found, strlen(found));
    ++reached->floors;
}

/* The bot plays the run to its end, as --bot does */
static void play(uint64_t seed, int class_index, const Listed *listed, Reached *reached)
{
    memset(reached, 0, sizeof *reached);
    Run *run = run_new_as(&data, seed, 1, class_index);
    Bot *bot = malloc(sizeof *bot);
    if (!CHECK(run != NULL && bot != NULL)) exit(EXIT_FAILURE);
    bot_start(bot);
    arrived(run, listed, seed, class_index, reached);
    int idle = 0, last = 0;
    Command command;
    while (run_turn(run) < MOST_TURNS && idle < STUCK_COMMANDS && bot_next(bot, run, &command)) {
        int arrivals = run_arrivals(run);
        run_command(run, command);
        if (run_arrivals(run) != arrivals) {
            arrived(run, listed, seed, class_index, reached);
            reached->falls += command.kind == CMD_MOVE;
        }
        idle = run_turn(run) == last ? idle + 1 : 0;
        last = run_turn(run);
    }
    free(bot);
    run_free(run);
}

int main(void)
{
    load_shipped_data(&data);
    int seeds = check_sanitized() ? SANITIZED_SEEDS : SEEDS;
    char command[512];
    snprintf(command, sizeof command, "'%s' --catalog %d %d", AMULETS_BINARY, FIRST_SEED, seeds);
    FILE *catalog = popen(command, "r");
    if (!CHECK(catalog != NULL)) return check_done("test_seed_floors");
    static Listed listed;
    static Reached reached[8];
    int compared = 0, shared = 0, falls = 0, deepest = 0;
    CHECK(data.class_count >= 3 && data.class_count <= 8);
    for (int n = 0; n < seeds; ++n) {
        uint64_t seed = FIRST_SEED + (uint64_t)n;
        if (!CHECK(read_listed(catalog, seed, &listed))) break;
        for (int c = 0; c < data.class_count; ++c) {
            play(seed, c, &listed, &reached[c]);
            compared += reached[c].floors;
            falls += reached[c].falls;
        }
        /* every floor two classes reach, they found alike */
        for (int floor = 0; floor < LAST_FLOOR; ++floor) {
            for (int c = 1; c < data.class_count; ++c) {
                uint64_t a = reached[0].floor_hash[floor], b = reached[c].floor_hash[floor];
                if (a == 0 || b == 0) continue;
                ++shared;
                if (floor + 1 > deepest) deepest = floor + 1;
                CHECK(a == b);
            }
        }
    }
    CHECK_INT(pclose(catalog), 0);
    /* the bot went down far and often enough for this to mean something,
     * and fell through trapdoors now and then */
    CHECK(compared >= seeds * data.class_count * 3);
    CHECK(shared >= seeds);
    CHECK(deepest == LAST_FLOOR);
    CHECK(falls > 0);
    printf("%d seeds, %d classes: %d arrivals compared with the catalog (%d by a fall), %d floors "
           "reached by the first class and another, as deep as floor %d\n",
           seeds, data.class_count, compared, falls, shared, deepest);
    data_free(&data);
    return check_done("test_seed_floors");
}
