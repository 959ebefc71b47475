"""Experience (Classic): monsters by Hit Dice, treasure 1 per gp, trap disarms; levels
(our table in content/tables/fight.toml) add a box and improve saving throws."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Character, HitBoxes, MonsterStats
from roguelike.core.events import Event
from roguelike.engine.base.stats import name_of
from roguelike.engine.status.luck import gain_luck

if TYPE_CHECKING:
    from roguelike.content.loader import Content
    from roguelike.engine.base.views import StoreAndContent
    from roguelike.engine.game import Game


def level_for_xp(content: Content, xp: int) -> int:
    level = 1
    for row in content.fight.levels:
        if xp >= row.xp:
            level = row.level
    return level


def monster_xp(game: StoreAndContent, eid: int) -> int:
    stats = game.store.get(eid, MonsterStats)
    mon = game.content.monsters.get(stats.kind)
    tables = game.content.fight
    # Classic's asterisks: abilities that do something in a fight (not 'greedy', 'undead')
    specials = sum(1 for a in (mon.abilities if mon else [])
                   if tables.abilities[a].on_hit or tables.abilities[a].innate)
    return tables.xp_for_hit_dice(max(0, stats.hit_dice), specials)


def _earners(party: list[int], who: int | str | list[int]) -> list[int]:
    if isinstance(who, int):
        return [who]
    if isinstance(who, list):
        return who
    # the party: all share (Classic: evenly among the survivors; nobody here dies of wounds)
    return list(party)


def award_xp(game: Game, who: int | str | list[int], amount: int, reason: str
             ) -> list[Event]:
    """Give `amount` XP to a character, a list of them, or "party" (split evenly; the
    remainder goes to the first in marching order)."""
    earners = [e for e in _earners(game.party, who) if game.store.has(e, Character)]
    if not earners or amount <= 0:
        return []
    share, rest = divmod(amount, len(earners))
    who_earns = name_of(game.store, earners[0]) + " earns" if len(earners) == 1 else \
        "The party shares"
    events = [Event("xp", f"{who_earns} {amount} XP for {reason}.", earners[0], roll=amount)]
    for i, eid in enumerate(earners):
        gain = share + (rest if i == 0 else 0)
        char = game.store.get(eid, Character)
        char.xp += gain
        events += _level_up(game, eid, char)
    return events


def _level_up(game: Game, eid: int, char: Character) -> list[Event]:
    events: list[Event] = []
    rows = game.content.fight.levels
    while char.level < level_for_xp(game.content, char.xp):
        char.level += 1
        row = rows[char.level - 1]
        text = f"{name_of(game.store, eid)} reaches level {char.level}"
        boxes = game.store.try_get(eid, HitBoxes)
        if row.extra_box and boxes is not None:
            loc = boxes.location(row.extra_box)
            # an extra box repeats the first value; it is fresh, so it shifts the crossed ones
            loc.boxes.insert(0, loc.boxes[0])
            text += f": an extra {loc.name} box"
        events.append(Event("level_up", text + "; saving throws improve.", eid,
                            roll=char.level))
        events += gain_luck(game, eid, "level_up")
    return events
