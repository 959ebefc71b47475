"""Issue 31: a Pillager kept from its way waits again without deciding afresh
(pillagers.WAITS), while nothing its decision reads has changed; under
ROGUELIKE_CHECK_KEPT the decision is made afresh as well and must be that very Wait."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.corpus import load, manifest  # noqa: E402
from roguelike.core.components import Actor, Position  # noqa: E402
from roguelike.core.events import Event  # noqa: E402
from roguelike.core.explore_components import Haul  # noqa: E402
from roguelike.engine.base.kept import StaleAnswer  # noqa: E402
from roguelike.engine.game import Game  # noqa: E402
from roguelike.engine.monsters import pillagers  # noqa: E402
from roguelike.engine.monsters.pillager_maps import (  # noqa: E402
    goal_map,
    loot_targets,
    steps_from,
)
from roguelike.records.resim import resimulate  # noqa: E402


def _blocked() -> tuple[Game, int, int]:
    """corpus-0 823 actions in, where a Pillager waits behind another creature: the
    game, the Pillager and the creature on its one step (its Wait kept)."""
    game = resimulate(load(manifest()[0]), upto=823, check_claims=False)
    waits = game.kept.values[pillagers.WAITS.name]
    for eid, key in waits.items():
        pos = game.store.get(eid, Position)
        loot = loot_targets(game)
        goal = goal_map(game, "camp", game.level) if game.store.get(eid, Haul).hauling \
            else loot[1]
        if key != pillagers._wait_key(game, eid, True) or goal is None:
            continue
        _here, options = steps_from(game, goal, pos.x, pos.y)
        blockers = [game.creature_at(x, y) for (x, y), _dx, _dy in options]
        if options and all(blockers):
            game.kept.in_run = True  # (its turn begun, as the turn loop does)
            act = game.store.get(eid, Actor)
            act.actions_left, act.move_points = game.content.rules.actions_per_turn, 0
            return game, eid, blockers[0] or 0
    raise AssertionError("no Pillager waiting behind a creature: pick another action")


def _move_away(game: Game, eid: int) -> None:
    """Put `eid` on a free floor square far off, by hand (no rule told of it)."""
    pos = game.store.get(eid, Position)
    taken = game.creature_squares()
    for y in range(game.level.height - 1, 0, -1):
        for x in range(game.level.width - 1, 0, -1):
            if game.level.is_walkable(x, y) and (x, y) not in taken \
                    and max(abs(x - pos.x), abs(y - pos.y)) > 3:
                pos.x, pos.y = x, y
                game.kept.values.pop("creature_squares", None)  # (its own answer goes)
                return
    raise AssertionError("no free square")


def test_a_blocked_pillager_waits_again_without_deciding(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    game, eid, _blocker = _blocked()

    def decide(*_args: object) -> tuple[list[Event], bool]:
        raise AssertionError("decided afresh")

    monkeypatch.setattr(pillagers, "_decide", decide)
    events = pillagers.take_action(game, eid)
    assert [e.kind for e in events] == ["wait"]


def test_a_move_told_of_makes_it_decide_afresh_and_step() -> None:
    game, eid, blocker = _blocked()
    _move_away(game, blocker)
    game.kept.note_move(blocker)  # (what Game.on_moved tells)
    events = pillagers.take_action(game, eid)
    assert events[0].kind == "move" and events[0].actor == eid


def test_a_kept_wait_gone_wrong_fails_under_the_check() -> None:
    """The way opened with nobody told: the kept Wait is wrong, and the check finds it
    (without the check it would be returned: what the check is for)."""
    game, eid, blocker = _blocked()
    _move_away(game, blocker)
    game.kept.check = True
    with pytest.raises(StaleAnswer, match="pillager_waits"):
        pillagers.take_action(game, eid)


def test_outside_the_turn_loop_nothing_is_kept() -> None:
    game, eid, blocker = _blocked()
    game.kept.in_run = False
    _move_away(game, blocker)
    events = pillagers.take_action(game, eid)
    assert events[0].kind == "move"
