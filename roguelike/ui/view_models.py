"""The dungeon widgets' models (view_data.py), read from the game in one place.

After each action the screen (game_screen.py, replay.py) builds a DungeonModel here and
pushes it down to the widgets, which never see the game. These builders are the only UI
code, besides the screens and their commands, that reads the game for drawing. Each model
is a snapshot: its arrays are copies made read-only, so a model kept by a widget shows the
moment it was built and no later (tests/test_ui_view_models.py holds the widgets' models
to fresh ones after every key).
"""

from __future__ import annotations

import numpy as np

from roguelike.core.components import (
    Actor,
    Appearance,
    Character,
    Disabled,
    Door,
    HitBoxes,
    Position,
    Trap,
)
from roguelike.engine.base.stats import name_of
from roguelike.engine.game import Game
from roguelike.engine.items import supplies
from roguelike.engine.light.lighting import items_word
from roguelike.engine.traps.describe import harmless
from roguelike.ui.conditions_view import condition_tags, down_words, speed_now
from roguelike.ui.glyphs import door_glyph
from roguelike.ui.view_data import (
    DELVER,
    DOWNED,
    MONSTER,
    OWN,
    PILLAGER,
    REMEMBERED,
    Acting,
    Delver,
    DungeonModel,
    Light,
    Location,
    MapModel,
    Sprite,
    StatusModel,
    Supplies,
    Token,
    TrackerModel,
)

DOWNED_LAYER = 9  # a downed delver is drawn over anything on its square
HARMLESS_LAYER = -1  # a spent or disarmed trap: under an item (layer 0) on its square


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


def _sprites(game: Game, visible: np.ndarray, explored: np.ndarray) -> tuple[Sprite, ...]:
    """Entities drawn over the terrain: on each square the one of the highest layer (a
    creature over a trap, an item over the floor); the party always knows where its own
    lie, seen by a companion or not."""
    best: dict[tuple[int, int], tuple[int, Sprite]] = {}
    current = game.awaiting
    store = game.store
    doors = store.by_type.get(Door) or {}
    traps = store.by_type.get(Trap) or {}
    down = store.by_type.get(Disabled) or {}
    depth = game.depth
    for eid, pos, app in store.query(Position, Appearance):
        if pos.depth != depth:
            continue
        seen = bool(visible[pos.y, pos.x])
        char = store.try_get(eid, Character)
        if char is None and app.layer >= 2 and not seen:
            continue
        if app.layer < 2 and not (seen or explored[pos.y, pos.x]):
            continue
        if not game.is_drawn(eid):  # (last: the party's knowledge is the dearest check)
            continue
        glyph, colour, layer = app.glyph, "", app.layer
        if char is not None:
            if eid in down:  # its own look, colour or none
                look, layer = DOWNED, DOWNED_LAYER
            else:
                look, colour = DELVER, char.klass
        elif store.has(eid, Actor):
            look = PILLAGER if store.get(eid, Actor).side == "pillager" else MONSTER
        elif eid in doors:
            glyph = door_glyph(doors[eid])
            look, colour = (OWN, app.color) if seen else (REMEMBERED, "")
        elif eid in traps and traps[eid].state in ("disarmed", "sprung") \
                and harmless(game, eid):
            # a trap that can do nothing more: greyed, and under what lies on its square
            # (a spent trap's ^ hid the treasure dropped there)
            look, layer = REMEMBERED, HARMLESS_LAYER
        else:
            look, colour = (OWN, app.color) if seen else (REMEMBERED, "")
        if look == DOWNED or layer > best.get(pos.xy, (-1, None))[0]:
            best[pos.xy] = (layer, Sprite(pos.x, pos.y, glyph, look, colour, app.layer >= 2,
                                          eid == current))
    return tuple(sprite for _layer, sprite in best.values())


def map_model(game: Game) -> MapModel:
    level = game.level
    visible = game.visible
    tiles = _read_only(game.known_tiles().astype(np.int16))
    seen = _read_only(visible.copy())
    explored = _read_only(level.explored.copy())
    eid = game.awaiting or game.led
    return MapModel(game.depth, level.width, level.height, tiles, seen, explored,
                    _sprites(game, seen, explored), game.store.get(eid, Position).xy)


def party_model(game: Game) -> tuple[Delver, ...]:
    store = game.store
    out = []
    for eid in game.party:
        char = store.get(eid, Character)
        locs = tuple(Location(loc.name, loc.attribute, loc.value, tuple(loc.boxes),
                              loc.crossed, tuple(loc.gray))
                     for loc in store.get(eid, HitBoxes).locations)
        marker = ">" if eid == game.awaiting else ("*" if eid == game.led else " ")
        down = down_words(game, eid)
        now, why = speed_now(game, eid)
        out.append(Delver(eid, name_of(store, eid), game.content.classes[char.klass].glyph,
                          char.klass, marker, char.luck, locs, down,
                          () if down is not None else tuple(condition_tags(game, eid)),
                          now if why else None))
    return tuple(out)


def status_model(game: Game) -> StatusModel:
    acting = None
    eid = game.awaiting
    if eid is not None:
        act = game.store.get(eid, Actor)
        per_turn = game.content.rules.actions_per_turn
        number = per_turn - act.actions_left + (0 if act.move_points else 1)
        acting = Acting(name_of(game.store, eid), max(1, min(per_turn, number)), per_turn,
                        act.move_points)
    return StatusModel(game.depth, game.round, game.mode == "combat", str(game.seed),
                       acting, game.over)


def tracker_model(game: Game) -> TrackerModel:
    """This round's order; the Pillagers, who roll one initiative for the group (T&T),
    are one token where the first of them stands, counting them (one turn each still)."""
    store = game.store
    tokens: list[Token] = []
    group: list[str] = []  # the Pillagers' states, in order
    at = -1  # where their token goes
    for i, eid in enumerate(game.order):
        if not store.alive(eid) or not store.has(eid, Appearance):
            continue
        state = "now" if eid == game.current else "done" if i < game.turn_index else "to come"
        actor = store.get(eid, Actor)
        if actor.side == "pillager":
            if at < 0:
                at = len(tokens)
                tokens.append(Token(store.get(eid, Appearance).glyph, actor.initiative, ""))
            group.append(state)
            continue
        tokens.append(Token(store.get(eid, Appearance).glyph, actor.initiative, state))
    if group:
        state = "now" if "now" in group else "to come" if "to come" in group else "done"
        tokens[at] = tokens[at]._replace(state=state, many=len(group))
    return TrackerModel(game.round, tuple(tokens))


def supplies_model(game: Game) -> Supplies:
    lights = tuple(Light(b.who, b.light, b.turns, b.refills,
                         items_word(b.refill, b.refills), b.out, b.low)
                   for b in supplies.burning(game))
    spare = tuple(supplies.spare_lights(game))
    carried, banked, heart = supplies.gold(game)
    return Supplies(lights, spare, ", ".join(items_word(n, c) for n, c in spare),
                    carried, banked, heart)


def dungeon_model(game: Game) -> DungeonModel:
    return DungeonModel(map_model(game), party_model(game), status_model(game),
                        tracker_model(game), supplies_model(game))
