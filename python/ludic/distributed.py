"""Variant analysis spread over a Ray cluster.

    import ludic.distributed
    report = ludic.distributed.analyze("checkers", count=20000, players="mcts:200,random",
                                       compare={"no_progress": 20})

The run is cut into shards (``ludic analyze --shard K/N``): game ``i``
draws from stream ``i`` of the seed whichever shard plays it, so the merged
report equals the single-process ``ludic.analyze`` (and ``ludic analyze
--json``) of the same arguments, except ``seconds`` (summed over shards)
and ``threads`` (the number of shards). Every shard is one Ray task of one
CPU, playing its games on one thread.

The rule files are read here, on the driver, and their texts travel with
the tasks: a relative path, or a file only the driver's machine holds,
works on every worker. Each shard's report carries ludic's version, the
rules' fingerprint and its seed range, and the merge refuses shards that
disagree (a worker running another ludic, say), naming the field.

Ray: when ``ray.init`` was already called (a cluster joined with
``ray.init(address=…)``), that Ray is used as it is. Otherwise
``address=None`` starts a local Ray of ``num_cpus`` CPUs, or joins the
cluster that Ray itself finds (``RAY_ADDRESS``, or one started with ``ray
start`` on this machine); ``address="auto"`` or ``"ray://HOST:10001"``
joins a running cluster. A cluster has its own CPUs: ``num_cpus`` is then
ignored with a warning. The nodes need the ``ludic`` package: pass
``runtime_env={"py_modules": ["ludic-….whl"]}`` (Ray installs the wheel on
each node) or install it there (docs/scaling.md).
"""

from __future__ import annotations

import sys
import time
import warnings
from typing import Iterable, Mapping

import ludic


def _play_shard(kwargs: dict, k: int, n: int) -> dict:
    import ludic as _ludic  # imported on the worker

    return _ludic.analyze(shard=(k, n), threads=1, **kwargs)


def _ignored(num_cpus: int | None, why: str) -> None:
    if num_cpus is not None:
        warnings.warn(f"num_cpus={num_cpus} ignored: {why} (the cluster's own CPUs are used)", RuntimeWarning, stacklevel=3)


def _shard_count(shards: int | None, units: int) -> int:
    """The number of Ray tasks: ``shards`` as given (at least 1), or four
    per CPU of the cluster, no more than ``units`` (games or cells)."""
    if shards is None:
        import ray

        cpus = int(ray.cluster_resources().get("CPU", 1))
        shards = max(1, min(4 * cpus, units))
    if shards < 1:
        raise ValueError(f"shards={shards}: expected at least 1")
    return shards


def _start_ray(address: str | None, num_cpus: int | None, runtime_env: dict | None) -> None:
    """Joins or starts Ray (see the module's doc): a running cluster keeps
    its CPUs, ``num_cpus`` is then ignored with a warning."""
    import ray

    if ray.is_initialized():
        _ignored(num_cpus, "Ray was already initialised")
        if address is not None or runtime_env is not None:
            warnings.warn("address and runtime_env ignored: Ray was already initialised", RuntimeWarning, stacklevel=3)
        return
    extra = {} if runtime_env is None else {"runtime_env": runtime_env}
    if address is not None:
        _ignored(num_cpus, f"joining the running cluster at {address}")
        ray.init(address=address, log_to_driver=False, **extra)
        return
    try:
        ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False, **extra)
    except ValueError as e:
        # Ray found a running cluster (RAY_ADDRESS, or `ray start` on this
        # machine) and refuses a CPU count for it.
        if num_cpus is None or "existing cluster" not in str(e):
            raise
        _ignored(num_cpus, "Ray found a running cluster to join")
        ray.init(log_to_driver=False, **extra)


