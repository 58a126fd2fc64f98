/* Several server processes on one PostgreSQL (issue 35), on a PostgreSQL
 * 15 of the test's own (a skip, 77, where it can't be had):
 *   - one account on both: registered on the first, logged in on the
 *     second, each login's cookie good on either process (the sessions
 *     are the database's);
 *   - the verification queue shared: uploads made to the first are
 *     checked by whichever process is free, some by each (each check
 *     made 700 ms long by --test-verify-ms, so both are busy);
 *   - a process kill -9-ed mid-check: its claim runs out and the other
 *     process checks the upload;
 *   - the lobby: a run started on A (--name A) listed by B within a
 *     second, named A (the lobby's events on LISTEN/NOTIFY); A killed,
 *     the run's page reconnecting to B has it, and the lobby names B; a
 *     process stopped (C) says its games ended, and B lists them no more. */
#define _GNU_SOURCE
#include "serverrun.h"

#include "db.h"

enum { VERIFY_MS = 700, UPLOADS = 4 };

static PgHarness pg;

/* Registers (or logs in) name on port: its Cookie header line */
static void account(int port, const char *route, const char *name, char cookie[160])
{
    char body[160];
    HttpAnswer a;
    snprintf(body, sizeof body, "{\"name\":\"%s\",\"password\":\"%s's passphrase\"}", name, name);
    CHECK_INT(http_request(port, "POST", route, "Content-Type: application/json\r\n", body, strlen(body), &a), 200);
    snprintf(cookie, 160, "Cookie: %.140s\r\n", a.cookie);
    http_answer_free(&a);
}

/* The name /api/me gives for cookie on port ("" if none) */
static void me(int port, const char *cookie, char name[32])
{
    HttpAnswer a;
    name[0] = '\0';
    if (http_request(port, "GET", "/api/me", cookie, "", 0, &a) == 200) {
        json_t *root = json_loads(a.body != NULL ? a.body : "", 0, NULL);
        const char *got = json_string_value(json_object_get(root, "name"));
        snprintf(name, 32, "%s", got != NULL ? got : "");
        json_decref(root);
    }
    http_answer_free(&a);
}

/* The "server" /api/me gives for cookie on port ("-" if none) */
static void me_server(int port, const char *cookie, char server[32])
{
    HttpAnswer a;
    snprintf(server, 32, "-");
    if (http_request(port, "GET", "/api/me", cookie, "", 0, &a) == 200) {
        json_t *root = json_loads(a.body != NULL ? a.body : "", 0, NULL);
        const char *got = json_string_value(json_object_get(root, "server"));
        if (got != NULL) snprintf(server, 32, "%s", got);
        json_decref(root);
    }
    http_answer_free(&a);
}

/* The account's page learns its game's process from /api/me, on either
 * process, and reaches it at /s/NAME/play (nginx's path to NAME, which
 * the server takes as /play too): before the run, no process; after it
 * starts on A through /s/A/play, both processes name A */
static void test_me_names_server(const ServerProc *first, const ServerProc *second, const char *cookie_line)
{
    char server[32], cookie[160];
    snprintf(cookie, sizeof cookie, "%.*s", (int)strcspn(cookie_line + 8, "\r"), cookie_line + 8);
    me_server(first->port, cookie_line, server);
    CHECK_STR(server, "-");
    Client client;
    bool connected = client_connect_path(&client, first->port, "/s/A/play", NULL, cookie);
    CHECK(connected);
    if (!connected) return;   /* the rest would talk to no socket */
    CHECK(client_send(&client, "{\"t\":\"play\"}") && client_expect(&client, "idle", RUN_WAIT_MS) != NULL);
    CHECK(client_send(&client, "{\"t\":\"new\",\"seed\":12,\"floor\":9}") &&
          client_expect(&client, "full", RUN_WAIT_MS) != NULL);
    me_server(first->port, cookie_line, server);
    CHECK_STR(server, "A");
    for (int tries = 0; tries < 100; ++tries) {   /* B hears of it within a second */
        me_server(second->port, cookie_line, server);
        if (strcmp(server, "A") == 0) break;
        usleep(10000);
    }
    CHECK_STR(server, "A");
    client_close(&client);
}

