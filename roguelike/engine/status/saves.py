"""Saving throws: Classic d20 categories (stone, death, breath, wands, spells) and the
Traps & Treasure d6 checks on current Might and Wits (the fight's `checks.d6_check`, so
conditions, fatigue and pledged luck count; the d20 roll takes none of them).

Characters save as their Classic class (content/tables/saves.toml maps ours to its) at their
level; monsters save as fighters of their Hit Dice (Classic).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Character, MonsterStats
from roguelike.core.events import Event
from roguelike.engine.base.stats import NO_SAVE, attribute, name_of
from roguelike.engine.status.checks import d6_check

if TYPE_CHECKING:
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.base.views import StoreAndContent
    from roguelike.engine.game import Game

D6_SAVES = ("might", "wits")
CLASSIC_SAVES = ("stone", "death", "breath", "wands", "spells")


def character_level(store: EntityStore, eid: int) -> int:
    char = store.try_get(eid, Character)
    return max(1, getattr(char, "level", 1)) if char else 1


def save_target(game: StoreAndContent, eid: int, category: str) -> int:
    """What the d20 (Classic) or d6 (might/wits) must reach."""
    if category in D6_SAVES:
        return attribute(game.store, eid, category)
    tables = game.content.saves
    char = game.store.try_get(eid, Character)
    if char is not None:
        return tables.target(tables.class_map[char.klass], character_level(game.store, eid),
                             category)
    stats = game.store.get(eid, MonsterStats)
    return tables.target("fighter", max(1, stats.hit_dice), category)


def saving_throw(game: Game, eid: int, category: str, bonus: int = 0
                 ) -> tuple[bool, list[Event]]:
    """Roll a save; returns whether it succeeded and the event that explains the roll."""
    need = save_target(game, eid, category)
    name = name_of(game.store, eid)
    if category in D6_SAVES:
        if need >= NO_SAVE:
            return False, [Event("save_roll", f"{name} has no {category.capitalize()} save.",
                                 eid, need=need)]
        # the fight's d6 check: conditions, fatigue, pledged luck, natural 1 and 6
        chk = d6_check(game, eid, need, category.capitalize(), bonus)
        verdict = "saves" if chk.ok else "fails"
        botch = " (a natural 1)" if chk.botch and not chk.ok else ""
        botch += ", a critical failure" if chk.critical_failure else ""
        return chk.ok, [Event("save_roll", f"{name} {verdict} ({chk.label}: rolled "
                              f"{chk.shown} vs {need}){botch}.", eid, roll=chk.roll, need=need)]
    if category in CLASSIC_SAVES:
        roll = game.streams.play.d(20)
        ok = roll + bonus >= need
        label = f"save vs {category}"
    else:
        raise ValueError(f"unknown save category {category!r}")
    shown = f"{roll}{bonus:+d}" if bonus else str(roll)
    verdict = "saves" if ok else "fails"
    return ok, [Event("save_roll", f"{name} {verdict} ({label}: rolled {shown} vs {need}).",
                      eid, roll=roll, need=need)]
