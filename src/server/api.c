/* The HTTP API's plumbing and its accounts: see api.h. The read-only
 * routes are boards.c's, the offline seeds and uploads upload.c's */
#define _GNU_SOURCE
#include "api.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "boards.h"
#include "http.h"
#include "modes.h"
#include "upload.h"

enum { ADDRESS_SIZE = 48, COOKIE_SIZE = 160, API_DISCARD_MOST = 1024 * 1024 };

/* One HTTP request's state, libmicrohttpd's con_cls */
typedef struct Request {
    RouteMatch match;
    char *body;
    size_t length, capacity;
    bool too_big;
    size_t discarded;           /* bytes let go past the most */
    bool suspended;
    int phase;                  /* how far a route waiting on workers is */
    Work *work;                 /* the job it waited on, done */
    Form form;
    int64_t player;             /* the account it's about */
    char name[MSG_NAME_SIZE];
    char address[ADDRESS_SIZE];
    struct MHD_Connection *connection;
} Request;

/* ---- The server's secret --------------------------------------------------------- */

static bool read_secret(void *context, const DbValue *c, int count)
{
    if (count >= 1 && c[0].type == DB_TEXT) snprintf(context, 2 * ACCOUNT_SECRET_BYTES + 1, "%s", c[0].s);
    return false;
}

bool api_init(Site *api, Db db, Lives *lives, Workers *workers, char *error, size_t error_size)
{
    memset(api, 0, sizeof *api);
    api->db = db;
    api->lives = lives;
    api->workers = workers;
    if (!limits_init(&api->limits)) return snprintf(error, error_size, "out of memory"), false;
    uint8_t fresh[ACCOUNT_SECRET_BYTES];
    char made[2 * ACCOUNT_SECRET_BYTES + 1] = "", text[2 * ACCOUNT_SECRET_BYTES + 1] = "";
    randombytes_buf(fresh, sizeof fresh);
    account_secret_text(fresh, made);
    /* made at the first start, then kept: the dailies' seeds stay the same */
    DbValue values[] = {db_text("secret"), db_text(made)};
    bool ok = db_run(db, DB_META_ADD, values, 2, NULL, NULL, error, error_size) &&
              db_run(db, DB_META_GET, values, 1, read_secret, text, error, error_size);
    sodium_memzero(fresh, sizeof fresh);
    sodium_memzero(made, sizeof made);
    if (ok && !account_secret_read(text, api->secret)) {
        snprintf(error, error_size, "the database's secret isn't one");
        ok = false;
    }
    memcpy(lives->secret, api->secret, sizeof api->secret);
    return ok;
}

void api_free(Site *api)
{
    while (api->suspended_count > 0) {
        Request *r = api->suspended[--api->suspended_count];
        r->suspended = false;
        r->phase = -1;   /* answered 503 when resumed */
        MHD_resume_connection(r->connection);
    }
    free(api->suspended);
    limits_free(&api->limits);
    for (int i = 0; i < SITE_CACHES; ++i) free(api->caches[i].text);
}

/* ---- Requests -------------------------------------------------------------------- */

bool api_origin_ok(const Site *api, struct MHD_Connection *c)
{
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    if (origin == NULL) return true;   /* not a browser's page */
    for (int i = 0; i < api->origin_count; ++i) {
        if (strcmp(origin, api->origins[i]) == 0) return true;
    }
    return false;
}

static void address_of(const Site *api, struct MHD_Connection *c, char *out, size_t size)
{
    const char *forwarded = api->trust_proxy ? MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Real-IP") : NULL;
    if (forwarded != NULL) {
        snprintf(out, size, "%.40s", forwarded);
        return;
    }
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    out[0] = '\0';
    if (info == NULL || info->client_addr == NULL) return;
    const struct sockaddr *sa = info->client_addr;
    if (sa->sa_family == AF_INET) inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, out, (socklen_t)size);
    else if (sa->sa_family == AF_INET6) inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, out, (socklen_t)size);
}

int64_t api_request_player(void *con_cls)
{
    const Request *r = con_cls;
    return r != NULL ? r->player : 0;
}

