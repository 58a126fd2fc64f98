/* The input's screen and explorer in the save: see resume.h. [screen]'s
 * fields are listed once in FIELDS, with the save's version each came in
 * (schema.h); [explorer]'s are explore_save.c's. */
#include "resume.h"

#include <stdlib.h>
#include <string.h>

#include "info.h"
#include "save.h"

static const char SAVE_FILE[] = "save.txt";

/* INFO_NONE is said by leaving the page out */
static const char *const PAGES[INFO_COUNT] = {
    [INFO_HELP] = "help",       [INFO_GUIDE] = "guide", [INFO_HISTORY] = "history",
    [INFO_CHARACTER] = "character", [INFO_KNOWN] = "known", [INFO_PICK] = "pick",
    [INFO_EXAMINE] = "examine",
};
_Static_assert(sizeof(InfoPage) == sizeof(int), "the page is kept as an int");

/* ---- [screen] ------------------------------------------------------------ */

/* What's examined: a stack's letter, or what's in hand or worn as the
 * keys that examine them say it (info.h) */
static void put_examined(SchemaOut *out, const SchemaField *field, const void *view, const void *context)
{
    (void)field;
    (void)context;
    int slot = ((const Resumed *)view)->examined;
    char key = slot == INFO_IN_HAND ? INFO_KEY_IN_HAND : slot == INFO_WORN ? INFO_KEY_WORN : pack_letter(slot);
    schema_out_bytes(out, &key, 1);
}

static void get_examined(Fields *fields, const SchemaField *field, void *view, const void *run)
{
    const Player *player = run_player(run);
    const char *key = fld_text(fields, field->key);
    int *slot = &((Resumed *)view)->examined, line = fld_line(fields, field->key);
    *slot = -1;
    if (key[0] == '\0') return;   /* reported already */
    if (key[1] == '\0' && key[0] == INFO_KEY_IN_HAND) {
        if (player->weapon >= 0) *slot = INFO_IN_HAND;
        else fld_report(fields, line, "nothing is in hand to examine");
    } else if (key[1] == '\0' && key[0] == INFO_KEY_WORN) {
        if (player->armor >= 0) *slot = INFO_WORN;
        else fld_report(fields, line, "nothing is worn to examine");
    } else if (key[1] == '\0' && key[0] >= 'a' && pack_holds(&player->pack, key[0] - 'a')) {
        *slot = key[0] - 'a';
    } else {
        char quoted[REC_QUOTE_SIZE];
        fld_report(fields, line, "'%s' isn't the letter of a stack carried", rec_quote(key, quoted));
    }
}

static const SchemaType EXAMINED = {.put = put_examined, .get = get_examined};

static bool on_history(const void *view) { return ((const Resumed *)view)->page == INFO_HISTORY; }
static bool on_examine(const void *view) { return ((const Resumed *)view)->page == INFO_EXAMINE; }

/* A page that keeps its first line shown (the history keeps its lines
 * back from the newest instead) */
static bool on_scrolled(const void *view)
{
    InfoPage page = ((const Resumed *)view)->page;
    return page != INFO_NONE && page != INFO_HISTORY;
}

/* The dialog up: its parts, each where its kind has it */
static const Dialog *dialog_in(const void *view) { return &((const Resumed *)view)->dialog; }
static bool on_pack(const void *view) { return dialog_in(view)->kind == DIALOG_PACK; }
static bool on_aim(const void *view) { return dialog_in(view)->kind == DIALOG_AIMING; }
static bool on_question(const void *view) { return dialog_in(view)->kind == DIALOG_QUESTION; }

static bool asked_a_step(const void *view)
{
    return on_question(view) && dialog_in(view)->question == CONFIRM_STEP;
}

/* Something in hand: the scroll of identify read, the missile thrown or
 * the scroll aimed (f's is the quiver's) */
static bool in_hand(const void *view)
{
    const Dialog *d = dialog_in(view);
    return (d->kind == DIALOG_PACK && d->pack_for == INV_IDENTIFY) || (d->kind == DIALOG_AIMING && d->aim != AIM_FIRE);
}

_Static_assert(sizeof(DialogKind) == sizeof(int) && sizeof(InvAction) == sizeof(int) &&
                   sizeof(AimPurpose) == sizeof(int) && sizeof(ConfirmPurpose) == sizeof(int),
               "the dialog's enums are kept as ints");

