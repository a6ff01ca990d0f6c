#!/usr/bin/env bash
# Mispredicted branches and instruction-cache misses per random game, by ruleset, as
# cachegrind simulates them: the figures that explain why two rulesets with similar
# instruction counts run at different speeds (not part of CI).
#
# Runs `catan-harness play --no-invariants --jobs 1 --seed 1` under
# `valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes` for each ruleset below and
# prints, per game, instructions / mispredicted branches (conditional and indirect) / level-1
# instruction-cache misses. The simulated predictor is simpler than a real processor's, so
# use the figures to compare two binaries, not as the processor's own counts; a rebuild that
# only moves code shifts them by 1–3%.
#
# Usage:
#   bench/branches.sh                          # the release build of this checkout
#   bench/branches.sh path/to/catan-harness other/catan-harness   # side by side
#   GAMES=50 bench/branches.sh                 # games per ruleset (default 30)
#   cg_annotate --show=Bcm,Ir --sort=Bcm --auto=yes --context=0 FILE   # where, line by line
#   (KEEP=DIR bench/branches.sh keeps each run's cachegrind file in DIR)
set -euo pipefail

# shellcheck source=bench/common.sh
source "$(dirname "$0")/common.sh"
set -- "${BINARIES[@]}"

count() { # binary number, binary, ruleset words...
    local n=$1 bin=$2
    shift 2
    local rules=()
    if [ "$1" != base ]; then rules=(--rules "$@"); fi
    local out="$WORK/out"
    if [ -n "${KEEP:-}" ]; then
        mkdir -p "$KEEP"
        out="$KEEP/$(echo "$*" | tr ' ' '_')-$n.cgr"
    fi
    valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes --cachegrind-out-file="$out" \
        "$bin" play "${rules[@]}" --games "$GAMES" --no-invariants --jobs 1 --seed 1 \
        >/dev/null 2>"$WORK/err"
    # summary: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw Bc Bcm Bi Bim
    awk -v g="$GAMES" '/^summary:/ { printf "%d / %d / %d", $2 / g, ($12 + $14) / g, $3 / g }' "$out"
}

i=0
for bin in "$@"; do
    i=$((i + 1))
    echo "binary $i: $bin"
done
echo "per game ($GAMES games, seed 1): instructions / mispredicted branches / I1 misses"
for r in "${RULESETS[@]}"; do
    printf '%-38s' "$r"
    i=0
    # shellcheck disable=SC2086 # the ruleset's words are separate arguments
    for bin in "$@"; do
        i=$((i + 1))
        printf '  %28s' "$(count "$i" "$bin" $r)"
    done
    echo
done
