"""benchmarks/balance.py: the balance report parses, has every field, and tallies a game
right (issue 16, section 4)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from benchmarks.balance import Tally, play_one, source_names, summarise
from roguelike.bot.player import bot_game, play
from roguelike.core.components import Disabled, MonsterStats
from roguelike.core.events import Event
from roguelike.engine.actions.basic import Wait
from roguelike.engine.combat.attack import wound
from roguelike.engine.status.conditions import add_condition
from tests.combat_kit import arena

ROOT = Path(__file__).resolve().parent.parent

RESULT_FIELDS = {"games", "prefix", "actions_cap", "outcomes", "victories", "victory_share",
                 "deepest", "downs", "fights", "rests", "treasure_banked", "luck_spent",
                 "actions", "targets", "per_game", "crashes"}


def test_a_two_game_report_runs_and_its_json_has_every_field():
    out = subprocess.run([sys.executable, "benchmarks/balance.py", "--games", "2",
                          "--actions", "300", "--prefix", "balance-test", "--jobs", "2"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert "outcomes" in out.stdout.splitlines()[1]  # the table comes first
    assert "2/2 games" in out.stderr  # the progress bar
    results = report["results"]
    assert set(results) == RESULT_FIELDS
    assert results["games"] == 2 and len(results["per_game"]) == 2
    assert sum(results["outcomes"].values()) == 2
    assert set(results["outcomes"]) == {"victory", "retired", "defeat", "stall", "crash"}
    assert set(results["deepest"]) == {"distribution", "median", "share_reaching_6",
                                       "share_reaching_9"}
    assert set(results["downs"]) == {"total", "by_kind", "by_depth", "killed"}
    assert set(results["fights"]) == {"count", "rounds_mean", "rounds_median", "rounds_max"}
    assert set(results["targets"]) == {"no_crash_no_stall", "median_deepest_6", "reach_9_20pct",
                                       "victories_5_35pct"}
    assert report["timing"]["actions_per_s"] > 0
    # the same games in one process: the same results (jobs change only the timings)
    again = summarise([play_one((f"balance-test-{i}", 300)) for i in range(2)],
                      "balance-test", 300)
    assert again["results"] == results


def test_a_known_game_is_summarised_as_it_went():
    """play_one's summary agrees with the same game played with no tally, and each down it
    lists is one of the game's own "disabled" events, at the depth it happened."""
    seed, cap = "balance-known-3", 2000
    summary = play_one((seed, cap))
    game = bot_game(seed)
    seen: list[tuple[int, int]] = []

    def downs(g, _action, events):
        seen.extend((g.depth, e.actor) for e in events if e.kind == "disabled")

    play(game, cap, watch=downs)
    assert summary["state_hash"] == game.state_hash()
    assert summary["deepest"] == game.deepest and summary["actions"] == game.actions_taken
    assert summary["outcome"] == (game.outcome if game.over else "stall")
    assert [d["depth"] for d in summary["downs"]] == [d for d, _ in seen]
    assert all(d["by"] != "unknown" for d in summary["downs"])
    assert summary["fights"] and all(r >= 1 for r in summary["fights"])


def _wounded_down(g, eid: int, source: str, location: str) -> list[Event]:
    """Box after box from `source` until the delver is down: the events of it all."""
    events: list[Event] = []
    for _ in range(20):
        events += wound(g, eid, boxes=1, source=source, location=location)
        if g.store.has(eid, Disabled):
            break
    return events


def test_the_tally_names_the_monster_or_trap_that_put_a_delver_down():
    g = arena("mercenary")
    tally = Tally(source_names(g))
    tally(g, Wait(), _wounded_down(g, g.party[1], "Rival Mercenary", "torso"))
    assert tally.downs == [{"depth": 1, "who": "Mercenary Rogue", "kind": "monster",
                            "by": "Rival Mercenary", "knocked_out": True}]
    tally(g, Wait(), [*_wounded_down(g, g.party[2], "Buzz Saw", "head"), Event("rest")])
    assert tally.downs[1]["kind"] == "trap" and tally.downs[1]["by"] == "Buzz Saw"
    assert tally.rests == 1
    assert tally.kind_of("Pillager") == "pillager" and tally.kind_of("Jaws of Doom") == "trap"
    assert tally.kind_of("condition") == "condition"


def test_a_down_from_a_burn_is_named_by_the_condition():
    g = arena("mercenary")
    tally = Tally(source_names(g))
    add_condition(g, g.party[1], "burning", 3)
    tally(g, Wait(), _wounded_down(g, g.party[1], "condition", "torso"))
    assert tally.downs[0]["kind"] == "condition" and tally.downs[0]["by"] == "Burning"


def test_a_crash_is_reported_as_an_outcome_with_its_place(monkeypatch):
    import benchmarks.balance as balance

    def broken(game, actions, watch=None):
        raise KeyError(126)

    monkeypatch.setattr(balance, "play", broken)
    summary = balance.play_one(("balance-crash", 10))
    assert summary["outcome"] == "crash" and summary["crash"].startswith("KeyError: 126")
    report = summarise([summary], "balance-crash", 10)["results"]
    assert report["outcomes"]["crash"] == 1 and not report["targets"]["no_crash_no_stall"]
    assert report["crashes"] == [f"balance-crash: {summary['crash']}"]


def test_a_delver_who_comes_round_within_the_action_is_named_by_the_last_blow():
    """Knocked out while the others sleep, a delver can come round before the action ends
    (the engine runs the rounds until someone can act): the down is still the striker's."""
    g = arena("mercenary")
    tally = Tally(source_names(g))
    rival = next(e for e, _ in g.store.query(MonsterStats))
    hit = Event("hit", "Rival Mercenary hits Mercenary Rogue.", rival, g.party[1])
    events = [hit, *_wounded_down(g, g.party[1], "Rival Mercenary", "torso")]
    g.store.remove(g.party[1], Disabled)
    tally(g, Wait(), events)
    assert tally.downs == [{"depth": 1, "who": "Mercenary Rogue", "kind": "monster",
                            "by": "Rival Mercenary", "knocked_out": True}]
