"""The judgement a fight shares between auto-fight (`F`) and the bot: whom to fight, who is
a wound from going down, when a caster can cast, where to step back to, which spell to
cast at whom, and the squares a fighter never steps onto.

Only what the party knows is read (the foes in view, the traps and lasting trap effects it
knows of), so auto-fight plays as a player could.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from roguelike.core.components import Actor, Hazard, HitBoxes, MonsterStats, Position, Trap
from roguelike.engine.actions.basic import Step
from roguelike.engine.base.action import DIRECTIONS, Action
from roguelike.engine.base.stats import attribute, chebyshev, is_disabled
from roguelike.engine.combat.shooting import ranged_reach
from roguelike.engine.game import Game
from roguelike.engine.helpers.watch import known_hazards, known_things
from roguelike.engine.items.spells import Cast, aim_refusal, caught_by, known_spells
from roguelike.engine.status.checks import fatigue_penalty
from roguelike.engine.traps.core import step_at

STEPS = list(DIRECTIONS.values())
CAST_AT = 5  # the hardest casting target (d6 >= Wits + fatigue) the bot's caster tries
ANY_CAST = 6  # ... and auto-fight's: any the die can make
CROWD = 3  # Confusion is cast on this many foes or more (and never on a delver)


def fight_foes(game: Game) -> list[int]:
    """The standing foes in view the party fights: any monster, a Pillager only when
    engaged (003: they fight only when engaged; game.threats_in_view)."""
    return [f for f in game.threats_in_view() if not is_disabled(game.store, f)]


def immobile(game: Game, foe: int) -> bool:
    """A foe that cannot come to us (Speed 0: the Jaws of Doom)."""
    stats = game.store.try_get(foe, MonsterStats)
    return stats is not None and stats.speed <= 0


def hits_left(game: Game, foe: int) -> int:
    stats = game.store.try_get(foe, MonsterStats)
    return stats.hits if stats is not None else 99


def boxes_to_down(game: Game, eid: int) -> int:
    """Wounds to the weakest disabling location (Head, Torso) that would put `eid` down."""
    boxes = game.store.get(eid, HitBoxes)
    return min(len(loc.boxes) - loc.crossed for loc in boxes.locations
               if loc.id in game.content.rules.disabling_locations)


def helped(game: Game, eid: int) -> bool:
    """Another delver stands on this level to hold the line."""
    store = game.store
    depth = game.depth
    return any(m != eid and not is_disabled(store, m) and store.get(m, Position).depth == depth
               for m in game.party)


def anyone_shoots(game: Game) -> bool:
    """A standing delver on this level has a ranged weapon or Force Bolt (a foe that
    cannot move is left to them, not fought hand to hand)."""
    store = game.store
    for m in game.party:
        if is_disabled(store, m) or store.get(m, Position).depth != game.depth:
            continue
        if ranged_reach(game, m) > 0 or "force_bolt" in known_spells(game, m):
            return True
    return False


def castable(game: Game, eid: int, at: int = CAST_AT) -> bool:
    """A cast is a Wits check plus fatigue: worth trying only up to a target of `at` (at
    6 a six alone casts; at 7 nothing does, and an exhausted Mage tried Heal for ever)."""
    return attribute(game.store, eid, "wits") + fatigue_penalty(game, eid) <= at


def step_back(game: Game, eid: int, pos: Position, threats: Iterable[Position],
              avoid: Collection[tuple[int, int]] = (), beyond: int = 1) -> Step | None:
    """A step to a free square farther than `beyond` from every threat, the farthest
    first, none onto a square in `avoid`; None when there is none (or the turn is spent)."""
    act = game.store.get(eid, Actor)
    if act.move_points <= 0 and act.actions_left <= 0:
        return None
    threats = list(threats)
    level = game.level
    best = None
    for dx, dy in STEPS:
        x, y = pos.x + dx, pos.y + dy
        if not level.is_walkable(x, y) or game.creature_at(x, y) is not None \
                or (x, y) in avoid or game.step_blocked(eid, x, y):
            continue
        gap = min((max(abs(t.x - x), abs(t.y - y)) for t in threats), default=9)
        if gap > beyond and (best is None or gap > best[0]):
            best = (gap, dx, dy)
    return Step(best[1], best[2]) if best is not None else None


def in_spell_line(game: Game, eid: int, spell_id: str, foe: int) -> bool:
    """Whether `eid` can cast `spell_id` at the square of `foe` (range, sight, walls)."""
    x, y = game.store.get(foe, Position).xy
    return not aim_refusal(game, eid, spell_id, x, y)


def spell_choice(game: Game, eid: int, pos: Position, foes: list[int]) -> Action | None:
    """Confusion where it catches CROWD foes or more and no delver; else Force Bolt at the
    nearest foe in its line (the weakest of equals); None when neither will do."""
    known = known_spells(game, eid)
    positions = game.store.table(Position)
    mobile = [f for f in foes if not immobile(game, f)]
    if "confusion" in known and len(mobile) >= CROWD:
        party = set(game.party)
        for f in mobile:
            c = positions[f]
            caught = caught_by(game, "confusion", c.x, c.y)
            if sum(1 for o in mobile if o in caught) >= CROWD \
                    and not party.intersection(caught) and in_spell_line(game, eid,
                                                                         "confusion", f):
                return Cast("confusion", c.x, c.y)
    if "force_bolt" not in known:
        return None
    seen = [f for f in foes if in_spell_line(game, eid, "force_bolt", f)]
    if not seen:
        return None
    target = min(seen, key=lambda f: (chebyshev(positions[f], pos), hits_left(game, f), f))
    tpos = positions[target]
    return Cast("force_bolt", tpos.x, tpos.y)


def bolt_reach(game: Game) -> int:
    """How far Force Bolt reaches (spells.toml), 0 without it in the content."""
    spell = game.content.explore.spells.get("force_bolt")
    return spell.range if spell is not None else 0


HARMING_HOOKS = ("on_turn_start", "per_round", "while_inside")


def harming_squares(game: Game, known: bool = False) -> tuple[tuple[int, int], ...]:
    """The squares of this level's started hazards that strike whoever stays in them (an
    acid pool: 2 boxes at each turn's start in or beside it), not only whoever comes in;
    `known`: only those whose trap a delver knows (the party saw them begin)."""
    store = game.store
    if not store.ids(Hazard, Position):
        return ()
    depth, round_ = game.depth, game.round
    out: list[tuple[int, int]] = []
    for _h, hz, pos in store.query(Hazard, Position):
        if pos.depth != depth or round_ < hz.starts:
            continue
        trap = store.try_get(hz.trap, Trap) if known else None
        if known and (trap is None or not trap.known_by):
            continue
        step = step_at(game.content.traps[hz.profile], hz.step)
        if any(step.get(hook) for hook in HARMING_HOOKS):
            out.extend((x, y) for x, y in hz.squares)
    return tuple(out)


def unsafe_squares(game: Game) -> set[tuple[int, int]]:
    """Squares a fighter never steps onto: known traps and the squares of the lasting trap
    effects the party knows of (an acid pool and its reach, a Buzz Saw's run)."""
    return set(known_hazards(game))


def trap_corners(game: Game) -> set[tuple[int, int]]:
    """Squares of known armed square traps: a diagonal step between two squares beside
    one may spring it (001), so a fighter never slips past one diagonally."""
    store = game.store
    out = set()
    for eid, kind in known_things(game).items():
        trap = store.try_get(eid, Trap) if kind == "trap" else None
        if trap is not None and trap.placement == "square":
            out.add(store.get(eid, Position).xy)
    return out
