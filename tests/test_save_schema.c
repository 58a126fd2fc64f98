/* Every field of the save, from the save's own schema (save_field_name),
 * changed in turn in real saves: the reader must notice each change (a
 * bad value refused, with a message naming save.txt and the line, or a
 * changed one read back changed), and then the writer (the run read
 * back writes the change) and the fingerprint (it differs) must notice
 * it too. A field added to the schema is covered without a word here:
 * this fails until some sample save holds it and a change to it is read
 * back. */
#include "fingerprint.h"
#include "keys.h"
#include "pack.h"
#include "run_debug.h"
#include "runtest.h"
#include "save.h"
#include "savetext.h"

enum { MAX_SAMPLES = 48, MAX_LINES = 4096, INSTANCES = 3, MAX_CANDIDATES = 24, VALUE_SIZE = 256,
       SAMPLES_A_FIELD = 6 };

/* Fields that no change can leave a whole save: each is refused */
static const char *const ALWAYS_REFUSED[] = {
    "save.version",   /* another version is read as that version, or not */
    "row.y",          /* each row is given once */
    "look.kind",      /* each potion and scroll has one look */
    "run.question",   /* a step asked has its step; a descent, the stairs */
};

typedef struct Sample {
    char *text;
    const char *name;
} Sample;

typedef struct Samples {
    Sample at[MAX_SAMPLES];
    int count;
} Samples;

static const int KEYS[] = {
    'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n', 'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n',
    '.', 'g', 's', '>', '>',
};

static bool loads(const GameData *data, const char *text, Run **out)
{
    Errors errors = {0};
    *out = NULL;
    LoadResult result = save_read(data, text, strlen(text), out, &errors);
    for (int i = 0; result != LOAD_OK && i < errors.count && i < 3; ++i) fprintf(stderr, "  %s\n", errors.lines[i]);
    errors_clear(&errors);
    return result == LOAD_OK;
}

static void add_sample(Samples *samples, char *text, const char *name)
{
    if (samples->count == MAX_SAMPLES) {
        free(text);
        return;
    }
    samples->at[samples->count++] = (Sample){text, name};
}

/* Whether a save holds a kind of monster killed more than once: a
 * [killed] count a change can lower and still be read back */
static bool killed_twice(const char *text)
{
    for (const char *at = strstr(text, "\n[killed]\n"); at != NULL; at = strstr(at + 1, "\n[killed]\n")) {
        const char *count = strstr(at, "\ncount = ");
        if (count != NULL && atoi(count + 9) >= 2) return true;
    }
    return false;
}

/* What only some runs played at random hold, and a change must be
 * tried on: a monster remembered out of sight, one seen where it
 * stands, a kind killed twice */
enum { RARE_REMEMBERED = 1, RARE_SEEN_AT = 2, RARE_KILLED_TWICE = 4, ALL_RARE = 7,
       PLAYED_SEEDS = 24, MOST_SEEDS = 400 };

static unsigned rare_things(const char *text)
{
    unsigned rare = 0;
    if (strstr(text, "\n[remembered_monster]\n") != NULL) rare |= RARE_REMEMBERED;
    if (strstr(text, "\nseen_at = ") != NULL) rare |= RARE_SEEN_AT;
    if (killed_twice(text)) rare |= RARE_KILLED_TWICE;
    return rare;
}

/* Runs played at random on many floors and classes, saved as the player
 * leaves: monsters hunting and fleeing, kills, things remembered. The
 * first PLAYED_SEEDS seeds, and past them the runs that hold a rare
 * thing no sample holds yet, till some sample holds each (which seeds
 * do depends on everything the rules roll, so it isn't left to chance
 * that the first few do) */
