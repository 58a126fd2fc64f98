/* The small pieces every part of the rules shares: a line for the log (of
 * a monster too), why a command is refused, a monster's kind, the
 * player's defense, whether a kind of item is known.
 * They call nothing else of the rules, so any module may call them. */
#include "run_internal.h"

#include <stdarg.h>
#include <stdio.h>

#include "tune.h"

void rules_say(Run *run, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    msg_addv(&run->log, format, args);
    va_end(args);
}

bool rules_refuse(char *why, size_t size, const char *format, ...)
{
    if (why == NULL || size == 0) return false;
    va_list args;
    va_start(args, format);
    vsnprintf(why, size, format, args);
    va_end(args);
    return false;
}

const MonsterDef *rules_kind_of(const Run *run, const Monster *monster)
{
    return &run->data->monsters[monster->kind];
}

bool rules_notice(Run *run, Monster *monster)
{
    bool seen = map_visible(&run->level.map, monster->pos.x, monster->pos.y);
    bool arrived = seen && !monster->in_view;
    monster->in_view = seen;   /* first: the line below is about it */
    if (arrived) {
        char name[NAME_SIZE + 8];
        run_with_article(rules_kind_of(run, monster)->name, name, sizeof name);
        rules_say_about(run, monster, "%s comes into view.", name);
        run->events.alarm = true;
    }
    return arrived;
}

/* A monster out of sight is "something" to the player, or not told of:
 * its lines are about nothing they can tell apart */
void rules_say_about(Run *run, Monster *monster, const char *format, ...)
{
    bool seen = map_visible(&run->level.map, monster->pos.x, monster->pos.y);
    if (seen && !monster->in_view) rules_notice(run, monster);
    va_list args;
    va_start(args, format);
    msg_add_about(&run->log, seen ? monster->id : 0, format, args);
    va_end(args);
}

void rules_announce(Run *run, Monster *monster, const char *what)
{
    if (map_visible(&run->level.map, monster->pos.x, monster->pos.y)) {
        rules_say_about(run, monster, "The %s %s", rules_kind_of(run, monster)->name, what);
    }
}

int rules_player_defense(const Run *run)
{
    return run->player.armor >= 0 ? run->data->items[run->player.armor].defense : 0;
}

bool rules_kind_known(const Run *run, int kind)
{
    ItemClass item_class = run->data->items[kind].item_class;
    return (item_class != IC_POTION && item_class != IC_SCROLL) || ident_known(&run->ident, kind);
}

/* The keenest monster's sight: how far the player's sight is swept */
int rules_keenest_sight(const GameData *data)
{
    int sight = SIGHT_RADIUS;
    for (int i = 0; i < data->monster_count; ++i) {
        if (data->monsters[i].sight > sight) sight = data->monsters[i].sight;
    }
    return sight;
}
