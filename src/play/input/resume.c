/* The input's screen and explorer in the save: see resume.h */
#include "resume.h"

#include <stdlib.h>
#include <string.h>

#include "info.h"
#include "text.h"

static const char SAVE_FILE[] = "save.txt";

static const char *const PAGES[INFO_COUNT] = {
    [INFO_NONE] = "none",           [INFO_HELP] = "help",   [INFO_GUIDE] = "guide",
    [INFO_HISTORY] = "history",     [INFO_CHARACTER] = "character",
    [INFO_KNOWN] = "known",         [INFO_PICK] = "pick",   [INFO_EXAMINE] = "examine",
};

/* ---- Writing ----------------------------------------------------------- */

static void write_screen(const Input *input, FILE *out)
{
    fprintf(out, "[screen]\ncursor = %d %d\n", input->cursor.x, input->cursor.y);
    if (input->looking) fprintf(out, "looking = yes\n");
    const InfoState *info = &input->info;
    if (info->page != INFO_NONE) {
        fprintf(out, "page = %s\n", PAGES[info->page]);
        if (info->page == INFO_HISTORY) {
            fprintf(out, "back = %d\n", info_most_scroll(input) - info->scroll);
        } else if (info->scroll != 0) {
            fprintf(out, "scroll = %d\n", info->scroll);
        }
        if (info->page == INFO_EXAMINE) fprintf(out, "examined = %c\n", pack_letter(info->slot));
    }
    if (input->quit_asked) fprintf(out, "quit_asked = yes\n");
}

char *resume_write(const Input *input, size_t *length)
{
    TextOut text;
    if (!text_open(&text)) return NULL;
    write_screen(input, text.out);
    fprintf(text.out, "\n");
    explore_write(&input->explorer, input->session.run, text.out);
    return text_close(&text, length);
}

/* ---- Reading ----------------------------------------------------------- */

static InfoPage read_page(Fields *fields)
{
    if (!fld_has(fields, "page")) return INFO_NONE;
    const char *name = fld_text(fields, "page");
    for (int i = INFO_NONE + 1; i < INFO_COUNT; ++i) {
        if (strcmp(name, PAGES[i]) == 0) return (InfoPage)i;
    }
    if (name[0] != '\0') {
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, fld_line(fields, "page"), "no page is called '%s'", rec_quote(name, quoted));
    }
    return INFO_NONE;
}

/* The letter examined, which must be a stack carried; -1 if not */
static int read_examined(Fields *fields, const Run *run)
{
    const char *letter = fld_text(fields, "examined");
    int slot = letter[0] - 'a';
    if (letter[0] == '\0') return -1;   /* reported already */
    if (letter[1] != '\0' || !pack_holds(&run_player(run)->pack, slot)) {
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, fld_line(fields, "examined"), "'%s' isn't the letter of a stack carried",
                   rec_quote(letter, quoted));
        return -1;
    }
    return slot;
}

/* Looking and the pages are over a run that's playing; "quit without
 * saving?" is over the menu; and one at a time */
static void check_screens(Fields *fields, const Resumed *r, const Run *run)
{
    int line = fields->record->line;
    if (r->looking + (r->page != INFO_NONE) + r->quit_asked > 1) {
        fld_report(fields, line, "only one of looking, a page and quit_asked can be up");
    } else if ((r->looking || r->page != INFO_NONE) && run_mode(run) != MODE_PLAYING) {
        fld_report(fields, line, "looking and the pages are over a run that's playing, not %s",
                   input_mode_name(run_mode(run)));
    } else if (r->quit_asked && run_mode(run) != MODE_MENU) {
        fld_report(fields, line, "quit_asked is over the menu, not %s", input_mode_name(run_mode(run)));
    }
}

static void read_screen(Resumed *r, const Run *run, Fields *fields)
{
    int xy[2];
    if (fld_numbers_in(fields, "cursor", 2, 0, MAP_W - 1, xy)) {
        if (xy[1] >= MAP_H) fld_report(fields, fld_line(fields, "cursor"), "'cursor' is off the map");
        else r->cursor = (Point){xy[0], xy[1]};
    }
    r->looking = fld_yes_no(fields, "looking");
    r->quit_asked = fld_yes_no(fields, "quit_asked");
    r->page = read_page(fields);
    if (r->page == INFO_HISTORY) r->back = fld_number(fields, "back", 0);
    else if (r->page != INFO_NONE && fld_has(fields, "scroll")) r->scroll = fld_number(fields, "scroll", 0);
    if (r->page == INFO_EXAMINE) r->examined = read_examined(fields, run);
    if (fields->mistakes == 0) check_screens(fields, r, run);
}

bool resume_read(void *state, const Run *run, const RecFile *file, Errors *errors)
{
    Resumed *r = state;
    memset(r, 0, sizeof *r);
    r->cursor = run_player(run)->pos;
    int start = errors->count, screens = 0, explorers = 0;
    for (int i = 0; i < file->count; ++i) {
        const Record *record = &file->records[i];
        bool screen = strcmp(record->type, "screen") == 0;
        if (!screen && strcmp(record->type, "explorer") != 0) continue;
        Fields fields;
        fld_init(&fields, record, SAVE_FILE, errors);
        if ((screen ? ++screens : ++explorers) > 1) {
            fld_report(&fields, record->line, "a save has one [%s]", record->type);
            continue;
        }
        if (screen) read_screen(r, run, &fields);
        else explore_read(&r->explorer, run, &fields);
        fld_finish(&fields);
    }
    return errors->count == start;
}

void resume_apply(Input *input, const Resumed *r)
{
    input->cursor = r->cursor;
    input->looking = r->looking;
    input->quit_asked = r->quit_asked;
    input->explorer = r->explorer;
    input->info = (InfoState){r->page, 0, r->examined};
    if (r->page == INFO_NONE) return;
    /* kept in range: the pages' lengths are the game's, not the save's */
    int most = info_most_scroll(input);
    int scroll = r->page == INFO_HISTORY ? most - r->back : r->scroll;
    input->info.scroll = scroll < 0 ? 0 : scroll > most ? most : scroll;
}