static void suspend(Site *api, Request *r, Work *work)
{
    if (!work_post(api->workers, work)) {
        work_free(work);
        r->phase = -1;
        return;
    }
    if (api->suspended_count == api->suspended_capacity) {
        int capacity = api->suspended_capacity ? api->suspended_capacity * 2 : 16;
        Request **bigger = realloc(api->suspended, (size_t)capacity * sizeof *bigger);
        if (bigger == NULL) return;   /* the job's answer finds it by its owner all the same */
        api->suspended = bigger;
        api->suspended_capacity = capacity;
    }
    api->suspended[api->suspended_count++] = r;
    r->suspended = true;
    MHD_suspend_connection(r->connection);
}

static void forget_suspended(Site *api, Request *r)
{
    for (int i = 0; i < api->suspended_count; ++i) {
        if (api->suspended[i] == r) api->suspended[i] = api->suspended[--api->suspended_count];
    }
}

void api_work_done(Site *api, Work *work)
{
    if (work->kind == WORK_REPLAY || work->kind == WORK_UPLOAD) {
        upload_work_done(api, work);
        work_free(work);
        return;
    }
    Request *r = work->owner;
    forget_suspended(api, r);
    r->work = work;
    r->suspended = false;
    MHD_resume_connection(r->connection);
}

/* ---- Sessions ---------------------------------------------------------------------- */

/* A new session for player (in the database): its cookie, or false */
static bool new_session(Site *api, int64_t player, char cookie[COOKIE_SIZE])
{
    char token[ACCOUNT_TOKEN_TEXT], hash[ACCOUNT_HASH_TEXT], error[DB_ERROR_SIZE];
    account_token_new(token, hash);
    DbValue values[] = {db_text(hash), db_int(player), db_int(time(NULL))};
    bool ok = db_run(api->db, DB_SESSION_ADD, values, 3, NULL, NULL, error, sizeof error);
    account_cookie(token, cookie, COOKIE_SIZE);
    sodium_memzero(token, sizeof token);
    return ok;
}

typedef struct AccountRow {
    int64_t id;
    char name[MSG_NAME_SIZE];
    char hash[WORK_HASH_TEXT];
    char state[16];
} AccountRow;

static bool read_account(void *context, const DbValue *c, int count)
{
    AccountRow *row = context;
    if (count < 4 || c[1].type != DB_TEXT) return false;
    row->id = c[0].i;
    snprintf(row->name, sizeof row->name, "%s", c[1].s);
    snprintf(row->hash, sizeof row->hash, "%s", c[2].type == DB_TEXT ? c[2].s : "");
    snprintf(row->state, sizeof row->state, "%s", c[3].type == DB_TEXT ? c[3].s : "");
    return false;
}

/* The account of a name (by_id: of r->player): false if the database failed */
static bool account_row(Site *api, const char *name, int64_t id, AccountRow *row)
{
    char error[DB_ERROR_SIZE];
    memset(row, 0, sizeof *row);
    DbValue value = name != NULL ? db_text(name) : db_int(id);
    return db_run(api->db, name != NULL ? DB_ACCOUNT_GET : DB_ACCOUNT_OF, &value, 1, read_account, row, error,
                  sizeof error);
}

static Work *password_work(WorkKind kind, Request *r, const char *password, size_t length)
{
    Work *work = work_new(kind, r);
    if (work == NULL) return NULL;
    work->password = malloc(length + 1);
    if (work->password == NULL) {
        work_free(work);
        return NULL;
    }
    memcpy(work->password, password, length + 1);
    work->password_length = length;
    return work;
}

/* ---- The accounts' routes ----------------------------------------------------------- */

static enum MHD_Result answer_busy(struct MHD_Connection *c)
{
    return http_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The server can't do that now: try again in a moment.");
}

static enum MHD_Result answer_rate(struct MHD_Connection *c)
{
    return http_error(c, MHD_HTTP_TOO_MANY_REQUESTS, "Too many tries: wait a minute and try again.");
}

