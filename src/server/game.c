/* A live game on the server: see game.h */
#include "game.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "save.h"

/* ---- The game's store: memory, the journal watched ------------------------------ */

static void journal_noticed(Game *game);

static bool is_journal(const char *name) { return strcmp(name, SLOT_JOURNAL) == 0; }
static Store mem_store(Game *game) { return store_mem(&game->mem); }

static bool journal_file_set(GameJournalFile *f, const char *text, size_t length, bool append)
{
    size_t at = append ? f->length : 0;
    if (at + length + 1 > f->size) {
        size_t size = f->size ? f->size : 4096;
        while (size < at + length + 1) size *= 2;
        char *bigger = realloc(f->text, size);
        if (bigger == NULL) return false;
        f->text = bigger;
        f->size = size;
    }
    if (length > 0) memcpy(f->text + at, text, length);
    f->length = at + length;
    f->text[f->length] = '\0';
    f->exists = true;
    return true;
}

static FileRead tap_read(void *self, const char *name, size_t limit, char **text, size_t *length,
                         char *error, size_t error_size)
{
    Game *game = self;
    GameJournalFile *f = &game->journal_file;
    if (!is_journal(name)) return mem_store(game).ops->read(&game->mem, name, limit, text, length, error, error_size);
    *text = NULL;
    *length = 0;
    if (!f->exists) {
        snprintf(error, error_size, "it can't be read: it isn't there");
        return FILE_READ_MISSING;
    }
    if (f->length > limit) {
        snprintf(error, error_size, "it's far too big");
        return FILE_READ_TOO_BIG;
    }
    *text = malloc(f->length + 1);
    if (*text == NULL) {
        snprintf(error, error_size, "it can't be read: out of memory");
        return FILE_READ_FAILED;
    }
    memcpy(*text, f->text != NULL ? f->text : "", f->length);
    (*text)[f->length] = '\0';
    *length = f->length;
    return FILE_READ_OK;
}

static bool tap_write(void *self, const char *name, const char *text, size_t length, char *error,
                      size_t error_size)
{
    Game *game = self;
    if (!is_journal(name)) return mem_store(game).ops->write(&game->mem, name, text, length, error, error_size);
    if (!journal_file_set(&game->journal_file, text, length, false)) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    journal_noticed(game);
    return true;
}

static int tap_overwrite(void *self, const char *name, const char *text, size_t length)
{
    Game *game = self;
    if (!is_journal(name)) return mem_store(game).ops->overwrite(&game->mem, name, text, length);
    return journal_file_set(&game->journal_file, text, length, false) ? 0 : ENOMEM;
}

static int tap_append(void *self, const char *name, const char *text, size_t length, bool sync)
{
    Game *game = self;
    if (!is_journal(name)) return mem_store(game).ops->append(&game->mem, name, text, length, sync);
    if (!journal_file_set(&game->journal_file, text, length, true)) return ENOMEM;
    journal_noticed(game);
    return 0;
}

static bool tap_exists(void *self, const char *name)
{
    Game *game = self;
    return is_journal(name) ? game->journal_file.exists : mem_store(game).ops->exists(&game->mem, name);
}

static int tap_remove(void *self, const char *name)
{
    Game *game = self;
    if (!is_journal(name)) return mem_store(game).ops->remove(&game->mem, name);
    if (!game->journal_file.exists) return ENOENT;
    game->journal_file.exists = false;
    game->journal_file.length = 0;
    return 0;
}

/* A journal set aside (journal.bad) goes to the memory store as it is */
static int tap_rename(void *self, const char *from, const char *to)
{
    Game *game = self;
    GameJournalFile *f = &game->journal_file;
    if (is_journal(from) && f->exists) {
        if (!store_mem_put(&game->mem, from, f->text != NULL ? f->text : "", f->length)) return ENOMEM;
        f->exists = false;
        f->length = 0;
    }
    if (is_journal(to)) return EINVAL;   /* nothing is ever renamed to it */
    return mem_store(game).ops->rename(&game->mem, from, to);
}

static bool tap_list(void *self, const char *folder, StoreEach each, void *context, char *error,
                     size_t error_size)
{
    Game *game = self;
    return mem_store(game).ops->list(&game->mem, folder, each, context, error, error_size);
}

