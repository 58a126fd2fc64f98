/* Offline runs and the server's own replay (api.h, docs/server.md).
 *
 * A page that plays offline asks for a seed first (POST /api/seed: a
 * random seed and a token, issued to the account, at most LIMIT_SEED an
 * hour); the run's recording, sent whole (POST /api/upload, at most 256
 * KB), is answered 202 at once and checked on the workers' second lane
 * by `amulets --verify --ranked` in a process of its own under setrlimit
 * (work.h). It counts, and goes on the offline board, only if it
 * verifies ranked, began on floor 1 from a seed issued to that account,
 * and that seed wasn't used before; else it's refused with the reason.
 *
 * Every run the server played is replayed the same way when it ends (in
 * the server's process: its own recording): the figures that replay
 * gives are the ones the boards show, never what a game said. */
#ifndef AMULETS_UPLOAD_H
#define AMULETS_UPLOAD_H

#include "site.h"

enum MHD_Result upload_seed(Site *api, struct MHD_Connection *c, uint64_t now);
enum MHD_Result upload_take(Site *api, struct MHD_Connection *c, const char *body, size_t length, uint64_t now);
enum MHD_Result upload_state(Site *api, struct MHD_Connection *c, int64_t id);
/* The upload policy, before its seed is looked at: an upload counts only
 * if the verifier said ok (ranked), it began on floor 1 and it ended (a
 * death or a win). False with reason if not */
bool upload_policy(bool verified, const VerifyResult *result, const char *verifier_reason, char *reason,
                   size_t reason_size);

/* A replay's or an upload's verdict kept (the job stays the caller's) */
void upload_work_done(Site *api, Work *work);

/* Every ended run the server's replay hasn't yet figured (after a crash
 * or a restart) handed to the workers, and the queue's first jobs claimed */
void upload_replay_pending(Site *api);

/* The verification queue is shared by every process on the database:
 * an upload is queued in it (whichever process took it), and a process
 * with its replays' lane free claims the oldest job (DB_UPLOAD_CLAIM: on
 * PostgreSQL FOR UPDATE SKIP LOCKED, so two never take one), at most
 * UPLOAD_IN_HAND at a time. It renews its claims every UPLOAD_POLL_MS
 * while it checks them, and looks at the queue as often for jobs others
 * queued; a claim not renewed for UPLOAD_CLAIM_MS (its process killed)
 * is taken again by whichever process looks next. Only the claim's
 * holder keeps a verdict (DB_UPLOAD_SET names the worker) */
enum { UPLOAD_IN_HAND = 1, UPLOAD_POLL_MS = 500, UPLOAD_CLAIM_MS = 1500 };

/* Claims jobs while this process has room for them */
void upload_claim(Site *api);
/* The queue looked at and this process's claims renewed, when due */
void upload_tick(Site *api, uint64_t now_ms);
/* Milliseconds until upload_tick has something to do */
int upload_due(const Site *api, uint64_t now_ms);

#endif