/* The account made, its codes and a session: the answer */
static enum MHD_Result register_done(Site *api, Request *r)
{
    char error[DB_ERROR_SIZE], cookie[COOKIE_SIZE];
    if (!r->work->ok || !api->db.ops->begin(api->db.self, error, sizeof error)) return answer_busy(r->connection);
    DbValue values[] = {db_text(r->form.fields[0]), db_int(time(NULL)), db_text(r->work->hash)};
    int64_t id = db_one_int(api->db, DB_ACCOUNT_ADD, values, 3, error, sizeof error);
    if (id <= 0) {
        api->db.ops->rollback(api->db.self);
        if (error[0] != '\0') return answer_busy(r->connection);
        return http_error(r->connection, MHD_HTTP_CONFLICT, "That name is taken.");
    }
    json_t *codes = json_array();
    bool ok = true;
    for (int i = 0; ok && i < ACCOUNT_RECOVERY_CODES; ++i) {
        char code[ACCOUNT_CODE_LENGTH + 1], hash[ACCOUNT_HASH_TEXT];
        account_code_new(code);
        account_code_hash(api->secret, id, code, hash);
        DbValue row[] = {db_int(id), db_text(hash)};
        ok = db_run(api->db, DB_RECOVERY_ADD, row, 2, NULL, NULL, error, sizeof error);
        json_array_append_new(codes, json_string(code));
    }
    ok = ok && new_session(api, id, cookie) && api->db.ops->commit(api->db.self, error, sizeof error);
    if (!ok) {
        api->db.ops->rollback(api->db.self);
        json_decref(codes);
        return answer_busy(r->connection);
    }
    return http_json(r->connection, MHD_HTTP_OK, json_pack("{s:s,s:o}", "name", r->form.fields[0], "recovery", codes),
                     cookie);
}

static enum MHD_Result route_register(Site *api, Request *r, uint64_t now)
{
    if (r->work != NULL) return register_done(api, r);
    const char *name = r->form.fields[0];
    char why[ACCOUNT_WHY_SIZE];
    if (!account_name_ok(name)) {
        return http_error(r->connection, MHD_HTTP_BAD_REQUEST,
                          "A name is 3 to 20 letters, digits, '_' or '-'.");
    }
    if (!account_password_ok(name, r->form.fields[1], r->form.lengths[1], why, sizeof why)) {
        return http_error(r->connection, MHD_HTTP_BAD_REQUEST, why);
    }
    if (!limits_take(&api->limits, LIMIT_REGISTER, r->address, now)) return answer_rate(r->connection);
    AccountRow row;
    if (!account_row(api, name, 0, &row)) return answer_busy(r->connection);
    if (row.id > 0) return http_error(r->connection, MHD_HTTP_CONFLICT, "That name is taken.");
    Work *work = password_work(WORK_HASH, r, r->form.fields[1], r->form.lengths[1]);
    if (work == NULL) return answer_busy(r->connection);
    suspend(api, r, work);
    return MHD_YES;
}

static enum MHD_Result login_done(Site *api, Request *r)
{
    char error[DB_ERROR_SIZE], cookie[COOKIE_SIZE];
    AccountRow row;
    if (!r->work->ok) return http_error(r->connection, MHD_HTTP_UNAUTHORIZED, "That name and password don't match.");
    if (!account_row(api, NULL, r->player, &row)) return answer_busy(r->connection);
    if (strcmp(row.state, "banned") == 0) {
        return http_error(r->connection, MHD_HTTP_FORBIDDEN, "That account is banned.");
    }
    if (r->work->rehashed) {   /* the settings rose since it was hashed */
        DbValue values[] = {db_int(r->player), db_text(r->work->hash)};
        db_run(api->db, DB_ACCOUNT_HASH, values, 2, NULL, NULL, error, sizeof error);
    }
    if (!new_session(api, r->player, cookie)) return answer_busy(r->connection);
    return http_json(r->connection, MHD_HTTP_OK, json_pack("{s:s}", "name", row.name), cookie);
}

