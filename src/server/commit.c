/* The group commit (live.h's lives_commit): every game's new events in
 * one transaction a turn, sent whole (db.h's send_*: PostgreSQL's
 * pipeline mode), and what waited on it let go when its answer comes */
#include "live.h"
#include "live_own.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The first count of a game's queue let go (the database has them) */
static void drop_queued(Live *live, int count)
{
    for (int q = 0; q < count; ++q) live_queued_free(&live->queued[q]);
    live->queued_count -= count;
    if (count > 0 && live->queued_count > 0) {
        memmove(live->queued, live->queued + count, (size_t)live->queued_count * sizeof *live->queued);
    }
}

static void hex64(uint64_t n, char out[17])
{
    snprintf(out, 17, "%016" PRIx64, n);
}

static int64_t add_run(Lives *lives, Live *live, const Queued *q)
{
    char seed[24], digest[17];
    snprintf(seed, sizeof seed, "%" PRIu64, q->base.seed);
    hex64(q->base.data_digest, digest);
    DbValue values[] = {db_int(live->player_id), db_text(seed), db_int(q->base.floor), db_text(q->base.class_id),
                        db_text(digest), db_text(q->settings != NULL ? q->settings : ""), db_int(time(NULL)),
                        db_text(live_mode_name(q->mode)), q->day[0] != '\0' ? db_text(q->day) : db_null(),
                        db_text(q->token)};
    int64_t run = db_one_int(lives->db, DB_GAME_ADD, values, 10, lives->error, sizeof lives->error);
    if (run > 0 && q->mode == LIVE_DAILY) {
        DbValue daily[] = {db_int(live->player_id), db_text(q->day), db_int(run)};
        if (!db_run(lives->db, DB_DAILY_RUN, daily, 3, NULL, NULL, lives->error, sizeof lives->error)) return -1;
    }
    return run;
}

/* A statement of the commit: sent (its answer read with the commit's)
 * while one is in flight, else run */
static bool put(Lives *lives, DbStatement which, const DbValue *values, int count)
{
    if (lives->flying) return lives->db.ops->send(lives->db.self, which, values, count, lives->error, sizeof lives->error);
    return db_run(lives->db, which, values, count, NULL, NULL, lives->error, sizeof lives->error);
}

static bool add_event(Lives *lives, int64_t run, int seq, JournalEvent e)
{
    char kind[2] = {e.kind, '\0'};
    DbValue values[] = {db_int(run), db_int(seq), db_text(kind), db_int(e.a), db_int(e.b)};
    return put(lives, DB_EVENT_ADD, values, 5);
}

static bool end_run(Lives *lives, int64_t run, const Queued *q)
{
    char digest[17];
    hex64(q->digest, digest);
    DbValue values[] = {db_int(run), db_int(time(NULL)), db_text(digest),
                        q->recording != NULL ? db_bytes(q->recording, q->recording_length) : db_null(),
                        q->morgue != NULL ? db_bytes(q->morgue, q->morgue_length) : db_null()};
    return put(lives, DB_GAME_END, values, 5);
}

static bool count_events(Lives *lives, int64_t run, int committed)
{
    DbValue values[] = {db_int(run), db_int(committed)};
    return put(lives, DB_GAME_EVENTS, values, 2);
}

/* One game's queue written (within the transaction): its run and count
 * as they'll be once committed, in flying_run and flying_committed. A
 * new run's row is made at once (its number is its events'): only in a
 * transaction run, never in one sent */
static bool write_queue(Lives *lives, Live *live)
{
    int64_t run = live->run_id;
    int committed = live->committed, from = committed;
    for (int i = 0; i < live->flying_queued; ++i) {
        Queued *q = &live->queued[i];
        bool ok = true;
        if (q->kind == QUEUED_NEW_RUN) {
            if (run > 0 && committed > from) ok = count_events(lives, run, committed);
            run = ok && !lives->flying ? add_run(lives, live, q) : -1;
            committed = from = 0;
            ok = run > 0;
        } else if (q->kind == QUEUED_EVENT) {
            ok = run > 0 && add_event(lives, run, committed++, q->event);
        } else {
            ok = run > 0 && end_run(lives, run, q);
            q->run = run;
        }
        if (!ok) return false;
    }
    live->flying_run = run;
    live->flying_committed = committed;
    return !(run > 0 && committed > from) || count_events(lives, run, committed);
}

