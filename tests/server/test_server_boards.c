/* The server's boards, modes and uploads end to end, on loopback:
 *
 * - ladder runs played by keys to their deaths: the ladder board lists
 *   them in the game's order, each row's figures the native verifier's
 *   (amulets --verify) on the run's downloaded recording, whose digest is
 *   the board's; a run struck by the admin leaves the board;
 * - the daily: a past day's seed published (/api/daily?date=), its runs
 *   in its dump with that seed; today's live daily hidden from the lobby
 *   and from watchers who haven't finished it; practice on a past day's
 *   seed, on no board;
 * - uploads: a genuine recording from a seed issued to the account goes
 *   on the offline board with the verifier's figures, and only once;
 *   every forged recording of tests/forged is refused (413 for those over
 *   256 KB), each for the reason tests/forged/reasons gives it. */
#define _GNU_SOURCE
#include "serverrun.h"

#include <sys/wait.h>

#include "db.h"

enum { RUNS = 3, MOST_KEYS = 1500, FLOOR = 9 };
static const unsigned long long SEEDS[RUNS] = {12, 40, 77};
static const char PAST_DAY[] = "2020-02-03";

static char home[320];

/* Rests ('.') until the run is over: true if it is */
static bool play_to_death(Client *client)
{
    char screen[32];
    uint32_t id = 0;
    for (int k = 0; k < MOST_KEYS && strcmp(page_screen(&client->frame, screen), "dead") != 0; ++k) {
        bool dropped;
        if (client_key(client, '.', ++id, RUN_WAIT_MS, &dropped) == NULL) return false;
    }
    return strcmp(page_screen(&client->frame, screen), "dead") == 0;
}

static json_t *get_json(int port, const char *path)
{
    char *body = malloc(1 << 20);
    json_t *root = body != NULL && http_get(port, path, body, 1 << 20) == 200 ? json_loads(body, 0, NULL) : NULL;
    free(body);
    return root;
}

/* The board at path once it has count rows (the replay is the workers') */
static json_t *board_of(int port, const char *path, size_t count)
{
    json_t *board = NULL;
    for (int tries = 0; tries < 300; ++tries) {
        json_decref(board);
        board = get_json(port, path);
        if (json_array_size(board) >= count) break;
        usleep(20000);
    }
    return board;
}

/* amulets --verify on the text: its one line, parsed */
static json_t *native_verify(const char *text, const char *root)
{
    char path[400], command[1024], line[4096] = "";
    snprintf(path, sizeof path, "%s/verify.txt", root);
    FILE *file = fopen(path, "w");
    if (file == NULL) return NULL;
    fputs(text, file);
    fclose(file);
    snprintf(command, sizeof command, "AMULETS_HOME='%s' '%s' --verify '%s'", home, AMULETS_BINARY, path);
    FILE *pipe = popen(command, "r");
    if (pipe != NULL && fgets(line, sizeof line, pipe) == NULL) line[0] = '\0';
    if (pipe != NULL) pclose(pipe);
    return json_loads(line, 0, NULL);
}

/* -1, 0, 1: a before b in the game's order */
static int order(json_t *a, json_t *b)
{
    bool won_a = strcmp(json_string_value(json_object_get(a, "outcome")), "won") == 0;
    bool won_b = strcmp(json_string_value(json_object_get(b, "outcome")), "won") == 0;
    if (won_a != won_b) return won_a ? -1 : 1;
    static const char *const MORE[] = {"amulets", "floor", "gold"};
    for (int i = 0; i < 3; ++i) {
        json_int_t x = json_integer_value(json_object_get(a, MORE[i])), y = json_integer_value(json_object_get(b, MORE[i]));
        if (x != y) return x > y ? -1 : 1;
    }
    json_int_t x = json_integer_value(json_object_get(a, "turns")), y = json_integer_value(json_object_get(b, "turns"));
    return x < y ? -1 : x > y ? 1 : 0;
}