#define FIELD_SINCE(key_, since_, type_, member_) .key = key_, .since = since_, .type = &type_, .at = offsetof(Resumed, member_)
#define FIELD(key_, type_, member_) FIELD_SINCE(key_, SAVE_V5_CHOICE, type_, member_)
#define NAMED(names_, count_) .names = names_, .name_count = count_, .listed = true

static const SchemaField FIELDS[] = {
    {FIELD("cursor", SCHEMA_CELL, cursor)},
    {FIELD("looking", SCHEMA_YES, looking), .presence = SCHEMA_UNLESS},
    {FIELD("page", SCHEMA_NAMES, page), .presence = SCHEMA_UNLESS, .none = INFO_NONE, .names = PAGES,
     .name_count = INFO_COUNT, .what = "page"},
    {FIELD("back", SCHEMA_INT, back), .when = on_history},
    {FIELD("scroll", SCHEMA_INT, scroll), .presence = SCHEMA_UNLESS, .when = on_scrolled},
    {FIELD("examined", EXAMINED, examined), .when = on_examine},
    {FIELD("quit_asked", SCHEMA_YES, quit_asked), .presence = SCHEMA_UNLESS},
    {FIELD_SINCE("dialog", SAVE_V7_CHOICES, SCHEMA_NAMES, dialog.kind), .presence = SCHEMA_UNLESS,
     .none = DIALOG_NONE, NAMED(DIALOG_NAMES, DIALOG_COUNT)},
    {FIELD_SINCE("pack_for", SAVE_V7_CHOICES, SCHEMA_NAMES, dialog.pack_for), .when = on_pack,
     NAMED(PACK_PURPOSE_NAMES, INV_COUNT)},
    {FIELD_SINCE("aim", SAVE_V7_CHOICES, SCHEMA_NAMES, dialog.aim), .when = on_aim, NAMED(AIM_PURPOSE_NAMES, AIM_COUNT)},
    {FIELD_SINCE("letter", SAVE_V7_CHOICES, SCHEMA_LETTER, dialog.letter), .when = in_hand, .most = PACK_SLOTS - 1},
    {FIELD_SINCE("question", SAVE_V7_CHOICES, SCHEMA_NAMES, dialog.question), .when = on_question,
     NAMED(CONFIRM_PURPOSE_NAMES, CONFIRM_COUNT)},
    {FIELD_SINCE("step", SAVE_V7_CHOICES, SCHEMA_INT, dialog.step), .when = asked_a_step, .most = 7},
};

static const SchemaRecord SCREEN = {.type = "screen", .since = SAVE_V5_CHOICE, .fields = FIELDS,
                                    .field_count = SCHEMA_COUNT(FIELDS)};

static const SchemaRecord *const RECORDS[] = {&SCREEN, &EXPLORE_RECORD};
static const Schema SCHEMA = {SAVE_FILE, SAVE_VERSION, SAVE_V5_CHOICE, RECORDS, SCHEMA_COUNT(RECORDS)};

const Schema *resume_schema(void) { return &SCHEMA; }

/* ---- Writing ----------------------------------------------------------- */

char *resume_text(const Resumed *resumed, const Run *run, size_t *length)
{
    SchemaOut out = {0};
    schema_put(&out, &SCREEN, resumed, run);
    schema_out_bytes(&out, "\n", 1);
    explore_write(&resumed->explorer, run, &out);
    return schema_out_take(&out, length);
}

char *resume_write(const Input *input, size_t *length)
{
    Resumed *r = calloc(1, sizeof *r);   /* the explorer's marks are big */
    if (r == NULL) return NULL;
    const InfoState *info = &input->info;
    r->cursor = input->cursor;
    r->looking = input->looking;
    r->quit_asked = input->quit_asked;
    r->page = info->page;
    if (info->page == INFO_HISTORY) r->back = info_most_scroll(input) - info->scroll;
    else r->scroll = info->scroll;
    r->examined = info->slot;
    r->dialog = input->dialog;
    r->explorer = input->explorer;
    char *text = resume_text(r, input->session.run, length);
    free(r);
    return text;
}

/* ---- Reading ----------------------------------------------------------- */

/* The dialog's name in the save's words */
static const char *dialog_name(const Dialog *d)
{
    return d->kind == DIALOG_NONE ? "playing" : DIALOG_NAMES[d->kind];
}

