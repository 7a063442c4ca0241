"""Analysis on a local Ray of two workers merges to the single-process run."""

import pytest

import ludic

import ray  # a test requirement (.ci/setup installs it): no skip
import ludic.distributed


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def strip(report: dict) -> dict:
    out = dict(report)
    out.pop("threads", None)
    out["settings"] = [{k: v for k, v in s.items() if k != "seconds"} for s in report["settings"]]
    return out


def test_ray_merge_equals_single_process(local_ray):
    assert ray.cluster_resources()["CPU"] == 2
    kw = dict(count=24, players="random", seed=11, max_turns=500, compare={"no_progress": 20})
    single = ludic.analyze("checkers", threads=1, **kw)
    spread = ludic.distributed.analyze("checkers", shards=5, progress=False, **kw)
    assert strip(spread) == strip(single)
    assert spread["threads"] == 5
    assert sum(w["count"] for w in spread["settings"][0]["wins"]) + spread["settings"][0]["draws"]["count"] + spread[
        "settings"
    ][0]["unfinished"]["count"] == 24


def test_ray_refuses_bad_input_before_spreading(local_ray):
    with pytest.raises(ValueError):
        ludic.distributed.analyze("checkers", count=4, players="human", progress=False)
    with pytest.raises(ValueError):
        ludic.distributed.analyze("checkers", count=4, shards=0, progress=False)


def test_the_command_line_entry_point(local_ray, capsys):
    import json

    from ludic import ray_analyze

    args = ["checkers", "--count", "6", "--seed", "3", "--max-turns", "300", "--shards", "3", "--json"]
    assert ray_analyze.main(args) == 0
    report = json.loads(capsys.readouterr().out)
    single = ludic.analyze("checkers", count=6, seed=3, max_turns=300, threads=1)
    assert strip(report) == strip(single)
    assert ray_analyze.main(["no-such-game", "--count", "2"]) == 1
