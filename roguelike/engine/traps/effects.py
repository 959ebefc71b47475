"""The effect primitives of content/traps/README.md section 8, run step by step.

Each op takes the current victim set and returns the set the next step sees (section 7).
Classic numbers become Traps & Treasure ones here: hit points to Hits (every 4, rounded up),
attack bonus to a Combat value, and the victim's Might save standing in for armour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import (
    Actor,
    Character,
    MonsterStats,
    Position,
    Trap,
    TrapFigure,
)
from roguelike.core.dice import Dice, parse
from roguelike.core.events import Event
from roguelike.core.explore_components import Inventory, Item
from roguelike.engine.base.luck_queue import holding, then, waiting
from roguelike.engine.base.stats import chebyshev, hits_from_hp, name_of
from roguelike.engine.base.words import a_an, a_name, capital, plural, the_name
from roguelike.engine.combat.attack import attack as melee_attack
from roguelike.engine.combat.attack import finish_wound, might_save, wound
from roguelike.engine.creatures.inventory import item_def_of
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.status import conditions
from roguelike.engine.status.luck import offer_luck
from roguelike.engine.status.saves import save_target, saving_throw
from roguelike.engine.traps import confine, hazards, movement
from roguelike.engine.traps.area import area_squares
from roguelike.engine.traps.core import (
    Ctx,
    Op,
    Step,
    ctx_args,
    duration_rounds,
    hit_dice,
    roll,
    run_steps,
    slay,
    step_at,
    step_index,
    step_paths,
    trap_ctx,
)
from roguelike.world.stocking import pick_weighted, spawn_table

if TYPE_CHECKING:
    from roguelike.engine.game import Game

SWIM_ENCUMBRANCE = 5  # Classic swim throw: d20 >= encumbrance in stone; a delver's kit (choice)
ALERT_RADIUS = 12  # squares within which a trap's noise wakes monsters (choice)


def attack_combat(bonus: int) -> int:
    """A trap's Classic +N to hit as a T&T Combat value: +3 -> 4, +6 -> 3, +9 -> 2."""
    return max(2, min(6, 5 - bonus // 3))


def _alive(ctx: Ctx, victims: list[int]) -> list[int]:
    return [v for v in victims if ctx.game.store.alive(v) and ctx.game.store.has(v, Position)]


def _say(ctx: Ctx, kind: str, text: str, eid: int = 0, r: int = 0, need: int = 0) -> None:
    ctx.events.append(Event(kind, text, eid, ctx.trap, roll=r, need=need))


# ----- per-victim ops ------------------------------------------------------------------
def op_save_or(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    keep = []
    for v in _alive(ctx, victims):
        ok, ev = saving_throw(ctx.game, v, step["save"], step.get("bonus", 0))
        ctx.events += ev
        if not ok:
            keep.append(v)
        elif step["then"] == "flee":
            ctx.events += movement.flee(ctx, v)
    return keep


def _damage_dice(ctx: Ctx, step: Step) -> Dice:
    if "dice" in step:
        base = parse(step["dice"])
    else:
        per = parse(step["dice_per_caster_level"])
        base = Dice(per.count * max(1, ctx.ecl), per.sides, per.bonus)
    if step.get("per_depth_dice") and ctx.beyond > 0:
        extra = parse(step["per_depth_dice"])
        if extra.sides == base.sides:  # "10' deeper: +1d6" joins the same roll and save
            base = Dice(base.count + extra.count * ctx.beyond, base.sides, base.bonus)
    return base


def _tags(ctx: Ctx, eid: int) -> set[str]:
    stats = ctx.game.store.try_get(eid, MonsterStats)
    if stats is None:
        return set()
    return set(ctx.game.content.monsters[stats.kind].abilities)


def op_damage(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    game = ctx.game
    dice = _damage_dice(ctx, step)
    for v in _alive(ctx, victims):
        hp = dice.roll(game.streams.play)
        note = f"{dice} rolled {hp}"
        saved = False
        if step["save"] != "none":
            saved, ev = saving_throw(game, v, step["save"])
            ctx.events += ev
            if saved and step["on_save"] == "negate":
                continue
            if saved:
                hp //= 2
                note += ", halved"
        if set(step.get("double_vs", [])) & _tags(ctx, v):
            hp *= 2
            note += ", doubled"
        boxes = hits_from_hp(hp)
        _say(ctx, "trap_damage", f"{name_of(game.store, v)} takes {hp} {step['kind']} damage "
             f"({note}): {plural(boxes, 'Hit')}.", v, hp)
        if boxes:
            ctx.events += wound(game, v, boxes=boxes, source=ctx.name)
        if step.get("poison_save") and not saved:
            ctx.events += _poison(ctx, v, step["poison_save"], step.get("poison_bonus", 0))
    return victims


def op_hits(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    # reducible/dodgeable: the engine has no Toughness, Invulnerability or Dodge yet
    for v in _alive(ctx, victims):
        n = roll(ctx.game, step["count"])
        _say(ctx, "trap_damage", f"{name_of(ctx.game.store, v)} takes {n} "
             f"Hit{'s' * (n != 1)} from {ctx.the_trap} ({step['count']}).", v, n)
        if n:
            ctx.events += wound(ctx.game, v, boxes=n, source=ctx.name)
    return victims


def _poison(ctx: Ctx, v: int, save: str, bonus: int) -> list[Event]:
    if not ctx.game.store.alive(v):
        return []
    ok, ev = saving_throw(ctx.game, v, save, bonus)
    if ok:
        return ev
    return ev + slay(ctx.game, v, "poison")


def op_poison(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    for v in _alive(ctx, victims):
        ctx.events += _poison(ctx, v, step["save"], step.get("bonus", 0))
    return _alive(ctx, victims)


def op_attack(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    game = ctx.game
    rng = game.streams.play
    count = roll(game, step["count"])
    need = attack_combat(step["bonus"])
    shots: list[int] = []
    pool = _alive(ctx, victims)
    if not pool:
        return victims
    if step["targets"] == "random":
        shots = [rng.choice(pool) for _ in range(count)]
    else:
        shots = [v for v in pool for _ in range(count)]
    _say(ctx, "trap_attack", f"{capital(ctx.the_trap)} makes {count} attack{'s' * (count != 1)} "
         f"(+{step['bonus']}: hits on {need}+).", r=count)
    _shoot(ctx, step, path, shots)
    return victims


def _shoot(ctx: Ctx, step: Step, path: str, shots: list[int]) -> None:
    """The shots in turn, each a hit roll, the victim's Might save and what a wound
    brings. A failed save luck could still turn stops the volley: the shots left wait
    behind the offer (the resumer `trap_shot`), so none flies before the answer."""
    game = ctx.game
    rng = game.streams.play
    need = attack_combat(step["bonus"])
    for i, v in enumerate(shots):
        if not game.store.alive(v) or not game.store.has(v, Position):
            continue
        face = rng.d(game.content.rules.combat_die)
        if step.get("out_of_ammo_on") and face == step["out_of_ammo_on"]:
            _say(ctx, "trap_ammo", f"{capital(ctx.the_trap)} rolls {a_an(str(face))}: it is "
                 "out of ammunition.",
                 r=face)
            trap = game.store.get(ctx.trap, Trap)
            trap.state, trap.reset_round = "sprung", -1
            game.kept.changed("traps")
            trap.springs = -1  # spent for good: resets never re-arm it
            break
        who = name_of(game.store, v)
        if face < need:
            _say(ctx, "miss", f"{capital(ctx.the_trap)} misses {who} (rolled {face} vs {need}).", v,
                 face, need)
            continue
        hp = roll(game, step["damage"])
        boxes = max(1, hits_from_hp(hp))
        _say(ctx, "hit", f"{capital(ctx.the_trap)} hits {who} (rolled {face} vs {need}) for {hp} "
             f"{step['kind']} damage ({step['damage']}): {plural(boxes, 'Hit')}.",
             v, face, need)
        chk, said = might_save(game, v)
        ctx.events += said
        if chk is not None and chk.ok:
            continue
        if chk is not None:
            offer = offer_luck(game, chk, "trap_shot", [
                *ctx_args(ctx), step_index(ctx.profile, path), v, boxes, *shots[i + 1:]])
            if offer:
                ctx.events += offer
                return
        ctx.events += _pierced(ctx, step, v, boxes)
        if waiting(game):
            _shots_wait(ctx, path, shots[i + 1:])
            return


def _shots_wait(ctx: Ctx, path: str, shots: list[int]) -> None:
    then(ctx.game, "trap_shots", [*ctx_args(ctx), step_index(ctx.profile, path), *shots])


def continue_trap_shots(game: Game, args: list[int]) -> list[Event]:
    trap, trigger, ecl, index, *shots = args
    ctx = trap_ctx(game, trap, trigger, ecl)
    path = step_paths(ctx.profile)[index]
    _shoot(ctx, step_at(ctx.profile, path), path, shots)
    return ctx.events


def _pierced(ctx: Ctx, step: Step, v: int, boxes: int) -> list[Event]:
    """A shot the victim did not save against: the wound, then the poison on it."""
    events = finish_wound(ctx.game, 0, v, boxes, ctx.name, "melee", False)
    if step.get("poison_save"):
        events += _poison(ctx, v, step["poison_save"], step.get("poison_bonus", 0))
    return events


def resume_trap_shot(game: Game, args: list[int], ok: bool) -> list[Event]:
    """A trap's shot whose save waited on luck: saved after all, or the wound and its
    poison; then the rest of the volley."""
    trap, trigger, ecl, index, v, boxes, *shots = args
    ctx = trap_ctx(game, trap, trigger, ecl)
    path = step_paths(ctx.profile)[index]
    step = step_at(ctx.profile, path)
    if ok:
        _say(ctx, "save", f"{name_of(game.store, v)} saves after all.", v)
    else:
        ctx.events += _pierced(ctx, step, v, boxes)
    if waiting(game):
        _shots_wait(ctx, path, shots)
    else:
        _shoot(ctx, step, path, shots)
    return ctx.events


def _affected_by_hp_pool(ctx: Ctx, step: Step, victims: list[int]) -> list[int]:
    """Effects limited to a total of hit points take the weakest first (HD x 4 hp each)."""
    if "hp_total" not in step:
        return victims
    pool = step["hp_total"]
    out = []
    for v in sorted(victims, key=lambda e: (hit_dice(ctx.game, e), e)):
        cost = hit_dice(ctx.game, v) * 4
        if cost > pool:
            break
        pool -= cost
        out.append(v)
    return out


def op_condition(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    game = ctx.game
    cond = step["condition"]
    targets = _alive(ctx, victims)
    if "max_hd" in step:
        targets = [v for v in targets if hit_dice(game, v) < step["max_hd"]]
    for v in _affected_by_hp_pool(ctx, step, targets):
        if "save" in step and hit_dice(game, v) >= step.get("save_min_hd", 0):
            ok, ev = saving_throw(game, v, step["save"], step.get("bonus", 0))
            ctx.events += ev
            if ok:
                continue
        if cond == "dead":
            ctx.events += slay(game, v, ctx.name)
            continue
        rounds = duration_rounds(game, step["duration"], ctx.ecl)
        if rounds == 0:
            continue
        ctx.events += conditions.add_condition(game, v, cond, rounds, source=ctx.name)
        if cond == "suffocating":
            ctx.events += confine.start_suffocating(ctx, v)
    return victims


def op_stat(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    # Classic Strength (3-18) loss as Might: every 4 points crosses one Might box
    for v in _alive(ctx, victims):
        n = roll(ctx.game, step["amount"])
        boxes = hits_from_hp(n)
        _say(ctx, "trap_stat", f"{name_of(ctx.game.store, v)} loses {n} {step['stat']} "
             f"({step['amount']}): {boxes} Might box{'es' * (boxes != 1)}.", v, n)
        if boxes and ctx.game.store.has(v, Character):
            loc = next(x.id for x in ctx.game.content.classes[
                ctx.game.store.get(v, Character).klass].locations if x.attribute == "might")
            ctx.events += wound(ctx.game, v, boxes=boxes, source=ctx.name, location=loc)
        elif boxes:
            ctx.events += wound(ctx.game, v, boxes=boxes, source=ctx.name)
    return victims


def op_luck(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    for v in _alive(ctx, victims):
        char = ctx.game.store.try_get(v, Character)
        if char is None:
            continue
        before = char.luck
        char.luck_max = max(0, char.luck_max + step["max_amount"])
        char.luck = max(0, min(char.luck_max, char.luck + step["amount"]))
        _say(ctx, "trap_luck", f"{name_of(ctx.game.store, v)} is cursed: luck {before} -> "
             f"{char.luck}, maximum luck now {char.luck_max} (until remove curse).", v)
    return victims


def op_swim(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    game = ctx.game
    for v in _alive(ctx, victims):
        face = game.streams.play.d(20)
        who = name_of(game.store, v)
        if face >= SWIM_ENCUMBRANCE:
            _say(ctx, "swim", f"{who} swims (rolled {face} vs {SWIM_ENCUMBRANCE}).", v, face,
                 SWIM_ENCUMBRANCE)
            ctx.events += hazards.swam(ctx, v)
            continue
        margin = SWIM_ENCUMBRANCE - face
        if margin < step["drown_margin"]:
            _say(ctx, "swim", f"{who} flounders (rolled {face} vs {SWIM_ENCUMBRANCE}).", v,
                 face, SWIM_ENCUMBRANCE)
            continue
        _say(ctx, "swim", f"{who} sinks and is drowning (rolled {face} vs "
             f"{SWIM_ENCUMBRANCE}, failed by {margin}).", v, face, SWIM_ENCUMBRANCE)
        with holding(game):  # (one victim's drowning amid the others': it cannot wait)
            run_steps(ctx, step["on_drown"], [v], f"{path}/on_drown")
    return victims


def op_corrode(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    """Gas; Corroding (seed 000): every item of the material, carried by a victim or lying
    in the area, must save vs stone (as its carrier; on the floor as a 0-level human,
    Classic) or fall to pieces."""
    game = ctx.game
    material, category = step["material"], step.get("save", "stone")
    floor_target = game.content.saves.target("fighter", 0, category)
    owners: list[tuple[int, int]] = []  # (item, carrier or 0)
    if step["scope"] == "floor_items":
        area = set(area_squares(game.level, ctx.profile.area, ctx.point, ctx.room))
        owners = [(e, 0) for e, _i, p in game.store.query(Item, Position)
                  if p.depth == ctx.depth and p.xy in area]
    else:
        for v in _alive(ctx, victims):
            inv = game.store.try_get(v, Inventory)
            owners += [(item, v) for item in (inv.items if inv else [])]
    ruined = 0
    for item, carrier in owners:
        idef = item_def_of(game, item)
        if idef is None or material not in idef.materials:
            continue
        need = save_target(game, carrier, category) if carrier else floor_target
        face = game.streams.play.d(20)
        owner = f"{name_of(game.store, carrier)}'s " if carrier else "the "
        if face + step.get("bonus", 0) >= need:
            _say(ctx, "trap_corrode", f"{owner}{idef.name} resists {ctx.the_trap} "
                 f"(rolled {face} vs {need}).", carrier, face, need)
            continue
        ruined += 1
        _say(ctx, "trap_corrode", f"{owner}{idef.name} rusts to pieces "
             f"(rolled {face} vs {need}).", carrier, face, need)
        inv = game.store.try_get(carrier, Inventory) if carrier else None
        if inv is not None and item in inv.items:
            inv.items.remove(item)
        game.store.destroy(item)
    if not ruined and not owners:
        _say(ctx, "trap_corrode", f"{capital(ctx.the_trap)} finds no {material} to ruin.")
    return victims


# ----- once-per-trigger ops ------------------------------------------------------------
def op_alert(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    game = ctx.game
    here = Position(ctx.depth, *ctx.point)
    woken = 0
    for _eid, actor, pos in game.store.query(Actor, Position):
        if actor.side != "party" and pos.depth == ctx.depth and not actor.awake \
                and chebyshev(pos, here) <= ALERT_RADIUS:
            actor.awake = True
            woken += 1
    _say(ctx, "alert", f"{capital(ctx.the_trap)} makes a racket: {woken} monster"
         f"{'s' * (woken != 1)} nearby wake{'s' * (woken == 1)}.", r=woken)
    return victims


def _spawn(ctx: Ctx, monster_id: str, near: tuple[int, int]) -> int:
    spot = movement.free_square_near(ctx.game, ctx.depth, near)
    return make_monster(ctx.game.store, ctx.game.content, monster_id,
                        Position(ctx.depth, *spot), awake=True)


def op_summon(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    game = ctx.game
    kind = step["kind"]
    if kind == "pit_monster":
        table = spawn_table(game.content, ctx.depth)
        mid = pick_weighted(game.streams.play, table)
        where = game.store.get(victims[0], Position).xy if _alive(ctx, victims) else ctx.point
        eid = _spawn(ctx, mid, where)
        _say(ctx, "summon", f"{capital(a_name(game, eid))} lurks in the pit!", eid)
    elif kind == "elemental":
        element = game.streams.play.choice(step["element"])
        eid = _spawn(ctx, f"elemental_{element}", ctx.point)
        _say(ctx, "summon", f"{capital(a_name(game, eid))} ({step['hd']} HD) is conjured!", eid)
    elif kind == "illusion":
        targets = _alive(ctx, victims)
        if targets:
            eid = _spawn(ctx, "phantasm", game.store.get(targets[0], Position).xy)
            _say(ctx, "summon", f"{capital(a_name(game, eid))} takes shape before "
                 f"{name_of(game.store, targets[0])}!", eid)
    else:  # trap_figure
        eid = _spawn(ctx, step["figure"], ctx.point)
        # (001: a counterattack ends the figure; what it does to the trap is the step's)
        game.store.add(eid, TrapFigure(ctx.trap, step.get("on_counter_miss", ""),
                                       step.get("on_counter_damage", "")))
        _say(ctx, "summon", f"{capital(the_name(game, eid))} spring out!", eid)
        if step.get("attacks_on_summon"):
            _figure_attacks(ctx, eid, path, _alive(ctx, victims))
    return victims


def _figure_attacks(ctx: Ctx, figure: int, path: str, victims: list[int]) -> None:
    """A trap's figure strikes each victim next to it as it springs out (the Jaws); one
    whose save waits on luck holds back the strikes at the others."""
    game = ctx.game
    step = step_at(ctx.profile, path)
    for i, v in enumerate(victims):
        here = game.store.try_get(figure, Position)
        if here is None or not game.store.alive(v) or \
                chebyshev(game.store.get(v, Position), here) > 1:
            continue
        ctx.events += melee_attack(game, figure, v, boxes=step["damage"])
        if waiting(game):
            then(game, "trap_figure_attacks", [*ctx_args(ctx), step_index(ctx.profile, path),
                                               figure, *victims[i + 1:]])
            return


def continue_trap_figure_attacks(game: Game, args: list[int]) -> list[Event]:
    trap, trigger, ecl, index, figure, *victims = args
    ctx = trap_ctx(game, trap, trigger, ecl)
    _figure_attacks(ctx, figure, step_paths(ctx.profile)[index], victims)
    return ctx.events


def op_spell(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    game = ctx.game
    per = game.content.trap_stocking.deeper_spell_caster_levels_per_level
    ctx.ecl = step["caster_level"] + per * ctx.beyond
    targets = _alive(ctx, victims)
    note = ""
    if "max_targets" in step:
        n = roll(game, step["max_targets"])
        if len(targets) > n:
            game.streams.play.shuffle(targets)
            targets = sorted(targets[:n])
        note = f", at most {n} creatures ({step['max_targets']})"
    if "hd_total" in step:
        pool = roll(game, step["hd_total"])
        chosen = []
        for v in sorted(targets, key=lambda e: (hit_dice(game, e), e)):
            hd = hit_dice(game, v)
            if hd <= step["max_hd"] and hd <= pool:
                pool -= hd
                chosen.append(v)
        note = f", {step['hd_total']} Hit Dice of creatures"
        targets = chosen
    _say(ctx, "spell", f"The trap casts {ctx.name} (caster level {ctx.ecl}{note}).",
         r=ctx.ecl)
    run_steps(ctx, step["effect"], targets, f"{path}/effect")
    return victims


def op_one_of(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    options = step["options"]
    pick = ctx.option if 0 <= ctx.option < len(options) else \
        ctx.game.streams.play.below(len(options))
    chosen = options[pick]
    _say(ctx, "trap_kind", f"It is {a_an(chosen['label'].replace('_', ' '))}.", r=pick)
    run_steps(ctx, chosen["steps"], victims, f"{path}/options/{pick}/steps")
    return victims


def op_hazard(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    ctx.events += hazards.create(ctx, step, path, _alive(ctx, victims))
    return victims


def op_confine(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    ctx.events += confine.apply(ctx, step, path, _alive(ctx, victims))
    return victims


def op_move(ctx: Ctx, step: Step, victims: list[int], path: str) -> list[int]:
    ctx.events += movement.move(ctx, step, _alive(ctx, victims))
    return victims


# Every effect primitive by name (content/traps/README.md section 8), in one place.
TRAP_OPS: dict[str, Op] = {
    "save_or": op_save_or, "damage": op_damage, "hits": op_hits, "attack": op_attack,
    "poison": op_poison, "condition": op_condition, "confine": op_confine, "move": op_move,
    "summon": op_summon, "spell": op_spell, "hazard": op_hazard, "swim": op_swim,
    "luck": op_luck, "alert": op_alert, "corrode": op_corrode, "stat": op_stat,
    "one_of": op_one_of,
}
