# Counts the toggles a capturable Genocide game flips, from a file of
# trials (`ludic analyze … --record FILE`): python3 flips.py FILE.
# docs/symposium-genocide.md, "Which rules get captured".
import re, sys, collections
# Reads a file of ludic trials (analyze --record): per game, the flips
# (`flip-NAME@SITE` steps) by toggle, by player, and the turn of the first.
games = []
cur = None
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line.startswith("ludic-trial"):
        cur = {"moves": [], "result": None}
        games.append(cur)
    elif cur is not None and line and not line.startswith(("roll:", "#", "set ", "game ", "title ", "seed ", "player ", "moves")):
        cur["moves"].append(line)
n = len(games)
count = collections.Counter(); games_with = collections.Counter(); odd = collections.Counter()
by_player = collections.Counter(); first_turn = collections.defaultdict(list)
for g in games:
    per = collections.Counter()
    for t, turn in enumerate(g["moves"]):
        for name in re.findall(r"flip-([a-z_]+)@([a-h][18])", turn):
            per[name[0]] += 1
            by_player[(name[0], name[1][1])] += 1
            if per[name[0]] == 1:
                first_turn[name[0]].append(t)
    for k, v in per.items():
        count[k] += v; games_with[k] += 1
        if v % 2: odd[k] += 1
print("games", n)
for k in sorted(count, key=lambda k: -count[k]):
    ft = sorted(first_turn[k]); med = ft[len(ft)//2] if ft else None
    print(f"{k:14s} flips {count[k]:5d} games {games_with[k]:4d} ({100*games_with[k]/n:.0f}%) ended flipped {odd[k]:4d} ({100*odd[k]/n:.0f}%) first flip median line {med} | by back row 1: {by_player[(k,'1')]} 8: {by_player[(k,'8')]}")
