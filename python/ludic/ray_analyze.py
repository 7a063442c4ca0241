"""``python -m ludic.ray_analyze GAME [options]``: ``ludic analyze`` spread
over a Ray cluster (see ``ludic.distributed``); prints the merged report as
JSON (``--json``) or a short summary."""

from __future__ import annotations

import argparse
import json
import sys

from . import distributed


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ludic.ray_analyze", description=__doc__)
    p.add_argument("game", help="a rule file, or the name of a shipped game")
    p.add_argument("--count", type=int, default=1000, help="games per setting")
    p.add_argument("--players", default="random", help="random, mc[:N], mcts[:N]; one, or one per seat")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-turns", type=int, default=10_000)
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--compare", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--against", default=None, metavar="GAME")
    p.add_argument("--shards", type=int, default=None, help="default: four per CPU of the cluster")
    p.add_argument("--address", default=None, help="a Ray cluster to join (default: a local Ray)")
    p.add_argument("--num-cpus", type=int, default=None, help="CPUs of a local Ray (ignored, with a warning, for a running cluster)")
    p.add_argument("--wheel", default=None, metavar="FILE.whl", help="a ludic wheel Ray installs on every node (runtime_env py_modules)")
    p.add_argument("--json", action="store_true", help="print the merged report as JSON")
    p.add_argument("--progress", action="store_true", help="a progress bar even when stderr is not a terminal")
    a = p.parse_args(argv)
    try:
        report = distributed.analyze(
            a.game,
            count=a.count,
            players=a.players,
            seed=a.seed,
            max_turns=a.max_turns,
            set=a.set,
            compare=a.compare,
            against=a.against,
            shards=a.shards,
            address=a.address,
            num_cpus=a.num_cpus,
            progress=True if a.progress else None,
            runtime_env=None if a.wheel is None else {"py_modules": [a.wheel]},
        )
    except (ValueError, RuntimeError) as e:
        print(e, file=sys.stderr)
        return 1
    if a.json:
        print(json.dumps(report))
        return 0
    print(f"{report['count']} games per setting of {report['game']}, players {','.join(report['players'])}, seed {report['seed']}")
    for s in report["settings"]:
        wins = ", ".join(f"{w['seat']} {100 * w['rate']:.1f}% [{100 * w['low']:.1f}, {100 * w['high']:.1f}]" for w in s["wins"])
        print(f"  {s['label']}: {wins}; draws {100 * s['draws']['rate']:.1f}%; mean turns {s['mean_turns']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
