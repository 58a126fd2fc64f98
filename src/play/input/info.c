/* The keys of the screens about the run (info.h). */
#include "info.h"
#include "pages.h"

#include <stdio.h>

int info_most_scroll(const Input *input)
{
    int lines = pages_write(input, input->session.run, 0, NULL);
    return lines > INFO_PAGE_LINES ? lines - INFO_PAGE_LINES : 0;
}

static void open_page(Input *input, InfoPage page)
{
    input->info = (InfoState){page, 0, 0};
    if (page == INFO_HISTORY) input->info.scroll = info_most_scroll(input);   /* the newest */
}

bool info_playing_key(Input *input, int key, InputResult *out)
{
    static const struct { KeyBinding binding; InfoPage page; } PAGES[] = {
        {KB_HELP, INFO_HELP},         {KB_HISTORY, INFO_HISTORY}, {KB_CHARACTER, INFO_CHARACTER},
        {KB_KNOWN, INFO_KNOWN},       {KB_EXAMINE, INFO_PICK},
    };
    const KeyMap *keys = input->setup.keys;
    for (size_t i = 0; i < sizeof PAGES / sizeof PAGES[0]; ++i) {
        if (key_bound(keys, PAGES[i].binding, key)) {
            open_page(input, PAGES[i].page);
            *out = INPUT_REDRAW;
            return true;
        }
    }
    if (key < 32 || key > 126) return false;
    char help[16], line[64];
    key_label(keys, KB_HELP, help, sizeof help);
    snprintf(line, sizeof line, "Unknown key: %c. Press %s for help.", key, help);
    run_tell(input->session.run, line);
    *out = INPUT_REDRAW;
    return true;
}

InputResult info_key(Input *input, int key)
{
    const KeyMap *keys = input->setup.keys;
    InfoState *info = &input->info;
    if (key_bound(keys, KB_BACK, key)) {
        /* examining goes back to the choice; the rest close */
        info->page = info->page == INFO_EXAMINE ? INFO_PICK : INFO_NONE;
        info->scroll = 0;
        return INPUT_REDRAW;
    }
    if (info->page == INFO_PICK) {
        const Player *player = run_player(input->session.run);
        int slot = -1;
        if (key >= 'a' && pack_holds(&player->pack, key - 'a')) slot = key - 'a';
        if (key == INFO_KEY_IN_HAND && player->weapon >= 0) slot = INFO_IN_HAND;
        if (key == INFO_KEY_WORN && player->armor >= 0) slot = INFO_WORN;
        if (slot == -1) return INPUT_NOTHING;
        info->page = INFO_EXAMINE;
        info->slot = slot;
        info->scroll = 0;
        return INPUT_REDRAW;
    }
    bool help_again = key_bound(keys, KB_HELP, key) || key == AK_TAB;
    if ((info->page == INFO_HELP || info->page == INFO_GUIDE) && help_again) {
        open_page(input, info->page == INFO_HELP ? INFO_GUIDE : INFO_HELP);
        return INPUT_REDRAW;
    }
    int dir = key_direction_in(keys, key);
    if (dir == 0 || dir == 4) {
        int most = info_most_scroll(input);
        info->scroll += dir == 0 ? -1 : 1;
        if (info->scroll < 0) info->scroll = 0;
        if (info->scroll > most) info->scroll = most;
        return INPUT_REDRAW;
    }
    if (key == ' ' || key == AK_ENTER) {
        info->page = INFO_NONE;
        return INPUT_REDRAW;
    }
    return INPUT_NOTHING;
}
