"""Conditions as turns and rounds pass: a turn's actions from the conditions, burning and
bleeding (a wound each turn), Confused staggering, end-of-turn saves and regeneration, the
round's count-down and what ends with it, and Regenerating's full heal after a fight.

What a condition is and does to a single move, attack or check is engine/status/conditions.py's;
this module sits above wounds (engine/combat/attack.py) and healing, which those rules sit under.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Actor, Conditions, FightState, Position
from roguelike.core.events import Event
from roguelike.engine.base.action import DIRECTIONS, spend_action
from roguelike.engine.base.stats import hits_regained, name_of
from roguelike.engine.base.stats import speed as base_speed
from roguelike.engine.combat.attack import wound
from roguelike.engine.rest.healing import heal_any, heal_full, recover_from_knockout
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import d6_check, describe, fight_state

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def start_turn(game: Game, eid: int, state: FightState | None = None) -> list[Event]:
    """Set this turn's actions from the conditions; recurring start-of-turn effects.
    `state` is the creature's FightState when the caller has it at hand."""
    events: list[Event] = []
    act = game.store.get(eid, Actor)
    conds = game.store.peek(Conditions).get(eid)
    if conds is None or not conds.active:  # the common case, kept cheap: thirty monsters
        (state or fight_state(game, eid)).granted = act.actions_left  # start turns a round
        return events
    ps = C.plays(game, eid)
    burnt = False
    for p in ps:
        if p.turn_start_wound and p.wound_per_turn:
            events += _recurring_wound(game, eid, p.wound_per_turn, "burns")
            burnt = True
    if not game.store.alive(eid) or game.store.try_get(eid, Actor) is None:
        return events
    if burnt:  # a wound may have changed the conditions; nothing below changes them
        ps = C.plays(game, eid)
    act.actions_left = C.actions_from(ps, act.actions_left)
    fight_state(game, eid).granted = act.actions_left
    if act.actions_left == 0 and any(p.no_turn and not p.quiet for p in ps):
        names = ", ".join(n for _g, n in C.condition_labels(game, eid))
        events.append(Event("skip", f"{name_of(game.store, eid)} loses the turn ({names}).",
                            eid))
    elif any(p.random_move for p in ps):
        events += _stagger(game, eid)
    return events


def _recurring_wound(game: Game, eid: int, boxes: int, verb: str) -> list[Event]:
    events = [Event("condition", f"{name_of(game.store, eid)} {verb}.", eid)]
    return events + wound(game, eid, boxes=boxes, source="condition")


def _stagger(game: Game, eid: int) -> list[Event]:
    """Confused: the Move action goes to random steps, its whole Speed (T&T Confusion)."""
    if spend_action(game, eid) is not None:
        return []
    steps = C.speed(game, eid, base_speed(game.store, eid))
    dirs = sorted(DIRECTIONS.values())
    pos = game.store.get(eid, Position)
    for _ in range(steps):
        dx, dy = game.streams.play.choice(dirs)
        nx, ny = pos.x + dx, pos.y + dy
        # walls, doors and creatures stop a step; confused creatures never fall (T&T)
        if game.level.is_walkable(nx, ny) and game.creature_at(nx, ny) is None \
                and game.door_at(nx, ny) is None:
            pos.x, pos.y = nx, ny
    # (where it ends up may spring a trap, and its save wait on luck: the turn loop waits)
    return [Event("move", f"{name_of(game.store, eid)} staggers about, confused.", eid,
                  x=pos.x, y=pos.y), *game.on_moved(eid)]


def end_turn(game: Game, eid: int) -> list[Event]:
    """End-of-turn saves, sapping and regeneration, and 'until the end of its next turn'."""
    conds = game.store.peek(Conditions).get(eid)  # (none once the entity is gone)
    if conds is None or not conds.active:
        return []
    events: list[Event] = []
    defs = game.content.fight.conditions
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
            events += heal_any(game, eid, regained)
        if play.end_of_next_turn:
            events += C.remove_condition(game, eid, cid)
        elif play.turn_end_save and cid in conds.active:
            chk = d6_check(game, eid, play.turn_end_save, f"shake off {defs[cid].name}")
            events.append(describe(game, chk, "shakes it off", "stays " + defs[cid].name))
            if chk.ok:
                events += C.remove_condition(game, eid, cid)
    return events


def end_of_combat(game: Game) -> list[Event]:
    """The fight is over (no hostiles in view): Regenerating heals fully (DungeonPunk)."""
    events: list[Event] = []
    for eid, _conds, pos in list(game.store.query(Conditions, Position)):
        if pos.depth == game.depth and any(p.full_heal_after_combat for p in C.plays(game, eid)):
            events += heal_full(game, eid)
    return events


def tick_round(game: Game) -> list[Event]:
    """A new round: durations count down; expired conditions end."""
    events: list[Event] = []
    table = game.store.peek(Conditions)
    # (a snapshot of the rows, as list(query(Conditions)) made, without its generator:
    # every level's holders, every round, so paired in C)
    ids = game.store.ids(Conditions)
    for eid, conds in list(zip(ids, map(table.__getitem__, ids), strict=True)):
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
        return recover_from_knockout(game, eid)
    return C.remove_condition(game, eid, cid)
