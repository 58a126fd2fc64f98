/* Offline runs and the server's own replay: see upload.h */
#define _POSIX_C_SOURCE 200809L
#include "upload.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "http.h"

static const char *outcome_name(Mode outcome)
{
    return outcome == MODE_DEAD ? "dead" : outcome == MODE_WON ? "won" : "unfinished";
}

enum MHD_Result upload_seed(Site *api, struct MHD_Connection *c, uint64_t now)
{
    int64_t player = site_session_player(api, c);
    if (player <= 0) return http_error(c, MHD_HTTP_UNAUTHORIZED, "Log in first.");
    char key[24];
    snprintf(key, sizeof key, "%" PRId64, player);
    if (!limits_take(&api->limits, LIMIT_SEED, key, now)) {
        return http_error(c, MHD_HTTP_TOO_MANY_REQUESTS, "Too many seeds asked for: wait an hour and try again.");
    }
    char token[ACCOUNT_TOKEN_TEXT], hash[ACCOUNT_HASH_TEXT], seed_text[24], error[DB_ERROR_SIZE];
    account_token_new(token, hash);
    uint64_t seed = account_fresh_seed();
    /* a server started --test-seeds lets the tests name it */
    const char *asked = api->lives->test_seeds ? MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "seed") : NULL;
    if (asked != NULL) seed = strtoull(asked, NULL, 10);
    snprintf(seed_text, sizeof seed_text, "%" PRIu64, seed);
    DbValue values[] = {db_text(hash), db_int(player), db_text(seed_text), db_int(time(NULL))};
    if (!db_run(api->db, DB_SEED_ADD, values, 4, NULL, NULL, error, sizeof error)) {
        return http_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The database can't be written now.");
    }
    return http_json(c, MHD_HTTP_OK, json_pack("{s:s,s:I}", "token", token, "seed", (json_int_t)seed), NULL);
}

enum MHD_Result upload_take(Site *api, struct MHD_Connection *c, const char *body, size_t length, uint64_t now)
{
    int64_t player = site_session_player(api, c);
    if (player <= 0) return http_error(c, MHD_HTTP_UNAUTHORIZED, "Log in first.");
    if (length > VERIFY_MAX_BYTES) return http_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "That's longer than the server takes.");
    if (length == 0) return http_error(c, MHD_HTTP_BAD_REQUEST, "Send a recording.");
    char key[24], error[DB_ERROR_SIZE];
    snprintf(key, sizeof key, "%" PRId64, player);
    if (!limits_take(&api->limits, LIMIT_UPLOAD, key, now)) {
        return http_error(c, MHD_HTTP_TOO_MANY_REQUESTS, "Too many uploads: wait an hour and try again.");
    }
    DbValue values[] = {db_int(player), db_int(time(NULL)), db_bytes(body, length)};
    int64_t id = db_one_int(api->db, DB_UPLOAD_ADD, values, 3, error, sizeof error);
    if (id <= 0) return http_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The server can't take uploads now.");
    /* queued for whichever process is free: this one, if it is */
    upload_claim(api);
    return http_json(c, MHD_HTTP_ACCEPTED, json_pack("{s:I}", "upload", (json_int_t)id), NULL);
}

typedef struct UploadRow {
    bool found;
    json_t *answer;
    int64_t player;
} UploadRow;

static bool upload_row(void *context, const DbValue *c, int count)
{
    UploadRow *row = context;
    if (count < 4 || c[0].type != DB_TEXT) return false;
    row->found = true;
    row->player = c[3].i;
    /* a job being checked is, to its page, still waiting for a verdict */
    row->answer = json_pack("{s:s}", "state", strcmp(c[0].s, "taken") == 0 ? "queued" : c[0].s);
    if (c[1].type == DB_TEXT) json_object_set_new(row->answer, "reason", json_string(c[1].s));
    if (c[2].type == DB_INT) json_object_set_new(row->answer, "run", json_integer((json_int_t)c[2].i));
    return false;
}

