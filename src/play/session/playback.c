#include "playback.h"

#include <string.h>

#include "save.h"

/* The run a mid-run recording begins from: its start save, which must be
 * whole and of this game's save version */
static Run *start_from_save(const Replay *replay, const GameData *data, int class_index,
                            Errors *errors)
{
    Errors reasons = {0};
    Run *run = NULL;
    LoadResult result = save_read(data, replay->start, replay->start_length, &run, &reasons);
    if (result != LOAD_OK) {
        errors_add(errors, "%s:%d: the save it begins from can't be read%s", replay->file,
                   replay->start_line, result == LOAD_OTHER_VERSION ? " (another version's)" : "");
        for (int i = 0; i < reasons.count && i < 3; ++i) {
            errors_add(errors, "%s:%d: %s", replay->file, replay->start_line, reasons.lines[i]);
        }
        run_free(run);
        run = NULL;
    } else if (run_class(run) != class_index) {
        const char *class_id = run_class_id(run);
        errors_add(errors, "%s:%d: the save it begins from is of class %s, not %s", replay->file,
                   replay->start_line, class_id != NULL ? class_id : "none",
                   replay->class_id[0] != '\0' ? replay->class_id : "none");
        run_free(run);
        run = NULL;
    } else if (run_seed(run) != replay->seed) {
        errors_add(errors, "%s:%d: the save it begins from is of seed %llu, not %llu",
                   replay->file, replay->start_line, (unsigned long long)run_seed(run),
                   (unsigned long long)replay->seed);
        run_free(run);
        run = NULL;
    }
    errors_clear(&reasons);
    return run;
}

/* Why the playback stops, where */
static void fault(Playback *playback, PlaybackFault why, int line)
{
    playback->fault = why;
    playback->fault_line = line;
}

bool playback_start(Playback *playback, const Replay *replay, const GameData *data,
                    Errors *errors)
{
    memset(playback, 0, sizeof *playback);
    playback->replay = replay;
    playback->fault = PLAYBACK_CANT_BEGIN;
    uint64_t digest = rep_data_digest(data);
    if (digest != replay->data_digest) {
        errors_add(errors, "%s: it was played with other data files (theirs %016llx, these "
                   "%016llx)", replay->file, (unsigned long long)replay->data_digest,
                   (unsigned long long)digest);
        playback->fault_line = rep_line(replay, "data");
        return false;
    }
    int class_index = RUN_NO_CLASS;
    if (replay->class_id[0] != '\0') {
        class_index = data_find_class(data, replay->class_id);
        if (class_index < 0) {
            errors_add(errors, "%s:%d: no class is called '%s'", replay->file, replay->class_line,
                       replay->class_id);
            playback->fault_line = replay->class_line;
            return false;
        }
    }
    playback->run = replay->start != NULL
                        ? start_from_save(replay, data, class_index, errors)
                        : run_new_as(data, replay->seed, replay->floor, class_index);
    if (playback->run == NULL && replay->start == NULL) {
        errors_add(errors, "%s: there isn't enough memory to play it", replay->file);
    }
    if (playback->run == NULL) {
        playback->fault_line = replay->start != NULL ? replay->start_line : 0;
        return false;
    }
    fault(playback, PLAYBACK_NO_FAULT, 0);
    return true;
}

/* The checkpoints at the present position, each against the run: its
 * digest is worked out once for them all, so a recording of millions of
 * checkpoints at one place costs a comparison each */
static bool checks_hold(Playback *playback, Errors *errors)
{
    const Replay *replay = playback->replay;
    bool known = false;
    uint64_t digest = 0;
    while (playback->next_check < replay->check_count &&
           replay->checks[playback->next_check].position == playback->position) {
        const RepCheck *check = &replay->checks[playback->next_check++];
        if (!known) digest = save_digest(playback->run);
        known = true;
        if (digest != check->digest) {
            errors_add(errors, "%s:%d: the run parts from the recording here, after %d commands "
                       "(its digest is %016llx, the recording's %016llx)", replay->file,
                       check->line, playback->position, (unsigned long long)digest,
                       (unsigned long long)check->digest);
            fault(playback, PLAYBACK_PARTED, check->line);
            return false;
        }
    }
    return true;
}

/* After the last command: the run ended as the recording says */
static bool ending_holds(Playback *playback, Errors *errors)
{
    const Replay *replay = playback->replay;
    Mode mode = run_mode(playback->run);
    bool over = mode == MODE_DEAD || mode == MODE_WON;
    bool expected = replay->ended == MODE_DEAD || replay->ended == MODE_WON;
    if ((over || expected) && mode != replay->ended) {
        errors_add(errors, "%s: the recording says the run %s, but it %s", replay->file,
                   replay->ended == MODE_DEAD ? "died" : replay->ended == MODE_WON ? "was won"
                                                                                 : "goes on",
                   mode == MODE_DEAD ? "died" : mode == MODE_WON ? "was won" : "goes on");
        fault(playback, PLAYBACK_WRONG_END, rep_line(replay, "ended"));
        return false;
    }
    return true;
}

PlaybackStep playback_step(Playback *playback, Errors *errors)
{
    const Replay *replay = playback->replay;
    if (playback->position == 0 && playback->next_check == 0 && !checks_hold(playback, errors)) {
        return PLAYBACK_FAILED;
    }
    if (playback->position == replay->count) {
        return ending_holds(playback, errors) ? PLAYBACK_END : PLAYBACK_FAILED;
    }
    Command command = replay->commands[playback->position];
    if (!run_command(playback->run, command)) {
        char token[REP_TOKEN_SIZE];
        rep_command_token(command, token);
        errors_add(errors, "%s:%d: the run refuses command %d, '%s'", replay->file,
                   replay->lines[playback->position], playback->position + 1, token);
        fault(playback, PLAYBACK_REFUSED, replay->lines[playback->position]);
        return PLAYBACK_FAILED;
    }
    ++playback->position;
    return checks_hold(playback, errors) ? PLAYBACK_STEPPED : PLAYBACK_FAILED;
}

PlaybackStep playback_finish(Playback *playback, Errors *errors)
{
    PlaybackStep step;
    while ((step = playback_step(playback, errors)) == PLAYBACK_STEPPED) {}
    return step;
}

int playback_position(const Playback *playback) { return playback->position; }

int playback_total(const Playback *playback) { return playback->replay->count; }

bool playback_next(const Playback *playback, Command *out)
{
    if (playback->fault != PLAYBACK_NO_FAULT || playback->position >= playback->replay->count) return false;
    *out = playback->replay->commands[playback->position];
    return true;
}

const Run *playback_run(const Playback *playback) { return playback->run; }

void playback_stop(Playback *playback)
{
    run_free(playback->run);
    playback->run = NULL;
}
