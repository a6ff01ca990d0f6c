# Shared by bench/instructions.sh and bench/branches.sh (sourced, not run): the release
# binary of this checkout when none is given, a scratch directory, valgrind, and the
# rulesets both measure. Sets ROOT, GAMES, WORK, RULESETS and the positional binaries.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GAMES=${GAMES:-30}
if ! command -v valgrind >/dev/null; then
    echo "valgrind is needed (Debian: apt-get install valgrind)" >&2
    exit 2
fi
if [ "$#" -eq 0 ]; then
    cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml"
    set -- "$ROOT/target/release/catan-harness"
fi
BINARIES=("$@")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# shellcheck disable=SC2034 # read by the scripts that source this one
RULESETS=(
    base
    cities-and-knights
    court
    seafarers
    "seafarers --map through-the-desert"
    cities-and-knights,seafarers
    barbarian-attack
    cities-and-knights,barbarian-attack
)
