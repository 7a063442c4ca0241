#!/usr/bin/env python3
"""ludic against OpenSpiel's pyspiel: random playouts stepped from Python (issue 41).

For each of the fourteen game pairs of `benches/openspiel.py`, both
engines play whole games from the start position with uniformly random
moves, one Python call per step, on one thread; the benchmark prints games
per second of CPU time for each, their ratio, the steps (actions) of a
game on each side, and the CPU microseconds of a step.

The loop is the idiomatic per-step loop of each API, written the same way,
with Python's `random.Random(seed)` choosing on both sides:

    while not s.is_terminal(): s.apply_action(rng.choice(s.legal_actions()))

the same line on both sides: ludic's `State` has OpenSpiel's calls (issue
41), so an OpenSpiel user's loop runs unchanged. No game of the fourteen
has chance nodes in OpenSpiel.

Both sides run in this process: `pyspiel` from `open_spiel` on PyPI, and
the `ludic` package built from this checkout. Both live in the virtual
environment `target/openspiel-venv` (made here when missing, as
`benches/openspiel.py` does; the script then runs itself again with that
environment's Python). Before measuring, the script builds and installs
ludic's package into it: `maturin develop --release -m python/Cargo.toml`
(maturin installed into the environment when missing; a no-op build takes
seconds, the first about three minutes); `--no-build` skips that.

Each measurement first plays doubling batches of games until a tenth of
the time budget is spent, to estimate the rate, then times N games, N
chosen to fill the budget; `time.process_time()` is read only around the
batch. Round r measures every pair in turn, both sides, ludic first in odd
rounds and pyspiel first in even ones; the best rate of each side over the
rounds is kept, and beside it the median (and range) of the rounds' own
ratios, each round's two sides measured back to back. Steps per game come
from untimed games with the same seed.

On the side, `timeit` times single calls on one mid-game position of chess
and of Connect Four, the same position on both sides (reached by the same
moves): what a step's calls cost, and where the time goes.

    python3 benches/openspiel_loop.py                 # whole run, a few minutes
    python3 benches/openspiel_loop.py --quick         # smoke run, seconds
    python3 benches/openspiel_loop.py --core 1 --rounds 5 --budget 1 --json out.json
"""

import argparse
import json
import os
import random
import site
import subprocess
import sys
import sysconfig
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from openspiel import (  # noqa: E402
    PAIRS, ROOT, checked_args, common_options, ensure_openspiel, ratios_and_mean)

# A pair whose steps per game differ by more than this is flagged.
LENGTH_TOLERANCE = 0.10


# --- the environment -------------------------------------------------------


def ensure_ludic_package(build):
    """Build this checkout's Python package into the running environment
    (which is VENV) and import it."""
    if build:
        maturin = Path(sys.prefix) / "bin" / "maturin"
        if not maturin.exists():
            print("# installing maturin", file=sys.stderr)
            subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "maturin"],
                           check=True)
        print("# maturin develop --release -m python/Cargo.toml", file=sys.stderr, flush=True)
        env = dict(os.environ, VIRTUAL_ENV=sys.prefix)
        subprocess.run([str(maturin), "develop", "--release", "--quiet",
                        "-m", "python/Cargo.toml"], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)
        # A first install's `ludic.pth` is read at start-up only: read it now.
        site.addsitedir(sysconfig.get_paths()["purelib"])
    try:
        import ludic
    except ImportError:
        sys.exit(f"no ludic package in {sys.prefix}: run without --no-build")
    where = Path(ludic.__file__).resolve()
    if ROOT / "python" not in where.parents:
        sys.exit(f"ludic is imported from {where}, not from this checkout")
    return ludic


# --- the loops -------------------------------------------------------------


def ludic_play(game, count, seed):
    """CPU seconds of `count` random games of ludic, stepped from Python."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.process_time()
    for _ in range(count):
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(choice(s.legal_actions()))
    return time.process_time() - start


def openspiel_play(game, count, seed):
    """CPU seconds of `count` random games of pyspiel, stepped from Python."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.process_time()
    for _ in range(count):
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(choice(s.legal_actions()))
    return time.process_time() - start


