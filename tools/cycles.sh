#!/bin/sh
# Lists the cycles between the modules of each layer: include cycles
# (a module is x.c and x.h; it includes y if either file includes y.h)
# and call cycles (x uses y if x.c's object file needs a symbol y.c's
# defines: a call, or a table or variable of y's). A cycle is a set of
# modules each of which reaches every other (a strongly connected
# component); each is printed with the edges inside it, a call edge with
# the symbols it needs.
#
#   tools/cycles.sh SOURCE_DIR BUILD_DIR [ALLOW_FILE]
#
# BUILD_DIR is a CMake build of the tree (its objects are read with nm).
# With ALLOW_FILE (tools/cycles.allow), it also checks: every cycle that
# is left once the allowed edges are taken out is a failure, and so is
# an allowed edge that is no longer there. Exit status 1 on a failure,
# 2 on a usage error.
set -u
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 SOURCE_DIR BUILD_DIR [ALLOW_FILE]" >&2
    exit 2
fi
src="$1/src"
build="$2"
allow="${3:-}"
[ -d "$src" ] || { echo "$0: no folder $src" >&2; exit 2; }
[ -d "$build/CMakeFiles" ] || { echo "$0: $build is no CMake build" >&2; exit 2; }
[ -z "$allow" ] || [ -r "$allow" ] || { echo "$0: can't read $allow" >&2; exit 2; }
command -v nm >/dev/null 2>&1 || { echo "$0: nm is missing (binutils)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A file's module, in awk: its layer's folder and its name without the
# ending (core's private headers are core's); every name is unique in src/
module='function module(path) { sub("^" src "/", "", path); sub("/private/", "/", path)
                               sub(/\.c\.o$/, "", path); sub(/\.[ch]$/, "", path); return path }'