static void played_samples(const GameData *data, Samples *samples)
{
    unsigned held = 0;
    for (int seed = 1; seed <= MOST_SEEDS && (seed <= PLAYED_SEEDS || held != ALL_RARE); ++seed) {
        Run *run = run_new_as(data, (uint64_t)seed, 1 + seed % LAST_FLOOR, seed % data->class_count);
        Rng chooser;
        rng_seed(&chooser, (uint64_t)seed * 7);
        for (int i = 0; i < 400 && run_mode(run) != MODE_DEAD && run_mode(run) != MODE_WON; ++i) {
            Command command;
            int key = KEYS[rng_roll(&chooser, 0, (int)(sizeof KEYS / sizeof KEYS[0]) - 1)];
            if (key_action(run_mode(run), key, &command) == KA_COMMAND) run_command(run, command);
        }
        if (run_mode(run) != MODE_DEAD && run_mode(run) != MODE_WON) {
            run_command(run, (Command){CMD_SUSPEND, 0});
            if (samples->count == 0) {   /* the first run saved */
                Level *level = run_debug_level(run);
                for (int i = 0; i < level->monster_count; ++i) level->monsters[i].last_breath = 3 + i;
                /* two kinds thrown by hand, to aim one and then the other */
                for (int kind = 0, added = 0; kind < data->item_count && added < 2; ++kind) {
                    const ItemDef *def = &data->items[kind];
                    if (def->item_class != IC_MISSILE || def->launcher >= 0) continue;
                    added += pack_add(&run_debug_player(run)->pack, (Stack){kind, 3});
                }
            }
            char *text = save_write(run, NULL);
            unsigned rare = rare_things(text);
            if (seed <= PLAYED_SEEDS || (rare & ~held) != 0) {
                held |= rare;
                add_sample(samples, text, "played");
            } else {
                free(text);
            }
        }
        run_free(run);
    }
    CHECK_INT(held, ALL_RARE);
}

/* A copy of text with lines put after the first line of its [type] */
static char *with_lines(const char *text, const char *type, const char *lines)
{
    char header[64];
    snprintf(header, sizeof header, "\n[%s]\n", type);
    const char *at = strstr(text, header);
    if (at == NULL) return NULL;
    at += strlen(header);
    size_t head = (size_t)(at - text), extra = strlen(lines);
    char *out = malloc(strlen(text) + extra + 1);
    if (out == NULL) exit(EXIT_FAILURE);
    memcpy(out, text, head);
    memcpy(out + head, lines, extra);
    strcpy(out + head + extra, at);
    return out;
}

static int kind_with_effect(const GameData *data, ItemEffect effect)
{
    for (int kind = 0; kind < data->item_count; ++kind) {
        if (data->items[kind].effect == effect) return kind;
    }
    return -1;
}

/* A letter no [carried] in text has */
static char free_letter(const char *text)
{
    for (char letter = 't'; letter > 'a'; --letter) {
        char line[32];
        snprintf(line, sizeof line, "\nletter = %c\n", letter);
        if (strstr(text, line) == NULL) return letter;
    }
    return 'a';
}

/* Each sample with a missile carried, aimed with it (if that loads) */
static void aim_samples(const GameData *data, Samples *samples)
{
    for (int s = 0, count = samples->count; s < count; ++s) {
        for (const char *at = strstr(samples->at[s].text, "\n[carried]\n"); at != NULL;
             at = strstr(at + 1, "\n[carried]\n")) {
            char id[ID_SIZE] = "";
            const char *kind = strstr(at, "\nkind = ");
            if (kind == NULL || sscanf(kind, "\nkind = %31s", id) != 1) continue;
            int k = data_find_item(data, id);
            if (k < 0 || data->items[k].item_class != IC_MISSILE) continue;
            char lines[128];
            snprintf(lines, sizeof lines, "mode = aiming\naim = fire\naim_kind = %s\n", id);
            char *text = with_lines(samples->at[s].text, "run", lines);
            Run *run = NULL;
            Errors errors = {0};
            bool good = save_read(data, text, strlen(text), &run, &errors) == LOAD_OK;
            errors_clear(&errors);
            run_free(run);
            if (good) add_sample(samples, text, "a missile aimed");
            else free(text);
        }
    }
}

/* The first sample in the run's screens that wait for a choice, and
 * marked as debugged and aimed at: what random play seldom leaves */
static void choice_samples(const GameData *data, Samples *samples)
{
    if (samples->count == 0) return;
    const char *base = samples->at[0].text;
    char letter = free_letter(base), lines[256];
    int lightning = kind_with_effect(data, FX_LIGHTNING);
    snprintf(lines, sizeof lines, "mode = inventory\npack_for = identify\nscroll_letter = %c\n", letter);
    add_sample(samples, with_lines(base, "run", lines), "identifying");
    add_sample(samples, with_lines(base, "run", "mode = confirming\nquestion = step\nstep = 3\n"), "a step asked");
    snprintf(lines, sizeof lines, "mode = aiming\naim = lightning\naim_kind = %s\nscroll_letter = %c\n",
             data->items[lightning].id, letter);
    add_sample(samples, with_lines(base, "run", lines), "lightning aimed");
    add_sample(samples, with_lines(base, "run", "debug = yes\n"), "debugged");
    add_sample(samples, with_lines(base, "run", "mode = menu\n"), "the menu");
    add_sample(samples, with_lines(base, "run", "mode = inventory\npack_for = drop\n"), "the pack");
    add_sample(samples, with_lines(base, "run", "mode = inventory\npack_for = quiver\n"), "the quiver's choice");
    add_sample(samples, with_lines(base, "player", "weapon_letter = c\narmor_letter = d\n"), "taken from letters");
    aim_samples(data, samples);
    add_sample(samples, with_lines(base, "monster", "targeted = yes\n"), "a monster aimed at");
}

