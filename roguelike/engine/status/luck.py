"""DungeonPunk luck: spent 1:1 on a roll, before it (a pledge) or after it (a prompt).

Before: SpendLuck(n) with no decision pending pledges n luck to the character's next check.
After: when a party member's check fails, luck could still turn it (not a natural 1) and the
option luck_prompt is "ask", the engine stops with an Offer at the head of the luck queue
(engine/base/luck_queue.py: the rest of the effect waits behind it); the next action must be
SpendLuck(n) or KeepRoll(), and the engine finishes what the roll decided through the
resumer the offer names, then what waited behind it.
Initiative: PledgeInitiative(n, member) puts n luck of any delver on its next initiative
roll in a fight (DungeonPunk 004:112), added when that round's dice are rolled; no decision
is asked for, so the game never stops for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from roguelike.core.components import Actor, Character, FightState
from roguelike.core.events import Event
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base import luck_queue
from roguelike.engine.base.action import Action, Result, done, fail
from roguelike.engine.base.luck_queue import Offer, Resumer, offer_waiting
from roguelike.engine.base.stats import name_of
from roguelike.engine.status.checks import Check, fight_state

if TYPE_CHECKING:
    from roguelike.engine.base.views import Board, StoreAndContent
    from roguelike.engine.game import Game

__all__ = ["KeepRoll", "Offer", "Resumer", "SpendLuck", "gain_luck",
           "offer_luck", "offer_waiting", "pending_entity"]


def pending_entity(game: Game) -> int | None:
    """The delver whose luck a waiting roll asks about, if any."""
    offer = offer_waiting(game)
    return None if offer is None else offer.eid


def offer_luck(game: Game, chk: Check, resume: str, args: list[int]) -> list[Event]:
    """Stop for the player's decision when luck could still turn this failed check: the
    caller (and each caller above it) then queues what it had left to do and returns
    (engine/base/luck_queue.py). No offer (the roll stands) with luck_prompt "never", once the
    game is over, or inside an effect that cannot stop half-way."""
    char = game.store.try_get(chk.eid, Character)
    cost = chk.luck_cost
    if (char is None or game.options.luck_prompt != "ask" or cost <= 0 or cost > char.luck
            or resume not in game.registry.resumers or game.over or not luck_queue.may_offer(game)):
        return []
    luck_queue.ask(game, Offer(chk.eid, chk.label, chk.roll, chk.need, cost, resume,
                               list(args)))
    return [Event("luck_offer", f"{name_of(game.store, chk.eid)} could spend {cost} luck "
                  f"(of {char.luck}) to pass the {chk.label} roll.", chk.eid, roll=chk.roll,
                  need=chk.need)]


def gain_luck(game: StoreAndContent, eid: int, feat: str) -> list[Event]:
    tables = game.content.fight
    char = game.store.try_get(eid, Character)
    row = tables.luck_feats.get(feat)
    if char is None or row is None:
        return []
    cap = min(tables.luck_max, char.luck_max)  # a Curse Trap lowers the character's maximum
    if char.luck >= cap:
        return []
    gained = min(row.luck, cap - char.luck)
    char.luck += gained
    return [Event("luck", f"{name_of(game.store, eid)} gains {gained} luck for {row.text} "
                  f"({char.luck}).", eid)]


@dataclass(frozen=True)
class SpendLuck(Action):
    """Spend n luck: on the pending failed roll, or else pledged to the next roll."""

    kind: ClassVar[str] = "spend_luck"
    uses_time: ClassVar[bool] = False
    n: int

    def perform(self, game: Game, actor: int) -> Result:
        char = game.store.try_get(actor, Character)
        if char is None:
            return fail("Only delvers have luck.")
        if self.n < 1 or self.n > char.luck:
            return fail(f"{name_of(game.store, actor)} has {char.luck} luck to spend.")
        char.luck -= self.n
        name = name_of(game.store, actor)
        pending = offer_waiting(game)
        if pending is None or pending.eid != actor:
            fight_state(game, actor).luck_pledge += self.n
            return done(Event("luck", f"{name} pledges {self.n} luck to the next roll "
                              f"({char.luck} left).", actor))
        ok = self.n >= pending.cost
        total = pending.need - pending.cost + self.n
        text = (f"{name} spends {self.n} luck on the {pending.label} roll: {total} vs "
                f"{pending.need}, {'a success' if ok else 'still a failure'} "
                f"({char.luck} luck left).")
        events = [Event("luck", text, actor, roll=pending.roll, need=pending.need)]
        return done(*events, *luck_queue.answer(game, ok))


@dataclass(frozen=True)
class PledgeInitiative(Action):
    """Spend n luck on a delver's next initiative roll in a fight (it takes no time).

    `member`: the delver's place in the party (-1: the one acting). DungeonPunk 004:78 lets
    luck be spent "at any time" on "a skill check or initiative roll"; 004:112 "after
    rolling but before the first character takes their turn". The game rolls initiative
    every round and stops for no question, so luck goes on the roll before it is thrown: the
    pledge waits out of combat and is added to the first round rolled in a fight."""

    kind: ClassVar[str] = "pledge_initiative"
    uses_time: ClassVar[bool] = False
    n: int
    member: int = -1

    def perform(self, game: Game, actor: int) -> Result:
        if not -1 <= self.member < len(game.party):
            return fail("There is no such party member.")
        eid = actor if self.member < 0 else game.party[self.member]
        char = game.store.try_get(eid, Character)
        if char is None:
            return fail("Only delvers have luck.")
        name = name_of(game.store, eid)
        if self.n < 1 or self.n > char.luck:
            return fail(f"{name} has {char.luck} luck to spend.")
        char.luck -= self.n
        state = fight_state(game, eid)
        state.initiative_pledge += self.n
        when = "this fight's next" if game.mode == "combat" else "the next fight's first"
        return done(Event("luck", f"{name} pledges {state.initiative_pledge} luck to "
                          f"{when} initiative roll ({char.luck} left).", eid))


def initiative_pledges(game: Board, rolls: dict[int, int]) -> list[Event]:
    """A fight's round is rolled: each delver's pledge is added to its roll (`rolls`, and
    its Actor.initiative), once."""
    states = game.store.peek(FightState)
    if not states:
        return []
    events = []
    actors = game.store.peek(Actor)
    for eid in game.party:
        state = states.get(eid)
        if state is None or state.initiative_pledge <= 0 or eid not in rolls:
            continue
        n, state.initiative_pledge = state.initiative_pledge, 0
        rolls[eid] += n
        actors[eid].initiative = rolls[eid]
        events.append(Event("luck", f"{name_of(game.store, eid)} spends {n} luck on "
                            f"initiative: {rolls[eid] - n}+{n} = {rolls[eid]}.", eid,
                            roll=rolls[eid]))
    return events


@dataclass(frozen=True)
class KeepRoll(Action):
    """Let the pending failed roll stand."""

    kind: ClassVar[str] = "keep_roll"
    uses_time: ClassVar[bool] = False

    def perform(self, game: Game, actor: int) -> Result:
        pending = offer_waiting(game)
        if pending is None or pending.eid != actor:
            return fail("No roll is waiting for luck.")
        kept = Event("luck", f"{name_of(game.store, actor)} lets the {pending.label} roll "
                     "stand.", actor, roll=pending.roll, need=pending.need)
        return done(kept, *luck_queue.answer(game, False))


def resume_check(game: Game, args: list[int], ok: bool) -> list[Event]:
    return []
