"""Helpers for the records tests: short bot games played with a recorder attached."""

from __future__ import annotations

from typing import Any

import roguelike.bot.player as bot_mod
from roguelike.engine.actions.basic import Wait
from roguelike.engine.game import Game
from roguelike.engine.rule_registry import action_from_dict
from roguelike.records.capture import capture
from roguelike.records.codec import FINAL_V1, body_of, checksum
from roguelike.records.recorder import CHECKPOINT_EVERY, attach


def bot_game(seed: str = "e-1", actions: int = 120, budget: int | None = None,
             until_depth: int = 0, record: bool = True, game: Game | None = None) -> Game:
    """A bot game; `budget` overrides the bot's per-level budget (0 = head for the stairs)."""
    game = game or Game(seed)
    if record:
        attach(game)
    old = bot_mod.LEVEL_BUDGET
    if budget is not None:
        bot_mod.LEVEL_BUDGET = budget
    try:
        bot = bot_mod.Bot()
        sent = 0
        while sent < actions and not game.over and not (until_depth and
                                                        game.depth >= until_depth):
            before = game.actions_taken
            game.perform(bot.choose(game))
            if game.actions_taken == before:
                game.perform(Wait())
            sent += 1
    finally:
        bot_mod.LEVEL_BUDGET = old
    return game


def descending_seed(candidates: tuple[str, ...] = tuple(f"e-{i}" for i in range(1, 40))
                    ) -> str:
    """The first seed on which the hurrying bot (budget 0) reaches depth 3. The tests using
    it check properties that hold on any such seed; rule changes move which seed that is."""
    for seed in candidates:
        game = bot_game(seed, actions=1500, budget=0, until_depth=3, record=False)
        if game.depth == 3:
            return seed
    raise AssertionError("no candidate seed reaches depth 3")


def digest_v1_doc(game: Game, kind: str = "replay", every: int = CHECKPOINT_EVERY,
                  file_version: int = 2) -> dict[str, Any]:
    """The record of `game` as the code before the state digest was versioned wrote it:
    file version 2 (or 1: no deepest and kills claims), no `hash_version`, every
    checkpoint and the final state hash in state digest version 1 (its actions re-played
    in a game recorded with digest 1). tests/fixtures/digest-v1.replay.json was written by
    that code itself; this makes such files for any game."""
    shadow = Game(game.seed, game.party_spec, options=game.options)
    attach(shadow, every, version=1)
    for _round, data in game.history:
        shadow.perform(action_from_dict(data))
    body = body_of(capture(shadow, kind, player="old"))
    assert body.pop("hash_version") == 1
    if file_version == 1:
        body["final"] = {k: body["final"][k] for k in FINAL_V1}
    return {"format": "traps-and-treasure-record", "version": file_version, "body": body,
            "checksum": checksum(body)}
