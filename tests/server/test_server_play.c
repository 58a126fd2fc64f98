/* The server end to end, over its WebSocket on loopback: a run played by
 * keys to its death, each answer checked against the page's model of the
 * frames (every delta's checksum); a watcher's frames the same as the
 * player's; the player's page closed and opened again gets a full frame
 * equal to what it had; keys typed ahead of a warning dropped; the run's
 * digest the same as the native program's for the same keys, and its
 * recording, downloaded, verifying natively to it; a foreign Origin
 * refused; a run in play abandoned for a new one only when confirmed. */
#define _GNU_SOURCE
#include "serverrun.h"

enum { SEED = 12, FLOOR = 9, MOST_KEYS = 400 };

static char home[320];

/* The watcher has caught up with the player's frame: the same frame */
static void check_watcher_same(Client *watcher, const Client *player)
{
    for (int i = 0; i < 200 && watcher->frame.number < player->frame.number; ++i) {
        if (client_next(watcher, 50) == NULL) continue;
    }
    CHECK_INT(watcher->frame.number, player->frame.number);
    CHECK_INT(page_sum(&watcher->frame), page_sum(&player->frame));
    CHECK_INT(page_sum(&watcher->frame), watcher->frame.sum);
}

static void test_origin(int port)
{
    Client foreign;
    CHECK(!client_connect(&foreign, port, "http://evil.example"));
    client_close(&foreign);
    Client own;
    char origin[64];
    snprintf(origin, sizeof origin, "http://127.0.0.1:%d", port);
    CHECK(client_connect(&own, port, origin));
    client_close(&own);
}

static void test_refusals(Client *client)
{
    CHECK(client_send(client, "{\"t\":\"key\",\"key\":46,\"seen\":1,\"seen\":2}"));
    CHECK(client_expect(client, "refused", RUN_WAIT_MS) != NULL);
    CHECK(client_send(client, "{\"t\":\"new\",\"seed\":5}"));   /* a run in play: confirm first */
    CHECK(client_expect(client, "confirm", RUN_WAIT_MS) != NULL);
}

/* Pairs of keys typed ahead, the second drawn on the frame before the
 * first's answer: the second is dropped when the first raised an alarm */
static int play_pairs(Client *player, Client *watcher, int *keys, uint32_t *id)
{
    int dropped = 0;
    char text[128], screen[32];
    for (int pair = 0; pair < MOST_KEYS && strcmp(page_screen(&player->frame, screen), "dead") != 0; ++pair) {
        uint32_t seen = player->frame.number;
        for (int k = 0; k < 2; ++k) {
            snprintf(text, sizeof text, "{\"t\":\"key\",\"key\":46,\"seen\":%u,\"id\":%u}", seen, ++*id);
            CHECK(client_send(player, text));
        }
        for (int k = 0; k < 2; ++k) {
            char ack[32];
            snprintf(ack, sizeof ack, "\"ack\":%u", *id - 1 + (uint32_t)k);
            const char *m;
            while ((m = client_next(player, RUN_WAIT_MS)) != NULL && strstr(m, ack) == NULL && strstr(m, "\"id\":") == NULL) {}
            if (m == NULL) break;
            if (strstr(m, "\"dropped\":true") != NULL) ++dropped;
            else ++*keys;
        }
        CHECK(page_sum(&player->frame) == player->frame.sum);
        check_watcher_same(watcher, player);
    }
    return dropped;
}

/* The page closed and opened again: a full frame, the same */
static void test_reconnect(Client *player, int port)
{
    uint32_t sum = page_sum(&player->frame), number = player->frame.number;
    client_close(player);
    CHECK(client_connect(player, port, NULL));
    CHECK(client_send(player, "{\"t\":\"play\",\"player\":\"alice\"}"));
    CHECK(client_expect(player, "full", RUN_WAIT_MS) != NULL);
    CHECK_INT(player->frame.number, number);
    CHECK_INT(page_sum(&player->frame), sum);
}

/* The recording at path verified natively: its digest, into out */
static void replayed_digest(const char *path, char out[24])
{
    char command[1024], line[256];
    snprintf(command, sizeof command, "AMULETS_HOME='%s' '%s' --replay '%s' --digest", home, AMULETS_BINARY, path);
    FILE *pipe = popen(command, "r");
    out[0] = '\0';
    while (pipe != NULL && fgets(line, sizeof line, pipe) != NULL) {
        if (strncmp(line, "digest ", 7) == 0) sscanf(line + 7, "%23s", out);
    }
    if (pipe != NULL) pclose(pipe);
}

/* The server's digest is the native program's for the same keys, and the
 * run's recording, downloaded, verifies natively to it */
