/* The live games and their viewers: see live.h */
#include "live.h"
#include "live_own.h"

#include "modes.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t fresh_seed(void)
{
    return account_fresh_seed();
}

#define LIVE_MODE_NAME(name, text) text,
static const char *const MODE_NAMES[] = {LIVE_MODES(LIVE_MODE_NAME)};
#undef LIVE_MODE_NAME
_Static_assert(sizeof MODE_NAMES / sizeof MODE_NAMES[0] == LIVE_MODE_COUNT, "a name for every mode");

const char *live_mode_name(LiveMode mode)
{
    return mode >= 0 && mode < LIVE_MODE_COUNT ? MODE_NAMES[mode] : "ladder";
}

/* Grows an array of item_size items to hold one more: false if out of memory */
static bool room_for(void **items, int count, int *capacity, size_t item_size)
{
    if (count < *capacity) return true;
    int more = *capacity ? *capacity * 2 : 8;
    void *bigger = realloc(*items, (size_t)more * item_size);
    if (bigger == NULL) return false;
    *items = bigger;
    *capacity = more;
    return true;
}

/* ---- Telling the pages ------------------------------------------------------- */

/* {"t":kind,"text":text} to one page */
void live_tell(Viewer *viewer, const char *kind, const char *text)
{
    FrameText t = {0};
    frame_add(&t, "{\"t\":", 5);
    frame_add_string(&t, kind);
    frame_add(&t, ",\"text\":", 8);
    frame_add_string(&t, text);
    frame_add(&t, "}", 1);
    if (!t.failed) ws_send(&viewer->ws, t.bytes, t.length);
    frame_text_free(&t);
}

void lives_refuse(Viewer *viewer, const char *why)
{
    live_tell(viewer, "refused", why);
}

static void hold(Live *live, const char *bytes, size_t length, uint32_t number)
{
    if (!room_for((void **)&live->held, live->held_count, &live->held_capacity, sizeof *live->held)) return;
    char *copy = malloc(length + 1);
    if (copy == NULL) return;
    memcpy(copy, bytes, length);
    copy[length] = '\0';
    live->held[live->held_count++] = (Held){copy, length, number};
}

static void send_full(Live *live, Viewer *viewer)
{
    const FrameText *full = wire_full(&live->wire);
    if (full->failed || !ws_send(&viewer->ws, full->bytes, full->length)) return;
    viewer->sent = live->wire.number;
    viewer->needs_full = false;
}

static bool keeping_up(const Viewer *viewer)
{
    return ws_queued(&viewer->ws) < LIVES_LAG_BYTES;
}

/* What waited on the commit, to the viewers, in order: the first count
 * held */
void live_release(Live *live, int count)
{
    for (int h = 0; h < count; ++h) {
        const Held *held = &live->held[h];
        for (int i = 0; i < live->viewer_count; ++i) {
            Viewer *v = live->viewers[i];
            if (held->number == 0) {
                if (v->player) ws_send(&v->ws, held->bytes, held->length);
            } else if (!v->needs_full && v->sent + 1 == held->number && keeping_up(v)) {
                ws_send(&v->ws, held->bytes, held->length);
                v->sent = held->number;
            } else if (v->sent < held->number) {
                v->needs_full = true;
            }
        }
        free(held->bytes);
    }
    live->held_count -= count;
    if (count > 0 && live->held_count > 0) {
        memmove(live->held, live->held + count, (size_t)live->held_count * sizeof *live->held);
    }
    for (int i = 0; live->held_count == 0 && i < live->viewer_count; ++i) {
        Viewer *v = live->viewers[i];
        if (v->needs_full && keeping_up(v) && live->wire.number > 0) send_full(live, v);
    }
}

/* ---- The queue ------------------------------------------------------------------- */

static Queued *queue(Live *live, QueuedKind kind)
{
    if (!room_for((void **)&live->queued, live->queued_count, &live->queued_capacity, sizeof *live->queued)) {
        return NULL;
    }
    Queued *q = &live->queued[live->queued_count++];
    memset(q, 0, sizeof *q);
    q->kind = kind;
    return q;
}