/* Each row's figures are the native verifier's on its recording */
static void check_rows(int port, json_t *board, const char *root)
{
    for (size_t i = 0; i < json_array_size(board); ++i) {
        json_t *row = json_array_get(board, i);
        CHECK_INT(json_integer_value(json_object_get(row, "rank")), (long long)i + 1);
        if (i > 0) CHECK(order(json_array_get(board, i - 1), row) <= 0);
        char path[64], *text = malloc(1 << 20);
        snprintf(path, sizeof path, "/api/runs/%lld/recording",
                 (long long)json_integer_value(json_object_get(row, "run")));
        CHECK_INT(http_get(port, path, text, 1 << 20), 200);
        json_t *native = native_verify(text, root);
        free(text);
        CHECK(json_is_true(json_object_get(native, "ok")));
        static const char *const SAME[] = {"outcome", "floor", "amulets", "gold", "turns", "digest", "class"};
        for (int f = 0; f < 7; ++f) {
            json_t *x = json_object_get(row, SAME[f]), *y = json_object_get(native, SAME[f]);
            if (!json_equal(x, y)) fprintf(stderr, "    row %zu's %s differs from the verifier's\n", i, SAME[f]);
            CHECK(json_equal(x, y));
        }
        json_decref(native);
    }
}

static void test_ladder(int port, const char *database, const char *root)
{
    for (int r = 0; r < RUNS; ++r) {
        Client c;
        char player[16];
        snprintf(player, sizeof player, "ladder%d", r);
        CHECK(client_connect(&c, port, NULL));
        CHECK(start_run(&c, player, SEEDS[r], FLOOR));
        CHECK(play_to_death(&c));
        client_close(&c);
    }
    json_t *board = board_of(port, "/api/boards/ladder", RUNS);
    CHECK_INT(json_array_size(board), RUNS);
    check_rows(port, board, root);
    /* struck: off the board */
    long long struck = (long long)json_integer_value(json_object_get(json_array_get(board, 0), "run"));
    char command[600];
    snprintf(command, sizeof command, "'%s' --admin '%s' strike %lld >/dev/null", AMULETS_SERVER_BINARY, database, struck);
    CHECK_INT(system(command), 0);
    /* the admin's process changed the database: the server's board, kept
     * at most SITE_BOARD_MS, shows it within the second */
    json_t *after = NULL;
    for (int tries = 0; tries < 100 && json_array_size(after) != RUNS - 1; ++tries) {
        json_decref(after);
        usleep(20000);
        after = get_json(port, "/api/boards/ladder");
    }
    CHECK_INT(json_array_size(after), RUNS - 1);
    for (size_t i = 0; i < json_array_size(after); ++i) {
        CHECK(json_integer_value(json_object_get(json_array_get(after, i), "run")) != struck);
    }
    json_decref(after);
    json_decref(board);
}

static void test_daily(int port)
{
    char path[128];
    snprintf(path, sizeof path, "/api/daily?date=%s", PAST_DAY);
    json_t *past = get_json(port, path);
    CHECK(json_is_false(json_object_get(past, "open")));
    json_int_t seed = json_integer_value(json_object_get(past, "seed"));
    CHECK(seed > 0);
    json_t *today = get_json(port, "/api/daily");
    CHECK(json_is_true(json_object_get(today, "open")));
    CHECK(json_object_get(today, "seed") == NULL);
    /* a past day's daily (a --test-seeds server lets it be started) */
    Client c;
    char text[160];
    CHECK(client_connect(&c, port, NULL));
    CHECK(client_send(&c, "{\"t\":\"play\",\"player\":\"daily1\"}"));
    CHECK(client_expect(&c, "idle", RUN_WAIT_MS) != NULL);
    snprintf(text, sizeof text, "{\"t\":\"new\",\"mode\":\"daily\",\"date\":\"%s\"}", PAST_DAY);
    CHECK(client_send(&c, text) && client_expect(&c, "full", RUN_WAIT_MS) != NULL);
    bool dropped;
    CHECK(client_key(&c, '.', 1, RUN_WAIT_MS, &dropped) != NULL);
    client_close(&c);
    snprintf(path, sizeof path, "/api/dumps/daily-%s.ndjson", PAST_DAY);
    char *dump = malloc(1 << 20);
    CHECK_INT(http_get(port, path, dump, 1 << 20), 200);
    json_t *line = json_loads(dump, JSON_DISABLE_EOF_CHECK, NULL);
    char seed_text[24];
    snprintf(seed_text, sizeof seed_text, "%lld", (long long)seed);
    CHECK_STR(json_string_value(json_object_get(line, "seed")), seed_text);
    CHECK_STR(json_string_value(json_object_get(line, "player")), "daily1");
    json_decref(line);
    char day[64];
    snprintf(day, sizeof day, "/api/dumps/daily-%s.ndjson", json_string_value(json_object_get(today, "date")));
    CHECK_INT(http_get(port, day, dump, 1 << 20), 404);   /* today's is open */
    free(dump);
    json_decref(past);
    json_decref(today);
}

