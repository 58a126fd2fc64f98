/* What dmap.c and dmap_flood.c share: a row of the map as one word's
 * bits, the door's cost as the spreading takes it, and the writing of
 * distances into a map. Only the distance maps include it. */
#ifndef AMULETS_DMAP_BITS_H
#define AMULETS_DMAP_BITS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

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

#if DMAP_WIDE
#include <immintrin.h>

/* A function that may use AVX2, called only where the machine has it */
#define DMAP_WIDE_FN __attribute__((target("avx2")))

DMAP_WIDE_FN static inline __m256i dmap_load4(const uint64_t *rows)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)rows);
}

DMAP_WIDE_FN static inline void dmap_store4(uint64_t *rows, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)rows, v);
}

/* The cells next to a front's rows y - 1 to y + 4, in rows y to y + 3 */
DMAP_WIDE_FN static inline __m256i dmap_near4(const uint64_t *front, int y)
{
    __m256i v = _mm256_or_si256(_mm256_or_si256(dmap_load4(front + y - 1), dmap_load4(front + y)),
                                dmap_load4(front + y + 1));
    return _mm256_or_si256(v, _mm256_or_si256(_mm256_slli_epi64(v, 1), _mm256_srli_epi64(v, 1)));
}

/* wave_write with AVX2, for cells not empty: the eight cells from the
 * first left at a time, the vector's lanes blended in by the cells' bits */
DMAP_WIDE_FN static DMAP_INLINE void wave_write_wide(int32_t *restrict row, uint64_t cells,
                                                    int32_t distance)
{
    if ((cells & (cells - 1)) == 0) {   /* one cell */
        row[(unsigned)low_bit(cells)] = distance;
        return;
    }
    const __m256i lanes = _mm256_set_epi32(128, 64, 32, 16, 8, 4, 2, 1);
    const __m256i value = _mm256_set1_epi32(distance);
    do {
        int first = low_bit(cells), base = first < MAP_W - 8 ? first : MAP_W - 8;
        __m256i bits = _mm256_set1_epi32((int)((cells >> base) & 0xff));
        __m256i in = _mm256_cmpeq_epi32(_mm256_and_si256(bits, lanes), lanes);
        __m256i *at = (__m256i *)(void *)(row + base);
        _mm256_storeu_si256(at, _mm256_blendv_epi8(_mm256_loadu_si256(at), value, in));
        cells &= ~(UINT64_C(0xff) << base);
    } while (cells != 0);
}

/* Four rows' cells written down at out_cells, a row an entry, but only
 * the rows with cells in, and the rows' numbers (y to y + 3) at
 * out_rows, with no test between them: the count written. Both take four
 * entries whatever the count */
DMAP_WIDE_FN static inline int dmap_pack4(__m256i cells, int y, uint64_t *out_cells,
                                         uint8_t *out_rows)
{
    /* for each four bits of rows with cells: the 32-bit halves of those
     * rows' words first, the rows' places among the four, how many */
    static const struct {
        int32_t lanes[8];
        uint32_t rows;
        int count;
    } packs[16] = {
        {{0, 0, 0, 0, 0, 0, 0, 0}, 0x00000000, 0}, {{0, 1, 0, 0, 0, 0, 0, 0}, 0x00000000, 1},
        {{2, 3, 0, 0, 0, 0, 0, 0}, 0x00000001, 1}, {{0, 1, 2, 3, 0, 0, 0, 0}, 0x00000100, 2},
        {{4, 5, 0, 0, 0, 0, 0, 0}, 0x00000002, 1}, {{0, 1, 4, 5, 0, 0, 0, 0}, 0x00000200, 2},
        {{2, 3, 4, 5, 0, 0, 0, 0}, 0x00000201, 2}, {{0, 1, 2, 3, 4, 5, 0, 0}, 0x00020100, 3},
        {{6, 7, 0, 0, 0, 0, 0, 0}, 0x00000003, 1}, {{0, 1, 6, 7, 0, 0, 0, 0}, 0x00000300, 2},
        {{2, 3, 6, 7, 0, 0, 0, 0}, 0x00000301, 2}, {{0, 1, 2, 3, 6, 7, 0, 0}, 0x00030100, 3},
        {{4, 5, 6, 7, 0, 0, 0, 0}, 0x00000302, 2}, {{0, 1, 4, 5, 6, 7, 0, 0}, 0x00030200, 3},
        {{2, 3, 4, 5, 6, 7, 0, 0}, 0x00030201, 3}, {{0, 1, 2, 3, 4, 5, 6, 7}, 0x03020100, 4},
    };
    __m256i empty = _mm256_cmpeq_epi64(cells, _mm256_setzero_si256());
    int with = ~_mm256_movemask_pd(_mm256_castsi256_pd(empty)) & 15;
    __m256i lanes = _mm256_loadu_si256((const __m256i *)(const void *)packs[with].lanes);
    dmap_store4(out_cells, _mm256_permutevar8x32_epi32(cells, lanes));
    uint32_t rows = packs[with].rows + (uint32_t)y * 0x01010101u;   /* no byte carries */
    memcpy(out_rows, &rows, sizeof rows);
    return packs[with].count;
}

