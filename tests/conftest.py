from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args: str, hashseed: str | None = None, timeout: int = 120
            ) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if hashseed is not None:
        env["PYTHONHASHSEED"] = hashseed
    return subprocess.run([sys.executable, "-m", "roguelike", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=timeout)


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture(autouse=True)
def _own_save_folder(tmp_path_factory, monkeypatch):
    """Every test saves, keeps options and scores in a folder of its own, never in saves/."""
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path_factory.mktemp("saves")))
