/* The server's accounts end to end, over HTTP on loopback, the server
 * started --behind-proxy so each request names its address (X-Real-IP),
 * as nginx would: registering (bad names, weak passwords, a name taken in
 * another case), logging in and out, a password changed ending every
 * other session, recovery codes (each once, ending every session),
 * sessions outliving a restart, a hash made again when argon2id's
 * settings rise, the sixth login in a minute refused (by name, by
 * address), cross-site POSTs refused, bodies over 4 KB refused 413,
 * `' OR 1=1 --` in every field stored literally or refused, the admin's
 * hold and ban, the socket's player taken from the cookie, and the daily
 * started by two pages at once: exactly one. */
#define _GNU_SOURCE
#include "serverrun.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "db.h"

static const char INJECTION[] = "' OR 1=1 --";

/* A POST of a JSON body from address, with cookie ("" none) */
static int post(int port, const char *path, const char *json, const char *cookie, const char *address,
                HttpAnswer *answer)
{
    char headers[512];
    snprintf(headers, sizeof headers, "Content-Type: application/json\r\nX-Real-IP: %s\r\n%s%s%s", address,
             cookie[0] != '\0' ? "Cookie: " : "", cookie, cookie[0] != '\0' ? "\r\n" : "");
    return http_request(port, "POST", path, headers, json, strlen(json), answer);
}

/* GET /api/me with cookie: the status, the name into name */
static int me(int port, const char *cookie, char name[32])
{
    char headers[256];
    HttpAnswer a;
    snprintf(headers, sizeof headers, "Cookie: %s\r\n", cookie);
    int status = http_request(port, "GET", "/api/me", headers, "", 0, &a);
    json_t *root = json_loads(a.body != NULL ? a.body : "", 0, NULL);
    const char *n = json_string_value(json_object_get(root, "name"));
    snprintf(name, 32, "%s", n != NULL ? n : "");
    json_decref(root);
    http_answer_free(&a);
    return status;
}

/* Registers name with password from address: the status; the cookie and
 * the first recovery code (if asked) */
static int enrol(int port, const char *name, const char *password, const char *address, char cookie[160],
                 char code[16])
{
    char body[512];
    HttpAnswer a;
    json_t *form = json_pack("{s:s,s:s}", "name", name, "password", password);
    char *text = json_dumps(form, JSON_COMPACT);
    snprintf(body, sizeof body, "%s", text);
    free(text);
    json_decref(form);
    int status = post(port, "/api/register", body, "", address, &a);
    if (cookie != NULL) snprintf(cookie, 160, "%s", a.cookie);
    json_t *root = json_loads(a.body != NULL ? a.body : "", 0, NULL);
    json_t *codes = json_object_get(root, "recovery");
    if (status == 200) CHECK_INT(json_array_size(codes), 8);
    if (code != NULL) snprintf(code, 16, "%s", json_string_value(json_array_get(codes, 0)) ? json_string_value(json_array_get(codes, 0)) : "");
    json_decref(root);
    http_answer_free(&a);
    return status;
}

static int login(int port, const char *name, const char *password, const char *address, char cookie[160])
{
    HttpAnswer a;
    json_t *form = json_pack("{s:s,s:s}", "name", name, "password", password);
    char *text = json_dumps(form, JSON_COMPACT);
    int status = post(port, "/api/login", text, "", address, &a);
    if (cookie != NULL) snprintf(cookie, 160, "%s", a.cookie);
    free(text);
    json_decref(form);
    http_answer_free(&a);
    return status;
}