enum MHD_Result upload_state(Site *api, struct MHD_Connection *c, int64_t id)
{
    int64_t player = site_session_player(api, c);
    if (player <= 0) return http_error(c, MHD_HTTP_UNAUTHORIZED, "Log in first.");
    UploadRow row = {false, NULL, 0};
    char error[DB_ERROR_SIZE];
    DbValue value = db_int(id);
    if (!db_run(api->db, DB_UPLOAD_GET, &value, 1, upload_row, &row, error, sizeof error)) {
        return http_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The database can't be read now.");
    }
    if (!row.found || row.player != player) {
        json_decref(row.answer);
        return http_error(c, MHD_HTTP_NOT_FOUND, "There's no upload of yours of that number.");
    }
    return http_json(c, MHD_HTTP_OK, row.answer, NULL);
}

/* ---- Verdicts ---------------------------------------------------------------------- */

static void replay_done(Site *api, const Work *work)
{
    const VerifyResult *r = &work->result;
    char error[DB_ERROR_SIZE];
    DbValue values[] = {db_int(work->id), db_int(work->ok ? 1 : 0), db_text(outcome_name(r->outcome)),
                        db_int(r->floor), db_int(r->amulets), db_int(r->gold), db_int(r->turns),
                        db_text(r->class_id)};
    if (!db_run(api->db, DB_GAME_VERIFIED, values, 8, NULL, NULL, error, sizeof error)) {
        fprintf(stderr, "amulets-server: run %" PRId64 "'s figures can't be kept: %s\n", work->id, error);
    }
    site_boards_changed(api);
}

static const char *worker_name(const Site *api)
{
    return api->lives->leases.owner;
}

static void refuse(Site *api, int64_t upload, const char *reason)
{
    char error[DB_ERROR_SIZE];
    DbValue values[] = {db_int(upload), db_text("refused"), db_text(reason), db_null(), db_text(worker_name(api))};
    db_one_int(api->db, DB_UPLOAD_SET, values, 5, error, sizeof error);
}

/* A verified upload: its seed claimed, its run kept, in one transaction */
static void accept_upload(Site *api, const Work *work)
{
    const VerifyResult *r = &work->result;
    char seed[24], digest[17], data[17], error[DB_ERROR_SIZE];
    snprintf(seed, sizeof seed, "%" PRIu64, r->seed);
    snprintf(digest, sizeof digest, "%016" PRIx64, r->digest);
    snprintf(data, sizeof data, "%016" PRIx64, r->data_digest);
    if (!api->db.ops->begin(api->db.self, error, sizeof error)) {
        refuse(api, work->id, "busy");
        return;
    }
    DbValue use[] = {db_int(work->player), db_text(seed), db_int(time(NULL))};
    int64_t claimed = db_one_int(api->db, DB_SEED_USE, use, 3, error, sizeof error);
    if (claimed <= 0) {
        api->db.ops->rollback(api->db.self);
        refuse(api, work->id, error[0] != '\0' ? "busy" : "seed-not-issued");
        return;
    }
    DbValue run[] = {db_int(work->player), db_text(seed), db_text(r->class_id), db_text(data), db_int(time(NULL)),
                     db_text(digest), db_bytes(work->text, work->length), db_text(outcome_name(r->outcome)),
                     db_int(r->floor), db_int(r->amulets), db_int(r->gold), db_int(r->turns)};
    int64_t id = db_one_int(api->db, DB_OFFLINE_ADD, run, 12, error, sizeof error);
    /* the claim still this process's, or nothing of it is kept (another
     * took the job over after this one stalled: its verdict counts) */
    DbValue set[] = {db_int(work->id), db_text("verified"), db_null(), db_int(id), db_text(worker_name(api))};
    bool ok = id > 0 && db_one_int(api->db, DB_UPLOAD_SET, set, 5, error, sizeof error) == work->id &&
              api->db.ops->commit(api->db.self, error, sizeof error);
    if (!ok) {
        api->db.ops->rollback(api->db.self);
        refuse(api, work->id, "busy");
    }
    site_boards_changed(api);
}

