/* Field of view: exact agreement with a plain model of symmetric
 * shadowcasting, symmetry between every pair of open cells, a line of
 * sight behind every cell seen, and hand-built rooms, doors, pillars and
 * corners. Maps are random (the project's dice) and real floors. */
#include "check.h"

#include <stdint.h>
#include <stdlib.h>

#include "cave.h"
#include "fov.h"
#include "line.h"
#include "map.h"
#include "rng.h"
#include "rooms.h"
#include "tune.h"

enum { BIG_RADIUS = 100 };   /* no limit at all on a 64 x 36 map */

/* ---- maps ---------------------------------------------------------- */

static Terrain random_open(Rng *rng)
{
    static const Terrain open[] = {T_FLOOR, T_FLOOR, T_FLOOR, T_CAVE_FLOOR, T_STAIRS, T_OPEN_DOOR};
    return open[rng_roll(rng, 0, 5)];
}

static Terrain random_blocking(Rng *rng)
{
    static const Terrain blocking[] = {T_WALL, T_WALL, T_WALL, T_CLOSED_DOOR, T_SECRET_DOOR};
    return blocking[rng_roll(rng, 0, 4)];
}

/* Scattered cells: anything from open ground to a maze of pillars */
static void scatter_map(Map *map, Rng *rng)
{
    int percent = rng_roll(rng, 0, 65);
    map_fill(map, T_FLOOR);
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        map_set(map, p.x, p.y, rng_roll(rng, 1, 100) <= percent ? random_blocking(rng)
                                                                  : random_open(rng));
    }
}

/* Wall blocks and lines on open ground: long edges and corners */
static void block_map(Map *map, Rng *rng)
{
    map_fill(map, T_FLOOR);
    int blocks = rng_roll(rng, 5, 60);
    for (int b = 0; b < blocks; ++b) {
        int w = rng_one_in(rng, 2) ? 1 : rng_roll(rng, 1, 8);
        int h = w == 1 ? rng_roll(rng, 1, 10) : rng_roll(rng, 1, 4);
        int x0 = rng_roll(rng, 0, MAP_W - 1), y0 = rng_roll(rng, 0, MAP_H - 1);
        Terrain t = random_blocking(rng);
        for (int y = y0; y < y0 + h; ++y) {
            for (int x = x0; x < x0 + w; ++x) {
                map_set(map, x, y, t);
            }
        }
    }
    for (int i = 0; i < 40; ++i) {
        map_set(map, rng_roll(rng, 0, MAP_W - 1), rng_roll(rng, 0, MAP_H - 1), random_open(rng));
    }
}

static void random_map(Map *map, Rng *rng, int round)
{
    Rect rects[ROOMS_MAX + CAVE_AREAS_MAX];   /* room for either */
    switch (round % 4) {
    case 0: scatter_map(map, rng); break;
    case 1: block_map(map, rng); break;
    case 2: rooms_generate(map, rng, rects); break;
    default: cave_generate(map, rng, rects); break;
    }
}

static bool blocks(const Map *map, int i)
{
    Point p = cell_point(i);
    return map_blocks_sight(map, p.x, p.y);
}

/* ---- the model ------------------------------------------------------ */

/* The same sight, written as plainly as possible: fractions compared by
 * cross-multiplying, and each quadrant kept as a list of lit spans of
 * slope that shrinks depth by depth. A blocking cell stands for the
 * open segment across its middle, from column - 1/2 to column + 1/2:
 * it is seen if that meets a lit span, and it shades that open interval
 * of slopes from then on. An open cell is seen if its centre is in a lit
 * span. A span shrunk to a single slope goes dark. */
typedef struct Frac { long long num, den; } Frac;
typedef struct Span { Frac lo, hi; } Span;

static bool frac_lt(Frac a, Frac b) { return a.num * b.den < b.num * a.den; }
static bool frac_le(Frac a, Frac b) { return a.num * b.den <= b.num * a.den; }

