#!/bin/sh
# The golden replays: each recording in tests/replays plays back headless,
# every checkpoint holding, to the final digest stored in
# tests/replays/digests. A change to play shows up here; if it was meant,
# run tools/regen-replays.sh and say so in the commit.
amulets="$1"
dir="$2/tests/replays"
failures=0
checked=0
while read -r name digest; do
    out=$("$amulets" --replay "$dir/$name.txt" --digest 2>&1)
    got=$(printf '%s\n' "$out" | sed -n 's/^digest //p')
    checked=$((checked + 1))
    if [ "$got" != "$digest" ]; then
        echo "$name: digest '$got', stored '$digest'"
        printf '%s\n' "$out" | grep -v '^digest' | tail -3
        failures=$((failures + 1))
    fi
done < "$dir/digests"
files=$(ls "$dir"/*.txt | wc -l)
if [ "$files" -ne "$checked" ]; then
    echo "$files recordings but $checked digests: run tools/regen-replays.sh"
    failures=$((failures + 1))
fi
if [ "$checked" -lt 12 ] || [ "$failures" -ne 0 ]; then
    echo "$failures of $checked golden replays differ; if play was meant to change, run" \
         "tools/regen-replays.sh and say so in the commit"
    exit 1
fi
echo "$checked golden replays play back to their stored digests"