/* Looking and the pages are over a run that's playing, with no dialog;
 * "quit without saving?" is over the menu; one at a time; and the dialog
 * is one the run can be on */
static void check_screens(Fields *fields, const Resumed *r, const Run *run)
{
    int line = fields->record->line;
    char why[160];
    if (r->looking + (r->page != INFO_NONE) + r->quit_asked > 1) {
        fld_report(fields, line, "only one of looking, a page and quit_asked can be up");
    } else if ((r->looking || r->page != INFO_NONE) && (run_mode(run) != MODE_PLAYING || r->dialog.kind != DIALOG_NONE)) {
        fld_report(fields, line, "looking and the pages are over a run that's playing, not %s",
                   run_mode(run) != MODE_PLAYING ? input_mode_name(run_mode(run)) : dialog_name(&r->dialog));
    } else if (r->quit_asked && r->dialog.kind != DIALOG_MENU) {
        fld_report(fields, line, "quit_asked is over the menu, not %s", dialog_name(&r->dialog));
    } else if (!dialog_fits(&r->dialog, run, why, sizeof why)) {
        fld_report(fields, line, "the %s can't be up: %s", dialog_name(&r->dialog), why);
    }
}

/* A dialog read in the save's names (what couldn't be read is reported
 * already, and stands in as none); before version 7 it's the one the
 * rules' [run] said they waited for */
static void read_dialog(Resumed *r, const Run *run, int version)
{
    Dialog *d = &r->dialog;
    if (version < SAVE_V7_CHOICES) {
        *d = dialog_from_saved(run);
        return;
    }
    if ((int)d->kind < 0 || (int)d->pack_for < 0 || (int)d->aim < 0 || (int)d->question < 0) *d = dialog_none();
    if (!in_hand(r)) d->letter = -1;
    d->chosen = -1;
}

static void read_screen(Resumed *r, const Run *run, Fields *fields, int version)
{
    schema_get(fields, &SCREEN, version, r, run);
    if ((int)r->page < 0) r->page = INFO_NONE;   /* reported already */
    read_dialog(r, run, version);
    if (fields->mistakes == 0) check_screens(fields, r, run);
}

/* The save's version, from its head, which the run's reading has checked */
static int version_of(const RecFile *file)
{
    int version = SAVE_VERSION;
    const Record *head = file->count > 0 ? &file->records[0] : NULL;
    for (int i = 0; head != NULL && i < head->field_count; ++i) {
        const RecField *field = &head->fields[i];
        if (strcmp(field->key, "version") == 0) rec_whole_number(field->value, strlen(field->value), &version);
    }
    return version;
}

bool resume_read(void *state, const Run *run, const RecFile *file, Errors *errors)
{
    Resumed *r = state;
    memset(r, 0, sizeof *r);
    r->cursor = run_player(run)->pos;
    r->dialog = dialog_from_saved(run);   /* a save without [screen] */
    int start = errors->count, screens = 0, explorers = 0, version = version_of(file);
    for (int i = 0; i < file->count; ++i) {
        const Record *record = &file->records[i];
        bool screen = strcmp(record->type, SCREEN.type) == 0;
        if (!screen && strcmp(record->type, EXPLORE_RECORD.type) != 0) continue;
        Fields fields;
        fld_init(&fields, record, SAVE_FILE, errors);
        if ((screen ? ++screens : ++explorers) > 1) {
            fld_report(&fields, record->line, "a save has one [%s]", record->type);
            continue;
        }
        if (screen) read_screen(r, run, &fields, version);
        else explore_read(&r->explorer, run, &fields, version);
        fld_finish(&fields);
    }
    return errors->count == start;
}

void resume_apply(Input *input, const Resumed *r)
{
    input->cursor = r->cursor;
    input->looking = r->looking;
    input->quit_asked = r->quit_asked;
    input->dialog = r->dialog;
    input->explorer = r->explorer;
    input->info = (InfoState){r->page, 0, r->examined};
    if (r->page == INFO_NONE) return;
    /* kept in range: the pages' lengths are the game's, not the save's */
    int most = info_most_scroll(input);
    int scroll = r->page == INFO_HISTORY ? most - r->back : r->scroll;
    input->info.scroll = scroll < 0 ? 0 : scroll > most ? most : scroll;
}
