"""Encounters (Classic): surprise when foes first meet, morale when the first of a group
dies and when half are down (or a lone monster at half its Hits), pursuit of a party out of
sight, and pursuers stopping for dropped treasure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core import components
from roguelike.core.components import Actor, Battle, MonsterStats, Position
from roguelike.core.events import Event
from roguelike.core.explore_components import LightSource
from roguelike.engine.base.stats import is_disabled, name_of
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import fight_state

if TYPE_CHECKING:
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.base.views import Board, HasStore, StoreAndContent
    from roguelike.engine.game import Game

NEVER_FIGHTS, NEVER_BREAKS = -6, 4


def carries_light(store: EntityStore, eid: int) -> bool:
    """Whether a creature carries a lit light (Classic 002: "Characters or monsters that
    carry a light source are unable to surprise opponents"): a delver's lantern or torch,
    or a monster given one (the light system's `LightSource`, burning)."""
    light = store.peek(LightSource).get(eid)
    return light is not None and light.rounds_left > 0


def battle(store: EntityStore) -> Battle:
    for _eid, b in store.query(Battle):
        return b
    b = Battle()
    store.create(b)
    return b


def _group(game: Board) -> list[int]:
    """The monsters in the fight: awake, on this level, not Pillagers."""
    return [e for e, a, p in game.store.query(Actor, Position)
            if a.side == "monster" and a.awake and p.depth == game.depth]


def _rating(game: StoreAndContent, eid: int) -> int:
    stats = game.store.get(eid, MonsterStats)
    mon = game.content.monsters.get(stats.kind)
    return mon.morale if mon else 0


# ----- surprise --------------------------------------------------------------------------
def on_spotted(game: Game, woken: list[int]) -> list[Event]:
    """Foes wake on meeting the party: count them into the battle, roll surprise once."""
    b = battle(game.store)
    b.size += len([e for e in woken if game.store.get(e, Actor).side == "monster"])
    if b.surprise_rolled or not woken:
        return []
    b.surprise_rolled = True
    tables = game.content.fight
    rng = game.streams.play
    events: list[Event] = []
    standing = [e for e in game.party if not is_disabled(game.store, e)]
    if any(carries_light(game.store, e) for e in woken):
        events.append(Event("surprise", "The foes' light gives them away: the party cannot "
                            "be surprised."))
        party_roll = 0
    else:
        party_roll = rng.d(6)
    if 0 < party_roll <= tables.surprised_max:
        events.append(Event("surprise", f"The party is caught by surprise (rolled "
                            f"{party_roll}, surprised on 1-{tables.surprised_max})!",
                            roll=party_roll))
        for eid in standing:
            events += C.add_condition(game, eid, "surprised", C.UNTIL_ENDED, "surprise")
    if any(carries_light(game.store, e) for e in standing):
        events.append(Event("surprise", "The party's light gives it away: the foes cannot "
                            "be surprised."))
        return events
    foe_roll = rng.d(6)
    if foe_roll <= tables.surprised_max:
        events.append(Event("surprise", f"The foes are surprised (rolled {foe_roll}, "
                            f"surprised on 1-{tables.surprised_max})!", roll=foe_roll))
        for eid in woken:
            events += C.add_condition(game, eid, "surprised", C.UNTIL_ENDED, "surprise")
    return events


def on_calm(game: HasStore) -> None:
    """No foe in view: the battle is over; the next meeting is a new encounter."""
    if not game.store.peek(Battle):  # asked after every action out of combat
        return
    for eid, _b in list(game.store.query(Battle)):
        game.store.destroy(eid)


# ----- morale ----------------------------------------------------------------------------
def check_morale(game: Game, why: str, mod: int = 0) -> list[Event]:
    """One 2d6 + rating roll for the group, applied to every monster in it."""
    group = _group(game)
    if not group:
        return []
    tables = game.content.fight
    rating = max(_rating(game, e) for e in group)  # the group follows its boldest
    if any(fight_state(game, e).morale == "victory_or_death" for e in group):
        return []
    rng = game.streams.play
    if rating <= NEVER_FIGHTS:
        result, text = tables.morale_result(-99), "never fights"
    elif rating >= NEVER_BREAKS:
        return [Event("morale", f"Morale ({why}): the foes never break.")]
    else:
        a, b = rng.d(6), rng.d(6)
        total = a + b + rating + mod
        result = tables.morale_result(total)
        text = f"rolled {a}+{b}{rating:+d}{f'{mod:+d}' if mod else ''} = {total}"
    rounds = rng.d(10) if result.id in ("retreat", "fighting_withdrawal") else 0
    for eid in group:
        state = fight_state(game, eid)
        state.morale, state.morale_rounds = result.id, rounds
    return [Event("morale", f"Morale ({why}): {text}: {result.name}.")]


def on_monster_killed(game: Game, eid: int) -> list[Event]:
    """Call before the monster is removed: first death and half-down triggers."""
    if game.store.get(eid, Actor).side != "monster":
        return []
    b = battle(game.store)
    # monsters placed awake (not met by spotting) still count in the group
    b.size = max(b.size, len(_group(game)) + b.fallen)
    b.fallen += 1
    first = not b.first_death_checked
    half = not b.half_checked and b.size > 0 and 2 * b.fallen >= b.size
    b.first_death_checked = True
    b.half_checked = b.half_checked or half
    fight_state(game, eid).morale = "dead"
    game.store.get(eid, Actor).awake = False  # out of the group before the roll
    if first and half:
        tables = game.content.fight
        return check_morale(game, "first death and half down", tables.both_triggers_mod)
    if first:
        return check_morale(game, "first death")
    if half:
        return check_morale(game, "half the group down")
    return []


def on_monster_hurt(game: Game, eid: int, before: int) -> list[Event]:
    """A lone monster brought to half its Hits checks morale (Classic)."""
    stats = game.store.get(eid, MonsterStats)
    if battle(game.store).size != 1 or not (2 * stats.hits <= stats.max_hits < 2 * before):
        return []
    return check_morale(game, "alone and badly hurt")


def tick_round(game: HasStore) -> None:
    """Retreats and withdrawals last 1d10 rounds, then the monster fights on."""
    # each state counts down on its own (no dice, no order), so the table is walked as is
    for state in game.store.peek(components.FightState).values():
        if state.morale_rounds > 0:
            state.morale_rounds -= 1
            if state.morale_rounds == 0:
                state.morale = "fight_on"
        if state.distracted > 0:
            state.distracted -= 1


# ----- pursuit and dropped treasure --------------------------------------------------------
def pursuit_roll(game: Game, eid: int) -> list[Event]:
    """The party slipped out of sight: the monster pursues on 2d6 2-8 (Classic reaction)."""
    state = fight_state(game, eid)
    if state.pursuit:
        return []
    if state.morale in ("advance_and_pursue", "victory_or_death"):
        state.pursuit = "pursue"
        return []
    if state.morale in ("fight_on", "retreat", "fighting_withdrawal"):
        state.pursuit = "gave_up"
        return []
    a, b = game.streams.play.d(6), game.streams.play.d(6)
    state.pursuit = "pursue" if a + b <= 8 else "gave_up"
    verdict = "gives chase" if state.pursuit == "pursue" else "lets them go"
    return [Event("pursuit", f"{name_of(game.store, eid)} {verdict} (rolled {a}+{b}, "
                  "pursues on 2-8).", eid, roll=a + b)]


def on_treasure_dropped(game: Game, x: int, y: int) -> list[Event]:
    """Treasure dropped on (x, y): each pursuing monster that likes treasure stops for it on
    4-6 on a d6 (Classic), going to it for 1d3 rounds. Called by the treasure system."""
    lo, hi = game.content.fight.treasure_stop
    events: list[Event] = []
    for eid in _group(game):
        stats = game.store.get(eid, MonsterStats)
        mon = game.content.monsters.get(stats.kind)
        if mon is None or (not mon.treasure and "greedy" not in mon.abilities):
            continue
        pos = game.store.get(eid, Position)
        if max(abs(pos.x - x), abs(pos.y - y)) > 12:
            continue
        roll = game.streams.play.d(6)
        if lo <= roll <= hi:
            state = fight_state(game, eid)
            state.distracted, state.lure_x, state.lure_y = game.streams.play.d(3), x, y
            events.append(Event("pursuit", f"{name_of(game.store, eid)} stops for the "
                                f"treasure (rolled {roll}, stops on {lo}-{hi}).", eid,
                                roll=roll))
    return events
