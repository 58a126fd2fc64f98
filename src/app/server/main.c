/* amulets-server: the online game's server (src/server/server.h,
 * docs/server.md).
 *
 *   amulets-server [--address A] [--port N] [--database FILE|URI]
 *                  [--postgres CONNINFO] [--name NAME] [--data DIR]
 *                  [--fast] [--origin URL] [--verifier PROGRAM]
 *                  [--per-address N] [--behind-proxy]
 *                  [--pwhash-ops N] [--pwhash-mib N] [--ws-check-ms N]
 *                  [--test-seeds] [--test-lose-answer N] [--test-verify-ms N]
 *                  [--dev] [--static DIR]
 *   amulets-server --admin FILE hold|release|ban|unban NAME | strike RUN
 *
 * It listens on A (127.0.0.1) port N (8080; 0 any free one), keeps its
 * games in the SQLite file FILE (amulets-server.db here), or in the
 * PostgreSQL a postgres:// URI or a libpq CONNINFO names, reads the
 * game's data from DIR (the source tree's data/), checks uploads with
 * PROGRAM (the amulets built beside it), serves the built page's files
 * from DIR with --static (make web's build-web/site: make serve; nginx
 * in production, deploy/), and runs until SIGINT or SIGTERM. Its first line is "listening on URL".
 * With --name NAME (several processes on one PostgreSQL) the lobby
 * names NAME as the process serving its games, the path nginx routes
 * (/s/NAME/play, deploy/). --test-lose-answer N is the tests': the Nth group commit sent commits,
 * and its answer is lost; --test-verify-ms N makes each upload's check
 * N ms longer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "admin.h"
#include "server.h"

static void usage(void)
{
    fprintf(stderr, "usage: amulets-server [--address A] [--port N] [--database FILE|postgres://URI] "
                    "[--postgres CONNINFO] [--name NAME] [--data DIR] [--fast] "
                    "[--origin URL] [--verifier PROGRAM] [--per-address N] [--behind-proxy] [--pwhash-ops N] "
                    "[--pwhash-mib N] [--ws-check-ms N] [--test-seeds] [--test-lose-answer N] [--test-verify-ms N] "
                    "[--dev] [--static DIR]\n"
                    "       amulets-server --admin FILE hold|release|ban|unban NAME | strike RUN\n");
}

/* A flag that takes no value: true if arg is one (and set) */
static bool flag(ServerSetup *setup, const char *arg)
{
    if (strcmp(arg, "--fast") == 0) return setup->fast = true;
    if (strcmp(arg, "--test-seeds") == 0) return setup->test_seeds = true;
    if (strcmp(arg, "--dev") == 0) return setup->dev = true;
    if (strcmp(arg, "--behind-proxy") == 0) return setup->trust_proxy = true;
    return false;
}

/* A process's name: what nginx's path carries (/s/NAME/play): 1 to 31
 * letters, digits, '-' or '_' */
static bool name_ok(const char *value)
{
    size_t n = strlen(value);
    return n > 0 && n < 32 && strspn(value, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") == n;
}

static bool number(const char *value, long least, long most, long *out)
{
    char *end;
    *out = strtol(value, &end, 10);
    return *end == '\0' && end != value && *out >= least && *out <= most;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--admin") == 0) {
        if (argc < 3) {
            usage();
            return 2;
        }
        return admin_run(argv[2], argc - 3, argv + 3, stdout, stderr);
    }
    ServerSetup setup = {.address = "127.0.0.1", .port = 8080, .database = "amulets-server.db",
                         .data_dir = AMULETS_DATA_DIR, .verifier = AMULETS_VERIFIER, .say = stdout};
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (flag(&setup, arg)) continue;
        long n = 0;
        if (value == NULL) {
            usage();
            return 2;
        }
        if (strcmp(arg, "--address") == 0) setup.address = value;
        else if (strcmp(arg, "--database") == 0) setup.database = value;
        else if (strcmp(arg, "--postgres") == 0) setup.postgres = value;
        else if (strcmp(arg, "--test-lose-answer") == 0 && number(value, 1, 1000000, &n)) setup.lose_answer = (int)n;
        else if (strcmp(arg, "--test-verify-ms") == 0 && number(value, 1, 60000, &n)) setup.test_verify_ms = (int)n;
        else if (strcmp(arg, "--name") == 0 && name_ok(value)) setup.name = value;
        else if (strcmp(arg, "--data") == 0) setup.data_dir = value;
        else if (strcmp(arg, "--origin") == 0) setup.origin = value;
        else if (strcmp(arg, "--verifier") == 0) setup.verifier = value;
        else if (strcmp(arg, "--static") == 0) setup.static_dir = value;
        else if (strcmp(arg, "--port") == 0 && number(value, 0, 65535, &n)) setup.port = (int)n;
        else if (strcmp(arg, "--per-address") == 0 && number(value, 1, 100000, &n)) setup.per_address = (unsigned)n;
        else if (strcmp(arg, "--pwhash-ops") == 0 && number(value, 1, 100, &n)) setup.pwhash_ops = (unsigned long long)n;
        else if (strcmp(arg, "--ws-check-ms") == 0 && number(value, 10, 3600000, &n)) setup.ws_check_ms = (int)n;
        else if (strcmp(arg, "--pwhash-mib") == 0 && number(value, 8, 4096, &n)) setup.pwhash_mem = (size_t)n << 20;
        else {
            usage();
            return 2;
        }
        ++i;
    }
    return server_run(&setup);
}