/* A quadrant: a cell (depth, col) is at origin + depth * d + col * c */
typedef struct Frame { int dx, dy, cx, cy; } Frame;

static const Frame FRAMES[4] = {
    {0, -1, 1, 0}, {0, 1, 1, 0}, {1, 0, 0, 1}, {-1, 0, 0, 1},
};

static bool frame_blocks(const Map *map, Point o, Frame f, int depth, int col)
{
    return map_blocks_sight(map, o.x + depth * f.dx + col * f.cx, o.y + depth * f.dy + col * f.cy);
}

static bool model_lit(const Span *spans, int n, int depth, int col, bool wall)
{
    Frac centre = {col, depth}, left = {2 * col - 1, 2 * depth}, right = {2 * col + 1, 2 * depth};
    for (int s = 0; s < n; ++s) {
        if (wall ? frac_lt(left, spans[s].hi) && frac_lt(spans[s].lo, right)
                 : frac_le(spans[s].lo, centre) && frac_le(centre, spans[s].hi)) {
            return true;
        }
    }
    return false;
}

/* The lit spans one depth further: each span less the walls' intervals */
static int model_shade(const Map *map, Point o, Frame f, int depth, const Span *spans, int n,
                       Span *next)
{
    int m = 0;
    for (int s = 0; s < n; ++s) {
        Frac from = spans[s].lo;
        for (int col = -depth; col <= depth; ++col) {
            Frac left = {2 * col - 1, 2 * depth}, right = {2 * col + 1, 2 * depth};
            if (!frame_blocks(map, o, f, depth, col) || frac_le(right, from)) {
                continue;
            }
            if (frac_le(spans[s].hi, left)) {
                break;
            }
            if (frac_lt(from, left)) {
                next[m++] = (Span){from, left};
            }
            from = right;
        }
        if (frac_lt(from, spans[s].hi)) {
            next[m++] = (Span){from, spans[s].hi};
        }
    }
    return m;
}

static void model_quadrant(const Map *map, Point o, int radius, Frame f, uint8_t *seen)
{
    Span spans[MAP_W], next[MAP_W];
    int n = 1;
    spans[0] = (Span){{-1, 1}, {1, 1}};
    for (int depth = 1; depth <= radius && n > 0; ++depth) {
        for (int col = -depth; col <= depth; ++col) {
            int x = o.x + depth * f.dx + col * f.cx, y = o.y + depth * f.dy + col * f.cy;
            if (in_bounds(x, y) && fov_in_radius(col, depth, radius) &&
                model_lit(spans, n, depth, col, frame_blocks(map, o, f, depth, col))) {
                seen[cell_index(x, y)] = 1;
            }
        }
        n = model_shade(map, o, f, depth, spans, n, next);
        memcpy(spans, next, (size_t)n * sizeof spans[0]);
    }
}

static void model_fov(const Map *map, Point o, int radius, uint8_t seen[MAP_CELLS])
{
    memset(seen, 0, MAP_CELLS);
    seen[cell_index(o.x, o.y)] = 1;
    for (int q = 0; q < 4; ++q) {
        model_quadrant(map, o, radius, FRAMES[q], seen);
    }
}

/* ---- a line of sight ------------------------------------------------ */

/* Every cell seen has a straight line of sight, with each blocking cell
 * standing for the diamond inscribed in its square (the points less
 * than 1/2 from its centre, counting |dx| + |dy|): an open cell is seen
 * along the segment between the two centres, a blocking one along a ray
 * from the origin's centre into its diamond. Squares would be too
 * strict: shadowcasting that judges cells by their centres lets a line
 * graze a wall's corner, e.g. from (0,7) to (5,0) past walls at (3,2)
 * and (5,1). A diamond is what a wall is to a line no steeper than 45
 * degrees off the sweep's direction, and that is every line in a
 * quadrant. This checks the algorithm from another side than the model:
 * no spans, no depths, just each line on its own. */

