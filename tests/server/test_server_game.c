/* A live game of the server (game.h) without the network: the events its
 * steps hand out are every one the input noted, across the saves each new
 * floor makes (which start the journal afresh) and the run's end; made
 * again from them alone (game_rebuild), the game is where it was: the
 * same run (digest), the same screen, the same frame. A run that dies
 * hands out its recording, which plays back to the same digest. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game.h"
#include "playback.h"
#include "replay.h"
#include "save.h"
#include "wire.h"

static GameData data;

typedef struct Kept {
    JournalEvent *events;
    int count, capacity;
    int new_runs, ends;
    uint64_t end_digest;
    char *recording;
    size_t recording_length;
} Kept;

static void keep(Kept *kept, const GameNews *news)
{
    kept->new_runs += news->new_run;
    for (int i = 0; i < news->count; ++i) {
        if (kept->count == kept->capacity) {
            kept->capacity = kept->capacity ? kept->capacity * 2 : 256;
            kept->events = realloc(kept->events, (size_t)kept->capacity * sizeof *kept->events);
        }
        kept->events[kept->count++] = news->events[i];
    }
    if (news->ended) {
        ++kept->ends;
        kept->end_digest = news->digest;
        free(kept->recording);
        kept->recording = news->recording != NULL ? strndup(news->recording, news->recording_length) : NULL;
        kept->recording_length = news->recording_length;
    }
}

/* A key, then the loop's timer until auto-explore stops */
static void press(Game *game, int key, Kept *kept)
{
    GameNews news;
    FrontEvent event = {.kind = FRONT_KEY, .key = key};
    LoopNext next = game_step(game, &event, &news);
    keep(kept, &news);
    for (int steps = 0; next.wait_ms >= 0 && steps < 5000; ++steps) {
        next = game_step(game, NULL, &news);
        keep(kept, &news);
    }
}

static uint32_t frame_sum(Game *game, Wire *wire, WireScratch *scratch)
{
    FrontView view;
    loop_view(&game->loop, &view);
    wire_make(wire, scratch, &view, 0);
    return wire_sum(wire->cells, "", 0);
}

static void test_rebuilt_the_same(void)
{
    /* auto-explore, travel, the stairs (a save, the journal afresh), then
     * moves, looking, the pack, resting and the menu on the next floor */
    static const int KEYS[] = {'o', 'o', 'o', 'o', 'o', 'o', 'G', '>', 'y', 'j', 'j', 'k', 'k', 'x', 'l', 'l',
                               AK_ESC, 'i', AK_ESC, 'o', 'Z', AK_ESC, AK_ESC, 'o', 'l', 'h'};
    Game game;
    Kept kept = {0};
    CHECK(game_open(&game, &data, 29, 1, 0, 43));
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; ++i) press(&game, KEYS[i], &kept);
    const Run *run = game.loop.input.session.run;
    CHECK(run_level(run)->depth >= 2);   /* a save came between, at least once */
    CHECK(game.loop.input.session.journal_starts > 0);
    CHECK(kept.count > 20);
    uint64_t digest = save_digest(run);
    Screen screen = input_screen(&game.loop.input);
    static Wire wire, again;
    static WireScratch scratch;
    FrameRoom room = wire_room_default();
    wire_init(&wire, &room);
    wire_init(&again, &room);
    uint32_t sum = frame_sum(&game, &wire, &scratch);

    Game rebuilt;
    Errors errors = {0};
    CHECK(game_rebuild(&rebuilt, &data, &game.base, game.settings, kept.events, kept.count, 43, &errors));
    errors_print(&errors, stderr, -1);
    CHECK_INT(save_digest(rebuilt.loop.input.session.run), digest);
    CHECK_INT(input_screen(&rebuilt.loop.input), screen);
    CHECK_INT(frame_sum(&rebuilt, &again, &scratch), sum);
    printf("%d events across %d journals: made again the same\n", kept.count,
           game.loop.input.session.journal_starts + 1);

    /* the rebuilt game goes on handing out its events from where it was */
    Kept more = {0};
    press(&rebuilt, 'o', &more);
    CHECK(more.count > 0);
    game_close(&rebuilt);
    game_close(&game);
    wire_free(&wire);
    wire_free(&again);
    frame_text_free(&scratch.text);
    errors_clear(&errors);
    free(kept.events);
    free(more.events);
}

static void test_death_and_next_run(void)
{
    Game game;
    Kept kept = {0};
    CHECK(game_open(&game, &data, 12, 9, 0, 99));
    for (int i = 0; i < 300 && kept.ends == 0; ++i) press(&game, '.', &kept);
    CHECK_INT(kept.ends, 1);
    CHECK_INT(kept.end_digest, save_digest(game.loop.input.session.run));
    CHECK(kept.recording != NULL);
    /* the recording plays back to the run's digest */
    Replay replay;
    Errors errors = {0};
    CHECK(rep_parse(&replay, kept.recording, kept.recording_length, "the recording", &errors));
    Playback playback;
    CHECK(playback_start(&playback, &replay, &data, &errors));
    CHECK_INT(playback_finish(&playback, &errors), PLAYBACK_END);
    CHECK_INT(save_digest(playback_run(&playback)), kept.end_digest);
    playback_stop(&playback);
    rep_free(&replay);
    /* R: the next run, from the seed given, is news of its own */
    int before = kept.count;
    press(&game, 'R', &kept);
    CHECK_INT(kept.new_runs, 1);
    CHECK_INT(kept.count, before);
    CHECK(game.base.seed == 99);
    CHECK(game_in_run(&game));
    game_close(&game);
    errors_clear(&errors);
    free(kept.events);
    free(kept.recording);
}

int main(void)
{
    Errors errors = {0};
    if (!data_load_dir(&data, AMULETS_DATA_DIR, &errors)) {
        errors_print(&errors, stderr, -1);
        return EXIT_FAILURE;
    }
    test_rebuilt_the_same();
    test_death_and_next_run();
    data_free(&data);
    return check_done("test_server_game");
}