/* Registers name: its Cookie header line into cookie */
static void account(int port, const char *name, char cookie[160])
{
    char body[160], address[64];
    HttpAnswer a;
    snprintf(body, sizeof body, "{\"name\":\"%s\",\"password\":\"%s's passphrase\"}", name, name);
    snprintf(address, sizeof address, "Content-Type: application/json\r\n");
    CHECK_INT(http_request(port, "POST", "/api/register", address, body, strlen(body), &a), 200);
    snprintf(cookie, 160, "Cookie: %.140s\r\n", a.cookie);
    http_answer_free(&a);
}

/* Today's live daily: in no lobby, watched by no one who hasn't finished
 * it; practice on a past day's seed */
static void test_daily_hidden(int port)
{
    char path[128], text[160];
    Client player, watcher, c;
    CHECK(client_connect(&player, port, NULL));
    CHECK(client_send(&player, "{\"t\":\"play\",\"player\":\"daily2\"}"));
    CHECK(client_expect(&player, "idle", RUN_WAIT_MS) != NULL);
    CHECK(client_send(&player, "{\"t\":\"new\",\"mode\":\"daily\"}") && client_expect(&player, "full", RUN_WAIT_MS) != NULL);
    usleep(100000);
    json_t *lobby = get_json(port, "/api/games");
    for (size_t i = 0; i < json_array_size(lobby); ++i) {
        CHECK(strcmp(json_string_value(json_object_get(json_array_get(lobby, i), "mode")), "daily") != 0);
    }
    json_decref(lobby);
    CHECK(client_connect(&watcher, port, NULL));
    long long run = -1;
    json_t *state = get_json(port, "/api/runs/1");
    json_decref(state);
    for (long long r = 1; r < 100; ++r) {   /* the daily's run: the newest live one of daily2 */
        snprintf(path, sizeof path, "/api/runs/%lld", r);
        json_t *page = get_json(port, path);
        if (page != NULL && strcmp(json_string_value(json_object_get(page, "player")), "daily2") == 0) run = r;
        json_decref(page);
        if (page == NULL) break;
    }
    CHECK(run > 0);
    snprintf(text, sizeof text, "{\"t\":\"watch\",\"game\":%lld}", run);
    CHECK(client_send(&watcher, text) && client_expect(&watcher, "refused", RUN_WAIT_MS) != NULL);
    client_close(&watcher);
    /* one who has finished today's daily (abandoned it: its attempt is
     * spent) sees it in the lobby and may watch it */
    char cookie[160], header[200];
    account(port, "finisher", header);
    snprintf(cookie, sizeof cookie, "%.*s", (int)(strlen(header) - 10), header + 8);   /* "Cookie: X\r\n" */
    CHECK(client_connect_as(&watcher, port, NULL, cookie));
    CHECK(client_send(&watcher, "{\"t\":\"play\"}") && client_expect(&watcher, "idle", RUN_WAIT_MS) != NULL);
    CHECK(client_send(&watcher, "{\"t\":\"new\",\"mode\":\"daily\"}") &&
          client_expect(&watcher, "full", RUN_WAIT_MS) != NULL);
    CHECK(client_send(&watcher, "{\"t\":\"new\",\"abandon\":true}") &&
          client_expect(&watcher, "full", RUN_WAIT_MS) != NULL);
    HttpAnswer a;
    CHECK_INT(http_request(port, "GET", "/api/games", header, "", 0, &a), 200);
    json_t *seen = json_loads(a.body != NULL ? a.body : "", 0, NULL);
    bool listed = false;
    for (size_t i = 0; i < json_array_size(seen); ++i) {
        listed = listed || json_integer_value(json_object_get(json_array_get(seen, i), "game")) == run;
    }
    CHECK(listed);
    json_decref(seen);
    http_answer_free(&a);
    CHECK(client_send(&watcher, text) && client_expect(&watcher, "full", RUN_WAIT_MS) != NULL);
    client_close(&watcher);
    client_close(&player);
    /* practice: a past day's seed, unranked */
    CHECK(client_connect(&c, port, NULL));
    CHECK(client_send(&c, "{\"t\":\"play\",\"player\":\"practice1\"}"));
    CHECK(client_expect(&c, "idle", RUN_WAIT_MS) != NULL);
    CHECK(client_send(&c, "{\"t\":\"new\",\"mode\":\"practice\"}") && client_expect(&c, "refused", RUN_WAIT_MS) != NULL);
    snprintf(text, sizeof text, "{\"t\":\"new\",\"mode\":\"practice\",\"date\":\"%s\"}", PAST_DAY);
    CHECK(client_send(&c, text) && client_expect(&c, "full", RUN_WAIT_MS) != NULL);
    client_close(&c);
}