/* Does the segment from a's centre to b's centre pass through the inside
 * of w's diamond? The distance |x - wx| + |y - wy| along the segment is
 * convex and piecewise linear, so its least value is at an end or where
 * x = wx or y = wy. */
static bool segment_hits_diamond(Point a, Point b, Point w)
{
    long long dx = b.x - a.x, dy = b.y - a.y;
    long long ts[4][2] = {{0, 1}, {1, 1}, {w.x - a.x, dx}, {w.y - a.y, dy}};
    for (int k = 0; k < 4; ++k) {
        long long n = ts[k][0], den = ts[k][1];
        if (den < 0) {
            n = -n;
            den = -den;
        }
        if (den == 0 || n < 0 || n > den) {
            continue;
        }
        long long fx = (long long)a.x * den + n * dx - (long long)w.x * den;
        long long fy = (long long)a.y * den + n * dy - (long long)w.y * den;
        if (2 * ((fx < 0 ? -fx : fx) + (fy < 0 ? -fy : fy)) < den) {
            return true;
        }
    }
    return false;
}

static bool centres_clear(const Map *map, Point o, Point t)
{
    for (int y = o.y < t.y ? o.y : t.y; y <= (o.y > t.y ? o.y : t.y); ++y) {
        for (int x = o.x < t.x ? o.x : t.x; x <= (o.x > t.x ? o.x : t.x); ++x) {
            Point w = {x, y};
            if (map_blocks_sight(map, x, y) && !point_eq(w, o) && !point_eq(w, t) &&
                segment_hits_diamond(o, t, w)) {
                return false;
            }
        }
    }
    return true;
}

static int frac_cmp_sort(const void *a, const void *b)
{
    const Frac *x = a, *y = b;
    return frac_lt(*x, *y) ? -1 : frac_lt(*y, *x) ? 1 : 0;
}

/* In one quadrant's frame, is some slope through the wall t's diamond
 * (between its middle's ends, open) and within the quadrant (closed)
 * clear of every nearer blocking cell's open interval of slopes? The
 * clear slopes, if any, include an end of some interval or a point
 * halfway between two neighbouring ends, so those are all tried. */
static bool ray_into_wall(const Map *map, Point o, Frame f, int depth, int col)
{
    enum { MAX_ENDS = 2 * MAP_W * MAP_W };
    static const Frac minus_one = {-1, 1}, one = {1, 1};
    Frac lo = {2 * col - 1, 2 * depth}, hi = {2 * col + 1, 2 * depth};
    Span shade[MAP_W * MAP_W];
    Frac ends[MAX_ENDS];
    int n = 0, e = 0;
    ends[e++] = lo;
    ends[e++] = hi;
    ends[e++] = minus_one;
    ends[e++] = one;
    for (int d = 1; d < depth; ++d) {
        for (int c = -d; c <= d; ++c) {
            if (frame_blocks(map, o, f, d, c)) {
                shade[n] = (Span){{2 * c - 1, 2 * d}, {2 * c + 1, 2 * d}};
                ends[e++] = shade[n].lo;
                ends[e++] = shade[n].hi;
                ++n;
            }
        }
    }
    qsort(ends, (size_t)e, sizeof ends[0], frac_cmp_sort);
    for (int k = 0; k < 2 * e - 1; ++k) {
        Frac s = ends[k / 2];
        if (k % 2) {   /* halfway to the next end */
            Frac b = ends[k / 2 + 1];
            s = (Frac){s.num * b.den + b.num * s.den, 2 * s.den * b.den};
        }
        bool ok = frac_lt(lo, s) && frac_lt(s, hi) && frac_le(minus_one, s) && frac_le(s, one);
        for (int i = 0; ok && i < n; ++i) {
            ok = !(frac_lt(shade[i].lo, s) && frac_lt(s, shade[i].hi));
        }
        if (ok) {
            return true;
        }
    }
    return false;
}

