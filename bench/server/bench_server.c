/* make bench-server: the server under load on loopback, from this one
 * process (single-threaded, epoll): GAMES live games (200), each a
 * player's page typing 2 to 3 keys a second (moves and waits, with a
 * burst of o for auto-explore now and then) and WATCHERS pages (2)
 * watching it, for SECONDS (20). It prints RATE lines:
 *   key-to-frame p50 and p99: from a key sent to the message that
 *     answers it (the frame it made, or its ack), in ms
 *   memory a live game: the server's resident memory with the games up
 *     and played, less its memory before any, over the games
 *   bytes a second a watcher, and commits and events a second
 *   during auto-explore alone (one game pressing o, one watcher): the
 *     watcher's bytes a second, against the same frames sent whole
 *   with SERVERS=2 or more: a run's resume after its process is killed
 *     (kill -9, the page reconnecting to another until it's playable)
 *   the lobby (with the games live) and a board of 100 runs: requests a
 *     second with wrk (Debian's; skipped if it isn't installed), 2
 *     threads and 32 connections for WRK_SECONDS (5)
 * Environment: GAMES, WATCHERS, SECONDS, FAST=1 (SQLite's synchronous
 * NORMAL, PostgreSQL's synchronous_commit off: db.h), DATABASE=postgres
 * (the server on a PostgreSQL 15 of the benchmark's own, tools/pg.sh,
 * fsync and synchronous_commit on unless FAST), SERVERS=N (N server
 * processes on that one PostgreSQL, the games dealt out among them). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>

#include "client.h"
#include "db.h"
#include "pg_harness.h"

enum { MOST_SERVERS = 4, MOST_WATCHERS = 8, OUTSTANDING = 64, MOST_SAMPLES = 1 << 20 };

typedef struct Sent {
    uint32_t id;
    double at;
} Sent;

typedef struct Page {
    Client client;
    bool player;
    struct Bench *bench;
    uint32_t seen, next_id;
    double next_key;
    int burst;                  /* o keys left in a burst */
    Sent sent[OUTSTANDING];
    int sent_count;
} Page;

typedef struct Bench {
    double *samples;
    int sample_count;
    long long watcher_bytes, keys, dropped, unanswered;
    bool measuring;
} Bench;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int env_int(const char *name, int fallback)
{
    const char *value = getenv(name);
    return value != NULL && atoi(value) > 0 ? atoi(value) : fallback;
}

