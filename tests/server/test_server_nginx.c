/* Two server processes on one PostgreSQL behind the repository's nginx
 * configuration for several processes (deploy/nginx-amulets-cluster.conf,
 * run as shipped but for its ports and paths, with a self-signed
 * certificate, and one plain-HTTP listener more for this test's client,
 * which speaks no TLS), on a PostgreSQL 15 of the test's own:
 *   - a game started through nginx's /play (any process); the lobby
 *     names the process that serves it, and the page plays on through
 *     /s/NAME/play;
 *   - that process kill -9-ed: the page reconnects to /s/NAME/play,
 *     nginx passes it to the other process (the backup), which has the
 *     game once the lease runs out; the run ends with the digest of the
 *     same run never interrupted, and the lobby names the survivor;
 *   - an upload made through nginx checked by a process that lives.
 * A skip (77) where PostgreSQL, nginx or openssl can't be had. */
#define _GNU_SOURCE
#include "serverrun.h"

#include <netinet/in.h>
#include <sys/socket.h>

enum { SEED = 12, FLOOR = 9, MOST_KEYS = 400 };

static PgHarness pg;
static char nginx_dir[128];

static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t length = sizeof a;
    int port = -1;
    if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
        getsockname(fd, (struct sockaddr *)&a, &length) == 0) {
        port = ntohs(a.sin_port);
    }
    if (fd >= 0) close(fd);
    return port;
}

/* nginx started in dir on the shipped cluster file, A and B's ports put
 * in: true once it answers on plain */
static bool nginx_start(const char *dir, int plain, int port_a, int port_b)
{
    int https = free_port(), http = free_port();
    static char command[16384];
    snprintf(command, sizeof command,
             "set -e; cd '%s'; mkdir -p site; echo ok > site/online.html;"
             "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -keyout key.pem -out cert.pem "
             "2>/dev/null;"
             "sed -e 's|listen 80;|listen 127.0.0.1:%d;|' -e '/listen \\[::\\]/d' "
             "-e 's|listen 443 ssl http2;|listen 127.0.0.1:%d ssl http2; listen 127.0.0.1:%d;|' "
             "-e 's|/etc/letsencrypt/live/amulets.example/fullchain.pem|%s/cert.pem|' "
             "-e 's|/etc/letsencrypt/live/amulets.example/privkey.pem|%s/key.pem|' "
             "-e 's|/srv/amulets/site|%s/site|' -e 's|127.0.0.1:8081|127.0.0.1:%d|' -e 's|127.0.0.1:8082|127.0.0.1:%d|' "
             "-e 's|/etc/nginx/amulets-proxy.conf|%s/amulets-proxy.conf|' -e 's|/etc/nginx/amulets-ws.conf|%s/amulets-ws.conf|' "
             "'%s/deploy/nginx-amulets-cluster.conf' > site.conf;"
             "cp '%s/deploy/amulets-proxy.conf' '%s/deploy/amulets-ws.conf' .;"
             "printf 'worker_processes 1;\\npid %s/nginx.pid;\\nerror_log %s/error.log notice;\\n"
             "events { worker_connections 256; }\\nhttp {\\n include /etc/nginx/mime.types;\\n access_log %s/access.log;\\n"
             " client_body_temp_path %s/body;\\n proxy_temp_path %s/proxy;\\n fastcgi_temp_path %s/fastcgi;\\n"
             " uwsgi_temp_path %s/uwsgi;\\n scgi_temp_path %s/scgi;\\n include %s/site.conf;\\n}\\n' > nginx.conf;"
             "/usr/sbin/nginx -q -p '%s' -c '%s/nginx.conf' 2>>error.log",
             dir, http, https, plain, dir, dir, dir, port_a, port_b, dir, dir, AMULETS_SOURCE_DIR, AMULETS_SOURCE_DIR,
             AMULETS_SOURCE_DIR, dir, dir, dir, dir, dir, dir, dir, dir, dir, dir, dir);
    if (system(command) != 0) return false;
    char body[256];
    for (int i = 0; i < 100; ++i) {
        if (http_get(plain, "/api/games", body, sizeof body) == 200) return true;
        usleep(50000);
    }
    return false;
}

static void nginx_stop(void)
{
    char command[600];
    snprintf(command, sizeof command, "[ -f '%s/nginx.pid' ] && kill $(cat '%s/nginx.pid') 2>/dev/null; sleep 0.2",
             nginx_dir, nginx_dir);
    if (system(command) != 0) {
        /* it had stopped */
    }
}

/* The server the lobby (through nginx) names for run */
static void named(int port, long long run, char server[32])
{
    char *body = malloc(1 << 16);
    snprintf(server, 32, "-");
    if (body != NULL && http_get(port, "/api/games", body, 1 << 16) == 200) {
        json_t *root = json_loads(body, 0, NULL), *row;
        size_t i;
        json_array_foreach(root, i, row)
        {
            const char *name = json_string_value(json_object_get(row, "server"));
            if (json_integer_value(json_object_get(row, "game")) == run) snprintf(server, 32, "%s", name ? name : "");
        }
        json_decref(root);
    }
    free(body);
}

