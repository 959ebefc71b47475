"""Light: carried lights make squares bright or dim; the party sees the lit squares in view.

A square is lit when a light's line of sight reaches it within the light's outer radius (the
DungeonPunk bright radius plus its dim band); it is bright within the bright radius. Each
standing character sees lit squares in its field of view, and its own neighbours by touch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import numpy as np

from roguelike.content.explore import LightDef
from roguelike.core.components import Disabled, Position
from roguelike.core.events import Event
from roguelike.core.explore_components import Doused, LightSource
from roguelike.engine.base.kept import Kept, declare
from roguelike.engine.base.stats import name_of
from roguelike.engine.base.words import a_an, plural
from roguelike.engine.creatures.inventory import carried, item_def_of, unstow

if TYPE_CHECKING:
    from roguelike.content.loader import Content
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.game import Game

T = TypeVar("T")
TOUCH = 1  # squares a character makes out without light
# A light about to go out for good is warned of this many exploration turns ahead: one `R`
# is a turn, so the warning leaves a rest to spare to relight, refill or give fuel.
LOW_TURNS = 2


class Sighted(Protocol):
    """What the party's sight reads of a game: a Game, and the Game's sight part
    (engine/turns/party_sight.py's PartySight, which hands itself to party_sight, sight_reaches and
    hooks.hidden_walls)."""

    store: EntityStore
    depth: int
    party: list[int]
    content: Content
    kept: Kept

    def transparency(self) -> np.ndarray: ...

    def fov_from(self, clear: np.ndarray, x: int, y: int, radius: int = 0) -> np.ndarray: ...


def light_maps(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """(bright, lit) masks of the current level from every carried light."""
    return _light_maps(game, game.transparency())


def _shining(game: Sighted) -> list[tuple[int, int, LightDef]]:
    """(x, y, light) of every burning light on this level, in id order."""
    store = game.store
    ids = store.ids(LightSource, Position)
    if not ids:
        return []
    lights = game.content.explore.lights
    positions, sources = store.table(Position), store.table(LightSource)
    depth = game.depth
    out = []
    for eid in ids:
        pos, light = positions[eid], sources[eid]
        if pos.depth == depth and light.rounds_left > 0 and light.kind in lights:
            out.append((pos.x, pos.y, lights[light.kind]))
    return out


LIGHTS = declare("lights", __name__, ("map", "rows"),
                 "[clear, lights, lit, bright]: keyed by the transparency array and the "
                 "lights (square and kind of each)")


def _light_maps(game: Game, clear: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    kept = _kept_lights(game, clear)
    if kept[3] is None:  # (the bright mask is asked for only by light_level)
        kept[3] = _cut_fovs(game, clear, kept[1], bright=True)
    return kept[3], kept[2]


def _kept_lights(game: Sighted, clear: np.ndarray) -> list:  # type: ignore[type-arg]
    """[clear, lights, lit, bright or None], kept on the game while `clear` (the level's
    transparency array: Game.transparency makes a new one whenever it changes, and the
    kept list holds it, so `is` cannot be fooled by a reused id) and the lights (square
    and kind of each) stay the same: the masks are a pure function of the two."""
    shining = _shining(game)
    lights = [(x, y, ldef.id) for x, y, ldef in shining]
    kept: list[Any] | None = LIGHTS.get(game)
    if kept is not None and kept[0] is clear and kept[1] == lights:
        if game.kept.check:
            LIGHTS.check(game, kept[2], _cut_fovs(game, clear, lights, bright=False))
            if kept[3] is not None:
                LIGHTS.check(game, kept[3], _cut_fovs(game, clear, lights, bright=True))
        return kept
    made: list[Any] = LIGHTS.put(game, [clear, lights, _cut_fovs(game, clear, lights, bright=False),
                             None])
    return made


def _cut_fovs(game: Sighted, clear: np.ndarray, lights: list[tuple[int, int, str]],
              bright: bool) -> np.ndarray:
    """The squares the lights show (bright: within their bright radius; else lit: within
    their outer dim radius or the bright one), a new array. A light's field of view is
    the whole field of view from its square cut to the square of its radius: tcod's
    restrictive shadowcasting decides a square from nearer squares alone, so a radius
    only stops the scan (tests/test_perf_windows.py): tcod is asked for it with the
    radius, and scans no further. Each is kept by the game (Game.fov_from, by square and
    radius), so a light that stays where it is needs no new scan."""
    defs = game.content.explore.lights
    masks = []
    for x, y, kind in lights:
        ldef = defs[kind]
        radius = ldef.bright_radius if bright \
            else max(ldef.dim_outer_radius, ldef.bright_radius)
        if radius > 0:
            masks.append(game.fov_from(clear, x, y, radius))
    if not masks:
        return np.zeros(clear.shape, dtype=bool)
    if len(masks) == 1:
        return masks[0].copy()  # (a kept field of view is never handed out to be written)
    mask: np.ndarray = masks[0] | masks[1]
    for more in masks[2:]:
        mask |= more
    return mask


def party_view(game: Game) -> np.ndarray:
    """Squares some standing party member sees: lit and in its view, or touching it."""
    return party_sight(game)[0]


def party_sight(game: Sighted) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
    """(party_view, sight): `sight` holds the fields of view behind the view, the
    delvers' own (unlimited; or lit, when they are not needed) and the lights', for
    sight_reaches."""
    clear = game.transparency()
    kept = _kept_lights(game, clear)
    lit = kept[2]
    squares = _standing(game)
    if all((x, y) in squares for x, y, _kind in kept[1]):
        # Every light is borne by a standing delver (the usual case: it is carried): each
        # light's field of view is its bearer's, cut, so the delvers' fields of view ORed
        # hold all of lit, and (raw & lit) is lit itself: no other delver's field of view
        # is needed. The view then reads the transparency only through the lights'
        # fields of view, within their radius: lit is all sight_reaches needs.
        raw = lit
        view = lit.copy()
    else:
        # (the first two fields of view ORed into a new array, the rest into it: no
        # zeroed array to start from; the fields themselves are kept by the game)
        fovs = [game.fov_from(clear, x, y) for x, y in squares]
        if len(fovs) >= 2:
            raw = fovs[0] | fovs[1]
            for fov in fovs[2:]:
                raw |= fov
        elif fovs:
            raw = fovs[0].copy()
        else:
            raw = np.zeros_like(clear)
        # (a & lit) | (b & lit) is (a | b) & lit: one mask operation per delver, one for
        # the light
        view = raw & lit
    for x, y in squares:
        view[max(0, y - TOUCH):y + TOUCH + 1, max(0, x - TOUCH):x + TOUCH + 1] = True
    return view, (raw, lit)


def _standing(game: Sighted) -> list[tuple[int, int]]:
    """The squares of the party's standing members on this level, in party order."""
    # (the tables read directly: asked for every new view, after every delver's step)
    store = game.store
    disabled = store.by_type.get(Disabled, ())
    positions = store.table(Position)
    depth = game.depth
    return [(pos.x, pos.y) for eid in game.party
            if eid not in disabled and (pos := positions[eid]).depth == depth]