static void test_register(int port)
{
    char cookie[160], name[32];
    CHECK_INT(enrol(port, "alice", "a long passphrase", "10.0.1.1", cookie, NULL), 200);
    CHECK(strncmp(cookie, "__Host-amulets=", 15) == 0);
    CHECK_INT(me(port, cookie, name), 200);
    CHECK_STR(name, "alice");
    CHECK_INT(enrol(port, "ALICE", "another passphrase", "10.0.1.1", NULL, NULL), 409);
    CHECK_INT(enrol(port, "al", "a long passphrase", "10.0.1.1", NULL, NULL), 400);
    CHECK_INT(enrol(port, "bob bob", "a long passphrase", "10.0.1.1", NULL, NULL), 400);
    CHECK_INT(enrol(port, "bob", "short", "10.0.1.1", NULL, NULL), 400);
    CHECK_INT(enrol(port, "bobby123", "BOBBY123", "10.0.1.1", NULL, NULL), 400);
    CHECK_INT(enrol(port, "bob", "Password1", "10.0.1.1", NULL, NULL), 400);
    CHECK_INT(me(port, "__Host-amulets=nonsense", name), 401);
    /* the cookie's head, as a browser must keep it */
    HttpAnswer a;
    CHECK_INT(post(port, "/api/register", "{\"name\":\"carol\",\"password\":\"a long passphrase\"}", "", "10.0.1.2", &a),
              200);
    CHECK(strstr(a.head, "; Secure; HttpOnly; SameSite=Lax; Path=/") != NULL);
    CHECK(strstr(a.head, "Content-Security-Policy: default-src 'none'") != NULL);
    CHECK(strstr(a.head, "X-Content-Type-Options: nosniff") != NULL);
    http_answer_free(&a);
}

/* The eleventh registration from an address in ten minutes is refused */
static void test_register_rate(int port)
{
    for (int i = 0; i < 10; ++i) {
        char name[32];
        snprintf(name, sizeof name, "many%d", i);
        CHECK_INT(enrol(port, name, "a long passphrase", "10.0.14.1", NULL, NULL), 200);
    }
    CHECK_INT(enrol(port, "many10", "a long passphrase", "10.0.14.1", NULL, NULL), 429);
    CHECK_INT(enrol(port, "many10", "a long passphrase", "10.0.14.2", NULL, NULL), 200);
}

static void test_login_logout(int port)
{
    char cookie[160], name[32];
    CHECK_INT(login(port, "Alice", "a long passphrase", "10.0.2.1", cookie), 200);
    CHECK_INT(me(port, cookie, name), 200);
    CHECK_INT(login(port, "alice", "the wrong passphrase", "10.0.2.1", NULL), 401);
    CHECK_INT(login(port, "nobody", "a long passphrase", "10.0.2.1", NULL), 401);
    HttpAnswer a;
    CHECK_INT(post(port, "/api/logout", "", cookie, "10.0.2.1", &a), 204);
    http_answer_free(&a);
    CHECK_INT(me(port, cookie, name), 401);
}

/* A password changed ends every other session */
static void test_password(int port)
{
    char one[160], two[160], name[32];
    CHECK_INT(enrol(port, "hank", "a long passphrase", "10.0.3.9", NULL, NULL), 200);
    CHECK_INT(login(port, "hank", "a long passphrase", "10.0.3.1", one), 200);
    CHECK_INT(login(port, "hank", "a long passphrase", "10.0.3.2", two), 200);
    Client page;   /* a socket the second session opened */
    CHECK(client_connect_as(&page, port, NULL, two));
    CHECK(client_send(&page, "{\"t\":\"play\"}") && client_expect(&page, "idle", RUN_WAIT_MS) != NULL);
    HttpAnswer a;
    CHECK_INT(post(port, "/api/password", "{\"old\":\"not it at all\",\"new\":\"a newer passphrase\"}", one,
                   "10.0.3.1", &a), 401);
    http_answer_free(&a);
    CHECK_INT(post(port, "/api/password", "{\"old\":\"a long passphrase\",\"new\":\"a newer passphrase\"}", one,
                   "10.0.3.1", &a), 200);
    char fresh[160];
    snprintf(fresh, sizeof fresh, "%s", a.cookie);
    http_answer_free(&a);
    CHECK_INT(me(port, one, name), 401);
    CHECK_INT(me(port, two, name), 401);
    CHECK_INT(me(port, fresh, name), 200);
    /* its socket went with it: the server closed it */
    for (int i = 0; i < 50 && !page.closed && !wslay_event_get_close_received(page.ctx); ++i) client_next(&page, 100);
    CHECK(page.closed || wslay_event_get_close_received(page.ctx));
    client_close(&page);
    CHECK_INT(login(port, "hank", "a long passphrase", "10.0.3.3", NULL), 401);
    CHECK_INT(login(port, "hank", "a newer passphrase", "10.0.3.3", NULL), 200);
}

