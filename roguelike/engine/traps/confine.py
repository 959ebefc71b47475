"""Confinement: pit lids, flooded pits, cages, nets, vines, sealed rooms and portcullises.

Confinements stack on the captive (or, for sealed rooms, on the doors) as "trap:path"
entries; the last applied is escaped first, and the captive is free when none are left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roguelike.core.components import (
    BlocksMovement,
    Character,
    Confined,
    Door,
    Hazard,
    Position,
    Trap,
)
from roguelike.core.events import Event
from roguelike.engine.base.stats import attribute, name_of
from roguelike.engine.base.words import capital, hazard_noun, plural
from roguelike.engine.combat.attack import wound
from roguelike.engine.status import conditions
from roguelike.engine.status.saves import saving_throw
from roguelike.engine.traps import movement
from roguelike.engine.traps.core import Ctx, step_at
from roguelike.engine.traps.disarm_value import disarm_value, roll_2d6

if TYPE_CHECKING:
    from roguelike.engine.base.views import Board, StoreAndContent
    from roguelike.engine.game import Game

SEALS = ("room_seal", "portcullis")
UNTIL_ESCAPE = ("grabbed", "entangled", "suffocating")
HP_PER_ROUND_HITS = 4  # suffocation hp per round to Hits, as for all damage
ROUNDS_PER_MINUTE = 6


def room_doors(game: Board, depth: int, room: int) -> list[int]:
    level = game.level
    out = []
    for eid, _door, pos in game.store.query(Door, Position):
        if pos.depth == depth and any(level.room_at(pos.x + dx, pos.y + dy) == room
                                      for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
            out.append(eid)
    return out


def apply(ctx: Ctx, step: dict[str, Any], path: str, victims: list[int]) -> list[Event]:
    game = ctx.game
    entry = f"{ctx.trap}:{path}"
    kind = step["kind"]
    events: list[Event] = []
    if kind in SEALS:
        # the engine has no door spikes yet, so spike_hold never keeps a door open
        doors = room_doors(game, ctx.depth, ctx.room)
        for d in doors:
            state = game.store.get(d, Door)
            state.open, state.locked = False, True
            game.door_changed()
            game.store.add(d, BlocksMovement())
            conf = game.store.try_get(d, Confined) or Confined()
            conf.stack.append(entry)
            game.store.add(d, conf)
        game.view_changed()
        events.append(Event("confine", f"{capital(ctx.the_trap)}: {len(doors)} door"
                            f"{'s' * (len(doors) != 1)} slam shut and lock.", ctx.trap))
        return events
    for v in victims:
        if step.get("pull_in") and v == ctx.trigger:
            spot = ctx.point if movement._free(game, *ctx.point, mover=v) else \
                game.store.get(v, Position).xy
            if spot != game.store.get(v, Position).xy:
                events += movement.place(game, v, spot)
        conf = game.store.try_get(v, Confined) or Confined()
        conf.stack.append(entry)
        game.store.add(v, conf)
        events.append(Event("confine", f"{name_of(game.store, v)} is trapped: "
                            f"{kind.replace('_', ' ')}.", v, ctx.trap))
    return events


def top(game: StoreAndContent, eid: int) -> tuple[int, dict[str, Any]] | None:
    conf = game.store.try_get(eid, Confined)
    if conf is None or not conf.stack:
        return None
    trap_s, path = conf.stack[-1].split(":", 1)
    trap = int(trap_s)
    profile = game.content.traps[game.store.get(trap, Trap).profile] \
        if game.store.has(trap, Trap) else None
    if profile is None:
        return None
    return trap, step_at(profile, path)


def block_reason(game: Game, eid: int) -> str:
    held = top(game, eid)
    if held is None:
        return ""
    return f"{name_of(game.store, eid)} is held fast ({held[1]['kind'].replace('_', ' ')})."


def _flooded(game: Game, trap: int) -> bool:
    return any(hz.trap == trap and game.round >= hz.starts and
               step_at(game.content.traps[hz.profile], hz.step)["kind"] == "flood"
               for _e, hz in game.store.query(Hazard))


def _is_caster(game: StoreAndContent, eid: int) -> bool:
    char = game.store.try_get(eid, Character)
    return char is not None and bool(game.content.classes[char.klass].spells)


WAY_WORDS = {"magic": "open it by magic (a caster)", "force": "force it",
             "roll": "struggle free", "rescue": "pull the captive out",
             "disarm": "disarm it", "save": "shake it off (a saving throw)"}


def escape_ways(game: Game, actor: int, holder: int, inside: bool) -> list[dict[str, Any]]:
    """The ways `actor` may try against what holds `holder` (none: trying is pointless)."""
    held = top(game, holder)
    if held is None:
        return []
    side = "inside" if inside else "outside"
    return [way for way in held[1]["escape"]
            if way["who"] in ("any", side) and way["by"] in WAY_WORDS
            and (way["by"] != "magic" or _is_caster(game, actor))]


def no_way_reason(game: Game, actor: int, holder: int, inside: bool) -> str:
    """Why `actor` cannot try at all, and who could: a refusal, so no action is spent."""
    held = top(game, holder)
    if held is None:
        return "Nothing holds it."
    kind = held[1]["kind"].replace("_", " ")
    others = [f"someone {'outside' if way['who'] == 'outside' else 'inside'} must "
              f"{WAY_WORDS[way['by']]}" for way in held[1]["escape"]
              if way["by"] in WAY_WORDS and way["who"] != ("inside" if inside else "outside")]
    hint = f": {others[0]}" if others else ""
    return f"{name_of(game.store, actor)} cannot break the {hazard_noun(kind)} that way{hint}."


def attempt(game: Game, actor: int, holder: int, inside: bool) -> tuple[bool, list[Event]]:
    """One try to break the top confinement of `holder` (a captive or a sealed door)."""
    held = top(game, holder)
    if held is None:
        return False, [Event("info", "Nothing holds it.")]
    trap, step = held
    who = name_of(game.store, actor)
    rng = game.streams.play
    for way in escape_ways(game, actor, holder, inside):
        by = way["by"]
        if by == "magic":
            need = attribute(game.store, actor, "wits")
            face = rng.d(6)
            ok = face >= need
            text = f"{who} tries opening magic (rolled {face} vs Wits {need})"
        elif by in ("force", "roll"):
            chance = way["chance"][0]
            if any(m["when"] == "flooded" for m in way.get("modifiers", [])) \
                    and _flooded(game, trap):
                chance += next(m["amount"] for m in way["modifiers"] if m["when"] == "flooded")
            face = rng.d(6)
            ok = face <= chance
            verb = "forces" if by == "force" else "struggles against"
            text = f"{who} {verb} the {hazard_noun(step['kind'])} " \
                   f"(rolled {face}, needs {chance} or less in 6)"
        elif by == "rescue":
            need = attribute(game.store, actor, "combat")
            face = rng.d(6)
            ok = face >= need
            text = f"{who} reaches down with a pole (rolled {face} vs Combat {need})"
        elif by == "disarm":
            value = disarm_value(game, trap)
            face = roll_2d6(game.streams)
            ok = face >= value
            text = f"{who} works the lock (2d6 rolled {face} vs {value})"
        else:  # save (out_level never applies: characters are all below the caster's level)
            ok, ev = saving_throw(game, actor, way["save"])
            text = ev[0].text.rstrip(".")
        events = [Event("escape_roll", f"{text}: {'success' if ok else 'failure'}.", actor,
                        holder)]
        if ok:
            events += release(game, holder)
        return ok, events
    return False, [Event("info", no_way_reason(game, actor, holder, inside), actor)]


def release(game: Game, holder: int) -> list[Event]:
    conf = game.store.get(holder, Confined)
    entry = conf.stack.pop()
    trap = int(entry.split(":", 1)[0])
    step = step_at(game.content.traps[game.store.get(trap, Trap).profile], entry.split(":", 1)[1])
    events: list[Event] = []
    if game.store.has(holder, Door):
        if not conf.stack:
            game.store.get(holder, Door).locked = False
            game.door_changed()
            game.store.remove(holder, Confined)
        return [Event("escape", "The door is free.", holder)]
    name = name_of(game.store, holder)
    if not any(int(left.split(":", 1)[0]) == trap for left in conf.stack):
        # out of this trap's hold: its lasting effects 'until escape' are done with the
        # holder, though another trap still holds it (a Rogue in vines and a crushing pit,
        # the lid forced first, was crushed for good wherever it went, seed s24-b-1)
        for _e, hz in game.store.query(Hazard):
            if hz.trap == trap and holder in hz.victims:
                hz.victims.remove(holder)
    if conf.stack:
        return [Event("escape", f"{name} breaks out of the {hazard_noun(step['kind'])}, "
                      "but is still trapped.", holder)]
    game.store.remove(holder, Confined)
    for cond in UNTIL_ESCAPE:
        events += conditions.remove_condition(game, holder, cond)
    events.insert(0, Event("escape", f"{name} is free of the {hazard_noun(step['kind'])}.",
                           holder))
    if step.get("release_to") == "adjacent":
        pos = game.store.get(holder, Position)
        spot = movement.free_square_near(game, pos.depth, pos.xy, holder, avoid={pos.xy})
        events += movement.place(game, holder, spot)
    return events


def start_suffocating(ctx: Ctx, eid: int) -> list[Event]:
    """The vines only smother a victim once it is dragged to the heart of the plant."""
    pos = ctx.game.store.get(eid, Position)
    if pos.xy != ctx.point or conditions.has_condition(ctx.game, eid, "suffocating"):
        return []
    return conditions.add_condition(ctx.game, eid, "suffocating", -1, source=ctx.name)


def tick(game: Game) -> list[Event]:
    """Each round: vines drag their captives in and smother those at the heart."""
    if not game.store.ids(Confined, Position):
        return []  # (most of the time nobody is held anywhere)
    events: list[Event] = []
    for eid, conf, pos in list(game.store.query(Confined, Position)):
        if pos.depth != game.depth or game.store.has(eid, Door) or not conf.stack:
            continue
        trap = int(conf.stack[0].split(":", 1)[0])
        if not game.store.has(trap, Trap):
            continue
        profile = game.content.traps[game.store.get(trap, Trap).profile]
        tpos = game.store.get(trap, Position)
        ctx = Ctx(game, trap, profile, eid, tpos.xy, -1, pos.depth, 0, -1)
        for step in profile.effect:
            if step["op"] == "move" and step.get("per") == "round":
                events += movement.move(ctx, step, [eid])
            if step["op"] == "condition" and step["condition"] == "suffocating":
                events += start_suffocating(ctx, eid)
                if not conditions.has_condition(game, eid, "suffocating"):
                    continue
                conf.held_rounds += 1
                breath = attribute(game.store, eid, "might") * ROUNDS_PER_MINUTE
                if conf.held_rounds > breath:
                    hp = step["hp_loss_per_round"]
                    boxes = (hp + HP_PER_ROUND_HITS - 1) // HP_PER_ROUND_HITS
                    events.append(Event("suffocate", f"{name_of(game.store, eid)} suffocates "
                                        f"({hp} hp: {plural(boxes, 'Hit')}).", eid))
                    events += wound(game, eid, boxes=boxes, source=profile.name)
    return events