/* ---- Uploads ------------------------------------------------------------------ */

static char *read_file(const char *path, size_t *length)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    char *text = malloc(1 << 20);
    *length = text != NULL ? fread(text, 1, (1 << 20) - 1, file) : 0;
    if (text != NULL) text[*length] = '\0';
    fclose(file);
    return text;
}

/* Issues seed to the account (cookie: its header line) */
static void issue(int port, const char *cookie, const char *seed)
{
    char path[64];
    HttpAnswer a;
    snprintf(path, sizeof path, "/api/seed?seed=%s", seed);
    CHECK_INT(http_request(port, "POST", path, cookie, "", 0, &a), 200);
    http_answer_free(&a);
}

/* Uploads text: the status; once checked, its state and reason */
static int upload(int port, const char *cookie, const char *text, size_t length, char state[16], char reason[64],
                  long long *run)
{
    HttpAnswer a;
    state[0] = reason[0] = '\0';
    int status = http_request(port, "POST", "/api/upload", cookie, text, length, &a);
    json_t *root = json_loads(a.body != NULL ? a.body : "", 0, NULL);
    long long id = (long long)json_integer_value(json_object_get(root, "upload"));
    json_decref(root);
    http_answer_free(&a);
    if (status != 202) return status;
    char path[64];
    snprintf(path, sizeof path, "/api/uploads/%lld", id);
    for (int tries = 0; tries < 500; ++tries) {
        CHECK_INT(http_request(port, "GET", path, cookie, "", 0, &a), 200);
        root = json_loads(a.body != NULL ? a.body : "", 0, NULL);
        snprintf(state, 16, "%s", json_string_value(json_object_get(root, "state")));
        const char *why = json_string_value(json_object_get(root, "reason"));
        snprintf(reason, 64, "%s", why != NULL ? why : "");
        if (run != NULL) *run = (long long)json_integer_value(json_object_get(root, "run"));
        json_decref(root);
        http_answer_free(&a);
        if (strcmp(state, "queued") != 0) break;
        usleep(20000);
    }
    return status;
}

/* True if reason is one of expected's (a|b) */
static bool reason_in(const char *reason, const char *expected)
{
    size_t n = strlen(reason);
    for (const char *p = expected; *p != '\0';) {
        size_t length = strcspn(p, "|");
        if (length == n && strncmp(p, reason, n) == 0) return true;
        p += length + (p[length] == '|');
    }
    return false;
}

static void upload_forged(int port, const char *cookie, const char *name, const char *expected, const char *root)
{
    char path[400], state[16], reason[64], seed[32] = "";
    size_t length;
    snprintf(path, sizeof path, "%s/tests/forged/%s.txt", AMULETS_SOURCE_DIR, name);
    char *text = read_file(path, &length);
    CHECK(text != NULL);
    if (text == NULL) return;
    const char *at = strstr(text, "\nseed = ");
    if (at != NULL) sscanf(at + 8, "%31[0-9]", seed);
    if (seed[0] != '\0') issue(port, cookie, seed);   /* so only the verifier may refuse it */
    int status = upload(port, cookie, text, length, state, reason, NULL);
    if (strcmp(expected, "too-big") == 0) {
        CHECK_INT(status, 413);
    } else {
        CHECK_INT(status, 202);
        CHECK_STR(state, "refused");
        if (!reason_in(reason, expected)) fprintf(stderr, "    %s: refused for %s, not %s\n", name, reason, expected);
        CHECK(reason_in(reason, expected));
    }
    free(text);
    (void)root;
}