static bool line_of_sight(const Map *map, Point o, Point t)
{
    if (point_eq(o, t)) {
        return true;
    }
    if (!map_blocks_sight(map, t.x, t.y)) {
        return centres_clear(map, o, t);
    }
    for (int q = 0; q < 4; ++q) {
        Frame f = FRAMES[q];
        int depth = (t.x - o.x) * f.dx + (t.y - o.y) * f.dy;
        int col = (t.x - o.x) * f.cx + (t.y - o.y) * f.cy;
        if (depth >= 1 && col >= -depth && col <= depth && ray_into_wall(map, o, f, depth, col)) {
            return true;
        }
    }
    return false;
}


/* ---- checks on one view --------------------------------------------- */

/* The view from o agrees with the model, cell for cell, and (when
 * line is set) every cell in it has a line of sight */
static void check_view(const Map *map, Point o, int radius, bool line)
{
    uint8_t got[MAP_CELLS], want[MAP_CELLS];
    memset(got, 2, sizeof got);   /* fov_compute_into leaves unseen cells be */
    fov_compute_into(map, o, radius, got);
    model_fov(map, o, radius, want);
    int wrong = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        wrong += got[i] != (want[i] ? 1 : 2);
        if (line && want[i] && !line_of_sight(map, o, cell_point(i))) {
            Point p = cell_point(i);
            CHECK(!"a cell seen with no line of sight");
            fprintf(stderr, "    from (%d,%d) to (%d,%d)\n", o.x, o.y, p.x, p.y);
            for (int y = (o.y < p.y ? o.y : p.y); y <= (o.y > p.y ? o.y : p.y); ++y) {
                for (int x = (o.x < p.x ? o.x : p.x); x <= (o.x > p.x ? o.x : p.x); ++x) {
                    fputc(x == o.x && y == o.y ? '@' : x == p.x && y == p.y ? 'T' : map_blocks_sight(map, x, y) ? '#' : '.', stderr);
                }
                fputc('\n', stderr);
            }
        }
    }
    if (!check_at(wrong == 0, "fov_compute_into matches the model", __FILE__, __LINE__)) {
        fprintf(stderr, "    from (%d,%d) radius %d: %d cells differ\n", o.x, o.y, radius, wrong);
    }
}

/* fov_compute on the map itself: clears the old view, marks explored,
 * keeps what was explored before, and marks the same cells */
static void check_compute(Map *map, Point o, int radius)
{
    uint8_t want[MAP_CELLS], explored_before[MAP_CELLS];
    model_fov(map, o, radius, want);
    memset(map->visible, 1, sizeof map->visible);
    memcpy(explored_before, map->explored, sizeof explored_before);
    fov_compute(map, o, radius);
    int wrong = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        wrong += map->visible[i] != want[i];
        wrong += map->explored[i] != (explored_before[i] || want[i]);
        wrong += want[i] && !fov_in_radius(p.x - o.x, p.y - o.y, radius);
    }
    CHECK_INT(wrong, 0);
    CHECK(map_visible(map, o.x, o.y));
}

/* ---- symmetry -------------------------------------------------------- */

/* Is one view asymmetric with those of the open cells within reach? */
static bool asymmetric_from(const uint8_t *blocking, int a, int radius, const uint8_t *views)
{
    Point pa = cell_point(a);
    int reach = radius < MAP_W ? radius : MAP_W;
    for (int y = pa.y - reach; y <= pa.y + reach; ++y) {
        for (int x = pa.x - reach; x <= pa.x + reach; ++x) {
            if (!in_bounds(x, y)) continue;
            int b = cell_index(x, y);
            if (b <= a || blocking[b]) {
                continue;
            }
            if (views[(size_t)a * MAP_CELLS + b] != views[(size_t)b * MAP_CELLS + a]) {
                fprintf(stderr, "    asymmetric: (%d,%d) and (%d,%d), radius %d\n",
                        pa.x, pa.y, x, y, radius);
                return true;
            }
        }
    }
    return false;
}

/* From every open cell, then A sees B exactly when B sees A, for every
 * pair of open cells (pairs farther apart than the radius see nothing,
 * which check_view makes sure of) */
