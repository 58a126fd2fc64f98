#define _POSIX_C_SOURCE 200809L
/* Runs every file of a fuzz corpus through a fuzz target once, so the
 * sanitizer test build checks the committed corpus on every test run
 * without needing libFuzzer. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) return 1;
    size_t capacity = 1 << 16, length = 0;
    unsigned char *buffer = malloc(capacity);
    size_t got;
    while (buffer && (got = fread(buffer + length, 1, capacity - length, file)) > 0) {
        length += got;
        if (length == capacity) buffer = realloc(buffer, capacity *= 2);
    }
    fclose(file);
    if (buffer == NULL) return 1;
    /* an exact-size copy, so an overread past the input is caught */
    unsigned char *exact = malloc(length ? length : 1);
    memcpy(exact, buffer, length);
    free(buffer);
    LLVMFuzzerTestOneInput(exact, length);
    free(exact);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
        return 2;
    }
    DIR *dir = opendir(argv[1]);
    if (dir == NULL) {
        fprintf(stderr, "can't open %s\n", argv[1]);
        return 1;
    }
    int files = 0, failed = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", argv[1], entry->d_name);
        failed += run_file(path);
        ++files;
    }
    closedir(dir);
    printf("%d corpus files run, %d unreadable\n", files, failed);
    return files == 0 || failed ? 1 : 0;
}
