/* Files for the tests of the save folder: fresh folders, files put and
 * read back whole, listings of what's in a folder. Each test program that
 * includes it defines _POSIX_C_SOURCE 200809L first. */
#ifndef AMULETS_TEST_FILES_H
#define AMULETS_TEST_FILES_H

#include <dirent.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"
#include "store.h"

enum { PATH_SIZE = 4096, LISTING_SIZE = 1 << 16 };

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
/* A fresh folder under /tmp for a test's files, /tmp/amulets-NAME-XXXXXX;
 * the test ends if it can't be made */
static inline void make_test_root(char root[PATH_SIZE], const char *name)
{
    path_of(root, "/tmp/amulets-%s-XXXXXX", name);
    if (mkdtemp(root) == NULL) {
        perror("mkdtemp");
        exit(EXIT_FAILURE);
    }
}

#endif

/* ---- Files ---------------------------------------------------------------- */

PRINTF_LIKE(2, 3)
static inline void path_of(char out[PATH_SIZE], const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(out, PATH_SIZE, format, args);
    va_end(args);
}

static inline bool is_folder(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

static inline bool exists(const char *path)
{
    struct stat info;
    return lstat(path, &info) == 0;
}

/* A whole file, or NULL if it can't be read */
static inline char *contents(const char *path, size_t *length)
{
    char *text = NULL, error[256];
    size_t got = 0;
    if (file_read_all(file_system_ops(), path, 64u << 20, &text, &got, error, sizeof error) != FILE_READ_OK) return NULL;
    if (length != NULL) *length = got;
    return text;
}

static inline void put_file(const char *path, const char *text, size_t length)
{
    FILE *file = fopen(path, "wb");
    if (file == NULL || fwrite(text, 1, length, file) != length || fclose(file) != 0) {
        fprintf(stderr, "can't write %s\n", path);
        exit(EXIT_FAILURE);
    }
}

/* As the game writes its files: the head, the text, then the mark that
 * says it's whole (store.h) */
static inline void put_marked(const char *path, const char *text, size_t length)
{
    char mark[STORE_MARK_SIZE];
    int n = store_mark(text, length, mark);
    size_t head = strlen(STORE_MARK_HEAD);
    char *whole = malloc(head + length + (size_t)n);
    memcpy(whole, STORE_MARK_HEAD, head);
    memcpy(whole + head, text, length);
    memcpy(whole + head + length, mark, (size_t)n);
    put_file(path, whole, head + length + (size_t)n);
    free(whole);
}

static inline bool same_file(const char *path, const char *text, size_t length)
{
    size_t got;
    char *now = contents(path, &got);
    bool same = now != NULL && got == length && memcmp(now, text, length) == 0;
    free(now);
    return same;
}

/* The file is text with its mark, as put_marked puts it */
static inline bool same_marked(const char *path, const char *text, size_t length)
{
    size_t got;
    char *now = contents(path, &got);
    char mark[STORE_MARK_SIZE];
    int n = store_mark(text, length, mark);
    size_t head = strlen(STORE_MARK_HEAD);
    bool same = now != NULL && got == head + length + (size_t)n && memcmp(now, STORE_MARK_HEAD, head) == 0 &&
                memcmp(now + head, text, length) == 0 && memcmp(now + head + length, mark, (size_t)n) == 0;
    free(now);
    return same;
}

static inline void remove_tree(const char *path)
{
    struct stat info;
    if (lstat(path, &info) != 0) return;
    if (S_ISDIR(info.st_mode)) {
        DIR *dir = opendir(path);
        struct dirent *entry;
        while (dir != NULL && (entry = readdir(dir)) != NULL) {
            if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
            char child[PATH_SIZE];
            path_of(child, "%s/%s", path, entry->d_name);
            remove_tree(child);
        }
        if (dir != NULL) closedir(dir);
        rmdir(path);
    } else {
        unlink(path);
    }
}

/* Everything under a folder, one to a line: each name from the folder
 * down, and with sizes, a file's size (a folder's own size changes with
 * what's in it, so it isn't given). skip (if not NULL) is a folder whose
 * contents are left out. */
static inline int compare_lines(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

typedef struct Listing {
    char *lines[1024];
    int count;
} Listing;

static inline void list_into(Listing *listing, const char *path, size_t root_length, const char *skip,
                      bool sizes)
{
    DIR *dir = opendir(path);
    struct dirent *entry;
    while (dir != NULL && (entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
        char child[PATH_SIZE], line[PATH_SIZE + 32];
        path_of(child, "%s/%s", path, entry->d_name);
        struct stat info;
        if (lstat(child, &info) != 0 || listing->count == 1024) continue;
        bool folder = S_ISDIR(info.st_mode);
        if (folder || !sizes) snprintf(line, sizeof line, "%s", child + root_length);
        else snprintf(line, sizeof line, "%s %lld", child + root_length, (long long)info.st_size);
        listing->lines[listing->count] = malloc(strlen(line) + 1);
        strcpy(listing->lines[listing->count++], line);
        if (folder && (skip == NULL || strcmp(child, skip) != 0)) {
            list_into(listing, child, root_length, skip, sizes);
        }
    }
    if (dir != NULL) closedir(dir);
}

static inline char *listing_of(const char *path, const char *skip, bool sizes)
{
    Listing listing = {.count = 0};
    list_into(&listing, path, strlen(path), skip, sizes);
    qsort(listing.lines, (size_t)listing.count, sizeof listing.lines[0], compare_lines);
    char *text = calloc(LISTING_SIZE, 1);
    size_t used = 0;
    for (int i = 0; i < listing.count; ++i) {
        size_t n = strlen(listing.lines[i]);
        if (used + n + 2 < LISTING_SIZE) {
            memcpy(text + used, listing.lines[i], n);
            text[used + n] = '\n';
            used += n + 1;
        }
        free(listing.lines[i]);
    }
    return text;
}

/* A fresh folder under /tmp for a test's files, /tmp/amulets-NAME-XXXXXX;
 * the test ends if it can't be made */
static inline void make_test_root(char root[PATH_SIZE], const char *name)
{
    path_of(root, "/tmp/amulets-%s-XXXXXX", name);
    if (mkdtemp(root) == NULL) {
        perror("mkdtemp");
        exit(EXIT_FAILURE);
    }
}

#endif
