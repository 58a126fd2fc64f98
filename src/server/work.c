/* The server's workers: see work.h */
#define _GNU_SOURCE
#include "work.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

enum {
    VERIFIER_CPU_S = 5,                          /* a whole run verifies in ~40 ms */
    VERIFIER_MEMORY = 512 * 1024 * 1024,         /* its address space */
    VERIFIER_WALL_MS = 20 * 1000,                /* then it's killed */
    VERIFIER_OUT = 4096,
    WORK_NICE = 10,                              /* the workers' nice, above the loop's */
};

static WorkLane *lane_of(Workers *w, WorkKind kind)
{
    return &w->lanes[kind == WORK_HASH || kind == WORK_CHECK ? 0 : 1];
}

Work *work_new(WorkKind kind, void *owner)
{
    Work *work = calloc(1, sizeof *work);
    if (work != NULL) work->kind = kind, work->owner = owner;
    return work;
}

void work_free(Work *work)
{
    if (work == NULL) return;
    if (work->password != NULL) {
        sodium_memzero(work->password, work->password_length);
        free(work->password);
    }
    free(work->text);
    sodium_memzero(work, sizeof *work);
    free(work);
}

/* ---- The jobs ----------------------------------------------------------------------- */

static void do_hash(Workers *w, Work *work)
{
    work->ok = crypto_pwhash_str_alg(work->hash, work->password, work->password_length, w->hashing.ops,
                                     w->hashing.mem, crypto_pwhash_ALG_ARGON2ID13) == 0;
}

static void do_check(Workers *w, Work *work)
{
    /* no account: the same work against a dummy, so the answer's time
     * says nothing of which names exist */
    const char *stored = work->stored[0] != '\0' ? work->stored : w->dummy;
    work->ok = crypto_pwhash_str_verify(stored, work->password, work->password_length) == 0 && work->stored[0] != '\0';
    if (work->ok && crypto_pwhash_str_needs_rehash(stored, w->hashing.ops, w->hashing.mem) != 0) {
        do_hash(w, work);
        work->rehashed = work->ok;
        work->ok = true;
    }
}

static void do_replay(Workers *w, Work *work)
{
    VerifyOptions options = {.ranked = false};
    work->ok = verify_recording(work->text, work->length, w->data, options, &work->result);
}

static void run_job(Workers *w, Work *work)
{
    switch (work->kind) {
    case WORK_HASH: do_hash(w, work); break;
    case WORK_CHECK: do_check(w, work); break;
    case WORK_REPLAY: do_replay(w, work); break;
    case WORK_UPLOAD:
        if (w->upload_delay_ms > 0) usleep((useconds_t)w->upload_delay_ms * 1000);
        work->ok = work_verify_upload(w->verifier, w->data_dir, work->text, work->length, &work->result, work->reason,
                                      sizeof work->reason);
        break;
    }
}

static void *lane_main(void *arg)
{
    WorkLane *lane = arg;
    Workers *w = lane->workers;
    /* below the loop in the scheduler's eyes (Linux's nice is a thread's
     * own): on two cores, twenty logins' argon2id at once held a game's
     * key for 168 ms at the same priority; a login may wait, a key not */
    (void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), WORK_NICE);
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!w->stop && lane->todo == NULL) pthread_cond_wait(&w->wake, &w->lock);
        if (w->stop) break;
        Work *work = lane->todo;
        lane->todo = work->next;
        if (lane->todo == NULL) lane->todo_last = NULL;
        pthread_mutex_unlock(&w->lock);
        run_job(w, work);
        pthread_mutex_lock(&w->lock);
        work->next = w->done;
        w->done = work;
        uint64_t one = 1;
        if (write(w->event_fd, &one, sizeof one) < 0) {
            /* the counter is full: the loop is reading it already */
        }
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

/* ---- The lanes ---------------------------------------------------------------------- */

