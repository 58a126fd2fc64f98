#define _POSIX_C_SOURCE 200809L
/* The bot's JSON lines, the summary made from them, and the HTML page
 * with its charts (plain inline SVG: no script, readable offline). */
#include "bots.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const END_NAMES[BOTS_END_COUNT] = {
    [BOTS_WON] = "won", [BOTS_DIED] = "died", [BOTS_STUCK] = "stuck", [BOTS_LOST] = "lost",
};

/* ---- JSON lines ---------------------------------------------------------- */

/* Our own strings hold no quotes or backslashes but by accident: those
 * become apostrophes and slashes, so a line never needs escapes */
static void plain(const char *text, char *out, size_t size)
{
    size_t n = 0;
    for (; *text != '\0' && n + 1 < size; ++text) {
        char c = *text;
        out[n++] = c == '"' ? '\'' : c == '\\' ? '/' : (c < 32 ? ' ' : c);
    }
    out[n] = '\0';
}

void bots_write_line(const BotsRun *r, FILE *out)
{
    char killer[BOTS_TEXT], stuck[BOTS_TEXT], replay[BOTS_TEXT];
    plain(r->killer, killer, sizeof killer);
    plain(r->stuck, stuck, sizeof stuck);
    plain(r->replay, replay, sizeof replay);
    fprintf(out,
            "{\"seed\":%llu,\"class\":\"%s\",\"outcome\":\"%s\",\"floor\":%d,\"turns\":%d,"
            "\"killer\":\"%s\",\"amulets_found\":%d,\"amulets_left\":%d,\"left_seen\":%d,"
            "\"left_unseen\":%d,\"left_fell\":%d,\"left_fled\":%d,\"items_used\":%d,\"stuck\":\"%s\",\"replay\":\"%s\"}\n",
            (unsigned long long)r->seed, r->class_id, END_NAMES[r->end], r->floor, r->turns, killer,
            r->amulets_found, r->left_seen + r->left_unseen, r->left_seen, r->left_unseen,
            r->left_fell, r->left_fled, r->items_used, stuck, replay);
}

/* The text after "key": in a line, or NULL */
static const char *field(const char *line, const char *key)
{
    char pattern[48];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(line, pattern);
    return at != NULL ? at + strlen(pattern) : NULL;
}

static bool number_field(const char *line, const char *key, long long *out)
{
    const char *at = field(line, key);
    char *end;
    if (at == NULL) return false;
    *out = strtoll(at, &end, 10);
    return end != at;
}

static bool text_field(const char *line, const char *key, char *out, size_t size)
{
    const char *at = field(line, key);
    if (at == NULL || *at != '"') return false;
    const char *close = strchr(at + 1, '"');
    if (close == NULL) return false;
    size_t n = (size_t)(close - at - 1);
    if (n >= size) n = size - 1;
    memcpy(out, at + 1, n);
    out[n] = '\0';
    return true;
}

bool bots_read_line(const char *line, BotsRun *out)
{
    memset(out, 0, sizeof *out);
    long long seed, floor, turns, found, seen, unseen, fell, fled, used;
    char end[16];
    bool ok = number_field(line, "seed", &seed) && text_field(line, "class", out->class_id, sizeof out->class_id) &&
              text_field(line, "outcome", end, sizeof end) && number_field(line, "floor", &floor) &&
              number_field(line, "turns", &turns) && text_field(line, "killer", out->killer, sizeof out->killer) &&
              number_field(line, "amulets_found", &found) && number_field(line, "left_seen", &seen) &&
              number_field(line, "left_unseen", &unseen) && number_field(line, "left_fell", &fell) &&
              number_field(line, "left_fled", &fled) &&
              number_field(line, "items_used", &used) &&
              text_field(line, "stuck", out->stuck, sizeof out->stuck) &&
              text_field(line, "replay", out->replay, sizeof out->replay);
    if (!ok || floor < 1 || floor > LAST_FLOOR) return false;
    int e = 0;
    while (e < BOTS_END_COUNT && strcmp(END_NAMES[e], end) != 0) ++e;
    if (e == BOTS_END_COUNT) return false;
    out->seed = (uint64_t)seed;
    out->end = (BotsEnd)e;
    out->floor = (int)floor;
    out->turns = (int)turns;
    out->amulets_found = (int)found;
    out->left_seen = (int)seen;
    out->left_unseen = (int)unseen;
    out->left_fell = (int)fell;
    out->left_fled = (int)fled;
    out->items_used = (int)used;
    return true;
}