static bool tap_lock(void *self, char *error, size_t error_size)
{
    Game *game = self;
    return mem_store(game).ops->lock(&game->mem, error, error_size);
}

static void tap_unlock(void *self)
{
    Game *game = self;
    mem_store(game).ops->unlock(&game->mem);
}

static const char *tap_where(void *self)
{
    Game *game = self;
    return mem_store(game).ops->where(&game->mem);
}

static const StoreOps TAP_OPS = {
    tap_read, tap_write, tap_overwrite, tap_append, tap_exists, tap_remove, tap_rename, tap_list, tap_lock,
    tap_unlock, tap_where,
};

/* ---- The events ------------------------------------------------------------------ */

static void note(Game *game, JournalEvent event)
{
    if (game->noted_count == game->noted_capacity) {
        int capacity = game->noted_capacity ? game->noted_capacity * 2 : 8;
        JournalEvent *bigger = realloc(game->noted, (size_t)capacity * sizeof *bigger);
        if (bigger == NULL) {
            game->failed = true;
            return;
        }
        game->noted = bigger;
        game->noted_capacity = capacity;
    }
    game->noted[game->noted_count++] = event;
}

/* The journal was written or added to: the events it holds that weren't
 * seen are new. A save starts it afresh (with none), after the event
 * that brought the save about was added, so none is missed */
static void journal_noticed(Game *game)
{
    const Session *session = &game->loop.input.session;
    if (game->quiet || session->run != game->run) return;
    const Journal *journal = &session->journal;
    if (session->journal_starts != game->journal_starts || journal->count < game->journal_count) {
        game->journal_starts = session->journal_starts;
        game->journal_count = 0;
    }
    for (int i = game->journal_count; i < journal->count; ++i) note(game, journal->events[i]);
    game->journal_count = journal->count;
}

/* The run in play is the one whose events are handed out from now */
static void follow(Game *game)
{
    const Session *session = &game->loop.input.session;
    game->run = session->run;
    game->base = session->journal.base;
    durable_settings(&game->loop.input, game->settings, sizeof game->settings);
    game->journal_starts = session->journal_starts;
    game->journal_count = session->journal.count;
    game->end_told = session->ended;
}

/* ---- Opening --------------------------------------------------------------------- */

static bool start(Game *game, const GameData *data)
{
    memset(game, 0, sizeof *game);
    game->data = data;
    store_mem_init(&game->mem, "the server");
    game->store = (Store){&TAP_OPS, game};
    char error[SLOT_ERROR_SIZE];
    return slot_init_store(&game->slot, game->store, error, sizeof error) &&
           slot_lock(&game->slot, error, sizeof error);
}

static LoopSetup setup_of(Game *game, uint64_t seed, int floor, int class_index, bool offer_title)
{
    LoopSetup setup = {
        .input = {.data = game->data, .slot = &game->slot, .seed = seed, .start_floor = floor,
                  .offer_title = offer_title, .class_index = class_index, .choose_class = false,
                  .clock = session_wall_clock},
        /* a missile's flight is shown as natively: frames on the loop's
         * timer, never events (the rules took the shot whole) */
        .flight_delay = SETTINGS_FLIGHT_DELAY,
    };
    return setup;
}

bool game_open(Game *game, const GameData *data, uint64_t seed, int floor, int class_index, uint64_t next_seed)
{
    if (!start(game, data)) return false;
    LoopSetup setup = setup_of(game, seed, floor, class_index, false);
    game->open = loop_open(&game->loop, &setup);
    if (!game->open) return false;
    game->loop.input.next_seed = next_seed;
    follow(game);
    return true;
}

/* The journal a run of base with these events would have left, with no
 * save: what the input continues from */
static bool write_journal(Game *game, const JournalBase *base, const char *settings, const JournalEvent *events,
                          int count)
{
    Journal journal;
    journal_start(&journal, &game->slot, base, settings);
    JournalRead read = {.base = *base, .count = count, .torn = true};
    read.events = malloc((size_t)(count > 0 ? count : 1) * sizeof *read.events);
    if (read.events == NULL) return false;
    if (count > 0) memcpy(read.events, events, (size_t)count * sizeof *events);
    journal_take_up(&journal, &read);
    char error[SLOT_ERROR_SIZE];
    bool written = journal_write(&journal, error, sizeof error);
    journal_free(&journal);
    return written;
}

