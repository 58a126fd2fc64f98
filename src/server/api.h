/* The server's HTTP API (docs/server.md has each route's shape): the
 * accounts (register, login, logout, password, recover, me), the lobby,
 * the boards, the runs and their recordings, the daily, the offline
 * seeds and uploads. Each request is read by route.h (its path, and its
 * form: at most 4 KB of JSON, an upload 256 KB), refused 403 if it
 * changes something and comes from a page of another site (its Origin),
 * 413 if its body is too long, 429 past its rate limit (limit.h).
 *
 * What takes time never stalls the loop: argon2id runs on a worker
 * (work.h) while the request is suspended (libmicrohttpd's
 * MHD_suspend_connection), and comes back through the workers' eventfd
 * (api_work_done), which resumes it; an upload is answered 202 at once,
 * checked on the other lane, and asked after (/api/uploads/N).
 *
 * Sessions: a login's token in the cookie __Host-amulets (account.h),
 * its SHA-256 in the database, so a session outlives a restart; a
 * password changed or reset ends every session of the account. */
#ifndef AMULETS_API_H
#define AMULETS_API_H

#include <microhttpd.h>
#include <stdbool.h>
#include <stdint.h>

#include "site.h"
#include "work.h"

/* The API over the server's parts: reads (or makes, at the first start)
 * the server's secret. False with why */
bool api_init(Site *api, Db db, Lives *lives, Workers *workers, char *error, size_t error_size);
/* Resumes what waits (answered 503) and lets go */
void api_free(Site *api);

/* libmicrohttpd's access handler and its completion notice */
enum MHD_Result api_request(Site *api, struct MHD_Connection *c, const char *url, const char *method,
                            const char *upload_data, size_t *upload_data_size, void **con_cls, uint64_t now);
void api_completed(Site *api, void **con_cls);

/* True if the request's Origin (if any) is one of the pages' */
bool api_origin_ok(const Site *api, struct MHD_Connection *c);
/* The player a /play request's session found (0: none), for the upgrade */
int64_t api_request_player(void *con_cls);

/* A worker's job done (work_take's): its request resumed, or its
 * result kept (a run's figures, an upload's verdict). Frees it */
void api_work_done(Site *api, Work *work);


#endif