static char *copy_of(const char *bytes, size_t length)
{
    if (bytes == NULL) return NULL;
    char *copy = malloc(length + 1);
    if (copy != NULL) {
        memcpy(copy, bytes, length);
        copy[length] = '\0';
    }
    return copy;
}

static void queue_new_run(Live *live)
{
    Queued *q = queue(live, QUEUED_NEW_RUN);
    if (q == NULL) return;
    q->base = live->game.base;
    q->settings = copy_of(live->game.settings, strlen(live->game.settings));
    q->mode = live->mode;
    snprintf(q->day, sizeof q->day, "%s", live->day);
    uint8_t noise[8];
    randombytes_buf(noise, sizeof noise);
    sodium_bin2hex(q->token, sizeof q->token, noise, sizeof noise);
}

static void take_news(Live *live, const GameNews *news)
{
    if (news->new_run) queue_new_run(live);
    for (int i = 0; i < news->count; ++i) {
        Queued *q = queue(live, QUEUED_EVENT);
        if (q != NULL) q->event = news->events[i];
    }
    if (news->ended) {
        Queued *q = queue(live, QUEUED_END);
        if (q == NULL) return;
        q->digest = news->digest;
        q->recording = copy_of(news->recording, news->recording_length);
        q->recording_length = news->recording_length;
        q->morgue = copy_of(news->morgue, news->morgue_length);
        q->morgue_length = news->morgue_length;
    }
}

void live_queued_free(Queued *q)
{
    free(q->settings);
    free(q->recording);
    free(q->morgue);
}

/* ---- The games ------------------------------------------------------------------- */

static bool read_name(void *context, const DbValue *c, int count)
{
    if (count >= 1 && c[0].type == DB_TEXT) snprintf(context, MSG_NAME_SIZE, "%s", c[0].s);
    return false;
}

static Live *live_new(Lives *lives, int64_t player_id)
{
    if (!room_for((void **)&lives->all, lives->count, &lives->capacity, sizeof *lives->all)) return NULL;
    Live *live = calloc(1, sizeof *live);
    if (live == NULL) return NULL;
    live->player_id = player_id;
    char error[DB_ERROR_SIZE];
    DbValue id = db_int(player_id);
    db_run(lives->db, DB_PLAYER_NAME, &id, 1, read_name, live->player_name, error, sizeof error);
    FrameRoom room = wire_room_default();
    wire_init(&live->wire, &room);
    lives->all[lives->count++] = live;
    ++lives->changes;
    return live;
}

static void detach(Live *live, Viewer *viewer)
{
    for (int i = 0; i < live->viewer_count; ++i) {
        if (live->viewers[i] == viewer) live->viewers[i] = live->viewers[--live->viewer_count];
    }
    viewer->live = NULL;
    viewer->player = false;
}

static void live_free(Lives *lives, Live *live)
{
    if (live->told_run > 0 && room_for((void **)&lives->gone, lives->gone_count, &lives->gone_capacity,
                                       sizeof *lives->gone)) {
        lives->gone[lives->gone_count++] = live->told_run;
    }
    while (live->viewer_count > 0) detach(live, live->viewers[0]);
    for (int q = 0; q < live->queued_count; ++q) live_queued_free(&live->queued[q]);
    for (int h = 0; h < live->held_count; ++h) free(live->held[h].bytes);
    free(live->queued);
    free(live->held);
    free(live->viewers);
    game_close(&live->game);
    wire_free(&live->wire);
    for (int i = 0; i < lives->count; ++i) {
        if (lives->all[i] == live) lives->all[i] = lives->all[--lives->count];
    }
    ++lives->changes;
    free(live);
}