def sight_reaches(game: Sighted, sight: tuple[np.ndarray, np.ndarray], x: int, y: int) -> bool:
    """Whether the square (x, y) changing transparency may change the view `sight` came
    with (party_sight), asked while the same delvers and lights stand where they stood.
    tcod's restrictive shadowcasting reads a square's transparency only when it marks
    that square or a transparent neighbour of it (a viewer on the map's edge aside: reads
    wrap around there), so a square with no field of view in its 3x3 block changes
    nothing (tests/test_perf_view.py checks every view read against a fresh one). When
    every light stood on a standing delver's square, `raw` is lit itself: the view was lit
    and touch, and lit, a light's field of view cut to its radius, is what tcod's scan
    stopped at that radius gives, so it too depends on no square outside its 3x3 blocks."""
    raw, lit = sight
    block = (slice(max(0, y - 1), y + 2), slice(max(0, x - 1), x + 2))
    if raw[block].any() or lit[block].any():
        return True
    h, w = raw.shape
    viewers = _standing(game) + [(lx, ly) for lx, ly, _d in _shining(game)]
    return any(vx in (0, w - 1) or vy in (0, h - 1) for vx, vy in viewers)


def light_level(game: Game, x: int, y: int) -> str:
    """'bright', 'dim' or 'dark' on the current level."""
    bright, lit = light_maps(game)
    return "bright" if bright[y, x] else "dim" if lit[y, x] else "dark"


def in_darkness(game: Game, x: int, y: int) -> bool:
    """True where no light reaches (attacks into or out of darkness take -4: issue 3)."""
    return light_level(game, x, y) == "dark"


def refills(game: Game, eid: int, kind: str) -> list[int]:
    """What in `eid`'s pack keeps its light of `kind` burning when it is spent: the light's
    fuel (a Flask of Oil for the lantern), or another of the same light (a Torch)."""
    ldef = game.content.explore.lights[kind]
    out = []
    for item in carried(game.store, eid):
        idef = item_def_of(game, item)
        if idef is not None and ((ldef.fuel_item and idef.id == ldef.fuel_item) or (
                not ldef.fuel_item and idef.effect == "light" and idef.light == kind)):
            out.append(item)
    return out