static void test_uploads(int port, const char *root)
{
    char cookies[2][160], path[400], line[256];
    account(port, "uploader1", cookies[0]);
    account(port, "uploader2", cookies[1]);
    snprintf(path, sizeof path, "%s/tests/forged/reasons", AMULETS_SOURCE_DIR);
    FILE *reasons = fopen(path, "r");
    CHECK(reasons != NULL);
    int forged = 0;
    while (reasons != NULL && fgets(line, sizeof line, reasons) != NULL) {
        char name[64], ranked[128];
        if (line[0] == '#' || sscanf(line, "%63s %127s", name, ranked) != 2 || strcmp(name, "genuine") == 0) continue;
        upload_forged(port, cookies[forged++ / 8], name, ranked, root);
    }
    if (reasons != NULL) fclose(reasons);
    CHECK(forged >= 14);
    /* the genuine one, from its seed issued: on the offline board */
    size_t length;
    char state[16], reason[64];
    long long run = 0;
    snprintf(path, sizeof path, "%s/tests/forged/genuine.txt", AMULETS_SOURCE_DIR);
    char *text = read_file(path, &length);
    char stranger[160];
    account(port, "stranger", stranger);
    CHECK_INT(upload(port, stranger, text, length, state, reason, NULL), 202);   /* not its seed */
    CHECK_STR(state, "refused");
    CHECK_STR(reason, "seed-not-issued");
    CHECK_INT(upload(port, cookies[1], text, length, state, reason, &run), 202);
    CHECK_STR(state, "verified");
    CHECK(run > 0);
    CHECK_INT(upload(port, cookies[1], text, length, state, reason, NULL), 202);   /* its seed is used */
    CHECK_STR(reason, "seed-not-issued");
    free(text);
    json_t *board = board_of(port, "/api/boards/offline", 1);
    CHECK_INT(json_array_size(board), 1);
    CHECK_INT(json_integer_value(json_object_get(json_array_get(board, 0), "run")), run);
    check_rows(port, board, root);
    json_decref(board);
    /* the tenth seed an hour is the last */
    char seeder[160];
    account(port, "seeder", seeder);
    int seeds_refused = 0;
    for (int i = 0; i < 11; ++i) {
        HttpAnswer a;
        seeds_refused += http_request(port, "POST", "/api/seed", seeder, "", 0, &a) == 429;
        http_answer_free(&a);
    }
    CHECK_INT(seeds_refused, 1);
    /* the tenth upload an hour is the last */
    char spam[160];
    account(port, "spammer", spam);
    int refused = 0;
    for (int i = 0; i < 11; ++i) {
        HttpAnswer a;
        refused += http_request(port, "POST", "/api/upload", spam, "x", 1, &a) == 429;
        http_answer_free(&a);
    }
    CHECK_INT(refused, 1);
}

/* An upload still queued when the server stopped is checked when it
 * starts again (written here as the server writes one, while it's down) */
static void test_queued_upload(ServerProc *server, const char *database)
{
    char cookie[160], path[400], error[DB_ERROR_SIZE];
    account(server->port, "later", cookie);
    issue(server->port, cookie, "134");
    CHECK_INT(server_stop(server, SIGTERM), 0);
    size_t length;
    snprintf(path, sizeof path, "%s/tests/forged/genuine.txt", AMULETS_SOURCE_DIR);
    char *text = read_file(path, &length);
    Db db = {0};
    CHECK(db_sqlite_open(&db, database, false, error, sizeof error));
    DbValue name = db_text("later");
    int64_t player = db_one_int(db, DB_ACCOUNT_GET, &name, 1, error, sizeof error);
    DbValue values[] = {db_int(player), db_int(0), db_bytes(text, length)};
    long long id = db_one_int(db, DB_UPLOAD_ADD, values, 3, error, sizeof error);
    CHECK(player > 0 && id > 0);
    db_close(&db);
    free(text);
    CHECK(server_start(server, database, NULL));
    char state[16] = "";
    snprintf(path, sizeof path, "/api/uploads/%lld", id);
    for (int tries = 0; tries < 500 && (state[0] == '\0' || strcmp(state, "queued") == 0); ++tries) {
        HttpAnswer a;
        CHECK_INT(http_request(server->port, "GET", path, cookie, "", 0, &a), 200);
        json_t *root = json_loads(a.body != NULL ? a.body : "", 0, NULL);
        snprintf(state, sizeof state, "%s", json_string_value(json_object_get(root, "state")));
        json_decref(root);
        http_answer_free(&a);
        usleep(20000);
    }
    CHECK_STR(state, "verified");
}

int main(void)
{
    char root[64], database[128];
    fresh_folder(root, sizeof root, "server-boards");
    snprintf(database, sizeof database, "%s/db.sqlite", root);
    snprintf(home, sizeof home, "%s/home", root);
    ServerProc server;
    if (!server_start(&server, database, NULL)) {
        fprintf(stderr, "test_server_boards: the server didn't start\n");
        remove_folder(root);
        return EXIT_FAILURE;
    }
    test_ladder(server.port, database, root);
    test_daily(server.port);
    test_daily_hidden(server.port);
    test_uploads(server.port, root);
    test_queued_upload(&server, database);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
    remove_folder(root);
    return check_done("test_server_boards");
}
