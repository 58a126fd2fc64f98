#include "save.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "invariant.h"
#include "run_internal.h"
#include "savechoice.h"

/* ---- A growing text -------------------------------------------------- */

typedef struct Text {
    char *data;
    size_t length, capacity;
    bool failed;
} Text;

/* Adds length bytes (and a NUL after them) */
static void add_bytes(Text *text, const char *bytes, size_t length)
{
    if (text->failed) return;
    if (text->length + length + 1 > text->capacity) {
        size_t capacity = text->capacity ? text->capacity * 2 : 16384;
        while (capacity < text->length + length + 1) capacity *= 2;
        char *data = realloc(text->data, capacity);
        if (data == NULL) {
            text->failed = true;
            return;
        }
        text->data = data;
        text->capacity = capacity;
    }
    memcpy(text->data + text->length, bytes, length);
    text->length += length;
    text->data[text->length] = '\0';
}

static void add(Text *text, const char *format, ...)
{
    if (text->failed) return;
    va_list args;
    va_start(args, format);
    char line[512];
    int n = vsnprintf(line, sizeof line, format, args);
    va_end(args);
    if (n < 0 || (size_t)n >= sizeof line) {
        text->failed = true;
        return;
    }
    add_bytes(text, line, (size_t)n);
}

/* ---- Records --------------------------------------------------------- */

static void add_statuses(Text *text, const Statuses *status, bool afraid)
{
    add(text, "poisoned = %d\nregenerating = %d\nconfused = %d\n",
        status->poisoned, status->regenerating, status->confused);
    if (afraid) add(text, "afraid = %d\n", status->afraid);
}

static void add_run(Text *text, const Run *run)
{
    char dice[RNG_TEXT_SIZE];
    rng_to_text(&run->rng, dice);
    add(text, "# A saved run of Amulets of SDL. The run's end deletes it.\n");
    add(text, "\n[save]\nversion = %d\n", SAVE_VERSION);
    add(text, "\n[run]\nseed = %llu\nturn = %d\nfloor = %d\ndice = %s\n",
        (unsigned long long)run->seed, run->turn, run->level.depth, dice);
    if (run->class_index != RUN_NO_CLASS) {
        add(text, "class = %s\n", run->data->classes[run->class_index].id);
    }
    if (run->debugged) add(text, "debug = yes\n");
    char choice[256];
    choice_write(run, choice, sizeof choice);
    add(text, "%s", choice);
}

static void add_looks(Text *text, const Run *run)
{
    const GameData *data = run->data;
    for (int kind = 0; kind < data->item_count; ++kind) {
        if (!ident_has_look(&run->ident, kind)) continue;
        const Look *look = ident_look(&run->ident, kind);
        add(text, "\n[look]\nkind = %s\nname = %s\ncolor = %d %d %d\nknown = %s\n",
            data->items[kind].id, look->name, look->color.r, look->color.g, look->color.b,
            ident_known(&run->ident, kind) ? "yes" : "no");
    }
}

static void add_player(Text *text, const Run *run)
{
    const Player *p = &run->player;
    const GameData *data = run->data;
    add(text, "\n[player]\npos = %d %d\nhp = %d\nmax_hp = %d\nstrength = %d\ngold = %d\n"
        "amulets = %d\nkills = %d\n", p->pos.x, p->pos.y, p->hp, p->max_hp, p->strength,
        p->gold, p->amulets, p->kills);
    add_statuses(text, &p->status, false);
    if (p->weapon >= 0) add(text, "weapon = %s\n", data->items[p->weapon].id);
    if (p->armor >= 0) add(text, "armor = %s\n", data->items[p->armor].id);
    if (p->quiver >= 0) add(text, "quiver = %s\n", data->items[p->quiver].id);
    for (int kind = 0; kind < data->monster_count; ++kind) {
        if (p->killed[kind] > 0) {
            add(text, "\n[killed]\nkind = %s\ncount = %d\n", data->monsters[kind].id, p->killed[kind]);
        }
    }
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (!pack_holds(&p->pack, slot)) continue;
        add(text, "\n[carried]\nletter = %c\nkind = %s\ncount = %d\n", pack_letter(slot),
            data->items[p->pack.slots[slot].kind].id, p->pack.slots[slot].count);
    }
}

/* Each row as it is, and as the player knows it ('-' where never seen) */
static void add_rows(Text *text, const Map *map, const Memory *memory)
{
    for (int y = 0; y < MAP_H; ++y) {
        char terrain[MAP_W + 1], known[MAP_W + 1];
        for (int x = 0; x < MAP_W; ++x) {
            terrain[x] = map_terrain_def(map_at(map, x, y))->save_letter;
            Terrain remembered = (Terrain)memory->terrain[cell_index(x, y)];
            known[x] = map_explored(map, x, y) ? map_terrain_def(remembered)->save_letter : '-';
        }
        terrain[MAP_W] = known[MAP_W] = '\0';
        add(text, "\n[row]\ny = %d\nterrain = %s\nknown = %s\n", y, terrain, known);
    }
}