static void check_symmetry(const Map *map, int radius, uint8_t *views)
{
    uint8_t blocking[MAP_CELLS];
    for (int a = 0; a < MAP_CELLS; ++a) {
        blocking[a] = blocks(map, a);
        if (!blocking[a]) {
            memset(views + (size_t)a * MAP_CELLS, 0, MAP_CELLS);
            fov_compute_into(map, cell_point(a), radius, views + (size_t)a * MAP_CELLS);
        }
    }
    int broken = 0;
    for (int a = 0; a < MAP_CELLS && broken < 5; ++a) {
        broken += !blocking[a] && asymmetric_from(blocking, a, radius, views);
    }
    CHECK_INT(broken, 0);
}

/* ---- hand-built cases ------------------------------------------------ */

/* A room of floor with a wall ring round it, on open floor */
static void ring_room(Map *map, Rect room)
{
    map_fill(map, T_FLOOR);
    for (int y = room.y - 1; y <= room.y + room.h; ++y) {
        for (int x = room.x - 1; x <= room.x + room.w; ++x) {
            if (!rect_contains(room, (Point){x, y})) {
                map_set(map, x, y, T_WALL);
            }
        }
    }
}

static bool seen_from(const Map *map, Point o, int radius, Point t)
{
    uint8_t seen[MAP_CELLS] = {0};
    fov_compute_into(map, o, radius, seen);
    return seen[cell_index(t.x, t.y)] != 0;
}

static void test_sealed_room(void)
{
    Map map;
    Rect room = {10, 10, 11, 7};
    Rect ring = {9, 9, 13, 9};
    ring_room(&map, room);
    int outside = 0, inside_missed = 0, ring_missed = 0;
    for (int oy = room.y; oy < room.y + room.h; ++oy) {
        for (int ox = room.x; ox < room.x + room.w; ++ox) {
            uint8_t seen[MAP_CELLS] = {0};
            fov_compute_into(&map, (Point){ox, oy}, BIG_RADIUS, seen);
            for (int i = 0; i < MAP_CELLS; ++i) {
                Point p = cell_point(i);
                outside += seen[i] && !rect_contains(ring, p);
                inside_missed += !seen[i] && rect_contains(room, p);
            }
        }
    }
    uint8_t seen[MAP_CELLS] = {0};
    fov_compute_into(&map, rect_center(room), BIG_RADIUS, seen);
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        ring_missed += rect_contains(ring, p) && !rect_contains(room, p) && !seen[i];
    }
    CHECK_INT(outside, 0);
    CHECK_INT(inside_missed, 0);
    CHECK_INT(ring_missed, 0);
}

static void test_doors(void)
{
    Map map;
    Rect room = {10, 10, 11, 7};
    ring_room(&map, room);
    Point door = {21, 13}, centre = {15, 13}, beyond = {23, 13}, far = {27, 13};
    const Terrain shut[] = {T_CLOSED_DOOR, T_SECRET_DOOR, T_WALL};
    for (int i = 0; i < 3; ++i) {
        map_set(&map, door.x, door.y, shut[i]);
        CHECK(seen_from(&map, centre, SIGHT_RADIUS, door));
        CHECK(!seen_from(&map, centre, SIGHT_RADIUS, beyond));
        CHECK(!seen_from(&map, centre, BIG_RADIUS, far));
        CHECK(!seen_from(&map, beyond, SIGHT_RADIUS, centre));
    }
    map_set(&map, door.x, door.y, T_OPEN_DOOR);
    CHECK(seen_from(&map, centre, SIGHT_RADIUS, door));
    CHECK(seen_from(&map, centre, SIGHT_RADIUS, beyond));
    CHECK(seen_from(&map, centre, BIG_RADIUS, far));
    CHECK(seen_from(&map, beyond, SIGHT_RADIUS, centre));
    CHECK(seen_from(&map, far, BIG_RADIUS, centre));
}

