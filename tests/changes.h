/* Every field of a kind of file, from its own schema (schema.h), changed
 * in turn in real files: the reader must notice each change (a bad value
 * refused, every mistake naming the file and the changed line, or a
 * changed one read back changed), and then the writer (what was read,
 * written again, differs) and the fingerprint, where the kind has one
 * (it differs too). A field added to a schema is covered without a word
 * here: the test fails until some sample file holds it and a change to
 * it is read back.
 *
 * A change is to a field's first INSTANCES lines in each sample: garbage,
 * its number nudged, yes for no, the next and the previous letter, the
 * names it may have, the values of the same key elsewhere in the file,
 * and the key left out. A field of rows has its first row changed so
 * (garbage, a number nudged, a . for an x and back), or is left out whole. */
#ifndef AMULETS_CHANGES_H
#define AMULETS_CHANGES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "errors.h"
#include "schema.h"

enum { CHANGES_MAX_LINES = 8192, CHANGES_INSTANCES = 3, CHANGES_CANDIDATES = 24, CHANGES_VALUE_SIZE = 256,
       CHANGES_SAMPLES_A_FIELD = 6 };

/* A kind of file: its schema, and its reader and writer together */
typedef struct ChangeKind {
    const char *file;            /* as its mistakes name it: "save.txt" */
    const Schema *schema;
    /* Reads text: NULL, with every mistake in errors, if it's refused;
     * else what was read, written again (for the caller to free), and
     * its fingerprint if the kind has one */
    char *(*again)(const char *text, Errors *errors, uint64_t *fingerprint);
    bool fingerprinted;
    /* Whether two texts written hold the same, a record of talk apart
     * (NULL: the same bytes) */
    bool (*same)(const char *a, const char *b);
    /* "record.key" of fields no change to which can be read back changed:
     * each is refused, or written again as this game writes it */
    const char *const *fixed;
    int fixed_count;
} ChangeKind;

typedef struct ChangeSample {
    char *text;
    const char *name;
} ChangeSample;

/* ---- A file as lines -------------------------------------------------- */

typedef struct ChangeLines {
    char *at[CHANGES_MAX_LINES];
    int count;
} ChangeLines;

static void changes_split(ChangeLines *lines, const char *text)
{
    lines->count = 0;
    while (*text != '\0' && lines->count < CHANGES_MAX_LINES) {
        size_t length = strcspn(text, "\n");
        lines->at[lines->count] = malloc(length + 1);
        if (lines->at[lines->count] == NULL) exit(EXIT_FAILURE);
        memcpy(lines->at[lines->count], text, length);
        lines->at[lines->count++][length] = '\0';
        text += length + (text[length] == '\n');
    }
}

static void changes_free_lines(ChangeLines *lines)
{
    for (int i = 0; i < lines->count; ++i) free(lines->at[i]);
    lines->count = 0;
}

/* The text with line i given as replacement, or (replacement NULL) left
 * out with the gone lines after it */
static char *changes_joined(const ChangeLines *lines, int i, const char *replacement, int gone)
{
    size_t size = 1;
    for (int j = 0; j < lines->count; ++j) size += strlen(lines->at[j]) + CHANGES_VALUE_SIZE + 2;
    char *text = malloc(size), *at = text;
    if (text == NULL) exit(EXIT_FAILURE);
    for (int j = 0; j < lines->count; ++j) {
        if (j == i && replacement == NULL) {
            j += gone;
            continue;
        }
        at += sprintf(at, "%s\n", j == i ? replacement : lines->at[j]);
    }
    return text;
}

/* A field's line: "key = value", or "key =" before rows */
static bool changes_is_key(const char *line, const char *key)
{
    size_t n = strlen(key);
    return strncmp(line, key, n) == 0 && line[n] == ' ' && line[n + 1] == '=' &&
           (line[n + 2] == '\0' || line[n + 2] == ' ');
}

