#!/usr/bin/env bash
# Instructions per random game, by ruleset: a speed figure that does not move with the load
# of a shared machine (not part of CI).
#
# Runs `catan-harness play --no-invariants --jobs 1 --seed 1` under
# `valgrind --tool=callgrind` for each ruleset below and prints the instructions counted per
# game. The same binary and arguments give the same count whatever else the machine does, so
# two binaries (before and after a change) compare exactly; games/s on an idle machine is
# roughly the core's instructions per second divided by this figure.
#
# Usage:
#   bench/instructions.sh                      # the release build of this checkout
#   bench/instructions.sh path/to/catan-harness other/catan-harness   # side by side
#   GAMES=50 bench/instructions.sh             # games per ruleset (default 30)
set -euo pipefail

# shellcheck source=bench/common.sh
source "$(dirname "$0")/common.sh"
set -- "${BINARIES[@]}"

count() { # binary, ruleset words...
    local bin=$1
    shift
    local rules=()
    if [ "$1" != base ]; then rules=(--rules "$@"); fi
    valgrind --tool=callgrind --callgrind-out-file="$WORK/out" \
        "$bin" play "${rules[@]}" --games "$GAMES" --no-invariants --jobs 1 --seed 1 \
        >/dev/null 2>"$WORK/err"
    local total
    total=$(grep -o 'Collected : [0-9]*' "$WORK/err" | awk '{print $3}')
    echo $((total / GAMES))
}

i=0
for bin in "$@"; do
    i=$((i + 1))
    echo "binary $i: $bin"
done
printf '%-45s' "instructions per game ($GAMES games, seed 1)"
i=0
for bin in "$@"; do
    i=$((i + 1))
    printf ' %14s' "binary $i"
done
echo
for r in "${RULESETS[@]}"; do
    printf '%-45s' "$r"
    # shellcheck disable=SC2086 # the ruleset's words are separate arguments
    for bin in "$@"; do printf ' %14s' "$(count "$bin" $r)"; done
    echo
done
