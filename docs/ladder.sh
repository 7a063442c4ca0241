#!/usr/bin/env bash
# The strength ladder of docs/players.md: for each game, three pairings,
# each played COUNT games, half with each player first (seed 1):
#   greedy against random, mcts:ITER against random, ab:TIME against
#   mcts:TIME (equal time a move).
# Prints one Markdown table row per game: the first-named player's score
# (wins, plus half the draws) in percent with its 95 % Wilson interval,
# and the draws.
#
#   bash docs/ladder.sh [COUNT [TIME [ITER]]] [-- GAME…]
#   bash docs/ladder.sh 20 20ms 200 -- checkers reversi
#
# Defaults: 20 games a pairing, 20ms, 200 iterations, every shipped game
# but the Genocide family (genocide, capturable, capturable-meta,
# oceanocide, overpopulation, semi-overpopulation: a greedy Genocide game
# takes about a minute; docs/players.md measures them on their own).
# Timed players are not reproducible: rerunning gives other figures.
# PAIRS chooses the columns (default "greedy mcts ab"): PAIRS=greedy runs
# greedy against random only. MCTS_OPTS is appended to both mcts players
# (MCTS_OPTS=,cut=10: playouts cut after 10 turns and scored by the
# heuristic, for the Genocide family, whose random playouts run to the
# 400-turn cap).
set -euo pipefail
cd "$(dirname "$0")/.."
# The settings before `--` (or all the arguments when there is none).
SETTINGS=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do SETTINGS+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
COUNT=${SETTINGS[0]:-20}
TIME=${SETTINGS[1]:-20ms}
ITER=${SETTINGS[2]:-200}
LUDIC=${LUDIC:-target/release/ludic}
[ -x "$LUDIC" ] || cargo build --release --quiet
if [ $# -gt 0 ]; then
  GAMES=("$@")
else
  mapfile -t GAMES < <("$LUDIC" list | awk 'NF > 1 && $1 !~ /^`/ {print $1}' |
    grep -Ev '^(genocide|capturable|capturable-meta|oceanocide|overpopulation|semi-overpopulation)$')
fi
HALF=$(( (COUNT + 1) / 2 ))

# pair GAME A B: the score of A over HALF games with A first and HALF with
# B first, as "score % [low, high], draws D %".
pair() {
  local g=$1 a=$2 b=$3
  local x y
  x=$("$LUDIC" analyze "$g" --players "$a,$b" --count "$HALF" --seed 1 --threads 1 --json)
  y=$("$LUDIC" analyze "$g" --players "$b,$a" --count "$HALF" --seed 1 --threads 1 --json)
  python3 - "$x" "$y" <<'PY'
import json, math, sys
x, y = (json.loads(s)["settings"][0] for s in sys.argv[1:3])
n = x["count"] + y["count"]
wins = x["wins"][0]["count"] + y["wins"][1]["count"]
draws = n - sum(w["count"] for w in x["wins"]) - sum(w["count"] for w in y["wins"])
p = (wins + draws / 2) / n
z = 1.96
c = p + z * z / (2 * n)
r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
lo, hi = max(0.0, (c - r) / (1 + z * z / n)), min(1.0, (c + r) / (1 + z * z / n))
print(f"{100 * p:.0f} % [{abs(100 * lo):.0f}, {100 * hi:.0f}], draws {100 * draws / n:.0f} %")
PY
}

PAIRS=${PAIRS:-greedy mcts ab}
MCTS_OPTS=${MCTS_OPTS:-}
head="| game |"; rule="| --- |"
for p in $PAIRS; do
  case $p in
    greedy) head+=" greedy v random |" ;;
    mcts) head+=" mcts:$ITER$MCTS_OPTS v random |" ;;
    ab) head+=" ab:$TIME v mcts:$TIME$MCTS_OPTS |" ;;
    *) echo "unknown pairing $p (greedy, mcts or ab)" >&2; exit 2 ;;
  esac
  rule+=" --- |"
done
echo "$head"
echo "$rule"
for g in "${GAMES[@]}"; do
  row="| $g |"
  for p in $PAIRS; do
    case $p in
      greedy) row+=" $(pair "$g" greedy random) |" ;;
      mcts) row+=" $(pair "$g" "mcts:$ITER$MCTS_OPTS" random) |" ;;
      ab) row+=" $(pair "$g" "ab:$TIME" "mcts:$TIME$MCTS_OPTS") |" ;;
    esac
  done
  echo "$row"
done