/* The lines of key in the first CHANGES_INSTANCES records of type */
static int changes_key_lines(const ChangeLines *lines, const char *type, const char *key, int out[CHANGES_INSTANCES])
{
    char header[64];
    snprintf(header, sizeof header, "[%s]", type);
    int found = 0;
    bool inside = false;
    for (int i = 0; i < lines->count && found < CHANGES_INSTANCES; ++i) {
        if (lines->at[i][0] == '[') inside = strcmp(lines->at[i], header) == 0;
        else if (inside && changes_is_key(lines->at[i], key)) out[found++] = i;
    }
    return found;
}

/* How many rows (lines starting with |) follow line i */
static int changes_rows_after(const ChangeLines *lines, int i)
{
    int rows = 0;
    while (i + 1 + rows < lines->count && lines->at[i + 1 + rows][0] == '|') ++rows;
    return rows;
}

/* ---- Changes ------------------------------------------------------------ */

typedef struct ChangeCandidates {
    char value[CHANGES_CANDIDATES][CHANGES_VALUE_SIZE];
    bool removed[CHANGES_CANDIDATES];
    int count;
} ChangeCandidates;

static void changes_add(ChangeCandidates *c, const char *value, const char *was)
{
    if (c->count == CHANGES_CANDIDATES || (value != NULL && strcmp(value, was) == 0)) return;
    for (int i = 0; i < c->count; ++i) {
        if (value != NULL && !c->removed[i] && strcmp(c->value[i], value) == 0) return;
    }
    c->removed[c->count] = value == NULL;
    snprintf(c->value[c->count++], CHANGES_VALUE_SIZE, "%s", value != NULL ? value : "");
}

/* The value with its last number moved by step, if it has one */
static bool changes_nudged(const char *value, int step, char out[CHANGES_VALUE_SIZE])
{
    size_t end = strlen(value);
    while (end > 0 && (value[end - 1] < '0' || value[end - 1] > '9')) --end;
    if (end == 0) return false;
    size_t start = end;
    while (start > 0 && value[start - 1] >= '0' && value[start - 1] <= '9') --start;
    if (start > 0 && value[start - 1] == '-') --start;
    if (end - start > 9) return false;
    long number = strtol(value + start, NULL, 10) + step;
    snprintf(out, CHANGES_VALUE_SIZE, "%.*s%ld%s", (int)start, value, number, value + end);
    return true;
}

/* The row with its first from made to */
static void changes_swapped(ChangeCandidates *c, const char *was, char from, char to)
{
    char value[CHANGES_VALUE_SIZE];
    snprintf(value, sizeof value, "%s", was);
    char *at = strchr(value + 1, from);
    if (at == NULL) return;
    *at = to;
    changes_add(c, value, was);
}

/* A row's changes: garbage first, then the rest, then the field left out */
static void changes_of_row(const char *was, ChangeCandidates *c)
{
    c->count = 0;
    changes_add(c, "|?!", was);
    char value[CHANGES_VALUE_SIZE];
    if (changes_nudged(was, 1, value)) changes_add(c, value, was);
    if (changes_nudged(was, -1, value)) changes_add(c, value, was);
    changes_swapped(c, was, '.', 'x');
    changes_swapped(c, was, 'x', '.');
    changes_add(c, NULL, was);
}