static void test_through_nginx(const char *root, int total, const char *straight)
{
    char database[400], origin[64], path[64], server[32], digest[24];
    test_database(root, "cluster", database, sizeof database);
    int plain = free_port();
    snprintf(origin, sizeof origin, "http://127.0.0.1:%d", plain);
    const char *extra_a[] = {"--name", "A", "--origin", origin, "--behind-proxy", NULL};
    const char *extra_b[] = {"--name", "B", "--origin", origin, "--behind-proxy", NULL};
    ServerProc a, b;
    CHECK(server_start(&a, database, extra_a));
    CHECK(server_start(&b, database, extra_b));
    if (!CHECK(nginx_start(nginx_dir, plain, a.port, b.port))) {
        if (system("tail -5 /tmp/amulets-server-nginx-*/nginx/error.log >&2") != 0) fprintf(stderr, "no log\n");
        return;
    }
    Client client;
    uint32_t id = 0;
    CHECK(client_connect_path(&client, plain, "/play", origin, NULL));
    CHECK(start_run(&client, "walker", SEED, FLOOR));
    long long run = live_run(plain);
    for (int i = 0; i < 100 && (named(plain, run, server), strcmp(server, "A") != 0 && strcmp(server, "B") != 0); ++i) {
        usleep(20000);
    }
    CHECK(strcmp(server, "A") == 0 || strcmp(server, "B") == 0);
    ServerProc *serving = strcmp(server, "A") == 0 ? &a : &b, *other = serving == &a ? &b : &a;
    const char *survivor = serving == &a ? "B" : "A";
    /* the page goes to the game's own process, as the lobby says */
    client_close(&client);
    snprintf(path, sizeof path, "/s/%s/play", server);
    CHECK(client_connect_path(&client, plain, path, origin, NULL));
    CHECK(rejoin(&client, "walker", RUN_WAIT_MS) >= 0);
    int before = wait_keys(&client, total / 2, &id);
    CHECK_INT(server_stop(serving, SIGKILL), 128 + SIGKILL);
    client_close(&client);
    /* reconnecting to the same path: nginx's backup, the other process */
    CHECK(client_connect_path(&client, plain, path, origin, NULL));
    long took = rejoin(&client, "walker", RUN_WAIT_MS);
    CHECK(took >= 0 && took <= 2000);
    int after = wait_keys(&client, MOST_KEYS, &id);
    CHECK_INT(before + after, total);
    ended_digest(plain, run, digest);
    CHECK_STR(digest, straight);
    printf("through nginx: %s killed after %d keys, %s reached %s, which had the run in %ld ms and ended it, %s\n",
           server, before, path, survivor, took, digest);
    client_close(&client);

    /* an upload through nginx: checked by the process alive */
    char body[160], cookie[256];
    HttpAnswer answer;
    snprintf(body, sizeof body, "{\"name\":\"sender\",\"password\":\"sender's passphrase\"}");
    char headers[200];
    snprintf(headers, sizeof headers, "Content-Type: application/json\r\nOrigin: %s\r\n", origin);
    CHECK_INT(http_request(plain, "POST", "/api/register", headers, body, strlen(body), &answer), 200);
    snprintf(cookie, sizeof cookie, "Cookie: %.140s\r\nOrigin: %s\r\n", answer.cookie, origin);
    http_answer_free(&answer);
    CHECK_INT(http_request(plain, "POST", "/api/upload", cookie, "not a recording", 15, &answer), 202);
    json_t *parsed = json_loads(answer.body != NULL ? answer.body : "", 0, NULL);
    snprintf(path, sizeof path, "/api/uploads/%lld", (long long)json_integer_value(json_object_get(parsed, "upload")));
    json_decref(parsed);
    http_answer_free(&answer);
    char state[16] = "";
    for (int i = 0; i < 500 && (state[0] == '\0' || strcmp(state, "queued") == 0); ++i) {
        CHECK_INT(http_request(plain, "GET", path, cookie, "", 0, &answer), 200);
        parsed = json_loads(answer.body != NULL ? answer.body : "", 0, NULL);
        snprintf(state, sizeof state, "%s", json_string_value(json_object_get(parsed, "state")));
        json_decref(parsed);
        http_answer_free(&answer);
        if (strcmp(state, "queued") == 0) usleep(20000);
    }
    CHECK_STR(state, "refused");
    nginx_stop();
    CHECK_INT(server_stop(other, SIGTERM), 0);
}

int main(void)
{
    if (access("/usr/sbin/nginx", X_OK) != 0 || system("command -v openssl >/dev/null") != 0) {
        printf("SKIP: nginx or openssl isn't installed (apt-get install nginx openssl)\n");
        return 77;
    }
    char root[64], straight[24];
    pg_harness_start(&pg);
    test_pg = &pg;
    fresh_folder(root, sizeof root, "server-nginx");
    snprintf(nginx_dir, sizeof nginx_dir, "%s/nginx", root);
    char command[400];
    snprintf(command, sizeof command, "mkdir -p '%s' && chmod 755 '%s' '%s'", nginx_dir, root, nginx_dir);
    CHECK(system(command) == 0);
    int total = straight_run(root, "walker", SEED, FLOOR, MOST_KEYS, straight);
    test_through_nginx(root, total, straight);
    nginx_stop();
    remove_folder(root);
    pg_harness_stop(&pg);
    return check_done("test_server_nginx");
}