static void attach(Live *live, Viewer *viewer, bool player, uint64_t now)
{
    if (viewer->live != NULL) detach(viewer->live, viewer);
    if (!room_for((void **)&live->viewers, live->viewer_count, &live->viewer_capacity, sizeof *live->viewers)) return;
    for (int i = 0; player && i < live->viewer_count; ++i) {
        if (live->viewers[i]->player) {
            live->viewers[i]->player = false;
            live_tell(live->viewers[i], "notice", "This game is now played from another page: this one watches it.");
        }
    }
    live->viewers[live->viewer_count++] = viewer;
    viewer->live = live;
    viewer->player = player;
    viewer->needs_full = true;
    viewer->sent = 0;
    live->active_ms = now;
    if (live->held_count == 0 && live->wire.number > 0) send_full(live, viewer);
}

/* The frame after a step, if the loop asked for a paint, held for the
 * commit: true if one was made */
static bool paint(Lives *lives, Live *live, bool asked, uint32_t ack)
{
    if (!asked || !live->game.open) return false;
    FrontView view;
    loop_view(&live->game.loop, &view);
    bool made = wire_make(&live->wire, lives->scratch, &view, ack);
    loop_painted(&live->game.loop);
    if (made && !live->wire.delta.failed) hold(live, live->wire.delta.bytes, live->wire.delta.length, live->wire.number);
    return made;
}

static void set_timer(Live *live, LoopNext next, bool was_timer, uint64_t now)
{
    if (next.wait_ms < 0) {
        live->timed = false;
        return;
    }
    uint64_t again = now + (uint64_t)next.wait_ms;
    /* an event keeps the timer's time; the timer itself sets the next */
    if (!live->timed || was_timer || again < live->due_ms) live->due_ms = again;
    live->timed = true;
}

static void step(Lives *lives, Live *live, const FrontEvent *event, uint32_t ack, uint64_t now)
{
    GameNews news;
    LoopNext next = game_step(&live->game, event, &news);
    if (news.new_run) {   /* R's next run: a ladder run on a fresh seed */
        live->mode = LIVE_LADDER;
        live->day[0] = '\0';
    }
    take_news(live, &news);
    if (news.new_run) game_next_seed(&live->game, fresh_seed());
    bool made = paint(lives, live, next.paint, ack);
    if (ack > 0 && !made) {
        char text[48];
        snprintf(text, sizeof text, "{\"t\":\"ack\",\"id\":%u}", ack);
        hold(live, text, strlen(text), 0);
    }
    bool timer = event == NULL || event->kind == FRONT_NONE;
    if (next.drop_keys || (timer && game_in_run(&live->game) && input_take_alarm(&live->game.loop.input))) {
        live->alarm_frame = live->wire.number;
    }
    set_timer(live, next, timer, now);
    if (next.done || live->game.failed) {
        live->left = true;
        ++lives->changes;
        live->timed = false;
        const char *left = "{\"t\":\"left\",\"text\":\"You have left the game. Your run is kept: play again to go on.\"}";
        hold(live, left, strlen(left), 0);
    }
}

static Live *find_run(Lives *lives, int64_t run)
{
    for (int i = 0; i < lives->count; ++i) {
        if (lives->all[i]->run_id == run && !lives->all[i]->left) return lives->all[i];
    }
    return NULL;
}

/* The player's game in memory, left or not */
static Live *find_player(Lives *lives, int64_t player)
{
    for (int i = 0; i < lives->count; ++i) {
        if (lives->all[i]->player_id == player) return lives->all[i];
    }
    return NULL;
}

/* The player's game in memory if it goes on; one left is let go once
 * what it queued is committed. False if that waits still */
static bool settled_player(Lives *lives, int64_t player, Live **out)
{
    Live *live = find_player(lives, player);
    *out = live;
    if (live == NULL || !live->left) return true;
    if (live->queued_count > 0 || live->held_count > 0) return false;
    live_free(lives, live);
    *out = NULL;
    return true;
}

/* ---- Making a game again from its events ------------------------------------------- */