static void test_pillar(void)
{
    Map map;
    map_fill(&map, T_FLOOR);
    Point o = {30, 18};
    map_set(&map, 33, 18, T_WALL);
    CHECK(seen_from(&map, o, SIGHT_RADIUS, (Point){33, 18}));
    for (int x = 34; x <= 38; ++x) {
        CHECK(!seen_from(&map, o, SIGHT_RADIUS, (Point){x, 18}));
    }
    CHECK(seen_from(&map, o, SIGHT_RADIUS, (Point){34, 19}));
    CHECK(seen_from(&map, o, SIGHT_RADIUS, (Point){34, 17}));
    CHECK(seen_from(&map, o, SIGHT_RADIUS, (Point){36, 19}));   /* the shadow's very edge */
    CHECK(!seen_from(&map, o, SIGHT_RADIUS, (Point){37, 19}));
    CHECK(seen_from(&map, o, SIGHT_RADIUS, (Point){30, 10}));   /* elsewhere: open */
}

/* An L of corridor: along one leg, round the corner nothing */
static void test_corridor_corner(void)
{
    Map map;
    map_fill(&map, T_WALL);
    for (int x = 10; x <= 20; ++x) {
        map_set(&map, x, 10, T_FLOOR);
    }
    for (int y = 10; y <= 20; ++y) {
        map_set(&map, 20, y, T_FLOOR);
    }
    Point end_a = {10, 10}, corner = {20, 10}, end_b = {20, 20};
    CHECK(seen_from(&map, end_a, BIG_RADIUS, corner));
    CHECK(seen_from(&map, end_a, BIG_RADIUS, (Point){21, 10}));   /* the wall past it */
    for (int y = 12; y <= 20; ++y) {
        CHECK(!seen_from(&map, end_a, BIG_RADIUS, (Point){20, y}));
        CHECK(!seen_from(&map, (Point){20, y}, BIG_RADIUS, end_a));
    }
    for (int i = 0; i <= 10; ++i) {
        CHECK(seen_from(&map, corner, BIG_RADIUS, (Point){10 + i, 10}));
        CHECK(seen_from(&map, corner, BIG_RADIUS, (Point){20, 10 + i}));
    }
    CHECK(!seen_from(&map, end_a, BIG_RADIUS, end_b));
    uint8_t seen[MAP_CELLS] = {0};
    fov_compute_into(&map, end_a, BIG_RADIUS, seen);
    int beyond_walls = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        beyond_walls += seen[i] && (p.y < 9 || p.y > 11 || p.x < 9 || p.x > 21);
    }
    CHECK_INT(beyond_walls, 0);
}

/* On open floor the view is exactly the disk, and the radius is kept */
static void test_radius(void)
{
    Map map;
    map_fill(&map, T_FLOOR);
    Point o = {32, 18};
    for (int radius = 0; radius <= 12; ++radius) {
        uint8_t seen[MAP_CELLS] = {0};
        fov_compute_into(&map, o, radius, seen);
        int wrong = 0;
        for (int i = 0; i < MAP_CELLS; ++i) {
            Point p = cell_point(i);
            wrong += seen[i] != fov_in_radius(p.x - o.x, p.y - o.y, radius);
        }
        CHECK_INT(wrong, 0);
    }
    CHECK(fov_in_radius(8, 2, 8));
    CHECK(!fov_in_radius(8, 3, 8));
    CHECK(fov_in_radius(0, 8, 8));
    CHECK(!fov_in_radius(0, 9, 8));
}

