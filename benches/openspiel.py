#!/usr/bin/env python3
"""ludic against OpenSpiel's hand-written C++ games: bulk random playouts (issue 37).

For each of fifteen games, both engines play whole games from the start
position with uniformly random moves, on one thread, and the benchmark
prints playouts per second of CPU time for each, and their ratio.

How each side is measured:

- ludic: the release binary (`target/release/ludic`, built with `cargo
  build --release` when missing) runs `ludic playout GAME --count N --seed S
  --threads 1 --json --quiet`. Its CPU time (user + system, from
  getrusage(RUSAGE_CHILDREN)) is measured around the process, and so is
  that of the same command with `--count 1`; the difference is the CPU time
  of N - 1 playouts, without process start-up and reading the rules.
- OpenSpiel: `open_spiel` from PyPI, in its own virtual environment
  (`target/openspiel-venv`, made here when missing; the script then runs
  itself again with that environment's Python). Each playout is
  `pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)` with one
  `pyspiel.make_uniform_random_bot` per player: the game is played to its
  end in C++, one Python call per game. The CPU time is
  `time.process_time()` of this process around N such calls.

The Python call around each OpenSpiel game costs something (about
1.5 µs, a third of a game of tic-tac-toe); the column "without the call"
takes off, per game, the CPU time of an `evaluate_bots` call on a finished
game (measured at the start): the call, the bots' restart, the seeding of
its generator, the returns. That ratio is the one least favourable to
ludic.

Each measurement first plays for a tenth of the time budget to estimate
the rate, then times N playouts, N chosen to fill the budget. Round r
measures every pair in turn, ludic then OpenSpiel, and the best rate of
every side over the rounds is kept (the fastest is the one least disturbed
by the rest of the machine).

Game lengths are reported beside the rates: ludic's `mean_turns` of its
timed run, and for OpenSpiel, from a few untimed games, the mean number of
turns (a run of actions by the same player is one turn, as a ludic turn:
a multi-jump, an Amazons move and its arrow, a Morris move and its
capture, a run of Dots and Boxes lines) and of actions.

    python3 benches/openspiel.py                  # whole run, a few minutes
    python3 benches/openspiel.py --quick          # smoke run, seconds
    python3 benches/openspiel.py --core 1 --rounds 5 --budget 1 --json out.json
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "target" / "openspiel-venv"
OPEN_SPIEL = "open_spiel==2.0.*"

# (ludic game, ludic toggles, OpenSpiel game with its parameters, note)
PAIRS = [
    ("checkers", [], "checkers",
     "draws: ludic threefold repetition and 80 turns without a man move or a "
     "capture; OpenSpiel 40 actions without a capture"),
    ("tictactoe", [], "tic_tac_toe", ""),
    ("connect4", [], "connect_four", ""),
    ("breakthrough", [], "breakthrough", ""),
    ("reversi", [], "othello", ""),
    ("hex", ["size=11"], "hex(board_size=11)", ""),
    ("chess", [], "chess",
     "OpenSpiel also draws on insufficient material; ludic does not"),
    ("clobber", [], "clobber(rows=10,columns=10)", ""),
    ("oware", ["cycle=true"], "oware",
     "both end a game at its first repeated position (ludic's `cycle`; by "
     "default ludic plays on to 1,000 turns)"),
    ("pentago", [], "pentago", ""),
    ("dotsandboxes", [], "dots_and_boxes(num_rows=8,num_cols=8)", ""),
    ("morris", ["ending=turns"], "nine_mens_morris",
     "both draw after 200 turns (ludic's `ending=turns`; by default ludic "
     "draws on threefold repetition instead)"),
    ("amazons", [], "amazons", ""),
    ("gomoku", ["exact_five=false"], "gomoku",
     "free-style on both sides (OpenSpiel's five or more)"),
    ("backgammon", [], "backgammon",
     "chance nodes both sides: ludic throws for White's first turn, OpenSpiel "
     "throws one die a side for who starts; a ludic turn is both dice, an "
     "OpenSpiel turn one action (two for a double)"),
]

# ludic playout's largest --count.
MAX_COUNT = 10_000_000

# A pair whose mean game lengths differ by more than this is flagged.
LENGTH_TOLERANCE = 0.10


# --- the environment -------------------------------------------------------


def ensure_openspiel():
    """Import pyspiel, or make the virtual environment and run again in it."""
    try:
        import pyspiel  # noqa: F401
        return
    except ImportError:
        pass
    python = VENV / "bin" / "python"
    if Path(sys.prefix).resolve() == VENV.resolve():
        sys.exit(f"pyspiel is missing from {VENV}: remove it and run again")
    if not python.exists():
        print(f"# making {VENV} with {OPEN_SPIEL}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", OPEN_SPIEL],
                       check=True)
    os.execv(str(python), [str(python), *sys.argv])


def ensure_ludic(path):
    """The ludic binary, built in release mode when it is the default and missing."""
    if not path.exists() and path == ROOT / "target" / "release" / "ludic":
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    if not path.exists():
        sys.exit(f"no ludic binary at {path}")
    return path


# --- ludic -----------------------------------------------------------------


def children_cpu():
    """CPU time (user + system) of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def ludic_run(ludic, game, sets, count, seed):
    """One `ludic playout` process: (its JSON report, its CPU seconds)."""
    command = [str(ludic), "playout", game, "--count", str(count), "--seed", str(seed),
               "--threads", "1", "--json", "--quiet"]
    for toggle in sets:
        command += ["--set", toggle]
    before = children_cpu()
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out), children_cpu() - before