def burn(game: Game, rounds: int) -> list[Event]:
    """Lights burn down; a spent torch is replaced from the pack, a lantern refilled. A
    light about to go out for good (nothing in its bearer's pack to keep it burning) is
    warned of once, as it comes within LOW_TURNS exploration turns of its end."""
    data = game.content.explore
    events: list[Event] = []
    low = LOW_TURNS * data.rounds_per_turn
    for eid, light in list(game.store.query(LightSource)):
        light.rounds_left -= rounds
        if light.rounds_left > 0:
            if light.rounds_left <= low < light.rounds_left + rounds and eid in game.party:
                events += _running_low(game, eid, light)
            continue
        ldef = data.lights[light.kind]
        name = name_of(game.store, eid)
        spare = refills(game, eid, light.kind)
        if spare:
            left = f" ({_count(game, spare[0], len(spare) - 1)} left)"
            unstow(game, eid, spare[0])
            game.store.destroy(spare[0])
            light.rounds_left = ldef.burn_turns * data.rounds_per_turn
            events.append(Event("light", f"{name}'s {ldef.name} burns out; {name} lights "
                                f"another from the pack{left}." if not ldef.fuel_item else
                                f"{name} refills the {ldef.name}{left}.", eid))
        else:
            game.store.remove(eid, LightSource)
            events.append(Event("light", f"{name}'s {ldef.name} goes out.", eid))
        game.view_changed()
    return events


def _running_low(game: Game, eid: int, light: LightSource) -> list[Event]:
    """The warning that `eid`'s light will go out for good, unless its pack holds what
    keeps it burning; who else carries some, if anyone does."""
    if refills(game, eid, light.kind):
        return []
    data = game.content.explore
    ldef = data.lights[light.kind]
    name = name_of(game.store, eid)
    turns = -(-light.rounds_left // data.rounds_per_turn)
    fuel = data.items[ldef.fuel_item].name if ldef.fuel_item else f"spare {ldef.name}"
    others = [f"{name_of(game.store, o)} carries {_count(game, spare[0], len(spare))}"
              for o in game.party if o != eid and (spare := refills(game, o, light.kind))]
    where = f" ({'; '.join(others)}: give it with a)" if others else ""
    return [Event("light_low", f"{name}'s {ldef.name} will go out within "
                  f"{plural(turns, 'exploration turn')}: no {fuel} in {name}'s "
                  f"pack{where}.", eid)]


def _count(game: Game, item: int, n: int) -> str:
    """'2 Flasks of Oil', '1 Torch': n items of `item`'s kind."""
    idef = item_def_of(game, item)
    return items_word(idef.name if idef is not None else "item", n)


def items_word(name: str, n: int) -> str:
    """An item's name counted: 'Flasks of Oil', 'Torches' (content names have no
    plurals of their own)."""
    if n == 1:
        return f"1 {name}"
    head, sep, tail = name.partition(" of ")
    word = head.split(" ")
    last = word[-1]
    word[-1] = last + ("es" if last.endswith(("ch", "sh", "s", "x")) else "s")
    return f"{n} {' '.join(word)}{sep}{tail}"


def douse(game: Game, eid: int) -> bool:
    """Put out `eid`'s light, keeping what it has left to burn (a rest in the dark)."""
    light = _take(game, eid, LightSource)
    if light is not None:
        game.store.add(eid, Doused(light.kind, light.rounds_left))
    return light is not None


def relight(game: Game, eid: int) -> Event | None:
    """Light again the light `eid` put out, with what it had left; None if none."""
    out = _take(game, eid, Doused)
    if out is None:
        return None
    game.store.add(eid, LightSource(out.kind, out.rounds_left))
    ldef = game.content.explore.lights[out.kind]
    return Event("light", f"{name_of(game.store, eid)} lights the {ldef.name} again.", eid)


def _take(game: Game, eid: int, ctype: type[T]) -> T | None:
    """Remove and return `eid`'s `ctype` (the light changes: the view is made again)."""
    found = game.store.try_get(eid, ctype)
    if found is not None:
        game.store.remove(eid, ctype)
        game.view_changed()
    return found


def light_up(game: Game, eid: int, kind: str) -> Event:
    ldef = game.content.explore.lights[kind]
    turns = ldef.burn_turns
    game.store.add(eid, LightSource(kind, turns * game.content.explore.rounds_per_turn))
    game.view_changed()
    return Event("light", f"{name_of(game.store, eid)} lights {a_an(ldef.name)} ({turns} "
                 "exploration turns).", eid)