static void test_digests(int port, long long run, int keys, const char *root)
{
    char state[16] = "", digest[24] = "", native[24], keys_text[MOST_KEYS * 2 + 1];
    for (int i = 0; i < keys; ++i) keys_text[i] = '.';
    keys_text[keys] = '\0';
    for (int i = 0; i < 100 && run_state(port, run, state, digest, NULL) && strcmp(state, "ended") != 0; ++i) {
        usleep(20000);
    }
    CHECK_STR(state, "ended");
    CHECK(native_digest(SEED, FLOOR, keys_text, home, native));
    CHECK_STR(digest, native);
    char *recording = malloc(1 << 20), path[400], replayed[24];
    snprintf(path, sizeof path, "/api/runs/%lld/recording", run);
    CHECK_INT(http_get(port, path, recording, 1 << 20), 200);
    snprintf(path, sizeof path, "%s/recording.txt", root);
    FILE *file = fopen(path, "w");
    CHECK(file != NULL && fputs(recording, file) >= 0 && fclose(file) == 0);
    replayed_digest(path, replayed);
    CHECK_STR(replayed, digest);
    free(recording);
}

/* A watcher of the player's run, caught up */
static void watch_run(Client *watcher, const Client *player, int port, long long run)
{
    char text[128];
    CHECK(client_connect(watcher, port, NULL));
    snprintf(text, sizeof text, "{\"t\":\"watch\",\"game\":%lld}", run);
    CHECK(client_send(watcher, text));
    CHECK(client_expect(watcher, "full", RUN_WAIT_MS) != NULL);
    check_watcher_same(watcher, player);
}

/* A run in play is left for a new one only when the page confirms it:
 * then it is kept, marked abandoned */
static void test_abandon(int port)
{
    Client client;
    char state[16], digest[24];
    CHECK(client_connect(&client, port, NULL));
    CHECK(start_run(&client, "carol", SEED, FLOOR));
    long long first = live_run(port);
    bool dropped;
    CHECK(client_key(&client, '.', 1, RUN_WAIT_MS, &dropped) != NULL);
    CHECK(client_send(&client, "{\"t\":\"new\"}"));
    CHECK(client_expect(&client, "confirm", RUN_WAIT_MS) != NULL);
    CHECK(run_state(port, first, state, digest, NULL));
    CHECK_STR(state, "live");
    CHECK(client_send(&client, "{\"t\":\"new\",\"abandon\":true}"));
    CHECK(client_expect(&client, "full", RUN_WAIT_MS) != NULL);
    int events = 0;
    CHECK(run_state(port, first, state, digest, &events));
    CHECK_STR(state, "abandoned");
    CHECK_INT(events, 1);
    CHECK(live_run(port) > first);
    client_close(&client);
}

static void play(int port, const char *root)
{
    Client player, watcher;
    CHECK(client_connect(&player, port, NULL));
    CHECK(start_run(&player, "alice", SEED, FLOOR));
    CHECK_INT(page_sum(&player.frame), player.frame.sum);
    long long run = live_run(port);
    CHECK(run > 0);
    watch_run(&watcher, &player, port, run);
    test_refusals(&player);
    /* a few keys one at a time, each answered */
    int keys = 0;
    uint32_t id = 0;
    bool dropped;
    for (int i = 0; i < 3; ++i) {
        CHECK(client_key(&player, '.', ++id, RUN_WAIT_MS, &dropped) != NULL);
        CHECK(!dropped);
        keys += !dropped;
    }
    check_watcher_same(&watcher, &player);
    test_reconnect(&player, port);
    /* to the death, two keys at a time */
    int drops = play_pairs(&player, &watcher, &keys, &id);
    char screen[32];
    CHECK_STR(page_screen(&player.frame, screen), "dead");
    CHECK(drops > 0);
    printf("%d keys taken, %d dropped after warnings; the player had %d deltas and %d full frames\n", keys, drops,
           player.frame.deltas, player.frame.fulls);
    test_digests(port, run, keys, root);
    client_close(&player);
    client_close(&watcher);
}

int main(int argc, char **argv)
{
    char root[256], database[400];
    const char *engine = test_engine(argc, argv);
    fprintf(stderr, "-- %s\n", engine);
    fresh_folder(root, sizeof root, "server-play");
    test_database(root, "db", database, sizeof database);
    snprintf(home, sizeof home, "%s/home", root);
    ServerProc server;
    if (!server_start(&server, database, NULL)) {
        fprintf(stderr, "the server didn't start\n");
        return EXIT_FAILURE;
    }
    test_origin(server.port);
    play(server.port, root);
    test_abandon(server.port);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
    remove_folder(root);
    return check_done("test_server_play");
}
