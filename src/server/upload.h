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

/* Every ended run the server's replay hasn't yet figured, and every
 * upload not yet checked (after a crash or a restart), handed to the
 * workers */
void upload_replay_pending(Site *api);

#endif