bool work_start(Workers *w, AccountHashing hashing, const GameData *data, const char *verifier, const char *data_dir)
{
    memset(w, 0, sizeof *w);
    w->hashing = hashing;
    w->data = data;
    w->verifier = verifier;
    w->data_dir = data_dir;
    uint8_t noise[24];
    randombytes_buf(noise, sizeof noise);
    char noise_text[49];
    sodium_bin2hex(noise_text, sizeof noise_text, noise, sizeof noise);
    if (crypto_pwhash_str_alg(w->dummy, noise_text, strlen(noise_text), hashing.ops, hashing.mem,
                              crypto_pwhash_ALG_ARGON2ID13) != 0) {
        return false;
    }
    w->event_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (w->event_fd < 0) return false;
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->wake, NULL);
    for (int i = 0; i < WORK_LANES; ++i) {
        w->lanes[i].workers = w;
        w->lanes[i].started = pthread_create(&w->lanes[i].thread, NULL, lane_main, &w->lanes[i]) == 0;
        if (!w->lanes[i].started) {
            work_stop(w);
            return false;
        }
    }
    return true;
}

static void free_list(Work *work)
{
    while (work != NULL) {
        Work *next = work->next;
        work_free(work);
        work = next;
    }
}

void work_stop(Workers *w)
{
    if (w->event_fd <= 0) return;
    pthread_mutex_lock(&w->lock);
    w->stop = true;
    pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->lock);
    for (int i = 0; i < WORK_LANES; ++i) {
        if (w->lanes[i].started) pthread_join(w->lanes[i].thread, NULL);
        free_list(w->lanes[i].todo);
        w->lanes[i].todo = NULL;
    }
    free_list(w->done);
    w->done = NULL;
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
    close(w->event_fd);
    w->event_fd = -1;
}

bool work_post(Workers *w, Work *work)
{
    pthread_mutex_lock(&w->lock);
    bool ok = !w->stop;
    if (ok) {
        WorkLane *lane = lane_of(w, work->kind);
        work->next = NULL;
        if (lane->todo_last != NULL) lane->todo_last->next = work;
        else lane->todo = work;
        lane->todo_last = work;
        pthread_cond_broadcast(&w->wake);
    }
    pthread_mutex_unlock(&w->lock);
    return ok;
}

Work *work_take(Workers *w)
{
    uint64_t count;
    if (read(w->event_fd, &count, sizeof count) < 0) {
        /* nothing new since the last read: the list may still hold some */
    }
    pthread_mutex_lock(&w->lock);
    Work *done = w->done;
    w->done = NULL;
    pthread_mutex_unlock(&w->lock);
    /* oldest first */
    Work *ordered = NULL;
    while (done != NULL) {
        Work *next = done->next;
        done->next = ordered;
        ordered = done;
        done = next;
    }
    return ordered;
}

/* ---- An upload's verifier ------------------------------------------------------------ */

/* In the child: the limits, then the verifier. Only calls safe after a
 * fork in a threaded process */
static void child(const char *verifier, const char *data_dir, int in, int out, bool limit_memory)
{
    struct rlimit cpu = {VERIFIER_CPU_S, VERIFIER_CPU_S}, memory = {VERIFIER_MEMORY, VERIFIER_MEMORY};
    if (!limit_memory) memory = (struct rlimit){RLIM_INFINITY, RLIM_INFINITY};
    struct rlimit none = {0, 0};
    dup2(in, 0);
    dup2(out, 1);
    int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0) dup2(devnull, 2);
    for (int fd = 3; fd < 1024; ++fd) close(fd);
    if (setrlimit(RLIMIT_CPU, &cpu) != 0 || setrlimit(RLIMIT_AS, &memory) != 0 || setrlimit(RLIMIT_FSIZE, &none) != 0 ||
        setrlimit(RLIMIT_NPROC, &none) != 0 || setrlimit(RLIMIT_CORE, &none) != 0) {
        _exit(126);
    }
    char *argv[] = {(char *)verifier, "--verify", "-", "--ranked", "--data", (char *)data_dir, NULL};
    execv(verifier, argv);
    _exit(127);
}

/* Writes the recording to in and reads the answer from out, at most
 * VERIFIER_WALL_MS: the bytes read */