/* A recovery code sets a new password, ends every session, works once */
static void test_recovery(int port)
{
    char cookie[160], code[16], name[32], body[256];
    CHECK_INT(enrol(port, "dave", "dave's own passphrase", "10.0.4.1", cookie, code), 200);
    CHECK_INT((int)strlen(code), 10);
    HttpAnswer a;
    CHECK_INT(post(port, "/api/recover", "{\"name\":\"dave\",\"code\":\"AAAAAAAAAA\",\"password\":\"recovered phrase\"}",
                   "", "10.0.4.2", &a), 401);
    http_answer_free(&a);
    snprintf(body, sizeof body, "{\"name\":\"dave\",\"code\":\"%s\",\"password\":\"recovered phrase\"}", code);
    CHECK_INT(post(port, "/api/recover", body, "", "10.0.4.2", &a), 200);
    char fresh[160];
    snprintf(fresh, sizeof fresh, "%s", a.cookie);
    http_answer_free(&a);
    CHECK_INT(me(port, cookie, name), 401);
    CHECK_INT(me(port, fresh, name), 200);
    CHECK_INT(post(port, "/api/recover", body, "", "10.0.4.3", &a), 401);   /* once only */
    http_answer_free(&a);
    CHECK_INT(login(port, "dave", "recovered phrase", "10.0.4.4", NULL), 200);
}

/* The sixth login in a minute is refused: for a name from six addresses,
 * and from an address for six names */
static void test_login_rate(int port)
{
    char address[32];
    for (int i = 0; i < 5; ++i) {
        snprintf(address, sizeof address, "10.0.5.%d", i + 1);
        CHECK_INT(login(port, "carol", "not her passphrase", address, NULL), 401);
    }
    CHECK_INT(login(port, "carol", "a long passphrase", "10.0.5.9", NULL), 429);
    for (int i = 0; i < 5; ++i) {
        char name[32];
        snprintf(name, sizeof name, "someone%d", i);
        CHECK_INT(login(port, name, "not a passphrase", "10.0.6.1", NULL), 401);
    }
    CHECK_INT(enrol(port, "ivan", "ivan's passphrase", "10.0.6.9", NULL, NULL), 200);
    CHECK_INT(login(port, "ivan", "ivan's passphrase", "10.0.6.1", NULL), 429);
    CHECK_INT(login(port, "ivan", "ivan's passphrase", "10.0.6.2", NULL), 200);
}

static void test_cross_site(int port)
{
    HttpAnswer a;
    const char *evil = "Origin: http://evil.example\r\nX-Real-IP: 10.0.7.1\r\n";
    CHECK_INT(enrol(port, "judy", "judy's passphrase", "10.0.7.9", NULL, NULL), 200);
    const char *form = "{\"name\":\"judy\",\"password\":\"judy's passphrase\"}";
    CHECK_INT(http_request(port, "POST", "/api/login", evil, form, strlen(form), &a), 403);
    http_answer_free(&a);
    CHECK_INT(http_request(port, "POST", "/api/register", evil, form, strlen(form), &a), 403);
    http_answer_free(&a);
    CHECK_INT(http_request(port, "POST", "/api/logout", evil, "", 0, &a), 403);
    http_answer_free(&a);
    char own[128];
    snprintf(own, sizeof own, "Origin: http://127.0.0.1:%d\r\nX-Real-IP: 10.0.7.2\r\n", port);
    CHECK_INT(http_request(port, "POST", "/api/login", own, form, strlen(form), &a), 200);
    http_answer_free(&a);
}

