/* The signals that end a game: SIGHUP (a closed terminal, a dropped SSH
 * link), SIGTERM, SIGINT and SIGQUIT. Each is caught, so that the
 * frontend's loop can save the run in play as Esc S would (input_stop)
 * and leave: no run is lost to a signal, and a save that fails doesn't
 * keep the game from ending. */
#ifndef AMULETS_STOP_H
#define AMULETS_STOP_H

#include <stdbool.h>

/* Catches the ending signals from now on. A wait the process is in when
 * one arrives is interrupted (no SA_RESTART), so a loop that checks
 * stop_signal after each wait notices at once. False if it can't. */
bool stop_catch(void);

/* The ending signal that arrived, or 0 */
int stop_signal(void);

#endif