/* An ended run, committed, goes to the server's own replay: its figures
 * are the boards' (api.h) */
static void replay_ended(Lives *lives, Queued *q)
{
    if (q->kind != QUEUED_END || q->recording == NULL || lives->workers == NULL || q->run <= 0) return;
    Work *work = work_new(WORK_REPLAY, NULL);
    if (work == NULL) return;   /* upload_replay_pending finds it at the next start */
    work->id = q->run;
    work->text = q->recording;
    work->length = q->recording_length;
    q->recording = NULL;
    if (!work_post(lives->workers, work)) work_free(work);
}

/* The commit's answer come: what it held let go (committed: its frames
 * sent; failed: kept for the next, nothing of it written) */
static void landed(Lives *lives, bool committed, bool wrote)
{
    lives->flying = false;
    lives->recheck = lives->recheck || (!committed && wrote);
    if (committed) lives->error[0] = '\0';
    lives->commits += committed && wrote;
    for (int i = 0; i < lives->count; ++i) {
        Live *live = lives->all[i];
        if (committed && wrote) {
            lives->changes += live->flying_run != live->run_id;
            lives->events += live->flying_committed - (live->flying_run == live->run_id ? live->committed : 0);
            /* a new run's row: this process runs it (a transaction waited
             * on made it, so nothing is in flight) */
            char error[DB_ERROR_SIZE];
            if (live->flying_run > 0 && live->flying_run != live->run_id) {
                lease_take(lives->db, &lives->leases, live->flying_run, error, sizeof error);
            }
            live->run_id = live->flying_run;
            live->committed = live->flying_committed;
        }
        if (committed) {
            for (int q = 0; wrote && q < live->flying_queued; ++q) replay_ended(lives, &live->queued[q]);
            drop_queued(live, live->flying_queued);
            live_release(live, live->flying_held);
        }
        live->flying_queued = live->flying_held = 0;
    }
}


/* After a commit that failed, which may yet have gone through (the
 * connection lost after PostgreSQL committed, before its answer came):
 * each game's count as the database holds it, and what of its queue the
 * database has already let go, so nothing is written twice (the events'
 * key would refuse it, and every commit after). A new run at the head
 * of the queue is looked for by its token: found, the commit made it
 * (and all it held), so it's the game's run now, not one to make again
 * beside an orphan still 'live' */
static bool recheck_one(Lives *lives, Live *live)
{
    while (live->queued_count > 0) {
        RunRow row = {0};
        bool new_run = live->queued[0].kind == QUEUED_NEW_RUN;
        DbValue key = new_run ? db_text(live->queued[0].token) : db_int(live->run_id);
        if (!new_run && live->run_id <= 0) return true;
        if (!db_run(lives->db, new_run ? DB_GAME_OF_TOKEN : DB_GAME_GET, &key, 1, live_read_run, &row, lives->error,
                    sizeof lives->error)) {
            return false;
        }
        if (!row.found) return new_run;   /* a new run never made: made at the next commit */
        if (new_run) {
            char error[DB_ERROR_SIZE];
            lease_take(lives->db, &lives->leases, row.id, error, sizeof error);
            drop_queued(live, 1);
            live->run_id = row.id;
            live->committed = 0;
            ++lives->changes;
        }
        int kept = 0, more = (int)row.events - live->committed;
        while (kept < live->queued_count && kept < more && live->queued[kept].kind == QUEUED_EVENT) ++kept;
        int events = kept;
        if (!row.live && kept < live->queued_count && live->queued[kept].kind == QUEUED_END) {
            live->queued[kept].run = live->run_id;
            replay_ended(lives, &live->queued[kept++]);
        }
        drop_queued(live, kept);
        live->committed += events;
        lives->events += events;
        /* what follows is a new run's, if the commit got that far */
        if (live->queued_count == 0 || live->queued[0].kind != QUEUED_NEW_RUN) return true;
    }
    return true;
}

