#define _POSIX_C_SOURCE 200809L
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int system_openat(int folder, const char *name, int flags, int mode)
{
    return openat(folder, name, flags, (mode_t)mode);
}

static int system_mkdirat(int folder, const char *name, int mode) { return mkdirat(folder, name, (mode_t)mode); }

static const FileOps SYSTEM_OPS = {
    .openat = system_openat, .write = write,       .fsync = fsync,
    .close = close,          .renameat = renameat, .unlinkat = unlinkat,
    .read = read,            .mkdirat = system_mkdirat, .fstatat = fstatat,
};

const FileOps *file_system_ops(void) { return &SYSTEM_OPS; }

/* The player's words for the errors a save can meet; the rest are
 * the system's own, quoted as a sentence of their own, since its words
 * ("Invalid cross-device link") don't read as part of ours */
static const struct {
    int error_number;
    const char *words;
} REASONS[] = {
    {ENOSPC, "the disk is full"},
    {EDQUOT, "the disk quota is used up"},
    {EACCES, "the save folder can't be written to"},
    {EPERM, "the save folder can't be written to"},
    {EROFS, "the disk is read-only"},
    {ENOENT, "the save folder is missing"},
    {EIO, "the disk reported an error"},
    {ENAMETOOLONG, "the save folder's path is too long"},
    {EISDIR, "there's a folder in its place"},
    {ENOTDIR, "a file is where a folder should be"},
    {ELOOP, "there's a link in its place, which the game never makes: it's left as it is"},
    {EEXIST, "something else appeared in its place"},
    {EMFILE, "the game has too many files open"},
    {ENFILE, "the system has too many files open"},
    {ENOMEM, "there's not enough memory"},
    {EFBIG, "the file would be too big for the disk"},
};

const char *file_reason(int error_number)
{
    for (size_t i = 0; i < sizeof REASONS / sizeof REASONS[0]; ++i) {
        if (REASONS[i].error_number == error_number) return REASONS[i].words;
    }
    return NULL;
}

void file_explain(char *out, size_t size, const char *what, int error_number)
{
    const char *words = file_reason(error_number);
    if (words != NULL) snprintf(out, size, "%s: %s", what, words);
    else snprintf(out, size, "%s. The system said: \"%s\"", what, strerror(error_number));
}

void file_say(char *out, size_t size, int error_number)
{
    const char *words = file_reason(error_number);
    if (words != NULL) snprintf(out, size, "%s", words);
    else snprintf(out, size, "the system said \"%s\"", strerror(error_number));
}

/* errno is left as the error's, for callers that want the number */
static bool fail(char *error, size_t size, const char *what, int error_number)
{
    file_explain(error, size, what, error_number);
    errno = error_number;
    return false;
}

/* A failed write, in the words its callers put after theirs ("The
 * high scores couldn't be written: " the disk is full) */
static bool write_failed(char *error, size_t size, int error_number)
{
    file_say(error, size, error_number);
    return false;
}

/* Writes all of it, carrying on after a short write */
static bool write_all(const FileOps *ops, int fd, const char *text, size_t length)
{
    while (length > 0) {
        ssize_t written = ops->write(fd, text, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            if (written == 0) errno = ENOSPC;
            return false;
        }
        text += written;
        length -= (size_t)written;
    }
    return true;
}

/* Flushes the folder holding path, so a rename in it is on the disk,
 * where the filesystem can */
