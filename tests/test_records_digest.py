"""Records state the state digest version of their hashes, and verify computes that one.

Records made before the digest was versioned (file versions 1 and 2) say nothing: their
checkpoints and final state hash are digest version 1's, and they must go on verifying
(a player's old proof may not turn into "diverged"). New records are file version 3 with
`hash_version` 3 (the luck queue, issue 26); those made with `hash_version` 2 go on
verifying in it. tests/fixtures/digest-v1.replay.json was written by main's code at
6fd3123, before the change; if a rule change ever makes its game diverge, remake it with
records_util.digest_v1_doc (which writes what that code wrote, as the tests here check).
tests/fixtures/digest-v2.replay.json was first written by main's code at a96ae6f, in
digest 2, before the luck queue (and the digest 2 the luck queue computes matched it); the
party moving together (issue 26) changed that game, so it was remade the same way, with
`records.recorder.attach(game, 10, version=2)`: the bot's game "digest-v2-4" (luck_prompt
"ask"), 400 actions, a checkpoint every 10, three of them while a roll waited on luck. The
event marker's chart face rolled before its check (playtest finding 4) changed that game:
it was remade so from "digest-v2-1", the first such seed with three checkpoints taken
while a roll waited. Merging that with Pillagers keeping their distance ceasing to be foes
and staying engaged while a delver stands beside them (issue 26) changed it again: remade
so from "digest-v2-3", 400 actions, the first seed with three such checkpoints (digest-v1
remade too, with digest_v1_doc). If a rule change makes it diverge, remake it so again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from records_util import bot_game, digest_v1_doc

from roguelike.bot import player as bot
from roguelike.engine.actions.abandon import Quit
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.luck_queue import waiting
from roguelike.engine.game import Game
from roguelike.engine.state import DIGEST_VERSION
from roguelike.records.capture import capture
from roguelike.records.codec import RecordError, checksum, decode, encode
from roguelike.records.recorder import attach
from roguelike.records.replay import read_record, verify_file, write_replay
from roguelike.records.resim import resimulate
from roguelike.records.save import read_save, save_game

FIXTURE = Path(__file__).parent / "fixtures" / "digest-v1.replay.json"
FIXTURE_V2 = Path(__file__).parent / "fixtures" / "digest-v2.replay.json"


@pytest.fixture(scope="module")
def game():
    """The fixture's game played today: 160 bot actions, a checkpoint every 25."""
    game = bot.bot_game("digest-v1-3")
    attach(game, 25)
    return bot.play(game, 160)


def _write(path: Path, doc: dict) -> Path:
    path.write_text(json.dumps(doc))
    return path


def _verified(result: dict) -> None:
    assert result["verified"] is True, result


def test_the_record_main_wrote_before_the_change_still_verifies() -> None:
    doc = json.loads(FIXTURE.read_bytes())
    assert doc["version"] == 2 and "hash_version" not in doc["body"]
    result = verify_file(FIXTURE)
    _verified(result)
    assert result["hash_version"] == 1
    assert result["state_hash"] == doc["body"]["final"]["state_hash"]
    # its six checkpoints were compared in digest 1; today's digest tells the game apart
    record = read_record(FIXTURE)
    assert record.hash_version == 1 and len(record.checkpoints) == 6
    replayed = resimulate(record)
    assert replayed.state_hash(1) == record.final.state_hash != replayed.state_hash()


def test_a_record_main_wrote_in_digest_2_still_verifies() -> None:
    """Digest 2 took in the roll waiting on luck as a `PendingLuck` component on its
    delver; digest 3 keeps it in the luck queue, and digest 2 is still computed from it:
    the fixture's checkpoints taken while a roll waited are held to main's hashes."""
    doc = json.loads(FIXTURE_V2.read_bytes())
    assert doc["version"] == 3 and doc["body"]["hash_version"] == 2
    result = verify_file(FIXTURE_V2)
    _verified(result)
    assert result["hash_version"] == 2
    record = read_record(FIXTURE_V2)
    paused = _checkpoints_while_waiting(record)
    assert len(paused) == 3, paused
    replayed = resimulate(record)
    assert replayed.state_hash(2) == record.final.state_hash != replayed.state_hash()


def _checkpoints_while_waiting(record) -> list[int]:
    game = Game(record.seed, record.party, options=GameOptions(**(record.options or {})))
    paused = []
    for n, action in enumerate(record.actions, 1):
        game.perform(action)
        if n in record.checkpoints and waiting(game):
            assert record.checkpoints[n] == game.state_hash(2)
            paused.append(n)
    return paused


