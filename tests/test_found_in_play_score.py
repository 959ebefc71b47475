"""Issue 26 §2: "An end screen's 230 gp banked that the bank messages (90 gp) do not explain".

Where the other gold came from: every banking says so in a message (the sum of all bank
messages always equals the banked score), but the message history keeps only the last
LOG_KEEP messages, so in a long game the early bankings are gone from it (and one made on
leaving the dungeon is covered at once by the end screen). Not a scoring bug: the game now
keeps every banking (game.bankings, a record rebuilt by any replay), the end screen and the
morgue list them, and here the score's parts are checked against them."""

from __future__ import annotations

from roguelike.bot.player import bot_game, play
from roguelike.engine.game import LOG_KEEP
from roguelike.records.capture import capture
from roguelike.records.morgue import morgue_text
from roguelike.records.resim import resimulate
from roguelike.records.score import banking_lines

SEED = "bk-0"  # the bot banks at least seven times in its first 4,000 actions


def test_the_bankings_make_the_treasure_score_where_the_log_cannot():
    game = bot_game(SEED, None)
    play(game, 4000)
    parts = game.score_parts()
    bank_events = [e for _r, _d, e in game.bankings]
    assert len(bank_events) >= 5
    assert sum(e.roll for e in bank_events) == parts["treasure_gp"] > 0
    # each says the total banked so far: the last says the score's treasure part
    assert bank_events[-1].text.endswith(f"Banked: {parts['treasure_gp']} gp.")
    # what the tester saw: the log holds only its last messages, and fewer gp than banked
    assert len(game.log) == LOG_KEEP
    in_log = sum(e.roll for e in game.log if e.kind in ("bank", "victory"))
    assert in_log < parts["treasure_gp"]
    lines = banking_lines(game)
    assert lines[-1] == (f"In all: {parts['treasure_gp']} gp banked, "
                         f"{len(bank_events)} times.")
    morgue = morgue_text(game)
    for line in lines:
        assert f"  {line}" in morgue
    # a replay of the record (Continue, Recover, verify) has the same bankings
    again = resimulate(capture(game, "replay", ""), check_claims=False)
    assert [(r, d, e.text) for r, d, e in again.bankings] == \
        [(r, d, e.text) for r, d, e in game.bankings]
