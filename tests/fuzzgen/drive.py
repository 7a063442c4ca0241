#!/usr/bin/env python3
"""Differential driver: generated rule files, both tiers of the ludic CLI.

drive.py FIRST LAST [OUTDIR]
Keeps every file whose tiers disagree (or that panics / hangs) in OUTDIR.
"""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The binary: $LUDIC, else the checkout's release build.
B = os.environ.get("LUDIC", os.path.join(HERE, "..", "..", "target", "release", "ludic"))
sys.path.insert(0, HERE)
import gen  # noqa

TIMEOUT = 20


def run(args):
    try:
        p = subprocess.run([B] + args, capture_output=True, text=True, timeout=TIMEOUT)
        return (p.returncode, p.stdout, p.stderr)
    except subprocess.TimeoutExpired:
        return ("timeout", "", "")


def norm_json(out):
    try:
        j = json.loads(out)
    except Exception:
        return out
    import re

    def strip(o):
        if isinstance(o, dict):
            return {k: strip(v) for k, v in o.items() if not re.search("second|per_s|time|speed|depths", k)}
        if isinstance(o, list):
            return [strip(x) for x in o]
        return o
    return json.dumps(strip(j), sort_keys=True)


def both(args, jsonic=False):
    a = run(args)
    b = run(args + ["--interpreted"])
    if jsonic:
        # stderr holds progress with timings: only a crash there counts.
        def err(e):
            return e if ("panicked" in e or "overflow" in e or "error" in e) else ""
        a = (a[0], norm_json(a[1]), err(a[2]))
        b = (b[0], norm_json(b[1]), err(b[2]))
    return a, b


def panicked(r):
    return r[0] == "timeout" or "panicked" in r[2] or r[0] == 101 or (isinstance(r[0], int) and r[0] < 0)


class Found(Exception):
    pass


def compare(tag, args, jsonic=False, log=None):
    a, b = both(args, jsonic)
    if a[0] == "timeout" and b[0] == "timeout":
        return None
    if a != b or panicked(a) or panicked(b):
        # A timeout of just one side is slowness, not a disagreement, unless
        # it is the compiled one (the faster).
        if b[0] == "timeout" and a[0] != "timeout":
            return a
        raise Found(f"{tag}: {' '.join(args)}\n--- compiled ({a[0]}):\n{a[1][:3000]}\n{a[2][:3000]}\n--- interpreted ({b[0]}):\n{b[1][:3000]}\n{b[2][:3000]}")
    return a


def parse_moves(out):
    line = out.strip().splitlines()[0] if out.strip() else ""
    if "legal move(s):" not in line:
        return []
    return line.split(":", 1)[1].split()


def random_walk(base, rng, turns):
    """Up to `turns` random legal turns from the position `base` names, each
    listed by both tiers and compared; the turns played."""
    played = []
    for _ in range(turns):
        r = compare("walk", ["moves"] + base + (["--moves", " ".join(played)] if played else []))
        if r is None or r[0] != 0:
            break
        ms = parse_moves(r[1])
        if not ms:
            break
        played.append(rng.choice(ms))
    return played


def check_file(path, rng, sets):
    base = [path] + sum((["--set", s] for s in sets), [])
    # moves at start
    compare("moves", ["moves"] + base)
    # perft, growing depth while fast
    for d in (1, 2, 3, 4):
        r = compare("perft", ["perft"] + base + [str(d), "--json", "--quiet"], jsonic=True)
        if r is None or r[0] != 0:
            break
        try:
            counts = json.loads(r[1])["counts"]
        except Exception:
            break
        if counts[-1] > 20000:
            break
    compare("perft-steps", ["perft"] + base + ["3", "--steps", "--json", "--quiet"], jsonic=True)
    compare("perft-divide", ["perft"] + base + ["2", "--divide", "--quiet", "--json"], jsonic=True)
    played = random_walk(base, rng, rng.randint(5, 25))
    if played:
        mv = ["--moves", " ".join(played)]
        compare("show", ["show"] + base + mv)
        compare("perft-walk", ["perft"] + base + mv + ["2", "--json", "--quiet"], jsonic=True)
        compare("playout-walk", ["playout"] + base + mv + ["--count", "15", "--seed", "5", "--json", "--quiet", "--max-turns", "150"], jsonic=True)
    # computer players (mobility, verdict memories)
    compare("analyze", ["analyze"] + base + ["--count", "3", "--players", rng.choice(["greedy", "ab:1,random", "greedy,mc:5"]), "--seed", "2", "--threads", "1", "--json", "--max-turns", "40"], jsonic=True)
    # playouts
    compare("playout", ["playout"] + base + ["--count", "40", "--seed", str(rng.randint(1, 99)), "--json", "--quiet", "--max-turns", "200"], jsonic=True)


def main():
    first, last = int(sys.argv[1]), int(sys.argv[2])
    outdir = sys.argv[3] if len(sys.argv) > 3 else "/tmp/fz/found"
    os.makedirs(outdir, exist_ok=True)
    work = "/tmp/fz/work"
    os.makedirs(work, exist_ok=True)
    stats = {"files": 0, "compiled": 0, "found": 0}
    for seed in range(first, last + 1):
        text = gen.make(seed).game()
        path = f"{work}/g{seed}.game"
        with open(path, "w") as f:
            f.write(text)
        stats["files"] += 1
        c = run(["check", path])
        if c[0] != 0:
            if panicked(c):
                with open(f"{outdir}/g{seed}.game", "w") as f:
                    f.write(text)
                with open(f"{outdir}/g{seed}.txt", "w") as f:
                    f.write(f"check panicked/hung: {c}")
                stats["found"] += 1
            continue
        stats["compiled"] += 1
        rng = random.Random(seed * 7 + 1)
        settings = [[]]
        g = gen.make(seed)
        g.game()
        for t in g.toggles:
            settings.append([f"{t}={rng.choice(['true', 'false'])}"])
        if getattr(g, 'int_toggle', False):
            settings.append(["n=4"])
        try:
            for s in settings[:2]:
                check_file(path, rng, s)
        except Found as e:
            stats["found"] += 1
            with open(f"{outdir}/g{seed}.game", "w") as f:
                f.write(text)
            with open(f"{outdir}/g{seed}.txt", "w") as f:
                f.write(str(e))
            print(f"FOUND seed {seed}: {str(e).splitlines()[0]}", flush=True)
        if seed % 10 == 0:
            print(seed, stats, flush=True)
    print("done", stats, flush=True)


if __name__ == "__main__":
    main()