/* ---- A save as lines --------------------------------------------------- */

typedef struct Lines {
    char *at[MAX_LINES];
    int count;
} Lines;

static void split(Lines *lines, const char *text)
{
    lines->count = 0;
    while (*text != '\0' && lines->count < MAX_LINES) {
        size_t length = strcspn(text, "\n");
        lines->at[lines->count] = malloc(length + 1);
        if (lines->at[lines->count] == NULL) exit(EXIT_FAILURE);
        memcpy(lines->at[lines->count], text, length);
        lines->at[lines->count++][length] = '\0';
        text += length + (text[length] == '\n');
    }
}

static void free_lines(Lines *lines)
{
    for (int i = 0; i < lines->count; ++i) free(lines->at[i]);
    lines->count = 0;
}

/* The text with line i given as replacement (NULL: left out) */
static char *joined(const Lines *lines, int i, const char *replacement)
{
    size_t size = 1;
    for (int j = 0; j < lines->count; ++j) size += strlen(lines->at[j]) + VALUE_SIZE + 2;
    char *text = malloc(size), *at = text;
    if (text == NULL) exit(EXIT_FAILURE);
    for (int j = 0; j < lines->count; ++j) {
        const char *line = j == i ? replacement : lines->at[j];
        if (line != NULL) at += sprintf(at, "%s\n", line);
    }
    return text;
}

/* The lines of key in the first INSTANCES records of type, into out */
static int key_lines(const Lines *lines, const char *type, const char *key, int out[INSTANCES])
{
    char header[64], prefix[64];
    snprintf(header, sizeof header, "[%s]", type);
    snprintf(prefix, sizeof prefix, "%s = ", key);
    int found = 0;
    bool inside = false;
    for (int i = 0; i < lines->count && found < INSTANCES; ++i) {
        if (lines->at[i][0] == '[') inside = strcmp(lines->at[i], header) == 0;
        else if (inside && strncmp(lines->at[i], prefix, strlen(prefix)) == 0) out[found++] = i;
    }
    return found;
}

/* ---- Changes ------------------------------------------------------------ */

typedef struct Candidates {
    char value[MAX_CANDIDATES][VALUE_SIZE];
    bool removed[MAX_CANDIDATES];
    int count;
} Candidates;

static void candidate(Candidates *c, const char *value, const char *was)
{
    if (c->count == MAX_CANDIDATES || (value != NULL && strcmp(value, was) == 0)) return;
    for (int i = 0; i < c->count; ++i) {
        if (value != NULL && !c->removed[i] && strcmp(c->value[i], value) == 0) return;
    }
    c->removed[c->count] = value == NULL;
    snprintf(c->value[c->count++], VALUE_SIZE, "%s", value != NULL ? value : "");
}

/* The value with its last number moved by step, if it has one */
static bool nudged(const char *value, int step, char out[VALUE_SIZE])
{
    size_t end = strlen(value);
    while (end > 0 && (value[end - 1] < '0' || value[end - 1] > '9')) --end;
    if (end == 0) return false;
    size_t start = end;
    while (start > 0 && value[start - 1] >= '0' && value[start - 1] <= '9') --start;
    if (start > 0 && value[start - 1] == '-') --start;
    if (end - start > 9) return false;
    long number = strtol(value + start, NULL, 10) + step;
    snprintf(out, VALUE_SIZE, "%.*s%ld%s", (int)start, value, number, value + end);
    return true;
}

/* Garbage, numbers nudged, yes for no, the next letter, the values the
 * same key has elsewhere in the save, and the key left out */
