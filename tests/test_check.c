/* The harness itself: check_done fails a test that made no checks (one
 * whose checks were all skipped or never reached tested nothing), and
 * fails one with a failed check. */
#include "check.h"

int main(void)
{
    /* nothing checked yet: a failure, though nothing failed */
    fprintf(stderr, "test_check: the next line's complaint is expected\n");
    int none = check_done("test_check, before any check");
    int failures = check_failures;
    /* one failed check among passed ones: a failure, which is then taken
     * back so this test's own tally is its checks below */
    check_at(1, "a passing check", __FILE__, __LINE__);
    check_at(0, "a failing check (expected)", __FILE__, __LINE__);
    int failed = check_done("test_check, with a failed check");
    check_count = 0;
    check_failures = 0;

    CHECK_INT(none, EXIT_FAILURE);
    CHECK_INT(failures, 0);
    CHECK_INT(failed, EXIT_FAILURE);
    return check_done("test_check");
}
