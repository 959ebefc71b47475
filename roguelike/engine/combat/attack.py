"""Traps & Treasure combat: hit on d6 >= Combat, save on d6 >= Might, then a wound.

A wound on a character crosses the next box of a rolled location; a spent location spills
to the Torso; a spent Head or Torso drops the character: Knocked Out while it has luck
(DungeonPunk), Disabled (T&T) with none, until healed or rested; the fallen take no more wounds.
Monsters just lose Hits. Conditions, luck, criticals and cleaving (Classic) hook in here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import (
    Actor,
    Character,
    Conditions,
    Disabled,
    HitBoxes,
    MonsterStats,
    Position,
)
from roguelike.core.events import Event
from roguelike.engine.base.stats import NO_SAVE, attribute, hostile, is_disabled, name_of
from roguelike.engine.base.words import box_change, plural
from roguelike.engine.combat import targeting
from roguelike.engine.combat.counterattack import countered
from roguelike.engine.combat.maneuvers import maneuver_effect
from roguelike.engine.combat.morale import battle, on_monster_hurt
from roguelike.engine.combat.shooting import can_shoot, ranged_reach
from roguelike.engine.light.lighting import in_darkness
from roguelike.engine.rest import resting_turn as rest
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import Check, attribute_check, d6_check, fight_state
from roguelike.engine.status.luck import gain_luck, offer_luck
from roguelike.engine.status.saves import D6_SAVES, saving_throw

if TYPE_CHECKING:
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.base.views import StoreAndContent
    from roguelike.engine.game import Game

MANEUVERS = ("", "knock_down", "force_back", "disarm")


def engage(game: Game, eid: int, delver: int) -> None:
    """`delver` attacks `eid` hand to hand: a Pillager so attacked is engaged (it stands
    and fights that delver: monsters/pillagers.py's `engaged_by`)."""
    actor = game.store.peek(Actor).get(eid)
    if actor is not None and actor.side == "pillager":
        fight_state(game, eid).engaged_by = delver


def roll_d6_check(game: Game, need: int) -> tuple[int, bool]:
    roll = game.streams.play.d(game.content.rules.combat_die)
    return roll, roll >= need


def distance_between(store: EntityStore, a: int, b: int) -> int:
    pa, pb = store.get(a, Position), store.get(b, Position)
    return max(abs(pa.x - pb.x), abs(pa.y - pb.y))


def is_dark(game: Game, x: int, y: int) -> bool:
    """Whether no carried light reaches a square (the light system's `in_darkness`)."""
    return in_darkness(game, x, y)


def range_band_mod(game: Game, attacker: int, dist: int, weapon: str, reach: int = 0) -> int:
    """Classic missile bands (002:251-254) on the d6 for shots and Force Bolt."""
    if reach <= 0:
        reach = targeting.spell_range(game) if weapon == "force_bolt" else \
            ranged_reach(game, attacker)
    return targeting.range_mod(game, reach, dist) if reach > 0 else 0


def attack_modifier(game: Game, attacker: int, defender: int, maneuver: str = "",
                    weapon: str = "melee", reach: int = 0) -> tuple[int, bool, list[Event]]:
    """Everything that changes the to-hit roll: conditions, a mark, darkness, range, a lost
    weapon, a maneuver; and whether the hit is automatic (a helpless target)."""
    d6 = game.content.fight.d6
    dist = distance_between(game.store, attacker, defender)
    mod, auto = C.attack_mods(game, attacker, defender, dist)
    bonus, events = C.on_attacked(game, attacker, defender)
    mod += bonus
    # Classic 002:246 "-4 ... if blind, in darkness": either end of the attack unlit
    pos, apos = game.store.get(defender, Position), game.store.get(attacker, Position)
    if is_dark(game, pos.x, pos.y) or is_dark(game, apos.x, apos.y):
        mod += d6.vision_attack_mod
    if weapon in ("ranged", "force_bolt"):
        mod += range_band_mod(game, attacker, dist, weapon, reach)
    if fight_state(game, attacker).disarmed:
        mod -= 1
    if maneuver:
        mod += d6.maneuver_attack_mod
    return mod, auto, events


def attack(game: Game, attacker: int, defender: int, *, boxes: int = 1, weapon: str = "melee",
           maneuver: str = "", reach: int = 0) -> list[Event]:
    """One attack roll, the defender's save, and the wound (or maneuver) if both go the
    attacker's way; a kill may be followed by a cleave. `reach` (shots and bolts) sets the
    range bands; 0 = the attacker's ranged reach, or the spell range for a Force Bolt."""
    store = game.store
    a_name, d_name = name_of(store, attacker), name_of(store, defender)
    if weapon == "melee" and attacker in store.peek(Character):
        engage(game, defender, attacker)
    mod, auto, events = attack_modifier(game, attacker, defender, maneuver, weapon, reach)
    what = f"{game.content.fight.maneuvers[maneuver].name} " if maneuver else ""
    if auto:
        events.append(Event("hit", f"{a_name} strikes the helpless {d_name}.", attacker,
                            defender))
        return events + after_hit(game, attacker, defender, boxes, maneuver, weapon, False)
    chk = d6_check(game, attacker, "combat", "Combat", mod)
    if not chk.ok:
        bad = " A critical failure!" if chk.critical_failure else ""
        events.append(Event("miss", f"{a_name} {what}attacks {d_name} and misses "
                            f"(rolled {chk.shown} vs Combat {chk.need}).{bad}", attacker,
                            defender, roll=chk.roll, need=chk.need))
        pending = offer_luck(game, chk, "attack", [
            attacker, defender, boxes, MANEUVERS.index(maneuver), int(weapon == "ranged")])
        return events + (pending or countered(game, attacker, defender, False) or [])
    crit = " A critical hit!" if chk.critical else ""
    events.append(Event("hit", f"{a_name} {what}hits {d_name} (rolled {chk.shown} vs Combat "
                        f"{chk.need}).{crit}", attacker, defender, roll=chk.roll,
                        need=chk.need))
    return events + after_hit(game, attacker, defender, boxes, maneuver, weapon, chk.critical)


def after_hit(game: Game, attacker: int, defender: int, boxes: int, maneuver: str,
              weapon: str, critical: bool) -> list[Event]:
    if maneuver:
        # (a maneuver wounds nothing: on a trap's figure it is a counterattack that fails)
        ended = countered(game, attacker, defender, False)
        if ended is not None:
            return ended
        return maneuver_effect(game, attacker, defender, maneuver)
    return save_or_wound(game, defender, boxes=boxes, source=name_of(game.store, attacker),
                         attacker=attacker, weapon=weapon, critical=critical)


def might_save(game: Game, defender: int) -> tuple[Check | None, list[Event]]:
    """The defender's Might save against a wound: the check (None: it cannot save) and
    the event that says how it went."""
    d_name = name_of(game.store, defender)
    need = attribute(game.store, defender, "might")
    if need >= NO_SAVE:
        return None, [Event("nosave", f"{d_name} cannot save.", defender)]
    chk = d6_check(game, defender, need, "Might")
    if chk.ok:
        return chk, [Event("save", f"{d_name} saves (rolled {chk.shown} vs Might {need}).",
                           defender, roll=chk.roll, need=need)]
    bad = " A critical failure!" if chk.critical_failure else ""
    return chk, [Event("nosave", f"{d_name} fails to save (rolled {chk.shown} vs Might "
                       f"{need}).{bad}", defender, roll=chk.roll, need=need)]


def save_or_wound(game: Game, defender: int, *, boxes: int = 1, source: str = "",
                  attacker: int = 0, weapon: str = "melee", critical: bool = False
                  ) -> list[Event]:
    chk, events = might_save(game, defender)
    if chk is not None and chk.ok:
        return events + (countered(game, attacker, defender, False) or [])
    if chk is not None:
        pending = offer_luck(game, chk, "save", [defender, boxes, attacker,
                                                 int(weapon == "ranged"), int(critical)])
        if pending:
            return events + pending
    return events + finish_wound(game, attacker, defender, boxes, source, weapon, critical)


def finish_wound(game: Game, attacker: int, defender: int, boxes: int, source: str,
                 weapon: str, critical: bool) -> list[Event]:
    ended = countered(game, attacker, defender, True)
    if ended is not None:  # (the wound lands on the trap, not the figure: no kill, no XP)
        return ended
    store = game.store
    spot = store.get(defender, Position).xy
    stats = store.try_get(defender, MonsterStats)
    hit_dice = stats.hit_dice if stats else 0
    events = wound(game, defender, boxes=boxes, source=source)
    dropped = not store.alive(defender) or is_disabled(store, defender)
    if not store.alive(defender) and attacker:
        events += _feats(game, attacker, hit_dice)
    if critical and not dropped:
        events += C.add_condition(game, defender, "stunned", C.UNTIL_ENDED, str(attacker))
    if attacker and not dropped and any(e.kind == "wound" for e in events):
        events += ability_effects(game, attacker, defender)
    if dropped and attacker and store.alive(attacker):
        events += cleave(game, attacker, defender, spot, weapon)
    return events


def wound(game: Game, eid: int, *, boxes: int = 1, source: str = "",
          location: str | None = None) -> list[Event]:
    """Apply `boxes` wounds. For characters all boxes land in one rolled location."""
    store = game.store
    if not store.alive(eid):
        return []
    # a wound to a standing delver breaks the party's rest; a wound ends sleep and the like
    events = rest.on_wounded(game, eid) if eid in game.party else []
    events += C.on_wounded(game, eid)
    if store.has(eid, MonsterStats):
        return events + _wound_monster(game, eid, boxes, source)
    hit_boxes = store.get(eid, HitBoxes)
    if store.has(eid, Disabled):
        # No box more for a character already down: DungeonPunk 004 lays one with no luck
        # "there injured until they heal normally", T&T leaves the Disabled "until healed";
        # neither seed kills the fallen (RULES "Wounds, Knocked Out, Disabled")
        return events + _wound_the_fallen(game, eid)
    rules = game.content.rules
    if location is None:
        face = game.streams.play.d(rules.location_die)
        location = game.content.location_for(face)
    for _ in range(boxes):
        if store.has(eid, Disabled):
            break
        events += cross_box(game, eid, hit_boxes, location)
    down = store.try_get(eid, Disabled)
    if down is not None:  # (just now: a delver already down returned above)
        down.by = source
    return events


def _wound_the_fallen(game: StoreAndContent, eid: int) -> list[Event]:
    """A wound on a Knocked Out character starts its "about 10 minutes of rest" again
    (DungeonPunk 004:491: a wound is no rest; vines smothering a knocked-out captive no
    longer let it get up and fall again every 60 rounds). Nothing else befalls the fallen."""
    conds = game.store.try_get(eid, Conditions)
    if conds is not None and conds.active.get("knocked_out", 0) > 0:
        conds.active["knocked_out"] = game.content.fight.knock_out_rounds
    return []


def cross_box(game: Game, eid: int, hit_boxes: HitBoxes, location: str) -> list[Event]:
    rules = game.content.rules
    name = name_of(game.store, eid)
    loc = hit_boxes.location(location)
    events: list[Event] = []
    if loc.spent:
        spill = hit_boxes.location(rules.spill_location)
        events.append(Event("spill", f"{name}'s {loc.name} is spent: the wound goes to the "
                            f"{spill.name}.", eid))
        loc = spill
    if loc.spent:
        return events + disable_if_spent(game, eid, hit_boxes)
    before = loc.value
    loc.crossed += 1
    after = loc.value
    change = box_change(loc.attribute, before, after, len(loc.boxes) - loc.crossed)
    events.append(Event("wound", f"{name} is wounded in the {loc.name}: {change}.", eid))
    return events + disable_if_spent(game, eid, hit_boxes)


def disable_if_spent(game: Game, eid: int, hit_boxes: HitBoxes) -> list[Event]:
    store = game.store
    if store.has(eid, Disabled):
        return []
    for loc_id in game.content.rules.disabling_locations:
        loc = hit_boxes.location(loc_id)
        if loc.spent:
            return knock_down_or_disable(game, eid, loc.name)
    return []


def knock_down_or_disable(game: Game, eid: int, where: str) -> list[Event]:
    """Head or Torso spent: Knocked Out with luck left (recovers by itself), else Disabled."""
    store = game.store
    char = store.try_get(eid, Character)
    name = name_of(store, eid)
    # one line says it all: the condition's own "is Knocked Out for 60 rounds." is not
    # repeated (the panel, look and sheet use the same words: "Knocked Out", "Disabled")
    if char is not None and char.luck > 0:
        rounds = game.content.fight.knock_out_rounds
        store.add(eid, Disabled(cause=f"knocked out ({where} spent)"))
        C.add_condition(game, eid, "knocked_out", rounds, "wounds")
        return game.on_disabled(eid, f"{name} is Knocked Out for {plural(rounds, 'round')} "
                                     f"({where} spent; {char.luck} luck left)!")
    store.add(eid, Disabled(cause=f"{where} spent"))
    events = C.add_condition(game, eid, "disabled", C.UNTIL_ENDED, "wounds")
    return events + game.on_disabled(eid, f"{name} is Disabled ({where} spent; no luck "
                                          "left: down until healed or rested)!")


def _wound_monster(game: Game, eid: int, hits: int, source: str) -> list[Event]:
    stats = game.store.get(eid, MonsterStats)
    before = stats.hits
    stats.hits -= hits
    name = name_of(game.store, eid)
    if stats.hits > 0:
        events = [Event("wound", f"{name} is hit ({stats.hits} of {stats.max_hits} Hits "
                        f"left).", eid)]
        return events + on_monster_hurt(game, eid, before)
    return game.on_monster_killed(eid, source)


def ability_effects(game: Game, attacker: int, defender: int) -> list[Event]:
    """Conditions a monster's wounding blow carries (venom, webs, petrification ...)."""
    stats = game.store.try_get(attacker, MonsterStats)
    mon = game.content.monsters.get(stats.kind) if stats else None
    if mon is None or not game.store.alive(defender):
        return []
    events: list[Event] = []
    abilities = game.content.fight.abilities
    for ab_id in mon.abilities:
        ab = abilities[ab_id]
        if not ab.on_hit:
            continue
        if ab.save:
            saved, shown = (attribute_check(game, defender, ab.save) if ab.save in D6_SAVES
                            else saving_throw(game, defender, ab.save))
            events += shown
            if saved:
                continue
        cond = ab.then if ab.then and C.has_condition(game, defender, ab.on_hit) else ab.on_hit
        events += C.add_condition(game, defender, cond, ab.rounds, str(attacker))
    return events


def _feats(game: Game, killer: int, hit_dice: int) -> list[Event]:
    """Luck for feats (our triggers for DungeonPunk's 'good play')."""
    events = gain_luck(game, killer, "first_blood") if battle(game.store).fallen == 1 else []
    if hit_dice >= 4:
        events += gain_luck(game, killer, "slay_the_strong")
    return events


# ----- cleaving (Classic) ---------------------------------------------------------------
def cleave_limit(game: StoreAndContent, eid: int) -> int:
    tables = game.content.fight
    char = game.store.try_get(eid, Character)
    if char is not None:
        row = tables.cleave_limits.get(char.klass)
        return row.limit(char.level) if row else 0
    stats = game.store.try_get(eid, MonsterStats)
    return stats.hit_dice if stats else 0  # monsters cleave as fighters of their Hit Dice


def cleave(game: Game, attacker: int, dropped: int, spot: tuple[int, int], weapon: str
           ) -> list[Event]:
    """After dropping a foe, strike another within 1 square of it at once (Classic)."""
    store = game.store
    state = fight_state(game, attacker)
    if state.cleaves >= cleave_limit(game, attacker) or game.over:
        return []
    here = game.store.get(attacker, Position)
    for other, pos in store.query(Position):
        if other in (attacker, dropped) or pos.depth != here.depth:
            continue
        if not hostile(store, attacker, other) or is_disabled(store, other):
            continue
        if max(abs(pos.x - spot[0]), abs(pos.y - spot[1])) > 1:
            continue
        dist = max(abs(pos.x - here.x), abs(pos.y - here.y))
        reach = dist <= game.content.rules.melee_reach if weapon != "ranged" else \
            not can_shoot(game, attacker, other)
        if not reach or C.attack_refusal(game, attacker, other, dist):
            continue
        state.cleaves += 1
        events = [Event("cleave", f"{name_of(store, attacker)} cleaves on into "
                        f"{name_of(store, other)}!", attacker, other)]
        return events + attack(game, attacker, other, boxes=game.weapon_boxes(attacker),
                               weapon=weapon)
    return []


# ----- luck bought after the roll (engine/status/luck.py) finishes an attack or a save ----------
def resume_attack(game: Game, args: list[int], ok: bool) -> list[Event]:
    attacker, defender, boxes, maneuver, ranged = args
    if not game.store.alive(defender):
        return []
    if not ok:  # (the miss stands: on a trap's figure, a counterattack that failed)
        return countered(game, attacker, defender, False) or []
    hit = Event("hit", f"{name_of(game.store, attacker)} hits {name_of(game.store, defender)} "
                "after all.", attacker, defender)
    return [hit, *after_hit(game, attacker, defender, boxes, MANEUVERS[maneuver],
                            "ranged" if ranged else "melee", False)]


def resume_save(game: Game, args: list[int], ok: bool) -> list[Event]:
    defender, boxes, attacker, ranged, critical = args
    if ok:
        return [Event("save", f"{name_of(game.store, defender)} saves after all.", defender)]
    source = name_of(game.store, attacker) if attacker else ""
    return finish_wound(game, attacker, defender, boxes, source,
                        "ranged" if ranged else "melee", bool(critical))
