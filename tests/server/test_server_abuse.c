/* The server under abuse, each bounded in time, on loopback:
 *
 * - 500 slow sockets (from ten addresses, 127.0.0.2 to .11) trickling a
 *   request's headers a byte at a time, while the lobby still answers
 *   each request in under 100 ms; a 65th connection from one address is
 *   closed at once (at most 64 an address);
 * - a socket typing 100 keys a second is throttled (its keys past the
 *   bucket answered dropped and throttled) while another game's keys are
 *   answered at once. */
#define _GNU_SOURCE
#include "serverrun.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>

enum { SLOW = 500, ADDRESSES = 10, PER_ADDRESS = 64, KEYS = 300 };

/* The time bounds: a sanitizer's build is some times slower (what it
 * checks there is memory, not time) */
static double bound_ms(double ms)
{
    return getenv("AMULETS_SANITIZED") != NULL ? ms * 4 : ms;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

/* A connection to port from the loopback address 127.0.0.host, or -1 */
static int dial_from(int port, int host)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in from = {.sin_family = AF_INET}, to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    char address[32];
    snprintf(address, sizeof address, "127.0.0.%d", host);
    inet_pton(AF_INET, address, &from.sin_addr);
    inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    if (fd < 0 || bind(fd, (struct sockaddr *)&from, sizeof from) != 0 ||
        connect(fd, (struct sockaddr *)&to, sizeof to) != 0) {
        if (fd >= 0) close(fd);
        return -1;
    }
    return fd;
}

/* True if the server has closed fd (a read gives 0 or an error) */
static bool closed(int fd)
{
    struct pollfd p = {fd, POLLIN, 0};
    char byte;
    return poll(&p, 1, 0) > 0 && recv(fd, &byte, 1, MSG_DONTWAIT) <= 0;
}

static void test_slow_sockets(int port)
{
    static const char HEAD[] = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
    int fds[SLOW], open_count = 0;
    for (int i = 0; i < SLOW; ++i) {
        fds[i] = dial_from(port, 2 + i % ADDRESSES);
        if (fds[i] >= 0 && send(fds[i], HEAD, sizeof HEAD - 1, MSG_NOSIGNAL) > 0) ++open_count;
    }
    CHECK_INT(open_count, SLOW);
    double worst = 0;
    char *body = malloc(1 << 16);
    for (int round = 0; round < 20; ++round) {
        for (int i = 0; i < SLOW; ++i) {   /* a byte more of each */
            if (fds[i] >= 0) send(fds[i], "a", 1, MSG_NOSIGNAL | MSG_DONTWAIT);
        }
        double start = now_ms();
        CHECK_INT(http_get(port, "/api/games", body, 1 << 16), 200);
        double took = now_ms() - start;
        if (took > worst) worst = took;
        usleep(50000);
    }
    free(body);
    printf("the lobby's slowest answer with %d slow sockets: %.1f ms\n", SLOW, worst);
    CHECK(worst < bound_ms(100));
    /* the 65th connection from one address is let go at once */
    int many[PER_ADDRESS + 1], refused = 0;
    for (int i = 0; i <= PER_ADDRESS; ++i) many[i] = dial_from(port, 20);
    usleep(300000);   /* well within the server's idle timeout (10 s) */
    for (int i = 0; i <= PER_ADDRESS; ++i) refused += many[i] < 0 || closed(many[i]);
    CHECK_INT(refused, 1);
    for (int i = 0; i <= PER_ADDRESS; ++i) {
        if (many[i] >= 0) close(many[i]);
    }
    for (int i = 0; i < SLOW; ++i) {
        if (fds[i] >= 0) close(fds[i]);
    }
}

/* A key's answer (frame or ack) for the other game: its time in ms */
static double key_time(Client *client, uint32_t id)
{
    bool dropped;
    double start = now_ms();
    CHECK(client_key(client, '.', id, RUN_WAIT_MS, &dropped) != NULL);
    return now_ms() - start;
}

static void test_key_flood(int port)
{
    Client flood, other;
    CHECK(client_connect(&flood, port, NULL) && client_connect(&other, port, NULL));
    CHECK(start_run(&flood, "flooder", 5, 1));
    CHECK(start_run(&other, "bystander", 6, 1));
    int throttled = 0, answered = 0;
    double worst = 0, start = now_ms();
    char text[128];
    for (int k = 0; k < KEYS; ++k) {
        /* 100 a second, each on the frame drawn: the bucket alone refuses them */
        while (now_ms() < start + k * 10.0) {
            client_pump(&flood);
            usleep(500);
        }
        client_pump(&flood);
        snprintf(text, sizeof text, "{\"t\":\"key\",\"key\":46,\"seen\":%u,\"id\":%d}", flood.frame.number + 1000, k + 1);
        CHECK(client_send(&flood, text));
        if (k % 30 == 0) {
            double took = key_time(&other, (uint32_t)k + 1);
            if (took > worst) worst = took;
        }
    }
    const char *m;
    while ((m = client_next(&flood, 500)) != NULL) {
        if (strstr(m, "\"throttled\":true") != NULL) ++throttled;
        else if (strstr(m, "\"ack\"") != NULL || strstr(m, "\"t\":\"frame\"") != NULL) ++answered;
    }
    double seconds = (now_ms() - start) / 1000.0;
    printf("%d keys in %.1f s: %d throttled; the other game's slowest key %.1f ms\n", KEYS, seconds, throttled, worst);
    /* a bucket of 60, filling at 30 a second */
    CHECK(throttled >= KEYS - 60 - (int)(30 * seconds) - 10);
    CHECK(throttled > KEYS / 3);
    CHECK(worst < bound_ms(100));
    client_close(&flood);
    client_close(&other);
}