/* ---- The summary --------------------------------------------------------- */

static int class_slot(BotsSummary *s, const char *id)
{
    for (int i = 0; i < s->class_count; ++i) {
        if (strcmp(s->class_ids[i], id) == 0) return i;
    }
    if (s->class_count == BOTS_MOST_CLASSES) return -1;
    snprintf(s->class_ids[s->class_count], ID_SIZE, "%s", id);
    return s->class_count++;
}

/* A death by the killer, on the floor, of the class (its slot, or -1) */
static void count_killer(BotsSummary *s, const char *killer, int floor, int class_slot)
{
    int i = 0;
    while (i < s->killer_count && strcmp(s->killers[i], killer) != 0) ++i;
    if (i == s->killer_count) {
        if (s->killer_count == BOTS_MOST_KILLERS) return;
        snprintf(s->killers[s->killer_count++], BOTS_TEXT, "%s", killer);
    }
    ++s->killed[i];
    ++s->killed_on[i][floor];
    if (class_slot >= 0) ++s->killed_class[i][class_slot];
}

void bots_add(BotsSummary *s, const BotsRun *r)
{
    ++s->runs;
    ++s->ends[r->end];
    int c = class_slot(s, r->class_id);
    if (c >= 0) {
        ++s->class_runs[c];
        s->class_won[c] += r->end == BOTS_WON;
    }
    ++s->ended_on[r->floor];
    s->turns_on[r->floor] += r->turns;
    if (r->end == BOTS_DIED) {
        ++s->died_on[r->floor];
        count_killer(s, r->killer, r->floor, c);
    }
    s->turns += r->turns;
    s->amulets_found += r->amulets_found;
    s->left_seen += r->left_seen;
    s->left_unseen += r->left_unseen;
    s->left_fell += r->left_fell;
    s->left_fled += r->left_fled;
    s->items_used += r->items_used;
}

static double percent(long part, long whole) { return whole > 0 ? 100.0 * (double)part / (double)whole : 0.0; }

/* Indexes in an order that doesn't hang on the order the runs came in */
static void sorted_classes(const BotsSummary *s, int *order)
{
    for (int i = 0; i < s->class_count; ++i) {
        int j = i;
        while (j > 0 && strcmp(s->class_ids[order[j - 1]], s->class_ids[i]) > 0) {
            order[j] = order[j - 1];
            --j;
        }
        order[j] = i;
    }
}

static bool killer_before(const BotsSummary *s, int a, int b)
{
    if (s->killed[a] != s->killed[b]) return s->killed[a] > s->killed[b];
    return strcmp(s->killers[a], s->killers[b]) < 0;
}

static void sorted_killers(const BotsSummary *s, int *order)
{
    for (int i = 0; i < s->killer_count; ++i) {
        int j = i;
        while (j > 0 && killer_before(s, i, order[j - 1])) {
            order[j] = order[j - 1];
            --j;
        }
        order[j] = i;
    }
}

/* The killers the summary's headline names, most deaths first */
enum { SUMMARY_KILLERS = 12, KILLER_COLUMN = 30 };

/* Every killer's deaths by floor, then by class: where a monster is too
 * strong, and for whom (an archer on floor 1, say, or one class's bane);
 * all of them, as one that kills few is as much the question. Two
 * tables, so the floors' doesn't widen with the classes */