/* A body sent chunked (no Content-Length) of length bytes: the status */
static int post_chunked(int port, const char *path, size_t length)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    if (fd < 0 || connect(fd, (struct sockaddr *)&to, sizeof to) != 0) return -1;
    char head[256], chunk[1100];
    int n = snprintf(head, sizeof head, "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Real-IP: 10.0.8.9\r\n"
                     "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n", path);
    bool ok = send(fd, head, (size_t)n, MSG_NOSIGNAL) == n;
    for (size_t sent = 0; ok && sent < length; sent += 1000) {
        n = snprintf(chunk, sizeof chunk, "3e8\r\n%01000d\r\n", 0);
        ok = send(fd, chunk, (size_t)n, MSG_NOSIGNAL) == n;
    }
    if (ok) send(fd, "0\r\n\r\n", 5, MSG_NOSIGNAL);
    char answer[64] = "";
    int status = -1;
    if (recv(fd, answer, sizeof answer - 1, 0) > 0) sscanf(answer, "HTTP/1.1 %d", &status);
    close(fd);
    return status;
}

static void test_limits(int port)
{
    CHECK_INT(post_chunked(port, "/api/login", 5000), 413);
    CHECK_INT(post_chunked(port, "/api/upload", 300 * 1000), 413);
    char *big = malloc(5000);
    memset(big, 'x', 4999);
    big[4999] = '\0';
    memcpy(big, "{\"name\":\"", 9);
    HttpAnswer a;
    CHECK_INT(post(port, "/api/login", big, "", "10.0.8.1", &a), 413);
    http_answer_free(&a);
    free(big);
    CHECK_INT(post(port, "/api/login", "{\"name\":\"alice\",\"name\":\"bob\",\"password\":\"x\"}", "", "10.0.8.2", &a), 400);
    http_answer_free(&a);
    CHECK_INT(post(port, "/api/login", "{\"name\":[\"alice\"],\"password\":\"x\"}", "", "10.0.8.2", &a), 400);
    http_answer_free(&a);
    CHECK_INT(post(port, "/api/login", "{\"name\":\"alice\",\"password\":\"x\",\"admin\":\"yes\"}", "", "10.0.8.2", &a), 400);
    http_answer_free(&a);
}

/* ' OR 1=1 -- in every field: a name refused, a password kept as it is */
static void test_injection(int port)
{
    char cookie[160], name[32], body[256];
    CHECK_INT(enrol(port, INJECTION, "a long passphrase", "10.0.9.1", NULL, NULL), 400);
    char password[64];
    snprintf(password, sizeof password, "%s%s", INJECTION, INJECTION);
    CHECK_INT(enrol(port, "erin", password, "10.0.9.1", cookie, NULL), 200);
    CHECK_INT(login(port, "erin", password, "10.0.9.2", NULL), 200);
    CHECK_INT(login(port, "erin", INJECTION, "10.0.9.3", NULL), 401);
    CHECK_INT(login(port, INJECTION, INJECTION, "10.0.9.4", NULL), 401);
    HttpAnswer a;
    snprintf(body, sizeof body, "{\"name\":\"erin\",\"code\":\"%s\",\"password\":\"%s\"}", INJECTION, password);
    CHECK_INT(post(port, "/api/recover", body, "", "10.0.9.5", &a), 401);
    http_answer_free(&a);
    char evil_cookie[64];
    snprintf(evil_cookie, sizeof evil_cookie, "__Host-amulets=%s", INJECTION);
    CHECK_INT(me(port, evil_cookie, name), 401);
    CHECK_INT(http_get(port, "/api/boards/daily/'%20OR%201=1%20--", body, sizeof body), 404);
    CHECK_INT(http_get(port, "/api/runs/1%20OR%201=1", body, sizeof body), 404);
}

