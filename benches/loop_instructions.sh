#!/usr/bin/env bash
# Instructions of the Python step loop, ludic against pyspiel (issue 41):
# callgrind counts the whole interpreter running N random games of
#   while not s.is_terminal(): s.apply_action(rng.choice(s.legal_actions()))
# on each side, less a run of no game (start-up), divided by the steps.
# Deterministic, unlike the timed loop of benches/openspiel_loop.py, so a
# change of a few per cent shows.
#
# usage: benches/loop_instructions.sh PYTHON N LUDIC_GAME [TOGGLE=VALUE…] -- OPENSPIEL_GAME
#   PYTHON: an interpreter with ludic's package and open_spiel (.venv/bin/python)
# e.g.   benches/loop_instructions.sh .venv/bin/python 200 morris ending=turns -- nine_mens_morris
set -euo pipefail
py=$1 n=$2
shift 2
ludic=()
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do ludic+=("$1"); shift; done
[ "$#" -eq 2 ] || { echo "usage: $0 PYTHON N LUDIC_GAME [TOGGLE=VALUE…] -- OPENSPIEL_GAME" >&2; exit 2; }
theirs=$2
loop=$(mktemp --suffix=.py)
trap 'rm -f "$loop"' EXIT
cat > "$loop" <<'EOF'
import random, sys
side, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
if side == "ludic":
    import ludic
    game = ludic.load_game(name, **dict(a.split("=", 1) for a in sys.argv[4:]))
else:
    import pyspiel
    game = pyspiel.load_game(name)
rng, steps = random.Random(1), 0
for _ in range(n):
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
        steps += 1
print(steps)
EOF
# Prints "INSTRUCTIONS STEPS" of one run.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$py" "$loop" "$@" 2>&1 |
        tr -d , | awk '/refs:/ {r = $NF} /^[0-9]+$/ {s = $1} END {print r, s}'
}
read -r l0 _ < <(count ludic "${ludic[0]}" 0 "${ludic[@]:1}")
read -r l1 ls < <(count ludic "${ludic[0]}" "$n" "${ludic[@]:1}")
read -r o0 _ < <(count pyspiel "$theirs" 0)
read -r o1 os < <(count pyspiel "$theirs" "$n")
awk -v l0="$l0" -v l1="$l1" -v ls="$ls" -v o0="$o0" -v o1="$o1" -v os="$os" -v name="${ludic[*]}" 'BEGIN {
    lp = (l1 - l0) / ls; op = (o1 - o0) / os
    printf "%s: ludic %.0f instructions a step (%d steps), pyspiel %.0f an action (%d actions); ludic / pyspiel a game %.3f\n",
        name, lp, ls, op, os, (op * os) / (lp * ls)
}'
