/* The API's read-only routes: see boards.h */
#include "boards.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http.h"
#include "lobby.h"
#include "modes.h"

/* ---- Answers kept ------------------------------------------------------------------ */

/* The answer kept for key, if younger than most_ms */
static const SiteCache *cached(const Site *api, const char *key, uint64_t now, uint64_t most_ms)
{
    for (int i = 0; i < SITE_CACHES; ++i) {
        const SiteCache *c = &api->caches[i];
        if (c->key[0] != '\0' && strcmp(c->key, key) == 0 && now - c->at < most_ms) return c;
    }
    return NULL;
}

/* value answered as JSON, and kept under key */
static enum MHD_Result answer_kept(Site *api, struct MHD_Connection *c, const char *key, json_t *value, uint64_t now)
{
    char *text = json_dumps(value, JSON_COMPACT);
    json_decref(value);
    if (text == NULL) return http_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "The server is out of memory.");
    SiteCache *slot = NULL;
    for (int i = 0; i < SITE_CACHES && slot == NULL; ++i) {
        if (strcmp(api->caches[i].key, key) == 0) slot = &api->caches[i];
    }
    if (slot == NULL) {
        slot = &api->caches[api->next_cache];
        api->next_cache = (api->next_cache + 1) % SITE_CACHES;
    }
    free(slot->text);
    snprintf(slot->key, sizeof slot->key, "%s", key);
    slot->text = text;
    slot->length = strlen(text);
    slot->at = now;
    return http_answer(c, MHD_HTTP_OK, "application/json", slot->text, slot->length, NULL, NULL);
}

/* ---- The lobby --------------------------------------------------------------------- */

typedef struct LobbyAsker {
    Site *api;
    int64_t player;             /* 0: not logged in (-1: not looked up yet) */
    struct MHD_Connection *c;
    char day[11];               /* the last day asked, and its answer */
    bool finished;
} LobbyAsker;

static bool asker_finished(void *context, const char *day)
{
    LobbyAsker *a = context;
    if (a->player < 0) a->player = site_session_player(a->api, a->c);
    if (a->player == 0) return false;
    if (strcmp(a->day, day) != 0) {
        bool played;
        snprintf(a->day, sizeof a->day, "%s", day);
        if (!modes_daily_of(a->api->db, a->player, day, &played, &a->finished)) a->finished = false;
    }
    return a->finished;
}

/* Anyone not logged in: no daily's game */
static bool no_daily(void *context, const char *day)
{
    (void)context;
    (void)day;
    return false;
}

static enum MHD_Result lobby(Site *api, struct MHD_Connection *c, uint64_t now)
{
    json_t *games = json_array();
    if (MHD_lookup_connection_value(c, MHD_COOKIE_KIND, ACCOUNT_COOKIE) != NULL) {
        LobbyAsker asker = {api, -1, c, "", false};   /* a player's own, made for them */
        lobby_list(&api->lobby, api->lives, games, now, asker_finished, &asker);
        return http_json(c, MHD_HTTP_OK, games, NULL);
    }
    /* kept while no game came or went (floors, turns and idle times may
     * be SITE_LOBBY_MS old) */
    char key[40];
    snprintf(key, sizeof key, "lobby %llu %llu", (unsigned long long)api->lives->changes,
             (unsigned long long)api->lobby.changes);
    const SiteCache *kept = cached(api, key, now, SITE_LOBBY_MS);
    if (kept != NULL) {
        json_decref(games);
        return http_answer(c, MHD_HTTP_OK, "application/json", kept->text, kept->length, NULL, NULL);
    }
    lobby_list(&api->lobby, api->lives, games, now, no_daily, NULL);
    return answer_kept(api, c, key, games, now);
}

/* ---- Boards ------------------------------------------------------------------------ */

static json_t *int_or_null(const DbValue *v)
{
    return v->type == DB_INT ? json_integer((json_int_t)v->i) : json_null();
}

static json_t *text_or_null(const DbValue *v)
{
    return v->type == DB_TEXT ? json_stringn(v->s, v->n) : json_null();
}

typedef struct BoardRows {
    json_t *array;
    int rank;
} BoardRows;

/* g.id, p.name, class, outcome, floor, amulets, gold, turns, digest, ended */
static bool board_row(void *context, const DbValue *c, int count)
{
    BoardRows *rows = context;
    if (count < 10) return false;
    json_t *row = json_object();
    json_object_set_new(row, "rank", json_integer(++rows->rank));
    json_object_set_new(row, "run", int_or_null(&c[0]));
    json_object_set_new(row, "player", text_or_null(&c[1]));
    json_object_set_new(row, "class", text_or_null(&c[2]));
    json_object_set_new(row, "outcome", text_or_null(&c[3]));
    json_object_set_new(row, "floor", int_or_null(&c[4]));
    json_object_set_new(row, "amulets", int_or_null(&c[5]));
    json_object_set_new(row, "gold", int_or_null(&c[6]));
    json_object_set_new(row, "turns", int_or_null(&c[7]));
    json_object_set_new(row, "digest", text_or_null(&c[8]));
    json_object_set_new(row, "ended", int_or_null(&c[9]));
    json_array_append_new(rows->array, row);
    return true;
}

