"""What a shot, a spell or a throw aimed at a square would do, said before it is done.

The targeting view shows it (and warns before a delver would be struck), auto-fight picks
its targets with it. Each verdict asks the action's own checks (fight_actions.shot_refusal,
spells.aim_refusal, items.throw_refusal), so what the view says and what the action does
agree: a foe too close to shoot reads "Too close to shoot", never "line clear".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from roguelike.content.explore import ItemDef
from roguelike.core.components import Position
from roguelike.engine.actions.fight_actions import shot_refusal
from roguelike.engine.base.stats import is_disabled, name_of
from roguelike.engine.items import spells
from roguelike.engine.items.item_use import throw_refusal, thrown_at
from roguelike.world.sight import line

if TYPE_CHECKING:
    from roguelike.engine.base.views import HasStore
    from roguelike.engine.game import Game

NO_LINE = "No clear line of fire."  # (shooting.can_shoot's words)


@dataclass(frozen=True)
class Verdict:
    """refusal: why the action would be refused ('' when it would go); friends: the
    delvers it would strike, catch or splash (the actor among them), in party order."""

    refusal: str = ""
    friends: tuple[int, ...] = ()

    @property
    def goes(self) -> bool:
        return not self.refusal


def _friends(party: list[int], struck: list[int]) -> tuple[int, ...]:
    return tuple(e for e in party if e in struck)


def shot(game: Game, shooter: int, x: int, y: int) -> Verdict:
    """A shot at the creature seen on (x, y): the shot's own refusal, and a companion in
    the way named (a creature strictly between blocks the line, RULES "Line of fire")."""
    target = seen_at(game, x, y)
    if target is None:
        return Verdict("There is nobody there to shoot.")
    refusal = shot_refusal(game, shooter, target)
    if refusal == NO_LINE:
        here = game.store.get(shooter, Position).xy
        between = [game.creature_at(*sq) for sq in line(here, (x, y))[1:-1]]
        mates = [e for e in between if e is not None and e in game.party]
        if mates:
            refusal = f"No clear line of fire: {names(game, mates)} in the way."
    return Verdict(refusal)


def cast(game: Game, caster: int, spell_id: str, x: int, y: int) -> Verdict:
    """A spell cast at (x, y): the cast's own refusal (the option it asks after, a wall's
    direction or Heal's location, aside), and the delvers a harmful spell would strike."""
    refusal = spells.aim_refusal(game, caster, spell_id, x, y)
    if refusal:
        return Verdict(refusal)
    return Verdict("", _friends(game.party, spells.caught_by(game, spell_id, x, y)))


def throw(game: Game, thrower: int, idef: ItemDef, x: int, y: int) -> Verdict:
    refusal = throw_refusal(game, thrower, idef, x, y)
    if refusal:
        return Verdict(refusal)
    return Verdict("", _friends(game.party, thrown_at(game, idef, x, y)))


def seen_at(game: Game, x: int, y: int) -> int | None:
    """The creature on (x, y) the party can see (a delver is always known)."""
    who = game.creature_at(x, y)
    if who is None or not (who in game.party or game.visible[y, x]):
        return None
    return who


def names(game: HasStore, eids: list[int] | tuple[int, ...]) -> str:
    """'Vex is', 'Vex and Bors are'."""
    words = [name_of(game.store, e) for e in eids]
    joined = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return f"{joined} {'is' if len(words) == 1 else 'are'}"


def warning(game: Game, what: str, hits: str, verb: str, verdict: Verdict) -> str:
    """'Confusion would catch Vex: Enter again to cast anyway.' ('' with no friend)."""
    if not verdict.friends:
        return ""
    who = names(game, verdict.friends).rsplit(" ", 1)[0]
    return f"{what} would {hits} {who}: Enter again to {verb} anyway."


def foes_nearest(game: Game, eid: int) -> list[int]:
    """Standing foes the party sees, nearest to `eid` first (ties by id)."""
    here = game.store.get(eid, Position)
    positions = game.store.table(Position)
    foes = [f for f in game.hostiles_in_view() if not is_disabled(game.store, f)]
    return sorted(foes, key=lambda f: (max(abs(positions[f].x - here.x),
                                           abs(positions[f].y - here.y)), f))


def foe_targets(game: Game, eid: int, verdict_of: Callable[[int, int], Verdict]
                ) -> list[int]:
    """The standing foes the party sees, for `verdict_of(x, y)`: those the action would
    reach and that strike no delver first, then those that would strike one, then those
    it would not reach (so Tab still shows why); nearest first within each."""
    positions = game.store.table(Position)
    ranked = []
    for foe in foes_nearest(game, eid):
        v = verdict_of(*positions[foe].xy)
        ranked.append((2 if v.refusal else 1 if v.friends else 0, foe))
    return [f for _r, f in sorted(ranked, key=lambda r: r[0])]  # (stable: nearest first)
