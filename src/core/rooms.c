#include "rooms.h"

#include "tune.h"

/* The shape of the cutting. A piece is cut in two while it's deep enough
 * in the tree and big enough for two rooms; each cut lands somewhere in
 * the middle part of the piece. Tuned so that a room of 13 x 9 or more
 * turns up on about one floor in three, and one of 17 x 11 on fewer than
 * one in twenty (tests/test_rooms.c measures it over 10,000 floors). */
enum {
    MAX_CUTS = 4,       /* up to 16 rooms */
    PADDING = 1,        /* rock between a room and its piece's edge */
    MIN_ROOM_W = 4,
    MIN_ROOM_H = 3,
    MIN_PIECE_W = MIN_ROOM_W + 2 * PADDING + 1,
    MIN_PIECE_H = MIN_ROOM_H + 2 * PADDING + 1,
    CUT_MIN_PERCENT = 35,
    CUT_MAX_PERCENT = 65,
    /* A piece one cut from the bottom is sometimes left whole, which is
     * where the big rooms come from */
    WHOLE_PERCENT = 18,
};

typedef struct Builder {
    Map *map;
    Rng *rng;
    Rect *rooms;
    int count;
} Builder;

static void carve(Map *map, int x, int y)
{
    if (map_at(map, x, y) == T_WALL && x > 0 && y > 0 && x < MAP_W - 1 && y < MAP_H - 1) {
        map_set(map, x, y, T_FLOOR);
    }
}

/* A room in a piece: at least half the room the piece leaves, so most
 * rooms are small to medium and a big piece only sometimes makes a big
 * room */
static Rect room_in(Rng *rng, Rect piece)
{
    int most_w = piece.w - 2 * PADDING;
    int most_h = piece.h - 2 * PADDING;
    int least_w = most_w / 2 > MIN_ROOM_W ? most_w / 2 : MIN_ROOM_W;
    int least_h = most_h / 2 > MIN_ROOM_H ? most_h / 2 : MIN_ROOM_H;
    Rect room;
    room.w = rng_roll(rng, least_w, most_w);
    room.h = rng_roll(rng, least_h, most_h);
    room.x = piece.x + PADDING + rng_roll(rng, 0, most_w - room.w);
    room.y = piece.y + PADDING + rng_roll(rng, 0, most_h - room.h);
    return room;
}

static void carve_room(Map *map, Rect room)
{
    for (int y = room.y; y < room.y + room.h; ++y) {
        for (int x = room.x; x < room.x + room.w; ++x) {
            map_set(map, x, y, T_FLOOR);
        }
    }
}

/* An L from a cell of one room to a cell of the other: across, then up or
 * down. Each run is straight and starts or ends inside a room, so it meets
 * a room's side square on, never at a corner. */
static void join(Builder *b, Rect from, Rect to)
{
    Point a = {from.x + rng_roll(b->rng, 0, from.w - 1), from.y + rng_roll(b->rng, 0, from.h - 1)};
    Point z = {to.x + rng_roll(b->rng, 0, to.w - 1), to.y + rng_roll(b->rng, 0, to.h - 1)};
    int step_x = z.x > a.x ? 1 : -1;
    for (int x = a.x; x != z.x; x += step_x) {
        carve(b->map, x, a.y);
    }
    int step_y = z.y > a.y ? 1 : -1;
    for (int y = a.y; y != z.y + step_y; y += step_y) {
        carve(b->map, z.x, y);
    }
}

static bool can_cut(Rect piece, bool across)
{
    return across ? piece.w >= 2 * MIN_PIECE_W : piece.h >= 2 * MIN_PIECE_H;
}

/* Cuts a piece in two and each half again, carving a room in each last
 * piece; then joins a room of the first half to a room of the second.
 * Rooms are appended in order. */
