/* Files on the disk, for the save: written whole or not at all, read
 * whole with a limit, and the few other things a save slot needs. Every
 * call that touches the disk goes through a FileOps, so the tests can make
 * any step fail (a full disk, a failed rename) or kill the program there,
 * and see what survives. The calls name a file within a folder the caller
 * holds open (the *at calls), so a store acts on the folder it opened and
 * never on whatever a path leads to by the time of the call; AT_FDCWD as
 * the folder makes the name a path, as for the plain calls. */
#ifndef AMULETS_FILE_H
#define AMULETS_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct stat;

typedef struct FileOps {
    int (*openat)(int folder, const char *name, int flags, int mode);
    ssize_t (*write)(int fd, const void *data, size_t size);
    int (*fsync)(int fd);
    int (*close)(int fd);
    int (*renameat)(int from_folder, const char *from, int to_folder, const char *to);
    int (*unlinkat)(int folder, const char *name, int flags);
    ssize_t (*read)(int fd, void *data, size_t size);
    int (*mkdirat)(int folder, const char *name, int mode);
    int (*fstatat)(int folder, const char *name, struct stat *info, int flags);
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
/* The same for name (one part, no '/') in the folder open as folder:
 * NAME.tmp is made there, renamed over name there, and that folder
 * flushed, whatever its path leads to meanwhile */
bool file_write_at(const FileOps *ops, int folder, const char *name, const char *text, size_t length,
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
/* The same for name in the folder open as folder. A link in name's place
 * is read through only if links (the player's own files, which may be
 * kept elsewhere); otherwise it is refused, FILE_READ_NOT_A_FILE, "it
 * can't be read: it's a link, which the game never makes" */
FileRead file_read_at(const FileOps *ops, int folder, const char *name, bool links, size_t limit,
                      char **text, size_t *length, char *error, size_t error_size);

bool file_exists(const char *path);
/* Makes a folder and the folders above it, as mkdir -p does; false with
 * the player's words in error, and errno set, if it can't */
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