bool live_read_run(void *context, const DbValue *c, int count)
{
    RunRow *row = context;
    if (count < 10 || c[2].type != DB_TEXT || c[4].type != DB_TEXT || c[5].type != DB_TEXT ||
        c[6].type != DB_TEXT || c[7].type != DB_TEXT) {
        return false;
    }
    row->found = true;
    row->id = c[0].i;
    row->player = c[1].i;
    row->base.from = JOURNAL_FROM_START;
    row->base.seed = strtoull(c[2].s, NULL, 10);
    row->base.floor = (int)c[3].i;
    snprintf(row->base.class_id, sizeof row->base.class_id, "%s", c[4].s);
    row->base.data_digest = strtoull(c[5].s, NULL, 16);
    snprintf(row->settings, sizeof row->settings, "%s", c[6].s);
    row->live = strcmp(c[7].s, "live") == 0;
    row->events = c[8].i;
    row->mode = LIVE_LADDER;
    for (int m = 0; count >= 12 && c[10].type == DB_TEXT && m < LIVE_MODE_COUNT; ++m) {
        if (strcmp(c[10].s, MODE_NAMES[m]) == 0) row->mode = (LiveMode)m;
    }
    if (count >= 12 && c[11].type == DB_TEXT) snprintf(row->day, sizeof row->day, "%s", c[11].s);
    return false;
}

typedef struct EventRows {
    JournalEvent *events;
    int count, capacity;
    bool broken;
} EventRows;

static bool read_event(void *context, const DbValue *c, int count)
{
    EventRows *rows = context;
    if (count < 4 || c[0].i != rows->count || c[1].type != DB_TEXT || c[1].n != 1 ||
        !room_for((void **)&rows->events, rows->count, &rows->capacity, sizeof *rows->events)) {
        rows->broken = true;
        return false;
    }
    rows->events[rows->count++] = (JournalEvent){c[1].s[0], (int)c[2].i, (int)c[3].i};
    return true;
}

/* The live run's game made again: NULL (told to viewer) if it can't be */
static Live *rebuild(Lives *lives, int64_t run, Viewer *viewer, uint64_t now)
{
    RunRow row = {0};
    EventRows rows = {0};
    DbValue id = db_int(run);
    char error[DB_ERROR_SIZE];
    int lease = lease_take(lives->db, &lives->leases, run, error, sizeof error);
    if (lease <= 0) {
        live_tell(viewer, "refused", lease < 0 ? "The server can't reach its database: try again."
                                          : "That game is being played on another of the server's processes: it "
                                            "comes here once that one lets it go, in a second or two.");
        return NULL;
    }
    if (!db_run(lives->db, DB_GAME_GET, &id, 1, live_read_run, &row, error, sizeof error) || !row.found || !row.live) {
        live_tell(viewer, "refused", "There's no live game of that number.");
        return NULL;
    }
    if (!db_run(lives->db, DB_EVENTS_OF, &id, 1, read_event, &rows, error, sizeof error) || rows.broken ||
        rows.count != row.events) {
        free(rows.events);
        live_tell(viewer, "refused", "That game's events can't be read.");
        return NULL;
    }
    Live *live = live_new(lives, row.player);
    Errors errors = {0};
    bool made = live != NULL && game_rebuild(&live->game, lives->data, &row.base, row.settings, rows.events,
                                             rows.count, fresh_seed(), &errors);
    free(rows.events);
    if (!made) {
        char why[SLOT_ERROR_SIZE + 64];
        snprintf(why, sizeof why, "That game can't be made again: %s.", errors.count > 0 ? errors.lines[0] : "out of memory");
        live_tell(viewer, "refused", why);
        errors_clear(&errors);
        if (live != NULL) live_free(lives, live);
        return NULL;
    }
    errors_clear(&errors);
    live->run_id = run;
    live->committed = rows.count;
    live->active_ms = live->input_ms = now;
    live->mode = row.mode;
    snprintf(live->day, sizeof live->day, "%s", row.day);
    paint(lives, live, true, 0);
    return live;
}

/* ---- The messages ---------------------------------------------------------------- */

static int64_t player_of(Lives *lives, const char *name)
{
    char error[DB_ERROR_SIZE];
    DbValue values[] = {db_text(name), db_int(time(NULL))};
    int64_t id = db_one_int(lives->db, DB_PLAYER_FIND, values, 1, error, sizeof error);
    if (id < 0 && error[0] == '\0') id = db_one_int(lives->db, DB_PLAYER_ADD, values, 2, error, sizeof error);
    return id;
}