static void split(Builder *b, Rect piece, int cuts_left)
{
    bool across = piece.w * 3 >= piece.h * 5 ? true
                : piece.h * 3 >= piece.w * 5 ? false
                : rng_roll(b->rng, 0, 1) == 0;
    if (!can_cut(piece, across)) {
        across = !across;
    }
    bool whole = cuts_left == 1 && rng_roll(b->rng, 1, 100) <= WHOLE_PERCENT;
    if (cuts_left == 0 || whole || !can_cut(piece, across) || b->count >= ROOMS_MAX) {
        b->rooms[b->count] = room_in(b->rng, piece);
        carve_room(b->map, b->rooms[b->count]);
        ++b->count;
        return;
    }
    int size = across ? piece.w : piece.h;
    int least = across ? MIN_PIECE_W : MIN_PIECE_H;
    int lo = size * CUT_MIN_PERCENT / 100, hi = size * CUT_MAX_PERCENT / 100;
    lo = lo < least ? least : lo;
    hi = hi > size - least ? size - least : hi;
    int cut = rng_roll(b->rng, lo, hi < lo ? lo : hi);
    Rect first = piece, second = piece;
    if (across) {
        first.w = cut;
        second.x += cut;
        second.w -= cut;
    } else {
        first.h = cut;
        second.y += cut;
        second.h -= cut;
    }
    int first_room = b->count;
    split(b, first, cuts_left - 1);
    int second_room = b->count;
    split(b, second, cuts_left - 1);
    /* Join the two halves through one room of each, chosen at random */
    Rect from = b->rooms[rng_roll(b->rng, first_room, second_room - 1)];
    Rect to = b->rooms[rng_roll(b->rng, second_room, b->count - 1)];
    join(b, from, to);
}

/* A door goes in a doorway: a cell of corridor just outside a room, with
 * wall on both sides of it along the room's edge, and no door straight
 * next to it */
static void try_door(Map *map, Rng *rng, Point cell, Point along)
{
    if (map_at(map, cell.x, cell.y) != T_FLOOR ||
        map_at(map, cell.x - along.x, cell.y - along.y) != T_WALL ||
        map_at(map, cell.x + along.x, cell.y + along.y) != T_WALL) {
        return;
    }
    for (int i = 0; i < 8; i += 2) {
        if (map_is_door(map, cell.x + DIRS[i].x, cell.y + DIRS[i].y)) {
            return;
        }
    }
    bool closed = rng_roll(rng, 1, 100) <= CLOSED_DOOR_PERCENT;
    map_set(map, cell.x, cell.y, closed ? T_CLOSED_DOOR : T_OPEN_DOOR);
}

static void add_doors(Map *map, Rng *rng, const Rect *rooms, int count)
{
    for (int i = 0; i < count; ++i) {
        Rect r = rooms[i];
        for (int x = r.x; x < r.x + r.w; ++x) {
            try_door(map, rng, (Point){x, r.y - 1}, (Point){1, 0});
            try_door(map, rng, (Point){x, r.y + r.h}, (Point){1, 0});
        }
        for (int y = r.y; y < r.y + r.h; ++y) {
            try_door(map, rng, (Point){r.x - 1, y}, (Point){0, 1});
            try_door(map, rng, (Point){r.x + r.w, y}, (Point){0, 1});
        }
    }
}

int rooms_generate(Map *map, Rng *rng, Rect rooms[ROOMS_MAX])
{
    map_fill(map, T_WALL);
    Builder b = {map, rng, rooms, 0};
    split(&b, (Rect){1, 1, MAP_W - 2, MAP_H - 2}, MAX_CUTS);
    add_doors(map, rng, rooms, b.count);
    /* The player may start in any room, not always the first one cut */
    int start = rng_roll(rng, 0, b.count - 1);
    Rect swap = rooms[0];
    rooms[0] = rooms[start];
    rooms[start] = swap;
    return b.count;
}

int rooms_doors_into(const Map *map, Rect room, Point doors[], int max)
{
    int count = 0;
    for (int x = room.x; x < room.x + room.w; ++x) {
        int rows[2] = {room.y - 1, room.y + room.h};
        for (int i = 0; i < 2; ++i) {
            if (map_is_door(map, x, rows[i]) && count < max) {
                doors[count++] = (Point){x, rows[i]};
            }
        }
    }
    for (int y = room.y; y < room.y + room.h; ++y) {
        int columns[2] = {room.x - 1, room.x + room.w};
        for (int i = 0; i < 2; ++i) {
            if (map_is_door(map, columns[i], y) && count < max) {
                doors[count++] = (Point){columns[i], y};
            }
        }
    }
    return count;
}
