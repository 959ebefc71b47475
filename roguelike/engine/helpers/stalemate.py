"""What the party can do when nobody can reach a foe nor strike one from afar (bookkeeping
found in play).

A delver knocked out in a corridor beside a foe that cannot move (the Jaws of Doom) left
the party with nothing to do: the others could not get past the body, the foe never
came, and `F` said only "Walk round, or fight by hand", press after press (explore-54 D2:
3,883 actions of waiting in the explore-rate harness; a stalemate the lead saw on two
harness seeds). The party can still act, so `F` says how: drag the one down back out
of the way (the act menu's Drag), wait for them to come round, or walk out of sight of a
foe that cannot follow, which ends the fight.
"""

from __future__ import annotations

from roguelike.core.components import Position
from roguelike.engine.base.stats import chebyshev, is_disabled, name_of
from roguelike.engine.base.words import direction_words, plural
from roguelike.engine.game import Game
from roguelike.engine.helpers.come_round import coming_round, rounds_left
from roguelike.engine.helpers.fight_sense import fight_foes, immobile


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