static void changes_of(const Lines *lines, const SaveFieldName *f, const char *was, Candidates *c)
{
    const char *type = f->record, *key = f->key;
    c->count = 0;
    candidate(c, "?!", was);
    char value[VALUE_SIZE];
    if (nudged(was, 1, value)) candidate(c, value, was);
    if (nudged(was, -1, value)) candidate(c, value, was);
    if (strcmp(was, "yes") == 0 || strcmp(was, "no") == 0) candidate(c, was[0] == 'y' ? "no" : "yes", was);
    if (was[0] >= 'a' && was[0] < 'z' && was[1] == '\0') {
        snprintf(value, sizeof value, "%c", was[0] + 1);
        candidate(c, value, was);
    }
    if (was[0] > 'a' && was[0] <= 'z' && was[1] == '\0') {
        snprintf(value, sizeof value, "%c", was[0] - 1);
        candidate(c, value, was);
    }
    for (int i = 0; i < f->name_count; ++i) {
        if (f->names[i] != NULL) candidate(c, f->names[i], was);
    }
    if (strcmp(was, "no") != 0) candidate(c, NULL, was);   /* a missing yes/no is no */
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
                candidate(c, lines->at[i] + strlen(wanted), was);
            }
        }
    }
}

typedef struct Tally {
    int refused, same, changed;
} Tally;

static bool names_the_file(const Errors *errors, int line)
{
    char wanted[32];
    snprintf(wanted, sizeof wanted, "save.txt:%d:", line);
    bool named = false, all_file = errors->count > 0;
    for (int i = 0; i < errors->count; ++i) {
        all_file = all_file && strncmp(errors->lines[i], "save.txt", 8) == 0;
        named = named || strncmp(errors->lines[i], wanted, strlen(wanted)) == 0;
    }
    return all_file && (line == 0 || named);
}

/* One change: refused with the file named, or read back changed, and
 * then written and fingerprinted changed */
