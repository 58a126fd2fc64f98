/* A database with one commit's answer lost (db.h's db_fault_wrap): every
 * call handed to the engine below, but the lose_at-th transaction sent
 * (send_begin ... sent_done; or begin ... commit making a new run, the
 * group commit's waited-on kind) commits and is then said to have
 * failed, as when a connection drops after PostgreSQL committed and
 * before its answer came. The tests' (amulets-server --test-lose-answer N) */
#include "db.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct FaultDb {
    DbOps ops;                  /* the table below, named as the engine's */
    Db inner;
    int sent, lose_at;
    bool making;                /* the transaction begun makes a run (DB_GAME_ADD) */
} FaultDb;

static bool f_run(void *self, DbStatement which, const DbValue *values, int count, DbEach each, void *context,
                  char *error, size_t error_size)
{
    FaultDb *f = self;
    f->making = f->making || which == DB_GAME_ADD;
    return f->inner.ops->run(f->inner.self, which, values, count, each, context, error, error_size);
}

static bool f_begin(void *self, char *error, size_t error_size)
{
    FaultDb *f = self;
    f->making = false;
    return f->inner.ops->begin(f->inner.self, error, error_size);
}

static bool f_commit(void *self, char *error, size_t error_size)
{
    FaultDb *f = self;
    /* a group commit that makes a new run is waited on (its number is
     * its events'): it counts as one sent */
    bool counted = f->making;
    f->making = false;
    if (counted) ++f->sent;
    if (!f->inner.ops->commit(f->inner.self, error, error_size)) return false;
    if (counted && f->sent == f->lose_at) {
        snprintf(error, error_size, "the commit's answer was lost (a fault the tests asked for)");
        return false;
    }
    return true;
}

static void f_rollback(void *self)
{
    FaultDb *f = self;
    f->inner.ops->rollback(f->inner.self);
}

static int f_version(void *self, char *error, size_t error_size)
{
    FaultDb *f = self;
    return f->inner.ops->version(f->inner.self, error, error_size);
}

static bool f_apply(void *self, int index, char *error, size_t error_size)
{
    FaultDb *f = self;
    return f->inner.ops->apply(f->inner.self, index, error, error_size);
}

static bool f_send_begin(void *self, char *error, size_t error_size)
{
    FaultDb *f = self;
    ++f->sent;
    return f->inner.ops->send_begin(f->inner.self, error, error_size);
}

static bool f_send(void *self, DbStatement which, const DbValue *values, int count, char *error, size_t error_size)
{
    FaultDb *f = self;
    return f->inner.ops->send(f->inner.self, which, values, count, error, error_size);
}

static bool f_send_commit(void *self, char *error, size_t error_size)
{
    FaultDb *f = self;
    return f->inner.ops->send_commit(f->inner.self, error, error_size);
}

static int f_sent_done(void *self, bool wait, char *error, size_t error_size)
{
    FaultDb *f = self;
    int done = f->inner.ops->sent_done(f->inner.self, wait, error, error_size);
    if (done > 0 && f->sent == f->lose_at) {
        snprintf(error, error_size, "the commit's answer was lost (a fault the tests asked for)");
        return -1;
    }
    return done;
}

static bool f_listen(void *self, DbChannel channel, char *error, size_t error_size)
{
    FaultDb *f = self;
    return f->inner.ops->listen(f->inner.self, channel, error, error_size);
}

static bool f_notify(void *self, DbChannel channel, const char *payload, char *error, size_t error_size)
{
    FaultDb *f = self;
    return f->inner.ops->notify(f->inner.self, channel, payload, error, error_size);
}

static int f_notices(void *self, DbNoticed each, void *context, char *error, size_t error_size)
{
    FaultDb *f = self;
    return f->inner.ops->notices(f->inner.self, each, context, error, error_size);
}

static int f_socket(void *self)
{
    FaultDb *f = self;
    return f->inner.ops->socket(f->inner.self);
}

static void f_close(void *self)
{
    FaultDb *f = self;
    db_close(&f->inner);
    free(f);
}

bool db_fault_wrap(Db *db, int lose_at)
{
    FaultDb *f = calloc(1, sizeof *f);
    if (f == NULL) return false;
    static const DbOps FAULT_OPS = {
        NULL,        f_run,     f_begin,   f_commit,  f_rollback, f_version, f_apply,  f_send_begin,
        f_send,      f_send_commit, f_sent_done, f_listen, f_notify, f_notices, f_socket, f_close,
    };
    f->inner = *db;
    f->lose_at = lose_at;
    /* the engine's own name: what the server decides by it stays the same */
    f->ops = FAULT_OPS;
    f->ops.engine = db->ops->engine;
    db->ops = &f->ops;
    db->self = f;
    return true;
}