class _Progress:
    """A progress bar on stderr: shards and games (or cells) done, per second."""

    def __init__(self, shards: int, games: int, enabled: bool, what: str = "analyze", unit: str = "games"):
        self.shards, self.games, self.enabled = shards, games, enabled
        self.what, self.unit = what, unit
        self.started = time.monotonic()
        self.last = 0.0

    def update(self, done: int, games_done: int, final: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not final and now - self.last < 0.5:
            return
        self.last = now
        width = 30
        filled = int(width * done / max(self.shards, 1))
        secs = now - self.started
        rate = games_done / secs if secs > 0 else 0.0
        bar = "#" * filled + "-" * (width - filled)
        u = self.unit
        line = f"\r{self.what} [{bar}] {done}/{self.shards} shards, {games_done}/{self.games} {u}, {rate:.1f} {u}/s"
        sys.stderr.write(line + ("\n" if final else ""))
        sys.stderr.flush()


def analyze(
    game: str,
    count: int = 1000,
    players: str | Iterable[str] = "random",
    seed: int = 1,
    max_turns: int = 10_000,
    set: Mapping[str, object] | Iterable[str] | None = None,
    compare: Mapping[str, object] | Iterable[str] | None = None,
    against: str | None = None,
    shards: int | None = None,
    address: str | None = None,
    num_cpus: int | None = None,
    progress: bool | None = None,
    runtime_env: dict | None = None,
) -> dict:
    """Runs ``ludic.analyze`` as ``shards`` Ray tasks and merges them (see
    the module's doc). ``shards`` defaults to four per CPU of the cluster
    (at most ``count``); ``address``, ``num_cpus`` and ``runtime_env`` go
    to ``ray.init`` when Ray is not started yet; ``progress`` (default:
    when stderr is a terminal) draws a bar on stderr."""
    import ray

    # The rule texts, read here: a bad path fails at once, not in a task.
    texts = [ludic.rule_text(game)] + ([] if against is None else [ludic.rule_text(against)])
    kwargs = dict(
        game=game,
        count=count,
        players=players if isinstance(players, str) else list(players),
        seed=seed,
        max_turns=max_turns,
        set=ludic._sets_list("set", set),
        compare=ludic._sets_list("compare", compare),
        against=against,
        texts=texts,
    )
    # Validate the arguments once here (a bad game or player fails at once,
    # not in every task, nor after starting Ray): a run of no games.
    ludic.analyze(threads=1, **{**kwargs, "count": 0})
    _start_ray(address, num_cpus, runtime_env)
    shards = _shard_count(shards, count)
    task = ray.remote(num_cpus=1)(_play_shard)
    pending = [task.remote(kwargs, k, shards) for k in range(1, shards + 1)]
    settings = 2 if (against or kwargs["compare"]) else 1
    bar = _Progress(shards, count * settings, sys.stderr.isatty() if progress is None else progress)
    parts = _gather(pending, bar, lambda part: sum(s["count"] for s in part["settings"]))
    return ludic.merge(parts)


def _gather(pending: list, bar: _Progress, size) -> list:
    """The results of the tasks ``pending``, as they finish (any order),
    the bar counting ``size(result)`` for each."""
    import ray

    pending, parts, done = list(pending), [], 0
    while pending:
        ready, pending = ray.wait(pending, num_returns=1, timeout=1.0)
        for ref in ready:
            part = ray.get(ref)
            parts.append(part)
            done += size(part)
        bar.update(len(parts), done)
    bar.update(len(parts), done, final=True)
    return parts


def _explore_shard(kwargs: dict, k: int, n: int) -> dict:
    import ludic as _ludic  # imported on the worker

    return _ludic.explore(shard=(k, n), threads=1, **kwargs)


def explore(
    game: str,
    vary: str | Iterable[str] | None = None,
    games: int = 20,
    players: str | Iterable[str] = "greedy",
    skill: str | None = None,
    seed: int = 1,
    max_turns: int = 10_000,
    max_cells: int = 256,
    resolution: int = 5,
    want: str | Iterable[str] | None = None,
    set: Mapping[str, object] | Iterable[str] | None = None,
    shards: int | None = None,
    address: str | None = None,
    num_cpus: int | None = None,
    progress: bool | None = None,
    runtime_env: dict | None = None,
) -> dict:
    """``ludic.explore`` (the arguments of ``ludic explore``) as ``shards``
    Ray tasks, each a range of the design's cells played on one CPU, merged
    into the whole run's report: equal to the single-process one but for
    the wall times (``seconds``). ``shards`` defaults to four per CPU of the
    cluster, at most one per cell; the rule text travels with the tasks,
    and Ray is joined or started as ``analyze`` does."""
    import ray

    texts = [ludic.rule_text(game)]
    kwargs = dict(
        game=game,
        vary=ludic._str_list("vary", vary),
        games=games,
        players=players if isinstance(players, str) else list(players),
        skill=skill,
        seed=seed,
        max_turns=max_turns,
        max_cells=max_cells,
        resolution=resolution,
        want=ludic._str_list("want", want),
        set=ludic._sets_list("set", set),
        texts=texts,
    )
    # Checked here, every cell's rules loaded, before any task starts.
    header = ludic._explore(**{**kwargs, "threads": 1, "shard": None, "play": False})
    cells = len(header["design"]["cells"])
    _start_ray(address, num_cpus, runtime_env)
    shards = _shard_count(shards, cells)
    task = ray.remote(num_cpus=1)(_explore_shard)
    pending = [task.remote(kwargs, k, shards) for k in range(1, shards + 1)]
    bar = _Progress(shards, cells, sys.stderr.isatty() if progress is None else progress, "explore", "cells")
    parts = _gather(pending, bar, lambda part: len(part["cells"]))
    return ludic.merge(parts, want=kwargs["want"])