def measure(play, game, budget, seed):
    """Games per CPU second of `play`: an estimate, then a batch filling the budget."""
    count, cpu = 1, 0.0
    while cpu < budget / 10:  # the estimate: doubling batches
        count *= 2
        cpu = play(game, count, seed)
    count = max(1, int(count / cpu * budget))
    cpu = play(game, count, seed)
    return {"count": count, "cpu": cpu, "rate": count / cpu}


def mean_steps(new_state, over, apply, seconds, seed):
    """Mean steps (actions played by `apply(state, action)`) of random games
    from `new_state()` until `over(state)` (untimed): at least 20 games,
    then as many as `seconds` allow, at most 1000."""
    rng = random.Random(seed)
    games = steps = 0
    start = time.process_time()
    while games < 20 or (games < 1000 and time.process_time() - start < seconds):
        s = new_state()
        while not over(s):
            apply(s, rng.choice(s.legal_actions()))
            steps += 1
        games += 1
    return steps / games


def ludic_steps(game, seconds, seed):
    """Mean steps (action ids played) of ludic's random games (untimed)."""
    return mean_steps(game.new_initial_state, lambda s: s.is_terminal(),
                      lambda s, a: s.apply_action(a), seconds, seed)


def openspiel_steps(game, seconds, seed):
    """Mean actions of pyspiel's random games (untimed)."""
    return mean_steps(game.new_initial_state, lambda s: s.is_terminal(),
                      lambda s, a: s.apply_action(a), seconds, seed)


# --- single calls on a mid-game position -------------------------------------

# (ludic game, OpenSpiel game, moves, the move timed): the moves in long
# algebraic notation (chess) or as column letters (Connect Four), played on
# both sides.
POSITIONS = [
    ("chess", "chess",
     "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d3 d7d6 b1d2 a7a6 e1g1".split(), "h7h6"),
    ("connect4", "connect_four", "d d c e c b e f d f".split(), "a"),
]


def ludic_action(s, name, move):
    """The action id of `move` in ludic's state `s`."""
    ids = {s.action_to_string(a).replace("-", "").replace("x", ""): a
           for a in s.legal_actions()}
    if name == "connect4":  # "d3": a column and the row it lands on
        ids = {text[0]: a for text, a in ids.items()}
    return ids[move]


def openspiel_action(s, os_name, move):
    """The action of `move` in pyspiel's state `s`."""
    if os_name == "connect_four":
        return "abcdefg".index(move)
    return s.parse_move_to_action(move)


def ludic_position(ludic, name, moves):
    s = ludic.load(name).new_state()
    for move in moves:
        s.play(ludic_action(s, name, move))
    return s


def openspiel_position(pyspiel, os_name, moves):
    s = pyspiel.load_game(os_name).new_initial_state()
    for move in moves:
        s.apply_action(openspiel_action(s, os_name, move))
    return s


def per_call(stmt, env, seconds):
    """Microseconds of one run of `stmt`: the least of 5 repeats of about a
    fifth of `seconds` each."""
    timer = timeit.Timer(stmt, globals=env, timer=time.process_time)
    number = 1
    while timer.timeit(number) < seconds / 50:  # the estimate: doubling
        number *= 2
    number = max(1, int(number * 10))
    return min(timer.repeat(repeat=5, number=number)) / number * 1e6


# (label, ludic statement, pyspiel statement); None where there is no such call.
CALLS = [
    ("is terminal", "s.is_terminal()", "s.is_terminal()"),
    ("legal actions", "s.legal_actions()", "s.legal_actions()"),
    ("apply action + undo action",
     "s.apply_action(a); s.undo_action(p, a)", "s.apply_action(a); s.undo_action(p, a)"),
    ("clone", "s.clone()", "s.clone()"),
    ("clone + is terminal (a fresh listing on ludic's side)",
     "s.clone().is_terminal()", "s.clone().is_terminal()"),
    ("clone + apply action", "s.clone().apply_action(a)", "s.clone().apply_action(a)"),
    ("a step with undo: is terminal, legal actions, apply action, undo action",
     "s.is_terminal(); s.legal_actions(); s.apply_action(a); s.undo_action(p, a)",
     "s.is_terminal(); s.legal_actions(); s.apply_action(a); s.undo_action(p, a)"),
    ("`rng.choice` of the legal actions (the same on both sides)",
     "choice(l)", "choice(l)"),
]


