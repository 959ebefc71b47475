import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT.parent / "shared" / "tools" / "ptyprobe.py"


def test_quick_benchmarks_run_and_print_figures():
    out = subprocess.run([sys.executable, "benchmarks/run.py", "--quick"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert figures["level_gen_median_ms"] > 0
    assert figures["headless_actions_per_s"] > 0
    assert figures["engine_actions_per_s"] >= figures["headless_actions_per_s"]
    assert figures["bot_ms_per_decision"] > 0
    # other areas' benchmarks: a figure when present, a note when not
    assert "monster_round" in figures or "monster_round_note" in figures
    assert "verify" in figures or "verify_note" in figures
    checks = figures["checks"]
    assert checks["level_gen_median_ms"]["target"] == "< 15"
    # the bot game's own figure is held to the target, not only the engine's
    assert checks["headless_actions_per_s"]["target"] == "> 5000"
    assert checks["verify.projected_command_seconds"]["target"] == "< 4"
    assert checks["monster_round.median_ms"]["target"] == "< 3"
    # the crash-safe journal's own time per action (records/live.py)
    assert figures["journal"]["append_median_us"] > 0
    assert checks["journal.append_p95_us"]["target"] == "< 200"
    if PROBE.is_file():
        pty = figures["pty_80x24"]
        assert pty["startup_screen_complete"], "the first screen lacked map/panel/status"
        assert pty["keys_measured"] > 0 and pty["keys_without_output"] == 0
        assert pty["bytes_per_step_median"] > 0 and pty["peak_memory_mb"] > 0
        assert "key_quiet_median_ms@80x24" in figures["checks"]
    else:
        assert "ptyprobe" in figures["pty_note"]


def test_start_up_is_timed_with_the_game_compiled_and_a_first_launch_without():
    """benchmarks/bytecode.py: a first-ever start finds none of the game's bytecode and
    saves none; compile_game writes it again, as the README's setup does."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.bytecode import PACKAGE, compile_game, first_launch_env

    try:
        env = first_launch_env()
        assert env["PYTHONDONTWRITEBYTECODE"] == "1"
        assert not list(PACKAGE.rglob("*.pyc"))
    finally:
        compile_game()
    compiled = {p.name.split(".")[0] for p in (PACKAGE / "engine").rglob("__pycache__/*.pyc")}
    assert {"game", "party_sight", "occupants"} <= compiled
