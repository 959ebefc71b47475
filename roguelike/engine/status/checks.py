"""The d6 check every roll of the fight goes through: Combat to hit, Might and Wits saves.

d6 + modifiers + luck pledged before the roll >= need succeeds. A natural 1 fails (our d6
botch: only luck pledged before the roll can still carry it) and a natural 6 succeeds (our
break), whatever the modifiers. The roller's condition modifiers (Poisoned, Injured), the
multiple-actions penalty and fatigue apply to every check. A success by `critical_margin` or
more before luck is a critical success; a failure short by more than that (pledged luck
counted) is a critical failure, which luck after the roll cannot rescue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Actor, Character, FightState
from roguelike.core.events import Event
from roguelike.core.explore_components import Fatigue
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base.stats import attribute, name_of
from roguelike.engine.status.conditions import check_mod

if TYPE_CHECKING:
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.base.views import HasStore, StoreAndContent
    from roguelike.engine.game import Game


@dataclass(slots=True)
class Check:
    eid: int
    label: str
    roll: int
    need: int
    mod: int
    luck: int
    ok: bool
    botch: bool
    critical: bool
    critical_failure: bool = False  # missed by more than the critical margin: no luck after

    @property
    def total(self) -> int:
        return self.roll + self.mod + self.luck

    @property
    def shown(self) -> str:
        text = str(self.roll)
        if self.mod:
            text += f"{self.mod:+d}"
        if self.luck:
            text += f" +{self.luck} luck"
        return text

    @property
    def luck_cost(self) -> int:
        """Luck that would turn this failure into a success after the roll; 0 = none can
        (a success, a natural 1, or a critical failure: DungeonPunk 004:50)."""
        if self.ok or self.botch or self.critical_failure:
            return 0
        return self.need - self.total


def fight_state(game: HasStore, eid: int) -> FightState:
    state = game.store.try_get(eid, FightState)
    if state is None:
        state = FightState()
        game.store.add(eid, state)
    return state


def multiple_actions_penalty(game: StoreAndContent, eid: int) -> int:
    """DungeonPunk MAP, beyond Traps & Treasure's two free actions: -1 pip per extra action."""
    state = game.store.try_get(eid, FightState)
    actor = game.store.try_get(eid, Actor)
    if state is None or actor is None or state.granted == 0:
        return 0
    used = state.granted - actor.actions_left
    return -max(0, used - game.content.rules.actions_per_turn)


def roller_mod(game: Game, eid: int) -> int:
    """Conditions (Poisoned, Injured), the multiple-actions penalty and fatigue (-1 a level,
    RULES "Rest"): what the roller brings to every d6 check."""
    return check_mod(game, eid) + multiple_actions_penalty(game, eid) - \
        fatigue_penalty(game, eid)


def fatigue_penalty(game: HasStore, eid: int) -> int:
    """Each fatigue level is -1 on d6 rolls, i.e. +1 to the target (RULES.md)."""
    fat = game.store.try_get(eid, Fatigue)
    return fat.level if fat else 0


def take_pledge(store: EntityStore, eid: int) -> int:
    state = store.try_get(eid, FightState)
    if state is None or not state.luck_pledge:
        return 0
    pledge, state.luck_pledge = state.luck_pledge, 0
    return pledge


def d6_check(game: Game, eid: int, need: int | str, label: str, mod: int = 0) -> Check:
    """Roll one check for `eid` against a number or one of its attributes."""
    if isinstance(need, str):
        label = label or need.capitalize()
        need = attribute(game.store, eid, need)
    d6 = game.content.fight.d6
    total_mod = mod + roller_mod(game, eid)
    luck = take_pledge(game.store, eid)
    roll = game.streams.play.d(game.content.rules.combat_die)
    botch = roll <= d6.natural_fail
    if roll >= d6.natural_success:
        ok = True
    elif botch:
        ok = luck > 0 and roll + total_mod + luck >= need
    else:
        ok = roll + total_mod + luck >= need
    critical = ok and roll + total_mod >= need + d6.critical_margin
    # DungeonPunk AT < TN - 10, mirrored on the d6: short by more than the critical margin
    # (luck pledged before the roll counts, as DungeonPunk's luck spent before does)
    crit_fail = not ok and roll + total_mod + luck < need - d6.critical_margin
    return Check(eid, label, roll, need, total_mod, luck, ok, botch, critical, crit_fail)


def describe(game: HasStore, chk: Check, verb_ok: str = "succeeds", verb_fail: str = "fails"
             ) -> Event:
    name = name_of(game.store, chk.eid)
    verdict = verb_ok if chk.ok else verb_fail
    extra = " (a natural 1)" if chk.botch and not chk.ok else ""
    extra += " Critical!" if chk.critical else ""
    extra += ", a critical failure" if chk.critical_failure else ""
    return Event("check", f"{name} {verdict} ({chk.label}: rolled {chk.shown} vs "
                 f"{chk.need}){extra}.", chk.eid, roll=chk.roll, need=chk.need)


def attribute_check(game: Game, eid: int, attr: str, mod: int = 0, label: str = ""
                    ) -> tuple[bool, list[Event]]:
    """A Wits or Might (or Combat) check others can call: luck pledges and conditions count.

    The luck prompt after the roll is not offered here (the caller's action could not be
    resumed); pledge luck before with SpendLuck instead."""
    chk = d6_check(game, eid, attr, label or attr.capitalize(), mod)
    return chk.ok, [describe(game, chk)]


def has_luck(store: EntityStore, eid: int) -> bool:
    char = store.try_get(eid, Character)
    return char is not None and char.luck > 0
