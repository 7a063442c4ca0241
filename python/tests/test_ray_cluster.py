"""Analysis on a local Ray cluster of two nodes (``ray.cluster_utils.Cluster``):
a rule file given by a relative path that no worker can open travels as
text, and the merged shards equal the single-process run to the last digit;
a cluster already running keeps its CPUs (``num_cpus`` is ignored with a
warning); shards of two versions of a rule file are refused by name."""

import os
import warnings

import pytest

import ludic
import ludic.distributed

import ray  # a test requirement (.ci/setup installs it): no skip
from ray.cluster_utils import Cluster

# Tic-tac-toe on a 4 x 4 grid, three in a row: a game no worker has a file of.
RULES = """(game "Four by four"
  (players (player "Cross") (player "Nought"))
  (toggle line int default:3 range:{3 4} "Marks in a row that win")
  (board (square 4 4 adjacency:All) labels:Coordinates)
  (piece "Mark")
  (play (place "Mark" to:Empty then:(if (line $line To) (win))))
  (end (no-moves Draw)))
"""


@pytest.fixture(scope="module")
def cluster():
    """A head and a second node of one CPU each, joined by this driver."""
    c = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    c.add_node(num_cpus=1)
    c.wait_for_nodes()
    ray.init(address=c.address, log_to_driver=False)
    yield c
    ray.shutdown()
    c.shutdown()


@ray.remote(num_cpus=1)
def _can_open(path: str) -> tuple[str, bool]:
    return ray.get_runtime_context().get_node_id(), os.path.exists(path)


def strip(report: dict) -> dict:
    out = dict(report)
    out.pop("threads", None)
    out["settings"] = [{k: v for k, v in s.items() if k != "seconds"} for s in report["settings"]]
    return out


def test_two_nodes_play_a_relative_rule_file_they_cannot_open(cluster, tmp_path, monkeypatch):
    assert len([n for n in ray.nodes() if n["Alive"]]) == 2
    assert ray.cluster_resources()["CPU"] == 2
    (tmp_path / "four.game").write_text(RULES)
    monkeypatch.chdir(tmp_path)
    # The workers run elsewhere: the relative path means nothing there.
    seen = ray.get([_can_open.remote("four.game") for _ in range(8)])
    assert not any(exists for _, exists in seen), seen
    kw = dict(count=40, players="random", seed=5, max_turns=200, compare={"line": 4})
    single = ludic.analyze("four.game", threads=1, **kw)
    spread = ludic.distributed.analyze("four.game", shards=6, progress=False, **kw)
    assert strip(spread) == strip(single)
    assert spread["threads"] == 6
    assert spread["seed_range"] == {"seed": 5, "games": [0, 40]}
    assert spread["fingerprint"] == single["fingerprint"]
    # Every game of each setting counted once.
    for s in spread["settings"]:
        assert s["count"] == 40
        assert sum(w["count"] for w in s["wins"]) + s["draws"]["count"] + s["unfinished"]["count"] == 40


def test_shards_of_two_versions_of_a_rule_file_are_refused(cluster, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "four.game"
    path.write_text(RULES)
    first = ludic.analyze("four.game", count=6, seed=2, threads=1, shard=(1, 2))
    path.write_text(RULES.replace("default:3", "default:4"))
    second = ludic.analyze("four.game", count=6, seed=2, threads=1, shard=(2, 2))
    assert first["fingerprint"] != second["fingerprint"]
    with pytest.raises(ValueError, match="`fingerprint`"):
        ludic.merge([first, second])
    # Only a comment changed: the same rules, merged.
    path.write_text("// a note\n" + RULES)
    again = ludic.analyze("four.game", count=6, seed=2, threads=1, shard=(2, 2))
    merged = ludic.merge([first, again])
    assert merged["seed_range"] == {"seed": 2, "games": [0, 6]}
    other = dict(again, ludic_version="0.0.0-other")
    with pytest.raises(ValueError, match="`ludic_version`"):
        ludic.merge([first, other])


def test_num_cpus_is_ignored_with_a_warning_for_a_running_cluster(cluster, monkeypatch):
    kw = dict(count=8, seed=3, max_turns=100, shards=2, progress=False)
    single = ludic.analyze("tictactoe", threads=1, **{k: v for k, v in kw.items() if k not in ("shards", "progress")})
    with pytest.warns(RuntimeWarning, match="num_cpus=3 ignored"):
        joined = ludic.distributed.analyze("tictactoe", num_cpus=3, **kw)
    assert strip(joined) == strip(single)
    # Not initialised, but a cluster is running: Ray finds it (RAY_ADDRESS)
    # and refuses a CPU count for it; the count is dropped with a warning.
    ray.shutdown()
    monkeypatch.setenv("RAY_ADDRESS", cluster.address)
    try:
        with pytest.warns(RuntimeWarning, match="num_cpus=3 ignored"):
            found = ludic.distributed.analyze("tictactoe", num_cpus=3, **kw)
        assert strip(found) == strip(single)
        assert ray.cluster_resources()["CPU"] == 2
    finally:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if not ray.is_initialized():
                ray.init(address=cluster.address, log_to_driver=False)


def test_explore_over_two_nodes_equals_the_single_process_run(cluster, tmp_path, monkeypatch):
    rows = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "rows.game")
    monkeypatch.chdir(tmp_path)
    with open(rows) as f:
        (tmp_path / "rows.game").write_text(f.read())
    kw = dict(vary=["size=3/4", "misere"], games=6, players="greedy", seed=3, max_turns=300)
    single = ludic.explore("rows.game", threads=1, **kw)
    spread = ludic.distributed.explore("rows.game", shards=3, progress=False, **kw)

    def without_times(r):
        out = {k: v for k, v in r.items() if k != "seconds"}
        out["cells"] = [{k: v for k, v in c.items() if k != "seconds"} for c in r["cells"]]
        return out

    assert without_times(spread) == without_times(single)
    assert len(spread["cells"]) == 4
