/* The server on PostgreSQL (issue 35), on a PostgreSQL 15 of the test's
 * own (a skip, 77, where it can't be had):
 *   - PostgreSQL stopped mid-game: the page is told, a key typed then is
 *     answered by no frame (nothing shown that the database doesn't
 *     hold); started again, the frame comes, and the run ends with the
 *     digest of the same run never interrupted;
 *   - two server processes on one PostgreSQL: a run started on the
 *     first is refused by the second while the first holds its lease;
 *     the first kill -9-ed, the page connecting to the second has the
 *     run again within 2 s (the lease run out), where it left it, and
 *     ends it with the same digest;
 *   - a backup (pg_dump) taken while a game runs, restored into a fresh
 *     database: every ended run's recording there verifies natively to
 *     its stored digest. */
#define _GNU_SOURCE
#include "serverrun.h"

enum { SEED = 12, FLOOR = 9, MOST_KEYS = 400 };

static PgHarness pg;

/* The next message of kind within ms, frames applied meanwhile */
static bool told(Client *client, const char *kind, int ms)
{
    return client_expect(client, kind, ms) != NULL;
}

static void test_database_away(const char *root, int total, const char *straight)
{
    char database[400], digest[24];
    ServerProc server;
    Client client;
    uint32_t id = 0;
    test_database(root, "away", database, sizeof database);
    CHECK(server_start(&server, database, NULL));
    CHECK(client_connect(&client, server.port, NULL));
    CHECK(start_run(&client, "away", SEED, FLOOR));
    long long run = live_run(server.port);
    int before = wait_keys(&client, total / 2, &id);
    uint32_t frame = client.frame.number;

    CHECK(pg_harness_down(&pg));
    char key[128];
    snprintf(key, sizeof key, "{\"t\":\"key\",\"key\":%d,\"seen\":%u,\"id\":%u}", '.', frame, ++id);
    CHECK(client_send(&client, key));
    CHECK(told(&client, "notice", 3000));
    CHECK_INT(client.frame.number, frame);        /* no frame while its event isn't kept */
    usleep(600000);
    client_pump(&client);
    CHECK_INT(client.frame.number, frame);
    CHECK(pg_harness_up(&pg));
    CHECK(told(&client, "frame", 10000));        /* it was held, not lost */
    CHECK(client.frame.number > frame);
    CHECK_INT(page_sum(&client.frame), client.frame.sum);
    int after = wait_keys(&client, MOST_KEYS, &id);
    CHECK_INT(before + 1 + after, total);
    ended_digest(server.port, run, digest);
    CHECK_STR(digest, straight);
    printf("PostgreSQL stopped after %d keys and started again: the same digest, %s\n", before, digest);
    client_close(&client);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
}

static void test_two_processes(const char *root, int total, const char *straight)
{
    char database[400], digest[24];
    ServerProc first, second;
    Client client;
    uint32_t id = 0;
    test_database(root, "two", database, sizeof database);
    CHECK(server_start(&first, database, NULL));
    CHECK(server_start(&second, database, NULL));
    CHECK(client_connect(&client, first.port, NULL));
    CHECK(start_run(&client, "two", SEED, FLOOR));
    long long run = live_run(first.port);
    int before = wait_keys(&client, total / 2 - 1, &id);
    /* while the first runs it, the game is the first's alone: the second
     * refuses it (its lease), and the first goes on with it */
    Client probe;
    CHECK(client_connect(&probe, second.port, NULL));
    CHECK(client_send(&probe, "{\"t\":\"play\",\"player\":\"two\"}"));
    CHECK(client_expect(&probe, "refused", RUN_WAIT_MS) != NULL);
    client_close(&probe);
    before += wait_keys(&client, 1, &id);
    PageFrame *last = malloc(sizeof *last);
    memcpy(last, &client.frame, sizeof *last);
    CHECK_INT(server_stop(&first, SIGKILL), 128 + SIGKILL);
    client_close(&client);

    /* the page reconnects, to the other process */
    CHECK(client_connect(&client, second.port, NULL));
    long took = rejoin(&client, "two", RUN_WAIT_MS);
    CHECK(took >= 0);
    CHECK(took <= 2000);   /* the bound: playable again within 2 s of reconnecting */
    CHECK_INT(page_sum(&client.frame), client.frame.sum);
    CHECK(memcmp(client.frame.cells, last->cells, sizeof last->cells) == 0);
    free(last);
    int after = wait_keys(&client, MOST_KEYS, &id);
    CHECK_INT(before + after, total);
    ended_digest(second.port, run, digest);
    CHECK_STR(digest, straight);
    printf("two processes, the first killed after %d keys: the second has it in %ld ms and ends the run, %s\n",
           before, took, digest);
    client_close(&client);
    CHECK_INT(server_stop(&second, SIGTERM), 0);
}

