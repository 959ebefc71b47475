"""Status conditions (DungeonPunk's nineteen, Traps & Treasure's Unconscious, Slow,
Confused and Disabled, plus Burning and Surprised): adding, ending, and what they do to
turns, moves, attacks and checks. Their numbers live in content/conditions.toml `play`.
What they do as turns and rounds pass (burning, bleeding, shaking off, ticking down) is
engine/turns/condition_turns.py's, which builds on the wounds and healing these rules sit under.

Durations are in rounds and tick down when a round starts; -1 lasts until the condition's
own end (a save, an action, healing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.content.fight_tables import ConditionDef, ConditionPlay
from roguelike.core.components import Actor, Conditions, Position
from roguelike.core.dice import is_dice, parse
from roguelike.core.events import Event
from roguelike.engine.base.stats import name_of
from roguelike.engine.base.words import plural

if TYPE_CHECKING:
    from roguelike.content.loader import Content
    from roguelike.core.ecs import EntityStore
    from roguelike.core.rng import Streams
    from roguelike.engine.base.views import HasContent, StoreAndContent
    from roguelike.engine.game import Game

UNTIL_ENDED = -1


def _defs(content: Content) -> dict[str, ConditionDef]:
    return content.fight.conditions


def resolve(game: HasContent, cond_id: str) -> ConditionDef:
    defs = _defs(game.content)
    if cond_id in defs:
        return defs[cond_id]
    for cond in defs.values():
        if cond_id in cond.aliases:
            return cond
    raise KeyError(f"unknown condition {cond_id!r}")


def _holder(store: EntityStore, eid: int) -> Conditions:
    conds = store.try_get(eid, Conditions)
    if conds is None:
        conds = Conditions()
        store.add(eid, conds)
    return conds


def default_rounds(streams: Streams, cond: ConditionDef) -> int:
    """Rounds from content's default duration ('1d3 rounds', '1 round'); -1 when none."""
    text = cond.default_duration.split(" ")[0] if cond.default_duration else ""
    if text and is_dice(text):
        return max(1, parse(text).roll(streams.play))
    return UNTIL_ENDED


def add_condition(game: Game, eid: int, cond_id: str, rounds: int, source: str = ""
                  ) -> list[Event]:
    """Give `eid` a condition for `rounds` rounds (-1 = until its end condition, 0 = the
    content's default duration). Stacking conditions (Injured) count up instead."""
    if not game.store.alive(eid):
        return []
    cond = resolve(game, cond_id)
    conds = _holder(game.store, eid)
    if rounds == 0:
        rounds = default_rounds(game.streams, cond)
    name = name_of(game.store, eid)
    if cond.id in conds.active:
        if cond.stacks:
            conds.stacks[cond.id] = conds.stacks.get(cond.id, 1) + 1
            return [Event("condition", f"{name} is {cond.name} again "
                          f"(x{conds.stacks[cond.id]}).", eid)]
        old = conds.active[cond.id]
        conds.active[cond.id] = UNTIL_ENDED if UNTIL_ENDED in (old, rounds) else max(old, rounds)
        return []
    conds.active[cond.id] = rounds
    conds.sources[cond.id] = source
    if cond.stacks:
        conds.stacks[cond.id] = 1
    if cond.play.no_turn and not cond.play.end_of_next_turn and game.current == eid:
        # put to sleep, turned to stone ... in the middle of its own turn: the rest of the
        # turn is gone (Surprised alone waits for the next turn, DungeonPunk's wording)
        act = game.store.try_get(eid, Actor)
        if act is not None:
            act.actions_left = act.move_points = 0
    lasting = f" for {plural(rounds, 'round')}" if rounds > 0 else ""
    return [Event("condition", f"{name} is {cond.name}{lasting}.", eid)]


def remove_condition(game: Game, eid: int, cond_id: str) -> list[Event]:
    conds = game.store.try_get(eid, Conditions)
    cond = resolve(game, cond_id)
    if conds is None or cond.id not in conds.active:
        return []
    del conds.active[cond.id]
    conds.sources.pop(cond.id, None)
    conds.stacks.pop(cond.id, None)
    return [Event("condition_end", f"{name_of(game.store, eid)} is no longer {cond.name}.",
                  eid)]


def active_ids(game: StoreAndContent, eid: int) -> list[str]:
    """Active conditions, with those an active one includes (Knocked Out: Prone)."""
    conds = game.store.try_get(eid, Conditions)
    if conds is None or not conds.active:
        return []
    return _with_included(conds, _defs(game.content))


def _with_included(conds: Conditions, defs: dict[str, ConditionDef]) -> list[str]:
    out = list(conds.active)
    for cid in list(out):
        for inc in defs[cid].play.includes:
            if inc not in out:
                out.append(inc)
    return out


def has_condition(game: Game, eid: int, cond_id: str) -> bool:
    return resolve(game, cond_id).id in active_ids(game, eid)


def source_of(store: EntityStore, eid: int, cond_id: str) -> str:
    conds = store.try_get(eid, Conditions)
    return conds.sources.get(cond_id, "") if conds else ""


def plays(game: StoreAndContent, eid: int) -> list[ConditionPlay]:
    conds = game.store.try_get(eid, Conditions)
    if conds is None or not conds.active:  # most creatures, most of the time
        return []
    defs = _defs(game.content)
    out = []
    for cid in _with_included(conds, defs):
        play = defs[cid].play
        count = conds.stacks.get(cid, 1)
        out.extend([play] * count)
    return out


def has_flag(game: Game, eid: int, flag: str) -> bool:
    """Flags for other systems: 'cannot_cast' (Silenced), 'cannot_hear', 'lootable'."""
    return any(flag in p.flags for p in plays(game, eid))