def test_digest_v1_doc_writes_what_main_wrote(game) -> None:
    """The helper that makes old-style files is held to the file main's code wrote."""
    old = json.loads(FIXTURE.read_bytes())
    made = digest_v1_doc(game, every=25)
    for body in (old["body"], made["body"]):
        body.pop("saved_at"), body.pop("player")
    assert made["body"] == old["body"] and made["version"] == old["version"]


@pytest.mark.parametrize("file_version", [1, 2])
def test_an_old_record_made_in_digest_1_verifies(tmp_path, game, file_version) -> None:
    path = _write(tmp_path / "old.json", digest_v1_doc(game, every=25,
                                                       file_version=file_version))
    result = verify_file(path)
    _verified(result)
    assert result["hash_version"] == 1


def test_an_old_record_s_hashes_are_still_checked(tmp_path, game) -> None:
    """Digest 1 is computed, not trusted: a wrong checkpoint or final hash is refused."""
    doc = digest_v1_doc(game, every=25)
    doc["body"]["checkpoints"][2][1] = "0" * 32
    doc["checksum"] = checksum(doc["body"])
    result = verify_file(_write(tmp_path / "cp.json", doc))
    assert result["verified"] is False and result["diverged_at"]["index"] == 74, result
    doc = digest_v1_doc(game, every=25)
    doc["body"]["final"]["state_hash"] = game.state_hash()  # today's digest, claimed as v1's
    doc["checksum"] = checksum(doc["body"])
    result = verify_file(_write(tmp_path / "final.json", doc))
    assert result["verified"] is False and result["claim"] == "final.state_hash", result


def test_a_new_record_is_version_3_in_digest_3_and_verifies(tmp_path, game) -> None:
    path = write_replay(game, tmp_path / "new.replay.json")
    doc = json.loads(path.read_bytes())
    assert doc["version"] == 3 and doc["body"]["hash_version"] == DIGEST_VERSION == 3
    assert doc["body"]["final"]["state_hash"] == game.state_hash() != game.state_hash(1)
    assert {n: h for n, h in doc["body"]["checkpoints"]}[150] != \
        json.loads(FIXTURE.read_bytes())["body"]["checkpoints"][5][1]
    result = verify_file(path)
    _verified(result)
    assert result["hash_version"] == 3 and result["state_hash"] == game.state_hash()


def test_a_new_record_claiming_digest_1_is_refused(tmp_path, game) -> None:
    """The version is part of the claim: digest 3 hashes said to be digest 1's fail."""
    doc = json.loads(write_replay(game, tmp_path / "n.json").read_bytes())
    doc["body"]["hash_version"] = 1
    doc["checksum"] = checksum(doc["body"])
    result = verify_file(_write(tmp_path / "lie.json", doc))
    assert result["verified"] is False and result["diverged_at"]["index"] == 24, result


@pytest.mark.parametrize(("value", "words"), [
    (4, "digest version 4, which this game cannot check (it computes versions 1, 2, 3"),
    (99, "digest version 99"),
    (0, "hash_version is not a whole number in range"),
    ("2", "hash_version is not a whole number in range"),
    (True, "hash_version is not a whole number in range"),
    (None, "hash_version is not a whole number in range"),
])
def test_an_unknown_digest_version_is_refused_clearly(tmp_path, game, value, words) -> None:
    doc = json.loads(write_replay(game, tmp_path / "n.json").read_bytes())
    doc["body"]["hash_version"] = value
    doc["checksum"] = checksum(doc["body"])
    path = _write(tmp_path / "unknown.json", doc)
    with pytest.raises(RecordError, match=words.replace("(", r"\(")):
        decode(path.read_bytes())
    result = verify_file(path)
    assert result["verified"] is False and words in result["reason"], result


def test_the_digest_version_is_where_its_file_version_says(tmp_path, game) -> None:
    """Version 3 must state it; versions 1 and 2 may not (each a clear refusal)."""
    doc = json.loads(write_replay(game, tmp_path / "n.json").read_bytes())
    del doc["body"]["hash_version"]
    doc["checksum"] = checksum(doc["body"])
    with pytest.raises(RecordError, match="the body has fields"):
        decode(json.dumps(doc).encode())
    old = digest_v1_doc(game)
    old["body"]["hash_version"] = 1
    old["checksum"] = checksum(old["body"])
    with pytest.raises(RecordError, match="the body has fields"):
        decode(json.dumps(old).encode())


