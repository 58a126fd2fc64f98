#include "heed.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "memory.h"

/* ---- Monsters ------------------------------------------------------------ */

bool heed_harmless(const Run *run, int kind)
{
    const MonsterDef *def = &run_data(run)->monsters[kind];
    return def->damage_max <= 0 && def->range == 0;
}

bool heed_threat(const Run *run, const SeenMonster *m)
{
    const MonsterDef *kind = &run_data(run)->monsters[m->kind];
    bool beside = m->distance <= 1;
    if (heed_harmless(run, m->kind)) return false;
    if ((kind->traits & TRAIT_STATIONARY) && kind->range == 0 && !beside) return false;
    if (m->state == MS_FLEEING && !beside) return false;
    if (m->state == MS_ASLEEP && m->distance > HEED_SLEEPER_NEAR) return false;
    return true;
}

int heed_nearest_threat(const Run *run, const SeenMonster *seen, int count)
{
    for (int i = 0; i < count; ++i) {
        if (heed_threat(run, &seen[i])) return i;
    }
    return -1;
}

/* A longer name than the kind's, with it inside, is at `at` in a line
 * ("goblin archer" round "goblin") */
static bool longer_name_at(const GameData *data, const char *line, const char *at, int kind)
{
    const char *name = data->monsters[kind].name;
    size_t length = strlen(name);
    for (int other = 0; other < data->monster_count; ++other) {
        const char *longer = data->monsters[other].name, *inside = strstr(longer, name);
        if (other == kind || inside == NULL || strlen(longer) == length) continue;
        size_t before = (size_t)(inside - longer);
        if ((size_t)(at - line) >= before && strncmp(at - before, longer, strlen(longer)) == 0) return true;
    }
    return false;
}

/* A line names the kind of monster: its name as a whole, not part of a
 * word or of a longer name ("kobold" isn't in "A zombified kobold ...") */
static bool line_names(const GameData *data, const char *line, int kind)
{
    const char *name = data->monsters[kind].name;
    size_t length = strlen(name);
    for (const char *at = strstr(line, name); at != NULL; at = strstr(at + 1, name)) {
        bool whole = (at == line || !isalpha((unsigned char)at[-1])) && !isalpha((unsigned char)at[length]);
        if (whole && !longer_name_at(data, line, at, kind)) return true;
    }
    return false;
}

bool heed_just_named(const Run *run, int kind)
{
    const MsgLog *log = run_log(run);
    for (int i = msg_count(log) - msg_unread(log); i < msg_count(log); ++i) {
        if (line_names(run_data(run), msg_get(log, i)->text, kind)) return true;
    }
    return false;
}

/* ---- Items ---------------------------------------------------------------- */

/* A missile kind the player uses: carried, quivered, or in their kit */
static bool uses_missile(const Run *run, int kind)
{
    const Player *p = run_player(run);
    if (p->quiver == kind || pack_find(&p->pack, kind) >= 0) return true;
    int c = run_class(run);
    if (c == RUN_NO_CLASS) return false;
    const ClassDef *def = &run_data(run)->classes[c];
    for (int i = 0; i < def->kit_count; ++i) {
        if (def->kit[i].kind == kind) return true;
    }
    return false;
}

bool heed_takes(const Run *run, unsigned take, int kind, bool threat_in_view)
{
    ItemClass c = run_data(run)->items[kind].item_class;
    if (c == IC_GOLD || c == IC_AMULET) return true;
    if (c != IC_MISSILE) return (take & (1u << c)) != 0;
    if (threat_in_view) return false;
    return (take & HEED_TAKE_MISSILES) || ((take & HEED_TAKE_OWN_MISSILES) && uses_missile(run, kind));
}

void heed_count_carried(const Run *run, int16_t out[MAX_ITEM_KINDS])
{
    const Pack *pack = &run_player(run)->pack;
    memset(out, 0, sizeof(int16_t) * MAX_ITEM_KINDS);
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (!pack_holds(pack, i)) continue;
        Stack s = pack->slots[i];
        if (s.kind >= 0 && s.kind < MAX_ITEM_KINDS) out[s.kind] = (int16_t)(s.count < INT16_MAX ? s.count : INT16_MAX);
    }
}

bool heed_dropped_underfoot(const Explorer *e, const Run *run)
{
    Point me = run_player(run)->pos;
    Stack here = mem_item(mem_of(run), run_level(run), me);
    if (here.count == 0 || here.kind < 0 || here.kind >= MAX_ITEM_KINDS) return false;
    bool stood_here = point_eq(e->under_at, me) && e->under.kind == here.kind;
    if (stood_here && e->under.count == here.count) return false;   /* it lay here */
    int16_t now[MAX_ITEM_KINDS];
    heed_count_carried(run, now);
    int held = e->carried[here.kind], added = here.count - (stood_here ? e->under.count : 0);
    /* a drop puts the whole stack down: none left, and here all the pack
     * held (a missile fired, or a potion drunk, leaves the others) */
    return held > 0 && now[here.kind] == 0 && added >= held;
}

static const struct {
    const char *word;
    unsigned bit;
} TAKE_WORDS[] = {
    {"potions", HEED_TAKE_POTIONS}, {"scrolls", HEED_TAKE_SCROLLS},   {"weapons", HEED_TAKE_WEAPONS},
    {"armor", HEED_TAKE_ARMOR},     {"missiles", HEED_TAKE_MISSILES}, {"own_missiles", HEED_TAKE_OWN_MISSILES},
};
enum { TAKE_WORD_COUNT = sizeof TAKE_WORDS / sizeof TAKE_WORDS[0] };

unsigned heed_take_named(const char *word)
{
    for (int i = 0; i < TAKE_WORD_COUNT; ++i) {
        if (strcmp(TAKE_WORDS[i].word, word) == 0) return TAKE_WORDS[i].bit;
    }
    return 0;
}

void heed_take_words(unsigned take, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < TAKE_WORD_COUNT; ++i) {
        if (!(take & TAKE_WORDS[i].bit) || n >= size) continue;
        int wrote = snprintf(out + n, size - n, "%s%s", n > 0 ? " " : "", TAKE_WORDS[i].word);
        if (wrote > 0) n += (size_t)wrote;
    }
    if (n == 0) snprintf(out, size, "none");
}

int heed_monsters_in_view(const Run *run, SeenMonster *out, int max)
{
    const Level *level = run_level(run);
    Point me = run_player(run)->pos;
    int count = 0;
    for (int i = 0; i < level->monster_count && count < max; ++i) {
        const Monster *m = &level->monsters[i];
        if (!run_sees(run, m->pos)) continue;
        SeenMonster seen = {i, m->kind, m->pos, m->state, chebyshev(m->pos, me)};
        int slot = count++;
        while (slot > 0 && out[slot - 1].distance > seen.distance) {
            out[slot] = out[slot - 1];
            --slot;
        }
        out[slot] = seen;
    }
    return count;
}