static long rss_kb(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *file = fopen(path, "r");
    long kb = -1;
    while (file != NULL && fgets(line, sizeof line, file) != NULL) {
        if (strncmp(line, "VmRSS:", 6) == 0) kb = atol(line + 6);
    }
    if (file != NULL) fclose(file);
    return kb;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A message a page took: its frame number noted, its key answered */
static void take(Page *page, const char *message, double now)
{
    const char *n = strstr(message, "\"n\":");
    if (n != NULL && n - message < 24) page->seen = (uint32_t)strtoul(n + 4, NULL, 10);
    const char *ack = strstr(message, "\"ack\":");
    const char *id = strncmp(message, "{\"t\":\"ack\"", 10) == 0 ? strstr(message, "\"id\":") : NULL;
    uint32_t answered = ack != NULL ? (uint32_t)strtoul(ack + 6, NULL, 10)
                        : id != NULL ? (uint32_t)strtoul(id + 5, NULL, 10) : 0;
    if (answered == 0) return;
    Bench *bench = page->bench;
    bench->dropped += strstr(message, "\"dropped\":true") != NULL;
    for (int i = 0; i < page->sent_count; ++i) {
        if (page->sent[i].id != answered) continue;
        if (bench->measuring && bench->sample_count < MOST_SAMPLES) {
            bench->samples[bench->sample_count++] = (now - page->sent[i].at) * 1000.0;
        }
        page->sent[i] = page->sent[--page->sent_count];
        return;
    }
}

static void pump(Page *page, double now)
{
    Client *c = &page->client;
    long long before = c->received_bytes;
    client_pump(c);
    if (!page->player && page->bench->measuring) page->bench->watcher_bytes += c->received_bytes - before;
    for (int i = 0; i < c->inbox_count; ++i) {
        if (page->player) take(page, c->inbox[i], now);
        free(c->inbox[i]);
    }
    c->inbox_count = 0;
}

static void type(Page *page, double now)
{
    static const char KEYS[] = "hjklyubn..";
    int key;
    if (page->burst > 0) {
        key = 'o';
        --page->burst;
    } else if (randombytes_uniform(10) == 0) {
        key = 'o';
        page->burst = (int)randombytes_uniform(4);
    } else {
        key = KEYS[randombytes_uniform(sizeof KEYS - 1)];
    }
    char text[96];
    uint32_t id = ++page->next_id;
    snprintf(text, sizeof text, "{\"t\":\"key\",\"key\":%d,\"seen\":%u,\"id\":%u}", key, page->seen, id);
    if (page->sent_count == OUTSTANDING) {
        page->sent[0] = page->sent[--page->sent_count];
        ++page->bench->unanswered;
    }
    page->sent[page->sent_count++] = (Sent){id, now};
    client_send(&page->client, text);
    if (page->bench->measuring) ++page->bench->keys;
    /* 2 to 3 keys a second */
    page->next_key = now + 0.333 + randombytes_uniform(167) / 1000.0;
}

/* The watchers of server s's games (g % servers == s), each watching
 * its game's run as the server lists them (in the order they began) */
static bool watch_pages(Page *pages, int games, int watchers, int port, int s, int servers, Bench *bench, char *body,
                        size_t size)
{
    char text[128];
    if (http_get(port, "/api/games", body, size) != 200) return false;
    const char *at = body;
    for (int g = s; g < games; g += servers) {
        at = strstr(at, "\"game\":");
        if (at == NULL) return false;
        long long run = atoll(at + 7);
        ++at;
        for (int w = 1; w <= watchers; ++w) {
            Page *page = &pages[g * (1 + watchers) + w];
            page->bench = bench;
            snprintf(text, sizeof text, "{\"t\":\"watch\",\"game\":%lld}", run);
            if (!client_connect(&page->client, port, NULL) || !client_send(&page->client, text)) return false;
        }
    }
    return true;
}

/* Game g on the server of ports[g % servers], its watchers on the same */
static bool open_pages(Page *pages, int games, int watchers, const int *ports, int servers, Bench *bench)
{
    char text[128];
    for (int g = 0; g < games; ++g) {
        int port = ports[g % servers];
        Page *player = &pages[g * (1 + watchers)];
        player->player = true;
        player->bench = bench;
        snprintf(text, sizeof text, "{\"t\":\"play\",\"player\":\"bench%d\"}", g);
        if (!client_connect(&player->client, port, NULL) || !client_send(&player->client, text)) return false;
        const char *answer = client_next(&player->client, 10000);
        if (answer != NULL && strstr(answer, "\"idle\"") != NULL) {
            client_send(&player->client, "{\"t\":\"new\"}");
        } else {
            client_send(&player->client, "{\"t\":\"new\",\"abandon\":true}");
        }
        if (client_expect(&player->client, "full", 10000) == NULL) return false;
        player->seen = player->client.frame.number;
    }
    static char body[1 << 16];
    for (int s = 0; s < servers; ++s) {
        if (!watch_pages(pages, games, watchers, ports[s], s, servers, bench, body, sizeof body)) return false;
    }
    return true;
}

/* One game exploring (o again whenever it stops) and one watcher, for
 * seconds: the watcher's bytes a second in deltas, and what the same
 * frames would be whole */
static void explore_bytes(int port, int seconds)
{
    Client player, watcher;
    if (!client_connect(&player, port, NULL) || !client_connect(&watcher, port, NULL)) return;
    client_send(&player, "{\"t\":\"play\",\"player\":\"explorer\"}");
    client_next(&player, 10000);
    client_send(&player, "{\"t\":\"new\",\"abandon\":true,\"seed\":42,\"floor\":1}");
    client_expect(&player, "full", 10000);
    char body[1 << 16], text[96];
    long long run = -1;   /* the newest */
    for (const char *at = http_get(port, "/api/games", body, sizeof body) == 200 ? body : "";
         (at = strstr(at, "\"game\":")) != NULL; ++at) {
        if (atoll(at + 7) > run) run = atoll(at + 7);
    }
    snprintf(text, sizeof text, "{\"t\":\"watch\",\"game\":%lld}", run);
    client_send(&watcher, text);
    client_expect(&watcher, "full", 10000);
    long long from_bytes = watcher.received_bytes;
    int from_frames = watcher.frame.deltas;
    double start = now_s(), full_bytes = 0;
    uint32_t id = 0;
    for (double now = start; now < start + seconds; now = now_s()) {
        bool dropped;
        if (client_key(&player, 'o', ++id, 2000, &dropped) == NULL) break;
        for (int i = 0; i < 50 && client_next(&player, 40) != NULL; ++i) {}
        while (client_next(&watcher, 0) != NULL) {}
        if (player.frame.text != NULL && strstr(player.frame.text, "screen\":\"dead") != NULL) break;
    }
    double elapsed = now_s() - start;
    while (client_next(&watcher, 100) != NULL) {}
    long long bytes = watcher.received_bytes - from_bytes;
    int frames = watcher.frame.deltas - from_frames;
    client_send(&watcher, "{\"t\":\"resync\"}");
    long long before_full = watcher.received_bytes;
    if (client_expect(&watcher, "full", 5000) != NULL) full_bytes = (double)(watcher.received_bytes - before_full);
    printf("RATE server_explore_watcher_bytes_per_s %.0f B/s (%d frames in %.1f s, %.0f B each)\n", bytes / elapsed,
           frames, elapsed, frames > 0 ? (double)bytes / frames : 0.0);
    printf("RATE server_explore_full_frames_bytes_per_s %.0f B/s (a full frame %.0f B)\n",
           full_bytes * frames / elapsed, full_bytes);
    client_close(&player);
    client_close(&watcher);
}

/* wrk on the server's path: its requests a second, or -1 */
static double wrk_rate(int port, const char *path, int seconds)
{
    char command[256], line[256];
    snprintf(command, sizeof command, "wrk -t2 -c32 -d%ds http://127.0.0.1:%d%s 2>/dev/null", seconds, port, path);
    FILE *out = popen(command, "r");
    double rate = -1;
    while (out != NULL && fgets(line, sizeof line, out) != NULL) {
        if (strncmp(line, "Requests/sec:", 13) == 0) rate = atof(line + 13);
    }
    if (out != NULL) pclose(out);
    return rate;
}

/* A board of 100 runs, written beside the server (SQLite's WAL lets both;
 * PostgreSQL's a second connection) */
static bool fill_board(const char *database, bool postgres)
{
    Db db = {0};
    char error[DB_ERROR_SIZE];
    bool opened = postgres ? db_pg_open(&db, database, true, error, sizeof error)
                           : db_sqlite_open(&db, database, true, error, sizeof error);
    if (!opened) return false;
    DbValue name[] = {db_text("boarder"), db_int(0)};
    int64_t player = db_one_int(db, DB_PLAYER_ADD, name, 2, error, sizeof error);
    bool ok = player > 0 && db.ops->begin(db.self, error, sizeof error);
    for (int i = 0; ok && i < 100; ++i) {
        char seed[24];
        snprintf(seed, sizeof seed, "%d", 1000 + i);
        DbValue run[] = {db_int(player), db_text(seed), db_text("fighter"), db_text("0000000000000000"), db_int(i),
                         db_text("0123456789abcdef"), db_text("a recording"), db_text(i % 7 == 0 ? "won" : "dead"),
                         db_int(1 + i % 10), db_int(i % 3), db_int(i * 13 % 500), db_int(1000 + i)};
        ok = db_one_int(db, DB_OFFLINE_ADD, run, 12, error, sizeof error) > 0;
    }
    ok = ok && db.ops->commit(db.self, error, sizeof error);
    db_close(&db);
    return ok;
}

static void http_rates(int port, const char *database, bool postgres)
{
    if (system("command -v wrk >/dev/null 2>&1") != 0) {
        printf("bench-server: wrk isn't installed (apt-get install wrk): no lobby or board rates\n");
        return;
    }
    int seconds = env_int("WRK_SECONDS", 5);
    printf("RATE server_lobby_requests_per_s %.0f req/s\n", wrk_rate(port, "/api/games", seconds));
    if (!fill_board(database, postgres)) printf("bench-server: the board couldn't be filled\n");
    printf("RATE server_board_requests_per_s %.0f req/s\n", wrk_rate(port, "/api/boards/offline", seconds));
}

static void report(const Bench *bench, int games, int watchers, int seconds, const char *durability, long base_kb,
                   long played_kb)
{
    double p50 = bench->sample_count > 0 ? bench->samples[bench->sample_count / 2] : -1;
    double p99 = bench->sample_count > 0 ? bench->samples[(int)(bench->sample_count * 0.99)] : -1;
    double worst = bench->sample_count > 0 ? bench->samples[bench->sample_count - 1] : -1;
    printf("bench-server: %d games, %d watchers each, %d s measured (%s), %lld keys "
           "(%lld dropped after warnings, %d answered)\n", games, watchers, seconds, durability,
           bench->keys, bench->dropped, bench->sample_count);
    printf("RATE server_key_to_frame_p50_ms %.2f ms\n", p50);
    printf("RATE server_key_to_frame_p99_ms %.2f ms\n", p99);
    printf("RATE server_key_to_frame_max_ms %.2f ms\n", worst);
    printf("RATE server_memory_per_game_kb %.0f KB (%ld KB with the games, %ld KB before)\n",
           (double)(played_kb - base_kb) / games, played_kb, base_kb);
    printf("RATE server_watcher_bytes_per_s %.0f B/s\n", (double)bench->watcher_bytes / seconds / (games * watchers));
}

/* Every player types for seconds after a warm-up of 2 s, measured */
static void drive(Page *pages, int games, int watchers, int seconds, Bench *bench)
{
    int count = games * (1 + watchers);
    int epoll_fd = epoll_create1(0);
    double start = now_s();
    for (int i = 0; i < count; ++i) {
        struct epoll_event event = {.events = EPOLLIN, .data.ptr = &pages[i]};
        epoll_ctl(epoll_fd, EPOLL_CTL_ADD, pages[i].client.fd, &event);
        pages[i].next_key = start + randombytes_uniform(500) / 1000.0;
    }
    double measure_from = start + 2.0, end = measure_from + seconds;
    for (double now = start; now < end; now = now_s()) {
        bench->measuring = now >= measure_from;
        struct epoll_event events[256];
        int n = epoll_wait(epoll_fd, events, 256, 2);
        now = now_s();
        for (int i = 0; i < n; ++i) pump(events[i].data.ptr, now);
        for (int g = 0; g < games; ++g) {
            Page *player = &pages[g * (1 + watchers)];
            if (now >= player->next_key) type(player, now);
        }
    }
    close(epoll_fd);
}

/* SERVERS processes on the one database (PostgreSQL's: SQLite's is one
 * process's), the games dealt out among them: false (said) if they
 * can't be. Their memory before any game, summed, in base_kb */
static bool start_servers(ServerProc *all, int *ports, int servers, bool postgres, const char *database,
                          const char *const *extra, long *base_kb)
{
    if (servers < 1 || servers > MOST_SERVERS || (servers > 1 && !postgres)) {
        fprintf(stderr, "bench-server: SERVERS is 1 to %d, more than 1 only with DATABASE=postgres\n", MOST_SERVERS);
        return false;
    }
    for (int i = 0; i < servers; ++i) {
        if (!server_start(&all[i], database, extra)) {
            fprintf(stderr, "bench-server: the server didn't start\n");
            return false;
        }
        ports[i] = all[i].port;
        *base_kb += rss_kb(all[i].pid);
    }
    printf("%d server process%s\n", servers, servers > 1 ? "es" : "");
    return true;
}

static long ms_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
}

