"""The bot's care of its delvers: when to spend luck, whom to heal and with what, when a
rest is worth taking, and which fallen companions to wait for.

Each answer reads a few rows of the three delvers: cheap enough to ask on every step.
"""

from __future__ import annotations

from roguelike.bot.routes import harming_squares
from roguelike.core.components import (
    Character,
    Conditions,
    Disabled,
    HitBoxes,
    Position,
)
from roguelike.core.explore_components import Fatigue, SpellHealed
from roguelike.engine.base.action import Action
from roguelike.engine.game import Game
from roguelike.engine.helpers.fight_sense import boxes_to_down, castable
from roguelike.engine.items.spells import known_spells
from roguelike.engine.status import conditions as C
from roguelike.engine.status.luck import KeepRoll, SpendLuck, offer_waiting

# Luck (DungeonPunk: start 10, at most 20, regained by feats): one point is always kept, as
# it turns a Disabling blow into a Knock-Out one wakes from (004 Knocked Out).
LUCK_KEPT = 1
SAVE_COST = 3  # the most luck a save against a wound is worth ...
SAVE_COST_DIRE = 6  # ... and when the wound may put the delver down
ATTACK_LUCK = 10  # a missed blow is bought back (for 1 or 2) only from this much luck up
# the offers that are a Might save against a wound: a blow's, and a trap's shot (which has a
# resumer of its own, as what follows the wound waits with it: the next shot, a poison)
WOUND_SAVES = frozenset({"save", "trap_shot"})


def luck_choice(game: Game, eid: int) -> Action:
    """The answer to the luck offer waiting (engine/base/luck_queue.py; offers come one at a
    time, each answered before the next is made): buy back a failed save against a wound,
    more dearly when a wound could put the delver down; a missed blow only when rich."""
    pending = offer_waiting(game)
    if pending is None or pending.eid != eid:
        return KeepRoll()
    luck = game.store.get(eid, Character).luck
    cost = pending.cost
    if luck - cost < LUCK_KEPT:
        return KeepRoll()
    if pending.resume in WOUND_SAVES:
        limit = SAVE_COST_DIRE if boxes_to_down(game, eid) <= 2 else SAVE_COST
        return SpendLuck(cost) if cost <= limit else KeepRoll()
    if pending.resume == "attack" and cost <= 2 and luck >= ATTACK_LUCK:
        return SpendLuck(cost)
    return KeepRoll()


def hurt(game: Game, eid: int) -> bool:
    """Any box crossed, fatigue, or Injured (what a rest may mend)."""
    boxes = game.store.get(eid, HitBoxes)
    if any(loc.crossed for loc in boxes.locations):
        return True
    fat = game.store.try_get(eid, Fatigue)
    if fat is not None and fat.level > 0:
        return True
    conds = game.store.try_get(eid, Conditions)  # (mostly none active: no look-up)
    return conds is not None and bool(conds.active) and C.has_condition(game, eid, "injured")


def state_of(game: Game) -> tuple[object, ...]:
    """What a rest can change in the party: each delver's crossed boxes, fatigue,
    conditions and whether it is down (compared before and after a rest)."""
    store = game.store
    cards, tired = store.table(HitBoxes), store.peek(Fatigue)
    conditions, down = store.peek(Conditions), store.peek(Disabled)
    out: list[object] = []
    for eid in game.party:
        fat = tired.get(eid)
        conds = conditions.get(eid)
        out.append((tuple([loc.crossed for loc in cards[eid].locations]),
                    fat.level if fat is not None else 0,
                    tuple(sorted(conds.active.items())) if conds is not None else (),
                    tuple(sorted(conds.stacks.items())) if conds is not None else (),
                    eid in down))
    return tuple(out)


def in_danger(game: Game) -> bool:
    """Whether any delver is down or a wound from down (heal_plan finds a patient only
    then): a quick look at the three cards, asked on every step."""
    store = game.store
    if store.peek(Disabled):
        return True
    disabling = game.content.rules.disabling_locations
    cards = store.table(HitBoxes)
    for member in game.party:
        for loc in cards[member].locations:
            if loc.crossed and loc.id in disabling and len(loc.boxes) - loc.crossed <= 1:
                return True
    return False


def heal_plan(game: Game, healer: int, salve: int | None) -> tuple[int, str, str] | None:
    """(patient, location, "spell" or "salve") for `healer`: a fallen companion on this
    level first (spell, else salve); then a standing one whose Head or Torso is a wound from
    down (the Heal spell, once per delver a game; a salve only for the last box), the most
    endangered first. None when nobody needs it or nothing can mend them."""
    store = game.store
    spell = "heal" in known_spells(game, healer) and castable(game, healer)
    disabling = game.content.rules.disabling_locations
    positions = store.table(Position)
    candidates: list[tuple[int, int, str, str]] = []
    # (one lying in an acid pool is struck down again at its next turn: a heal is wasted,
    # and the healer walks in after it)
    harmed = harming_squares(game)
    for member in game.party:
        if positions[member].depth != game.depth or positions[member].xy in harmed:
            continue
        boxes = store.get(member, HitBoxes)
        down = store.try_get(member, Disabled)
        if down is not None and down.cause.startswith("killed"):
            continue
        spell_ok = spell and not store.has(member, SpellHealed)
        hurt_locs = sorted((len(loc.boxes) - loc.crossed, loc.id) for loc in boxes.locations
                           if loc.id in disabling and loc.crossed)
        if not hurt_locs:
            continue
        left, where = hurt_locs[0]
        if down is not None:
            spent = [lid for lid in disabling if boxes.location(lid).spent]
            where = spent[0] if spent else where
            if spell_ok or salve is not None:
                candidates.append((-1, member, where, "spell" if spell_ok else "salve"))
        elif left <= 1 and (spell_ok or salve is not None):
            candidates.append((left, member, where, "spell" if spell_ok else "salve"))
    if not candidates:
        return None
    _rank, patient, where, how = min(candidates)
    return patient, where, how


def waits_for(game: Game, hazards: tuple[tuple[int, int], ...]) -> list[int]:
    """Companions down on this level who will get up by themselves (Knocked Out): the
    party does not leave them; but not one lying in a lasting hazard (`hazards`' squares),
    which would only strike them down again as they rise."""
    store = game.store
    disabled = store.peek(Disabled)
    if not disabled:
        return []
    positions = store.table(Position)
    return [e for e in game.party if e in disabled and positions[e].depth == game.depth
            and C.has_condition(game, e, "knocked_out") and positions[e].xy not in hazards]