bool game_rebuild(Game *game, const GameData *data, const JournalBase *base, const char *settings,
                  const JournalEvent *events, int count, uint64_t next_seed, Errors *errors)
{
    if (!start(game, data)) {
        errors_add(errors, "the game's store can't be made");
        return false;
    }
    int class_index = base->class_id[0] != '\0' ? data_find_class(data, base->class_id) : 0;
    if (class_index < 0 || base->data_digest != rep_data_digest(data)) {
        errors_add(errors, "the run was played with other data files than the server has now");
        return false;
    }
    game->quiet = true;
    LoopSetup setup = setup_of(game, base->seed, base->floor, class_index, true);
    if (!write_journal(game, base, settings, events, count) || !loop_open(&game->loop, &setup)) {
        errors_add(errors, "out of memory");
        game->quiet = false;
        return false;
    }
    game->open = true;
    bool continued = input_continue(&game->loop.input);
    game->quiet = false;
    if (!continued) {
        const TitleState *title = &game->loop.input.title;
        for (int i = 0; i < title->line_count; ++i) errors_add(errors, "%s", title->lines[i]);
        if (title->line_count == 0) errors_add(errors, "the run couldn't be made again");
        return false;
    }
    game->loop.dirty = true;
    game->loop.input.next_seed = next_seed;
    follow(game);
    return true;
}

void game_close(Game *game)
{
    if (game->open) loop_close(&game->loop);
    game->open = false;
    store_mem_free(&game->mem);
    free(game->journal_file.text);
    free(game->noted);
    free(game->recording);
    free(game->morgue);
    memset(game, 0, sizeof *game);
}

void game_next_seed(Game *game, uint64_t seed)
{
    game->loop.input.next_seed = seed;
}

bool game_in_run(const Game *game)
{
    return game->open && input_screen_traits(input_screen(&game->loop.input))->in_run;
}

/* ---- Stepping -------------------------------------------------------------------- */

typedef struct Newest {
    char name[STORE_NAME_SIZE];
    int64_t number;
} Newest;

static bool newest(void *context, const char *name)
{
    Newest *n = context;
    int64_t number = store_number(name);
    if (number > n->number) {
        n->number = number;
        snprintf(n->name, sizeof n->name, "%s", name);
    }
    return true;
}

/* The newest file of folder (runs/, morgue/) taken out of the store:
 * the run's ending wrote it */
static char *take_newest(Game *game, const char *folder, size_t *length)
{
    Newest found = {"", -1};
    char error[STORE_ERROR_SIZE], path[STORE_NAME_SIZE * 2];
    Store store = mem_store(game);
    *length = 0;
    if (!store.ops->list(&game->mem, folder, newest, &found, error, sizeof error) || found.number < 0) return NULL;
    snprintf(path, sizeof path, "%s/%s", folder, found.name);
    char *text = NULL;
    if (store.ops->read(&game->mem, path, (size_t)64 << 20, &text, length, error, sizeof error) != FILE_READ_OK) {
        return NULL;
    }
    store.ops->remove(&game->mem, path);
    return text;
}

static void tell_end(Game *game, GameNews *news)
{
    const Session *session = &game->loop.input.session;
    if (!session->ended || game->end_told || session->run != game->run) return;
    game->end_told = true;
    free(game->recording);
    free(game->morgue);
    game->recording = take_newest(game, SLOT_RUNS, &game->recording_length);
    game->morgue = take_newest(game, SLOT_MORGUE, &game->morgue_length);
    news->ended = true;
    news->digest = save_digest(session->run);
    news->recording = game->recording;
    news->recording_length = game->recording_length;
    news->morgue = game->morgue;
    news->morgue_length = game->morgue_length;
}

LoopNext game_step(Game *game, const FrontEvent *event, GameNews *news)
{
    memset(news, 0, sizeof *news);
    game->noted_count = 0;
    if (!game->open) return (LoopNext){.wait_ms = -1, .done = true};
    LoopNext next = loop_step(&game->loop, event);
    journal_noticed(game);
    if (game->loop.input.session.run != game->run && !game->loop.done) {
        follow(game);
        news->new_run = true;
        game->noted_count = 0;   /* none can come between a run's end and the next */
    }
    news->events = game->noted;
    news->count = game->noted_count;
    tell_end(game, news);
    return next;
}