/* Two processes or more: a run of KEYS keys on the first, the first
 * kill -9-ed, and the page reconnecting to the second until its game is
 * playable again (the lease run out, the run made again from its
 * events): the ms from reconnecting to the full frame, or -1 */
static long resume_after_kill(ServerProc *first, const ServerProc *second, int keys)
{
    Client client;
    uint32_t id = 0;
    bool dropped;
    if (!client_connect(&client, first->port, NULL)) return -1;
    char resume_new[96];
    snprintf(resume_new, sizeof resume_new, "{\"t\":\"new\",\"seed\":%d,\"floor\":1}", env_int("RESUME_SEED", 3));
    bool ok = client_send(&client, "{\"t\":\"play\",\"player\":\"resumer\"}") &&
              client_expect(&client, "idle", 10000) != NULL &&
              client_send(&client, resume_new) &&
              client_expect(&client, "full", 10000) != NULL;
    /* typed at 50 a second: faster is a flood the server throttles */
    for (int i = 0; ok && i < keys; ++i) {
        ok = client_key(&client, '.', ++id, 10000, &dropped) != NULL;
        usleep(20000);
    }
    if (!ok) fprintf(stderr, "bench-server: the run to resume couldn't be played (%u keys)\n", id);
    server_stop(first, SIGKILL);
    client_close(&client);
    if (!ok || !client_connect(&client, second->port, NULL)) return -1;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    long took = -1;
    while (took < 0 && ms_since(&start) < 10000) {
        if (!client_send(&client, "{\"t\":\"play\",\"player\":\"resumer\"}")) break;
        for (const char *m; took < 0 && (m = client_next(&client, 10000)) != NULL;) {
            if (strstr(m, "\"t\":\"full\"") != NULL) took = ms_since(&start);
            else if (strstr(m, "\"t\":\"refused\"") != NULL) break;
        }
        if (took < 0) usleep(100000);
    }
    client_close(&client);
    return took;
}