static void test_one_account(const ServerProc *first, const ServerProc *second)
{
    char made[160], logged[160], name[32];
    account(first->port, "/api/register", "both", made);
    account(second->port, "/api/login", "both", logged);
    const ServerProc *servers[2] = {first, second};
    const char *cookies[2] = {made, logged};
    for (int s = 0; s < 2; ++s) {
        for (int c = 0; c < 2; ++c) {
            me(servers[s]->port, cookies[c], name);
            CHECK_STR(name, "both");
        }
    }
    test_me_names_server(first, second, made);
}

/* An upload of text to port: its number */
static long long upload(int port, const char *cookie, const char *text)
{
    HttpAnswer a;
    CHECK_INT(http_request(port, "POST", "/api/upload", cookie, text, strlen(text), &a), 202);
    json_t *root = json_loads(a.body != NULL ? a.body : "", 0, NULL);
    long long id = (long long)json_integer_value(json_object_get(root, "upload"));
    json_decref(root);
    http_answer_free(&a);
    return id;
}

/* The upload's state and its worker's pid, as the database says */
typedef struct Checked {
    char state[16];
    long pid;
} Checked;

static bool checked_row(void *context, const DbValue *c, int count)
{
    Checked *out = context;
    snprintf(out->state, sizeof out->state, "%s", count > 4 && c[0].type == DB_TEXT ? c[0].s : "");
    out->pid = count > 4 && c[4].type == DB_TEXT ? strtol(c[4].s, NULL, 10) : 0;
    return false;
}

static Checked upload_checked(Db db, long long id)
{
    Checked out = {"", 0};
    char error[DB_ERROR_SIZE];
    DbValue value = db_int(id);
    CHECK(db_run(db, DB_UPLOAD_GET, &value, 1, checked_row, &out, error, sizeof error));
    return out;
}

/* Waits until the upload has its verdict (at most ms): its state then */
static Checked verdict(Db db, long long id, int ms)
{
    Checked out = upload_checked(db, id);
    for (int waited = 0; waited < ms && (strcmp(out.state, "queued") == 0 || strcmp(out.state, "taken") == 0);
         waited += 20) {
        usleep(20000);
        out = upload_checked(db, id);
    }
    return out;
}

static void test_queue_shared(Db db, const ServerProc *first, const ServerProc *second)
{
    char cookie[160];
    account(first->port, "/api/register", "uploader", cookie);
    long long ids[UPLOADS];
    for (int i = 0; i < UPLOADS; ++i) ids[i] = upload(first->port, cookie, "not a recording at all");
    int by_first = 0, by_second = 0;
    for (int i = 0; i < UPLOADS; ++i) {
        Checked c = verdict(db, ids[i], 20000);
        CHECK_STR(c.state, "refused");
        by_first += c.pid == first->pid;
        by_second += c.pid == second->pid;
    }
    CHECK_INT(by_first + by_second, UPLOADS);
    CHECK(by_first > 0);
    CHECK(by_second > 0);   /* made to the first, checked by the second too */
    printf("%d uploads made to the first process: %d checked by it, %d by the second\n", UPLOADS, by_first,
           by_second);
}

/* The first killed with a job in hand: the second checks it once the
 * first's claim runs out */
static void test_claim_back(Db db, ServerProc *first, const ServerProc *second)
{
    char cookie[160];
    account(first->port, "/api/register", "orphan", cookie);
    long long id = upload(first->port, cookie, "not a recording either");
    Checked c = upload_checked(db, id);
    for (int waited = 0; waited < 5000 && strcmp(c.state, "taken") != 0; waited += 10) {
        usleep(10000);
        c = upload_checked(db, id);
    }
    CHECK_STR(c.state, "taken");
    CHECK(c.pid == first->pid);   /* the first took it at once, and checks it for VERIFY_MS */
    CHECK_INT(server_stop(first, SIGKILL), 128 + SIGKILL);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    c = verdict(db, id, 20000);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    CHECK_STR(c.state, "refused");
    CHECK(c.pid == second->pid);
    long took = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
    printf("the first killed mid-check: the second had the upload's verdict %ld ms later\n", took);
}

/* The server the lobby on port names for game ("" if unnamed, "-" if not
 * listed), and how many times it lists it */
