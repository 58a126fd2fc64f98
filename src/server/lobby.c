/* The lobby of live games, as the API lists it, and its events between
 * processes: see lobby.h */
#include "lobby.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "level.h"

/* A notice's size at most: a batch is sent before it would pass this */
enum { LOBBY_NOTICE_ROOM = 6000 };

bool lobby_start(Lobby *lobby, Db db, const char *name, bool shared, char *error, size_t error_size)
{
    memset(lobby, 0, sizeof *lobby);
    snprintf(lobby->name, sizeof lobby->name, "%s", name != NULL ? name : "");
    lobby->shared = shared;
    if (!shared) return true;
    return db.ops->listen(db.self, DB_CHANNEL_LOBBY, error, error_size) &&
           db.ops->notify(db.self, DB_CHANNEL_LOBBY, "{\"hello\":true}", error, error_size);
}

void lobby_free(Lobby *lobby)
{
    free(lobby->others);
    memset(lobby, 0, sizeof *lobby);
}

/* ---- Telling ------------------------------------------------------------------------ */

/* A game the lobby lists: committed, its player in it, its run made */
static bool listed(const Live *live)
{
    return live->run_id > 0 && !live->left && live->game.run != NULL;
}

static json_t *game_said(const Live *live, const char *kind)
{
    const Run *run = live->game.run;
    return json_pack("{s:s,s:I,s:s,s:s?,s:i,s:i,s:s,s:s}", "e", kind, "g", (json_int_t)live->run_id, "p",
                     live->player_name, "c", run_class_id(run), "f", run_level(run)->depth, "t", run_turn(run), "m",
                     live_mode_name(live->mode), "d", live->day);
}

static json_t *notice_new(const Lobby *lobby, const Lives *lives)
{
    return json_pack("{s:s,s:s,s:[]}", "s", lobby->name, "o", lives->leases.owner, "e");
}

/* The notice sent if it says anything; a fresh one in its place */
static void send_notice(Lobby *lobby, Lives *lives, json_t **notice)
{
    json_t *events = json_object_get(*notice, "e");
    if (json_array_size(events) > 0) {
        lobby->sent = true;
        char *text = json_dumps(*notice, JSON_COMPACT);
        char error[DB_ERROR_SIZE];
        if (text != NULL) lives->db.ops->notify(lives->db.self, DB_CHANNEL_LOBBY, text, error, sizeof error);
        free(text);
    }
    json_decref(*notice);
    *notice = notice_new(lobby, lives);
}

/* One event into the notice, sent first if it would be too long */
static void add_event(Lobby *lobby, Lives *lives, json_t **notice, json_t *event, size_t *room)
{
    char *text = json_dumps(event, JSON_COMPACT);
    size_t length = text != NULL ? strlen(text) + 1 : 0;
    free(text);
    if (*room + length > LOBBY_NOTICE_ROOM) {
        send_notice(lobby, lives, notice);
        *room = 0;
    }
    *room += length;
    json_array_append_new(json_object_get(*notice, "e"), event);
}

void lobby_tell(Lobby *lobby, Lives *lives, uint64_t now)
{
    if (!lobby->shared) return;
    if (lobby_due(lobby, lives, now) > 0) {
        lobby->pending = true;   /* what this turn changed is told when due */
        return;
    }
    lobby->pending = false;
    lobby->sent = false;
    json_t *notice = notice_new(lobby, lives);
    size_t room = 0;
    for (int i = 0; i < lives->gone_count; ++i) {
        add_event(lobby, lives, &notice, json_pack("{s:s,s:I}", "e", "ended", "g", (json_int_t)lives->gone[i]),
                  &room);
    }
    lives->gone_count = 0;
    for (int i = 0; i < lives->count; ++i) {
        Live *live = lives->all[i];
        bool shown = listed(live);
        if (live->told_run > 0 && (!shown || live->told_run != live->run_id)) {
            add_event(lobby, lives, &notice, json_pack("{s:s,s:I}", "e", "ended", "g", (json_int_t)live->told_run),
                      &room);
            live->told_run = 0;
        }
        if (!shown) continue;
        int floor = run_level(live->game.run)->depth;
        if (live->told_run == live->run_id && live->told_floor == floor) continue;
        add_event(lobby, lives, &notice, game_said(live, live->told_run == live->run_id ? "floor" : "started"), &room);
        live->told_run = live->run_id;
        live->told_floor = floor;
    }
    send_notice(lobby, lives, &notice);
    json_decref(notice);
    if (lobby->sent) lobby->told_ms = now;
}