/* A value's changes: garbage first (refused at its line), then the rest */
static void changes_of(const ChangeLines *lines, const SchemaFieldName *f, const char *was, ChangeCandidates *c)
{
    const char *type = f->record, *key = f->field->key;
    c->count = 0;
    changes_add(c, "?!", was);
    char value[CHANGES_VALUE_SIZE];
    if (changes_nudged(was, 1, value)) changes_add(c, value, was);
    if (changes_nudged(was, -1, value)) changes_add(c, value, was);
    if (strcmp(was, "yes") == 0 || strcmp(was, "no") == 0) changes_add(c, was[0] == 'y' ? "no" : "yes", was);
    if (was[0] >= 'a' && was[0] < 'z' && was[1] == '\0') {
        snprintf(value, sizeof value, "%c", was[0] + 1);
        changes_add(c, value, was);
    }
    if (was[0] > 'a' && was[0] <= 'z' && was[1] == '\0') {
        snprintf(value, sizeof value, "%c", was[0] - 1);
        changes_add(c, value, was);
    }
    for (int i = 0; i < f->field->name_count; ++i) {
        if (f->field->names[i] != NULL) changes_add(c, f->field->names[i], was);
    }
    if (strcmp(was, "no") != 0) changes_add(c, NULL, was);   /* a missing yes/no is no */
    /* the key's values elsewhere, its own record's first, and those of
     * its last word (aim_kind's, kind's) */
    char header[64], prefix[2][64];
    const char *word = strrchr(key, '_');
    snprintf(header, sizeof header, "[%s]", type);
    snprintf(prefix[0], sizeof prefix[0], "%s = ", key);
    snprintf(prefix[1], sizeof prefix[1], "%s = ", word != NULL ? word + 1 : key);
    for (int pass = 0; pass < 3; ++pass) {
        const char *wanted = prefix[pass == 2];
        bool inside = false;
        for (int i = 0; i < lines->count; ++i) {
            if (lines->at[i][0] == '[') inside = strcmp(lines->at[i], header) == 0;
            else if ((pass == 2 || inside != (pass == 1)) && strncmp(lines->at[i], wanted, strlen(wanted)) == 0) {
                changes_add(c, lines->at[i] + strlen(wanted), was);
            }
        }
    }
}

/* ---- Trying them ------------------------------------------------------------ */

typedef struct ChangeTally {
    int refused, same, changed;
} ChangeTally;

/* Every mistake names the file, and one names the line (0: any line) */
static bool changes_name_the_file(const Errors *errors, const char *file, int line)
{
    char wanted[64];
    snprintf(wanted, sizeof wanted, "%s:%d:", file, line);
    bool named = false, all_file = errors->count > 0;
    for (int i = 0; i < errors->count; ++i) {
        all_file = all_file && strncmp(errors->lines[i], file, strlen(file)) == 0;
        named = named || strncmp(errors->lines[i], wanted, strlen(wanted)) == 0;
    }
    return all_file && (line == 0 || named);
}

typedef struct ChangeOriginal {
    char *written;               /* the sample read and written again */
    uint64_t fingerprint;
} ChangeOriginal;

/* One change: refused with the file named (garbage: at its line), or read
 * back changed and then written and fingerprinted changed */