bool upload_policy(bool verified, const VerifyResult *result, const char *verifier_reason, char *reason,
                   size_t reason_size)
{
    const char *why = !verified                           ? (verifier_reason[0] != '\0' ? verifier_reason : "refused")
                      : result->start_floor != 1          ? "below-floor-1"
                      : result->outcome == MODE_PLAYING   ? "cut-short"
                                                          : "";
    snprintf(reason, reason_size, "%.48s", why);
    return why[0] == '\0';
}

void upload_work_done(Site *api, Work *work)
{
    char reason[64];
    if (work->kind == WORK_REPLAY) {
        replay_done(api, work);
        return;
    }
    if (!upload_policy(work->ok, &work->result, work->reason, reason, sizeof reason)) refuse(api, work->id, reason);
    else accept_upload(api, work);
    --api->uploads_in_hand;
    upload_claim(api);
}

/* ---- After a restart --------------------------------------------------------------- */

static bool pending_row(void *context, const DbValue *c, int count)
{
    Site *api = context;
    if (count < 2 || c[1].type != DB_TEXT) return true;
    Work *work = work_new(WORK_REPLAY, NULL);
    if (work == NULL) return false;
    work->id = c[0].i;
    work->text = malloc(c[1].n + 1);
    if (work->text != NULL) memcpy(work->text, c[1].s, c[1].n + 1);
    work->length = c[1].n;
    if (work->text == NULL || !work_post(api->workers, work)) work_free(work);
    return true;
}

/* ---- The queue ----------------------------------------------------------------------- */

/* The lease times' clock: ms since the epoch, as every process reads it */
static int64_t wall_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static bool claimed_row(void *context, const DbValue *c, int count)
{
    Work **out = context;
    if (count < 3 || c[0].type != DB_INT || c[2].type != DB_TEXT) return false;
    Work *work = work_new(WORK_UPLOAD, NULL);
    if (work == NULL) return false;
    work->id = c[0].i;
    work->player = c[1].i;
    work->text = malloc(c[2].n + 1);
    if (work->text != NULL) memcpy(work->text, c[2].s, c[2].n + 1);
    work->length = c[2].n;
    *out = work;
    return false;
}

void upload_claim(Site *api)
{
    char error[DB_ERROR_SIZE];
    while (api->uploads_in_hand < UPLOAD_IN_HAND) {
        int64_t now = wall_ms();
        DbValue values[] = {db_text(worker_name(api)), db_int(now), db_int(now - UPLOAD_CLAIM_MS)};
        Work *work = NULL;
        if (!db_run(api->db, DB_UPLOAD_CLAIM, values, 3, claimed_row, &work, error, sizeof error) || work == NULL) {
            return;   /* none queued, or the database away: the next look */
        }
        if (work->text == NULL || !work_post(api->workers, work)) {
            work_free(work);   /* its claim runs out: another takes it */
            return;
        }
        ++api->uploads_in_hand;
    }
}

void upload_tick(Site *api, uint64_t now_ms)
{
    if (upload_due(api, now_ms) > 0) return;
    api->uploads_polled_ms = now_ms;
    if (api->uploads_in_hand > 0) {
        char error[DB_ERROR_SIZE];
        DbValue values[] = {db_text(worker_name(api)), db_int(wall_ms())};
        db_run(api->db, DB_UPLOAD_RENEW, values, 2, NULL, NULL, error, sizeof error);
    }
    upload_claim(api);
}

int upload_due(const Site *api, uint64_t now_ms)
{
    uint64_t since = now_ms - api->uploads_polled_ms;
    return since >= UPLOAD_POLL_MS ? 0 : (int)(UPLOAD_POLL_MS - since);
}

void upload_replay_pending(Site *api)
{
    char error[DB_ERROR_SIZE];
    db_run(api->db, DB_GAMES_UNVERIFIED, NULL, 0, pending_row, api, error, sizeof error);
    upload_claim(api);
}
