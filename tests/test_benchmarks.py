import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_quick_benchmarks_run_and_print_figures():
    out = subprocess.run([sys.executable, "benchmarks/run.py", "--quick"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert figures["level_gen_median_ms"] > 0
    assert figures["headless_actions_per_s"] > 0
