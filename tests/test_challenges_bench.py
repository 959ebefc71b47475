"""The challenge benchmarks still run (small runs; the figures are in the README)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def run(*args: str) -> dict:
    out = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_board_benchmark_times_a_page_and_the_whole_board():
    figures = run("benchmarks/challenge_boards.py", "--rows", "300", "--loads", "3")
    assert figures["board_rows"] == 300
    for name in ("board_page_first_html", "board_page_last_html", "board_whole_board_json",
                 "board_lobby_top_ten_and_own_rank", "web_page_first", "web_page_last",
                 "web_api_whole_board"):
        assert figures[f"{name}_ms_median"] > 0, name


def test_the_queue_benchmark_proves_replays_while_players_play(tmp_path):
    figures = run("benchmarks/challenge_queue.py", "--replays", "2", "--actions", "300",
                  "--players", "1", "--seconds", "2", "--cache", str(tmp_path))
    assert figures["queue_verdicts"] == {"verified": 2}
    assert figures["queue_actions"] == 300 + 301
    assert figures["players_before"]["keys"] > 0 and figures["players_during"]["keys"] > 0
