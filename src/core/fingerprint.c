/* The fingerprint takes exactly what save.c writes, field for field, and
 * nothing the save leaves out (the log, the caches, a monster's target
 * while it has none, the parts of a choice that the mode doesn't use,
 * what the player remembers of a cell never explored, the layer above's
 * records): a field added to the save belongs here too. */
#include "fingerprint.h"

#include <stdlib.h>
#include <string.h>

#include "memory.h"
#include "run_internal.h"

typedef struct Hash {
    uint64_t h;
} Hash;

/* One 64-bit word mixed in (the multiply-xorshift of a good finaliser) */
static void mix(Hash *hash, uint64_t word)
{
    uint64_t h = (hash->h ^ word) * 0x9e3779b97f4a7c15ull;
    hash->h = h ^ (h >> 29);
}

static void mix_point(Hash *hash, Point p)
{
    mix(hash, (uint64_t)(uint32_t)p.x << 32 | (uint32_t)p.y);
}

static void mix_bytes(Hash *hash, const void *bytes, size_t size)
{
    const unsigned char *b = bytes;
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t word;
        memcpy(&word, b + i, 8);
        mix(hash, word);
    }
    uint64_t rest = 0;
    memcpy(&rest, b + i, size - i);
    mix(hash, rest ^ (uint64_t)size << 56);
}

static void mix_statuses(Hash *hash, const Statuses *s, bool afraid)
{
    mix(hash, (uint64_t)(uint32_t)s->poisoned << 32 | (uint32_t)s->regenerating);
    mix(hash, (uint64_t)(uint32_t)s->confused << 32 | (uint32_t)(afraid ? s->afraid : 0));
}

static void mix_run(Hash *hash, const Run *run)
{
    mix(hash, run->seed);
    mix(hash, (uint64_t)(uint32_t)run->class_index << 1 | run->debugged);
    mix(hash, (uint64_t)(uint32_t)run->turn << 32 | (uint32_t)run->level.depth);
    for (int i = 0; i < 4; ++i) mix(hash, run->rng.s[i]);
    for (int kind = 0; kind < run->data->item_count; ++kind) {
        if (!ident_has_look(&run->ident, kind)) continue;
        const Look *look = ident_look(&run->ident, kind);
        mix_bytes(hash, look->name, strlen(look->name));
        mix(hash, (uint64_t)kind << 32 | (uint64_t)look->color.r << 16 |
                      (uint64_t)look->color.g << 8 | look->color.b);
        mix(hash, ident_known(&run->ident, kind));
    }
}

/* The mode, and what of the choice it waits for the save writes
 * (savechoice.h) */
static void mix_choice(Hash *hash, const Run *run)
{
    uint64_t word = (uint64_t)run->mode << 56;
    switch (run->mode) {
    case MODE_INVENTORY:
        word |= (uint64_t)run->inv_action << 48;
        if (run->inv_action == INV_IDENTIFY) word |= (uint64_t)(uint32_t)run->read_slot;
        break;
    case MODE_CONFIRMING:
        word |= (uint64_t)run->confirm << 48;
        if (run->confirm == CONFIRM_STEP) word |= (uint64_t)(uint32_t)run->pending_dir;
        break;
    case MODE_AIMING:
        word |= (uint64_t)run->aim << 48 | (uint64_t)(uint32_t)run->aim_kind << 8;
        if (run->aim == AIM_LIGHTNING || run->aim == AIM_FIREBALL) word |= (uint64_t)(uint8_t)run->read_slot;
        break;
    default: break;
    }
    mix(hash, word);
}

