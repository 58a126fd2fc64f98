#include "cave.h"

#include <string.h>

#include "tune.h"

/* Rock on CAVE_FILL_PERCENT of the inside, each cell from one byte of the
 * dice (eight cells a roll) */
static void random_fill(Map *map, Rng *rng)
{
    map_fill(map, T_WALL);
    const unsigned threshold = CAVE_FILL_PERCENT * 256u / 100u;
    uint64_t bits = 0;
    int bytes_left = 0;
    for (int y = 1; y < MAP_H - 1; ++y) {
        for (int x = 1; x < MAP_W - 1; ++x) {
            if (bytes_left == 0) {
                bits = rng_next(rng);
                bytes_left = 8;
            }
            unsigned byte = (unsigned)(bits & 0xff);
            bits >>= 8;
            --bytes_left;
            if (byte >= threshold) map->terrain[cell_index(x, y)] = T_CAVE_FLOOR;
        }
    }
}

/* The rule, steps times: a cell becomes rock with CAVE_ROCK_AT or more
 * rock neighbours, and stays rock with one fewer; the rest is earth. The
 * map's edge stays rock. Worked on a byte grid with a rock frame round
 * it, a row's column sums at a time, so each cell costs a few additions
 * rather than eight bounds-checked look-ups */
static void automaton_steps(Map *map, int steps)
{
    enum { W = MAP_W + 2, H = MAP_H + 2 };
    uint8_t grids[2][H][W];
    memset(grids, 1, sizeof grids);
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) grids[0][y + 1][x + 1] = map->terrain[cell_index(x, y)] == T_WALL;
    }
    for (int step = 0; step < steps; ++step) {
        uint8_t (*from)[W] = grids[step % 2], (*to)[W] = grids[(step + 1) % 2];
        for (int y = 2; y < H - 2; ++y) {
            uint8_t column[W];
            for (int x = 0; x < W; ++x) column[x] = (uint8_t)(from[y - 1][x] + from[y][x] + from[y + 1][x]);
            for (int x = 2; x < W - 2; ++x) {
                int was = from[y][x];
                int around = column[x - 1] + column[x] + column[x + 1] - was;
                to[y][x] = (uint8_t)(around >= CAVE_ROCK_AT - was);
            }
        }
    }
    uint8_t (*last)[W] = grids[steps % 2];
    for (int y = 1; y < MAP_H - 1; ++y) {
        for (int x = 1; x < MAP_W - 1; ++x) {
            map->terrain[cell_index(x, y)] = (uint8_t)(last[y + 1][x + 1] ? T_WALL : T_CAVE_FLOOR);
        }
    }
}

/* The flood fill works on a copy with a frame of rock round it, so a
 * neighbour is an index away and never off the map */
enum { FRAME_W = MAP_W + 2, FRAME_H = MAP_H + 2, FRAMED = FRAME_W * FRAME_H };

static const int NEIGHBOURS[8] = {
    -FRAME_W, -FRAME_W + 1, 1, FRAME_W + 1, FRAME_W, FRAME_W - 1, -1, -FRAME_W - 1,
};

static int framed(int x, int y) { return (y + 1) * FRAME_W + x + 1; }

/* Marks every open cell joined to start (eight directions) with label;
 * returns how many */
static int flood(const uint8_t open[FRAMED], int start, int16_t label, int16_t labels[FRAMED])
{
    int stack[MAP_CELLS];
    int top = 0, size = 0;
    labels[start] = label;
    stack[top++] = start;
    while (top > 0) {
        int cell = stack[--top];
        ++size;
        for (int i = 0; i < 8; ++i) {
            int next = cell + NEIGHBOURS[i];
            if (open[next] && labels[next] == 0) {
                labels[next] = label;
                stack[top++] = next;
            }
        }
    }
    return size;
}

int cave_keep_biggest(Map *map)
{
    uint8_t open[FRAMED] = {0};
    int16_t labels[FRAMED] = {0};
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) open[framed(x, y)] = map_passable(map, x, y);
    }
    int best_size = 0;
    int16_t best_label = 0, label = 0;
    for (int i = 0; i < FRAMED; ++i) {
        if (!open[i] || labels[i] != 0) continue;
        int size = flood(open, i, ++label, labels);
        if (size > best_size) {
            best_size = size;
            best_label = label;
        }
    }
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            int16_t cell = labels[framed(x, y)];
            if (cell != 0 && cell != best_label) map->terrain[cell_index(x, y)] = T_WALL;
        }
    }
    return best_size;
}

int cave_areas(const Map *map, Rect areas[CAVE_AREAS_MAX])
{
    int count = 0;
    for (int gy = 0; gy < MAP_H; gy += CAVE_AREA_H) {
        for (int gx = 0; gx < MAP_W; gx += CAVE_AREA_W) {
            int x0 = MAP_W, y0 = MAP_H, x1 = -1, y1 = -1;
            for (int y = gy; y < gy + CAVE_AREA_H && y < MAP_H; ++y) {
                for (int x = gx; x < gx + CAVE_AREA_W && x < MAP_W; ++x) {
                    Terrain t = (Terrain)map->terrain[cell_index(x, y)];
                    bool ground = t == T_FLOOR || t == T_CAVE_FLOOR || t == T_STAIRS || t == T_OPEN_DOOR;
                    if (!ground) continue;
                    x0 = x < x0 ? x : x0;
                    y0 = y < y0 ? y : y0;
                    x1 = x > x1 ? x : x1;
                    y1 = y > y1 ? y : y1;
                }
            }
            if (x1 >= 0 && count < CAVE_AREAS_MAX) {
                areas[count++] = (Rect){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
            }
        }
    }
    return count;
}

bool cave_start_in(const Map *map, Rect area, const Rect *avoid, Point *out)
{
    /* Twice the middle, so an even width's middle lies between cells */
    int mx2 = 2 * area.x + area.w - 1, my2 = 2 * area.y + area.h - 1;
    int best = -1;
    for (int y = area.y; y < area.y + area.h; ++y) {
        for (int x = area.x; x < area.x + area.w; ++x) {
            if (!map_walkable(map, x, y)) continue;
            if (avoid != NULL && rect_contains(*avoid, (Point){x, y})) continue;
            int dx = 2 * x - mx2, dy = 2 * y - my2;
            int distance = dx * dx + dy * dy;
            if (best < 0 || distance < best) {
                best = distance;
                *out = (Point){x, y};
            }
        }
    }
    return best >= 0;
}

void cave_growth_start(CaveGrowth *growth, Rng *rng)
{
    random_fill(&growth->map, rng);
    growth->step = 0;
}

bool cave_growth_step(CaveGrowth *growth)
{
    if (growth->step > CAVE_STEPS) {
        return false;
    }
    if (growth->step < CAVE_STEPS) {
        automaton_steps(&growth->map, 1);
    } else {
        cave_keep_biggest(&growth->map);
    }
    ++growth->step;
    return true;
}

int cave_generate(Map *map, Rng *rng, Rect areas[CAVE_AREAS_MAX])
{
    for (;;) {
        random_fill(map, rng);
        automaton_steps(map, CAVE_STEPS);
        int cells = cave_keep_biggest(map);
        int count = cave_areas(map, areas);
        if (cells >= MIN_CAVE_CELLS && count >= 2) {
            /* The player may start in any area, not always the top left */
            int start = rng_roll(rng, 0, count - 1);
            Rect swap = areas[0];
            areas[0] = areas[start];
            areas[start] = swap;
            return count;
        }
    }
}
