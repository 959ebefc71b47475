"""A character's state in the words the log uses: the panel, look and the character sheet
all say "Knocked Out: 59 rounds" or "Disabled", never a word of their own; and the Speed
a Move gives now, which the treasure load and conditions take from the legs' box value."""

from __future__ import annotations

from roguelike.core.components import Conditions, Disabled
from roguelike.core.explore_components import Fatigue
from roguelike.engine import conditions as C
from roguelike.engine.game import Game
from roguelike.engine.stats import load_penalty, speed
from roguelike.engine.words import plural

DOWN_CONDITIONS = ("knocked_out", "disabled")  # said by down_words, not as tags


def down_words(game: Game, eid: int) -> str | None:
    """Why a character is down, with the rounds left where a timer runs; None if standing."""
    down = game.store.try_get(eid, Disabled)
    if down is None:
        return None
    if down.cause.startswith("killed"):
        return "Killed"
    conds = game.store.try_get(eid, Conditions)
    active = conds.active if conds is not None else {}
    for cid in DOWN_CONDITIONS:
        if cid in active:
            name = C.resolve(game, cid).name
            rounds = active[cid]
            return f"{name}: {plural(rounds, 'round')}" if rounds > 0 else name
    return C.resolve(game, "disabled").name


def condition_tags(game: Game, eid: int) -> list[str]:
    """The content's short labels of a creature's other conditions (PSN, PRN ...), with the
    rounds left where a timer runs: 'PSN 3'."""
    conds = game.store.try_get(eid, Conditions)
    if conds is None or not conds.active:
        return []
    tags = []
    for cid in C.active_ids(game, eid):
        if cid in DOWN_CONDITIONS:
            continue
        cond = C.resolve(game, cid)
        rounds = conds.active.get(cid, C.UNTIL_ENDED)
        tags.append(f"{cond.short} {rounds}" if rounds > 0 else cond.short)
    return tags


def condition_names(game: Game, eid: int) -> list[str]:
    """Every active condition by its full name, rounds left where a timer runs: the down
    state first ('Knocked Out: 59 rounds', 'Prone')."""
    conds = game.store.try_get(eid, Conditions)
    words = []
    down = down_words(game, eid)
    if down is not None:
        words.append(down)
    for cid in C.active_ids(game, eid):
        if cid in DOWN_CONDITIONS:
            continue
        cond = C.resolve(game, cid)
        rounds = conds.active.get(cid, C.UNTIL_ENDED) if conds is not None else 0
        words.append(f"{cond.name}: {plural(rounds, 'round')}" if rounds > 0 else cond.name)
    return words


def speed_now(game: Game, eid: int) -> tuple[int, list[str]]:
    """The squares a Move gives a delver now (actions.begin_move's count: the legs' box
    value less the treasure load, halved by exhaustion, changed by its conditions) and
    what makes it differ from the box value, in words ("2 Treasures carried")."""
    store = game.store
    loaded = speed(store, eid)
    conds = store.try_get(eid, Conditions)
    now = C.speed(game, eid, loaded) if conds is not None and conds.active else loaded
    why = []
    load = load_penalty(store, eid)
    if load:
        why.append(f"-{load}: {plural(load, 'Treasure')} carried")
    fatigue = store.try_get(eid, Fatigue)
    if fatigue is not None and fatigue.halved:
        why.append("halved: exhausted")
    if now != loaded:
        why.append("a condition")
    return now, why