def ludic_measure(ludic, game, sets, budget, seed):
    """ludic's playouts per CPU second, start-up excluded, and its mean turns."""
    startup = ludic_startup(ludic, game, sets, seed)
    count = 16
    while True:  # the estimate: growing counts until a tenth of the budget
        _, cpu = ludic_run(ludic, game, sets, count, seed)
        if cpu - startup >= budget / 10 or count >= MAX_COUNT // 4:
            break
        count *= 4 if cpu - startup < budget / 80 else 2
    count = min(MAX_COUNT, max(2, int(count / max(cpu - startup, 1e-4) * budget)))
    report, cpu = ludic_run(ludic, game, sets, count, seed)
    startup = min(startup, ludic_startup(ludic, game, sets, seed))
    work = max(cpu - startup, 1e-6)
    return {"count": count, "cpu": work, "rate": (count - 1) / work,
            "turns": report["mean_turns"], "unfinished": report["unfinished"]["rate"]}


def ludic_startup(ludic, game, sets, seed):
    """CPU seconds of a ludic process that plays one playout."""
    return ludic_run(ludic, game, sets, 1, seed)[1]


# --- OpenSpiel -------------------------------------------------------------


def openspiel_bots(pyspiel, game, seed):
    return [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]


def openspiel_play(pyspiel, game, bots, count, seed):
    """CPU seconds of `count` random playouts of `game` (no clock read inside)."""
    start = time.process_time()
    for i in range(count):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + i)
    return time.process_time() - start


def openspiel_measure(pyspiel, game, budget, seed):
    """OpenSpiel's playouts per CPU second."""
    bots = openspiel_bots(pyspiel, game, seed)
    count, cpu = 1, 0.0
    while cpu < budget / 10:  # the estimate: doubling batches
        count *= 2
        cpu = openspiel_play(pyspiel, game, bots, count, seed)
    count = max(1, int(count / cpu * budget))
    cpu = openspiel_play(pyspiel, game, bots, count, seed)
    return {"count": count, "cpu": cpu, "rate": count / cpu}


def openspiel_call_cost(pyspiel, calls=100_000, repeats=5):
    """CPU seconds of one `evaluate_bots` call that plays no move (the least of
    a few tries): the Python call, the bots' restart, the seeding of its
    generator and the returns, on a finished game of tic-tac-toe."""
    game = pyspiel.load_game("tic_tac_toe")
    bots = openspiel_bots(pyspiel, game, 1)
    state = game.new_initial_state()
    pyspiel.evaluate_bots(state, bots, 1)
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for i in range(calls):
            pyspiel.evaluate_bots(state, bots, i)
        best = min(best, (time.process_time() - start) / calls)
    return best


def openspiel_lengths(pyspiel, game, seconds, seed):
    """Mean turns and actions of OpenSpiel's random games (untimed)."""
    bots = openspiel_bots(pyspiel, game, seed)
    games = turns = actions = 0
    start = time.process_time()
    while games < 20 or (games < 1000 and time.process_time() - start < seconds):
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed + games)
        players = [step.player for step in state.full_history()]
        actions += len(players)
        turns += sum(1 for i, p in enumerate(players) if i == 0 or players[i - 1] != p)
        games += 1
    return turns / games, actions / games


# --- the run ---------------------------------------------------------------


def run(args, ludic):
    import pyspiel

    pairs = [p for p in PAIRS if not args.only or p[0] in args.only]
    games = {os_name: pyspiel.load_game(os_name) for _, _, os_name, _ in pairs}
    results = {name: {"ludic": None, "openspiel": None} for name, _, _, _ in pairs}
    call = openspiel_call_cost(pyspiel, calls=max(1000, int(args.budget * 100_000)))
    for r in range(args.rounds):
        for name, sets, os_name, _ in pairs:
            seed = r + 1
            lu = ludic_measure(ludic, name, sets, args.budget, seed)
            os_ = openspiel_measure(pyspiel, games[os_name], args.budget, seed)
            best = results[name]
            if best["ludic"] is None or lu["rate"] > best["ludic"]["rate"]:
                best["ludic"] = lu
            if best["openspiel"] is None or os_["rate"] > best["openspiel"]["rate"]:
                best["openspiel"] = os_
            print(f"# round {r + 1}/{args.rounds} {name:13} ludic {lu['rate']:12,.0f}/s"
                  f"   OpenSpiel {os_['rate']:12,.0f}/s", file=sys.stderr, flush=True)
    for name, _, os_name, _ in pairs:
        turns, actions = openspiel_lengths(pyspiel, games[os_name], args.budget / 2, 1)
        best = results[name]["openspiel"]
        best.update(turns=turns, actions=actions,
                    rate_less_call=best["count"] / (best["cpu"] - best["count"] * call))
    return pairs, results, call


