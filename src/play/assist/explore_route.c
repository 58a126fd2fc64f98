/* A route kept (explore.h's explore_step_along): every cell's steps to
 * a target, made again only when what the player knows of the floor
 * changed, so travel's next step costs a look, not a search */
#include "explore.h"

#include <string.h>

#include "dmap.h"   /* DMAP_UNREACHED */
#include "explore_sight.h"

/* A cell's step cost on the way (0: none) */
static int way_cost(const Sight *sight, int cell)
{
    uint8_t way = sight->way[sight->terrain[cell]];
    return way == NO_WAY ? 0 : way == DOOR ? DOOR_COST : 1;
}

/* Every cell's steps to the target, the cost of a step being the cell
 * stepped onto's: spread from the target, a cell's steps are those of the
 * cell it was reached from plus that cell's cost. Dial's buckets (costs
 * up to DOOR_COST); a cell bettered later is queued again (a cell is
 * bettered once at most: only a door's cost is above 1) and its old place
 * skipped */
typedef struct RouteQueue {
    int16_t bucket[3][2 * PAD_CELLS];
    int count[3];
} RouteQueue;

static void route_spread(ExploreRoute *route, const Sight *sight, int target)
{
    RouteQueue q;   /* about 30 KB, on the stack */
    int32_t *steps = route->steps;
    for (int i = 0; i < PAD_CELLS; ++i) steps[i] = DMAP_UNREACHED;
    q.count[0] = q.count[1] = q.count[2] = 0;
    steps[target] = 0;
    q.bucket[0][q.count[0]++] = (int16_t)target;
    for (int dist = 0, waiting = 1; waiting > 0; ++dist) {
        int b = dist % 3;
        for (int k = 0; k < q.count[b]; ++k) {
            int c = q.bucket[b][k];
            --waiting;
            if (steps[c] != dist) continue;
            int nd = dist + way_cost(sight, c);
            for (int d = 0; d < 8; ++d) {
                int n = c + PAD_STEP[d];
                if (way_cost(sight, n) == 0 || nd >= steps[n]) continue;
                steps[n] = nd;
                if (q.count[nd % 3] < 2 * PAD_CELLS) {
                    q.bucket[nd % 3][q.count[nd % 3]++] = (int16_t)n;
                    ++waiting;
                }
            }
        }
        q.count[b] = 0;
    }
}

int explore_step_along(const Run *run, Point target, bool over_traps, ExploreRoute *route)
{
    if (!in_bounds(target.x, target.y)) return -1;
    Sight sight;
    explore_look(run, &sight, over_traps, cell_index(target.x, target.y));
    int goal = padded(target), me = padded(run_player(run)->pos);
    if (goal == me || way_cost(&sight, goal) == 0) return -1;
    ExploreRoute fresh;
    fresh.made = false;
    ExploreRoute *r = route != NULL ? route : &fresh;
    bool kept = r->made && point_eq(r->target, target) && r->over_traps == over_traps &&
                memcmp(r->known, sight.terrain, sizeof r->known) == 0;
    if (!kept) {
        r->made = true;
        r->target = target;
        r->over_traps = over_traps;
        memcpy(r->known, sight.terrain, sizeof r->known);
        route_spread(r, &sight, goal);
    }
    int best = -1;
    int64_t least = DMAP_UNREACHED;
    for (int d = 0; d < 8; ++d) {
        int n = me + PAD_STEP[d];
        int cost = way_cost(&sight, n);
        if (cost == 0 || r->steps[n] == DMAP_UNREACHED) continue;
        int64_t total = (int64_t)r->steps[n] + cost;
        if (total < least) {
            least = total;
            best = d;
        }
    }
    return best;
}
