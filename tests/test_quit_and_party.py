"""An end for every game (issue 18.3) and a chosen party in the record (issue 18.8).

A quit is an action: the recorded game ends with it, so its replay verifies with the outcome
"quit", its score is scored and its row marked. The party's names are part of the record
and checked wherever a party is read.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3

import pytest

from roguelike.engine.actions.abandon import Quit
from roguelike.engine.actions.basic import Step, Wait
from roguelike.engine.base.stats import name_of
from roguelike.engine.creatures.starting_party import (
    NAME_MAX,
    name_problem,
    party_problem,
    party_words,
)
from roguelike.engine.game import Game
from roguelike.records import codec, scores
from roguelike.records.capture import capture
from roguelike.records.finish import finish_game
from roguelike.records.replay import verify_file
from roguelike.records.save import load_game, save_game

NAMED = (("leader", "mage", "Brand"), ("mercenary", "warrior"), ("apprentice", "rogue", "Ash"))


def _play(game: Game, n: int = 6) -> Game:
    for _ in range(n):
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
            if game.perform(Step(dx, dy))[0].kind != "fail":
                break
        else:
            game.perform(Wait())
    return game


def test_a_quit_ends_the_game_scored_recorded_and_verified(tmp_path):
    game = _play(Game("quit-1"))
    events = game.perform(Quit())
    assert game.over and game.outcome == "quit"
    assert "gives up the delve" in events[0].text
    assert game.history[-1][1] == {"kind": "quit"}
    assert game.perform(Wait())[0].text == "The game is over."
    done = finish_game(game, tmp_path, "ann")
    result = verify_file(done.replay)
    assert result["verified"] and result["outcome"] == "quit"
    assert result["score"] == done.score["total"] == game.score_parts()["total"]
    assert "Outcome: quit" in done.morgue.read_text()
    row = scores.top_scores(tmp_path)[0]
    assert row["outcome"] == "quit" and row["player"] == "ann"
    assert "quit" in scores.format_table([row])


def test_a_named_party_is_played_saved_replayed_and_scored(tmp_path):
    game = Game("named-1", NAMED)
    assert [name_of(game.store, e) for e in game.party] == ["Brand", "Mercenary Warrior",
                                                              "Ash"]
    _play(game)
    path = save_game(game, tmp_path, "bo")
    assert json.loads(path.read_text())["body"]["party"][0] == ["leader", "mage", "Brand"]
    loaded = load_game(tmp_path, "bo").game
    assert loaded.party_spec == NAMED
    assert loaded.state_hash() == game.state_hash()
    loaded.perform(Quit())
    done = finish_game(loaded, tmp_path, "bo")
    result = verify_file(done.replay)
    assert result["verified"]
    assert result["party"] == "Brand (Leader Mage), Mercenary Warrior, Ash (Apprentice Rogue)"
    assert scores.top_scores(tmp_path)[0]["party"] == result["party"]


def test_a_named_party_is_journalled_recovered_after_a_crash_and_journalled_on(tmp_path):
    from roguelike.records import live
    from roguelike.records.session import track

    game = Game("named-3", NAMED)
    track(game, tmp_path, "di")
    _play(game, 4)
    live.find(game).close(clean=False)  # what a kill -9 leaves
    back = load_game(tmp_path, "di").game
    assert back.party_spec == NAMED and back.history == game.history
    assert back.state_hash() == game.state_hash()
    track(back, tmp_path, "di")  # the journal is this game's: it goes on in it
    _play(back, 2)
    live.find(back).close(clean=False)
    again = load_game(tmp_path, "di").game
    assert again.history == back.history and again.party_spec == NAMED


def test_a_record_with_a_bad_name_is_refused_and_a_changed_name_diverges(tmp_path):
    game = _play(Game("named-2", NAMED))
    game.perform(Quit())
    done = finish_game(game, tmp_path, "cy")
    record = codec.decode(done.replay.read_bytes())
    for name, why in (("Bra\x07nd", "control"), ("Brandon", "diverged")):
        party = (("leader", "mage", name), *record.party[1:])
        forged = tmp_path / f"forged-{len(name)}.replay.json"
        forged.write_bytes(codec.encode(dataclasses.replace(record, party=party)))
        result = verify_file(forged)  # a valid checksum: only the party is wrong
        assert not result["verified"] and why in result["reason"] + str(result), result


def test_names_are_a_version_2_claim_a_version_1_file_cannot_make(tmp_path):
    game = _play(Game("named-4", NAMED))
    doc = json.loads(codec.encode(capture(game, "replay")))
    assert doc["version"] == 3 and doc["body"]["party"][0] == ["leader", "mage", "Brand"]
    del doc["body"]["final"]["deepest"], doc["body"]["final"]["kills"]  # as version 1 was
    del doc["body"]["hash_version"]  # (version 3's; only the party is checked here)
    doc["version"] = 1
    doc["checksum"] = codec.checksum(doc["body"])
    with pytest.raises(codec.RecordError, match=r"party\[0\] is not \[role, class\]"):
        codec.decode(json.dumps(doc).encode())
    doc["body"]["party"] = [m[:2] for m in doc["body"]["party"]]
    doc["checksum"] = codec.checksum(doc["body"])
    assert codec.decode(json.dumps(doc).encode()).party == tuple(m[:2] for m in NAMED)


@pytest.mark.parametrize("name, ok", [
    ("", True), ("Brand", True), ("Ann-Marie O'Neil", True), ("Éowyn", True),
    ("x" * NAME_MAX, True), ("x" * (NAME_MAX + 1), False), (" Brand", False),
    ("Bra\nnd", False), ("Bra\x1bnd", False), ("[red]Brand", False), ("a\\b", False),
    ("two  spaces", False),
])
def test_names_are_checked(name, ok):
    assert (name_problem(name) is None) is ok


def test_a_party_is_checked_whole():
    assert party_problem(NAMED) is None
    assert "twice" in party_problem((("leader", "mage"), ("leader", "rogue")))
    assert "named" in party_problem((("leader", "mage", "Ash"), ("mercenary", "rogue", "ash")))
    with pytest.raises(ValueError, match="control"):
        Game("x-1", (("leader", "mage", "A\x00"),))


def test_the_default_party_reads_as_before():
    game = Game("plain-1")
    assert [name_of(game.store, e) for e in game.party] == [
        "Leader Warrior", "Mercenary Rogue", "Apprentice Mage"]
    assert party_words(game.party_spec, game.content) == \
        "Leader Warrior, Mercenary Rogue, Apprentice Mage"


def test_an_old_score_table_gains_the_party_column(tmp_path):
    with sqlite3.connect(tmp_path / scores.DB_NAME) as conn:
        # the table as hosts made it before the party was recorded (and before schema
        # versions were kept)
        conn.executescript("""CREATE TABLE scores (
            id INTEGER PRIMARY KEY AUTOINCREMENT, player TEXT NOT NULL, seed TEXT NOT NULL,
            score INTEGER NOT NULL, parts TEXT NOT NULL, depth INTEGER NOT NULL,
            turns INTEGER NOT NULL, outcome TEXT NOT NULL, replay TEXT NOT NULL,
            game_version TEXT NOT NULL, ended_at TEXT NOT NULL);
            CREATE INDEX scores_by_seed ON scores (seed, score DESC);""")
        conn.execute("INSERT INTO scores (player, seed, score, parts, depth, turns, outcome,"
                     " replay, game_version, ended_at) VALUES ('old', 's', 5, '{}', 1, 1, "
                     "'defeat', 'r', '0', 't')")
    scores.add_score(tmp_path, player="new", seed="s", parts={"total": 9}, depth=1, turns=1,
                     outcome="quit", replay="r2", game_version="0", ended_at="t",
                     party="Brand (Leader Mage)")
    rows = scores.top_scores(tmp_path)
    assert [(r["player"], r["party"]) for r in rows] == [("new", "Brand (Leader Mage)"),
                                                         ("old", "")]
