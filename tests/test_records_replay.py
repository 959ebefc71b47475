from __future__ import annotations

import json

import pytest
from records_util import bot_game

from roguelike.records.codec import checksum, decode
from roguelike.records.replay import ReplayPlayer, verify_file, write_replay
from roguelike.records.resim import resimulate


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory):
    game = bot_game("e-1", actions=1000, budget=0)
    assert game.deepest >= 2
    path = tmp_path_factory.mktemp("rp") / "game.replay.json"
    write_replay(game, path)
    return path, game


def _resign(doc: dict) -> bytes:
    doc["checksum"] = checksum(doc["body"])
    return json.dumps(doc).encode()


def test_sim_record_then_verify_on_the_command_line(cli, tmp_path):
    path = tmp_path / "sim.json"
    sim = cli("sim", "--seed", "x-1", "--actions", "300", "--record", str(path))
    assert sim.returncode == 0, sim.stderr
    summary = json.loads(sim.stdout.strip().splitlines()[-1])
    out = cli("verify", str(path))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["verified"] is True
    assert result["state_hash"] == summary["state_hash"]
    assert isinstance(result["score"], int)


def test_an_edited_action_fails_verify_at_that_action(cli, tmp_path, replay_file):
    path, _game = replay_file
    doc = json.loads(path.read_bytes())
    actions = doc["body"]["actions"]
    steps = [i for i, (_r, a, _p) in enumerate(actions) if a["kind"] == "step" and i > 100]
    for i in (steps[0], steps[len(steps) // 2]):
        edited = json.loads(path.read_bytes())
        edited["body"]["actions"][i][1] = {"kind": "wait"}  # accepted, but changes the game
        bad = tmp_path / f"edit{i}.json"
        bad.write_bytes(_resign(edited))
        result = verify_file(bad)
        assert result["verified"] is False
        assert result["diverged_at"] == {"index": i, "round": actions[i][0]}, result
    # the command line says the same, as its last line, and exits non-zero
    out = cli("verify", str(bad))
    assert out.returncode == 1
    last = json.loads(out.stdout.strip().splitlines()[-1])
    assert last["verified"] is False and last["diverged_at"]["index"] == i and last["reason"]


def test_a_refused_action_is_named(tmp_path, replay_file):
    path, _game = replay_file
    doc = json.loads(path.read_bytes())
    i = 50
    doc["body"]["actions"][i][1] = {"kind": "step", "dx": 5, "dy": 0}
    bad = tmp_path / "refused.json"
    bad.write_bytes(_resign(doc))
    result = verify_file(bad)
    assert result["diverged_at"]["index"] == i and "refused" in result["reason"]


def test_edits_without_resigning_fail_the_checksum(tmp_path, replay_file):
    path, _game = replay_file
    raw = path.read_bytes().replace(b'"dx":1', b'"dx":0', 1)
    bad = tmp_path / "raw.json"
    bad.write_bytes(raw)
    result = verify_file(bad)
    assert result["verified"] is False and "checksum" in result["reason"]
    assert result["diverged_at"] is None


def test_a_false_score_claim_is_caught(tmp_path, replay_file):
    path, _game = replay_file
    doc = json.loads(path.read_bytes())
    doc["body"]["score"]["total"] += 1000
    bad = tmp_path / "score.json"
    bad.write_bytes(_resign(doc))
    result = verify_file(bad)
    assert result["verified"] is False and result["claim"] == "score.total"
    assert result["claimed"] == result["actual"] + 1000, result


def test_dropping_the_tail_is_caught_by_the_final_hash(tmp_path, replay_file):
    path, _game = replay_file
    doc = json.loads(path.read_bytes())
    body = doc["body"]
    body["actions"] = body["actions"][:-7]
    body["final"]["actions"] = len(body["actions"])
    body["checkpoints"] = [c for c in body["checkpoints"] if c[0] <= len(body["actions"])]
    bad = tmp_path / "tail.json"
    bad.write_bytes(_resign(doc))
    result = verify_file(bad)
    assert result["verified"] is False and "final.state_hash" in result["reason"]
    assert result["diverged_at"]["index"] == len(body["actions"])


def test_replay_player_steps_jumps_back_and_finds_a_depth(replay_file):
    path, game = replay_file
    record = decode(path.read_bytes())
    player = ReplayPlayer.open(path)
    assert player.total == len(game.history) and player.position == 0
    events = []
    for _ in range(10):
        events += player.step()
    assert player.position == 10
    player.jump_to(200)
    assert player.game.state_hash() == resimulate(record, upto=200).state_hash()
    player.jump_to(20)  # backwards: re-simulated from the start
    assert player.position == 20
    assert player.game.state_hash() == resimulate(record, upto=20).state_hash()
    assert player.jump_to_depth(2)
    arrival = player.position
    assert player.game.depth == 2 and record.actions[arrival - 1].kind == "stairs"
    assert resimulate(record, upto=arrival - 1).depth == 1
    assert not player.jump_to_depth(9)  # never got there: stops at the end
    assert player.finished and player.game.state_hash() == game.state_hash()


def test_a_save_file_verifies_too(tmp_path, replay_file):
    from roguelike.records.save import save_game

    _path, game = replay_file
    saved = save_game(game, tmp_path, "ivy")
    result = verify_file(saved)
    assert result["verified"] is True and result["kind"] == "save"


def test_replay_command_reports_clearly(cli, tmp_path, replay_file):
    bad = tmp_path / "nope.json"
    bad.write_text("{}")
    out = cli("replay", str(bad))
    assert out.returncode == 2 and "cannot be used" in out.stderr
    assert "Traceback" not in out.stderr
    missing = cli("verify", str(tmp_path / "missing.json"))
    assert missing.returncode == 1
    assert json.loads(missing.stdout.strip().splitlines()[-1])["verified"] is False


def test_verify_speed_benchmark_runs():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from verify_speed import bench_verify

    result = bench_verify(300)
    assert result["verified"] is True and result["actions"] == 300
    assert result["verify_actions_per_second"] > 0