static void mix_player(Hash *hash, const Player *p)
{
    mix_point(hash, p->pos);
    mix(hash, (uint64_t)(uint32_t)p->hp << 32 | (uint32_t)p->max_hp);
    mix(hash, (uint64_t)(uint32_t)p->strength << 32 | (uint32_t)p->gold);
    mix(hash, (uint64_t)(uint32_t)p->amulets << 32 | (uint32_t)p->kills);
    mix_statuses(hash, &p->status, false);
    mix(hash, (uint64_t)(uint32_t)p->weapon << 32 | (uint32_t)p->armor);
    mix(hash, (uint64_t)(uint32_t)p->quiver);
    for (int kind = 0; kind < MAX_MONSTER_KINDS; ++kind) {
        if (p->killed[kind] != 0) mix(hash, (uint64_t)kind << 32 | (uint32_t)p->killed[kind]);
    }
    mix(hash, (uint64_t)p->pack.count);
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (!pack_holds(&p->pack, slot)) continue;
        mix(hash, (uint64_t)slot << 56 | (uint64_t)(uint32_t)p->pack.slots[slot].kind << 24 |
                      (uint32_t)p->pack.slots[slot].count);
    }
}

static void mix_monster(Hash *hash, const Monster *m)
{
    mix(hash, (uint64_t)(uint32_t)m->kind << 32 | (uint32_t)m->hp);
    mix_point(hash, m->pos);
    mix(hash, (uint64_t)m->state << 32 | (uint32_t)m->pack_id);
    mix(hash, (uint64_t)(uint32_t)m->search_turns << 32 | (uint32_t)m->last_shriek);
    mix(hash, (uint64_t)(uint32_t)m->last_breath);
    mix_statuses(hash, &m->status, true);
    mix(hash, (uint64_t)m->targeted << 2 | (uint64_t)m->has_target << 1 | m->has_last_seen);
    if (m->has_target) mix_point(hash, m->target);
    if (m->has_last_seen) mix_point(hash, m->last_seen);
}

static void mix_level(Hash *hash, const Level *level)
{
    mix_bytes(hash, level->map.terrain, sizeof level->map.terrain);
    mix_bytes(hash, level->map.explored, sizeof level->map.explored);
    mix(hash, (uint64_t)level->monster_count);
    for (int i = 0; i < level->monster_count; ++i) mix_monster(hash, &level->monsters[i]);
    mix(hash, (uint64_t)level->item_count);
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        mix(hash, (uint64_t)(uint32_t)item->stack.kind << 32 | (uint32_t)item->stack.count);
        mix_point(hash, item->pos);
        mix(hash, item->seen);
    }
    mix(hash, (uint64_t)level->trap_count);
    for (int i = 0; i < level->trap_count; ++i) {
        const Trap *trap = &level->traps[i];
        mix_point(hash, trap->pos);
        mix(hash, (uint64_t)trap->kind << 1 | trap->known);
    }
}

/* What the player remembers, as the save has it: the memory as of the
 * next look, on explored cells only, and a monster only where it's out
 * of sight; and where each monster was last seen */
static bool mix_memory(Hash *hash, const Run *run)
{
    const Level *level = &run->level;
    Memory *memory = malloc(sizeof *memory);
    if (memory == NULL) return false;
    mem_now(&run->memory, level, memory);
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (!level->map.explored[i]) continue;
        Stack item = memory->item[i];
        uint16_t monster = level->map.visible[i] ? 0 : memory->monster[i];
        mix(hash, (uint64_t)i << 40 | (uint64_t)memory->terrain[i] << 32 | monster);
        if (item.count != 0) mix(hash, (uint64_t)(uint32_t)item.kind << 32 | (uint32_t)item.count);
    }
    free(memory);
    for (int i = 0; i < level->monster_count; ++i) {
        Point seen_at;
        bool seen = mem_monster_seen_at(level, &level->monsters[i], &seen_at);
        if (seen) mix_point(hash, seen_at);
        mix(hash, seen);
    }
    return true;
}

uint64_t fingerprint_run(const Run *run)
{
    Hash hash = {0x6a09e667f3bcc908ull};
    mix_run(&hash, run);
    mix_choice(&hash, run);
    mix_player(&hash, &run->player);
    mix_level(&hash, &run->level);
    if (!mix_memory(&hash, run)) return 0;   /* out of memory: no fingerprint */
    return hash.h;
}
