#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
/* The run's journal: see journal.h */
#include "journal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hash.h"

static const char JOURNAL_COMMENT[] =
    "# The run's journal: a line for each key as you play (the game writes it)\n";

enum { LINE_SIZE = JOURNAL_SETTINGS_SIZE + 64, CHECK_SIZE = 11 /* " *" and 8 digits and \n */ };

static uint64_t clock_ms(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u;
}

/* A line's check: the line before's check, in its hex, then the text */
static uint32_t check_of(uint32_t before, const char *text, size_t length)
{
    char hex[9];
    snprintf(hex, sizeof hex, "%08" PRIx32, before);
    uint64_t h = hash_bytes(hash_bytes(HASH_START, hex, 8), text, length);
    return (uint32_t)(h ^ (h >> 32));
}

int journal_kind_numbers(char kind)
{
    switch (kind) {
    case 'k': return 1;
    case 'p': case 'c': return 2;
    case 'a': case 'P': case 'l': case 'h': return 0;
    default: return -1;
    }
}

bool journal_same_base(const JournalBase *a, const JournalBase *b)
{
    if (a->from != b->from || a->data_digest != b->data_digest) return false;
    if (a->from == JOURNAL_FROM_SAVE) return a->save_hash == b->save_hash;
    return a->seed == b->seed && a->floor == b->floor && strcmp(a->class_id, b->class_id) == 0;
}

/* ---- Writing ------------------------------------------------------------- */

/* text and its check, as a line, into out (LINE_SIZE); its length */
static int checked_line(uint32_t *chain, const char *text, char *out)
{
    uint32_t check = check_of(*chain, text, strlen(text));
    *chain = check;
    return snprintf(out, LINE_SIZE, "%s *%08" PRIx32 "\n", text, check);
}

static void head_text(const Journal *journal, char *out, size_t size)
{
    const JournalBase *b = &journal->base;
    if (b->from == JOURNAL_FROM_SAVE) {
        snprintf(out, size, "journal %d save %016" PRIx64 " data %016" PRIx64, JOURNAL_VERSION,
                 b->save_hash, b->data_digest);
    } else {
        snprintf(out, size, "journal %d start %" PRIu64 " %d %s data %016" PRIx64, JOURNAL_VERSION,
                 b->seed, b->floor, b->class_id[0] != '\0' ? b->class_id : "-", b->data_digest);
    }
}

static void event_text(JournalEvent event, char *out, size_t size)
{
    switch (journal_kind_numbers(event.kind)) {
    case 1: snprintf(out, size, "%c%d", event.kind, event.a); break;
    case 2: snprintf(out, size, "%c%d,%d", event.kind, event.a, event.b); break;
    default: snprintf(out, size, "%c", event.kind); break;
    }
}

void journal_start(Journal *journal, const Slot *slot, const JournalBase *base, const char *settings)
{
    memset(journal, 0, sizeof *journal);
    journal->slot = slot;
    journal->base = *base;
    snprintf(journal->settings, sizeof journal->settings, "%s", settings != NULL ? settings : "");
}

void journal_free(Journal *journal)
{
    free(journal->events);
    journal->events = NULL;
    journal->count = journal->capacity = 0;
}

/* The head and every event, whole; the chain follows them */
static char *whole_text(Journal *journal, size_t *length)
{
    size_t size = sizeof JOURNAL_COMMENT + 2 * LINE_SIZE + (size_t)journal->count * 40;
    char *text = malloc(size), body[LINE_SIZE];
    if (text == NULL) return NULL;
    uint32_t chain = 0;
    size_t at = (size_t)snprintf(text, size, "%s", JOURNAL_COMMENT);
    head_text(journal, body, sizeof body);
    at += (size_t)checked_line(&chain, body, text + at);
    if (journal->settings[0] != '\0') {
        char line[LINE_SIZE];
        snprintf(body, sizeof body, "settings %s", journal->settings);
        int n = checked_line(&chain, body, line);
        memcpy(text + at, line, (size_t)n);
        at += (size_t)n;
    }
    for (int i = 0; i < journal->count; ++i) {
        event_text(journal->events[i], body, sizeof body);
        at += (size_t)checked_line(&chain, body, text + at);
    }
    journal->chain = chain;
    *length = at;
    return text;
}