def call_costs(ludic, pyspiel, seconds):
    """Per-call microseconds on each position, both sides."""
    out = []
    for name, os_name, moves, move in POSITIONS:
        s = ludic_position(ludic, name, moves)
        o = openspiel_position(pyspiel, os_name, moves)
        lu_env = {"s": s, "a": ludic_action(s, name, move),
                  "p": s.current_player(),
                  "l": s.legal_actions(), "choice": random.Random(1).choice}
        os_env = {"s": o, "a": openspiel_action(o, os_name, move), "p": o.current_player(),
                  "l": o.legal_actions(), "choice": random.Random(1).choice}
        undo_ok = True
        try:
            o.apply_action(os_env["a"])
            o.undo_action(os_env["p"], os_env["a"])
        except Exception:  # pyspiel games without UndoAction raise
            undo_ok = False
            o = openspiel_position(pyspiel, os_name, moves)
            os_env["s"] = o
        rows = []
        for label, lu_stmt, os_stmt in CALLS:
            lu = per_call(lu_stmt, lu_env, seconds)
            os_ = None
            if os_stmt is not None and (undo_ok or "undo" not in os_stmt):
                os_ = per_call(os_stmt, os_env, seconds)
            rows.append({"call": label, "ludic_us": lu, "openspiel_us": os_})
        out.append({"ludic_game": name, "openspiel_game": os_name, "moves": moves,
                    "move": move,
                    "legal": [len(lu_env["l"]), len(os_env["l"])], "rows": rows})
    return out


# --- the run ---------------------------------------------------------------


def run(args, ludic):
    import pyspiel

    pairs = [p for p in PAIRS if not args.only or p[0] in args.only]
    lu_games = {name: ludic.load(name, set=dict(t.split("=", 1) for t in sets))
                for name, sets, _, _ in pairs}
    os_games = {os_name: pyspiel.load_game(os_name) for _, _, os_name, _ in pairs}
    results = {name: {"ludic": None, "openspiel": None, "pairs": []} for name, _, _, _ in pairs}
    for r in range(args.rounds):
        for name, _, os_name, _ in pairs:
            seed = r + 1
            sides = [("ludic", ludic_play, lu_games[name]),
                     ("openspiel", openspiel_play, os_games[os_name])]
            if r % 2:
                sides.reverse()
            got = {}
            for side, play, game in sides:
                got[side] = measure(play, game, args.budget, seed)
                best = results[name]
                if best[side] is None or got[side]["rate"] > best[side]["rate"]:
                    best[side] = got[side]
            # The round's own ratio: both sides back to back.
            results[name]["pairs"].append(got["ludic"]["rate"] / got["openspiel"]["rate"])
            print(f"# round {r + 1}/{args.rounds} {name:13} "
                  f"ludic {got['ludic']['rate']:10,.0f}/s   "
                  f"pyspiel {got['openspiel']['rate']:10,.0f}/s   "
                  f"{got['ludic']['rate'] / got['openspiel']['rate']:.2f}",
                  file=sys.stderr, flush=True)
    for name, _, os_name, _ in pairs:
        results[name]["ludic"]["steps"] = ludic_steps(lu_games[name], args.budget / 2, 1)
        results[name]["openspiel"]["steps"] = openspiel_steps(os_games[os_name],
                                                              args.budget / 2, 1)
    calls = None
    if not args.only or {"chess", "connect4"} & set(args.only):
        calls = call_costs(ludic, pyspiel, args.budget)
    return pairs, results, calls