static int64_t live_run_of(Lives *lives, int64_t player)
{
    char error[DB_ERROR_SIZE];
    DbValue value = db_int(player);
    return db_one_int(lives->db, DB_GAME_LIVE_OF, &value, 1, error, sizeof error);
}

static void play(Lives *lives, Viewer *viewer, const Msg *msg, uint64_t now)
{
    if (msg->player[0] != '\0' && !lives->dev) {
        live_tell(viewer, "refused", "A page can't name its player here: log in.");
        return;
    }
    int64_t player = msg->player[0] != '\0' ? player_of(lives, msg->player) : viewer->session_player;
    if (player == 0) {
        live_tell(viewer, "refused", "Log in to play.");
        return;
    }
    if (player < 0) {
        live_tell(viewer, "refused", "The server can't reach its database: try again.");
        return;
    }
    viewer->player_id = player;
    Live *live;
    if (!settled_player(lives, player, &live)) {
        live_tell(viewer, "refused", "Your game is still being kept: try again in a moment.");
        return;
    }
    if (live == NULL) {
        int64_t run = live_run_of(lives, player);
        if (run > 0) live = rebuild(lives, run, viewer, now);
        if (live == NULL && run > 0) return;
    }
    if (live == NULL) {
        live_tell(viewer, "idle", "You have no game in play: start a new one.");
        return;
    }
    attach(live, viewer, true, now);
}

static void new_game(Lives *lives, Viewer *viewer, const Msg *msg, uint64_t now)
{
    if (viewer->player_id <= 0) {
        live_tell(viewer, "refused", "Say who you are first (a play message).");
        return;
    }
    int class_index = msg->class_id[0] != '\0' ? data_find_class(lives->data, msg->class_id) : 0;
    if (class_index < 0) {
        live_tell(viewer, "refused", "There's no class of that name.");
        return;
    }
    if (msg->seeded && !lives->test_seeds) {
        live_tell(viewer, "refused", "The server chooses the seeds.");
        return;
    }
    char why[MODES_WHY_SIZE];
    if (!modes_may_start(lives->db, viewer->player_id, why, sizeof why)) {
        live_tell(viewer, "refused", why);
        return;
    }
    Live *old;
    if (!settled_player(lives, viewer->player_id, &old)) {
        live_tell(viewer, "refused", "Your game is still being kept: try again in a moment.");
        return;
    }
    int64_t run = old != NULL ? old->run_id : live_run_of(lives, viewer->player_id);
    bool in_play = old != NULL ? game_in_run(&old->game) || old->run_id == 0 : run > 0;
    if (in_play && !msg->abandon) {
        live_tell(viewer, "confirm", "You have a run in play. Starting a new one abandons it for good: "
                                "send new with abandon to do so.");
        return;
    }
    if (old != NULL && (old->queued_count > 0 || old->held_count > 0)) {
        live_tell(viewer, "refused", "Your game is still being kept: try again in a moment.");
        return;
    }
    uint64_t seed;
    int floor;
    char day[11];
    if (!modes_choose_start((ModesSource){lives->db, lives->secret, lives->test_seeds}, viewer->player_id, msg, &seed, &floor, day, why, sizeof why)) {
        live_tell(viewer, "refused", why);
        return;
    }
    char error[DB_ERROR_SIZE];
    DbValue values[] = {db_int(run), db_int(time(NULL))};
    if (in_play && run > 0 && !db_run(lives->db, DB_GAME_ABANDON, values, 2, NULL, NULL, error, sizeof error)) {
        live_tell(viewer, "refused", "The server can't reach its database: try again.");
        return;
    }
    if (old != NULL) live_free(lives, old);
    Live *live = live_new(lives, viewer->player_id);
    if (live == NULL || !game_open(&live->game, lives->data, seed, floor, class_index, fresh_seed())) {
        if (live != NULL) live_free(lives, live);
        live_tell(viewer, "refused", "The server is out of memory.");
        return;
    }
    live->mode = msg->mode == MSG_MODE_DAILY ? LIVE_DAILY : msg->mode == MSG_MODE_PRACTICE ? LIVE_PRACTICE : LIVE_LADDER;
    snprintf(live->day, sizeof live->day, "%s", day);
    live->input_ms = now;
    queue_new_run(live);
    paint(lives, live, true, 0);
    attach(live, viewer, true, now);
}

