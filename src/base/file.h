/* Files on the disk, for the save: written whole or not at all, read
 * whole with a limit, and the few other things a save slot needs. Every
 * call that touches the disk goes through a FileOps, so the tests can make
 * any step fail (a full disk, a failed rename) and see what survives. */
#ifndef AMULETS_FILE_H
#define AMULETS_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct FileOps {
    int (*open)(const char *path, int flags, int mode);
    ssize_t (*write)(int fd, const void *data, size_t size);
    int (*fsync)(int fd);
    int (*close)(int fd);
    int (*rename)(const char *from, const char *to);
    int (*unlink)(const char *path);
    ssize_t (*read)(int fd, void *data, size_t size);
} FileOps;

/* The system's own calls */
const FileOps *file_system_ops(void);

/* Writes text to path whole or not at all: to path + ".tmp" first,
 * flushed to the disk, closed, renamed over path, and the folder flushed
 * (where the filesystem can) so the rename itself survives a power cut.
 * Whatever was at path + ".tmp" before (a temporary file left by a crash,
 * or a planted link) is removed first, and the temporary file is made
 * new (never through a link), so nothing outside the folder is written.
 * On any failure the old file is untouched, the temporary one removed,
 * and error says why in the player's words, to follow the caller's
 * ("the disk is full"; "the new file couldn't be put in its place: ..."). */
bool file_write_whole(const FileOps *ops, const char *path, const char *text, size_t length,
                      char *error, size_t error_size);

/* What came of reading a file */
typedef enum FileRead {
    FILE_READ_OK,
    FILE_READ_MISSING,       /* nothing is there */
    FILE_READ_NOT_A_FILE,    /* a folder, a FIFO, a device: never read */
    FILE_READ_FAILED,        /* the system couldn't read it (EIO, EACCES):
                                the file may be fine, and is left alone */
    FILE_READ_TOO_BIG,       /* more than the limit: not what it should be */
} FileRead;

/* Reads a whole regular file (at most limit bytes) into a new
 * NUL-terminated buffer for the caller to free. Anything but a regular
 * file is refused at once, without waiting on it (a FIFO never blocks).
 * On failure error says why in the player's words. */
FileRead file_read_all(const FileOps *ops, const char *path, size_t limit, char **text,
                       size_t *length, char *error, size_t error_size);

bool file_exists(const char *path);
/* Makes a folder and the folders above it, as mkdir -p does */
bool file_make_dirs(const char *dir, char *error, size_t error_size);

/* The player's words for an errno alone ("the disk is full"), or for an
 * error without words of ours, "the system said "its words"" */
void file_say(char *out, size_t size, int error_number);
/* The player's words for an errno, or NULL where there are none */
const char *file_reason(int error_number);
/* "what: the player's words", or for an error without words of ours,
 * "what. The system said: "its words"" */
void file_explain(char *out, size_t size, const char *what, int error_number);

/* "it can't be read: " and the player's words for why, as file_read_all
 * says it */
void file_explain_read(char *out, size_t size, int error_number);

#endif
