/* The tests' PostgreSQL (pg_harness.h): tools/pg.sh run by the shell */
#define _GNU_SOURCE
#include "pg_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

/* The one harness started, stopped at exit (a test that fails midway
 * leaves no server behind) */
static PgHarness *started;

static void stop_at_exit(void)
{
    if (started != NULL) pg_harness_stop(started);
}

/* Runs tools/pg.sh with the arguments; its output's first line in out:
 * the script's exit status */
static int pg_sh(const char *arguments, char *out, size_t size)
{
    char command[1024];
    snprintf(command, sizeof command, "sh '%s/tools/pg.sh' %s", AMULETS_SOURCE_DIR, arguments);
    FILE *pipe = popen(command, "r");
    if (pipe == NULL) return 1;
    char line[PG_HARNESS_INFO] = "";
    if (fgets(line, sizeof line, pipe) == NULL) line[0] = '\0';
    while (getc(pipe) != EOF) {
    }
    int status = pclose(pipe);
    line[strcspn(line, "\n")] = '\0';
    if (out != NULL) snprintf(out, size, "%s", line);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

static void unavailable(int status)
{
    const char *required = getenv("AMULETS_PG_REQUIRED");
    bool must = required != NULL && strcmp(required, "1") == 0;
    fprintf(stderr, "PostgreSQL 15 can't be had here (tools/pg.sh: %d)%s\n", status,
            must ? ", and AMULETS_PG_REQUIRED=1: a failure" : ": skipped");
    exit(must ? EXIT_FAILURE : 77);
}

void pg_harness_start(PgHarness *pg)
{
    int status = pg_sh("check", NULL, 0);
    if (status != 0) unavailable(status);
    snprintf(pg->folder, sizeof pg->folder, "/tmp/amulets-pg-XXXXXX");
    /* the cluster's owner (postgres, when the test is root) goes through
     * it to its own folder inside */
    if (mkdtemp(pg->folder) == NULL || chmod(pg->folder, 0711) != 0) exit(EXIT_FAILURE);
    char arguments[400];
    snprintf(arguments, sizeof arguments, "start '%s/pg'", pg->folder);
    status = pg_sh(arguments, pg->conninfo, sizeof pg->conninfo);
    started = pg;
    atexit(stop_at_exit);
    if (status == 77) unavailable(status);
    if (status != 0) {
        fprintf(stderr, "PostgreSQL didn't start (tools/pg.sh: %d)\n", status);
        exit(EXIT_FAILURE);
    }
}

bool pg_harness_database(const PgHarness *pg, const char *name, char *conninfo, size_t size)
{
    char arguments[400];
    snprintf(arguments, sizeof arguments, "createdb '%s/pg' '%s'", pg->folder, name);
    return pg_sh(arguments, conninfo, size) == 0;
}

bool pg_harness_uri(const PgHarness *pg, const char *name, char *uri, size_t size)
{
    char conninfo[PG_HARNESS_INFO];
    if (!pg_harness_database(pg, name, conninfo, sizeof conninfo)) return false;
    /* the socket's folder is a path: libpq takes it as the host parameter */
    snprintf(uri, size, "postgresql:///%s?host=%s/pg&user=amulets", name, pg->folder);
    return true;
}

bool pg_harness_down(const PgHarness *pg)
{
    char arguments[400];
    snprintf(arguments, sizeof arguments, "down '%s/pg'", pg->folder);
    return pg_sh(arguments, NULL, 0) == 0;
}

bool pg_harness_up(const PgHarness *pg)
{
    char arguments[400];
    snprintf(arguments, sizeof arguments, "up '%s/pg'", pg->folder);
    return pg_sh(arguments, NULL, 0) == 0;
}

void pg_harness_stop(PgHarness *pg)
{
    if (pg->folder[0] == '\0') return;
    char arguments[400];
    snprintf(arguments, sizeof arguments, "stop '%s/pg'", pg->folder);
    pg_sh(arguments, NULL, 0);
    char command[400];
    snprintf(command, sizeof command, "rm -rf '%s'", pg->folder);
    if (system(command) != 0) fprintf(stderr, "can't remove %s\n", pg->folder);
    pg->folder[0] = '\0';
    if (started == pg) started = NULL;
}
