"""`verify` checks every claim a record makes, and no record carries control characters.

Each test edits one claim of a real replay, re-signs the checksum (so only re-simulation can
tell) and expects `verify` to refuse it, naming the claim and both values, with a non-zero
exit on the command line.
"""

from __future__ import annotations

import json

import pytest
from records_util import bot_game, digest_v1_doc

from roguelike.records.codec import checksum, decode
from roguelike.records.replay import verify_file, write_replay
from roguelike.records.scores import add_score, format_table, top_scores
from roguelike.records.text import control_problem, printable

# a colour change and an OSC window-title change, as a hostile replay would carry them
RED = "\x1b[31mred\x1b[0m"
TITLE = "\x1b]0;pwned\x07"


@pytest.fixture(scope="module")
def replay(tmp_path_factory):
    """A replay past its first checkpoint (500 actions) that went below depth 1."""
    # (e-1 until the party moved as one, issue 26: its party now reaches depth 2 later)
    game = bot_game("e-3", actions=650, budget=0)
    assert len(game.history) > 500 and game.deepest >= 2 and game.kills >= 0
    path = tmp_path_factory.mktemp("claims") / "game.replay.json"
    write_replay(game, path, player="ann")
    return path, game


def _edited(tmp_path, path, edit, name="edited.json"):
    doc = json.loads(path.read_bytes())
    edit(doc["body"])
    doc["checksum"] = checksum(doc["body"])
    out = tmp_path / name
    out.write_text(json.dumps(doc))
    return out


def _set(where: str, value):
    def edit(body):
        part, key = where.split(".")
        body[part][key] = value(body[part][key]) if callable(value) else value
    return edit


# every claim of the file about the game's end, and an edit that makes it false
FINAL_EDITS = {
    "final.round": lambda v: v + 3,
    "final.depth": lambda v: v + 1,
    "final.deepest": lambda v: 12,
    "final.over": lambda v: not v,
    "final.outcome": lambda v: "victory",
    "final.kills": lambda v: v + 5,
    "final.state_hash": lambda v: "0" * 32,
}


def test_the_untouched_replay_verifies_and_reports_every_claim(replay):
    path, game = replay
    result = verify_file(path)
    assert result["verified"] is True, result
    assert (result["depth"], result["turns"], result["outcome"], result["kills"]) == \
        (game.deepest, game.round, game.outcome, game.kills)
    assert result["score_parts"] == game.score_parts()
    assert decode(path.read_bytes()).final.deepest == game.deepest


@pytest.mark.parametrize("claim", sorted(FINAL_EDITS))
def test_each_final_claim_edited_is_refused_naming_it_and_both_values(tmp_path, replay,
                                                                      claim):
    path, _game = replay
    original = json.loads(path.read_bytes())["body"]["final"][claim.split(".")[1]]
    bad = _edited(tmp_path, path, _set(claim, FINAL_EDITS[claim]))
    result = verify_file(bad)
    assert result["verified"] is False
    assert result["claim"] == claim, result
    assert result["actual"] == original and result["claimed"] != original
    assert claim in result["reason"] and repr(result["claimed"]) in result["reason"]
    assert repr(original) in result["reason"]


def test_each_score_part_edited_is_refused(tmp_path, replay):
    path, game = replay
    for part, value in game.score_parts().items():
        bad = _edited(tmp_path, path, _set(f"score.{part}", value + 7), f"{part}.json")
        result = verify_file(bad)
        assert result["verified"] is False and result["claim"] == f"score.{part}", result
        assert (result["claimed"], result["actual"]) == (value + 7, value)
    extra = _edited(tmp_path, path, lambda b: b["score"].update(bonus=500), "extra.json")
    result = verify_file(extra)
    assert result["verified"] is False and result["claim"] == "score.bonus"
    assert (result["claimed"], result["actual"]) == (500, None)


def test_the_command_line_refuses_an_edited_claim_with_a_non_zero_exit(cli, tmp_path, replay):
    path, _game = replay
    bad = _edited(tmp_path, path, _set("final.outcome", "victory"))
    out = cli("verify", str(bad))
    assert out.returncode == 1
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["verified"] is False and result["claim"] == "final.outcome"
    assert "final.outcome" in out.stderr and "'victory'" in out.stderr


def test_a_missing_or_edited_checkpoint_is_refused(tmp_path, replay):
    path, _game = replay
    dropped = _edited(tmp_path, path, lambda b: b.__setitem__("checkpoints", []), "cp0.json")
    result = verify_file(dropped)
    assert result["verified"] is False and result["claim"] == "checkpoints", result

    def wrong_hash(body):
        body["checkpoints"][0][1] = "f" * 32
    result = verify_file(_edited(tmp_path, path, wrong_hash, "cp1.json"))
    n = json.loads(path.read_bytes())["body"]["checkpoints"][0][0]
    assert result["verified"] is False and result["diverged_at"]["index"] == n - 1
    assert "checksum" in result["reason"]


def test_other_game_content_is_refused(tmp_path, replay):
    path, _game = replay
    bad = _edited(tmp_path, path, lambda b: b.__setitem__("content_digest", "abc123"))
    result = verify_file(bad)
    assert result["verified"] is False and result["claim"] == "content_digest"
    assert result["claimed"] == "abc123" and result["actual"] != "abc123"


