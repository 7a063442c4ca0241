#!/usr/bin/env bash
# ludic against the hand-written reference engines ("anchors") of issue 14,
# in one run: random playouts and perft (every leaf made) of English
# draughts, Polypods and Ex nihilo, interleaved (ludic, anchor, per
# workload, ROUNDS rounds), each pinned to one core (taskset -c CORE).
# Prints one Markdown table: the medians, the range, the ratio and whether
# the goal (ludic at least a quarter of the anchor) is met, then the load
# average before and after.
#
#   ANCHORS=DIR bash benches/anchors.sh [ROUNDS]
#   ANCHORS=DIR ONLY="ck-play pp-perft" bash benches/anchors.sh 7
#
# ONLY runs some of the workloads (ck-play ck-perft pp-play pp-perft
# ex-play ex-perft; all by default). Besides the ratio of the medians
# (the verdict), the table gives the median and range of the ratios of
# each round's pair, run one after the other: on a machine whose speed
# drifts between rounds the pairs' ratios drift less than the medians.
#
# DIR holds the three anchor projects (checkers-bitboard, polypods,
# exnihilo), each a standalone cargo project; they are built here with
# `cargo build --release` when their binary is missing. They are not part
# of this repository (they are the project's private references); copy
# them somewhere writable and point ANCHORS at the copy. ludic is
# target/release/ludic (built if missing; LUDIC overrides it).
#
# Each anchor counts as its README says: checkers `playouts N SEED
# --draws` (ludic's draw rules) and `perft D --no-bulk`; Polypods
# `playouts N SEED` and `perft D --no-bulk`; Ex nihilo `playouts N SEED`
# (side 5) and `perft D --size 4 --nobulk`. ludic runs `playout GAME
# --count N --seed 1 --threads 1 --json` and `perft GAME D --json --quiet`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
CORE=${CORE:-0}
: "${ANCHORS:?set ANCHORS to the folder of the anchor projects}"
LUDIC=${LUDIC:-target/release/ludic}
[ -x "$LUDIC" ] || cargo build --release --quiet
for a in checkers-bitboard polypods exnihilo; do
  [ -x "$ANCHORS/$a/target/release/$a" ] ||
    (cd "$ANCHORS/$a" && cargo build --release --quiet)
done
CK=$ANCHORS/checkers-bitboard/target/release/checkers-bitboard
PP=$ANCHORS/polypods/target/release/polypods
EX=$ANCHORS/exnihilo/target/release/exnihilo
run() { taskset -c "$CORE" "$@"; }

# Each workload: a label, then the command of ludic and of the anchor.
# The figure read: ludic's JSON rate; the anchor's rate from its output.
ludic_playouts() { run "$LUDIC" playout "$@" --seed 1 --threads 1 --json |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["playouts_per_second"])'; }
ludic_perft() { run "$LUDIC" perft "$@" --json --quiet |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["depths"][-1]["leaves_per_second"])'; }
# The anchors print `... playouts_per_second X ...` (or playouts_per_s) and,
# for perft, one line per depth ending in its leaves a second.
anchor_playouts() { run "$@" | tr ' ' '\n' | awk 'p {print; exit} /^playouts_per_s(econd)?$/ {p=1}'; }
anchor_perft() { run "$@" | grep -v '^#' | tail -1 | awk '{print $NF}'; }

declare -A L A
read -r -a WORK <<<"${ONLY:-ck-play ck-perft pp-play pp-perft ex-play ex-perft}"
on() { [[ " ${WORK[*]} " == *" $1 "* ]]; }
# measure WORK LUDIC-COMMAND… -- ANCHOR-COMMAND…: one pair of a round, if
# WORK is run.
measure() {
  local w=$1 l=()
  shift
  on "$w" || return 0
  while [ "$1" != "--" ]; do l+=("$1"); shift; done
  shift
  L[$w]+=" $("${l[@]}")"
  A[$w]+=" $("$@")"
}
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for r in $(seq "$ROUNDS"); do
  measure ck-play ludic_playouts checkers --count 60000 -- \
    anchor_playouts "$CK" playouts 200000 1 --draws
  measure ck-perft ludic_perft checkers 10 -- anchor_perft "$CK" perft 10 --no-bulk
  measure pp-play ludic_playouts polypods --count 4000 -- anchor_playouts "$PP" playouts 40000 1
  measure pp-perft ludic_perft polypods 4 -- anchor_perft "$PP" perft 4 --no-bulk
  measure ex-play ludic_playouts exnihilo --count 4000 -- anchor_playouts "$EX" playouts 20000 1
  measure ex-perft ludic_perft exnihilo 3 --set size=4 -- \
    anchor_perft "$EX" perft 3 --size 4 --nobulk
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

python3 - "$ROUNDS" "${WORK[@]}" <<PY
import statistics, sys
rounds = sys.argv[1]
label = {
    "ck-play": "checkers random playouts/s",
    "ck-perft": "checkers perft(10) leaves/s",
    "pp-play": "Polypods random playouts/s",
    "pp-perft": "Polypods perft(4) leaves/s",
    "ex-play": "Ex nihilo (side 5) random playouts/s",
    "ex-perft": "Ex nihilo (side 4) perft(3) leaves/s",
}
L = {$(for w in "${WORK[@]}"; do printf '"%s": "%s", ' "$w" "${L[$w]}"; done)}
A = {$(for w in "${WORK[@]}"; do printf '"%s": "%s", ' "$w" "${A[$w]}"; done)}
def fig(xs):
    xs = [float(x) for x in xs.split()]
    m = statistics.median(xs)
    return m, f"{m:,.0f} ({min(xs):,.0f}–{max(xs):,.0f})"
print(f"| {rounds} rounds, one core, medians (range) | ludic | anchor | ludic / anchor | the pairs' ratios | goal | |")
print("|---|---:|---:|---:|---:|---:|---|")
for w in sys.argv[2:]:
    lm, ls = fig(L[w])
    am, as_ = fig(A[w])
    ratio = lm / am
    pairs = [float(l) / float(a) for l, a in zip(L[w].split(), A[w].split())]
    pm = statistics.median(pairs)
    ps = f"{pm:.3f} ({min(pairs):.3f}–{max(pairs):.3f})"
    print(f"| {label[w]} | {ls} | {as_} | **{ratio:.3f}** | {ps} | 0.25 | {'met' if ratio >= 0.25 else 'not met'} |")
PY
echo
echo "load average: $load_before before, $load_after after"
