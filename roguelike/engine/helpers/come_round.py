"""Waiting for a knocked-out companion to come round, as a player means `o` and `G` to.

A delver Knocked Out comes round by itself when its rounds run out (DungeonPunk 004; RULES.md
"Wounds, Knocked Out, Disabled"), so an automatic walk with nothing left to do (the level
explored, the goal reached) waits for it rather than stopping and leaving the player to
press `.` or `R` round after round: it rests when a rest may begin (the rounds pass and the
wounds heal), and waits round by round when the only reason a rest may not is a Pillager
keeping its distance within reach. With foes in view, or a delver lying in a lasting harm
(an acid pool), it does neither: the walk says why it stops.

And a rest a Pillager in reach forbids ("Move away from it first") is walked away from:
beyond_reach is the known ground beyond every seen Pillager's reach.

Read only: these choose the action; the watch (watch.py) still stops a wait for anything new.
"""

from __future__ import annotations

import numpy as np

from roguelike.core.components import Actor, Conditions, Position
from roguelike.engine.actions.basic import Wait
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import is_disabled, name_of, speed
from roguelike.engine.base.words import plural
from roguelike.engine.game import Game
from roguelike.engine.rest.resting_turn import Rest, present, rest_refusal
from roguelike.engine.traps.hazards import harms_over_time, hazards_at

KNOCKED_OUT = "knocked_out"


def coming_round(game: Game) -> list[int]:
    """The delvers on this level lying Knocked Out with rounds left to run: each comes
    round by itself (one Disabled for good needs healing, not waiting)."""
    store = game.store
    return [e for e in present(game) if is_disabled(store, e) and rounds_left(game, e) > 0]


def rounds_left(game: Game, eid: int) -> int:
    conds = game.store.try_get(eid, Conditions)
    return conds.active.get(KNOCKED_OUT, 0) if conds is not None else 0


def pillager_refusal(game: Game) -> str:
    """Why a rest may not begin when it is only a Pillager keeping its distance within
    reach (rest_refusal's line, with its direction); '' otherwise (no refusal, the game
    over, or foes in view: a fight, not a wait)."""
    if game.over or game.threats_in_view():
        return ""
    return rest_refusal(game)


MOVE_AWAY = " Move away from it first."  # rest_refusal's last words, for the player's `R`


def in_reach_words(refusal: str) -> str:
    """rest_refusal's line without its bidding ("Move away from it first"), for a walk
    that does the moving, or says what else there is to do."""
    return refusal.removesuffix(MOVE_AWAY)


def no_rest_left(refusal: str, stairs: str) -> str:
    """Why `o` stops with the level done but for a rest a Pillager in reach forbids and no
    known ground out of its reach to rest on, and what the player can do (`stairs`: where
    the stairs down lie, '' unknown). Found in play: a Pillager camp at the stairs, and
    every `o` said only "Move away from it first"."""
    way = f"G then > takes the stairs down ({stairs}), or" if stairs else "walk into it to " \
        "fight it, or"
    return (f"{in_reach_words(refusal)} Nothing else is left here and no known ground lies "
            f"out of its reach to rest on: {way} . waits for it to move on.")


def in_hazards(game: Game) -> list[int]:
    """The delvers on this level inside a lasting trap effect that acts on them round after
    round (an acid pool, a gas cloud: hazards.harms_over_time)."""
    store = game.store
    return [e for e in present(game)
            if any(harms_over_time(game, hz) for hz in
                   hazards_at(game, game.depth, store.get(e, Position).xy))]


def wait_for_them(game: Game) -> Action | None:
    """A Rest (when one may begin) or a Wait (when only a Pillager in reach forbids
    resting) while a companion comes round; None when nobody is coming round, foes are in
    view, or a delver lies in a lasting harm."""
    if not coming_round(game) or game.over or game.threats_in_view() or in_hazards(game):
        return None
    return Wait() if rest_refusal(game) else Rest()


def waiting_words(game: Game, said: set[int]) -> str:
    """'Waiting for the Rogue to come round (12 rounds).' for those coming round not yet in
    `said` (each said once a walk; `said` is updated); '' when there is nobody new."""
    new = [e for e in coming_round(game) if e not in said]
    if not new:
        return ""
    said.update(new)
    store = game.store
    who = " and ".join(f"{name_of(store, e)} ({plural(rounds_left(game, e), 'round')})"
                       for e in new)
    why = pillager_refusal(game)
    rest = f" No rest meanwhile: {why}" if why else ""
    return f"Waiting for {who} to come round.{rest}"


# Squares the party's companions may trail the one led by (marching.GAP): the square
# walked to is this much further out, so the whole party stands beyond reach.
TRAIL = 2


def beyond_reach(game: Game, cost: np.ndarray) -> list[tuple[int, int]]:
    """The known squares open in `cost` beyond the reach of every Pillager keeping its
    distance in view (a Move of its Speed and a blow: rest_refusal's reach, with TRAIL
    for the companions behind): where a rest may begin. Empty when there are none."""
    store = game.store
    foes = set(game.threats_in_view())
    near = np.zeros(cost.shape, dtype=bool)
    melee = game.content.rules.melee_reach
    for p in game.hostiles_in_view():
        if p in foes or store.get(p, Actor).side != "pillager" or is_disabled(store, p):
            continue
        r = speed(store, p) + melee + TRAIL
        px, py = store.get(p, Position).xy
        near[max(0, py - r):py + r + 1, max(0, px - r):px + r + 1] = True
    ys, xs = np.nonzero((cost > 0) & ~near & game.level.explored)
    return list(zip(xs.tolist(), ys.tolist(), strict=True))
