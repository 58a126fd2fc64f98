/* amulets-server: the online game's server (src/server/server.h,
 * docs/server.md).
 *
 *   amulets-server [--address A] [--port N] [--database FILE|URI]
 *                  [--postgres CONNINFO] [--data DIR] [--fast] [--origin URL]
 *                  [--test-seeds] [--test-lose-answer N]
 *
 * It listens on A (127.0.0.1) port N (8080; 0 any free one), keeps its
 * games in the SQLite file FILE (amulets-server.db here), or in the
 * PostgreSQL a postgres:// URI or a libpq CONNINFO names, reads the
 * game's data from DIR (the source tree's data/), and runs until SIGINT
 * or SIGTERM. Its first line is "listening on URL". --test-lose-answer N
 * is the tests': the Nth group commit commits, and its answer is lost. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

static void usage(void)
{
    fprintf(stderr, "usage: amulets-server [--address A] [--port N] [--database FILE|postgres://URI] "
                    "[--postgres CONNINFO] [--data DIR] [--fast] [--origin URL] [--test-seeds]\n");
}

int main(int argc, char **argv)
{
    ServerSetup setup = {"127.0.0.1", 8080, "amulets-server.db", NULL, AMULETS_DATA_DIR, false, NULL, false, 0, stdout};
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "--fast") == 0 || strcmp(arg, "--test-seeds") == 0) {
            if (arg[2] == 'f') setup.fast = true;
            else setup.test_seeds = true;
            continue;
        }
        if (value == NULL) {
            usage();
            return 2;
        }
        char *end;
        if (strcmp(arg, "--address") == 0) setup.address = value;
        else if (strcmp(arg, "--database") == 0) setup.database = value;
        else if (strcmp(arg, "--postgres") == 0) setup.postgres = value;
        else if (strcmp(arg, "--test-lose-answer") == 0 && (setup.lose_answer = atoi(value)) > 0) {
        }
        else if (strcmp(arg, "--data") == 0) setup.data_dir = value;
        else if (strcmp(arg, "--origin") == 0) setup.origin = value;
        else if (strcmp(arg, "--port") == 0 && (setup.port = (int)strtol(value, &end, 10), *end == '\0') &&
                 setup.port >= 0 && setup.port <= 65535) {
        } else {
            usage();
            return 2;
        }
        ++i;
    }
    return server_run(&setup);
}
