#!/usr/bin/env bash
# Compares random-play speed with two peer engines (not part of CI).
#
# Plays uniform-random 4-player base games, one thread, in:
#   - this project (catan-harness play --no-invariants),
#   - catanatron 3.2.1 (pure Python), installed with pip into a throwaway virtualenv,
#   - fastcatan 2.0.0 (C++ core, Python bindings; needs Python 3.12 or newer — skipped with a
#     message when none is found), in its own throwaway virtualenv,
# and prints games/s and turns/s for each and this project's ratio to each peer.
#
# Usage: bench/compare.sh            (GAMES=200 PEER_GAMES=50 bench/compare.sh to change counts)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
GAMES=${GAMES:-4000}
PEER_GAMES=${PEER_GAMES:-100}
FAST_GAMES=${FAST_GAMES:-1000}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }

echo "== this project ($GAMES games)"
cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml"
ours=$("$ROOT/target/release/catan-harness" play --games "$GAMES" --no-invariants --format json)
ours_gps=$(echo "$ours" | field games_per_sec)
ours_tps=$(echo "$ours" | field turns_per_sec)
echo "games/s $ours_gps  turns/s $ours_tps"

echo "== catanatron 3.2.1 ($PEER_GAMES games)"
python3 -m venv "$WORK/catanatron"
"$WORK/catanatron/bin/pip" install --quiet catanatron==3.2.1
cat_out=$("$WORK/catanatron/bin/python" - "$PEER_GAMES" <<'PY'
import sys, time
from catanatron import Game, RandomPlayer, Color
n = int(sys.argv[1])
turns = 0
start = time.perf_counter()
for i in range(n):
    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
    game = Game(players, seed=i)
    game.play()
    turns += game.state.num_turns
secs = time.perf_counter() - start
print(f"{n / secs:.1f} {turns / secs:.1f}")
PY
)
read -r cat_gps cat_tps <<<"$cat_out"
echo "games/s $cat_gps  turns/s $cat_tps"

fast_gps="" fast_tps=""
PY312=""
candidates=(python3.14 python3.13 python3.12)
if command -v pyenv >/dev/null 2>&1; then
  for d in "$(pyenv root)"/versions/3.1[2-9]*/bin/python3; do [ -x "$d" ] && candidates+=("$d"); done
fi
for py in "${candidates[@]}"; do
  if "$py" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; then
    PY312=$py
    break
  fi
done
if [ -z "$PY312" ]; then
  echo "== fastcatan 2.0.0: skipped (needs Python 3.12 or newer; none found on PATH)"
else
  echo "== fastcatan 2.0.0 ($FAST_GAMES games, $PY312)"
  "$PY312" -m venv "$WORK/fastcatan"
  "$WORK/fastcatan/bin/pip" install --quiet fastcatan==2.0.0
  fast_out=$("$WORK/fastcatan/bin/python" - "$FAST_GAMES" <<'PY'
import random, sys, time
import fastcatan
n = int(sys.argv[1])
rng = random.Random(0)
turns = 0
start = time.perf_counter()
for i in range(n):
    game = fastcatan.Env()
    game.reset(seed=i)
    while not game.done:
        game.step(rng.choice(game.legal_actions()))
    turns += getattr(game, "turn", getattr(game, "num_turns", 0))
secs = time.perf_counter() - start
print(f"{n / secs:.1f} {turns / secs:.1f}")
PY
)
  read -r fast_gps fast_tps <<<"$fast_out"
  echo "games/s $fast_gps  turns/s $fast_tps  (turns/s 0 when the binding exposes no turn counter)"
fi

echo
echo "== ratios (this project / peer)"
python3 - "$ours_gps" "$ours_tps" "$cat_gps" "$cat_tps" "${fast_gps:-0}" "${fast_tps:-0}" <<'PY'
import sys
og, ot, cg, ct, fg, ft = map(float, sys.argv[1:])
print(f"vs catanatron: games/s x{og / cg:.1f}, turns/s x{ot / ct:.1f}")
if fg > 0:
    line = f"vs fastcatan (Python loop): games/s x{og / fg:.1f}"
    if ft > 0:
        line += f", turns/s x{ot / ft:.1f}"
    print(line)
PY