/* 20 logins sent at once, each hashed on the worker, while a game plays */
static void test_logins_dont_stall(int port)
{
    enum { LOGINS = 20 };
    Client game;
    CHECK(client_connect(&game, port, NULL));
    CHECK(start_run(&game, "steady", 7, 1));
    int fds[LOGINS];
    for (int i = 0; i < LOGINS; ++i) {
        char request[512], body[96];
        int n = snprintf(body, sizeof body, "{\"name\":\"nobody%d\",\"password\":\"a wrong passphrase\"}", i);
        int m = snprintf(request, sizeof request,
                         "POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Real-IP: 10.9.0.%d\r\n"
                         "Content-Length: %d\r\n\r\n%s", i + 1, n, body);
        fds[i] = dial_from(port, 1);
        CHECK(fds[i] >= 0 && send(fds[i], request, (size_t)m, MSG_NOSIGNAL) == m);
    }
    double worst = 0, start = now_ms();
    for (uint32_t k = 1; k <= 20; ++k) {
        double took = key_time(&game, k);
        if (took > worst) worst = took;
    }
    int unauthorized = 0;
    for (int i = 0; i < LOGINS; ++i) {
        char answer[64] = "";
        struct pollfd p = {fds[i], POLLIN, 0};
        if (poll(&p, 1, RUN_WAIT_MS) > 0 && recv(fds[i], answer, sizeof answer - 1, 0) > 0) {
            unauthorized += strncmp(answer, "HTTP/1.1 401", 12) == 0;
        }
        close(fds[i]);
    }
    printf("%d logins at once (all answered in %.0f ms): a game's slowest key %.1f ms\n", LOGINS, now_ms() - start,
           worst);
    CHECK_INT(unauthorized, LOGINS);
    CHECK(worst < bound_ms(100));
    client_close(&game);
}

static void test_half_open(const char *root)
{
    char database[128];
    snprintf(database, sizeof database, "%s/half.sqlite", root);
    ServerProc server;
    const char *extra[] = {"--ws-check-ms", "200", NULL};
    CHECK(server_start(&server, database, extra));
    Client silent, alive;
    CHECK(client_connect(&silent, server.port, NULL) && client_connect(&alive, server.port, NULL));
    CHECK(client_send(&silent, "{\"t\":\"play\",\"player\":\"silent\"}"));
    CHECK(client_send(&alive, "{\"t\":\"play\",\"player\":\"alive\"}"));
    CHECK(client_expect(&alive, "idle", RUN_WAIT_MS) != NULL);
    for (int i = 0; i < 15; ++i) {   /* 1.5 s: the silent one reads nothing, answers no ping */
        usleep(100000);
        CHECK(client_send(&alive, "{\"t\":\"resync\"}"));
        client_pump(&alive);
    }
    for (int i = 0; i < 20 && !silent.closed; ++i) client_next(&silent, 100);
    CHECK(silent.closed);
    CHECK(!alive.closed);
    CHECK(client_send(&alive, "{\"t\":\"play\",\"player\":\"alive\"}"));
    CHECK(client_expect(&alive, "idle", RUN_WAIT_MS) != NULL);
    client_close(&silent);
    client_close(&alive);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
}

int main(void)
{
    char root[64], database[128];
    struct rlimit files;
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < 2048) {
        files.rlim_cur = files.rlim_max < 2048 ? files.rlim_max : 2048;
        setrlimit(RLIMIT_NOFILE, &files);   /* the server inherits it too */
    }
    fresh_folder(root, sizeof root, "server-abuse");
    snprintf(database, sizeof database, "%s/db.sqlite", root);
    ServerProc server;
    const char *extra[] = {"--behind-proxy", NULL};   /* each login names its address */
    if (!server_start(&server, database, extra)) {
        fprintf(stderr, "test_server_abuse: the server didn't start\n");
        remove_folder(root);
        return EXIT_FAILURE;
    }
    test_slow_sockets(server.port);
    test_key_flood(server.port);
    test_logins_dont_stall(server.port);
    CHECK_INT(server_stop(&server, SIGTERM), 0);
    test_half_open(root);
    remove_folder(root);
    return check_done("test_server_abuse");
}
