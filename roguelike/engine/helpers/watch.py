"""What interrupts a run of automatic steps (auto-explore, travel, resting).

A Watch is a snapshot of what the party knew when the run began; after each action it says
whether something new deserves the player's attention: a hostile in view, a trap, marker or
item newly known, a wound, a character brought to the last box of a disabling location.

Which entities are traps, markers or items is read from their component type names, so the
rule modules that define those components (traps, exploration) need no wiring here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from roguelike.core.components import Actor, Door, Hazard, HitBoxes, Position, Trap
from roguelike.core.events import Event
from roguelike.engine.base.stats import is_disabled, name_of
from roguelike.engine.base.words import a_an, direction_words, plural
from roguelike.engine.game import Game
from roguelike.engine.monsters.pillagers import on_level
from roguelike.engine.traps.describe import harms, hazard_words, known_effects_at, state_words
from roguelike.engine.traps.make import ARMED

__all__ = ["Watch", "direction_words", "harmful_effects", "known_hazards", "known_things",
           "step_risk", "thing_kind"]

# component type name -> what the player calls such a thing
THING_KINDS: dict[str, str] = {"Trap": "trap", "Marker": "marker", "Item": "item",
                               "Treasure": "treasure"}
# event kinds that always interrupt a run (the engine explains them in the text)
# (luck_offer: a failed roll waits for the player's luck; no run goes on past it;
# light_low: a light will soon go out for good, and nothing in its bearer's pack refills it)
ALARM_EVENTS = frozenset({"wound", "disabled", "trap", "notice", "level", "gameover",
                          "wander", "ambush", "luck_offer", "rest_broken", "light_low"})


def thing_kind(game: Game, eid: int) -> str | None:
    for comp in game.store.components(eid):
        kind = THING_KINDS.get(type(comp).__name__)
        if kind:
            return kind
    return None


def known_things(game: Game) -> dict[int, str]:
    """Drawn traps, markers and items on explored squares of this level: id -> kind."""
    explored = game.level.explored
    out: dict[int, str] = {}
    store = game.store
    ids = store.ids(Position)  # every level's things: a plain loop, not a query generator
    if not ids:
        return out
    positions, depth = store.table(Position), game.depth
    for eid in ids:
        pos = positions[eid]
        if pos.depth != depth or not explored[pos.y, pos.x]:
            continue
        if game.store.has(eid, Actor) or game.store.has(eid, Door):
            continue
        kind = thing_kind(game, eid)
        if kind and game.is_drawn(eid):
            out[eid] = kind
    return out


def known_hazards(game: Game) -> list[tuple[int, int]]:
    """Squares of known traps, and of the lasting effects of traps the party knows (an acid
    pool, a gas cloud), which travel routes avoid and moves ask about."""
    things = known_things(game)
    out = [game.store.get(e, Position).xy for e, kind in things.items() if kind == "trap"]
    return out + lasting_effects(game)


def step_risk(game: Game, mover: int, xy: tuple[int, int]) -> str | None:
    """What a step of `mover` onto `xy` risks that the party knows of, as a sentence, or
    None: an armed trap (not a spent or disarmed one), or the reach of a lasting effect
    that harms (an acid pool's, a gas's) which the mover is not in already."""
    risks = []
    for eid, kind in known_things(game).items():
        if kind == "trap" and game.store.get(eid, Position).xy == xy \
                and game.store.get(eid, Trap).state in ARMED:
            risks.append(f"holds a known trap: {name_of(game.store, eid)} "
                         f"({state_words(game, eid)})")
    here = set(known_effects_at(game, game.store.get(mover, Position).xy))
    risks += [f"is within reach of the {hazard_words(game, hz)}"
              for hz in known_effects_at(game, xy) if harms(game, hz) and hz not in here]
    return f"That square {' and '.join(risks)}." if risks else None


def lasting_effects(game: Game) -> list[tuple[int, int]]:
    """The squares of this level's started lasting trap effects (components.Hazard) whose
    trap a delver knows: the party saw them begin."""
    return [xy for _e, xy in _known_effects(game)]


def harmful_effects(game: Game) -> list[tuple[int, tuple[int, int]]]:
    """(effect, square) for the known lasting effects that strike whoever is in, enters or
    crosses them (a buzz saw, an acid pool), which no walk of `o` or `G` steps into."""
    return [(e, xy) for e, xy in _known_effects(game) if harms(game, e)]


def _known_effects(game: Game) -> list[tuple[int, tuple[int, int]]]:
    store = game.store
    if not store.ids(Hazard, Position):
        return []
    out: list[tuple[int, tuple[int, int]]] = []
    for e, hz, pos in store.query(Hazard, Position):
        trap = store.try_get(hz.trap, Trap)
        if pos.depth == game.depth and game.round >= hz.starts and trap is not None \
                and trap.known_by:
            out += [(e, (x, y)) for x, y in hz.squares]
    return out


def low_health(game: Game, eid: int) -> str | None:
    """The disabling location (Head, Torso) with one open box left, if any."""
    boxes = game.store.try_get(eid, HitBoxes)
    if boxes is None or is_disabled(game.store, eid):
        return None
    for loc_id in game.content.rules.disabling_locations:
        loc = boxes.location(loc_id)
        if len(loc.boxes) - loc.crossed <= 1:
            return loc.name
    return None


def _crossed(game: Game) -> int:
    return sum(loc.crossed for e in game.party
               for loc in game.store.get(e, HitBoxes).locations)


@dataclass
class Watch:
    depth: int
    foes: frozenset[int]
    things: frozenset[int]
    low: frozenset[int]
    crossed: int

    # Foes in view that keep away (Pillagers not engaged) the player has been told of. One
    # set for every run of a game (`o`, `G` and `R`: the screen's, handed to travel.Run).
    # The first one seen on a level stops a run once; after that no Pillager keeping its
    # distance on that level does (a level of fifteen stopped G fifteen times: news once,
    # then noise, as DCSS's travel ignores a monster it has shown you).
    told: set[int] = field(default_factory=set)
    # The foes in view that were threats when the run began: a Pillager seen keeping its
    # distance that then engages (strikes a delver in its way) is news, told or not.
    threats: frozenset[int] = frozenset()

    @classmethod
    def take(cls, game: Game, told: set[int] | None = None) -> Watch:
        foes = game.hostiles_in_view()
        told = set() if told is None else told
        threats = game.threats_in_view() if foes else []
        told.update(e for e in foes if e not in threats)
        return cls(game.depth, frozenset(foes),
                   frozenset(known_things(game)),
                   # (one down is worse than low: coming round on a last box is no news)
                   frozenset(e for e in game.party
                             if is_disabled(game.store, e) or low_health(game, e)),
                   _crossed(game), told, frozenset(threats))

    def _told_on_level(self, game: Game) -> bool:
        """Whether a foe keeping its distance on the level played was already announced."""
        positions, depth = game.store.peek(Position), game.depth
        return any(e in positions and positions[e].depth == depth for e in self.told)

    def stop_reason(self, game: Game, events: list[Event]) -> str | None:
        """Why the run should stop after these events, or None to go on."""
        if game.over:
            return "The game is over."
        if game.depth != self.depth:
            return "A new level."
        # (from the one whose turn it is: in a fight that is not always the led delver)
        here = game.store.get(game.awaiting or game.led, Position).xy
        seen = game.hostiles_in_view()
        threats = game.threats_in_view() if seen else []
        foes = [e for e in seen if e not in self.foes or (e in threats
                                                          and e not in self.threats)]
        if foes:
            told_here = self._told_on_level(game)
            keep_away = [e for e in foes if e not in threats]
            foes = [e for e in foes if e in threats or not told_here]
            self.told.update(keep_away)
        if foes:
            first = foes[0]
            where = direction_words(here, game.store.get(first, Position).xy)
            if first in self.foes:  # (seen keeping its distance: engaged now)
                return f"{name_of(game.store, first)} fights, {where}."
            if first in threats:
                return f"You see {name_of(game.store, first)}, {where}."
            return (f"You see {name_of(game.store, first)}, {where}: it keeps its distance "
                    f"({plural(on_level(game), 'Pillager')} on this level). Pillagers "
                    "keeping their distance stop o, G and R only this once on this level.")
        new = [(e, k) for e, k in known_things(game).items() if e not in self.things]
        if new:
            eid, kind = new[0]
            xy = game.store.get(eid, Position).xy
            told = _told(events, eid, xy)
            if told:  # this action's own message already said it: not again in other words
                return told
            where = direction_words(here, xy)
            return f"You notice {a_an(kind)} ({name_of(game.store, eid)}), {where}."
        for eid in game.party:
            if eid not in self.low:
                loc = low_health(game, eid)
                if loc:
                    return f"{name_of(game.store, eid)}'s {loc} has one box left!"
        if _crossed(game) > self.crossed:
            return "A wound!"
        alarms = [e for e in events if e.kind in ALARM_EVENTS and e.text]
        if alarms:
            return alarms[0].text
        return None


def _told(events: list[Event], eid: int, xy: tuple[int, int]) -> str:
    """The text of the event about this thing (its own id, or its square), if any."""
    for e in events:
        if e.text and (eid in (e.actor, e.target) or (e.x, e.y) == xy):
            return e.text
    return ""