static enum MHD_Result route_login(Site *api, Request *r, uint64_t now)
{
    if (r->work != NULL) return login_done(api, r);
    const char *name = r->form.fields[0];
    char key[LIMIT_KEY_SIZE];
    snprintf(key, sizeof key, "%.30s", name);
    for (char *p = key; *p != '\0'; ++p) *p = (char)((*p >= 'A' && *p <= 'Z') ? *p - 'A' + 'a' : *p);
    bool by_name = limits_take(&api->limits, LIMIT_LOGIN_NAME, key, now);
    bool by_address = limits_take(&api->limits, LIMIT_LOGIN_ADDRESS, r->address, now);
    if (!by_name || !by_address) return answer_rate(r->connection);
    AccountRow row = {0};
    if (account_name_ok(name) && !account_row(api, name, 0, &row)) return answer_busy(r->connection);
    Work *work = password_work(WORK_CHECK, r, r->form.fields[1], r->form.lengths[1]);
    if (work == NULL) return answer_busy(r->connection);
    snprintf(work->stored, sizeof work->stored, "%s", row.hash);
    r->player = row.id;
    suspend(api, r, work);
    return MHD_YES;
}

static enum MHD_Result route_logout(Site *api, Request *r)
{
    const char *token = MHD_lookup_connection_value(r->connection, MHD_COOKIE_KIND, ACCOUNT_COOKIE);
    char hash[ACCOUNT_HASH_TEXT], error[DB_ERROR_SIZE], cookie[COOKIE_SIZE];
    if (token != NULL && account_token_hash(token, hash)) {
        DbValue value = db_text(hash);
        if (!db_run(api->db, DB_SESSION_DROP, &value, 1, NULL, NULL, error, sizeof error)) return answer_busy(r->connection);
    }
    account_cookie("", cookie, sizeof cookie);
    return http_empty(r->connection, MHD_HTTP_NO_CONTENT, cookie);
}

/* A new password's hash kept, every session ended, one made: the answer */
static enum MHD_Result reset_done(Site *api, Request *r)
{
    char error[DB_ERROR_SIZE], cookie[COOKIE_SIZE];
    AccountRow row;
    if (!r->work->ok || !account_row(api, NULL, r->player, &row)) return answer_busy(r->connection);
    DbValue hash[] = {db_int(r->player), db_text(r->work->hash)};
    DbValue player = db_int(r->player);
    bool ok = api->db.ops->begin(api->db.self, error, sizeof error);
    ok = ok && db_run(api->db, DB_ACCOUNT_HASH, hash, 2, NULL, NULL, error, sizeof error) &&
         db_run(api->db, DB_SESSIONS_DROP, &player, 1, NULL, NULL, error, sizeof error) &&
         new_session(api, r->player, cookie) && api->db.ops->commit(api->db.self, error, sizeof error);
    if (!ok) {
        api->db.ops->rollback(api->db.self);
        return answer_busy(r->connection);
    }
    if (api->revoked != NULL) api->revoked(api->upgrade_context, r->player);
    return http_json(r->connection, MHD_HTTP_OK, json_pack("{s:s}", "name", row.name), cookie);
}

static enum MHD_Result route_password(Site *api, Request *r)
{
    char why[ACCOUNT_WHY_SIZE];
    if (r->phase == 2) return reset_done(api, r);
    if (r->phase == 1) {   /* the old password checked: hash the new */
        bool right = r->work->ok;
        work_free(r->work);
        r->work = NULL;
        if (!right) return http_error(r->connection, MHD_HTTP_UNAUTHORIZED, "Your password isn't that.");
        Work *work = password_work(WORK_HASH, r, r->form.fields[1], r->form.lengths[1]);
        if (work == NULL) return answer_busy(r->connection);
        r->phase = 2;
        suspend(api, r, work);
        return MHD_YES;
    }
    r->player = site_session_player(api, r->connection);
    AccountRow row;
    if (r->player <= 0) return http_error(r->connection, MHD_HTTP_UNAUTHORIZED, "Log in first.");
    if (!account_row(api, NULL, r->player, &row)) return answer_busy(r->connection);
    if (!account_password_ok(row.name, r->form.fields[1], r->form.lengths[1], why, sizeof why)) {
        return http_error(r->connection, MHD_HTTP_BAD_REQUEST, why);
    }
    Work *work = password_work(WORK_CHECK, r, r->form.fields[0], r->form.lengths[0]);
    if (work == NULL) return answer_busy(r->connection);
    snprintf(work->stored, sizeof work->stored, "%s", row.hash);
    r->phase = 1;
    suspend(api, r, work);
    return MHD_YES;
}

