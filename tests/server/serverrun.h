/* What the server's end-to-end tests share (included by each): a fresh
 * folder for the database, the live run's number from /api/games, a
 * run's state from /api/runs/ID, and the native program's digest for
 * the same keys. Each program defines _GNU_SOURCE first. */
#ifndef AMULETS_SERVER_RUN_H
#define AMULETS_SERVER_RUN_H

#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "client.h"
#include "pg_harness.h"

enum { RUN_WAIT_MS = 10000 };

static inline void fresh_folder(char *out, size_t size, const char *name)
{
    snprintf(out, size, "/tmp/amulets-%s-XXXXXX", name);
    if (mkdtemp(out) == NULL) {
        perror("mkdtemp");
        exit(EXIT_FAILURE);
    }
}

static inline void remove_folder(const char *path)
{
    char command[600];
    snprintf(command, sizeof command, "rm -rf '%s'", path);
    if (system(command) != 0) fprintf(stderr, "can't remove %s\n", path);
}

/* The test's PostgreSQL, when it runs with the argument "postgres" (the
 * server's tests run on both engines: ctest's NAME and NAME_pg) */
static PgHarness *test_pg;

/* Starts the test's PostgreSQL if argv asks for it (exiting 77 where it
 * can't be had): the engine's name */
static inline const char *test_engine(int argc, char **argv)
{
    static PgHarness pg;
    if (argc > 1 && strcmp(argv[1], "postgres") == 0) {
        pg_harness_start(&pg);
        test_pg = &pg;
        return "postgres";
    }
    return "sqlite";
}

/* Where a server of the test keeps its games: a fresh database named
 * name (letters, digits, -), the file root/name.sqlite, or one of the
 * test's PostgreSQL (a postgres:// URI) */
static inline void test_database(const char *root, const char *name, char *out, size_t size)
{
    if (test_pg == NULL) {
        snprintf(out, size, "%s/%s.sqlite", root, name);
        return;
    }
    char plain[64];
    snprintf(plain, sizeof plain, "%s", name);
    for (char *c = plain; *c != '\0'; ++c) {
        if (*c == '-') *c = '_';
    }
    if (!pg_harness_uri(test_pg, plain, out, size)) {
        fprintf(stderr, "a database of PostgreSQL's couldn't be made\n");
        exit(EXIT_FAILURE);
    }
}

/* The player's game asked for ("play") until its full frame comes: on
 * PostgreSQL a game of a process killed is refused until its lease runs
 * out (lease.h), so the page asks again, as the page does. The ms it
 * took, or -1 if it didn't come within ms */