static void watch(Lives *lives, Viewer *viewer, const Msg *msg, uint64_t now)
{
    Live *live = find_run(lives, msg->game);
    if (live == NULL) live = rebuild(lives, msg->game, viewer, now);
    if (live == NULL) return;
    int64_t who = viewer->player_id > 0 ? viewer->player_id : viewer->session_player;
    bool played, finished = false;
    if (live->mode == LIVE_DAILY && live->player_id != who &&
        (!modes_daily_of(lives->db, who, live->day, &played, &finished) || !finished)) {
        live_tell(viewer, "refused", "A daily's live games are shown only to players who have finished it.");
        return;
    }
    attach(live, viewer, false, now);
}

static void input(Lives *lives, Viewer *viewer, const Msg *msg, uint64_t now)
{
    Live *live = viewer->live;
    if (live == NULL || !viewer->player || live->left) {
        live_tell(viewer, "refused", "This page doesn't play a game.");
        return;
    }
    live->active_ms = live->input_ms = now;
    FrontEvent event = {.kind = FRONT_KEY, .key = msg->key, .cell = {msg->x, msg->y}};
    bool throttled = msg->kind == MSG_KEY && !keys_take(&viewer->keys, now);
    if (msg->kind == MSG_KEY && (throttled || msg->seen < live->alarm_frame)) {
        char text[80];
        snprintf(text, sizeof text, "{\"t\":\"ack\",\"id\":%u,\"dropped\":true%s}", msg->id,
                 throttled ? ",\"throttled\":true" : "");
        hold(live, text, strlen(text), 0);
        return;
    }
    /* outside a run (the death screen's R, the title, the class choice) a
     * key may start one: a player held since the game began can't, and
     * may still leave (Esc) */
    char why[MODES_WHY_SIZE];
    bool may_start_one = (msg->kind == MSG_KEY && msg->key != AK_ESC) || msg->kind == MSG_CLICK;
    if (may_start_one && !game_in_run(&live->game) && !modes_may_start(lives->db, live->player_id, why, sizeof why)) {
        live_tell(viewer, "refused", why);
        return;
    }
    if (msg->kind == MSG_POINT) event.kind = FRONT_POINT;
    if (msg->kind == MSG_UNPOINT) event.kind = FRONT_POINT_OFF;
    if (msg->kind == MSG_CLICK) event.kind = FRONT_CLICK;
    step(lives, live, &event, msg->kind == MSG_KEY ? msg->id : 0, now);
}

void lives_message(Lives *lives, Viewer *viewer, const Msg *msg, uint64_t now)
{
    switch (msg->kind) {
    case MSG_PLAY: play(lives, viewer, msg, now); break;
    case MSG_NEW: new_game(lives, viewer, msg, now); break;
    case MSG_WATCH: watch(lives, viewer, msg, now); break;
    case MSG_KEY: case MSG_POINT: case MSG_UNPOINT: case MSG_CLICK: input(lives, viewer, msg, now); break;
    case MSG_RESYNC:
        if (viewer->live != NULL) {
            viewer->needs_full = true;
            if (viewer->live->held_count == 0) send_full(viewer->live, viewer);
        }
        break;
    case MSG_ROOM:
        if (viewer->live != NULL && viewer->player) {
            Live *live = viewer->live;
            live->wire.room = (FrameRoom){msg->room[0], msg->room[1], msg->room[2], msg->room[3], msg->room[4], false};
            paint(lives, live, true, 0);
        }
        break;
    }
}