def table(pairs, results):
    """The Markdown table of the best rates, their ratio and the game lengths."""
    lines = [
        "| ludic game | OpenSpiel game | ludic playouts/s | OpenSpiel playouts/s "
        "| ludic / OpenSpiel | without the call | turns per game, ludic "
        "| turns (actions), OpenSpiel |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, sets, os_name, _ in pairs:
        lu, os_ = results[name]["ludic"], results[name]["openspiel"]
        shown = name + "".join(f" `{s}`" for s in sets)
        flag = " ≠" if length_differs(lu, os_) else ""
        actions = f" ({os_['actions']:.1f})" if os_["actions"] - os_["turns"] > 0.05 else ""
        lines.append(
            f"| {shown} | {os_name} | {lu['rate']:,.0f} | {os_['rate']:,.0f} "
            f"| **{lu['rate'] / os_['rate']:.2f}** | {lu['rate'] / os_['rate_less_call']:.2f} "
            f"| {lu['turns']:.1f}{flag} "
            f"| {os_['turns']:.1f}{actions} |")
    return "\n".join(lines)


def length_differs(lu, os_):
    return abs(lu["turns"] - os_["turns"]) > LENGTH_TOLERANCE * os_["turns"]


def ratios_and_mean(pairs, results):
    """Each pair's ludic ÷ OpenSpiel rate, and their geometric mean."""
    ratios = [results[n]["ludic"]["rate"] / results[n]["openspiel"]["rate"]
              for n, _, _, _ in pairs]
    geo = 1.0
    for x in ratios:
        geo *= x
    return ratios, geo ** (1 / len(ratios))


def summary(pairs, results):
    """The count of pairs at 1× and 2×, the geometric mean, and the length notes."""
    ratios, geo = ratios_and_mean(pairs, results)
    lines = [f"ludic ≥ 1.0× on {sum(x >= 1 for x in ratios)} of {len(ratios)}, "
             f"≥ 2.0× on {sum(x >= 2 for x in ratios)}; geometric mean {geo:.2f}×."]
    for name, _, _, note in pairs:
        lu, os_ = results[name]["ludic"], results[name]["openspiel"]
        if length_differs(lu, os_):
            per_turn = lu["rate"] * lu["turns"] / (os_["rate"] * os_["turns"])
            lines.append(f"≠ {name}: games {lu['turns'] / os_['turns']:.2f}× as long "
                         f"in ludic, turns per second {per_turn:.2f}× OpenSpiel's"
                         + (f" ({note})" if note else ""))
        elif note:
            lines.append(f"{name}: {note}")
        if lu["unfinished"]:
            lines.append(f"! {name}: {lu['unfinished']:.1%} of ludic's playouts hit the turn cap")
    return "\n".join(lines)


def common_options(ap, core_help):
    """The options both OpenSpiel benchmarks take."""
    ap.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--budget", type=float, default=1.0,
                    help="CPU seconds of one timed measurement (default 1)")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: 1 round of 0.05 s measurements")
    ap.add_argument("--only", nargs="+", metavar="GAME", help="only these ludic games")
    ap.add_argument("--core", type=int, help=core_help)
    ap.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON")


def checked_args(ap):
    """The parsed options, `--quick` applied and `--only` checked."""
    args = ap.parse_args()
    if args.quick:
        args.rounds, args.budget = 1, 0.05
    known = {p[0] for p in PAIRS}
    if args.only and not set(args.only) <= known:
        ap.error(f"unknown games {sorted(set(args.only) - known)}; known: {sorted(known)}")
    return args


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common_options(ap, "pin this process and ludic to one core")
    ap.add_argument("--ludic", type=Path, default=ROOT / "target" / "release" / "ludic",
                    help="the ludic binary (default target/release/ludic, built if missing)")
    return checked_args(ap)


def main():
    args = parse_args()
    ensure_openspiel()
    ludic = ensure_ludic(args.ludic.resolve())
    if args.core is not None:
        os.sched_setaffinity(0, {args.core})  # ludic's processes inherit it
    from importlib.metadata import version

    load = os.getloadavg()
    pairs, results, call = run(args, ludic)
    print(f"{args.rounds} rounds of {args.budget:g} s, best of each side; "
          f"open_spiel {version('open_spiel')}; one evaluate_bots call "
          f"{call * 1e6:.2f} µs; load average {load[0]:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after")
    print()
    print(table(pairs, results))
    print()
    print(summary(pairs, results))
    if args.json:
        args.json.write_text(json.dumps({
            "rounds": args.rounds, "budget": args.budget, "call_seconds": call,
            "pairs": [{"ludic_game": n, "sets": s, "openspiel_game": o, **results[n]}
                      for n, s, o, _ in pairs]}, indent=1) + "\n")


if __name__ == "__main__":
    main()
