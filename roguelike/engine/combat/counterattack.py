"""Counterattacks on a trap's figure (Mage Knight 001, the Jaws of Doom): "If a figure fails
to damage the Jaws of Doom with a counterattack, remove the Jaws of Doom trap figure from
play. The trap may now be disarmed as normal. ... Delivering damage to the Jaws of Doom in a
counterattack successfully disarms the trap but gains the Hero no experience points."

Every attack a delver makes on such a figure is a counterattack (T&T has no other kind):
the first one ends the figure either way. attack.py calls `countered` where an attack's
outcome is final (a miss no luck will turn, a save, a wound about to land).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Character, Trap, TrapFigure
from roguelike.core.events import Event
from roguelike.engine.base.stats import name_of

if TYPE_CHECKING:
    from roguelike.engine.base.views import HasStore
    from roguelike.engine.game import Game

# (the content's names, checked by content/traps.py's COUNTER_OUTCOMES)
REMOVE = "remove_figure"  # the figure leaves play; the trap stays armed
DISARM = "disarmed_no_xp"  # the figure leaves play and the trap is disarmed, no experience


def outcome(game: HasStore, attacker: int, target: int, damaged: bool) -> str:
    """What a delver's attack with this result does to `target` ('' for any other target,
    or a non-delver's attack)."""
    fig = game.store.try_get(target, TrapFigure)
    if fig is None or not game.store.has(attacker, Character):
        return ""
    return fig.on_damage if damaged else fig.on_miss


def countered(game: Game, attacker: int, target: int, damaged: bool) -> list[Event] | None:
    """End the figure as its trap says; None when the attack is not a counterattack on a
    trap figure (the caller goes on as with any foe)."""
    how = outcome(game, attacker, target, damaged)
    if how not in (REMOVE, DISARM):
        return None
    store = game.store
    fig = store.get(target, TrapFigure)
    name = name_of(store, target)
    trap = store.try_get(fig.trap, Trap)
    game.withdraw(target)
    if how == DISARM and trap is not None:
        trap.state = "disarmed"
        trap.reset_round = -1
        game.kept.changed("traps")
        game.view_changed()
        return [Event("disarm", f"{name_of(store, attacker)}'s blow breaks the {name}: the "
                      "trap is disarmed.", attacker, fig.trap)]
    sinks = "sink" if name.endswith("s") else "sinks"  # (the Jaws)
    return [Event("vanish", f"The {name} {sinks} back into the floor unharmed; the trap is "
                  "still armed.", attacker, fig.trap)]
