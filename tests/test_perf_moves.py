"""The answers the turn loop keeps and brings up to date from who moved (Kept.moved, the
creatures on_moved was called for within one turn loop) equal full scans, at every call of long
bot games: Game.creature_squares and Game.hostiles_in_loop, with the list of moves as long
as the game keeps it and cut short (MOVED_KEEP) so that it is forgotten often."""

from __future__ import annotations

import pytest

from roguelike.bot.player import play
from roguelike.core.components import Actor, Position
from roguelike.core.events import Event
from roguelike.engine.base import kept as kept_module
from roguelike.engine.game import Game
from roguelike.engine.turns import turn_loop as loop_module


def _squares_directly(game: Game) -> set[tuple[int, int]]:
    return {(p.x, p.y) for _e, _a, p in game.store.query(Actor, Position)
            if p.depth == game.depth}


def _seen_directly(game: Game) -> list[int]:
    view = game.visible
    return [e for e, actor, pos in game.store.query(Actor, Position)
            if actor.side != "party" and pos.depth == game.depth and view[pos.y, pos.x]]


@pytest.mark.parametrize(("seed", "keep"), [("bench-throughput-0", 512), ("bench-0", 512),
                                            ("x-1", 512), ("bench-throughput-2", 3)])
def test_kept_squares_and_hostiles_match_full_scans(monkeypatch: pytest.MonkeyPatch,
                                                    seed: str, keep: int) -> None:
    monkeypatch.setattr(kept_module, "MOVED_KEEP", keep)
    real_squares, real_seen = Game.creature_squares, Game.hostiles_in_loop
    real_act = loop_module.ai.take_action
    counts = {"updated": 0, "kept": 0, "made": 0, "seen": 0}

    def squares(game: Game) -> set[tuple[int, int]]:
        before = game.kept.values.get("creature_squares")
        out = real_squares(game)
        assert out == _squares_directly(game), f"round {game.round}: stale squares"
        after = game.kept.values.get("creature_squares")
        if before is not None and after is not None and before[4] is after[4]:
            counts["kept" if before[3] == after[3] else "updated"] += 1
        else:
            counts["made"] += 1
        return out

    def seen(game: Game) -> list[int]:
        out = real_seen(game)
        assert out == _seen_directly(game), f"round {game.round}: stale hostiles"
        counts["seen"] += 1
        return out

    def take_action(game: Game, eid: int, act: Actor | None = None) -> list[Event]:
        events = real_act(game, eid, act)
        squares(game)  # (asked after every creature's action too, not only a Pillager's)
        return events

    monkeypatch.setattr(Game, "creature_squares", squares)
    monkeypatch.setattr(Game, "hostiles_in_loop", seen)
    monkeypatch.setattr(loop_module.ai, "take_action", take_action)
    play(Game(seed), 2000)
    assert counts["updated"] > 100 and counts["kept"] > 100 and counts["made"] > 20
    assert counts["seen"] > 1000


def test_two_creatures_on_one_square_leave_it_taken_until_both_go() -> None:
    """The kept squares count the creatures on each square: one leaving a shared square
    (a swap's midpoint, a creature set down on another) leaves it taken."""
    game = Game("bench-0")
    positions = game.store.table(Position)
    a, b = game.party[0], game.party[1]
    game.kept.in_run = True  # (as inside the turn loop, where the answer is kept)
    try:
        pa, pb = positions[a], positions[b]
        start_b = (pb.x, pb.y)
        pb.x, pb.y = pa.x, pa.y
        game.on_moved(b)
        assert game.creature_squares() == _squares_directly(game)
        del game.kept.values["creature_squares"]
        assert game.creature_squares() == _squares_directly(game)  # both on one square
        pb.x, pb.y = start_b
        game.on_moved(b)
        assert game.creature_squares() == _squares_directly(game)
        assert (pa.x, pa.y) in game.creature_squares()
        pa.x, pa.y = start_b
        game.on_moved(a)
        assert game.creature_squares() == _squares_directly(game)
    finally:
        game.kept.in_run = False