static enum MHD_Result route_recover(Site *api, Request *r, uint64_t now)
{
    if (r->work != NULL) return reset_done(api, r);
    const char *name = r->form.fields[0];
    char why[ACCOUNT_WHY_SIZE], hash[ACCOUNT_HASH_TEXT], error[DB_ERROR_SIZE];
    if (!account_name_ok(name)) return http_error(r->connection, MHD_HTTP_UNAUTHORIZED, "That name and code don't match.");
    char key[LIMIT_KEY_SIZE];
    snprintf(key, sizeof key, "%s", name);
    for (char *p = key; *p != '\0'; ++p) *p = (char)((*p >= 'A' && *p <= 'Z') ? *p - 'A' + 'a' : *p);
    if (!limits_take(&api->limits, LIMIT_RECOVER, key, now) ||
        !limits_take(&api->limits, LIMIT_LOGIN_ADDRESS, r->address, now)) {
        return answer_rate(r->connection);
    }
    if (!account_password_ok(name, r->form.fields[2], r->form.lengths[2], why, sizeof why)) {
        return http_error(r->connection, MHD_HTTP_BAD_REQUEST, why);
    }
    AccountRow row;
    if (!account_row(api, name, 0, &row)) return answer_busy(r->connection);
    if (row.id <= 0 || !account_code_hash(api->secret, row.id, r->form.fields[1], hash)) {
        return http_error(r->connection, MHD_HTTP_UNAUTHORIZED, "That name and code don't match.");
    }
    DbValue values[] = {db_int(row.id), db_text(hash), db_int(time(NULL))};
    int64_t used = db_one_int(api->db, DB_RECOVERY_USE, values, 3, error, sizeof error);
    if (used <= 0) {
        if (error[0] != '\0') return answer_busy(r->connection);
        return http_error(r->connection, MHD_HTTP_UNAUTHORIZED, "That name and code don't match (each code works once).");
    }
    r->player = row.id;
    Work *work = password_work(WORK_HASH, r, r->form.fields[2], r->form.lengths[2]);
    if (work == NULL) return answer_busy(r->connection);
    suspend(api, r, work);
    return MHD_YES;
}

static enum MHD_Result route_me(Site *api, Request *r)
{
    int64_t player = site_session_player(api, r->connection);
    AccountRow row;
    if (player <= 0) return http_error(r->connection, MHD_HTTP_UNAUTHORIZED, "Log in first.");
    if (!account_row(api, NULL, player, &row)) return answer_busy(r->connection);
    char today[11];
    site_today(today);
    bool played, finished;
    if (!modes_daily_of(api->db, player, today, &played, &finished)) return answer_busy(r->connection);
    const char *server = lobby_server_of(&api->lobby, api->lives, row.name);
    return http_json(r->connection, MHD_HTTP_OK,
                     json_pack("{s:s,s:s,s:{s:s,s:b,s:b},s:s?}", "name", row.name, "state", row.state, "daily", "date",
                               today, "played", played, "finished", finished, "server", server),
                     NULL);
}

/* ---- Routing ----------------------------------------------------------------------- */

static enum MHD_Result route(Site *api, Request *r, uint64_t now)
{
    struct MHD_Connection *c = r->connection;
    switch (r->match.route) {
    case ROUTE_REGISTER: return route_register(api, r, now);
    case ROUTE_LOGIN: return route_login(api, r, now);
    case ROUTE_LOGOUT: return route_logout(api, r);
    case ROUTE_PASSWORD: return route_password(api, r);
    case ROUTE_RECOVER: return route_recover(api, r, now);
    case ROUTE_ME: return route_me(api, r);
    case ROUTE_SEED: return upload_seed(api, c, now);
    case ROUTE_UPLOAD: return upload_take(api, c, r->body, r->length, now);
    case ROUTE_UPLOAD_STATE: return upload_state(api, c, r->match.number);
    default: return boards_route(api, c, &r->match, now);
    }
}

