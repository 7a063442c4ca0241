"""``ludic.explore`` from Python: the report of ``ludic explore``, cells that
are ``analyze``'s games with the cell's toggles, shards that merge to the
whole run, shards of an edited rule file refused, bad input refused."""

import json
import subprocess
from pathlib import Path

import pytest

import ludic

ROOT = Path(__file__).resolve().parents[2]
ROWS = str(ROOT / "tests" / "data" / "rows.game")
KW = dict(vary=["size=3/4", "misere"], games=8, players="greedy", seed=7, max_turns=500, set={"line": 3})


def without_times(report: dict) -> dict:
    out = {k: v for k, v in report.items() if k != "seconds"}
    out["cells"] = [{k: v for k, v in c.items() if k != "seconds"} for c in report["cells"]]
    return out


def test_a_cell_plays_the_games_of_analyze_with_its_toggles():
    report = ludic.explore(ROWS, threads=1, **KW)
    assert report["command"] == "explore" and report["design"]["cells"] == 4
    assert len(report["cells"]) == 4 and len(report["ranking"]) == 4
    for cell in report["cells"]:
        a = ludic.analyze(ROWS, count=8, players="greedy", seed=7, max_turns=500, threads=1, set=["line=3", *cell["sets"]])
        s = a["settings"][0]
        assert (cell["wins"], cell["draws"], cell["unfinished"]) == (s["wins"], s["draws"], s["unfinished"]), cell["sets"]


def test_the_command_line_gives_the_same_report(tmp_path):
    binary = ROOT / "target" / "release" / "ludic"
    if not binary.exists():
        pytest.skip("the ludic binary is not built (cargo build --release)")
    out = tmp_path / "r"
    args = [str(binary), "explore", ROWS, "--set", "line=3", "--vary", "size=3/4,misere", "--games", "8"]
    args += ["--seed", "7", "--max-turns", "500", "--threads", "1", "--report", str(out)]
    subprocess.run(args, check=True, capture_output=True)
    cli = json.loads((out / "explore.json").read_text())
    assert without_times(cli) == without_times(ludic.explore(ROWS, threads=1, **KW))


def test_shards_merge_to_the_whole_run():
    whole = ludic.explore(ROWS, threads=1, **KW)
    parts = [ludic.explore(ROWS, threads=1, shard=(k, 3), **KW) for k in (2, 3, 1)]
    assert sum(len(p["cells"]) for p in parts) == 4
    for p in parts:
        assert p["header"]["ludic_version"] and len(p["header"]["fingerprint"]) == 16
        assert p["header"]["seed_range"] == {"seed": 7, "games": [0, 8]}
    assert without_times(ludic.merge(parts)) == without_times(whole)
    with pytest.raises(ValueError, match="missing|not 1/3"):
        ludic.merge(parts[:2])


def test_shards_of_an_edited_rule_file_are_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = Path(ROWS).read_text()
    Path("rows.game").write_text(text)
    one = ludic.explore("rows.game", threads=1, shard=(1, 2), **KW)
    Path("rows.game").write_text(text.replace("(end (no-moves Draw))", "(end (no-moves Loss))"))
    two = ludic.explore("rows.game", threads=1, shard=(2, 2), **KW)
    with pytest.raises(ValueError, match="`fingerprint`"):
        ludic.merge([one, two])


def test_rule_text_stands_for_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("rows.game").write_text(Path(ROWS).read_text())
    texts = [ludic.rule_text("rows.game")]
    Path("rows.game").unlink()
    # The file is gone: its text, read before, is what is played.
    report = ludic.explore("rows.game", threads=1, texts=texts, **KW)
    assert without_times(report)["cells"] == without_times(ludic.explore(ROWS, threads=1, **KW))["cells"]
    with pytest.raises(ValueError):
        ludic.explore("rows.game", threads=1, **KW)


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="no toggle"):
        ludic.explore(ROWS, vary=["colour"], games=2)
    with pytest.raises(ValueError, match="human|computer"):
        ludic.explore(ROWS, players="human", games=2)
    with pytest.raises(ValueError):
        ludic.explore(ROWS, games=0)
    with pytest.raises(TypeError):
        ludic.explore(42)
    with pytest.raises(ValueError):
        ludic.explore(ROWS, want=["nonsense=1"], games=2)
