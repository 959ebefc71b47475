"""Same seed, same game on every Python: sim hashes and replays compared across versions.

    python benchmarks/cross_python.py [--actions N] [PYTHON ...]

Interpreters default to this one plus any of $ROGUELIKE_PYTHONS (colon-separated) and
/root/.pyenv/versions/3.1[23]*/bin/python3 that can import numpy and tcod (e.g. venvs made
with `python3.12 -m venv v && v/bin/pip install numpy tcod`). Each plays the bot on a few
seeds with `sim --record`; every replay is then verified by every other interpreter.
Prints one JSON object; exit code 1 when any hash or verification differs.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ("x-1", "amber-wolf-17", "e-1")


def candidates() -> list[str]:
    found = [sys.executable]
    found += [p for p in os.environ.get("ROGUELIKE_PYTHONS", "").split(":") if p]
    found += sorted(glob.glob("/root/.pyenv/versions/3.1[23]*/bin/python3"))
    return found


def usable(python: str) -> str | None:
    """The interpreter's version if it can run the engine, else None."""
    try:
        probe = "import numpy, tcod, sys; print(sys.version.split()[0])"
        out = subprocess.run([python, "-c", probe], capture_output=True, text=True, timeout=60)
    except OSError:
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def _run(python: str, *args: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([python, "-m", "roguelike", *args], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=600)
    return json.loads(out.stdout.strip().splitlines()[-1])


def compare(pythons: list[str], actions: int) -> dict:
    versions: dict[str, str] = {}
    for p in pythons:
        v = usable(p)
        if v and v not in versions.values():
            versions[p] = v
    result: dict = {"pythons": versions, "actions": actions, "seeds": {}, "same": True}
    with tempfile.TemporaryDirectory() as tmp:
        for seed in SEEDS:
            hashes, verified = {}, {}
            for p, v in versions.items():
                rec = Path(tmp) / f"{seed}-{v}.json"
                hashes[v] = _run(p, "sim", "--seed", seed, "--actions", str(actions),
                                 "--record", str(rec))["state_hash"]
            for p, v in versions.items():
                for other in versions.values():
                    if other != v:
                        rec = Path(tmp) / f"{seed}-{other}.json"
                        verified[f"{other} by {v}"] = _run(p, "verify", str(rec))["verified"]
            same = len(set(hashes.values())) == 1 and all(verified.values())
            result["seeds"][seed] = {"hashes": hashes, "verified": verified, "same": same}
            result["same"] &= same
    return result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--actions", type=int, default=2000)
    ap.add_argument("pythons", nargs="*")
    args = ap.parse_args()
    result = compare(args.pythons or candidates(), args.actions)
    print(json.dumps(result))
    return 0 if result["same"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