static inline long rejoin(Client *client, const char *player, int ms)
{
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    char text[128];
    snprintf(text, sizeof text, "{\"t\":\"play\",\"player\":\"%s\"}", player);
    for (long gone = 0; gone < ms;) {
        if (!client_send(client, text)) return -1;
        for (const char *m; (m = client_next(client, RUN_WAIT_MS)) != NULL;) {
            if (strstr(m, "\"t\":\"full\"") != NULL) {   /* applied by client_next */
                clock_gettime(CLOCK_MONOTONIC, &now);
                return (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
            }
            if (strstr(m, "\"t\":\"refused\"") != NULL) break;
        }
        usleep(100000);
        clock_gettime(CLOCK_MONOTONIC, &now);
        gone = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
    }
    return -1;
}

/* The run the player's game is at (the newest live one), or -1 */
static inline long long live_run(int port)
{
    char *body = malloc(1 << 16);
    long long run = -1;
    for (int tries = 0; body != NULL && run < 0 && tries < 100; ++tries) {
        if (http_get(port, "/api/games", body, 1 << 16) == 200) {
            json_t *root = json_loads(body, 0, NULL);
            for (size_t i = 0; i < json_array_size(root); ++i) {
                long long r = (long long)json_integer_value(json_object_get(json_array_get(root, i), "game"));
                if (r > run) run = r;
            }
            json_decref(root);
        }
        if (run < 0) usleep(20000);
    }
    free(body);
    return run;
}

/* A run's state ("live", "ended") and digest ("" if none) */
static inline bool run_state(int port, long long run, char *state, char *digest, int *events)
{
    char path[64];
    static char body[1 << 18];   /* the morgue record's room */
    snprintf(path, sizeof path, "/api/runs/%lld", run);
    if (http_get(port, path, body, sizeof body) != 200) return false;
    json_t *root = json_loads(body, 0, NULL);
    const char *s = json_string_value(json_object_get(root, "state"));
    const char *d = json_string_value(json_object_get(root, "digest"));
    snprintf(state, 16, "%s", s != NULL ? s : "");
    snprintf(digest, 24, "%s", d != NULL ? d : "");
    if (events != NULL) *events = (int)json_integer_value(json_object_get(root, "events"));
    json_decref(root);
    return s != NULL;
}

/* The native program's digest of a run of seed on floor played by keys */
static inline bool native_digest(unsigned long long seed, int floor, const char *keys, const char *home,
                                 char digest[24])
{
    char command[8192];
    snprintf(command, sizeof command, "AMULETS_HOME='%s' '%s' --seed %llu --floor %d --play '%s' --digest", home,
             AMULETS_BINARY, seed, floor, keys);
    FILE *out = popen(command, "r");
    char line[256];
    digest[0] = '\0';
    while (out != NULL && fgets(line, sizeof line, out) != NULL) {
        if (strncmp(line, "digest ", 7) == 0) sscanf(line + 7, "%23s", digest);
    }
    if (out != NULL) pclose(out);
    return digest[0] != '\0';
}

/* The screen the page's model shows ("playing", "dead") */
static inline const char *page_screen(const PageFrame *frame, char out[32])
{
    json_t *text = frame->text != NULL ? json_loads(frame->text, 0, NULL) : NULL;
    const char *screen = json_string_value(json_object_get(text, "screen"));
    snprintf(out, 32, "%s", screen != NULL ? screen : "");
    json_decref(text);
    return out;
}

/* Starts a new run of seed on floor for player: true once its full frame came */
static inline bool start_run(Client *client, const char *player, unsigned long long seed, int floor)
{
    char text[256];
    snprintf(text, sizeof text, "{\"t\":\"play\",\"player\":\"%s\"}", player);
    if (!client_send(client, text) || client_expect(client, "idle", RUN_WAIT_MS) == NULL) return false;
    snprintf(text, sizeof text, "{\"t\":\"new\",\"seed\":%llu,\"floor\":%d}", seed, floor);
    return client_send(client, text) && client_expect(client, "full", RUN_WAIT_MS) != NULL &&
           client->frame.number > 0;
}

/* '.' pressed and answered, at most most times or until the run's end:
 * how many were (each answer's frame checked against its sum) */
static inline int wait_keys(Client *client, int most, uint32_t *id)
{
    char screen[32];
    int pressed = 0;
    bool dropped;
    while (pressed < most && strcmp(page_screen(&client->frame, screen), "dead") != 0) {
        if (client_key(client, '.', ++*id, RUN_WAIT_MS, &dropped) == NULL) break;
        CHECK(!dropped);
        CHECK_INT(page_sum(&client->frame), client->frame.sum);
        ++pressed;
    }
    return pressed;
}

/* The digest the run ended with (waited for: at most 5 s) */
static inline void ended_digest(int port, long long run, char digest[24])
{
    char state[16] = "";
    for (int i = 0; i < 250 && run_state(port, run, state, digest, NULL) && strcmp(state, "ended") != 0; ++i) {
        usleep(20000);
    }
    CHECK_STR(state, "ended");
}

/* The run of seed on floor never interrupted, waiting ('.') to its end
 * (at most most keys), on a server of its own with the database name
 * "straight" under root: how many keys it took, and its digest */
static inline int straight_run(const char *root, const char *player, unsigned long long seed, int floor, int most,
                               char digest[24])
{
    char database[400];
    ServerProc server;
    Client client;
    uint32_t id = 0;
    test_database(root, "straight", database, sizeof database);
    CHECK(server_start(&server, database, NULL));
    CHECK(client_connect(&client, server.port, NULL));
    CHECK(start_run(&client, player, seed, floor));
    long long run = live_run(server.port);
    int total = wait_keys(&client, most, &id);
    ended_digest(server.port, run, digest);
    client_close(&client);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
    return total;
}

#endif