/* Takes a chunk of the body: false once it's past its route's most */
static bool take_body(Request *r, const char *data, size_t size)
{
    size_t limit = route_body_limit(r->match.route);
    if (r->too_big || r->length + size > limit) {
        r->too_big = true;
        return false;
    }
    if (r->length + size + 1 > r->capacity) {
        size_t capacity = r->capacity ? r->capacity : 1024;
        while (capacity < r->length + size + 1) capacity *= 2;
        char *bigger = realloc(r->body, capacity);
        if (bigger == NULL) return r->too_big = true, false;
        r->body = bigger;
        r->capacity = capacity;
    }
    memcpy(r->body + r->length, data, size);
    r->length += size;
    r->body[r->length] = '\0';
    return true;
}

/* The request's headers: refused at once (*refused) if its route can't
 * take it, before a byte of its body is read */
static enum MHD_Result first_look(Site *api, Request *r, bool *refused)
{
    struct MHD_Connection *c = r->connection;
    *refused = true;
    if (r->match.route == ROUTE_NONE) return http_text(c, MHD_HTTP_NOT_FOUND, "There's no such page.\n");
    if (r->match.route == ROUTE_BAD_METHOD) return http_text(c, MHD_HTTP_METHOD_NOT_ALLOWED, "Not with that method.\n");
    if (route_changes(r->match.route) && !api_origin_ok(api, c)) {
        return http_error(c, MHD_HTTP_FORBIDDEN, "Pages of other sites can't do that here.");
    }
    const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (length != NULL && strtoull(length, NULL, 10) > route_body_limit(r->match.route)) {
        return http_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "That's longer than the server takes.");
    }
    *refused = false;
    return MHD_YES;
}

/* /s/NAME/play is /play: the path nginx routes to the process NAME
 * (deploy/nginx-amulets-cluster.conf), taken here too, so a page that
 * knows its game's process uses it with or without nginx in front */
static const char *play_path(const char *url)
{
    if (strncmp(url, "/s/", 3) != 0) return url;
    size_t name = strspn(url + 3, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");
    return name > 0 && name < LOBBY_NAME_SIZE && strcmp(url + 3 + name, "/play") == 0 ? "/play" : url;
}

enum MHD_Result api_request(Site *api, struct MHD_Connection *c, const char *url, const char *method,
                            const char *upload_data, size_t *upload_data_size, void **con_cls, uint64_t now)
{
    Request *r = *con_cls;
    if (r == NULL) {
        r = calloc(1, sizeof *r);
        if (r == NULL) return MHD_NO;
        *con_cls = r;
        r->connection = c;
        r->match = route_find(method, play_path(url));
        address_of(api, c, r->address, sizeof r->address);
        if (r->match.route == ROUTE_PLAY) r->player = site_session_player(api, c);
        bool page_file = (r->match.route == ROUTE_NONE || r->match.route == ROUTE_INDEX) && api->files != NULL &&
                         (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0) && api->files_wanted(url);
        if (page_file) {
            r->phase = -2;
            return api->files(c, api->files_dir, url);
        }
        bool refused;
        enum MHD_Result result = first_look(api, r, &refused);
        if (refused) r->phase = -2;
        return result;
    }
    if (r->phase == -2) {   /* answered already: what comes is let go */
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        /* a body with no Content-Length (chunked) past its most is let go
         * of as it comes, and answered 413 at its end; one that goes on
         * and on is cut off (libmicrohttpd answers nothing mid-body) */
        if (!take_body(r, upload_data, *upload_data_size)) {
            r->discarded += *upload_data_size;
            if (r->discarded > API_DISCARD_MOST) return MHD_NO;
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (r->too_big) {
        r->phase = -2;
        return http_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "That's longer than the server takes.");
    }
    if (r->phase == -1) return answer_busy(c);
    if (r->match.route == ROUTE_PLAY) return api->upgrade(api->upgrade_context, c);
    if (r->phase == 0 && r->work == NULL) {
        char why[ROUTE_WHY_SIZE];
        if (!form_read(r->match.route, r->body != NULL ? r->body : "", r->length, &r->form, why, sizeof why)) {
            return http_error(c, MHD_HTTP_BAD_REQUEST, why);
        }
    }
    return route(api, r, now);
}

void api_completed(Site *api, void **con_cls)
{
    Request *r = *con_cls;
    if (r == NULL) return;
    forget_suspended(api, r);
    form_free(&r->form);
    work_free(r->work);
    free(r->body);
    free(r);
    *con_cls = NULL;
}