static size_t talk(int in, int out, const char *text, size_t length, char *answer, size_t size)
{
    size_t written = 0, got = 0;
    fcntl(in, F_SETFL, O_NONBLOCK);
    struct pollfd p[2] = {{in, POLLOUT, 0}, {out, POLLIN, 0}};
    int waited = 0;
    while (waited < VERIFIER_WALL_MS) {
        p[0].fd = written < length ? in : -1;
        if (poll(p, 2, 100) == 0) {
            waited += 100;
            continue;
        }
        if (p[0].fd >= 0 && (p[0].revents & (POLLOUT | POLLERR | POLLHUP))) {
            ssize_t n = write(in, text + written, length - written);
            if (n > 0) written += (size_t)n;
            else if (errno != EAGAIN) written = length;
            if (written == length) close(in), in = -1;
        }
        if (p[1].revents & (POLLIN | POLLHUP | POLLERR)) {
            ssize_t n = read(out, answer + got, size - 1 - got);
            if (n <= 0) break;
            got += (size_t)n;
            if (got == size - 1) break;
        }
    }
    if (in >= 0) close(in);
    answer[got] = '\0';
    return got;
}

bool work_read_answer(const char *answer, VerifyResult *r, char *reason, size_t reason_size)
{
    memset(r, 0, sizeof *r);
    json_t *root = json_loads(answer, JSON_REJECT_DUPLICATES | JSON_DISABLE_EOF_CHECK, NULL);
    bool verified = json_is_object(root) && json_is_true(json_object_get(root, "ok"));
    const char *why = json_string_value(json_object_get(root, "reason"));
    snprintf(reason, reason_size, "%.48s", why != NULL ? why : !json_is_object(root) ? "no-answer" : "");
    const char *outcome = json_string_value(json_object_get(root, "outcome"));
    r->outcome = outcome == NULL ? MODE_PLAYING : strcmp(outcome, "won") == 0 ? MODE_WON
                 : strcmp(outcome, "dead") == 0 ? MODE_DEAD : MODE_PLAYING;
    r->floor = (int)json_integer_value(json_object_get(root, "floor"));
    r->amulets = (int)json_integer_value(json_object_get(root, "amulets"));
    r->gold = (int)json_integer_value(json_object_get(root, "gold"));
    r->turns = (int)json_integer_value(json_object_get(root, "turns"));
    r->seed = (uint64_t)json_integer_value(json_object_get(root, "seed"));
    r->start_floor = (int)json_integer_value(json_object_get(root, "start_floor"));
    const char *cls = json_string_value(json_object_get(root, "class"));
    snprintf(r->class_id, sizeof r->class_id, "%s", cls != NULL ? cls : "");
    const char *digest = json_string_value(json_object_get(root, "digest"));
    r->digest = digest != NULL ? strtoull(digest, NULL, 16) : 0;
    const char *data = json_string_value(json_object_get(root, "data"));
    r->data_digest = data != NULL ? strtoull(data, NULL, 16) : 0;
    r->reason = verified ? VERIFY_OK : VERIFY_REFUSED;
    json_decref(root);
    return verified;
}

bool work_verify_upload(const char *verifier, const char *data_dir, const char *text, size_t length,
                        VerifyResult *result, char *reason, size_t reason_size)
{
    memset(result, 0, sizeof *result);
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) return snprintf(reason, reason_size, "no-verifier"), false;
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]), close(in[1]);
        return snprintf(reason, reason_size, "no-verifier"), false;
    }
    /* a sanitizer's build maps terabytes of shadow: its verifier can't
     * live under an address-space limit (its CPU and files still are) */
    bool limit_memory = getenv("AMULETS_SANITIZED") == NULL;
    pid_t pid = fork();
    if (pid == 0) child(verifier, data_dir, in[0], out[1], limit_memory);
    close(in[0]);
    close(out[1]);
    char answer[VERIFIER_OUT];
    if (pid > 0) talk(in[1], out[0], text, length, answer, sizeof answer);
    else close(in[1]), answer[0] = '\0';
    close(out[0]);
    int status = 0;
    if (pid > 0) {
        kill(pid, SIGKILL);   /* done or past its time: it has nothing more to say */
        waitpid(pid, &status, 0);
    }
    return work_read_answer(answer, result, reason, reason_size);
}