/* The origin sees itself, even walled in or on the map's edge */
static void test_origin(void)
{
    Map map;
    map_fill(&map, T_WALL);
    const Point corners[] = {{0, 0}, {MAP_W - 1, 0}, {0, MAP_H - 1}, {MAP_W - 1, MAP_H - 1}, {5, 5}};
    for (int i = 0; i < 5; ++i) {
        fov_compute(&map, corners[i], SIGHT_RADIUS);
        CHECK(map_visible(&map, corners[i].x, corners[i].y));
        CHECK(map_explored(&map, corners[i].x, corners[i].y));
        check_compute(&map, corners[i], SIGHT_RADIUS);
    }
    map_fill(&map, T_FLOOR);
    for (int i = 0; i < 4; ++i) {
        check_compute(&map, corners[i], SIGHT_RADIUS);
        check_compute(&map, corners[i], BIG_RADIUS);
    }
    fov_compute(&map, (Point){-1, 3}, SIGHT_RADIUS);   /* off the map: sees nothing */
    int visible = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        visible += map.visible[i];
    }
    CHECK_INT(visible, 0);
}

/* ---- random maps ----------------------------------------------------- */

static Point random_origin(const Map *map, Rng *rng)
{
    for (int tries = 0; tries < 1000; ++tries) {
        Point p = {rng_roll(rng, 0, MAP_W - 1), rng_roll(rng, 0, MAP_H - 1)};
        if (!map_blocks_sight(map, p.x, p.y)) {
            return p;
        }
    }
    return (Point){rng_roll(rng, 0, MAP_W - 1), rng_roll(rng, 0, MAP_H - 1)};
}

static void test_random_views(int maps, int views_per_map)
{
    Rng rng;
    rng_seed(&rng, 0xF0Fu);
    static const int radii[] = {SIGHT_RADIUS, SIGHT_RADIUS, 1, 3, 5, 12, BIG_RADIUS};
    for (int m = 0; m < maps; ++m) {
        Map map;
        random_map(&map, &rng, m);
        for (int v = 0; v < views_per_map; ++v) {
            Point o = random_origin(&map, &rng);
            int radius = radii[rng_roll(&rng, 0, 6)];
            check_view(&map, o, radius, radius <= 12);
        }
        check_compute(&map, random_origin(&map, &rng), SIGHT_RADIUS);
    }
}

static void test_random_symmetry(int maps, int big_maps)
{
    Rng rng;
    rng_seed(&rng, 0x5133u);
    uint8_t *views = malloc((size_t)MAP_CELLS * MAP_CELLS);
    if (!views) {
        CHECK(!"out of memory");
        return;
    }
    for (int m = 0; m < maps + big_maps; ++m) {
        Map map;
        random_map(&map, &rng, m);
        check_symmetry(&map, m < maps ? SIGHT_RADIUS : BIG_RADIUS, views);
    }
    free(views);
}

/* A wider sight cut down to a disk is exactly the narrower sight: cells
 * past a disk's edge shade only cells past it too. The run counts on this
 * to see for the player and the keenest monster with one sweep */
static void test_wider_cut_down(int maps)
{
    Rng rng;
    rng_seed(&rng, 0xC07u);
    static const int wider[] = {SIGHT_RADIUS + 1, SIGHT_RADIUS + 4, BIG_RADIUS};
    for (int m = 0; m < maps; ++m) {
        Map map;
        random_map(&map, &rng, m);
        Point o = random_origin(&map, &rng);
        unsigned char narrow[MAP_CELLS] = {0}, wide[MAP_CELLS] = {0};
        fov_compute_into(&map, o, SIGHT_RADIUS, narrow);
        fov_compute_into(&map, o, wider[m % 3], wide);
        int differ = 0;
        for (int i = 0; i < MAP_CELLS; ++i) {
            Point p = cell_point(i);
            bool cut = wide[i] && fov_in_radius(p.x - o.x, p.y - o.y, SIGHT_RADIUS);
            differ += cut != (narrow[i] != 0);
        }
        CHECK_INT(differ, 0);
    }
}

/* The shot's line and sight agree exactly: a cell in sight's radius is
 * seen if and only if the line to it is open all the way there; and the
 * line ends at the first cell that blocks, or at the map's edge */
