/* The HTTP API's state and what its parts share: see site.h */
#include "site.h"

#include <string.h>
#include <time.h>

void site_boards_changed(Site *api)
{
    for (int i = 0; i < SITE_CACHES; ++i) {
        if (strncmp(api->caches[i].key, "board ", 6) == 0) api->caches[i].key[0] = '\0';
    }
}

void site_today(char day[11])
{
    account_day_of(time(NULL), day);
}

int64_t site_session_player(Site *api, struct MHD_Connection *c)
{
    const char *token = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, ACCOUNT_COOKIE);
    char hash[ACCOUNT_HASH_TEXT], error[DB_ERROR_SIZE];
    if (token == NULL || !account_token_hash(token, hash)) return 0;
    DbValue values[] = {db_text(hash), db_int(time(NULL) - (int64_t)ACCOUNT_SESSION_DAYS * 86400)};
    int64_t player = db_one_int(api->db, DB_SESSION_FIND, values, 2, error, sizeof error);
    return player > 0 ? player : 0;
}
