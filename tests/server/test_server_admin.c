/* The admin's word felt at once (docs/server.md's Accounts): the admin's
 * command line is another process that changes the database, and the
 * server notices within its state check (a second): a banned player's
 * sockets, playing and watching, are closed with a message while
 * another player's game goes on; a held player's live game, at its
 * death screen, can't go on to a new run with R (the state is read as
 * the key comes), and goes on once released. */
#define _GNU_SOURCE
#include "serverrun.h"

#include <sys/wait.h>

enum { MOST_KEYS = 1500, FLOOR = 9, STATE_CHECK_MS = 1000 };

static int admin(const char *database, const char *verb, const char *name)
{
    char command[600];
    snprintf(command, sizeof command, "'%s' --admin '%s' %s %s >/dev/null", AMULETS_SERVER_BINARY, database, verb, name);
    int status = system(command);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* True once the server has closed the client's socket, within ms */
static bool closed_within(Client *client, int ms)
{
    for (int waited = 0; waited < ms; waited += 50) {
        if (client->closed || wslay_event_get_close_received(client->ctx)) return true;
        client_next(client, 50);
    }
    return client->closed || wslay_event_get_close_received(client->ctx);
}

/* A banned player's sockets close, each told why; another's stays */
static void test_ban(int port, const char *database)
{
    Client playing, watching, other;
    CHECK(client_connect(&playing, port, NULL));
    CHECK(start_run(&playing, "hank", 12, 1));
    CHECK(client_connect(&watching, port, NULL));
    CHECK(client_send(&watching, "{\"t\":\"play\",\"player\":\"hank\"}"));   /* a second page: it watches */
    CHECK(client_expect(&watching, "full", RUN_WAIT_MS) != NULL);
    CHECK(client_connect(&other, port, NULL));
    CHECK(start_run(&other, "iris", 40, 1));
    CHECK_INT(admin(database, "ban", "hank"), 0);
    CHECK(closed_within(&playing, 3 * STATE_CHECK_MS));
    CHECK(closed_within(&watching, 3 * STATE_CHECK_MS));
    CHECK(!closed_within(&other, 2 * STATE_CHECK_MS));
    bool dropped;
    CHECK(client_key(&other, '.', 1, RUN_WAIT_MS, &dropped) != NULL);
    client_close(&playing);
    client_close(&watching);
    client_close(&other);
}

/* Rests ('.') until the run is over: true if it is */
static bool play_to_death(Client *client)
{
    char screen[32];
    uint32_t id = 100;
    for (int k = 0; k < MOST_KEYS && strcmp(page_screen(&client->frame, screen), "dead") != 0; ++k) {
        bool dropped;
        if (client_key(client, '.', ++id, RUN_WAIT_MS, &dropped) == NULL) return false;
    }
    return strcmp(page_screen(&client->frame, screen), "dead") == 0;
}

/* Held at the death screen: R starts no run; released, it does */
static void test_hold(int port, const char *database)
{
    Client c;
    char screen[32];
    CHECK(client_connect(&c, port, NULL));
    CHECK(start_run(&c, "jill", 12, FLOOR));
    CHECK(play_to_death(&c));
    CHECK_INT(admin(database, "hold", "jill"), 0);
    CHECK(client_send(&c, "{\"t\":\"key\",\"key\":82,\"seen\":999999,\"id\":7}"));
    const char *refused = client_expect(&c, "refused", RUN_WAIT_MS);
    CHECK(refused != NULL && strstr(refused, "held") != NULL);
    client_pump(&c);
    CHECK_STR(page_screen(&c.frame, screen), "dead");
    CHECK(!c.closed);   /* held, not banned: the socket stays */
    CHECK_INT(admin(database, "release", "jill"), 0);
    CHECK(client_send(&c, "{\"t\":\"key\",\"key\":82,\"seen\":999999,\"id\":8}"));
    for (int i = 0; i < 40 && strcmp(page_screen(&c.frame, screen), "dead") == 0; ++i) client_next(&c, 50);
    CHECK(strcmp(page_screen(&c.frame, screen), "dead") != 0);
    client_close(&c);
}

int main(void)
{
    char root[64], database[128];
    fresh_folder(root, sizeof root, "server-admin");
    snprintf(database, sizeof database, "%s/db.sqlite", root);
    ServerProc server;
    if (!server_start(&server, database, NULL)) {
        fprintf(stderr, "test_server_admin: the server didn't start\n");
        remove_folder(root);
        return EXIT_FAILURE;
    }
    test_ban(server.port, database);
    test_hold(server.port, database);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
    remove_folder(root);
    return check_done("test_server_admin");
}