static void sync_folder_of(const FileOps *ops, const char *path)
{
    char folder[4096];
    snprintf(folder, sizeof folder, "%s", path);
    char *slash = strrchr(folder, '/');
    if (slash == NULL) snprintf(folder, sizeof folder, ".");
    else if (slash == folder) slash[1] = '\0';
    else *slash = '\0';
    int fd = ops->openat(AT_FDCWD, folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
    if (fd < 0) return;
    ops->fsync(fd);
    ops->close(fd);
}

/* The new file, filled and flushed: the descriptor closed either way */
static bool fill(const FileOps *ops, int fd, const char *text, size_t length, int *error_number)
{
    if (!write_all(ops, fd, text, length) || ops->fsync(fd) != 0) {
        *error_number = errno;
        ops->close(fd);
        return false;
    }
    if (ops->close(fd) != 0) {
        *error_number = errno;
        return false;
    }
    return true;
}

bool file_write_at(const FileOps *ops, int folder, const char *name, const char *text, size_t length,
                   char *error, size_t error_size)
{
    char temporary[4096];
    if (snprintf(temporary, sizeof temporary, "%s.tmp", name) >= (int)sizeof temporary) {
        return write_failed(error, error_size, ENAMETOOLONG);
    }
    /* A stale temporary file, or a link planted in its place, goes first
     * (unlinking a link removes the link, never its target); then the new
     * one must be made afresh, so a link that appears in between is
     * refused rather than followed */
    if (ops->unlinkat(folder, temporary, 0) != 0 && errno != ENOENT) {
        return write_failed(error, error_size, errno);
    }
    int fd = ops->openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return write_failed(error, error_size, errno);
    int failed = 0;
    if (!fill(ops, fd, text, length, &failed)) {
        ops->unlinkat(folder, temporary, 0);
        return write_failed(error, error_size, failed);
    }
    if (ops->renameat(folder, temporary, folder, name) != 0) {
        int saved = errno;
        ops->unlinkat(folder, temporary, 0);
        return fail(error, error_size, "the new file couldn't be put in its place", saved);
    }
    /* The new save is in place, whole, its text already on the disk.
     * Flushing the folder makes the rename survive a power cut too, but
     * some filesystems can't flush a folder at all (EINVAL), and failing
     * here would say a save that's there wasn't made (and keep open a game
     * that asked to save and quit), breaking the promise that a failure
     * leaves the old file: so the folder is flushed if it can be. */
    if (folder == AT_FDCWD) sync_folder_of(ops, name);
    else ops->fsync(folder);
    return true;
}

bool file_write_whole(const FileOps *ops, const char *path, const char *text, size_t length,
                      char *error, size_t error_size)
{
    return file_write_at(ops, AT_FDCWD, path, text, length, error, error_size);
}

/* The player's words for why a file couldn't be read */
static const char *read_reason(int error_number)
{
    switch (error_number) {
    case EACCES:
    case EPERM: return "it isn't readable (permission denied)";
    case EIO: return "the disk reported an error while reading it";
    case ELOOP: return "it's a link that leads nowhere it can be read";
    default: return file_reason(error_number);
    }
}

void file_explain_read(char *out, size_t size, int error_number)
{
    const char *words = read_reason(error_number);
    if (words != NULL) snprintf(out, size, "it can't be read: %s", words);
    else file_explain(out, size, "it can't be read", error_number);
}

static FileRead read_failed(char *error, size_t size, int error_number)
{
    file_explain_read(error, size, error_number);
    return FILE_READ_FAILED;
}

/* Refuses anything but a regular file, naming what it is */
static FileRead check_regular(int fd, char *error, size_t size)
{
    struct stat info;
    if (fstat(fd, &info) != 0) return read_failed(error, size, errno);
    if (S_ISREG(info.st_mode)) return FILE_READ_OK;
    snprintf(error, size, "it can't be read: it's %s, not a file",
             S_ISDIR(info.st_mode)    ? "a folder"
             : S_ISFIFO(info.st_mode) ? "a FIFO (a pipe)"
             : S_ISSOCK(info.st_mode) ? "a socket"
                                      : "a device");
    return FILE_READ_NOT_A_FILE;
}

/* Reads up to limit + 1 bytes, so a file past the limit is noticed, into
 * a buffer that grows as it fills (a 64 MB limit for a 20 KB recording
 * would cost a 64 MB block every read) */
static FileRead read_up_to(const FileOps *ops, int fd, char **buffer, size_t limit, size_t *got,
                           char *error, size_t size)
{
    size_t capacity = limit < 65536 ? limit + 1 : 65536;
    *got = 0;
    *buffer = malloc(capacity + 1);
    if (*buffer == NULL) return read_failed(error, size, ENOMEM);
    while (*got <= limit) {
        if (*got == capacity) {
            capacity = capacity * 2 > limit + 1 ? limit + 1 : capacity * 2;
            char *bigger = realloc(*buffer, capacity + 1);
            if (bigger == NULL) return read_failed(error, size, ENOMEM);
            *buffer = bigger;
        }
        ssize_t n = ops->read(fd, *buffer + *got, capacity - *got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return read_failed(error, size, errno);
        if (n == 0) return FILE_READ_OK;
        *got += (size_t)n;
    }
    snprintf(error, size, "it's far too big");
    return FILE_READ_TOO_BIG;
}

/* Opens and reads name in folder (following a link in its place if
 * links); a link refused is said to be one */
static FileRead read_in(const FileOps *ops, int folder, const char *name, bool links, size_t limit,
                        char **text, size_t *length, char *error, size_t error_size)
{
    *text = NULL;
    *length = 0;
    /* O_NONBLOCK: opening a FIFO must not wait for a writer */
    int flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (links ? 0 : O_NOFOLLOW);
    int fd = ops->openat(folder, name, flags, 0);
    if (fd < 0 && errno == ENOENT) {
        snprintf(error, error_size, "it can't be read: it isn't there");
        return FILE_READ_MISSING;
    }
    if (fd < 0 && !links && errno == ELOOP) {
        snprintf(error, error_size, "it can't be read: it's a link, which the game never makes");
        return FILE_READ_NOT_A_FILE;
    }
    if (fd < 0) return read_failed(error, error_size, errno);
    FileRead result = check_regular(fd, error, error_size);
    char *buffer = NULL;
    size_t got = 0;
    if (result == FILE_READ_OK) result = read_up_to(ops, fd, &buffer, limit, &got, error, error_size);
    ops->close(fd);
    if (result != FILE_READ_OK) {
        free(buffer);
        return result;
    }
    buffer[got] = '\0';
    *text = buffer;
    *length = got;
    return FILE_READ_OK;
}

FileRead file_read_all(const FileOps *ops, const char *path, size_t limit, char **text,
                       size_t *length, char *error, size_t error_size)
{
    return read_in(ops, AT_FDCWD, path, true, limit, text, length, error, error_size);
}

FileRead file_read_at(const FileOps *ops, int folder, const char *name, bool links, size_t limit,
                      char **text, size_t *length, char *error, size_t error_size)
{
    return read_in(ops, folder, name, links, limit, text, length, error, error_size);
}

bool file_exists(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0;
}

bool file_make_dirs(const char *dir, char *error, size_t error_size)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        return fail(error, error_size, "the save folder can't be made", ENAMETOOLONG);
    }
    for (char *p = path + 1; ; ++p) {
        bool end = *p == '\0';
        if (*p == '/' || end) {
            *p = '\0';
            if (mkdir(path, 0755) != 0 && errno != EEXIST) {
                return fail(error, error_size, "the save folder can't be made", errno);
            }
            if (end) break;
            *p = '/';
        }
    }
    /* mkdir says EEXIST for a file as well, and a file can't hold a save */
    struct stat info;
    if (stat(path, &info) == 0 && !S_ISDIR(info.st_mode)) {
        return fail(error, error_size, "the save folder can't be made", ENOTDIR);
    }
    return true;
}