/* One ended run's recording, from the server on database, verified by
 * the native program: true if it verifies to the digest stored */
static bool recording_verifies(const char *root, int port, long long run)
{
    char path[64], *body = malloc(1 << 20), file[400], digest[24], state[16], command[1200];
    snprintf(path, sizeof path, "/api/runs/%lld/recording", run);
    ended_digest(port, run, digest);
    bool ok = body != NULL && http_get(port, path, body, 1 << 20) == 200;
    (void)state;
    snprintf(file, sizeof file, "%s/run%lld.rec", root, run);
    FILE *out = ok ? fopen(file, "w") : NULL;
    ok = out != NULL && fputs(body, out) >= 0;
    if (out != NULL) fclose(out);
    free(body);
    snprintf(command, sizeof command, "AMULETS_HOME='%s/home' '%s' --replay '%s' --digest", root, AMULETS_BINARY, file);
    FILE *p = ok ? popen(command, "r") : NULL;
    char line[256], replayed[24] = "";
    while (p != NULL && fgets(line, sizeof line, p) != NULL) {
        if (strncmp(line, "digest ", 7) == 0) sscanf(line + 7, "%23s", replayed);
    }
    if (p != NULL) pclose(p);
    bool same = replayed[0] != '\0' && strcmp(replayed, digest) == 0;
    if (!CHECK(same)) fprintf(stderr, "    run %lld: replayed \"%s\", stored \"%s\"\n", run, replayed, digest);
    return same;
}

static void test_backup_restored(const char *root)
{
    char database[400], restored[400], command[1600];
    ServerProc server;
    Client client, other;
    uint32_t id = 0;
    test_database(root, "kept", database, sizeof database);
    CHECK(server_start(&server, database, NULL));
    /* two runs ended, and one live while the backup is taken */
    long long ended[2];
    for (int r = 0; r < 2; ++r) {
        char player[16];
        snprintf(player, sizeof player, "ended%d", r);
        CHECK(client_connect(&client, server.port, NULL));
        CHECK(start_run(&client, player, SEED, FLOOR));
        ended[r] = live_run(server.port);
        wait_keys(&client, MOST_KEYS, &id);
        client_close(&client);
    }
    CHECK(client_connect(&other, server.port, NULL));
    CHECK(start_run(&other, "playing", SEED, FLOOR));
    wait_keys(&other, 5, &id);
    snprintf(command, sizeof command,
             "sh '%s/tools/pg.sh' dump '%s/pg' kept > '%s/kept.sql' && sh '%s/tools/pg.sh' createdb '%s/pg' restored "
             ">/dev/null && sh '%s/tools/pg.sh' restore '%s/pg' restored < '%s/kept.sql'",
             AMULETS_SOURCE_DIR, pg.folder, root, AMULETS_SOURCE_DIR, pg.folder, AMULETS_SOURCE_DIR, pg.folder, root);
    wait_keys(&other, 5, &id);   /* the game goes on while it's taken */
    CHECK(system(command) == 0);
    client_close(&other);
    CHECK_INT(server_stop(&server, SIGTERM), 0);

    /* the restored database, served: every ended run verifies */
    snprintf(restored, sizeof restored, "postgresql:///restored?host=%s/pg&user=amulets", pg.folder);
    CHECK(server_start(&server, restored, NULL));
    int verified = 0;
    for (int r = 0; r < 2; ++r) verified += recording_verifies(root, server.port, ended[r]);
    CHECK_INT(verified, 2);
    printf("a backup taken while a game ran, restored: %d ended runs verify to their digests\n", verified);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
}

int main(void)
{
    char root[256], straight[24];
    pg_harness_start(&pg);
    test_pg = &pg;
    fresh_folder(root, sizeof root, "server-pg");
    int total = straight_run(root, "straight", SEED, FLOOR, MOST_KEYS, straight);
    test_database_away(root, total, straight);
    test_two_processes(root, total, straight);
    test_backup_restored(root);
    remove_folder(root);
    pg_harness_stop(&pg);
    return check_done("test_server_pg");
}
