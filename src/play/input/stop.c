#define _POSIX_C_SOURCE 200809L
#include "stop.h"

#include <signal.h>
#include <stddef.h>

/* The one piece of state the program keeps outside its values: a signal
 * handler can do nothing else safely than set a flag of this type */
static volatile sig_atomic_t arrived;

static void on_signal(int number)
{
    arrived = number;
}

static const int ENDING[] = {SIGHUP, SIGTERM, SIGINT, SIGQUIT};

bool stop_catch(void)
{
    struct sigaction action;
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    bool ok = true;
    for (size_t i = 0; i < sizeof ENDING / sizeof ENDING[0]; ++i) {
        ok = sigaction(ENDING[i], &action, NULL) == 0 && ok;
    }
    return ok;
}

int stop_signal(void)
{
    return arrived;
}