bool journal_write(Journal *journal, char *error, size_t error_size)
{
    size_t length;
    char *text = whole_text(journal, &length);
    if (text == NULL) {
        snprintf(error, error_size, "there's not enough memory to write it");
        return false;
    }
    Store store = slot_store(journal->slot);
    journal->begun = store.ops->write(store.self, SLOT_JOURNAL, text, length, error, error_size);
    free(text);
    journal->unsynced = false;
    journal->synced_ms = clock_ms();
    return journal->begun;
}

static bool remember(Journal *journal, JournalEvent event)
{
    if (journal->count == journal->capacity) {
        int capacity = journal->capacity ? journal->capacity * 2 : 256;
        JournalEvent *bigger = realloc(journal->events, (size_t)capacity * sizeof *bigger);
        if (bigger == NULL) return false;
        journal->events = bigger;
        journal->capacity = capacity;
    }
    journal->events[journal->count++] = event;
    return true;
}

bool journal_add(Journal *journal, JournalEvent event, char *error, size_t error_size)
{
    if (journal->slot == NULL) return true;
    if (journal->count >= JOURNAL_MAX_EVENTS || !remember(journal, event)) {
        snprintf(error, error_size, "there's no room left in memory for it");
        return false;
    }
    if (!journal->begun) return journal_write(journal, error, error_size);
    char body[32], line[LINE_SIZE];
    event_text(event, body, sizeof body);
    uint32_t chain = (uint32_t)journal->chain;
    int n = checked_line(&chain, body, line);
    uint64_t now = clock_ms();
    bool sync = now - journal->synced_ms >= JOURNAL_SYNC_MS;
    Store store = slot_store(journal->slot);
    int failed = store.ops->append(store.self, SLOT_JOURNAL, line, (size_t)n, sync);
    if (failed != 0) {
        /* what's on disk may end in part of this line: the next event
         * writes the journal whole rather than append after it */
        journal->begun = false;
        file_say(error, error_size, failed);
        return false;
    }
    journal->chain = chain;
    if (sync) journal->synced_ms = now;
    journal->unsynced = !sync;
    return true;
}

void journal_take_up(Journal *journal, JournalRead *read)
{
    free(journal->events);
    journal->events = read->events;
    journal->count = journal->capacity = read->count;
    read->events = NULL;
    read->count = 0;
    journal->chain = read->chain;
    journal->begun = !read->torn && read->damaged_line == 0;
}

void journal_flush(Journal *journal, bool now)
{
    if (journal->slot == NULL || !journal->begun || !journal->unsynced) return;
    uint64_t at = clock_ms();
    if (!now && at - journal->synced_ms < JOURNAL_SYNC_MS) return;
    Store store = slot_store(journal->slot);
    if (store.ops->append(store.self, SLOT_JOURNAL, "", 0, true) == 0) {
        journal->unsynced = false;
        journal->synced_ms = at;
    }
}

int journal_remove(const Slot *slot)
{
    Store store = slot_store(slot);
    return store.ops->remove(store.self, SLOT_JOURNAL);
}
/* ---- Reading -------------------------------------------------------------- */

/* A line's text less its check, if the check is there and right */
static bool check_line(const char *line, size_t length, uint32_t before, size_t *text_length,
                       uint32_t *check)
{
    if (length < CHECK_SIZE - 1 || line[length - 10] != ' ' || line[length - 9] != '*') return false;
    uint32_t value = 0;
    for (size_t i = length - 8; i < length; ++i) {
        char c = line[i];
        int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (digit < 0) return false;
        value = value << 4 | (uint32_t)digit;
    }
    *text_length = length - 10;
    *check = value;
    return check_of(before, line, *text_length) == value;
}

/* A whole number from text, -1e9..1e9, up to stop; false if it isn't */
static bool read_int(const char **p, char stop, int *out)
{
    char *end;
    errno = 0;
    long value = strtol(*p, &end, 10);
    if (end == *p || *end != stop || errno != 0 || value < -1000000000L || value > 1000000000L) return false;
    *out = (int)value;
    *p = end + (stop != '\0');
    return true;
}

static bool parse_event(const char *text, JournalEvent *out)
{
    *out = (JournalEvent){text[0], 0, 0};
    int numbers = text[0] != '\0' ? journal_kind_numbers(text[0]) : -1;
    const char *p = text + 1;
    if (numbers == 0) return *p == '\0';
    if (numbers == 1) return read_int(&p, '\0', &out->a);
    return numbers == 2 && read_int(&p, ',', &out->a) && read_int(&p, '\0', &out->b);
}