static void print_killers_by(const BotsSummary *s, FILE *out)
{
    int killers[BOTS_MOST_KILLERS], classes[BOTS_MOST_CLASSES];
    sorted_killers(s, killers);
    sorted_classes(s, classes);
    int shown = s->killer_count;
    if (shown == 0) return;
    fprintf(out, "%-*s", KILLER_COLUMN, "deaths by floor");
    for (int f = 1; f <= LAST_FLOOR; ++f) fprintf(out, "%6d", f);
    fprintf(out, "\n");
    for (int k = 0; k < shown; ++k) {
        fprintf(out, "  %-*s", KILLER_COLUMN - 2, s->killers[killers[k]]);
        for (int f = 1; f <= LAST_FLOOR; ++f) fprintf(out, "%6d", s->killed_on[killers[k]][f]);
        fprintf(out, "\n");
    }
    fprintf(out, "%-*s", KILLER_COLUMN, "deaths by class");
    for (int c = 0; c < s->class_count; ++c) fprintf(out, " %9.9s", s->class_ids[classes[c]]);
    fprintf(out, "\n");
    for (int k = 0; k < shown; ++k) {
        fprintf(out, "  %-*s", KILLER_COLUMN - 2, s->killers[killers[k]]);
        for (int c = 0; c < s->class_count; ++c) fprintf(out, " %9d", s->killed_class[killers[k]][classes[c]]);
        fprintf(out, "\n");
    }
}

void bots_print_summary(const BotsSummary *s, FILE *out)
{
    fprintf(out, "runs %d: won %d (%.1f%%), died %d, lost %d, stuck %d\n", s->runs, s->ends[BOTS_WON],
            percent(s->ends[BOTS_WON], s->runs), s->ends[BOTS_DIED], s->ends[BOTS_LOST], s->ends[BOTS_STUCK]);
    int order[BOTS_MOST_KILLERS];
    sorted_classes(s, order);
    for (int k = 0; k < s->class_count; ++k) {
        int i = order[k];
        fprintf(out, "class %-10s runs %6d  won %6d (%.1f%%)\n", s->class_ids[i], s->class_runs[i],
                s->class_won[i], percent(s->class_won[i], s->class_runs[i]));
    }
    for (int f = 1; f <= LAST_FLOOR; ++f) {
        fprintf(out, "floor %d: runs ended %5d (%.1f%%), deaths %5d, mean turns %.0f\n", f, s->ended_on[f],
                percent(s->ended_on[f], s->runs), s->died_on[f],
                s->ended_on[f] > 0 ? (double)s->turns_on[f] / s->ended_on[f] : 0.0);
    }
    sorted_killers(s, order);
    for (int k = 0; k < s->killer_count && k < SUMMARY_KILLERS; ++k) {
        fprintf(out, "killer %-28s %d\n", s->killers[order[k]], s->killed[order[k]]);
    }
    print_killers_by(s, out);
    /* two lines, so the page's copy of the summary fits a narrow window */
    fprintf(out, "amulets found %d, left behind %d (%d seen, %d never seen; %d by a fall, %d fleeing)\n",
            s->amulets_found, s->left_seen + s->left_unseen, s->left_seen, s->left_unseen, s->left_fell,
            s->left_fled);
    fprintf(out, "items used %d, mean turns %.0f\n", s->items_used,
            s->runs > 0 ? (double)s->turns / s->runs : 0.0);
}

/* ---- The page ------------------------------------------------------------ */

/* A bar chart: one bar per label, values scaled to the largest, each
 * written with its unit: "%" for a share (to a tenth), "" for a count or
 * a mean of turns (whole) */
static void bars(FILE *out, const char *title, const char *const *labels, const double *values,
                 int count, const char *unit)
{
    int decimals = strcmp(unit, "%") == 0 ? 1 : 0;
    double most = 1e-9;
    for (int i = 0; i < count; ++i) most = values[i] > most ? values[i] : most;
    int row = 22, width = 640, left = 200;
    fprintf(out, "<h2>%s</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">\n",
            title, width, row * count + 10);
    for (int i = 0; i < count; ++i) {
        int w = (int)((width - left - 90) * values[i] / most);
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"13\">%s</text>"
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"16\" fill=\"#c84\"/>"
                "<text x=\"%d\" y=\"%d\" font-size=\"12\">%.*f%s</text>\n",
                left - 8, i * row + 17, labels[i], left, i * row + 4, w, left + w + 6, i * row + 17,
                decimals, values[i], unit);
    }
    fprintf(out, "</svg>\n");
}