/* A function that may use AVX-512 (its foundation, and its byte, word
 * and 128/256-bit forms), called only where the machine has it */
#define DMAP_WIDEST_FN __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,popcnt")))

/* The whole map's rows, eight a vector: rows 0 to 39, as far as the
 * ground and the fronts hold (the last rows are empty) */
enum { DMAP_BLOCKS8 = 5 };
_Static_assert(DMAP_ROWS <= DMAP_BLOCKS8 * 8, "five vectors of eight rows hold a map");

/* A map's rows 0 to 39 in five vectors, and back */
DMAP_WIDEST_FN static DMAP_INLINE void dmap_load_all(const uint64_t *rows, __m512i v[DMAP_BLOCKS8])
{
    for (int i = 0; i < DMAP_BLOCKS8; ++i) v[i] = _mm512_loadu_si512((const void *)(rows + 8 * i));
}

DMAP_WIDEST_FN static DMAP_INLINE void dmap_store_all(uint64_t *rows, const __m512i v[DMAP_BLOCKS8])
{
    for (int i = 0; i < DMAP_BLOCKS8; ++i) _mm512_storeu_si512((void *)(rows + 8 * i), v[i]);
}

/* Each row's cells next to the front's: the cells next to it in its own
 * row and those above and below, taken from the vectors of eight rows
 * before and after */
DMAP_WIDEST_FN static DMAP_INLINE void dmap_near_all(const __m512i front[DMAP_BLOCKS8],
                                                    __m512i near[DMAP_BLOCKS8])
{
    __m512i spread[DMAP_BLOCKS8 + 2];
    spread[0] = spread[DMAP_BLOCKS8 + 1] = _mm512_setzero_si512();
    for (int i = 0; i < DMAP_BLOCKS8; ++i) {
        __m512i v = front[i];
        spread[i + 1] = _mm512_ternarylogic_epi64(v, _mm512_slli_epi64(v, 1),
                                                  _mm512_srli_epi64(v, 1), 0xfe);
    }
    for (int i = 1; i <= DMAP_BLOCKS8; ++i) {
        __m512i above = _mm512_alignr_epi64(spread[i], spread[i - 1], 7);
        __m512i below = _mm512_alignr_epi64(spread[i + 1], spread[i], 1);
        near[i - 1] = _mm512_ternarylogic_epi64(spread[i], above, below, 0xfe);
    }
}

/* wave_write with AVX-512, for cells not empty: sixteen cells at a time,
 * stored under the mask of their bits */
DMAP_WIDEST_FN static DMAP_INLINE void wave_write_whole(int32_t *restrict row, uint64_t cells,
                                                        int32_t distance)
{
    if ((cells & (cells - 1)) == 0) {   /* one cell */
        row[(unsigned)low_bit(cells)] = distance;
        return;
    }
    const __m512i value = _mm512_set1_epi32(distance);
    for (int i = 0; i < MAP_W / 16; ++i) {
        _mm512_mask_storeu_epi32(row + 16 * i, (__mmask16)(cells >> (16 * i)), value);
    }
}

/* Eight rows' cells (rows y to y + 7, with those in) written down at
 * out_cells, a row an entry, but only the rows with cells in, and their
 * numbers at out_rows: the count written. (The stores are masked, so a
 * load of what they wrote waits for them: read the rows from with) */
DMAP_WIDEST_FN static DMAP_INLINE int dmap_pack8(__m512i cells, __mmask8 with, int y,
                                                uint64_t *out_cells, uint8_t *out_rows)
{
    int count = __builtin_popcount((unsigned)with);
    __mmask8 first = (__mmask8)((1u << count) - 1);
    __m512i rows = _mm512_add_epi64(_mm512_set1_epi64(y), _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0));
    _mm512_mask_storeu_epi64(out_cells, first, _mm512_maskz_compress_epi64(with, cells));
    _mm_mask_storeu_epi8(out_rows, first,
                         _mm512_cvtepi64_epi8(_mm512_maskz_compress_epi64(with, rows)));
    return count;
}

