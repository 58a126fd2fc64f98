/* The HTTP API's routes and forms, read strictly and apart from the
 * server (so the fuzzer reads them as the server does): a method and a
 * path to one of ROUTES with its argument (a run's number, a day), and a
 * request's JSON body to the fields its route takes.
 *
 * A body is one JSON object of at most ROUTE_BODY_LIMIT bytes (an
 * upload's: ROUTE_UPLOAD_LIMIT, and not JSON), no deeper than 1, no key
 * twice, no key the route doesn't take, every value a string of at most
 * ROUTE_FIELD_MOST bytes with no NUL. */
#ifndef AMULETS_ROUTE_H
#define AMULETS_ROUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    ROUTE_BODY_LIMIT = 4 * 1024,
    ROUTE_UPLOAD_LIMIT = 256 * 1024,
    ROUTE_FIELDS = 3,
    ROUTE_FIELD_MOST = 1024,
    ROUTE_WHY_SIZE = 128,
};

/* Each route: its enum, method, path ('#' takes a number, a run's or an
 * upload's, 1 and up; '@' a day, YYYY-MM-DD), whether it changes
 * something (its Origin is checked), and the form it takes (its fields'
 * names, space-separated) */
#define ROUTES(X)                                                                   \
    X(ROUTE_INDEX, "GET", "/", false, "")                                           \
    X(ROUTE_PLAY, "GET", "/play", false, "")                                        \
    X(ROUTE_REGISTER, "POST", "/api/register", true, "name password")              \
    X(ROUTE_LOGIN, "POST", "/api/login", true, "name password")                    \
    X(ROUTE_LOGOUT, "POST", "/api/logout", true, "")                               \
    X(ROUTE_PASSWORD, "POST", "/api/password", true, "old new")                    \
    X(ROUTE_RECOVER, "POST", "/api/recover", true, "name code password")           \
    X(ROUTE_ME, "GET", "/api/me", false, "")                                       \
    X(ROUTE_GAMES, "GET", "/api/games", false, "")                                 \
    X(ROUTE_LADDER, "GET", "/api/boards/ladder", false, "")                        \
    X(ROUTE_OFFLINE, "GET", "/api/boards/offline", false, "")                      \
    X(ROUTE_DAILY_BOARD, "GET", "/api/boards/daily/@", false, "")                  \
    X(ROUTE_RUN, "GET", "/api/runs/#", false, "")                                  \
    X(ROUTE_RECORDING, "GET", "/api/runs/#/recording", false, "")                  \
    X(ROUTE_DAILY, "GET", "/api/daily", false, "")                                 \
    X(ROUTE_DUMP, "GET", "/api/dumps/daily-@.ndjson", false, "")                   \
    X(ROUTE_SEED, "POST", "/api/seed", true, "")                                   \
    X(ROUTE_UPLOAD, "POST", "/api/upload", true, "")                               \
    X(ROUTE_UPLOAD_STATE, "GET", "/api/uploads/#", false, "")

#define ROUTE_ENUM(name, method, path, changes, form) name,
typedef enum Route { ROUTES(ROUTE_ENUM) ROUTE_COUNT, ROUTE_NONE = -1, ROUTE_BAD_METHOD = -2 } Route;
#undef ROUTE_ENUM

typedef struct RouteMatch {
    Route route;
    int64_t number;             /* a run's or upload's */
    char day[11];               /* YYYY-MM-DD */
} RouteMatch;

/* The route a method and path (no query) name: ROUTE_NONE if none,
 * ROUTE_BAD_METHOD if the path is one but not for that method */
RouteMatch route_find(const char *method, const char *path);
/* True if the route changes something (its Origin is checked) */
bool route_changes(Route route);
/* The most bytes its body may have */
size_t route_body_limit(Route route);

/* A route's form read from a body: fields[i] the i-th of its fields
 * (NUL-ended copies, freed by form_free), false with why if the body
 * isn't the form */
typedef struct Form {
    char *fields[ROUTE_FIELDS];
    size_t lengths[ROUTE_FIELDS];
} Form;
bool form_read(Route route, const char *body, size_t length, Form *form, char *why, size_t why_size);
void form_free(Form *form);

#endif
