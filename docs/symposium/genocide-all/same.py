"""Says whether two explore reports (the JSON of `ludic explore --report`
or of `ludic.explore` / `ludic.distributed.explore`) are the same run's
to the last digit, wall times (`seconds`) aside.

    python3 same.py A.json B.json

Prints the number of differences and the first 40 (a path into the JSON
and both values); exits 1 when there is any.
"""
import json
import sys


def strip(v):
    """v without its `seconds` keys, at every depth."""
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k != "seconds"}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


def diff(a, b, path, out):
    """Appends to out the paths where a and b differ."""
    if type(a) is not type(b):
        out.append(f"{path}: {a!r} vs {b!r}")
    elif isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in {'A' if k in a else 'B'}")
            else:
                diff(a[k], b[k], f"{path}.{k}", out)
    elif isinstance(a, list):
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} entries vs {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            diff(x, y, f"{path}[{i}]", out)
    elif a != b:
        out.append(f"{path}: {a!r} vs {b!r}")
    return out


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = (strip(json.load(open(p))) for p in sys.argv[1:3])
    found = diff(a, b, "$", [])
    print(f"{len(found)} differences")
    print("\n".join(found[:40]))
    sys.exit(1 if found else 0)
