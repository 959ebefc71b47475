"""The fight's hooks into the turn loop, so game.py needs one call per moment:
turn start and end, a new round, a change of view, a kill, a pending luck decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import FightState
from roguelike.core.events import Event
from roguelike.engine.actions import fight_actions
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import name_of
from roguelike.engine.base.words import the_name
from roguelike.engine.combat import morale
from roguelike.engine.creatures import experience
from roguelike.engine.rest import resting_turn as rest
from roguelike.engine.status import conditions, luck
from roguelike.engine.status.checks import fight_state
from roguelike.engine.turns import condition_turns

if TYPE_CHECKING:
    from roguelike.engine.game import Game

# importing the modules registers their actions
ACTION_MODULES = (fight_actions, luck)
pending_entity = luck.pending_entity


def refuse_while_pending(game: Game, action: Action) -> str:
    if pending_entity(game) is None or isinstance(action, luck.SpendLuck | luck.KeepRoll):
        return ""
    return "A roll waits on your luck: spend luck or keep the roll."


def start_turn(game: Game, eid: int) -> list[Event]:
    states = game.store.by_type.get(FightState)
    state = (states.get(eid) if states else None) or fight_state(game, eid)
    state.cleaves = 0
    return condition_turns.start_turn(game, eid, state)


# (plain aliases: the turn loop calls these for every turn of every creature)
end_turn = condition_turns.end_turn


def new_round(game: Game) -> list[Event]:
    morale.tick_round(game)
    return condition_turns.tick_round(game)


initiative_mod = conditions.initiative_mod
initiative_pledges = luck.initiative_pledges


def on_view_changed(game: Game, seen: list[int], woken: list[int]) -> list[Event]:
    if not seen:
        morale.on_calm(game)
        return []
    states = game.store.peek(FightState)  # stale once fight_state makes the first one
    for eid in seen:
        (states.get(eid) or fight_state(game, eid)).pursuit = ""
    events = rest.foes_in_view(game, seen)  # a foe in view breaks the party's rest
    return events + morale.on_spotted(game, woken) if woken else events


def mode_told(game: Game) -> bool:
    """Whether a change between exploring and fighting is told in the log: not while the
    party rests (only foes that keep their distance can be in view then)."""
    return not rest.resting(game)


def end_of_combat(game: Game) -> list[Event]:
    """The mode returns to explore: conditions that act 'at the end of combat'."""
    return condition_turns.end_of_combat(game)


def on_monster_killed(game: Game, eid: int) -> list[Event]:
    """Before the body is removed: experience for the party, then the group's morale."""
    xp = experience.monster_xp(game, eid)
    events = experience.award_xp(game, "party", xp, f"defeating {the_name(game, eid)}")
    return events + morale.on_monster_killed(game, eid)


def game_name(game: Game, eid: int) -> str:
    return name_of(game.store, eid)