int lobby_due(const Lobby *lobby, const Lives *lives, uint64_t now)
{
    uint64_t since = now - lobby->told_ms, every = lives->flying ? LOBBY_FORCE_MS : LOBBY_TELL_MS;
    return since >= every ? 0 : (int)(every - since);
}

int lobby_timeout(const Lobby *lobby, const Lives *lives, uint64_t now)
{
    return lobby->shared && lobby->pending ? lobby_due(lobby, lives, now) : -1;
}

void lobby_farewell(Lobby *lobby, Lives *lives)
{
    if (!lobby->shared) return;
    json_t *notice = notice_new(lobby, lives);
    size_t room = 0;
    for (int i = 0; i < lives->count; ++i) {
        Live *live = lives->all[i];
        if (live->told_run <= 0) continue;
        add_event(lobby, lives, &notice, json_pack("{s:s,s:I}", "e", "ended", "g", (json_int_t)live->told_run), &room);
        live->told_run = 0;
    }
    send_notice(lobby, lives, &notice);
    json_decref(notice);
}

/* ---- Hearing ------------------------------------------------------------------------ */

static int other_of(const Lobby *lobby, int64_t game)
{
    for (int i = 0; i < lobby->other_count; ++i) {
        if (lobby->others[i].game == game) return i;
    }
    return -1;
}

static void forget(Lobby *lobby, int64_t game)
{
    int at = other_of(lobby, game);
    if (at >= 0) lobby->others[at] = lobby->others[--lobby->other_count];
}

static void keep(Lobby *lobby, json_t *event, const char *server, const char *owner)
{
    int64_t game = (int64_t)json_integer_value(json_object_get(event, "g"));
    int at = other_of(lobby, game);
    if (at < 0) {
        if (lobby->other_count == lobby->other_capacity) {
            int more = lobby->other_capacity ? lobby->other_capacity * 2 : 16;
            LobbyGame *bigger = realloc(lobby->others, (size_t)more * sizeof *bigger);
            if (bigger == NULL) return;
            lobby->others = bigger;
            lobby->other_capacity = more;
        }
        at = lobby->other_count++;
    }
    LobbyGame *g = &lobby->others[at];
    const char *player = json_string_value(json_object_get(event, "p"));
    const char *class_id = json_string_value(json_object_get(event, "c"));
    const char *mode = json_string_value(json_object_get(event, "m"));
    const char *day = json_string_value(json_object_get(event, "d"));
    g->game = game;
    snprintf(g->server, sizeof g->server, "%s", server);
    snprintf(g->owner, sizeof g->owner, "%s", owner);
    snprintf(g->player, sizeof g->player, "%s", player != NULL ? player : "");
    snprintf(g->class_id, sizeof g->class_id, "%s", class_id != NULL ? class_id : "");
    snprintf(g->mode, sizeof g->mode, "%s", mode != NULL ? mode : "ladder");
    snprintf(g->day, sizeof g->day, "%s", day != NULL ? day : "");
    g->floor = (int)json_integer_value(json_object_get(event, "f"));
    g->turns = (int)json_integer_value(json_object_get(event, "t"));
}