static enum MHD_Result board(Site *api, struct MHD_Connection *c, const char *mode, const char *day, uint64_t now)
{
    char key[40];
    snprintf(key, sizeof key, "board %s %s", mode, day);
    const SiteCache *kept = cached(api, key, now, SITE_BOARD_MS);
    if (kept != NULL) return http_answer(c, MHD_HTTP_OK, "application/json", kept->text, kept->length, NULL, NULL);
    BoardRows rows = {json_array(), 0};
    char error[DB_ERROR_SIZE];
    DbValue values[] = {db_text(mode), db_text(day), db_int(SITE_BOARD_MOST)};
    if (!db_run(api->db, DB_BOARD, values, 3, board_row, &rows, error, sizeof error)) {
        json_decref(rows.array);
        return http_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The database can't be read now.");
    }
    return answer_kept(api, c, key, rows.array, now);
}

/* ---- A run ------------------------------------------------------------------------- */

typedef struct RunPage {
    json_t *run;
    bool daily_open;            /* a daily of a day not over */
    const char *today;
} RunPage;

/* DB_RUN_PAGE's columns */
static bool run_row(void *context, const DbValue *c, int count)
{
    static const char *const NAMES[] = {"run", "player", "state", "events", "digest", "mode", "day", "class",
                                        "outcome", "floor", "amulets", "gold", "turns", "struck", "started",
                                        "ended", "morgue", "verified"};
    RunPage *page = context;
    if (count < 18) return false;
    page->run = json_object();
    for (int i = 0; i < 18; ++i) {
        json_object_set_new(page->run, NAMES[i], c[i].type == DB_TEXT ? text_or_null(&c[i]) : int_or_null(&c[i]));
    }
    json_object_set_new(page->run, "struck", json_boolean(c[13].type == DB_INT && c[13].i != 0));
    json_object_set_new(page->run, "verified", json_boolean(c[17].type == DB_INT && c[17].i == 1));
    page->daily_open = c[5].type == DB_TEXT && strcmp(c[5].s, "daily") == 0 && c[6].type == DB_TEXT &&
                       strcmp(c[6].s, page->today) >= 0;
    return false;
}

static enum MHD_Result run_page(Site *api, struct MHD_Connection *c, int64_t id, bool *daily_open)
{
    char today[11], error[DB_ERROR_SIZE];
    site_today(today);
    RunPage page = {NULL, false, today};
    DbValue value = db_int(id);
    if (!db_run(api->db, DB_RUN_PAGE, &value, 1, run_row, &page, error, sizeof error)) {
        return http_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The database can't be read now.");
    }
    *daily_open = page.daily_open;
    if (page.run == NULL) return http_error(c, MHD_HTTP_NOT_FOUND, "There's no such run.");
    if (page.daily_open) json_object_set_new(page.run, "morgue", json_null());   /* it tells the floors */
    return http_json(c, MHD_HTTP_OK, page.run, NULL);
}

typedef struct Recording {
    char *text;
    size_t length;
    bool found;
} Recording;

static bool recording_row(void *context, const DbValue *c, int count)
{
    Recording *r = context;
    if (count < 1 || c[0].type != DB_TEXT) return false;
    r->text = malloc(c[0].n + 1);
    if (r->text != NULL) memcpy(r->text, c[0].s, c[0].n), r->length = c[0].n;
    r->found = r->text != NULL;
    return false;
}

/* A daily's run is shown whole only once its day is over */
static bool run_hidden(Site *api, int64_t id, bool *hidden)
{
    char today[11], error[DB_ERROR_SIZE];
    site_today(today);
    RunPage page = {NULL, false, today};
    DbValue value = db_int(id);
    bool ok = db_run(api->db, DB_RUN_PAGE, &value, 1, run_row, &page, error, sizeof error);
    json_decref(page.run);
    *hidden = page.daily_open;
    return ok;
}