/* The socket's player is the cookie's; a page can't name one (no --dev) */
static void test_socket_player(int port, const char *cookie)
{
    Client c;
    CHECK(client_connect_as(&c, port, NULL, cookie));
    CHECK(client_send(&c, "{\"t\":\"play\",\"player\":\"alice\"}"));
    CHECK(client_expect(&c, "refused", RUN_WAIT_MS) != NULL);
    CHECK(client_send(&c, "{\"t\":\"play\"}"));
    CHECK(client_expect(&c, "idle", RUN_WAIT_MS) != NULL);
    client_close(&c);
    CHECK(client_connect(&c, port, NULL));
    CHECK(client_send(&c, "{\"t\":\"play\"}"));
    CHECK(client_expect(&c, "refused", RUN_WAIT_MS) != NULL);
    client_close(&c);
}

/* Two pages of one account start the daily at once: exactly one does */
static void test_daily_once(int port, const char *cookie)
{
    Client one, two;
    CHECK(client_connect_as(&one, port, NULL, cookie));
    CHECK(client_connect_as(&two, port, NULL, cookie));
    CHECK(client_send(&one, "{\"t\":\"play\"}") && client_send(&two, "{\"t\":\"play\"}"));
    CHECK(client_expect(&one, "idle", RUN_WAIT_MS) != NULL && client_expect(&two, "idle", RUN_WAIT_MS) != NULL);
    CHECK(client_send(&one, "{\"t\":\"new\",\"mode\":\"daily\",\"abandon\":true}"));
    CHECK(client_send(&two, "{\"t\":\"new\",\"mode\":\"daily\",\"abandon\":true}"));
    int started = 0, refused = 0;
    for (int i = 0; i < 2; ++i) {
        Client *c = i == 0 ? &one : &two;
        const char *m;
        while ((m = client_next(c, RUN_WAIT_MS)) != NULL) {
            if (strstr(m, "\"t\":\"full\"") != NULL) {
                ++started;
                break;
            }
            if (strstr(m, "\"t\":\"refused\"") != NULL) {
                ++refused;
                break;
            }
        }
    }
    CHECK_INT(started, 1);
    CHECK_INT(refused, 1);
    client_close(&one);
    client_close(&two);
    char headers[256], body[512];
    HttpAnswer a;
    snprintf(headers, sizeof headers, "Cookie: %s\r\n", cookie);
    CHECK_INT(http_request(port, "GET", "/api/me", headers, "", 0, &a), 200);
    CHECK(a.body != NULL && strstr(a.body, "\"played\":true") != NULL);
    http_answer_free(&a);
    /* a later attempt is refused too */
    Client three;
    CHECK(client_connect_as(&three, port, NULL, cookie));
    CHECK(client_send(&three, "{\"t\":\"play\"}"));
    CHECK(client_expect(&three, "full", RUN_WAIT_MS) != NULL);
    CHECK(client_send(&three, "{\"t\":\"new\",\"mode\":\"daily\",\"abandon\":true}"));
    CHECK(client_expect(&three, "refused", RUN_WAIT_MS) != NULL);
    client_close(&three);
    (void)body;
}

