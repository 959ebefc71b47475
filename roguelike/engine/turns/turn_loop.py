"""The Traps & Treasure turn loop: rounds, the d6 initiative count and whose turn it is.

Every round every creature on the level (awake, not Disabled) rolls a d6, the Pillagers
once as a group; the count runs from 6 down to 1 (ties: initiative.py) and each takes its
two actions (T&T, Game Play). `run` advances the game until a delver the player steers
must act or the game is over: the monsters' turns (ai.py), the start and end of each
turn (fight_hooks.py: conditions, luck), each new round (conditions tick, the traps'
clocks, exploration's clock) and the change between exploring and combat when hostiles
come into or leave the party's view. Game.perform calls it after each player action.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from roguelike.core.components import (
    Actor,
    Battle,
    Character,
    Conditions,
    Disabled,
    FightState,
    Position,
)
from roguelike.core.events import Event
from roguelike.engine.base.kept import declare
from roguelike.engine.base.kept_events import kept_event, wait_events
from roguelike.engine.base.stats import name_of, speed
from roguelike.engine.base.words import plural
from roguelike.engine.creatures import helpless
from roguelike.engine.monsters import ai, pillagers
from roguelike.engine.rest.resting_turn import resting
from roguelike.engine.traps.trigger import tick as trap_clock
from roguelike.engine.turns import explore_hooks as explore
from roguelike.engine.turns import fight_hooks, quiet_check
from roguelike.engine.turns.initiative import order_by_initiative

if TYPE_CHECKING:
    from roguelike.engine.game import Game

TURN_EVENTS = declare("turn_events", __name__, (), why=(
    "(actor, initiative) -> its turn Event: events are frozen, one serves every turn alike"))


def update_mode(game: Game) -> list[Event]:
    st = game.state  # (the rule state: the loop reads and writes it directly)
    seen = game.hostiles_in_loop()
    game.take_in_view()  # (after each creature action: an explicit step, see party_sight)
    if not seen and st.mode == "explore":  # the usual case: nobody woken, no change
        # (fight_hooks.on_view_changed's answer here, without its calls: no Battle
        # table row, nothing to calm)
        if game.store.by_type.get(Battle):
            return fight_hooks.on_view_changed(game, seen, [])
        return []
    events = []
    woken = []
    actors = game.store.table(Actor)
    for eid in seen:
        actor = actors[eid]
        if not actor.awake:
            actor.awake = True
            woken.append(eid)
            events.append(Event("notice", f"{name_of(game.store, eid)} spots the party!",
                                eid))
    events += fight_hooks.on_view_changed(game, seen, woken)
    # (Pillagers keeping their distance are no fight: the party goes on moving as one)
    mode = "combat" if pillagers.threats(game, seen) else "explore"
    if mode != st.mode:
        st.mode = mode
        # (not told while the party rests: Pillagers passing at a distance do not break
        # it, and their coming and going would fill the log)
        told = fight_hooks.mode_told(game)
        events.append(Event("mode", "" if not told else "Hostiles in view: every character "
                            "acts on its own initiative." if mode == "combat" else
                            "No hostiles in view: the party moves together.", x=0))
        if mode == "explore":
            events += fight_hooks.end_of_combat(game)
    return events


def run(game: Game) -> list[Event]:
    """Advance until a player-controlled character must act or the game ends; nothing at
    all while a roll waits on the player's luck (engine/base/luck_queue.py): the rule it
    interrupted goes on only once answered, and no other rule may run before it."""
    if game.state.luck_queue.items:
        return []
    kept = game.kept
    kept.start_run()  # (creatures may have been moved by hand since the last call)
    kept.in_run = True  # (creature_squares may keep its answer until this returns)
    try:
        events = _loop(game)
    finally:
        kept.in_run = False
    game.take_in_view()  # (the party action that ended the loop may be the last look)
    return events


def _loop(game: Game) -> list[Event]:
    return update_mode(game) + _turns(game)


def _turns(game: Game, stop: Callable[[Game], bool] | None = None) -> list[Event]:
    """The turns, until a delver the player steers must act, a roll waits on luck or the
    game ends; `stop`: also where it says (quiet_check runs a round's turns on a twin)."""
    st = game.state  # (the rule state: the loop reads and writes it directly)
    events: list[Event] = []
    guard = 0
    round_ = st.round
    actors = game.store.table(Actor)
    queue = st.luck_queue.items  # (the list itself: it stays the state's for the game)
    while not st.over:
        if stop is not None and stop(game):
            break
        guard += 1
        if guard > 100_000:
            # Rounds may pass without a decision while no delver can act (time runs
            # on until one can, bounded by helpless.new_round); within one round
            # this many passes are a bug.
            if st.round == round_:
                raise RuntimeError("turn loop made no progress")
            guard, round_ = 0, st.round
        if queue:  # a roll waits on luck (a turn's start: a confused delver's stagger)
            break
        current = st.current
        # (the turn is over when it cannot go on or nothing is left of it)
        if current is None or not can_start(game, current):
            events += next_turn(game)
            continue
        act = actors[current]
        if act.actions_left <= 0 and act.move_points <= 0:
            events += next_turn(game)
            continue
        if game.player_controls(current):
            # (the view may have changed since the last look: a delver came round or
            # stood at the round's turn; the mode the player is shown and what `o`, `R`
            # and travel count as foes in view are then one answer)
            events += update_mode(game)
            if game.player_controls(current):  # (else the fight just ended: it follows)
                break
            continue
        events += ai.take_action(game, current, act)
        if queue:  # its roll waits on luck: the view is looked at again once answered
            break
        events += update_mode(game)
    return events


def turn_over(game: Game) -> bool:
    """Whether the current turn is over: it cannot go on or nothing is left of it (the
    turn loop then starts the next one)."""
    current = game.state.current
    if current is None or not can_start(game, current):
        return True
    act = game.store.table(Actor)[current]
    return act.actions_left <= 0 and act.move_points <= 0


def entrants(game: Game) -> list[int]:
    """The creatures awake and not Disabled on the level played, ascending: from the
    level's kept creature lists (Game.level_foes, level_allies), not the creatures of every
    level (a deep game keeps some sixty on the levels left behind, and this runs every
    round of every rest)."""
    st = game.state  # (the rule state: the loop reads and writes it directly)
    disabled = game.store.peek(Disabled)
    depth = st.depth
    actors = game.store.table(Actor)
    out = [eid for rows in (game.level_foes(), game.level_allies()) for eid, pos in rows
           if pos.depth == depth and actors[eid].awake and eid not in disabled]
    out.sort()  # (each list is ascending; the party's side comes second)
    return out


def next_turn(game: Game) -> list[Event]:
    st = game.state  # (the rule state: the loop reads and writes it directly)
    events = end_turn(game)
    st.turn_index += 1
    if st.turn_index >= len(st.order):
        events += new_round(game)
        # (a rest's quiet turns settled without the loop: quiet_turns; when any was, the
        # loop goes on from where they stopped)
        if st.order and game.kept.in_run and resting(game):
            settled, quiet = quiet_check.settled(game, quiet_turns, _one_round)
            if settled:
                return events + quiet
    if not st.order:
        return events
    return events + begin_turn(game)


def end_turn(game: Game) -> list[Event]:
    """The current turn ends: its conditions' end-of-turn rules."""
    ending = game.state.current
    # (end_turn hands back a list of its own, so it is extended in place; it has nothing
    # to do without active conditions, which most creatures have none of)
    conds = game.store.by_type.get(Conditions)
    return [] if ending is None or not conds or ending not in conds \
        or not conds[ending].active else fight_hooks.end_turn(game, ending)


def begin_turn(game: Game) -> list[Event]:
    """The turn of `order[turn_index]` begins (when it can start at all)."""
    st = game.state
    tables = game.store.by_type
    events: list[Event] = []
    current = st.current = st.order[st.turn_index]
    if not can_start(game, current):  # (a turn that cannot start is finished)
        return events
    if current in st.party_turn:
        act = game.store.table(Actor)[current]  # (begun with the party's turn)
    elif st.mode == "explore" and current in tables.get(Character, ()):
        events += begin_party_turn(game)
        if st.current is None or not can_start(game, st.current):
            return events
        act = game.store.table(Actor)[st.current]
    else:
        act = game.store.table(Actor)[current]
        act.actions_left = game.content.rules.actions_per_turn
        act.move_points = 0
        events += fight_hooks.start_turn(game, current)
    # (current again: a wound at the start of the turn may have ended it)
    events.append(turn_event(game, st.current, act.initiative))
    if st.mode == "combat" and game.player_controls(st.current):
        events.append(Event("turn", f"{name_of(game.store, st.current)} acts "
                            f"(initiative {act.initiative}).", st.current,
                            roll=act.initiative))
    return events


def quiet_turns(game: Game) -> tuple[bool, list[Event]]:
    """A rest's round, just rolled: its turns from the first, as the loop takes them, for as
    long as they are quiet; whether any was begun, and their events (README's Performance,
    issue 31's fifth pass). The round itself (new_round: the clocks, every d6 and roll-off)
    is the loop's own; so is every turn but one kind, each begun by begin_turn, and one
    that does not end at once (someone acts, a roll waits on luck) is left to the loop.
    The one kind: a Pillager kept from its way whose Wait still holds (_waiting_pillager).
    Its turn in the loop is fight_hooks.start_turn (no condition of its own: its fight
    state's cleaves 0 and granted its two actions), the turn's event, ai.take_action ->
    monster_ai.take_turn (not engaged) -> pillagers.take_action, whose kept Wait is
    returned (wait_events: no action left, no draw), then update_mode. Those writes are
    made here in place. update_mode is called after such a Wait as the loop calls it, but
    after a look that told nothing and changed no mode, the next Pillager's Wait changes
    nothing a look reads (its own actions and fight state's cleaves and granted; no move,
    door, light, creature or pursuit), so the next look would see, write and tell the
    same: it is skipped until any other turn begins or ends with events. Anything a
    look tells hands the rest of the round back to the loop."""
    st = game.state
    order, queue = st.order, st.luck_queue.items
    actors = game.store.table(Actor)
    per_turn = game.content.rules.actions_per_turn
    events: list[Event] = []
    viewed = False  # a look at the view told nothing, and only Waits came since
    begun = 0
    while begun < len(order) and not st.over and not queue:
        if begun:  # (the first turn's end before it was the last round's)
            ended = end_turn(game)
            if ended:
                events += ended
                viewed = False
            st.turn_index = begun
        eid = order[begun]
        begun += 1
        act = actors[eid]
        state = _waiting_pillager(game, eid, act.side)
        if state is None:
            events += begin_turn(game)
            viewed = False
            if queue or st.over or not turn_over(game):
                break
            continue
        st.current = eid
        state.cleaves, state.granted = 0, per_turn  # (fight_hooks.start_turn's)
        events.append(turn_event(game, eid, act.initiative))
        events += wait_events(game, eid)
        if not viewed:
            looked = update_mode(game)
            if looked or st.mode != "explore":
                events += looked
                break
            viewed = True
    return begun > 0, events


def _waiting_pillager(game: Game, eid: int, side: str) -> FightState | None:
    """The FightState of a Pillager whose turn, begun now, would be a Wait again with no
    other effect: out of a fight, it can start, no condition of its own acts at its turn's
    start or end, not engaged (monster_ai.take_turn's way to its decision) and its last
    decision holds (pillagers.waits_again). None otherwise."""
    if side != "pillager" or game.state.mode != "explore" or not can_start(game, eid):
        return None
    tables = game.store.by_type
    state = tables[FightState].get(eid) if FightState in tables else None
    if state is None or state.engaged_by:
        return None
    conds = tables.get(Conditions)
    mine = conds.get(eid) if conds else None
    if mine is not None and mine.active:
        return None
    return state if pillagers.waits_again(game, eid) else None


def _one_round(twin: Game, game: Game) -> list[Event]:
    """The loop's own turns of `twin`'s round, just rolled, from its first to where
    quiet_turns left `game` (its turn, and whether it is over): quiet_check's fresh run."""
    st = game.state
    at = (st.round, st.turn_index, turn_over(game))

    def there(g: Game) -> bool:
        return (g.state.round, g.state.turn_index, turn_over(g)) == at

    events = begin_turn(twin)
    return events + _turns(twin, there)


def begin_party_turn(game: Game) -> list[Event]:
    """Outside a fight the party takes its turns together, at the count of the first
    delver still to act this round (RULES.md, "The party moves together"): every delver
    whose turn is still to come is moved up to here, the one led first, then in marching
    order, and each one's turn begins now, so the companions can follow the one led in step
    (engine/actions/marching.py) out of their own two actions. Nobody gains a turn or an action:
    their own places in the count come right after, already begun."""
    st = game.state
    characters = game.store.table(Character)
    rest = st.order[st.turn_index:]
    members = sorted((e for e in rest if e in characters and can_start(game, e)),
                     key=lambda e: (e != st.led, characters[e].order))
    st.order[st.turn_index:] = members + [e for e in rest if e not in members]
    st.party_turn = members
    st.current = members[0]
    actors, per_turn = game.store.table(Actor), game.content.rules.actions_per_turn
    events: list[Event] = []
    for eid in members:
        act = actors[eid]
        act.actions_left, act.move_points = per_turn, 0
        if can_start(game, eid):  # (a companion's burn may have put another down)
            events += fight_hooks.start_turn(game, eid)
    return events


def round_entries(game: Game, order: list[int], rolls: dict[int, int]) -> list[str]:
    """The round line's entries in the order they act, each with its d6: the Pillagers
    as one entry where the first of them acts ("10 Pillagers 3"), as the sidebar shows
    them, since they roll one initiative as a group (T&T 003)."""
    actors = game.store.table(Actor)
    group = [e for e in order if actors[e].side == "pillager"]
    out = []
    for eid in order:
        if eid not in group:
            out.append(f"{name_of(game.store, eid)} {rolls[eid]}")
        elif eid == group[0]:
            name = name_of(game.store, eid) if len(group) == 1 else \
                plural(len(group), name_of(game.store, eid))
            out.append(f"{name} {rolls[eid]}")
    return out


def turn_event(game: Game, eid: int | None, initiative: int) -> Event:
    """Event("turn", "", eid, 0, -1, -1, initiative), one a creature and roll: events
    are frozen, so the same one serves every turn alike (every turn makes one)."""
    # (eid is None when a wound at the start of its turn (a burn) killed the monster:
    # that turn event has always carried actor None, and still does; Event.actor is
    # an int everywhere else, so this one case is let through, not the type widened)
    return kept_event(game, TURN_EVENTS, (eid, initiative), "turn", "",
                      eid, 0, -1, -1, initiative)  # type: ignore[arg-type]  # None: above


def can_start(game: Game, eid: int) -> bool:
    """Whether `eid`'s turn can start (and, started, go on): it stands on this level
    and is not Disabled. The turn loop's one copy of this rule."""
    # (a destroyed entity has no Position: no separate alive() check is needed; the
    # tables read straight from by_type: this runs some three times a turn)
    tables = game.store.by_type
    pos = tables[Position].get(eid)
    return pos is not None and pos.depth == game.state.depth \
        and eid not in tables.get(Disabled, ())


def new_round(game: Game) -> list[Event]:
    st = game.state  # (the rule state: the loop reads and writes it directly)
    st.round += 1
    st.turn_index = 0
    st.party_turn = []
    events = fight_hooks.new_round(game)
    events += helpless.new_round(game)  # (the conditions have ticked)
    if st.over:
        st.order = []
        return events
    present = entrants(game)
    rng = game.streams.play
    die = game.content.rules.initiative_die
    rolls: dict[int, int] = {}
    group_roll: dict[str, int] = {}
    actors = game.store.table(Actor)
    conditions = game.store.peek(Conditions)  # (none active: initiative_mod is 0)
    for eid in present:
        actor = actors[eid]
        if actor.side == "pillager":  # the Pillagers roll once as a group
            if "pillager" not in group_roll:
                group_roll["pillager"] = rng.d(die)
            rolls[eid] = group_roll["pillager"]
        else:
            conds = conditions.get(eid)
            rolls[eid] = rng.d(die) + (fight_hooks.initiative_mod(game, eid)
                                       if conds is not None and conds.active else 0)
        actor.initiative = rolls[eid]
    if st.mode == "combat":  # luck pledged on a fight's initiative (DungeonPunk)
        events += fight_hooks.initiative_pledges(game, rolls)
    st.order, _ = order_by_initiative(
        present, rolls, lambda e: actors[e].rank, partial(speed, game.store), rng, die,
        thrown=False)
    text = ""
    ticked = trap_clock(game)  # condition clocks tick in fight_hooks.new_round
    if st.mode == "combat":
        text = f"Round {st.round}: " + ", ".join(round_entries(game, st.order, rolls))
    return [*events, Event("round", text, roll=st.round), *ticked,
            *explore.on_round(game)]