@pytest.mark.parametrize("index", [3, 250, 640])
def test_an_action_whose_round_was_edited_is_refused_at_that_action(tmp_path, replay, index):
    """The round check in resim.step is the only thing that catches this: the fingerprint
    is taken from the game, not from the file."""
    path, _game = replay
    doc = json.loads(path.read_bytes())
    was = doc["body"]["actions"][index][0]

    def edit(body):
        body["actions"][index][0] = was + 1
    result = verify_file(_edited(tmp_path, path, edit))
    assert result["verified"] is False, result
    assert result["diverged_at"]["index"] == index and "round" in result["reason"]


def test_an_action_whose_fingerprint_was_edited_is_refused_at_that_action(tmp_path, replay):
    path, _game = replay

    def edit(body):
        body["actions"][77][2] ^= 1
    result = verify_file(_edited(tmp_path, path, edit))
    assert result["verified"] is False and result["diverged_at"]["index"] == 77


def test_a_version_1_file_still_verifies_and_its_claims_are_checked(tmp_path, replay):
    _path, game = replay
    doc = digest_v1_doc(game, file_version=1)  # (its hashes are state digest version 1's)
    old = tmp_path / "v1.json"
    old.write_text(json.dumps(doc))
    assert verify_file(old)["verified"] is True
    doc["body"]["final"]["outcome"] = "victory"
    doc["checksum"] = checksum(doc["body"])
    old.write_text(json.dumps(doc))
    assert verify_file(old)["claim"] == "final.outcome"


# ----- control characters ------------------------------------------------------------------
def _text_edits():
    def action_text(body):
        i = next(i for i, a in enumerate(body["actions"]) if a[1]["kind"] == "stairs")
        body["actions"][i][1]["direction"] = "down" + RED
    return {
        "player red": lambda b: b.__setitem__("player", RED),
        "player title": lambda b: b.__setitem__("player", "ann" + TITLE),
        "saved_at": lambda b: b.__setitem__("saved_at", TITLE),
        "game_version": lambda b: b.__setitem__("game_version", "1.0\x1b[2J"),
        "content_digest": lambda b: b.__setitem__("content_digest", "ab\x9bcd"),
        "party role": lambda b: b["party"][0].__setitem__(0, "Leader\x1b[5m"),
        "options": lambda b: b["options"].update({"luck": "ask\x07"}),
        "score part": lambda b: b["score"].update({"gold\x1b[1m": 1}),
        "outcome": lambda b: b["final"].__setitem__("outcome", "defeat\u202e"),
        "action text": action_text,
    }


@pytest.mark.parametrize("where", sorted(_text_edits()))
def test_control_characters_anywhere_in_a_file_are_refused(tmp_path, replay, where):
    path, _game = replay
    result = verify_file(_edited(tmp_path, path, _text_edits()[where]))
    assert result["verified"] is False, result
    assert "control character" in result["reason"], result["reason"]


def test_a_hostile_player_name_never_reaches_the_terminal_raw(cli, tmp_path, replay):
    path, _game = replay
    bad = _edited(tmp_path, path, lambda b: b.__setitem__("player", RED + TITLE))
    out = cli("verify", str(bad))
    assert out.returncode == 1
    assert "player" in out.stderr and "U+001B" in out.stderr
    assert "\x1b" not in out.stdout + out.stderr and "\x07" not in out.stdout + out.stderr
    watch = cli("replay", str(bad))
    assert watch.returncode == 2 and "control character" in watch.stderr
    assert "\x1b" not in watch.stdout + watch.stderr


def test_the_scores_table_defuses_text_from_the_database(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))
    add_score(tmp_path, player="eve" + TITLE, seed="x-1", parts={"total": 5}, depth=1,
              turns=3, outcome="defeat" + RED, replay="r", game_version="0",
              ended_at="2026-01-01T00:00:00Z")
    table = format_table(top_scores(tmp_path))
    assert "\x1b" not in table and "\x07" not in table and "eve\\x1b]0;pwned" in table
    out = cli("scores")
    assert out.returncode == 0 and "\x1b" not in out.stdout and "eve\\x1b" in out.stdout


def test_printable_and_control_problem():
    assert printable("plain name") == "plain name"
    assert printable(TITLE) == "\\x1b]0;pwned\\x07"
    assert printable("a\u202eb\x9b") == "a\\u202eb\\x9b"
    assert control_problem("Ann O'Neil, Zoë") is None
    assert "U+001B" in (control_problem(RED) or "")


async def test_the_lobby_lists_defuse_hostile_text():
    """Names, seeds and key comments reach the hosted lobby from accounts and files."""
    from textual.app import App
    from textual.widgets import OptionList, Static

    from roguelike.ui.lobby import Keys, Scores, WatchList

    live = [{"id": 1, "player": "eve" + TITLE, "seed": "x-1" + RED, "depth": 2, "idle": 5,
             "watchers": 0}]
    screens = [WatchList(live), Keys([{"id": 3, "key": "ssh-ed25519 AAAA", "comment": TITLE}]),
               Scores({"scores": [{"score": 9, "player": RED, "seed": "s[b]", "depth": 1}]})]

    class Host(App[None]):
        pass

    app = Host()
    async with app.run_test() as pilot:
        for screen in screens:
            await app.push_screen(screen)
            await pilot.pause()
            shown = [str(o.prompt) for lst in screen.query(OptionList)
                     for o in lst.options]
            shown += [str(s.content) for s in screen.query(Static)]
            text = "\n".join(shown)
            assert "\x1b" not in text and "\x07" not in text, text
            assert "\\x1b" in text
            app.pop_screen()