/* The machine's AVX-512 parts that DMAP_WIDEST_FN names, as the
 * compiler's check finds them (with the system's saving of the
 * registers) */
static inline bool dmap_widest_here(void)
{
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq");
}

/* The machine's AVX2, and the system's saving of its registers, as the
 * compiler's check finds them */
static inline bool dmap_wide_here(void)
{
    return __builtin_cpu_supports("avx2");
}
#else
static inline bool dmap_wide_here(void)
{
    return false;
}

static inline bool dmap_widest_here(void)
{
    return false;
}
#endif

/* Eight cells a turn of the loop: two vector stores each, or with AVX2
 * 64 cells a turn in eight */
#if DMAP_WIDE
DMAP_WIDE_FN static void dmap_clear_wide(Dmap *dmap)
{
    _Static_assert(MAP_CELLS % 64 == 0, "a map is cleared 64 cells at a time");
    const __m256i unreached = _mm256_set1_epi32(DMAP_UNREACHED);
    for (int i = 0; i < MAP_CELLS; i += 64) {
        __m256i *d = (__m256i *)(void *)(dmap->d + i);
        for (int j = 0; j < 8; ++j) _mm256_storeu_si256(d + j, unreached);
    }
}
#endif

static inline void dmap_clear(Dmap *dmap)
{
#if DMAP_WIDE
    if (dmap_wide_here()) {
        dmap_clear_wide(dmap);
        return;
    }
#endif
    _Static_assert(MAP_CELLS % 8 == 0, "a map is cleared eight cells at a time");
    for (int i = 0; i < MAP_CELLS; i += 8) {
        int32_t *d = dmap->d + i;
        d[0] = d[1] = d[2] = d[3] = d[4] = d[5] = d[6] = d[7] = DMAP_UNREACHED;
    }
}

/* How to go the way asked, in *how (for DMAP_ANY_WAY the fastest the
 * machine has): false if the machine can't */
static inline bool dmap_way(DmapWay way, DmapWay *how)
{
    if (way == DMAP_ANY_WAY) {
        way = dmap_widest_here() ? DMAP_WHOLE_WAY
              : dmap_wide_here() ? DMAP_WIDE_WAY
                                 : DMAP_ROW_WAY;
    }
    *how = way;
    return way == DMAP_ROW_WAY || (way == DMAP_WIDE_WAY && dmap_wide_here()) ||
           (way == DMAP_WHOLE_WAY && dmap_widest_here());
}

/* Doors of row y claimed at a distance: each gets it, and joins the end
 * of a queue of doors waiting for their level (queue[*tail]), in the
 * order of their cells */
static inline void dmap_queue_doors(int32_t *restrict d, int16_t *restrict queue, int *tail,
                                    int y, uint64_t doors, int32_t distance)
{
    for (; doors != 0; doors &= doors - 1) {
        int cell = (y - 1) * MAP_W + low_bit(doors);
        d[cell] = distance;
        queue[(*tail)++] = (int16_t)cell;
    }
}

/* Whether a spreading taken up again can stop for a cell (-1 for none):
 * the cell has its distance for good, claimed as ground, or a door (not
 * waiting) whose level has come */
static inline bool dmap_settled(const int32_t *d, const uint64_t waiting[DMAP_ROWS], int cell)
{
    return cell >= 0 && d[cell] != DMAP_UNREACHED && !(waiting[cell_row(cell)] & cell_bit(cell));
}

/* The cells next to a front's rows y - 1, y and y + 1, in row y */
static inline uint64_t dmap_near(const uint64_t *front, int y)
{
    uint64_t v = front[y - 1] | front[y] | front[y + 1];
    return v | v << 1 | v >> 1;
}

/* A wave with no seeds, taken up where it stopped, spread as far as it
 * goes by a flood (dmap_flood.c), its levels written down and no ground's
 * distance written (a search's settling, dmap_search_settle), the way
 * asked (dmap.h). False, and nothing done, if it can't go that way */
bool dmap_wave_settle(DmapWave *w, int32_t *restrict d, DmapLevels *levels, DmapWay way);

#endif