def condition_labels(game: Game, eid: int) -> list[tuple[str, str]]:
    """(glyph + short label, name) of each active condition, for the UI's panel and look."""
    defs = _defs(game.content)
    conds = game.store.try_get(eid, Conditions)
    out = []
    for cid in active_ids(game, eid):
        cond = defs[cid]
        rounds = conds.active.get(cid, UNTIL_ENDED) if conds else UNTIL_ENDED
        label = f"{cond.name} ({rounds})" if rounds > 0 else cond.name
        out.append((f"{cond.glyph} {cond.short}", label))
    return out


def condition_look(game: Game, eid: int) -> list[str]:
    """Look text: each active condition's name and what it does (content text)."""
    defs = _defs(game.content)
    return [f"{defs[cid].name}: {defs[cid].text}" for cid in active_ids(game, eid)]


# ----- effects in play ---------------------------------------------------------------
def no_turn(game: Game, eid: int) -> bool:
    return any(p.no_turn for p in plays(game, eid))


def check_mod(game: Game, eid: int) -> int:
    return sum(p.check_mod for p in plays(game, eid))


def initiative_mod(game: Game, eid: int) -> int:
    ps = plays(game, eid)  # (rolled for every entrant every round: usually none)
    return sum(p.initiative_mod for p in ps) if ps else 0


def actions_for_turn(game: Game, eid: int, base: int) -> int:
    return actions_from(plays(game, eid), base)


def actions_from(ps: list[ConditionPlay], base: int) -> int:
    if any(p.no_turn for p in ps):
        return 0
    n = base + sum(p.extra_actions for p in ps)
    caps = [p.max_actions for p in ps if p.max_actions]
    return min([n, *caps])


def speed(game: Game, eid: int, base: int) -> int:
    for p in plays(game, eid):
        if p.speed_num != p.speed_den:
            base = max(p.speed_min, base * p.speed_num // p.speed_den)
        if p.speed_cap:
            base = min(base, p.speed_cap)
    return base


def move_blocked(game: Game, eid: int, x: int, y: int) -> str:
    """Why a creature may not step to (x, y) now; '' when it may."""
    conds = game.store.try_get(eid, Conditions)
    if conds is None or not conds.active:  # every step asks: keep the usual case cheap
        return ""
    ps = plays(game, eid)
    if any(p.no_move for p in ps):
        return f"{name_of(game.store, eid)} is held fast and cannot move."
    for cid in active_ids(game, eid):
        if not _defs(game.content)[cid].play.no_approach_source:
            continue
        src = _source_entity(game.store, eid, cid)
        if src is None:
            continue
        here = game.store.get(eid, Position)
        there = game.store.get(src, Position)
        before = max(abs(here.x - there.x), abs(here.y - there.y))
        after = max(abs(x - there.x), abs(y - there.y))
        if after < before:
            return f"{name_of(game.store, eid)} is too frightened to go closer."
    return ""


def _source_entity(store: EntityStore, eid: int, cid: str) -> int | None:
    src = source_of(store, eid, cid)
    if src.isdigit() and store.alive(int(src)) and store.has(int(src), Position):
        return int(src)
    return None


def attack_refusal(game: Game, attacker: int, target: int, distance: int) -> str:
    """Why `attacker` cannot attack `target` at this range now; '' when it can."""
    for cid in active_ids(game, attacker):
        play = _defs(game.content)[cid].play
        if play.no_attack_source and _source_entity(game.store, attacker, cid) == target:
            return f"{name_of(game.store, attacker)} is charmed and will not attack them."
        if play.attack_range_max and distance > play.attack_range_max:
            return f"{name_of(game.store, attacker)} cannot see that far."
    for p in plays(game, target):
        if p.untargetable:
            return f"{name_of(game.store, target)} is stone: there is nothing to hurt."
        if p.targetable_within and distance > p.targetable_within:
            return f"{name_of(game.store, attacker)} cannot see {name_of(game.store, target)}."
    return ""


def attack_mods(game: Game, attacker: int, target: int, distance: int) -> tuple[int, bool]:
    """The to-hit modifier from both sides' conditions, and whether the hit is automatic."""
    mod = sum(p.attack_mod for p in plays(game, attacker))
    auto = False
    for p in plays(game, target):
        if distance <= 1 or not p.attacked_ranged_mod:
            mod += p.attacked_mod
        else:
            mod += p.attacked_ranged_mod
        auto = auto or p.auto_hit
    return mod, auto


def on_attacked(game: Game, attacker: int, target: int) -> tuple[int, list[Event]]:
    """Consume a mark on the target (its bonus) and end charms the attack breaks."""
    events: list[Event] = []
    bonus = 0
    conds = game.store.try_get(target, Conditions)
    if conds is None:
        return 0, events
    defs = _defs(game.content)
    for cid in list(conds.active):
        play = defs[cid].play
        if play.mark_bonus:
            bonus += play.mark_bonus
            events += remove_condition(game, target, cid)
        if play.source_attack_ends and _source_entity(game.store, target, cid) == attacker:
            events += remove_condition(game, target, cid)
    return bonus, events


def on_wounded(game: Game, eid: int) -> list[Event]:
    """About to be wounded: conditions a wound ends (sleep) end. (combat.wound first breaks
    the party's rest.)"""
    events: list[Event] = []
    conds = game.store.try_get(eid, Conditions)
    if conds is None:
        return events
    for cid in list(conds.active):
        if _defs(game.content)[cid].play.wake_on_wound:
            events += remove_condition(game, eid, cid)
    return events