void lobby_heard(Lobby *lobby, Lives *lives, const char *payload)
{
    json_t *notice = json_loads(payload, JSON_REJECT_DUPLICATES, NULL);
    const char *owner = json_string_value(json_object_get(notice, "o"));
    const char *server = json_string_value(json_object_get(notice, "s"));
    if (json_is_true(json_object_get(notice, "hello"))) {
        /* a process started: it hears all of this one's games again */
        for (int i = 0; i < lives->count; ++i) lives->all[i]->told_run = 0;
        lobby->told_ms = 0;
    }
    if (owner == NULL || server == NULL || strcmp(owner, lives->leases.owner) == 0) {
        json_decref(notice);
        return;
    }
    json_t *events = json_object_get(notice, "e"), *event;
    size_t i;
    json_array_foreach(events, i, event)
    {
        const char *kind = json_string_value(json_object_get(event, "e"));
        if (kind == NULL) continue;
        int64_t game = (int64_t)json_integer_value(json_object_get(event, "g"));
        int at = other_of(lobby, game);
        /* an end said by a process that no longer has the game (another
         * took it over) is not the game's end */
        if (strcmp(kind, "ended") == 0 && at >= 0 && strcmp(lobby->others[at].owner, owner) == 0) forget(lobby, game);
        else if (strcmp(kind, "started") == 0 || strcmp(kind, "floor") == 0) keep(lobby, event, server, owner);
    }
    ++lobby->changes;
    json_decref(notice);
}

/* ---- Listing ------------------------------------------------------------------------ */

static bool own_game(const Lives *lives, int64_t game)
{
    for (int i = 0; i < lives->count; ++i) {
        if (lives->all[i]->run_id == game && listed(lives->all[i])) return true;
    }
    return false;
}

static void list_others(const Lobby *lobby, const Lives *lives, json_t *array,
                        bool (*finished_daily)(void *context, const char *day), void *context)
{
    for (int i = 0; i < lobby->other_count; ++i) {
        const LobbyGame *g = &lobby->others[i];
        if (own_game(lives, g->game)) continue;   /* taken over here: the notice of it is on its way */
        if (strcmp(g->mode, "daily") == 0 && !finished_daily(context, g->day)) continue;
        json_t *row = json_pack("{s:I,s:s,s:s,s:i,s:i,s:s,s:i,s:I}", "game", (json_int_t)g->game, "player", g->player,
                                "class", g->class_id, "floor", g->floor, "turns", g->turns, "mode", g->mode,
                                "watchers", 0, "idle_s", (json_int_t)0);
        if (g->server[0] != '\0') json_object_set_new(row, "server", json_string(g->server));
        json_array_append_new(array, row);
    }
}

void lobby_list(const Lobby *lobby, const Lives *lives, json_t *array, uint64_t now,
                bool (*finished_daily)(void *context, const char *day), void *context)
{
    for (int i = 0; i < lives->count; ++i) {
        const Live *live = lives->all[i];
        const Run *run = live->game.run;
        if (!listed(live)) continue;
        if (live->mode == LIVE_DAILY && !finished_daily(context, live->day)) continue;
        int watchers = 0;
        for (int v = 0; v < live->viewer_count; ++v) watchers += !live->viewers[v]->player;
        const char *class_id = run_class_id(run);
        json_t *row = json_pack("{s:I,s:s,s:s?,s:i,s:i,s:s,s:i,s:I}", "game", (json_int_t)live->run_id, "player",
                                live->player_name, "class", class_id, "floor", run_level(run)->depth, "turns",
                                run_turn(run), "mode", live_mode_name(live->mode), "watchers", watchers, "idle_s",
                                (json_int_t)(now > live->input_ms ? (now - live->input_ms) / 1000 : 0));
        if (lobby->name[0] != '\0') json_object_set_new(row, "server", json_string(lobby->name));
        json_array_append_new(array, row);
    }
    list_others(lobby, lives, array, finished_daily, context);
}

const char *lobby_server_of(const Lobby *lobby, const Lives *lives, const char *player)
{
    for (int i = 0; i < lives->count; ++i) {
        const Live *live = lives->all[i];
        if (listed(live) && strcmp(live->player_name, player) == 0) return lobby->name[0] != '\0' ? lobby->name : NULL;
    }
    for (int i = 0; i < lobby->other_count; ++i) {
        const LobbyGame *g = &lobby->others[i];
        if (!own_game(lives, g->game) && strcmp(g->player, player) == 0 && g->server[0] != '\0') return g->server;
    }
    return NULL;
}