def table(pairs, results):
    lines = [
        "| ludic game | OpenSpiel game | ludic games/s | pyspiel games/s "
        "| ludic / pyspiel | the rounds' pairs: median (range) "
        "| steps per game, ludic | actions per game, pyspiel "
        "| µs per step, ludic | µs per step, pyspiel |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, sets, os_name, _ in pairs:
        lu, os_ = results[name]["ludic"], results[name]["openspiel"]
        shown = name + "".join(f" `{s}`" for s in sets)
        flag = " ≠" if length_differs(lu, os_) else ""
        lines.append(
            f"| {shown} | {os_name} | {lu['rate']:,.0f} | {os_['rate']:,.0f} "
            f"| **{lu['rate'] / os_['rate']:.2f}** | {pairs_cell(results[name]['pairs'])} "
            f"| {lu['steps']:.1f}{flag} "
            f"| {os_['steps']:.1f} | {1e6 / (lu['rate'] * lu['steps']):.2f} "
            f"| {1e6 / (os_['rate'] * os_['steps']):.2f} |")
    return "\n".join(lines)


def pairs_cell(ratios):
    """The median of the rounds' ratios (each round's two sides measured
    back to back) and their range: steadier on a noisy machine than the
    best round of each side, which may come from different rounds."""
    ordered = sorted(ratios)
    mid = len(ordered) // 2
    median = ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2
    return f"{median:.2f} ({ordered[0]:.2f}–{ordered[-1]:.2f})"


def calls_table(calls):
    lines = []
    for pos in calls:
        lines.append(f"{pos['ludic_game']} / {pos['openspiel_game']} after "
                     f"{' '.join(pos['moves'])} ({pos['legal'][0]} legal actions in ludic, "
                     f"{pos['legal'][1]} in pyspiel; the move played: {pos['move']}):")
        lines.append("")
        lines.append("| call | ludic µs | pyspiel µs |")
        lines.append("|---|---:|---:|")
        for row in pos["rows"]:
            os_ = "—" if row["openspiel_us"] is None else f"{row['openspiel_us']:.2f}"
            lines.append(f"| {row['call']} | {row['ludic_us']:.2f} | {os_} |")
        lines.append("")
    return "\n".join(lines).rstrip()


def length_differs(lu, os_):
    return abs(lu["steps"] - os_["steps"]) > LENGTH_TOLERANCE * os_["steps"]


def summary(pairs, results):
    """The count of pairs at 1×, the geometric mean, and the step-count notes."""
    ratios, geo = ratios_and_mean(pairs, results)
    lines = [f"ludic ≥ 1.0× on {sum(x >= 1 for x in ratios)} of {len(ratios)}; "
             f"geometric mean {geo:.2f}×."]
    for name, _, _, note in pairs:
        lu, os_ = results[name]["ludic"], results[name]["openspiel"]
        if length_differs(lu, os_):
            per_step = lu["rate"] * lu["steps"] / (os_["rate"] * os_["steps"])
            lines.append(f"≠ {name}: {lu['steps'] / os_['steps']:.2f}× as many steps "
                         f"in ludic; steps per second {per_step:.2f}× pyspiel's"
                         + (f" ({note})" if note else ""))
    return "\n".join(lines)


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common_options(ap, "pin this process to one core")
    ap.add_argument("--no-build", action="store_true",
                    help="do not build ludic's package into the environment first")
    return checked_args(ap)


def main():
    args = parse_args()
    ensure_openspiel()
    ludic = ensure_ludic_package(not args.no_build)
    if args.core is not None:
        os.sched_setaffinity(0, {args.core})
    from importlib.metadata import version

    load = os.getloadavg()
    pairs, results, calls = run(args, ludic)
    print(f"{args.rounds} rounds of {args.budget:g} s a side, best of each side; "
          f"open_spiel {version('open_spiel')}; Python {sys.version.split()[0]}; "
          f"load average {load[0]:.2f} before, {os.getloadavg()[0]:.2f} after")
    print()
    print(table(pairs, results))
    print()
    print(summary(pairs, results))
    if calls:
        print()
        print(calls_table(calls))
    if args.json:
        args.json.write_text(json.dumps({
            "rounds": args.rounds, "budget": args.budget,
            "pairs": [{"ludic_game": n, "sets": s, "openspiel_game": o, **results[n]}
                      for n, s, o, _ in pairs],
            "calls": calls}, indent=1) + "\n")


if __name__ == "__main__":
    main()
