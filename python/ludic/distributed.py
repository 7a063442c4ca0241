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

``ray.init()`` starts a local Ray by default; ``address="ray://HOST:10001"``
or ``address="auto"`` joins a running cluster, whose nodes must have the
``ludic`` package installed (docs/scaling.md).
"""

from __future__ import annotations

import sys
import time
from typing import Iterable, Mapping

import ludic


def _play_shard(kwargs: dict, k: int, n: int) -> dict:
    import ludic as _ludic  # imported on the worker

    return _ludic.analyze(shard=(k, n), threads=1, **kwargs)


class _Progress:
    """A progress bar on stderr: shards and games done, games/s."""

    def __init__(self, shards: int, games: int, enabled: bool):
        self.shards, self.games, self.enabled = shards, games, enabled
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
        line = f"\ranalyze [{bar}] {done}/{self.shards} shards, {games_done}/{self.games} games, {rate:.0f} games/s"
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
) -> dict:
    """Runs ``ludic.analyze`` as ``shards`` Ray tasks and merges them (see
    the module's doc). ``shards`` defaults to four per CPU of the cluster
    (at most ``count``); ``address`` and ``num_cpus`` go to ``ray.init``
    when Ray is not started yet; ``progress`` (default: when stderr is a
    terminal) draws a bar on stderr."""
    import ray

    if not ray.is_initialized():
        if address is None:
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    kwargs = dict(
        game=game,
        count=count,
        players=players if isinstance(players, str) else list(players),
        seed=seed,
        max_turns=max_turns,
        set=ludic._sets_list("set", set),
        compare=ludic._sets_list("compare", compare),
        against=against,
    )
    if shards is None:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        shards = max(1, min(4 * cpus, count))
    if shards < 1:
        raise ValueError(f"shards={shards}: expected at least 1")
    # Validate the arguments once here (a bad game or player fails at once,
    # not in every task): a run of no games.
    ludic.analyze(threads=1, **{**kwargs, "count": 0})
    task = ray.remote(num_cpus=1)(_play_shard)
    pending = {task.remote(kwargs, k, shards): k for k in range(1, shards + 1)}
    settings = 2 if (against or kwargs["compare"]) else 1
    bar = _Progress(shards, count * settings, sys.stderr.isatty() if progress is None else progress)
    parts, games = [], 0
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
        for ref in ready:
            pending.pop(ref)
            part = ray.get(ref)
            parts.append(part)
            games += sum(s["count"] for s in part["settings"])
        bar.update(len(parts), games)
    bar.update(len(parts), games, final=True)
    return ludic.merge(parts)
