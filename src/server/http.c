/* Answers to HTTP requests: see http.h */
#include "http.h"

#include <stdlib.h>
#include <string.h>

void http_headers(struct MHD_Response *response)
{
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(response, "X-Frame-Options", "DENY");
    MHD_add_response_header(response, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(response, "Content-Security-Policy", HTTP_CSP);
    MHD_add_response_header(response, "Cache-Control", "no-store");
}

enum MHD_Result http_answer(struct MHD_Connection *c, unsigned status, const char *type, const char *body,
                            size_t length, const char *cookie, const char *disposition)
{
    struct MHD_Response *response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (response == NULL) return MHD_NO;
    if (type != NULL) MHD_add_response_header(response, "Content-Type", type);
    http_headers(response);
    if (cookie != NULL) MHD_add_response_header(response, "Set-Cookie", cookie);
    if (disposition != NULL) MHD_add_response_header(response, "Content-Disposition", disposition);
    enum MHD_Result result = MHD_queue_response(c, status, response);
    MHD_destroy_response(response);
    return result;
}

enum MHD_Result http_text(struct MHD_Connection *c, unsigned status, const char *text)
{
    return http_answer(c, status, "text/plain; charset=utf-8", text, strlen(text), NULL, NULL);
}

enum MHD_Result http_json(struct MHD_Connection *c, unsigned status, json_t *value, const char *cookie)
{
    char *text = value != NULL ? json_dumps(value, JSON_COMPACT) : NULL;
    json_decref(value);
    if (text == NULL) return http_text(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "The server is out of memory.\n");
    enum MHD_Result result = http_answer(c, status, "application/json", text, strlen(text), cookie, NULL);
    free(text);
    return result;
}

enum MHD_Result http_error(struct MHD_Connection *c, unsigned status, const char *text)
{
    return http_json(c, status, json_pack("{s:s}", "error", text), NULL);
}

enum MHD_Result http_empty(struct MHD_Connection *c, unsigned status, const char *cookie)
{
    return http_answer(c, status, NULL, "", 0, cookie, NULL);
}
