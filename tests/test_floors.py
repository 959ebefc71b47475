"""benchmarks/floors.py: the stack's own costs beside the game's, measured quickly.

The figures themselves move with the machine's load; what holds is that each process ran,
was accounted for, and stands in the order its imports imply, and that the bare Textual
app draws its first screen and answers every key in the real pseudo-terminal."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import floors
from benchmarks.pty import probe_available

ROOT = Path(__file__).resolve().parents[1]


ENGINE = "engine's floor: numpy, tcod's library"


def test_start_figures_of_python_numpy_and_the_game():
    starts = floors.bench_starts(1, only=("python", ENGINE, "roguelike --help"))
    assert set(starts) == {"python", ENGINE, "roguelike --help"}
    for figures in starts.values():
        assert figures["cpu_ms"] > 0 and figures["wall_ms"] > 0 and figures["peak_rss_mb"] > 0
    # numpy and tcod's library are a fresh interpreter and more (each process's own peak,
    # not the forking test's)
    assert starts[ENGINE]["cpu_ms"] > starts["python"]["cpu_ms"]
    assert starts[ENGINE]["peak_rss_mb"] > starts["python"]["peak_rss_mb"] + 5


def test_a_failing_process_is_reported_not_timed():
    with pytest.raises(RuntimeError, match="failed"):
        floors.run_once("raise SystemExit(3)")


def test_the_bare_app_is_the_size_of_the_games_map():
    assert floors.map_size(80, 24) == (52, 17)
    assert floors.map_size(120, 40) == (86, 31)


@pytest.mark.skipif(not probe_available(), reason="the shared ptyprobe is not beside the clone")
def test_bare_textual_app_in_the_real_terminal_answers_every_key():
    bare = floors.bench_bare_app(("80x24",), keys=6, runs=1)["80x24"]
    assert bare["first_screen_drawn"] == 1.0
    assert bare["keys_without_output"] == 0
    assert 0 < bare["key_quiet_median_ms"] <= bare["key_quiet_p95_ms"]
    assert bare["bytes_per_step"] > 0 and bare["startup_ms"] > 0 and bare["peak_rss_mb"] > 0


def test_the_command_prints_its_table_and_json(tmp_path):
    out = subprocess.run([sys.executable, "benchmarks/floors.py", "--runs", "1", "--keys", "4",
                          "--sizes", "80x24"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert "| python |" in out.stdout
    assert set(floors.IMPORTS) <= set(report["starts"])
    assert "roguelike sim --actions 0" in report["starts"]
    assert "80x24" in report["bare_textual"] or "note" in report["bare_textual"]