static enum MHD_Result recording(Site *api, struct MHD_Connection *c, int64_t id)
{
    bool hidden;
    char error[DB_ERROR_SIZE], disposition[96];
    if (!run_hidden(api, id, &hidden)) return http_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The database can't be read now.");
    if (hidden) return http_error(c, MHD_HTTP_NOT_FOUND, "A daily's recordings are published when its day is over.");
    Recording r = {NULL, 0, false};
    DbValue value = db_int(id);
    if (!db_run(api->db, DB_GAME_RECORDING, &value, 1, recording_row, &r, error, sizeof error)) {
        return http_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The database can't be read now.");
    }
    if (!r.found) return http_error(c, MHD_HTTP_NOT_FOUND, "There's no such run, or it has no recording yet.");
    snprintf(disposition, sizeof disposition, "attachment; filename=\"amulets-run-%" PRId64 ".txt\"", id);
    enum MHD_Result result = http_answer(c, MHD_HTTP_OK, "text/plain; charset=utf-8", r.text, r.length, NULL, disposition);
    free(r.text);
    return result;
}

/* ---- The daily --------------------------------------------------------------------- */

static enum MHD_Result daily(Site *api, struct MHD_Connection *c)
{
    char today[11];
    site_today(today);
    const char *asked = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "date");
    if (asked != NULL && (!account_day_ok(asked) || strcmp(asked, today) > 0)) {
        return http_error(c, MHD_HTTP_BAD_REQUEST, "That's not a day a daily was played.");
    }
    const char *day = asked != NULL ? asked : today;
    bool open = strcmp(day, today) == 0;
    json_t *answer = json_pack("{s:s,s:b}", "date", day, "open", open);
    if (!open) json_object_set_new(answer, "seed", json_integer((json_int_t)account_daily_seed(api->secret, day)));
    return http_json(c, MHD_HTTP_OK, answer, NULL);
}

typedef struct Dump {
    char *text;
    size_t length, size;
    bool failed;
} Dump;

/* DB_DAILY_DUMP's: id, name, class, outcome, floor, amulets, gold,
 * turns, digest, ended, state, seed, recording */
static bool dump_row(void *context, const DbValue *c, int count)
{
    static const char *const NAMES[] = {"run", "player", "class", "outcome", "floor", "amulets", "gold",
                                        "turns", "digest", "ended", "state", "seed", "recording"};
    Dump *d = context;
    if (count < 13) return false;
    json_t *row = json_object();
    for (int i = 0; i < 13; ++i) {
        json_object_set_new(row, NAMES[i], c[i].type == DB_TEXT ? text_or_null(&c[i]) : int_or_null(&c[i]));
    }
    char *line = json_dumps(row, JSON_COMPACT);
    json_decref(row);
    size_t n = line != NULL ? strlen(line) : 0;
    if (line == NULL || (d->length + n + 2 > d->size &&
                         (d->size = (d->length + n + 2) * 2, d->text = realloc(d->text, d->size)) == NULL)) {
        free(line);
        d->failed = true;
        return false;
    }
    memcpy(d->text + d->length, line, n);
    d->length += n;
    d->text[d->length++] = '\n';
    free(line);
    return true;
}

static enum MHD_Result dump(Site *api, struct MHD_Connection *c, const char *day)
{
    char today[11], error[DB_ERROR_SIZE];
    site_today(today);
    if (strcmp(day, today) >= 0) return http_error(c, MHD_HTTP_NOT_FOUND, "A daily's dump is made when its day is over.");
    Dump d = {NULL, 0, 0, false};
    DbValue value = db_text(day);
    bool ok = db_run(api->db, DB_DAILY_DUMP, &value, 1, dump_row, &d, error, sizeof error) && !d.failed;
    enum MHD_Result result = ok ? http_answer(c, MHD_HTTP_OK, "application/x-ndjson", d.text != NULL ? d.text : "",
                                              d.length, NULL, NULL)
                                : http_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The database can't be read now.");
    free(d.text);
    return result;
}

enum MHD_Result boards_route(Site *api, struct MHD_Connection *c, const RouteMatch *match, uint64_t now)
{
    bool open;
    switch (match->route) {
    case ROUTE_GAMES: return lobby(api, c, now);
    case ROUTE_LADDER: return board(api, c, "ladder", "", now);
    case ROUTE_OFFLINE: return board(api, c, "offline", "", now);
    case ROUTE_DAILY_BOARD:   /* today's fills as its runs end: their figures, never their floors */
        return board(api, c, "daily", match->day, now);
    case ROUTE_RUN: return run_page(api, c, match->number, &open);
    case ROUTE_RECORDING: return recording(api, c, match->number);
    case ROUTE_DAILY: return daily(api, c);
    case ROUTE_DUMP: return dump(api, c, match->day);
    default:
        return http_text(c, MHD_HTTP_OK, "Amulets of SDL's server.\n"
                                         "The game's page plays through the WebSocket at /play; "
                                         "/api/games lists the live games (docs/server.md).\n");
    }
}