int main(void)
{
    int games = env_int("GAMES", 200), watchers = env_int("WATCHERS", 2), seconds = env_int("SECONDS", 20);
    if (watchers > MOST_WATCHERS) watchers = MOST_WATCHERS;
    bool fast = getenv("FAST") != NULL && strcmp(getenv("FAST"), "1") == 0;
    char root[] = "/tmp/amulets-bench-server-XXXXXX", database[PG_HARNESS_INFO];
    if (mkdtemp(root) == NULL || sodium_init() < 0) return EXIT_FAILURE;
    snprintf(database, sizeof database, "%s/db.sqlite", root);
    static PgHarness pg;
    bool postgres = getenv("DATABASE") != NULL && strcmp(getenv("DATABASE"), "postgres") == 0;
    if (postgres) {
        pg_harness_start(&pg);
        if (!pg_harness_uri(&pg, "bench", database, sizeof database)) return EXIT_FAILURE;
    }
    printf("the database: %s\n", postgres ? "PostgreSQL 15 (tools/pg.sh)" : "SQLite");
    /* every page comes from 127.0.0.1: no limit an address */
    const char *extra[] = {"--per-address", "100000", fast ? "--fast" : NULL, NULL};
    int servers = env_int("SERVERS", 1);
    ServerProc all[MOST_SERVERS], server;
    int ports[MOST_SERVERS];
    long base_kb = 0;
    if (!start_servers(all, ports, servers, postgres, database, extra, &base_kb)) return EXIT_FAILURE;
    server = all[0];
    int count = games * (1 + watchers);
    Page *pages = calloc((size_t)count, sizeof *pages);
    Bench bench = {.samples = malloc(MOST_SAMPLES * sizeof(double))};
    bool ok = pages != NULL && bench.samples != NULL && open_pages(pages, games, watchers, ports, servers, &bench);
    if (ok) {
        drive(pages, games, watchers, seconds, &bench);
        long played_kb = 0;
        for (int i = 0; i < servers; ++i) played_kb += rss_kb(all[i].pid);
        qsort(bench.samples, (size_t)bench.sample_count, sizeof *bench.samples, by_value);
        const char *durability = postgres ? (fast ? "PostgreSQL synchronous_commit off" : "PostgreSQL synchronous_commit on")
                                          : (fast ? "SQLite synchronous NORMAL" : "SQLite synchronous FULL");
        report(&bench, games, watchers, seconds, durability, base_kb, played_kb);
        http_rates(server.port, database, postgres);
    } else {
        fprintf(stderr, "bench-server: the pages couldn't all connect\n");
    }
    for (int i = 0; ok && i < count; ++i) client_close(&pages[i].client);
    free(pages);
    free(bench.samples);
    if (ok) explore_bytes(server.port, 5);
    if (ok && servers > 1) {
        enum { RESUME_KEYS = 100 };
        long took = resume_after_kill(&all[0], &all[1], RESUME_KEYS);
        printf("RATE server_resume_after_kill_ms %ld ms (a run of %d keys, its process kill -9-ed: playable on "
               "another from reconnecting, the lease's run-out and the replay included)\n", took, RESUME_KEYS);
    }
    for (int i = ok && servers > 1 ? 1 : 0; i < servers; ++i) server_stop(&all[i], SIGTERM);
    char command[200];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    if (postgres) pg_harness_stop(&pg);
    return ok && system(command) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