def test_an_old_record_read_and_written_again_keeps_its_digest(tmp_path, game) -> None:
    for file_version in (1, 2):
        data = json.dumps(digest_v1_doc(game, file_version=file_version)).encode()
        again = decode(encode(decode(data)))
        assert again.hash_version == 1 and again == decode(data)


def test_verify_on_the_command_line_takes_old_and_new(cli, tmp_path, game) -> None:
    new = write_replay(game, tmp_path / "new.replay.json")
    for path, version in ((FIXTURE, 1), (FIXTURE_V2, 2), (new, 3)):
        out = cli("verify", str(path))
        assert out.returncode == 0, out.stdout + out.stderr
        last = json.loads(out.stdout.strip().splitlines()[-1])
        assert last["verified"] is True and last["hash_version"] == version
    doc = json.loads(new.read_bytes())
    doc["body"]["hash_version"] = 7
    doc["checksum"] = checksum(doc["body"])
    out = cli("verify", str(_write(tmp_path / "seven.json", doc)))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    last = json.loads(out.stdout.strip().splitlines()[-1])
    assert last["verified"] is False and "digest version 7" in last["reason"]


# ----- saves -----------------------------------------------------------------------------
ROUND_TRIP = ("mode", "current", "deepest", "outcome", "kills", "party", "depth", "round",
              "turn_index", "order", "led", "actions_taken", "over", "stuck_rounds",
              "last_squares")


def _same_game(a, b) -> None:
    for name in ROUND_TRIP:
        assert getattr(a, name) == getattr(b, name), name
    assert a.options.to_dict() == b.options.to_dict()
    assert sorted(a.levels) == sorted(b.levels)
    for depth in a.levels:
        assert (a.levels[depth].explored == b.levels[depth].explored).all(), depth
    assert a.state_hash() == b.state_hash()


def test_a_save_round_trip_keeps_every_hashed_field(tmp_path) -> None:
    """A game below depth 1, mid-fight, with kills: saved, loaded, the same in each field
    digest 2 added (a save is its actions re-played, so nothing is left behind)."""
    game = bot_game("e-1", actions=900, budget=0)  # (650 before the party moved as one)
    assert game.deepest >= 2 and game.kills > 0 and game.current is not None
    _same_game(game, read_save(save_game(game, tmp_path, "ivy")))


def test_a_replay_round_trip_keeps_the_end_of_a_game() -> None:
    """A game that ended (a save refuses it): its outcome and the rest come back."""
    over = bot_game("digest-v1-3", actions=160)
    over.perform(Quit())
    assert over.over and over.outcome == "quit"
    _same_game(over, resimulate(capture(over, "replay")))


def test_an_old_save_resumed_and_saved_again_still_verifies(tmp_path, game) -> None:
    """A digest 1 save comes back with a digest 1 recorder: saved again, every hash in it
    is digest 1's and it says so."""
    doc = digest_v1_doc(game, kind="save", every=25)
    loaded = read_save(_write(tmp_path / "old.save.json", doc))
    bot_game(actions=40, game=loaded, record=False)
    again = save_game(loaded, tmp_path, "ivy")
    assert decode(again.read_bytes()).hash_version == 1
    _verified(verify_file(again))


def test_an_old_save_s_game_finished_twice_scores_once(tmp_path, game) -> None:
    """finish_game knows its own replay again (a crash between the score row and the
    save's retirement) by the replay's final hash, computed in the replay's digest."""
    from roguelike.records.finish import finish_game
    from roguelike.records.scores import top_scores

    loaded = read_save(_write(tmp_path / "old.save.json",
                              digest_v1_doc(game, kind="save", every=25)))
    loaded.perform(Quit())
    first = finish_game(loaded, tmp_path, player="Eve")
    assert decode(first.replay.read_bytes()).hash_version == 1
    again = finish_game(loaded, tmp_path, player="Eve")
    assert again.score_id == first.score_id and len(top_scores(tmp_path)) == 1
    _verified(verify_file(first.replay))


def test_the_replay_screen_plays_an_old_record_to_its_end() -> None:
    """The replay player checks the checkpoints as it steps, in the record's digest."""
    from roguelike.records.replay import ReplayPlayer

    player = ReplayPlayer.open(FIXTURE)
    player.jump_to(player.total)
    assert player.finished and player.error == "" and player.position == 160
    player.jump_to(30)  # (back: re-simulated from the start, checkpoint 25 again)
    assert player.error == "" and player.position == 30