static int listed_by(int port, long long game, char server[32])
{
    char *body = malloc(1 << 16);
    int times = 0;
    snprintf(server, 32, "-");
    if (body != NULL && http_get(port, "/api/games", body, 1 << 16) == 200) {
        json_t *root = json_loads(body, 0, NULL), *row;
        size_t i;
        json_array_foreach(root, i, row)
        {
            if (json_integer_value(json_object_get(row, "game")) != game) continue;
            const char *name = json_string_value(json_object_get(row, "server"));
            snprintf(server, 32, "%s", name != NULL ? name : "");
            ++times;
        }
        json_decref(root);
    }
    free(body);
    return times;
}

/* Waits (at most ms) until port's lobby names want for game: the ms it took, or -1 */
static long until_listed(int port, long long game, const char *want, int ms)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        char server[32];
        listed_by(port, game, server);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        long took = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
        if (strcmp(server, want) == 0) return took;
        if (took > ms) return -1;
        usleep(10000);
    }
}

/* A run started on the first is listed by the second within a second,
 * named as the first's (its lobby events, LISTEN/NOTIFY): the run's number */
static long long test_lobby_named(const ServerProc *first, const ServerProc *second, Client *client)
{
    char server[32];
    CHECK(client_connect(client, first->port, NULL));
    CHECK(start_run(client, "lister", 12, 9));
    long long run = live_run(first->port);
    CHECK(run > 0);
    CHECK_INT(listed_by(first->port, run, server), 1);
    CHECK_STR(server, "A");
    long took = until_listed(second->port, run, "A", 1000);
    CHECK(took >= 0);
    CHECK_INT(listed_by(second->port, run, server), 1);
    printf("a run started on A: B's lobby lists it, named A, %ld ms later\n", took);
    return run;
}

/* After A was killed: the run's page reconnects to B, which has the run
 * (its lease run out) and names itself in the lobby */
static void test_lobby_taken_over(const ServerProc *second, Client *client, long long run)
{
    char server[32];
    client_close(client);
    CHECK(client_connect(client, second->port, NULL));
    CHECK(rejoin(client, "lister", RUN_WAIT_MS) >= 0);
    CHECK(until_listed(second->port, run, "B", 1000) >= 0);
    CHECK_INT(listed_by(second->port, run, server), 1);
    CHECK_STR(server, "B");
    client_close(client);
}

/* A process stopped (SIGTERM) says its games ended: B lists C's game,
 * then, C stopped, no longer */
static void test_lobby_farewell(const char *database, const ServerProc *second)
{
    const char *extra[] = {"--name", "C", NULL};
    ServerProc third;
    Client client;
    char server[32];
    CHECK(server_start(&third, database, extra));
    CHECK(client_connect(&client, third.port, NULL));
    CHECK(start_run(&client, "leaver", 12, 9));
    long long run = live_run(third.port);
    CHECK(until_listed(second->port, run, "C", 1000) >= 0);
    client_close(&client);
    CHECK_INT(server_stop(&third, SIGTERM), 0);
    CHECK(until_listed(second->port, run, "-", 1000) >= 0);
    CHECK_INT(listed_by(second->port, run, server), 0);
}

int main(void)
{
    char root[256], database[400], error[DB_ERROR_SIZE];
    pg_harness_start(&pg);
    test_pg = &pg;
    fresh_folder(root, sizeof root, "server-cluster");
    test_database(root, "cluster", database, sizeof database);
    char verify_ms[16];
    snprintf(verify_ms, sizeof verify_ms, "%d", VERIFY_MS);
    const char *extra_a[] = {"--test-verify-ms", verify_ms, "--name", "A", NULL};
    const char *extra_b[] = {"--test-verify-ms", verify_ms, "--name", "B", NULL};
    ServerProc first, second;
    CHECK(server_start(&first, database, extra_a));
    CHECK(server_start(&second, database, extra_b));
    Db db = {0};
    CHECK(db_pg_open(&db, database, false, error, sizeof error));
    test_one_account(&first, &second);
    test_queue_shared(db, &first, &second);
    Client client;
    long long run = test_lobby_named(&first, &second, &client);
    test_claim_back(db, &first, &second);
    test_lobby_taken_over(&second, &client, run);
    test_lobby_farewell(database, &second);
    db_close(&db);
    CHECK_INT(server_stop(&second, SIGTERM), 0);
    remove_folder(root);
    pg_harness_stop(&pg);
    return check_done("test_server_cluster");
}