# Every header by its name, for the includes
find "$src" -name '*.h' | awk -v src="$src" "$module"'
    { name = $0; sub(/.*\//, "", name); print name, module($0) }' >"$work/headers"

# Include edges: "include FROM TO -"
find "$src" -name '*.[ch]' | sort | xargs grep -H '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' |
    awk -v src="$src" "$module"'
        NR == FNR { header[$1] = $2; next }
        { file = $0; sub(/:.*/, "", file)
          inc = $0; sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc); sub(/.*\//, "", inc)
          from = module(file)
          if ((inc in header) && header[inc] != from) print "include", from, header[inc], "-" }' \
        "$work/headers" - | sort -u >"$work/edges"

# Call edges: "call FROM TO SYMBOL", from each object's undefined symbols
# and the symbols the others define (nm -A names the object on each line)
# (only those whose source is still there: a build folder keeps the
# objects of files since moved or removed)
objects=$(find "$build/CMakeFiles" -path '*/src/*' -name '*.c.o' | sort |
    while read -r object; do
        source=${object#*/src/}
        [ -f "$src/${source%.o}" ] && echo "$object"
    done)
[ -n "$objects" ] || { echo "$0: no objects of src/ in $build (build it first)" >&2; exit 2; }
# shellcheck disable=SC2086
nm -A $objects | awk -v src="$src" "$module"'
    { file = $1; sub(/:.*/, "", file); sub(/.*\/src\//, src "/", file); m = module(file)
      if ($(NF - 1) == "U") print "U", m, $NF
      else if (NF == 3 && $2 ~ /^[TDRBCGSV]$/) print "D", m, $3 }' |
    sort -u | awk '$1 == "D" { def[$3] = $2; next }
                   { use[++n] = $2 " " $3 }
                   END { for (i = 1; i <= n; ++i) {
                             split(use[i], u, " ")
                             if ((u[2] in def) && def[u[2]] != u[1]) print "call", u[1], def[u[2]], u[2]
                         } }' | sort -u >>"$work/edges"

[ -z "$allow" ] || sed -e 's/#.*//' "$allow" | awk 'NF >= 4 && $3 == "->" { print $1, $2, $4 }' >"$work/allowed"
[ -n "$allow" ] || : >"$work/allowed"

# The strongly connected components of each kind's graph (Tarjan's), once
# with every edge and once without the allowed ones
awk '
function layer(m) { sub(/\/[^\/]*$/, "", m); return m }
function visit(v,    i, w) {
    index_of[v] = low[v] = ++counter
    stack[++top] = v; on_stack[v] = 1
    for (i = 1; i <= out_count[v]; ++i) {
        w = out[v, i]
        if (!(w in index_of)) { visit(w); if (low[w] < low[v]) low[v] = low[w] }
        else if (on_stack[w] && index_of[w] < low[v]) low[v] = index_of[w]
    }
    if (low[v] == index_of[v]) {
        ++components
        do { w = stack[top--]; on_stack[w] = 0; component[w] = components; size[components]++ } while (w != v)
    }
}
function solve(kind, skip_allowed,    e, v, n) {
    split("", out); split("", out_count); split("", index_of); split("", low)
    split("", on_stack); split("", component); split("", size); split("", adjacent)
    counter = top = components = 0
    for (e = 1; e <= edge_count; ++e) {
        if (ekind[e] != kind || (skip_allowed && ((kind " " efrom[e] " " eto[e]) in allowed))) continue
        if (!((efrom[e], eto[e]) in adjacent)) {
            adjacent[efrom[e], eto[e]] = 1
            out[efrom[e], ++out_count[efrom[e]]] = eto[e]
        }
        node[efrom[e]] = node[eto[e]] = 1
    }
    for (v in node) if (!(v in index_of)) visit(v)
}
# Prints each cycle of a kind, by layer, and returns how many there are
function report(kind, skip_allowed, title,    c, v, e, list, found, line, key, n, syms) {
    solve(kind, skip_allowed)
    found = 0
    for (c = 1; c <= components; ++c) {
        if (size[c] < 2) continue
        ++found
        list = ""
        n = 0
        for (v in component) if (component[v] == c) names[++n] = v
        sort_names(n)
        for (v = 1; v <= n; ++v) list = list (v > 1 ? " " : "") names[v]
        print title " in " layer(names[1]) ": " list
        split("", syms)
        for (e = 1; e <= edge_count; ++e) {
            if (ekind[e] != kind || component[efrom[e]] != c || component[eto[e]] != c) continue
            if (skip_allowed && ((kind " " efrom[e] " " eto[e]) in allowed)) continue
            key = efrom[e] " -> " eto[e]
            if (!(key in syms)) { syms[key] = ""; keys[++key_count] = key }
            if (esym[e] != "-") syms[key] = syms[key] (syms[key] == "" ? "" : ", ") esym[e]
        }
        for (v = 1; v <= key_count; ++v) {
            line = "    " keys[v]
            if (syms[keys[v]] != "") line = line ": " syms[keys[v]]
            print line
        }
        key_count = 0
    }
    if (!found) print title ": none"
    return found
}
function sort_names(n,    i, j, t) {
    for (i = 2; i <= n; ++i) for (j = i; j > 1 && names[j - 1] > names[j]; --j) {
        t = names[j]; names[j] = names[j - 1]; names[j - 1] = t
    }
}
FILENAME == allowed_file { allowed[$1 " " $2 " " $3] = 1; allowed_count++; next }
{ ++edge_count; ekind[edge_count] = $1; efrom[edge_count] = $2; eto[edge_count] = $3; esym[edge_count] = $4
  present[$1 " " $2 " " $3] = 1; if ($1 == "call") compiled["call " $2] = 1 }
END {
    report("include", 0, "include cycle")
    report("call", 0, "call cycle")
    if (!check) exit 0
    print ""
    print "Once the allowed edges (" allow_name ") are taken out:"
    bad = report("include", 1, "include cycle") + report("call", 1, "call cycle")
    # a call edge from a module this build did not compile (the window,
    # without SDL) can be neither there nor gone
    for (a in allowed) {
        split(a, p, " ")
        if (!(a in present) && (p[1] != "call" || ((p[1] " " p[2]) in compiled))) {
            print "allowed, but not there any more: " a; ++bad
        }
    }
    exit bad > 0
}' check="$([ -n "$allow" ] && echo 1 || echo 0)" allowed_file="$work/allowed" allow_name="$allow" "$work/allowed" "$work/edges"
