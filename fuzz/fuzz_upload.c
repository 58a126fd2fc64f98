/* Fuzzing the server's upload policy (src/server/upload.h, work.h): any
 * bytes as an uploaded recording, verified ranked as the verifier
 * process does it, its line of JSON read back as the server reads it,
 * then the policy: what the server keeps is what the verifier said (the
 * figures and the digest, the same both ways), and a run counts only if
 * it verified, began on floor 1 and ended. Also any bytes as the
 * verifier's line itself: read without harm, and counted only by that
 * rule. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "upload.h"
#include "verify.h"
#include "work.h"

static void check_policy(bool verified, const VerifyResult *r, const char *verifier_reason)
{
    char reason[64] = "x";
    bool counts = upload_policy(verified, r, verifier_reason, reason, sizeof reason);
    if (counts != (verified && r->start_floor == 1 && r->outcome != MODE_PLAYING)) abort();
    if (counts != (reason[0] == '\0')) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    const char *text = (const char *)input;
    /* the bytes as the verifier's answer */
    char *line = malloc(size + 1);
    if (line == NULL) return 0;
    memcpy(line, input, size);
    line[size] = '\0';
    VerifyResult read, direct;
    char reason[64];
    check_policy(work_read_answer(line, &read, reason, sizeof reason), &read, reason);
    free(line);
    /* the bytes as a recording: verified, written, read back, the same */
    bool good = verify_recording(text, size, fuzz_shipped_data(), (VerifyOptions){.ranked = true}, &direct);
    char json[VERIFY_JSON_SIZE];
    verify_json(&direct, json, sizeof json);
    bool again = work_read_answer(json, &read, reason, sizeof reason);
    if (direct.seed < ((uint64_t)1 << 53)) {   /* a seed the server issues: jansson reads it whole */
        if (again != good) abort();
        if (read.floor != direct.floor || read.amulets != direct.amulets || read.gold != direct.gold ||
            read.turns != direct.turns || read.digest != direct.digest || read.seed != direct.seed ||
            read.start_floor != direct.start_floor || read.outcome != direct.outcome ||
            strcmp(read.class_id, direct.class_id) != 0) {
            abort();
        }
        if (!good && strcmp(reason, verify_reason_name(direct.reason)) != 0) abort();
    }
    check_policy(again, &read, reason);
    return 0;
}