void lives_viewer_gone(Lives *lives, Viewer *viewer)
{
    (void)lives;
    if (viewer->live != NULL) detach(viewer->live, viewer);
}

void lives_drained(Lives *lives, Viewer *viewer)
{
    (void)lives;
    Live *live = viewer->live;
    if (live != NULL && viewer->needs_full && live->held_count == 0 && keeping_up(viewer)) send_full(live, viewer);
}

/* ---- Time ------------------------------------------------------------------------ */

static bool any_run(const Lives *lives)
{
    for (int i = 0; i < lives->count; ++i) {
        if (lives->all[i]->run_id > 0) return true;
    }
    return false;
}

int lives_timeout(const Lives *lives, uint64_t now)
{
    int64_t soonest = any_run(lives) ? leases_due(&lives->leases, now) : -1;   /* -1: none due */
    for (int i = 0; i < lives->count; ++i) {
        const Live *live = lives->all[i];
        if (!live->timed || live->left) continue;
        int64_t wait = live->due_ms > now ? (int64_t)(live->due_ms - now) : 0;
        if (soonest < 0 || wait < soonest) soonest = wait;
    }
    return (int)soonest;
}

/* The leases renewed when due; a game whose lease another process took
 * (this one was stalled past it) is let go: it goes on there */
static void renew(Lives *lives, uint64_t now)
{
    if (!any_run(lives) || leases_due(&lives->leases, now) != 0) return;
    int64_t *held = malloc((size_t)lives->count * sizeof *held);
    char error[DB_ERROR_SIZE];
    int count = held != NULL ? leases_renew(lives->db, &lives->leases, now, held, lives->count, error, sizeof error) : -1;
    lives->leases.renewed_ms = now;   /* tried again when due, the database back or not */
    for (int i = lives->count - 1; count >= 0 && i >= 0; --i) {
        Live *live = lives->all[i];
        bool kept = live->run_id <= 0;
        for (int h = 0; !kept && h < count; ++h) kept = held[h] == live->run_id;
        if (kept) continue;
        for (int v = 0; v < live->viewer_count; ++v) {
            live_tell(live->viewers[v], "notice", "This game went on on another of the server's processes: play again "
                                             "to follow it there.");
        }
        live_free(lives, live);
    }
    free(held);
}

void lives_tick(Lives *lives, uint64_t now)
{
    for (int i = 0; i < lives->count; ++i) {
        Live *live = lives->all[i];
        if (live->viewer_count > 0) live->active_ms = now;
        if (live->timed && !live->left && live->due_ms <= now) step(lives, live, NULL, 0, now);
    }
    for (int i = lives->count - 1; i >= 0; --i) {
        Live *live = lives->all[i];
        bool settled = live->queued_count == 0 && live->held_count == 0;
        bool idle = live->viewer_count == 0 && now - live->active_ms > LIVES_IDLE_MS && !live->timed;
        if (!settled || !(live->left || idle)) continue;
        if (live->run_id > 0) lease_release(lives->db, &lives->leases, live->run_id);
        live_free(lives, live);
    }
    renew(lives, now);
}

/* ---- The whole ------------------------------------------------------------------- */

bool lives_init(Lives *lives, Db db, const GameData *data)
{
    memset(lives, 0, sizeof *lives);
    lives->db = db;
    lives->data = data;
    leases_init(&lives->leases, strcmp(db.ops->engine, "sqlite") != 0);
    lives->scratch = calloc(1, sizeof *lives->scratch);
    return lives->scratch != NULL;
}

void lives_free(Lives *lives)
{
    /* stopping: its games are anyone's at once */
    for (int i = 0; lives->db.ops != NULL && i < lives->count; ++i) {
        if (lives->all[i]->run_id > 0) lease_release(lives->db, &lives->leases, lives->all[i]->run_id);
    }
    while (lives->count > 0) live_free(lives, lives->all[0]);
    free(lives->all);
    free(lives->gone);
    if (lives->scratch != NULL) frame_text_free(&lives->scratch->text);
    free(lives->scratch);
    memset(lives, 0, sizeof *lives);
}
