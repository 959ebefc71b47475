"""A game's rule state: everything that decides its future or its score, in one plain
object (`Game.state`).

The state digest (engine/state.py, `Game.state_hash`) takes in every field of it, and
replays, saves and verification compare those digests. Whatever a game holds outside it is
given when the game is made (the party as asked for, the content), a record of what
happened (history, log), wiring (watchers, the store's live tables), or an answer derived
from this state and kept in `game.kept` (engine/base/kept.py), which never decides anything.

A game reads and writes these fields by their own names (`game.depth`, `game.round`),
which stand for `game.state.<name>` (`in_state`): the rules keep their one spelling and
the state keeps one home. The objects among them that stay for the game's life (the
store, the streams, the levels, the party's list, the last squares) the game holds too,
for speed, never rebinding them (engine/game.py).
"""

from __future__ import annotations

from dataclasses import field
from operator import attrgetter
from typing import Any

from roguelike.core.ecs import EntityStore
from roguelike.core.lean_dataclass import dataclass
from roguelike.core.rng import Streams
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.luck_queue import LuckQueue
from roguelike.world.level import Level


@dataclass(slots=True, eq=False)
class RuleState:
    seed: str
    # the luck prompts: how the engine asks, which decides where a game stops for the player
    options: GameOptions
    streams: Streams
    store: EntityStore  # every entity and component
    # each level made so far, by depth: its tiles and the squares the party has explored
    levels: dict[int, Level] = field(default_factory=dict)
    party: list[int] = field(default_factory=list)  # the delvers' ids, leader first
    # where each creature last stood (depth, x, y) as the traps saw it: a diagonal pass
    # between two squares springs a trap square (traps/trigger.py)
    last_squares: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    depth: int = 1
    deepest: int = 1
    round: int = 0
    order: list[int] = field(default_factory=list)  # this round's initiative count
    turn_index: int = 0  # whose turn in `order`
    current: int | None = None  # the creature whose turn it is
    # the delvers whose turns this round began together at the party's count, outside a
    # fight (engine/actions/marching.py): their places in `order` follow the first one's, and
    # their turns are not begun again when the count reaches them
    party_turn: list[int] = field(default_factory=list)
    led: int = 0  # the delver the player steers out of combat
    mode: str = "explore"  # or "combat"
    over: bool = False
    outcome: str = ""  # victory, retired or defeat, once over
    # rounds in a row no delver could act and nothing holding them could run out
    # (helpless.new_round): past content.rules.helpless_rounds the delve is lost
    stuck_rounds: int = 0
    actions_taken: int = 0
    kills: int = 0
    # a failed roll waiting on the player's luck and the rest of its effect behind it
    # (engine/base/luck_queue.py): while it holds anything, nothing else happens
    luck_queue: LuckQueue = field(default_factory=LuckQueue)


def in_state(name: str) -> Any:
    """A game's field `name` that lives in its rule state: a property reading and writing
    `game.state.<name>`. Typed by the annotation beside it in the class body
    (`depth: int = in_state("depth")`)."""

    def write(game: Any, value: object) -> None:
        setattr(game.state, name, value)

    # (attrgetter is C-implemented: a read costs what a plain property's does)
    return property(attrgetter(f"state.{name}"), write, doc=f"game.state.{name}")
