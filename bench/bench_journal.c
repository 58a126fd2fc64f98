/* One command made durable: the journal's append of one event (journal.h)
 * to a real folder on the disk, as play makes it (flushed to the device
 * at most each second, so most appends aren't), and the one that is
 * flushed, for what a power cut can't take. The folder is a fresh one in
 * the system's temporary folder. */
#define _POSIX_C_SOURCE 200809L   /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "journal.h"
#include "slot.h"
#include "store.h"

enum { APPENDS = 4000 };

static double percentile(double *values, int n, int percent)
{
    bench_median(values, n);   /* sorts them */
    return values[(n - 1) * percent / 100];
}

void bench_journal(const BenchFloors *floors)
{
    (void)floors;
    char root[] = "/tmp/amulets-bench-journal-XXXXXX", error[SLOT_ERROR_SIZE];
    Slot slot;
    if (mkdtemp(root) == NULL || !slot_init(&slot, root, NULL, NULL, error, sizeof error)) {
        fprintf(stderr, "bench: no folder for the journal\n");
        exit(EXIT_FAILURE);
    }
    JournalBase base = {.from = JOURNAL_FROM_START, .seed = 7, .floor = 1, .class_id = "fighter"};
    Journal journal;
    journal_start(&journal, &slot, &base, "keys default take default");
    static double plain[APPENDS], synced[APPENDS / 20];
    int plain_count = 0, synced_count = 0;
    for (int i = 0; i < APPENDS; ++i) {
        JournalEvent event = {'k', 'h' + i % 8, 0};
        bool sync = i % 20 == 0;
        if (sync) journal.synced_ms = 0;   /* a second has passed: this one is flushed */
        double t0 = bench_now();
        bool kept = journal_add(&journal, event, error, sizeof error);
        double took = bench_now() - t0;
        if (!kept) {
            fprintf(stderr, "bench: the journal couldn't be written: %s\n", error);
            exit(EXIT_FAILURE);
        }
        if (i == 0) continue;   /* the first writes the head, whole */
        if (sync) synced[synced_count++] = took;
        else plain[plain_count++] = took;
    }
    journal_free(&journal);
    Store store = slot_store(&slot);
    store.ops->remove(store.self, SLOT_JOURNAL);
    rmdir(root);
    printf("RATE journal_append_us %.1f us\n", bench_median(plain, plain_count) * 1e6);
    printf("RATE journal_append_p99_us %.1f us\n", percentile(plain, plain_count, 99) * 1e6);
    printf("RATE journal_append_flushed_us %.1f us\n", bench_median(synced, synced_count) * 1e6);
}
