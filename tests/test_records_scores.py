from __future__ import annotations

import json

from records_util import bot_game

from roguelike.core.components import Character, Disabled, HitBoxes
from roguelike.records import save as S
from roguelike.records.codec import decode
from roguelike.records.finish import finish_game
from roguelike.records.morgue import morgue_text
from roguelike.records.score import score_parts
from roguelike.records.scores import add_score, format_table, top_scores


def _add(tmp, player, seed, total):
    return add_score(tmp, player=player, seed=seed, parts={"treasure": total, "total": total},
                     depth=2, turns=10, outcome="defeat", replay="r.json", game_version="t",
                     ended_at="2030-01-01T00:00:00Z")


def test_top_scores_overall_and_per_seed(tmp_path):
    assert top_scores(tmp_path) == []
    _add(tmp_path, "ann", "a-1", 50)
    _add(tmp_path, "bo", "b-2", 90)
    _add(tmp_path, "cy", "a-1", 70)
    _add(tmp_path, "di", "a-1", 70)  # a tie: the earlier game ranks first
    overall = top_scores(tmp_path)
    assert [r["player"] for r in overall] == ["bo", "cy", "di", "ann"]
    assert [r["player"] for r in top_scores(tmp_path, seed="a-1", limit=2)] == ["cy", "di"]
    assert overall[0]["parts"] == {"treasure": 90, "total": 90}
    assert "bo" in format_table(overall)


def test_scores_command(cli, tmp_path):
    _add(tmp_path, "ann", "a-1", 50)
    _add(tmp_path, "bo", "b-2", 90)
    out = cli("scores", "--data", str(tmp_path), "--seed", "A 1", "--json")
    assert out.returncode == 0, out.stderr
    assert [r["player"] for r in json.loads(out.stdout)] == ["ann"]
    table = cli("scores", "--data", str(tmp_path))
    assert table.stdout.index("bo") < table.stdout.index("ann")


def test_score_parts_come_from_the_game_and_count_experience():
    g = bot_game("e-1", actions=5)
    for _e, ch in g.store.query(Character):
        ch.xp = 7
    parts = score_parts(g)
    assert parts == {str(k): int(v) for k, v in g.score_parts().items()}
    assert parts["experience"] == 21 and parts["total"] >= 21


def test_finishing_a_game_writes_replay_morgue_and_score(tmp_path):
    g = bot_game("e-1", actions=60, budget=0)
    S.save_game(g, tmp_path, "eve")  # an autosave from earlier in the game
    victim = g.party[0]
    g.store.add(victim, Disabled("crushed by a falling block"))
    hb = g.store.get(victim, HitBoxes)
    hb.locations[0].crossed = 1
    g.over, g.outcome = True, "defeat"
    done = finish_game(g, tmp_path, player="Eve")
    text = done.morgue.read_text()
    for needle in ("Seed: e-1", "defeat", "crushed by a falling block", "Score:",
                   "Last messages:", hb.locations[0].name, "Xo"):
        assert needle in text, needle
    # (the defeat was staged by hand, so the replay records it but cannot verify it)
    record = decode(done.replay.read_bytes())
    assert record.kind == "replay" and record.final.over and record.player == "Eve"
    rows = top_scores(tmp_path, seed="e-1")
    assert rows[0]["player"] == "Eve" and rows[0]["replay"].startswith("replays/")
    assert not S.has_save(tmp_path, "eve")  # a finished game cannot be continued
    # the same game recorded again (its process died before its save was retired): no
    # second row, the same files
    again = finish_game(g, tmp_path, player="Eve")
    assert (again.replay, again.score_id) == (done.replay, done.score_id)
    assert len(top_scores(tmp_path)) == 1
    # another game ending in the same second on the same seed gets files and a row of its own
    other = bot_game("e-1", actions=61, budget=0)
    other.over, other.outcome = True, "defeat"
    third = finish_game(other, tmp_path, player="Eve")
    assert third.replay != done.replay and len(top_scores(tmp_path)) == 2


def test_morgue_of_a_game_in_progress():
    g = bot_game("e-1", actions=20)
    text = morgue_text(g, player="x")
    assert "still delving" in text and "The party:" in text
