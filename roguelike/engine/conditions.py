"""Status conditions (DungeonPunk's nineteen, Traps & Treasure's Unconscious, Slow,
Confused and Disabled, plus Burning and Surprised): adding, ending, ticking, and what they
do to turns, moves, attacks and checks. Their numbers live in content/conditions.toml `play`.

Durations are in rounds and tick down when a round starts; -1 lasts until the condition's
own end (a save, an action, healing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.content.fight_tables import ConditionDef, ConditionPlay, fight_tables
from roguelike.core.components import Actor, Conditions, FightState, Position
from roguelike.core.dice import is_dice, parse
from roguelike.core.events import Event
from roguelike.engine.action_base import DIRECTIONS, spend_action
from roguelike.engine.checks import d6_check, describe, fight_state
from roguelike.engine.stats import hits_regained, name_of
from roguelike.engine.stats import speed as base_speed
from roguelike.engine.words import plural

if TYPE_CHECKING:
    from roguelike.engine.game import Game

UNTIL_ENDED = -1


def _defs(game: Game) -> dict[str, ConditionDef]:
    return fight_tables(game.content).conditions


def resolve(game: Game, cond_id: str) -> ConditionDef:
    defs = _defs(game)
    if cond_id in defs:
        return defs[cond_id]
    for cond in defs.values():
        if cond_id in cond.aliases:
            return cond
    raise KeyError(f"unknown condition {cond_id!r}")


def _holder(game: Game, eid: int) -> Conditions:
    conds = game.store.try_get(eid, Conditions)
    if conds is None:
        conds = Conditions()
        game.store.add(eid, conds)
    return conds


def default_rounds(game: Game, cond: ConditionDef) -> int:
    """Rounds from content's default duration ('1d3 rounds', '1 round'); -1 when none."""
    text = cond.default_duration.split(" ")[0] if cond.default_duration else ""
    if text and is_dice(text):
        return max(1, parse(text).roll(game.streams.play))
    return UNTIL_ENDED


def add_condition(game: Game, eid: int, cond_id: str, rounds: int, source: str = ""
                  ) -> list[Event]:
    """Give `eid` a condition for `rounds` rounds (-1 = until its end condition, 0 = the
    content's default duration). Stacking conditions (Injured) count up instead."""
    if not game.store.alive(eid):
        return []
    cond = resolve(game, cond_id)
    conds = _holder(game, eid)
    if rounds == 0:
        rounds = default_rounds(game, cond)
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


def active_ids(game: Game, eid: int) -> list[str]:
    """Active conditions, with those an active one includes (Knocked Out: Prone)."""
    conds = game.store.try_get(eid, Conditions)
    if conds is None or not conds.active:
        return []
    return _with_included(conds, _defs(game))


def _with_included(conds: Conditions, defs: dict[str, ConditionDef]) -> list[str]:
    out = list(conds.active)
    for cid in list(out):
        for inc in defs[cid].play.includes:
            if inc not in out:
                out.append(inc)
    return out


def has_condition(game: Game, eid: int, cond_id: str) -> bool:
    return resolve(game, cond_id).id in active_ids(game, eid)


def source_of(game: Game, eid: int, cond_id: str) -> str:
    conds = game.store.try_get(eid, Conditions)
    return conds.sources.get(cond_id, "") if conds else ""


def plays(game: Game, eid: int) -> list[ConditionPlay]:
    conds = game.store.try_get(eid, Conditions)
    if conds is None or not conds.active:  # most creatures, most of the time
        return []
    defs = _defs(game)
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
    defs = _defs(game)
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
    defs = _defs(game)
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
    return _actions_for(plays(game, eid), base)


def _actions_for(ps: list[ConditionPlay], base: int) -> int:
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
        if not _defs(game)[cid].play.no_approach_source:
            continue
        src = _source_entity(game, eid, cid)
        if src is None:
            continue
        here = game.store.get(eid, Position)
        there = game.store.get(src, Position)
        before = max(abs(here.x - there.x), abs(here.y - there.y))
        after = max(abs(x - there.x), abs(y - there.y))
        if after < before:
            return f"{name_of(game.store, eid)} is too frightened to go closer."
    return ""


def _source_entity(game: Game, eid: int, cid: str) -> int | None:
    src = source_of(game, eid, cid)
    if src.isdigit() and game.store.alive(int(src)) and game.store.has(int(src), Position):
        return int(src)
    return None


def attack_refusal(game: Game, attacker: int, target: int, distance: int) -> str:
    """Why `attacker` cannot attack `target` at this range now; '' when it can."""
    for cid in active_ids(game, attacker):
        play = _defs(game)[cid].play
        if play.no_attack_source and _source_entity(game, attacker, cid) == target:
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
    defs = _defs(game)
    for cid in list(conds.active):
        play = defs[cid].play
        if play.mark_bonus:
            bonus += play.mark_bonus
            events += remove_condition(game, target, cid)
        if play.source_attack_ends and _source_entity(game, target, cid) == attacker:
            events += remove_condition(game, target, cid)
    return bonus, events


def on_wounded(game: Game, eid: int) -> list[Event]:
    events: list[Event] = []
    if eid in game.party:  # a wound to a standing delver breaks the party's rest
        from roguelike.engine.explore.rest import on_wounded as rest_wounded

        events += rest_wounded(game, eid)
    conds = game.store.try_get(eid, Conditions)
    if conds is None:
        return events
    for cid in list(conds.active):
        if _defs(game)[cid].play.wake_on_wound:
            events += remove_condition(game, eid, cid)
    return events


