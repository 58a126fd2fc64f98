/* amulets --verify FILE|- [--ranked] [--data DIR]: a recording verified
 * (verify.h), one line of JSON on stdout; the status 0 if it verifies, 1
 * if it's refused, 2 if there's no recording to verify (a wrong option, a
 * file that can't be read, data with mistakes), said on stderr. */
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "replay.h"
#include "verify.h"

/* Standard input, at most limit + 1 bytes: one more than the most says
 * it's too big without reading on */
static bool read_input(size_t limit, char **text, size_t *length)
{
    *text = malloc(limit + 2);
    if (*text == NULL) return false;
    *length = 0;
    size_t got;
    while (*length <= limit && (got = fread(*text + *length, 1, limit + 1 - *length, stdin)) > 0) {
        *length += got;
    }
    return !ferror(stdin);
}

/* The recording named: its bytes, or its length past limit with none */
static bool read_recording(const char *path, size_t limit, char **text, size_t *length)
{
    if (strcmp(path, "-") == 0) {
        if (read_input(limit, text, length)) return true;
        fprintf(stderr, "amulets: --verify: standard input can't be read\n");
        return false;
    }
    char error[160];
    FileRead read = rep_read_bytes(path, limit, text, length, error, sizeof error);
    if (read == FILE_READ_TOO_BIG) {
        *text = NULL;
        *length = limit + 1;
        return true;
    }
    if (read != FILE_READ_OK) fprintf(stderr, "amulets: %s: %s\n", path, error);
    return read == FILE_READ_OK;
}

static bool verify_options(int argc, char **argv, const char **path, const char **data_dir,
                           VerifyOptions *options)
{
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--ranked") == 0) {
            options->ranked = true;
        } else if (strcmp(argv[i], "--data") == 0 && i + 1 < argc) {
            *data_dir = argv[++i];
        } else if (*path == NULL && (argv[i][0] != '-' || strcmp(argv[i], "-") == 0)) {
            *path = argv[i];
        } else {
            fprintf(stderr, "amulets: --verify FILE|- [--ranked] [--data DIR]: '%s' isn't one of them\n",
                    argv[i]);
            return false;
        }
    }
    if (*path == NULL) fprintf(stderr, "amulets: --verify takes a recording's FILE, or - for standard input\n");
    return *path != NULL;
}

int app_verify(int argc, char **argv, const char *data_dir)
{
    const char *path = NULL;
    VerifyOptions options = {.max_bytes = VERIFY_MAX_BYTES, .max_commands = VERIFY_MAX_COMMANDS};
    if (!verify_options(argc, argv, &path, &data_dir, &options)) return 2;
    char *text;
    size_t length;
    if (!read_recording(path, options.max_bytes, &text, &length)) return 2;
    GameData data = {0};
    Errors errors = {0};
    if (!data_load_dir(&data, data_dir, &errors)) {
        /* nothing can be verified against data with mistakes */
        fprintf(stderr, "amulets: --verify: the data in %s has mistakes\n", data_dir);
        errors_print(&errors, stderr, 10);
        errors_clear(&errors);
        data_free(&data);
        free(text);
        return 2;
    }
    errors_clear(&errors);
    VerifyResult result;
    bool good = verify_recording(text, length, &data, options, &result);
    char json[VERIFY_JSON_SIZE];
    verify_json(&result, json, sizeof json);
    fputs(json, stdout);
    free(text);
    data_free(&data);
    return good ? 0 : 1;
}