static bool recheck(Lives *lives)
{
    for (int i = 0; i < lives->count; ++i) {
        if (!recheck_one(lives, lives->all[i])) return false;
    }
    lives->recheck = false;
    return true;
}

/* Every game's queue in one transaction: sent, unless a new run is in it
 * or wait (then run, and waited on) */
static bool send_all(Lives *lives, bool wait)
{
    if (lives->recheck && !recheck(lives)) return false;
    bool any = false, writes = false, new_run = false;
    for (int i = 0; i < lives->count; ++i) {
        Live *live = lives->all[i];
        any = any || live->queued_count > 0 || live->held_count > 0;
        writes = writes || live->queued_count > 0;
        for (int q = 0; q < live->queued_count; ++q) new_run = new_run || live->queued[q].kind == QUEUED_NEW_RUN;
        live->flying_queued = live->queued_count;
        live->flying_held = live->held_count;
        live->flying_run = live->run_id;
        live->flying_committed = live->committed;
    }
    if (!any || !writes) {
        landed(lives, true, false);
        return true;
    }
    const DbOps *ops = lives->db.ops;
    lives->flying = !wait && !new_run;
    bool ok = lives->flying ? ops->send_begin(lives->db.self, lives->error, sizeof lives->error)
                            : ops->begin(lives->db.self, lives->error, sizeof lives->error);
    for (int i = 0; ok && i < lives->count; ++i) ok = write_queue(lives, lives->all[i]);
    if (!lives->flying) {
        if (ok) ok = ops->commit(lives->db.self, lives->error, sizeof lives->error);
        else ops->rollback(lives->db.self);
        landed(lives, ok, true);
        return ok;
    }
    /* sent: a transaction a statement of which couldn't be sent is rolled
     * back whole; the answer is read now if it came (SQLite's has) */
    ops->send_commit(lives->db.self, lives->error, sizeof lives->error);
    int done = ops->sent_done(lives->db.self, false, lives->error, sizeof lives->error);
    if (done != 0) landed(lives, done > 0, true);
    return done >= 0;
}

/* Every game's players told (the database lost, or back) */
static void tell_players(Lives *lives, const char *text)
{
    for (int i = 0; i < lives->count; ++i) {
        Live *live = lives->all[i];
        for (int v = 0; v < live->viewer_count; ++v) {
            if (live->viewers[v]->player) live_tell(live->viewers[v], "notice", text);
        }
    }
}

/* The commit's outcome said to the players when it changes: what they
 * type waits while the database is away, and goes on when it's back */
static bool say_outcome(Lives *lives, bool ok)
{
    if (!ok && !lives->down) {
        tell_players(lives, "The server can't reach its database: what you do waits until it's back, "
                            "and nothing is lost.");
    } else if (ok && lives->down) {
        tell_players(lives, "The database is back: the game goes on.");
    }
    lives->down = !ok;
    return ok;
}

bool lives_commit(Lives *lives)
{
    if (lives->flying) {
        int done = lives->db.ops->sent_done(lives->db.self, false, lives->error, sizeof lives->error);
        if (done == 0) return true;
        landed(lives, done > 0, true);
        if (done < 0) return say_outcome(lives, false);
    }
    bool ok = send_all(lives, false);
    return lives->flying ? ok : say_outcome(lives, ok);
}

bool lives_settle(Lives *lives)
{
    if (lives->flying) {
        int done = lives->db.ops->sent_done(lives->db.self, true, lives->error, sizeof lives->error);
        landed(lives, done > 0, true);
    }
    return send_all(lives, true);
}
