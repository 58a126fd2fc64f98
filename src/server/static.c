/* The built page's files: see static.h */
#define _GNU_SOURCE
#include "static.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { STATIC_PATH_SIZE = 512, STATIC_NAME_MOST = 200 };

/* Kept in step with deploy/nginx.conf's: scripts only from the site
 * itself, WebAssembly compiled but never eval (emscripten's output runs
 * under it: tests/online checks), no inline script or style */
static const char CSP[] = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
                          "img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                          "form-action 'self'; frame-ancestors 'none'";

static const struct {
    const char *ending, *type;
} TYPES[] = {
    {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},   {".wasm", "application/wasm"},
    {".json", "application/json"},         {".png", "image/png"},
    {".txt", "text/plain; charset=utf-8"}, {".data", "application/octet-stream"},
};

bool static_wanted(const char *url)
{
    size_t n = strlen(url);
    if (n == 0 || url[0] != '/' || n > STATIC_NAME_MOST) return false;
    for (size_t i = 1; i < n; ++i) {
        char ch = url[i];
        bool plain = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
                     ch == '-' || ch == '.' || ch == '/';
        /* no name starts with '.' (so no "..") and no name is empty */
        if (!plain || (ch == '.' && url[i - 1] == '/') || (ch == '/' && url[i - 1] == '/')) return false;
    }
    return true;
}

static const char *type_of(const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof TYPES / sizeof TYPES[0]; ++i) {
        size_t k = strlen(TYPES[i].ending);
        if (n > k && strcmp(name + n - k, TYPES[i].ending) == 0) return TYPES[i].type;
    }
    return "application/octet-stream";
}

void static_security_headers(struct MHD_Response *response)
{
    MHD_add_response_header(response, "Content-Security-Policy", CSP);
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(response, "X-Frame-Options", "DENY");
    MHD_add_response_header(response, "Referrer-Policy", "same-origin");
}

static enum MHD_Result not_found(struct MHD_Connection *c)
{
    static const char text[] = "There's no such page.\n";
    struct MHD_Response *response = MHD_create_response_from_buffer(sizeof text - 1, (void *)text, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, "Content-Type", "text/plain; charset=utf-8");
    static_security_headers(response);
    enum MHD_Result result = MHD_queue_response(c, MHD_HTTP_NOT_FOUND, response);
    MHD_destroy_response(response);
    return result;
}

enum MHD_Result static_answer(struct MHD_Connection *c, const char *dir, const char *url)
{
    if (!static_wanted(url)) return not_found(c);
    char path[STATIC_PATH_SIZE];
    const char *name = strcmp(url, "/") == 0 ? "/online.html" : url;
    if (snprintf(path, sizeof path, "%s%s", dir, name) >= (int)sizeof path) return not_found(c);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0) return not_found(c);
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return not_found(c);
    }
    /* the response owns fd from here, and closes it */
    struct MHD_Response *response = MHD_create_response_from_fd((uint64_t)st.st_size, fd);
    if (response == NULL) {
        close(fd);
        return MHD_NO;
    }
    MHD_add_response_header(response, "Content-Type", type_of(name));
    MHD_add_response_header(response, "Cache-Control", "no-cache");
    static_security_headers(response);
    enum MHD_Result result = MHD_queue_response(c, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}
