from __future__ import annotations

import json
import os

import pytest
from records_util import bot_game, descending_seed

from roguelike.engine.actions.basic import Wait
from roguelike.engine.game import Game
from roguelike.records import save as S
from roguelike.records.codec import checksum
from roguelike.records.paths import ENV, data_dir, slot_name


@pytest.fixture(scope="module")
def played() -> Game:
    return bot_game("e-1", actions=150, budget=0)


def test_save_then_load_gives_the_same_game_and_keeps_the_save(tmp_path, played):
    path = S.save_game(played, tmp_path, "ann")
    assert path == tmp_path / "ann.save.json" and path.is_file()
    loaded = S.load_game(tmp_path, "ann")
    assert loaded.game.state_hash() == played.state_hash()
    assert loaded.game.history == played.history and not loaded.notes
    # loading consumes nothing: a crash right after Continue must not cost the game (the
    # journal, test_records_journal.py, is what keeps a loaded game from being replayed)
    assert path.is_file() and not S.consumed_path(path).exists()
    assert S.load_game(tmp_path, "ann").game.state_hash() == played.state_hash()


def test_the_previous_save_is_the_backup_and_rescues_a_damaged_save(tmp_path, played):
    g = bot_game("e-1", actions=40, budget=0)
    path = S.save_game(g, tmp_path, "bo")
    first = path.read_bytes()
    for _ in range(5):
        g.perform(Wait())
    S.save_game(g, tmp_path, "bo")
    assert S.backup_path(path).read_bytes() == first
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x55  # damage the newest save
    path.write_bytes(bytes(data))
    loaded = S.load_game(tmp_path, "bo")
    assert len(loaded.game.history) == 40  # the backup's game
    assert any("damaged" in n for n in loaded.notes)
    assert any("backup" in n for n in loaded.notes)
    aside = tmp_path / "bo.save.json.corrupt-1"
    assert aside.read_bytes() == bytes(data)  # kept, never deleted


@pytest.mark.parametrize("damage", ["truncate", "edit", "garbage", "empty"])
def test_a_bad_save_gets_a_clear_message_and_is_moved_aside(tmp_path, played, damage):
    path = S.save_game(played, tmp_path, "cy")
    raw = path.read_bytes()
    if damage == "truncate":
        bad = raw[: len(raw) // 3]
    elif damage == "edit":  # re-signed, so only re-simulation can catch it
        doc = json.loads(raw)
        was = doc["body"]["actions"][5][1]
        doc["body"]["actions"][5][1] = {"kind": "wait"} if was["kind"] != "wait" else \
            {"kind": "end_move"}
        doc["checksum"] = checksum(doc["body"])
        bad = json.dumps(doc).encode()
    elif damage == "garbage":
        bad = os.urandom(500)
    else:
        bad = b""
    path.write_bytes(bad)
    with pytest.raises(S.SaveError) as err:
        S.load_game(tmp_path, "cy")
    text = str(err.value)
    assert "cy.save.json" in text and "moved to cy.save.json.corrupt-1" in text
    assert "Traceback" not in text
    assert (tmp_path / "cy.save.json.corrupt-1").read_bytes() == bad
    assert not path.exists()


def test_a_save_that_cannot_be_read_back_is_not_made_the_backup(tmp_path, played):
    path = S.save_path(tmp_path, "di")
    path.write_bytes(b"{not json")
    S.save_game(played, tmp_path, "di")
    assert not S.backup_path(path).exists()
    assert (tmp_path / "di.save.json.corrupt-1").read_bytes() == b"{not json"


def test_saving_leaves_no_temporary_files_and_cleans_old_ones(tmp_path, played):
    stale = tmp_path / ".ed.save.json.999.0.tmp"
    stale.write_bytes(b"half")
    S.save_game(played, tmp_path, "ed")
    S.save_game(played, tmp_path, "ed")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ed.save.json", "ed.save.json.bak"]


def test_autosave_on_every_level_change(tmp_path):
    g = Game(descending_seed())
    S.attach_autosave(g, tmp_path, "fay")
    saves = []
    g.on_level_change.append(lambda game: saves.append(game.depth))
    bot_game(game=g, actions=1500, budget=0, until_depth=3)
    assert saves == [2, 3]
    loaded = S.load_game(tmp_path, "fay")
    # the save was made right after the stairs action, with it in the history
    assert loaded.game.depth == 3 and loaded.game.history == g.history[: len(
        loaded.game.history)]
    assert loaded.game.history[-1][1] == {"kind": "stairs", "direction": "down"}


def test_a_finished_game_is_not_saved(tmp_path, played):
    g = bot_game("e-1", actions=5)
    g.over = True
    with pytest.raises(S.SaveError, match="over"):
        S.save_game(g, tmp_path, "gus")


def test_slots_and_data_folder(monkeypatch, tmp_path):
    assert slot_name("Ann O'Neil") == "ann-o-neil"
    assert slot_name("../../etc/passwd") == "etc-passwd"
    assert slot_name("   ") == "player"
    with pytest.raises(ValueError):
        S.save_path(tmp_path, "../x")
    monkeypatch.setenv(ENV, str(tmp_path / "elsewhere"))
    assert data_dir() == tmp_path / "elsewhere"
    assert data_dir(tmp_path / "given") == tmp_path / "given"
    monkeypatch.delenv(ENV)
    assert data_dir().name == "saves"


def test_a_game_played_without_a_recorder_still_saves(tmp_path):
    g = bot_game("e-1", actions=30, record=False)
    S.save_game(g, tmp_path, "hal")
    assert S.load_game(tmp_path, "hal").game.state_hash() == g.state_hash()


def test_track_records_and_autosaves_a_new_game(tmp_path):
    from roguelike.records.recorder import find
    from roguelike.records.session import track

    g = Game("e-1")
    track(g, tmp_path, "ian")
    bot_game(game=g, actions=1500, budget=0, until_depth=2, record=False)
    assert find(g) is not None and len(find(g).prints) == len(g.history)
    assert S.load_game(tmp_path, "ian").game.depth == 2
