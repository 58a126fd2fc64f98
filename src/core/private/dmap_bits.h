/* What dmap.c and dmap_flood.c share: a row of the map as one word's
 * bits, the door's cost as the spreading takes it, and the writing of
 * distances into a map. Only the distance maps include it. */
#ifndef AMULETS_DMAP_BITS_H
#define AMULETS_DMAP_BITS_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "dmap.h"

/* Keeps every distance of a map clear of DMAP_UNREACHED (MAP_CELLS
 * steps at this cost stay below 2^30) */
enum { DMAP_MAX_DOOR_COST = 1 << 18 };

/* Doors are few: their branches are laid out of the spreading's way */
#if defined(__GNUC__)
#define RARELY(condition) __builtin_expect((condition) != 0, 0)
#else
#define RARELY(condition) (condition)
#endif

/* The spreading's parts, each made once for every constant it's called
 * with (which rows it writes down, which buffer), whatever the
 * compiler's guess of their size */
#if defined(__GNUC__)
#define DMAP_INLINE inline __attribute__((always_inline))
#else
#define DMAP_INLINE inline
#endif

static inline int low_bit(uint64_t bits)
{
#if defined(__GNUC__)
    return (int)(unsigned)__builtin_ctzll(bits);
#else
    int n = 0;
    while (!(bits & 1)) {
        bits >>= 1;
        ++n;
    }
    return n;
#endif
}

static inline int high_bit(uint64_t bits)
{
#if defined(__GNUC__)
    return 63 ^ (int)(unsigned)__builtin_clzll(bits);   /* bsr itself, on x86 */
#else
    int n = 63;
    while (!(bits >> n)) {
        --n;
    }
    return n;
#endif
}

static inline uint64_t cell_bit(int cell)
{
    return UINT64_C(1) << (cell % MAP_W);
}

static inline int cell_row(int cell)
{
    return cell / MAP_W + 1;
}

static inline int32_t dmap_door_cost(int door_cost)
{
    if (door_cost < 1) {
        return 1;   /* a door never costs less than a step */
    }
    return door_cost > DMAP_MAX_DOOR_COST ? DMAP_MAX_DOOR_COST : door_cost;
}

/* Eight cells a turn of the loop: two vector stores each */
static inline void dmap_clear(Dmap *dmap)
{
    _Static_assert(MAP_CELLS % 8 == 0, "a map is cleared eight cells at a time");
    for (int i = 0; i < MAP_CELLS; i += 8) {
        int32_t *d = dmap->d + i;
        d[0] = d[1] = d[2] = d[3] = d[4] = d[5] = d[6] = d[7] = DMAP_UNREACHED;
    }
}

/* The cells of a row get a distance. With SSE2, eight cells from the
 * first left at a time, a vector's lanes chosen by the cells' bits and
 * the rest stored back as they were: a row claims a few cells side by
 * side, mostly, so one turn of the loop does, and its end is guessed
 * right, where a turn a cell would end after a count that varies */
static inline void wave_write(int32_t *restrict row, uint64_t cells, int32_t distance)
{
#if defined(__SSE2__)
    const __m128i low = _mm_set_epi32(8, 4, 2, 1), high = _mm_set_epi32(128, 64, 32, 16);
    const __m128i value = _mm_set1_epi32(distance);
    if ((cells & (cells - 1)) == 0) {   /* one cell, or none */
        if (cells != 0) row[(unsigned)low_bit(cells)] = distance;
        return;
    }
    while (cells != 0) {
        int first = low_bit(cells), base = first < MAP_W - 8 ? first : MAP_W - 8;
        __m128i bits = _mm_set1_epi32((int)((cells >> base) & 0xff));
        __m128i in_low = _mm_cmpeq_epi32(_mm_and_si128(bits, low), low);
        __m128i in_high = _mm_cmpeq_epi32(_mm_and_si128(bits, high), high);
        __m128i *at = (__m128i *)(void *)(row + base);
        __m128i was_low = _mm_loadu_si128(at), was_high = _mm_loadu_si128(at + 1);
        _mm_storeu_si128(at, _mm_or_si128(_mm_and_si128(in_low, value),
                                          _mm_andnot_si128(in_low, was_low)));
        _mm_storeu_si128(at + 1, _mm_or_si128(_mm_and_si128(in_high, value),
                                              _mm_andnot_si128(in_high, was_high)));
        cells &= ~(UINT64_C(0xff) << base);
    }
#else
    for (; cells != 0; cells &= cells - 1) {
        row[(unsigned)low_bit(cells)] = distance;
    }
#endif
}

/* The distances to the goals over the terrain, the door costing
 * door_cost, by a flood (dmap_flood.c), no farther than limit: what
 * dmap_compute and the searches with a limit are */
void dmap_flood_goals(Dmap *dmap, const DmapTerrain *t, const Point *goals, int goal_count,
                      int door_cost, int32_t limit);

/* Whether this build can flood four rows at a time, on a machine that
 * can (x86's AVX2, chosen when the program runs): GCC and Clang on x86 */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && !defined(__EMSCRIPTEN__)
#define DMAP_WIDE 1
#else
#define DMAP_WIDE 0
#endif

/* A wave with no seeds, taken up where it stopped, spread as far as it
 * goes by a flood (dmap_flood.c), its levels written down and no ground's
 * distance written (a search's settling, dmap_search_settle), the way
 * asked (dmap.h). False, and nothing done, if it can't go that way */
bool dmap_wave_settle(DmapWave *w, int32_t *restrict d, DmapLevels *levels, DmapWay way);

#endif