static int line_disagreements(const Map *map, Point o, int radius, const unsigned char *seen)
{
    int differ = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point t = cell_point(i);
        if (point_eq(t, o) || !fov_in_radius(t.x - o.x, t.y - o.y, radius)) continue;
        Point cells[MAP_W + MAP_H];
        int n = line_cells(map, o, t, MAP_W + MAP_H, cells);
        bool reached = false;
        for (int k = 0; k < n; ++k) {
            reached = reached || point_eq(cells[k], t);
            bool last = k == n - 1, blocks = map_blocks_sight(map, cells[k].x, cells[k].y);
            if (blocks && !last) ++differ;   /* flew on through a wall */
            if (k > 0 && (abs(cells[k].x - cells[k - 1].x) > 1 || abs(cells[k].y - cells[k - 1].y) > 1)) ++differ;
        }
        /* seen open cells: reached; a blocking cell seen is reached too,
         * since a wall is seen when any of it is lit, but not conversely */
        if (!map_blocks_sight(map, t.x, t.y) && reached != (seen[i] != 0)) ++differ;
        if (map_blocks_sight(map, t.x, t.y) && reached && !seen[i]) ++differ;
    }
    return differ;
}

static void test_line_agrees_with_sight(int maps, int views_per_map)
{
    Rng rng;
    rng_seed(&rng, 0x11E5u);
    static const int radii[] = {SIGHT_RADIUS, 8, 3, 12};
    int differ = 0, views = 0;
    for (int m = 0; m < maps; ++m) {
        Map map;
        random_map(&map, &rng, m);
        for (int v = 0; v < views_per_map; ++v) {
            Point o = random_origin(&map, &rng);
            int radius = radii[rng_roll(&rng, 0, 3)];
            unsigned char seen[MAP_CELLS] = {0};
            fov_compute_into(&map, o, radius, seen);
            differ += line_disagreements(&map, o, radius, seen);
            ++views;
        }
    }
    CHECK_INT(differ, 0);
    CHECK(views == maps * views_per_map);
}

/* Hand cases: straight, diagonal, past the target, stopped by a wall */
static void test_line_cases(void)
{
    Map map;
    map_fill(&map, T_FLOOR);
    Point cells[16];
    CHECK_INT(line_cells(&map, (Point){5, 5}, (Point){5, 5}, 16, cells), 0);
    CHECK_INT(line_cells(&map, (Point){5, 5}, (Point){8, 5}, 5, cells), 5);
    CHECK(point_eq(cells[0], (Point){6, 5}) && point_eq(cells[4], (Point){10, 5}));
    CHECK_INT(line_cells(&map, (Point){5, 5}, (Point){7, 7}, 3, cells), 3);
    CHECK(point_eq(cells[2], (Point){8, 8}));
    map_set(&map, 9, 5, T_WALL);
    CHECK_INT(line_cells(&map, (Point){5, 5}, (Point){12, 5}, 16, cells), 4);
    CHECK(point_eq(cells[3], (Point){9, 5}));
    /* off the map's edge it stops */
    CHECK_INT(line_cells(&map, (Point){1, 1}, (Point){0, 0}, 16, cells), 1);
    /* a knight's move: (2, 1) passes (1, 0) or (1, 1) at half way; with
     * (1, 1) a wall the line takes (1, 0) */
    map_fill(&map, T_FLOOR);
    map_set(&map, 11, 11, T_WALL);
    CHECK_INT(line_cells(&map, (Point){10, 10}, (Point){12, 11}, 2, cells), 2);
    CHECK(point_eq(cells[0], (Point){11, 10}));
    CHECK(point_eq(cells[1], (Point){12, 11}));
}

int main(void)
{
    bool slow = check_sanitized();
    test_line_cases();
    test_line_agrees_with_sight(slow ? 100 : 1000, slow ? 5 : 10);
    test_wider_cut_down(slow ? 500 : 4000);
    test_sealed_room();
    test_doors();
    test_pillar();
    test_corridor_corner();
    test_radius();
    test_origin();
    test_random_views(slow ? 400 : 4000, slow ? 20 : 40);
    test_random_symmetry(slow ? 200 : 2000, slow ? 20 : 100);
    return check_done("test_fov");
}