static void try_change(const GameData *data, const SaveFieldName *f, const char *text, const Run *original,
                       bool garbage, int line, Tally *tally)
{
    Errors errors = {0};
    Run *run = NULL;
    LoadResult result = save_read(data, text, strlen(text), &run, &errors);
    char what[160];
    snprintf(what, sizeof what, "[%s] %s, changed at line %d", f->record, f->key, line + 1);
    if (result != LOAD_OK) {
        if (!check_at(names_the_file(&errors, garbage ? line + 1 : 0), what, __FILE__, __LINE__)) {
            for (int i = 0; i < errors.count && i < 3; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
        }
        errors_clear(&errors);
        ++tally->refused;
        return;
    }
    errors_clear(&errors);
    /* the writer and the fingerprint agree whether it changed: a value
     * worked out again from the rest (what's in sight) comes back as it was */
    char *again = save_write(run, NULL), *before = save_write(original, NULL);
    bool written = f->talk ? strcmp(again, before) != 0 : !same_state_text(again, before);
    bool fingerprinted = !f->talk && fingerprint_run(run) != fingerprint_run(original);
    if (written) ++tally->changed;
    else ++tally->same;
    if (!check_at(f->talk || written == fingerprinted, what, __FILE__, __LINE__)) {
        fprintf(stderr, "    read back %s, but the fingerprint %s\n", written ? "changed" : "as it was",
                fingerprinted ? "changed" : "didn't");
    }
    free(again);
    free(before);
    run_free(run);
}

static bool always_refused(const char *name)
{
    for (size_t i = 0; i < sizeof ALWAYS_REFUSED / sizeof ALWAYS_REFUSED[0]; ++i) {
        if (strcmp(ALWAYS_REFUSED[i], name) == 0) return true;
    }
    return false;
}

/* Each change of the field in the first samples that have it, and in
 * more until a change is read back */
static void change_field(const GameData *data, const Samples *samples, const SaveFieldName *f)
{
    char name[96];
    snprintf(name, sizeof name, "%s.%s", f->record, f->key);
    bool refused = always_refused(name);
    Tally tally = {0};
    const char *sample = NULL;
    int used = 0;
    int most = check_sanitized() ? 2 : SAMPLES_A_FIELD;   /* the sanitizers' build is slower */
    for (int s = 0; s < samples->count && (used < most || (tally.changed == 0 && !refused)); ++s) {
        Lines lines;
        split(&lines, samples->at[s].text);
        int at[INSTANCES], found = key_lines(&lines, f->record, f->key, at);
        Run *original = NULL;
        if (found > 0 && CHECK(loads(data, samples->at[s].text, &original))) {
            if (sample == NULL) sample = samples->at[s].name;
            ++used;
        }
        for (int n = 0; n < found && original != NULL; ++n) {
            Candidates c;
            const char *was = lines.at[at[n]] + strlen(f->key) + 3;
            changes_of(&lines, f, was, &c);
            for (int i = 0; i < c.count; ++i) {
                char line[VALUE_SIZE + 64];
                snprintf(line, sizeof line, "%s = %s", f->key, c.value[i]);
                char *text = joined(&lines, at[n], c.removed[i] ? NULL : line);
                try_change(data, f, text, original, i == 0, at[n], &tally);
                free(text);
            }
        }
        run_free(original);
        free_lines(&lines);
    }
    if (!check_at(sample != NULL, name, __FILE__, __LINE__)) fprintf(stderr, "    no sample save has it\n");
    if (!check_at(sample == NULL || refused || tally.changed > 0, name, __FILE__, __LINE__)) {
        fprintf(stderr, "    no change to it was read back (%d refused, %d as it was)\n", tally.refused, tally.same);
    }
    printf("%-26s %-18s %3d refused, %3d read back changed, %3d as it was\n", name,
           sample != NULL ? sample : "-", tally.refused, tally.changed, tally.same);
}

/* The real saves of every version (the fuzzers' corpus): each loads, and
 * each version from 1 to this game's has one, so a version added to the
 * schema needs a save of it kept */
static void every_version_loads(const GameData *data)
{
    static const char *const FILES[] = {
        "save-floor1.txt", "save-floor4.txt", "save-floor6.txt", "save-floor9.txt",
        "save-v2-floor1.txt", "save-v2-floor4.txt", "save-v2-floor6.txt", "save-v2-floor8.txt",
        "save-v2-floor9.txt", "save-v3-rogue-floor3.txt", "save-v4-fighter-floor1.txt",
        "save-v4-ranger-floor8.txt", "save-v4-rogue-floor2.txt", "save-v4-rogue-floor5.txt",
        "save-v5-ranger-aiming.txt", "save-v5-rogue-throwing.txt", "save-v6-ranger-quiver.txt",
        "save-v6-ranger-dagger-in-hand.txt",
    };
    static const char *const ABOVE[] = {"screen", "explorer", NULL};
    int loaded[SAVE_VERSION + 1] = {0};
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; ++i) {
        char path[1024];
        snprintf(path, sizeof path, "%s/fuzz/corpus/save/%s", AMULETS_SOURCE_DIR, FILES[i]);
        FILE *file = fopen(path, "rb");
        static char text[1 << 20];
        size_t length = file != NULL ? fread(text, 1, sizeof text - 1, file) : 0;
        if (file != NULL) fclose(file);
        text[length] = '\0';
        const char *at = strstr(text, "\n[save]\nversion = ");
        int version = at != NULL ? atoi(at + strlen("\n[save]\nversion = ")) : 0;
        Errors errors = {0};
        Run *run = NULL;
        bool good = save_read_with(data, text, length, ABOVE, &run, &errors) == LOAD_OK;
        if (!check_at(good && version >= 1 && version <= SAVE_VERSION, FILES[i], __FILE__, __LINE__)) {
            for (int e = 0; e < errors.count && e < 3; ++e) fprintf(stderr, "    %s\n", errors.lines[e]);
        }
        if (good && version >= 1 && version <= SAVE_VERSION) ++loaded[version];
        errors_clear(&errors);
        run_free(run);
    }
    for (int version = 1; version <= SAVE_VERSION; ++version) {
        if (!check_at(loaded[version] > 0, "a real save of every version loads", __FILE__, __LINE__)) {
            fprintf(stderr, "    none of version %d\n", version);
        }
        printf("version %d: %d real saves load\n", version, loaded[version]);
    }
}

int main(void)
{
    GameData data = {0};
    load_shipped_data(&data);
    Samples samples = {0};
    played_samples(&data, &samples);
    choice_samples(&data, &samples);
    CHECK(samples.count >= 10);
    int fields = 0;
    for (int i = 0; i < save_field_count(); ++i) {
        SaveFieldName f = save_field_name(i);
        if (f.until != 0) continue;   /* an old version's: the old saves' tests read them */
        change_field(&data, &samples, &f);
        ++fields;
    }
    printf("%d fields changed in %d sample saves\n", fields, samples.count);
    CHECK(fields >= 69);
    every_version_loads(&data);
    for (int i = 0; i < samples.count; ++i) free(samples.at[i].text);
    data_free(&data);
    return check_done("test_save_schema");
}
