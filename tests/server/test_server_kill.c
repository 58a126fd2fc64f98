/* The server kill -9-ed mid-run and started again: the run goes on from
 * its last committed event, as the page last saw it (every frame a page
 * was sent shows only committed events), and ends with the same digest
 * as the same run never interrupted. Then killed while auto-explore steps
 * on its own timer, and before a run's first key: made again from its
 * events (or its start alone), it goes on. */
#define _GNU_SOURCE
#include "serverrun.h"

enum { SEED = 12, FLOOR = 9, MOST_KEYS = 400 };

static bool same_cells(const PageFrame *a, const PageFrame *b)
{
    return memcmp(a->cells, b->cells, sizeof a->cells) == 0;
}

static void test_killed_between_keys(const char *root, int *keys, char straight[24])
{
    char database[400], digest[24];
    ServerProc server;
    uint32_t id = 0;

    /* never interrupted */
    test_database(root, "straight", database, sizeof database);
    CHECK(server_start(&server, database, NULL));
    Client client;
    CHECK(client_connect(&client, server.port, NULL));
    CHECK(start_run(&client, "straight", SEED, FLOOR));
    long long run = live_run(server.port);
    int total = wait_keys(&client, MOST_KEYS, &id);
    ended_digest(server.port, run, straight);
    client_close(&client);
    CHECK_INT(server_stop(&server, SIGTERM), 0);

    /* killed half way, between two keys */
    test_database(root, "killed", database, sizeof database);
    CHECK(server_start(&server, database, NULL));
    CHECK(client_connect(&client, server.port, NULL));
    CHECK(start_run(&client, "killed", SEED, FLOOR));
    run = live_run(server.port);
    int before = wait_keys(&client, total / 2, &id);
    PageFrame *last = malloc(sizeof *last);
    memcpy(last, &client.frame, sizeof *last);
    CHECK_INT(server_stop(&server, SIGKILL), 128 + SIGKILL);
    int events;
    char state[16];
    client_close(&client);
    CHECK(server_start(&server, database, NULL));
    CHECK(run_state(server.port, run, state, digest, &events));
    CHECK_STR(state, "live");
    CHECK_INT(events, before);
    CHECK(client_connect(&client, server.port, NULL));
    CHECK(rejoin(&client, "killed", RUN_WAIT_MS) >= 0);
    CHECK_INT(page_sum(&client.frame), client.frame.sum);
    CHECK(same_cells(&client.frame, last));   /* where the page left it */
    free(last);
    int after = wait_keys(&client, MOST_KEYS, &id);
    CHECK_INT(before + after, total);
    ended_digest(server.port, run, digest);
    CHECK_STR(digest, straight);
    printf("killed after %d of %d keys: the same digest, %s\n", before, total, digest);
    *keys = total;
    client_close(&client);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
}

/* A group commit that went through but whose answer was lost (the
 * connection dropped just after PostgreSQL committed): its events are
 * not sent twice, and the run goes on to the same digest. lose says
 * which commit: "1" the one that makes the run (waited on: its number
 * is its events'), which is found again by its token, not made a second
 * time beside an orphan left 'live': every run in the fresh database is
 * the one played, ended */
static void test_answer_lost(const char *root, int total, const char *straight, const char *lose, const char *name)
{
    char database[400], digest[24], state[16];
    ServerProc server;
    Client client;
    uint32_t id = 0;
    test_database(root, name, database, sizeof database);
    const char *extra[] = {"--test-lose-answer", lose, NULL};
    CHECK(server_start(&server, database, extra));
    CHECK(client_connect(&client, server.port, NULL));
    CHECK(start_run(&client, "lost", SEED, FLOOR));
    long long run = live_run(server.port);
    CHECK_INT(wait_keys(&client, MOST_KEYS, &id), total);
    ended_digest(server.port, run, digest);
    CHECK_STR(digest, straight);
    for (long long r = 1; r <= run; ++r) {
        char other[24];
        CHECK(run_state(server.port, r, state, other, NULL));
        CHECK_STR(state, "ended");
    }
    printf("commit %s's answer lost: the same digest, %s, and %lld run%s\n", lose, digest, run, run == 1 ? "" : "s");
    client_close(&client);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
}

static void test_killed_exploring(const char *root)
{
    char database[400], digest[24], state[16];
    ServerProc server;
    test_database(root, "exploring", database, sizeof database);
    CHECK(server_start(&server, database, NULL));
    Client client;
    CHECK(client_connect(&client, server.port, NULL));
    CHECK(start_run(&client, "explorer", 42, 1));
    long long run = live_run(server.port);
    bool dropped;
    CHECK(client_key(&client, 'o', 1, RUN_WAIT_MS, &dropped) != NULL);
    for (int i = 0; i < 8; ++i) client_next(&client, 40);   /* some steps shown */
    uint32_t seen = client.frame.number;
    CHECK(seen > 2);
    CHECK_INT(server_stop(&server, SIGKILL), 128 + SIGKILL);
    client_close(&client);
    CHECK(server_start(&server, database, NULL));
    int events = 0;
    CHECK(run_state(server.port, run, state, digest, &events));
    CHECK_STR(state, "live");
    CHECK(events >= (int)seen - 1);   /* every step shown was committed */
    CHECK(client_connect(&client, server.port, NULL));
    CHECK(rejoin(&client, "explorer", RUN_WAIT_MS) >= 0);
    CHECK_INT(page_sum(&client.frame), client.frame.sum);
    CHECK(client_key(&client, 'o', 2, RUN_WAIT_MS, &dropped) != NULL);
    for (int i = 0; i < 8; ++i) client_next(&client, 40);
    CHECK_INT(page_sum(&client.frame), client.frame.sum);
    printf("killed while exploring after %u frames: %d events kept, and it goes on\n", seen, events);
    client_close(&client);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
}

/* Killed before the run's first key: made again from its start alone */
static void test_killed_at_once(const char *root)
{
    char database[400];
    ServerProc server;
    test_database(root, "at-once", database, sizeof database);
    CHECK(server_start(&server, database, NULL));
    Client client;
    CHECK(client_connect(&client, server.port, NULL));
    CHECK(start_run(&client, "hasty", SEED, FLOOR));
    PageFrame *first = malloc(sizeof *first);
    memcpy(first, &client.frame, sizeof *first);
    CHECK_INT(server_stop(&server, SIGKILL), 128 + SIGKILL);
    client_close(&client);
    CHECK(server_start(&server, database, NULL));
    CHECK(client_connect(&client, server.port, NULL));
    CHECK(rejoin(&client, "hasty", RUN_WAIT_MS) >= 0);
    CHECK(same_cells(&client.frame, first));
    free(first);
    uint32_t id = 0;
    CHECK(wait_keys(&client, 3, &id) == 3);
    client_close(&client);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
}

int main(int argc, char **argv)
{
    char root[256];
    const char *engine = test_engine(argc, argv);
    fprintf(stderr, "-- %s\n", engine);
    fresh_folder(root, sizeof root, "server-kill");
    int total = 0;
    char straight[24] = "";
    test_killed_between_keys(root, &total, straight);
    test_answer_lost(root, total, straight, "3", "answer-lost");
    test_answer_lost(root, total, straight, "1", "new-run-lost");
    test_killed_exploring(root);
    test_killed_at_once(root);
    remove_folder(root);
    return check_done("test_server_kill");
}
