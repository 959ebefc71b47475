from __future__ import annotations

import json


def _sim(cli, seed: str, actions: int, hashseed: str) -> dict:
    out = cli("sim", "--seed", seed, "--actions", str(actions), hashseed=hashseed)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_sim_is_deterministic_across_hash_seeds(cli):
    a = _sim(cli, "amber wolf 17", 2000, "1")
    b = _sim(cli, "amber wolf 17", 2000, "4242")
    assert a == b
    assert {"seed", "actions", "turns", "state_hash", "depth"} <= set(a)
    assert a["actions"] == 2000


def test_two_seeds_differ(cli):
    assert _sim(cli, "red fox 3", 300, "0")["state_hash"] != \
        _sim(cli, "red fox 4", 300, "0")["state_hash"]


def test_bad_seed_gets_a_clear_error(cli):
    out = cli("sim", "--seed", "../etc/passwd", "--actions", "1")
    assert out.returncode == 2 and "seed" in out.stderr.lower()
    assert "Traceback" not in out.stderr