bool bots_write_html(const BotsSummary *s, const char *path)
{
    FILE *out = fopen(path, "w");
    if (out == NULL) return false;
    fprintf(out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Amulets of SDL: "
                 "the bot's runs</title></head>\n<body style=\"font-family:sans-serif\">\n"
                 "<h1>The bot's runs</h1>\n<pre style=\"white-space:pre-wrap\">");
    bots_print_summary(s, out);
    fprintf(out, "</pre>\n");
    static const char *const FLOORS[LAST_FLOOR] = {"floor 1", "floor 2", "floor 3", "floor 4",
                                                    "floor 5", "floor 6", "floor 7", "floor 8", "floor 9"};
    double values[BOTS_MOST_KILLERS];
    const char *labels[BOTS_MOST_KILLERS];
    for (int f = 1; f <= LAST_FLOOR; ++f) values[f - 1] = s->died_on[f];
    bars(out, "Deaths per floor", FLOORS, values, LAST_FLOOR, "");
    int order[BOTS_MOST_KILLERS];
    sorted_killers(s, order);
    int shown = s->killer_count < 15 ? s->killer_count : 15;
    for (int k = 0; k < shown; ++k) {
        labels[k] = s->killers[order[k]];
        values[k] = s->killed[order[k]];
    }
    bars(out, "Killers", labels, values, shown, "");
    sorted_classes(s, order);
    for (int k = 0; k < s->class_count; ++k) {
        labels[k] = s->class_ids[order[k]];
        values[k] = percent(s->class_won[order[k]], s->class_runs[order[k]]);
    }
    bars(out, "Win rate per class", labels, values, s->class_count, "%");
    for (int f = 1; f <= LAST_FLOOR; ++f) {
        values[f - 1] = s->ended_on[f] > 0 ? (double)s->turns_on[f] / s->ended_on[f] : 0.0;
    }
    bars(out, "Mean turns of the runs that ended on each floor", FLOORS, values, LAST_FLOOR, "");
    fprintf(out, "</body></html>\n");
    return fclose(out) == 0;
}

/* ---- --bot-report ----------------------------------------------------------- */

static int read_file(const char *path, BotsSummary *s)
{
    FILE *in = fopen(path, "r");
    if (in == NULL) return -1;
    char line[1024];
    int runs = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        BotsRun r;
        if (bots_read_line(line, &r)) {
            bots_add(s, &r);
            ++runs;
        }
    }
    fclose(in);
    return runs;
}

static bool ends_with(const char *name, const char *tail)
{
    size_t n = strlen(name), t = strlen(tail);
    return n >= t && strcmp(name + n - t, tail) == 0;
}

/* A folder's .jsonl files, in name order, or one file */
static bool read_place(const char *place, BotsSummary *s)
{
    struct stat st;
    if (stat(place, &st) != 0) return false;
    if (!S_ISDIR(st.st_mode)) return read_file(place, s) >= 0;
    struct dirent **names;
    int count = scandir(place, &names, NULL, alphasort);
    if (count < 0) return false;
    for (int i = 0; i < count; ++i) {
        if (ends_with(names[i]->d_name, ".jsonl")) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", place, names[i]->d_name);
            read_file(path, s);
        }
        free(names[i]);
    }
    free(names);
    return true;
}

int app_bot_report(int argc, char **argv)
{
    BotsSummary *s = calloc(1, sizeof *s);
    if (s == NULL) return 1;
    const char *html = NULL, *first = NULL;
    for (int i = 0; i < argc; ++i) {
        if (strcmp(argv[i], "--bot-report") == 0) continue;
        if (strcmp(argv[i], "--html") == 0 && i + 1 < argc) {
            html = argv[++i];
            continue;
        }
        if (!read_place(argv[i], s)) {
            fprintf(stderr, "amulets: --bot-report: '%s' can't be read\n", argv[i]);
            free(s);
            return 1;
        }
        if (first == NULL) first = argv[i];
    }
    if (first == NULL) {
        fprintf(stderr, "amulets: --bot-report takes folders or files of the bot's JSON lines\n");
        free(s);
        return 2;
    }
    bots_print_summary(s, stdout);
    char path[4096];
    if (html == NULL) {
        snprintf(path, sizeof path, "%s/report.html", first);
        struct stat st;
        if (stat(first, &st) != 0 || !S_ISDIR(st.st_mode)) snprintf(path, sizeof path, "report.html");
        html = path;
    }
    bool ok = bots_write_html(s, html);
    if (!ok) fprintf(stderr, "amulets: --bot-report: '%s' can't be written\n", html);
    else fprintf(stderr, "amulets: the page is %s\n", html);
    free(s);
    return ok ? 0 : 1;
}