static void changes_try(const ChangeKind *kind, const SchemaFieldName *f, const char *text,
                        const ChangeOriginal *original, bool garbage, int line, ChangeTally *tally)
{
    Errors errors = {0};
    uint64_t fingerprint = 0;
    char *again = kind->again(text, &errors, &fingerprint);
    char what[160];
    snprintf(what, sizeof what, "%s [%s] %s, changed at line %d", kind->file, f->record, f->field->key, line + 1);
    if (again == NULL) {
        if (!check_at(changes_name_the_file(&errors, kind->file, garbage ? line + 1 : 0), what, __FILE__, __LINE__)) {
            for (int i = 0; i < errors.count && i < 3; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
        }
        errors_clear(&errors);
        ++tally->refused;
        return;
    }
    errors_clear(&errors);
    /* the writer and the fingerprint agree whether it changed: a value
     * worked out again from the rest (what's in sight) comes back as it was */
    bool unhashed = f->unhashed || !kind->fingerprinted;
    bool written = kind->same == NULL || f->unhashed ? strcmp(again, original->written) != 0
                                                     : !kind->same(again, original->written);
    bool fingerprinted = !unhashed && fingerprint != original->fingerprint;
    if (written) ++tally->changed;
    else ++tally->same;
    if (!check_at(unhashed || written == fingerprinted, what, __FILE__, __LINE__)) {
        fprintf(stderr, "    read back %s, but the fingerprint %s\n", written ? "changed" : "as it was",
                fingerprinted ? "changed" : "didn't");
    }
    free(again);
}

static bool changes_fixed(const ChangeKind *kind, const char *name)
{
    for (int i = 0; i < kind->fixed_count; ++i) {
        if (strcmp(kind->fixed[i], name) == 0) return true;
    }
    return false;
}

/* Each change of one instance of the field, at line at of the sample */
static void changes_at(const ChangeKind *kind, const SchemaFieldName *f, const ChangeLines *lines, int at,
                       const ChangeOriginal *original, ChangeTally *tally)
{
    const char *key = f->field->key;
    bool rows = f->field->type->rows;
    int row = rows ? at + 1 : at, gone = changes_rows_after(lines, at);
    if (rows && gone == 0) return;
    ChangeCandidates c;
    if (rows) changes_of_row(lines->at[row], &c);
    else changes_of(lines, f, lines->at[at] + strlen(key) + 3, &c);
    for (int i = 0; i < c.count; ++i) {
        char line[CHANGES_VALUE_SIZE + 64];
        if (rows) snprintf(line, sizeof line, "%s", c.value[i]);
        else snprintf(line, sizeof line, "%s = %s", key, c.value[i]);
        char *text = c.removed[i] ? changes_joined(lines, at, NULL, gone) : changes_joined(lines, row, line, 0);
        changes_try(kind, f, text, original, i == 0, row, tally);
        free(text);
    }
}

/* Each change of the field in the first samples that have it, and in
 * more until a change is read back */
static void changes_field(const ChangeKind *kind, const ChangeSample *samples, int sample_count,
                          const SchemaFieldName *f)
{
    char name[96];
    snprintf(name, sizeof name, "%s.%s", f->record, f->field->key);
    bool fixed = changes_fixed(kind, name);
    ChangeTally tally = {0};
    const char *sample = NULL;
    int used = 0, most = check_sanitized() ? 2 : CHANGES_SAMPLES_A_FIELD;   /* the sanitizers' build is slower */
    ChangeLines *lines = malloc(sizeof *lines);
    if (lines == NULL) exit(EXIT_FAILURE);
    for (int s = 0; s < sample_count && (used < most || (tally.changed == 0 && !fixed)); ++s) {
        changes_split(lines, samples[s].text);
        int at[CHANGES_INSTANCES], found = changes_key_lines(lines, f->record, f->field->key, at);
        Errors errors = {0};
        ChangeOriginal original = {NULL, 0};
        if (found > 0) original.written = kind->again(samples[s].text, &errors, &original.fingerprint);
        if (found > 0 && !check_at(original.written != NULL, samples[s].name, __FILE__, __LINE__)) {
            for (int i = 0; i < errors.count && i < 3; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
        }
        errors_clear(&errors);
        if (original.written != NULL) {
            if (sample == NULL) sample = samples[s].name;
            ++used;
        }
        for (int n = 0; n < found && original.written != NULL; ++n) {
            changes_at(kind, f, lines, at[n], &original, &tally);
        }
        free(original.written);
        changes_free_lines(lines);
    }
    free(lines);
    if (!check_at(sample != NULL, name, __FILE__, __LINE__)) fprintf(stderr, "    no sample %s has it\n", kind->file);
    if (!check_at(sample == NULL || fixed || tally.changed > 0, name, __FILE__, __LINE__)) {
        fprintf(stderr, "    no change to it was read back (%d refused, %d as it was)\n", tally.refused, tally.same);
    }
    printf("%-11s %-28s %-20s %3d refused, %3d read back changed, %3d as it was\n", kind->file, name,
           sample != NULL ? sample : "-", tally.refused, tally.changed, tally.same);
}

/* Every field of the kind's schema still written: the count */
static int changes_every_field(const ChangeKind *kind, const ChangeSample *samples, int sample_count)
{
    int fields = 0;
    for (int i = 0; i < schema_field_total(kind->schema); ++i) {
        SchemaFieldName f = schema_field_name(kind->schema, i);
        if (f.field->until != 0) continue;   /* an old version's: the old files' tests read them */
        changes_field(kind, samples, sample_count, &f);
        ++fields;
    }
    return fields;
}

#endif