# ----- the turn loop -----------------------------------------------------------------
def start_turn(game: Game, eid: int, state: FightState | None = None) -> list[Event]:
    """Set this turn's actions from the conditions; recurring start-of-turn effects.
    `state` is the creature's FightState when the caller has it at hand."""
    events: list[Event] = []
    act = game.store.get(eid, Actor)
    conds = game.store.peek(Conditions).get(eid)
    if conds is None or not conds.active:  # the common case, kept cheap: thirty monsters
        (state or fight_state(game, eid)).granted = act.actions_left  # start turns a round
        return events
    ps = plays(game, eid)
    burnt = False
    for p in ps:
        if p.turn_start_wound and p.wound_per_turn:
            events += _recurring_wound(game, eid, p.wound_per_turn, "burns")
            burnt = True
    if not game.store.alive(eid) or game.store.try_get(eid, Actor) is None:
        return events
    if burnt:  # a wound may have changed the conditions; nothing below changes them
        ps = plays(game, eid)
    act.actions_left = _actions_for(ps, act.actions_left)
    fight_state(game, eid).granted = act.actions_left
    if act.actions_left == 0 and any(p.no_turn and not p.quiet for p in ps):
        names = ", ".join(n for _g, n in condition_labels(game, eid))
        events.append(Event("skip", f"{name_of(game.store, eid)} loses the turn ({names}).",
                            eid))
    elif any(p.random_move for p in ps):
        events += _stagger(game, eid)
    return events


def _recurring_wound(game: Game, eid: int, boxes: int, verb: str) -> list[Event]:
    from roguelike.engine.combat import wound

    events = [Event("condition", f"{name_of(game.store, eid)} {verb}.", eid)]
    return events + wound(game, eid, boxes=boxes, source="condition")


def _stagger(game: Game, eid: int) -> list[Event]:
    """Confused: the Move action goes to random steps, its whole Speed (T&T Confusion)."""
    if spend_action(game, eid) is not None:
        return []
    steps = speed(game, eid, base_speed(game.store, eid))
    dirs = sorted(DIRECTIONS.values())
    pos = game.store.get(eid, Position)
    for _ in range(steps):
        dx, dy = game.streams.play.choice(dirs)
        nx, ny = pos.x + dx, pos.y + dy
        # walls, doors and creatures stop a step; confused creatures never fall (T&T)
        if game.level.is_walkable(nx, ny) and game.creature_at(nx, ny) is None \
                and game.door_at(nx, ny) is None:
            pos.x, pos.y = nx, ny
    game.on_moved(eid)
    return [Event("move", f"{name_of(game.store, eid)} staggers about, confused.", eid,
                  x=pos.x, y=pos.y)]


def end_turn(game: Game, eid: int) -> list[Event]:
    """End-of-turn saves, sapping and regeneration, and 'until the end of its next turn'."""
    conds = game.store.peek(Conditions).get(eid)  # (none once the entity is gone)
    if conds is None or not conds.active:
        return []
    events: list[Event] = []
    defs = _defs(game)
    for cid in list(conds.active):
        if cid not in conds.active:
            continue
        play = defs[cid].play
        if play.wound_per_turn and not play.turn_start_wound:
            extra = sum(conds.stacks.get(i, 1) for i in conds.active if i == "injured")
            events += _recurring_wound(game, eid, play.wound_per_turn + extra, "bleeds")
            if not game.store.alive(eid):
                return events
        regained = hits_regained(game.round, play.heal_per_turn) if play.heal_per_turn else 0
        if regained:
            from roguelike.engine.healing import heal_any

            events += heal_any(game, eid, regained)
        if play.end_of_next_turn:
            events += remove_condition(game, eid, cid)
        elif play.turn_end_save and cid in conds.active:
            chk = d6_check(game, eid, play.turn_end_save, f"shake off {defs[cid].name}")
            events.append(describe(game, chk, "shakes it off", "stays " + defs[cid].name))
            if chk.ok:
                events += remove_condition(game, eid, cid)
    return events


def end_of_combat(game: Game) -> list[Event]:
    """The fight is over (no hostiles in view): Regenerating heals fully (DungeonPunk)."""
    from roguelike.engine.healing import heal_full

    events: list[Event] = []
    for eid, _conds, pos in list(game.store.query(Conditions, Position)):
        if pos.depth == game.depth and any(p.full_heal_after_combat for p in plays(game, eid)):
            events += heal_full(game, eid)
    return events


def tick_round(game: Game) -> list[Event]:
    """A new round: durations count down; expired conditions end."""
    events: list[Event] = []
    table = game.store.peek(Conditions)
    # (a snapshot of the rows, as list(query(Conditions)) made, without its generator)
    for eid, conds in [(e, table[e]) for e in game.store.ids(Conditions)]:
        if not conds.active:  # most holders have had their conditions end
            continue
        pos = game.store.try_get(eid, Position)
        if pos is not None and pos.depth != game.depth:
            continue
        for cid in sorted(conds.active):
            left = conds.active[cid]
            if left <= 0:
                continue
            conds.active[cid] = left - 1
            if left - 1 == 0:
                events += expire(game, eid, cid)
    return events


def expire(game: Game, eid: int, cid: str) -> list[Event]:
    if cid == "knocked_out":
        from roguelike.engine.healing import recover_from_knockout

        return recover_from_knockout(game, eid)
    return remove_condition(game, eid, cid)