static int admin(const char *database, const char *verb, const char *name)
{
    char command[600];
    snprintf(command, sizeof command, "'%s' --admin '%s' %s %s >/dev/null", AMULETS_SERVER_BINARY, database, verb, name);
    int status = system(command);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_admin(int port, const char *database)
{
    char cookie[160], name[32];
    CHECK_INT(enrol(port, "frank", "frank's passphrase", "10.0.10.1", cookie, NULL), 200);
    CHECK_INT(admin(database, "hold", "frank"), 0);
    Client c;
    CHECK(client_connect_as(&c, port, NULL, cookie));
    CHECK(client_send(&c, "{\"t\":\"play\"}"));
    CHECK(client_expect(&c, "idle", RUN_WAIT_MS) != NULL);
    CHECK(client_send(&c, "{\"t\":\"new\"}"));
    CHECK(client_expect(&c, "refused", RUN_WAIT_MS) != NULL);
    CHECK_INT(admin(database, "release", "frank"), 0);
    CHECK(client_send(&c, "{\"t\":\"new\"}"));
    CHECK(client_expect(&c, "full", RUN_WAIT_MS) != NULL);
    client_close(&c);
    CHECK_INT(admin(database, "ban", "frank"), 0);
    CHECK_INT(me(port, cookie, name), 401);
    CHECK_INT(login(port, "frank", "frank's passphrase", "10.0.10.2", NULL), 403);
    CHECK_INT(admin(database, "unban", "frank"), 0);
    CHECK_INT(login(port, "frank", "frank's passphrase", "10.0.10.3", NULL), 200);
    CHECK_INT(admin(database, "hold", "nobody-here"), 1);
    CHECK_INT(admin(database, "strike", "999999"), 1);
    CHECK_INT(admin(database, "smite", "frank"), 2);
}

typedef struct HashRow {
    char hash[160];
} HashRow;

static bool read_hash(void *context, const DbValue *c, int count)
{
    HashRow *row = context;
    if (count >= 3 && c[2].type == DB_TEXT) snprintf(row->hash, sizeof row->hash, "%s", c[2].s);
    return false;
}

/* The stored hash of name's password (read beside the server: WAL) */
static void stored_hash(const char *database, const char *name, char out[160])
{
    Db db = {0};
    char error[DB_ERROR_SIZE];
    HashRow row = {""};
    DbValue value = db_text(name);
    CHECK(db_sqlite_open(&db, database, false, error, sizeof error));
    CHECK(db_run(db, DB_ACCOUNT_GET, &value, 1, read_hash, &row, error, sizeof error));
    db_close(&db);
    snprintf(out, 160, "%s", row.hash);
}

/* Sessions outlive a restart; a hash is made again at the next login when
 * the settings rose */
static void test_restart(ServerProc *server, const char *database)
{
    char cookie[160], name[32], before[160], after[160];
    CHECK_INT(enrol(server->port, "kate", "kate's passphrase", "10.0.11.9", NULL, NULL), 200);
    CHECK_INT(login(server->port, "kate", "kate's passphrase", "10.0.11.1", cookie), 200);
    stored_hash(database, "kate", before);
    CHECK(strstr(before, "$argon2id$") == before && strstr(before, "t=2") != NULL && strstr(before, "m=19456") != NULL);
    CHECK_INT(server_stop(server, SIGTERM), 0);
    const char *extra[] = {"--no-dev", "--behind-proxy", "--pwhash-ops", "3", NULL};
    CHECK(server_start(server, database, extra));
    CHECK_INT(me(server->port, cookie, name), 200);
    CHECK_STR(name, "kate");
    CHECK_INT(login(server->port, "kate", "kate's passphrase", "10.0.11.2", NULL), 200);
    stored_hash(database, "kate", after);
    CHECK(strstr(after, "t=3") != NULL);
    CHECK(strcmp(before, after) != 0);
    CHECK_INT(login(server->port, "kate", "kate's passphrase", "10.0.11.3", NULL), 200);
}

int main(void)
{
    char root[64], database[128];
    fresh_folder(root, sizeof root, "server-accounts");
    snprintf(database, sizeof database, "%s/db.sqlite", root);
    ServerProc server;
    const char *extra[] = {"--no-dev", "--behind-proxy", NULL};
    if (!server_start(&server, database, extra)) {
        fprintf(stderr, "test_server_accounts: the server didn't start\n");
        remove_folder(root);
        return EXIT_FAILURE;
    }
    int port = server.port;
    test_register(port);
    test_register_rate(port);
    test_login_logout(port);
    test_password(port);
    test_recovery(port);
    test_login_rate(port);
    test_cross_site(port);
    test_limits(port);
    test_injection(port);
    char cookie[160];
    CHECK_INT(enrol(port, "gina", "gina's passphrase", "10.0.12.1", cookie, NULL), 200);
    test_socket_player(port, cookie);
    test_daily_once(port, cookie);
    test_admin(port, database);
    test_restart(&server, database);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
    remove_folder(root);
    return check_done("test_server_accounts");
}