static void add_monsters(Text *text, const Run *run)
{
    const Level *level = &run->level;
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        add(text, "\n[monster]\nkind = %s\npos = %d %d\nhp = %d\nstate = %s\npack = %d\n"
            "search_turns = %d\nlast_shriek = %d\n", run->data->monsters[m->kind].id,
            m->pos.x, m->pos.y, m->hp, run_state_name(m->state), m->pack_id,
            m->search_turns, m->last_shriek);
        add_statuses(text, &m->status, true);
        if (m->last_breath >= 0) add(text, "last_breath = %d\n", m->last_breath);
        if (m->has_target) add(text, "target = %d %d\n", m->target.x, m->target.y);
        if (m->has_last_seen) add(text, "last_seen = %d %d\n", m->last_seen.x, m->last_seen.y);
        if (m->targeted) add(text, "targeted = yes\n");
        Point seen_at;
        if (mem_monster_seen_at(level, m, &seen_at)) add(text, "seen_at = %d %d\n", seen_at.x, seen_at.y);
    }
}

static void add_items_and_traps(Text *text, const Run *run)
{
    const Level *level = &run->level;
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        add(text, "\n[item]\nkind = %s\ncount = %d\npos = %d %d\nseen = %s\n",
            run->data->items[item->stack.kind].id, item->stack.count, item->pos.x,
            item->pos.y, item->seen ? "yes" : "no");
    }
    for (int i = 0; i < level->trap_count; ++i) {
        const Trap *trap = &level->traps[i];
        add(text, "\n[trap]\nkind = %s\npos = %d %d\nknown = %s\n", trap_def(trap->kind)->id,
            trap->pos.x, trap->pos.y, trap->known ? "yes" : "no");
    }
}

/* The items the player remembers, and the monsters last seen where the
 * player can't see now (one in sight is where it is) */
static void add_memory(Text *text, const Run *run, const Memory *memory)
{
    const Map *map = &run->level.map;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Stack item = memory->item[i];
        if (item.count == 0 || !map->explored[i]) continue;
        INVARIANT(item.kind >= 0 && item.kind < run->data->item_count);
        add(text, "\n[remembered_item]\nkind = %s\ncount = %d\npos = %d %d\n",
            run->data->items[item.kind].id, item.count, i % MAP_W, i / MAP_W);
    }
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (memory->monster[i] == 0 || map->visible[i] || !map->explored[i]) continue;
        INVARIANT(memory->monster[i] <= run->data->monster_count);
        add(text, "\n[remembered_monster]\nkind = %s\npos = %d %d\n",
            run->data->monsters[memory->monster[i] - 1].id, i % MAP_W, i / MAP_W);
    }
}

/* The log comes last: talk, never in the digest */
static const char LOG_START[] = "\n[message]\n";

static void add_log(Text *text, const Run *run)
{
    const MsgLog *log = &run->log;
    int first = msg_count(log) > SAVE_LOG_MESSAGES ? msg_count(log) - SAVE_LOG_MESSAGES : 0;
    for (int i = first; i < msg_count(log); ++i) {
        const Message *m = msg_get(log, i);
        add(text, "%stext = %s\n", LOG_START, m->text);
        if (m->count > 1) add(text, "count = %d\n", m->count);
    }
}

/* The records of the layer above, as its writer gave them: whole
 * records, each starting on a line of its own */
static void add_above(Text *text, const char *above, size_t length)
{
    if (above == NULL || length == 0) return;
    add_bytes(text, "\n", 1);
    add_bytes(text, above, length);
}

static char *write_text(const Run *run, bool with_log, const char *above, size_t above_length,
                        size_t *length)
{
    Text text = {0};
    /* big, and a save is written rarely */
    Memory *memory = malloc(sizeof *memory);
    if (memory == NULL) return NULL;
    mem_now(&run->memory, &run->level, memory);
    add_run(&text, run);
    add_looks(&text, run);
    add_player(&text, run);
    add_rows(&text, &run->level.map, memory);
    add_monsters(&text, run);
    add_items_and_traps(&text, run);
    add_memory(&text, run, memory);
    free(memory);
    add_above(&text, above, above_length);
    if (with_log) add_log(&text, run);
    if (text.failed) {
        free(text.data);
        return NULL;
    }
    if (length != NULL) *length = text.length;
    return text.data;
}

char *save_write(const Run *run, size_t *length)
{
    return write_text(run, true, NULL, 0, length);
}

char *save_write_with(const Run *run, const char *above, size_t above_length, size_t *length)
{
    return write_text(run, true, above, above_length, length);
}

/* Where a record of this type starts in the text ("\n[type]\n"), or length */
static size_t record_start(const char *text, size_t length, const char *type)
{
    char marker[ID_SIZE + 8];
    int n = snprintf(marker, sizeof marker, "\n[%s]\n", type);
    if (n <= 0 || (size_t)n >= sizeof marker) return length;
    for (size_t at = 0; at + (size_t)n <= length; ++at) {
        if (text[at] == '\n' && memcmp(text + at, marker, (size_t)n) == 0) return at;
    }
    return length;
}

uint64_t save_digest_text(const char *text, size_t length, const char *const *above_types)
{
    size_t end = record_start(text, length, "message");
    for (int i = 0; above_types != NULL && above_types[i] != NULL; ++i) {
        size_t at = record_start(text, end, above_types[i]);
        if (at < end) end = at;
    }
    return hash_bytes(HASH_START, text, end);
}

uint64_t save_digest(const Run *run)
{
    size_t length;
    char *text = write_text(run, false, NULL, 0, &length);
    uint64_t hash = text != NULL ? hash_bytes(HASH_START, text, length) : HASH_START;
    free(text);
    return hash;
}
