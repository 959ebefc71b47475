"""What the party can do when nobody can reach a foe nor strike one from afar (bookkeeping
found in play).

A delver knocked out in a corridor beside a foe that cannot move (the Jaws of Doom) left
the party with nothing to do: the others could not get past the body, the foe never
came, and `F` said only "Walk round, or fight by hand", press after press (explore-54 D2:
3,883 actions of waiting in the explore-rate harness; a stalemate the lead saw on two
harness seeds). The party can still act, so `F` says how: drag the one down back out
of the way (the act menu's Drag), wait for them to come round, or walk out of sight of a
foe that cannot follow, which ends the fight.

And `F` drags them itself where that is safe (drag_out): a delver with nothing to reach,
beside the body and out of every foe's reach, steps back hauling it out of the foe's
reach; one standing on the square it would step back to steps away first to make room
(found in play: `F` named the drag and left the keys to the player).
"""

from __future__ import annotations

from roguelike.core.components import Actor, Position
from roguelike.engine.actions.drag import Drag, drag_steps, step_refusal
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import chebyshev, is_disabled, name_of
from roguelike.engine.base.words import direction_words, plural
from roguelike.engine.game import Game
from roguelike.engine.helpers.come_round import coming_round, rounds_left
from roguelike.engine.helpers.fight_sense import fight_foes, immobile, step_back
from roguelike.engine.helpers.travel import whole_action


def stalemate_words(game: Game) -> str:
    """Why nobody can reach a foe and what to do about it, or '' when neither a delver
    down beside a foe nor a foe that cannot move explains it."""
    store = game.store
    positions = store.table(Position)
    foes = fight_foes(game)
    reach = game.content.rules.melee_reach
    here = positions[game.awaiting or game.led].xy
    parts = []
    down = [(e, f) for e in game.party for f in foes
            if is_disabled(store, e) and positions[e].depth == game.depth
            and chebyshev(positions[e], positions[f]) <= reach]
    if down:
        body, foe = down[0]
        rounds = rounds_left(game, body) if body in coming_round(game) else 0
        when = (f"{plural(rounds, 'round')} to come round" if rounds
                else "down until healed")
        parts.append(f"{name_of(store, body)} lies beside {name_of(store, foe)} "
                     f"({direction_words(here, positions[body].xy)}; {when}), in the way: "
                     "drag them back (a toward them, then Drag: the one dragging steps "
                     "back, so needs a free square behind it)")
    still = [f for f in foes if immobile(game, f)]
    if still:
        parts.append(f"{name_of(store, still[0])} cannot move: out of its sight the fight "
                     "ends and o goes on")
    return "; ".join(parts) + "." if parts else ""


def drag_out(game: Game, eid: int) -> Action | None:
    """For `eid`, with nothing to reach this turn: a Drag of a companion down beside a foe
    to a square out of every foe's reach, `eid` itself beside no foe before or after; or
    a step away (farther from the foes) freeing the square such a drag needs; None when
    neither is safe or of use."""
    store = game.store
    if store.get(eid, Actor).actions_left <= 0 and store.get(eid, Actor).move_points <= 0:
        return None
    positions = store.table(Position)
    foes = [positions[f] for f in fight_foes(game)]
    if not foes:
        return None
    reach = game.content.rules.melee_reach

    def gap(xy: tuple[int, int]) -> int:
        return min(max(abs(f.x - xy[0]), abs(f.y - xy[1])) for f in foes)

    bodies = [e for e in game.party if is_disabled(store, e)
              and positions[e].depth == game.depth and gap(positions[e].xy) <= reach]
    for body in bodies:
        for dragger in game.party:
            here = positions[dragger]
            if is_disabled(store, dragger) or here.depth != game.depth \
                    or chebyshev(here, positions[body]) > 1 or gap(here.xy) <= reach:
                continue
            if dragger == eid:
                safe = [(dx, dy) for dx, dy in drag_steps(game, eid, body)
                        if gap((here.x + dx, here.y + dy)) > reach]
                if safe:
                    dx, dy = max(safe, key=lambda s: (gap((here.x + s[0], here.y + s[1])),
                                                      s))
                    return whole_action(game, eid, Drag(body, dx, dy))
                continue
            mine = positions[eid]  # (eid on the square the dragger would step back to)
            dx, dy = mine.x - here.x, mine.y - here.y
            if max(abs(dx), abs(dy)) == 1 and gap(mine.xy) > reach \
                    and step_refusal(game, dragger, body, dx, dy) == \
                    f"{name_of(store, eid)} is in the way.":
                away = step_back(game, eid, mine, foes, beyond=gap(mine.xy))
                if away is not None:
                    return away
    return None