static bool parse_head(const char *text, JournalBase *base)
{
    memset(base, 0, sizeof *base);
    unsigned long long a, digest;
    int version, used = 0, floor;
    char id[ID_SIZE + 1];
    if (sscanf(text, "journal %d save %16llx data %16llx%n", &version, &a, &digest, &used) == 3 &&
        text[used] == '\0' && version == JOURNAL_VERSION) {
        *base = (JournalBase){.from = JOURNAL_FROM_SAVE, .save_hash = a, .data_digest = digest};
        return true;
    }
    if (sscanf(text, "journal %d start %llu %d %32s data %16llx%n", &version, &a, &floor, id, &digest,
               &used) != 5 || text[used] != '\0' || version != JOURNAL_VERSION || strlen(id) >= ID_SIZE) {
        return false;
    }
    *base = (JournalBase){.from = JOURNAL_FROM_START, .seed = a, .floor = floor, .data_digest = digest};
    if (strcmp(id, "-") != 0) memcpy(base->class_id, id, strlen(id) + 1);   /* shorter than ID_SIZE */
    return true;
}

/* Reads the lines after the comment: the head, the settings, the events */
static JournalFound read_lines(const char *text, size_t length, JournalRead *out, Errors *errors)
{
    const char *p = text, *end = text + length;
    int line = 1;
    while (p < end && *p == '#') {   /* the comment at the top */
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        p = newline != NULL ? newline + 1 : end;
        ++line;
    }
    uint32_t chain = 0;
    for (int n = 0; p < end; ++line, ++n) {
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        if (newline == NULL) {   /* cut short by a death mid-append */
            out->torn = true;
            break;
        }
        size_t text_length, line_length = (size_t)(newline - p);
        uint32_t check;
        char body[LINE_SIZE];
        bool good = line_length < LINE_SIZE && check_line(p, line_length, chain, &text_length, &check);
        if (good) snprintf(body, sizeof body, "%.*s", (int)text_length, p);
        if (n == 0) {
            if (good && parse_head(body, &out->base)) {
                chain = check;
                p = newline + 1;
                continue;
            }
            errors_add(errors, "%s:%d: it doesn't begin as a journal of this game's does", SLOT_JOURNAL, line);
            return JOURNAL_BAD_HEAD;
        }
        JournalEvent event;
        if (good && n == 1 && strncmp(body, "settings ", 9) == 0) {
            snprintf(out->settings, sizeof out->settings, "%.*s", JOURNAL_SETTINGS_SIZE - 1, body + 9);
        } else if (good && out->count < JOURNAL_MAX_EVENTS && parse_event(body, &event)) {
            out->events[out->count++] = event;
        } else {
            out->damaged_line = line;
            errors_add(errors, "%s:%d: this line is damaged, so it and the lines after it are dropped",
                       SLOT_JOURNAL, line);
            break;
        }
        chain = check;
        p = newline + 1;
    }
    out->chain = chain;
    return JOURNAL_FOUND;
}

JournalFound journal_read(const Slot *slot, JournalRead *out, Errors *errors)
{
    memset(out, 0, sizeof *out);
    char *text, error[SLOT_ERROR_SIZE];
    size_t length;
    Store store = slot_store(slot);
    FileRead read = store.ops->read(store.self, SLOT_JOURNAL, JOURNAL_LIMIT, &text, &length, error,
                                    sizeof error);
    if (read == FILE_READ_MISSING) return JOURNAL_MISSING;
    if (read != FILE_READ_OK) {
        errors_add(errors, "%s: %s", SLOT_JOURNAL, read == FILE_READ_TOO_BIG ? "it's far too big" : error);
        return read == FILE_READ_TOO_BIG ? JOURNAL_BAD_HEAD : JOURNAL_UNREADABLE;
    }
    /* every line is at least a letter and its check: room for them all */
    size_t most = length / CHECK_SIZE + 1;
    out->events = malloc((most < JOURNAL_MAX_EVENTS ? most : JOURNAL_MAX_EVENTS) * sizeof *out->events);
    JournalFound found = JOURNAL_UNREADABLE;
    if (out->events == NULL) errors_add(errors, "%s: there's not enough memory to read it", SLOT_JOURNAL);
    else found = read_lines(text, length, out, errors);
    free(text);
    return found;
}

void journal_read_free(JournalRead *read)
{
    free(read->events);
    read->events = NULL;
    read->count = 0;
}
