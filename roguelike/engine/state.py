"""The rule state of a game (Game.state, engine/base/rule_state.py), digested
(Game.state_hash): everything that decides the game's future or its score. Replays and
records compare these digests; derived state (game.kept) is never in it.

The digest is versioned, as records keep the digests they were made with and verify
recomputes them: a record states its version (records/codec.py), and a record made with
version 1 must go on verifying after version 2 came. So a version, once records are made
with it, never changes; a digest that takes in more is a new version.

    1  every component of every entity, the seed, depth, round, turn, order, the led
       delver, actions taken, the play stream, over, stuck rounds, the traps' last
       squares, the levels' tiles
    2  version 1 and the mode (explore or combat), the creature whose turn it is, the
       deepest depth reached, the outcome, the kills, the party, the game options (luck
       prompts) and each level's explored squares (travel and auto-explore read them)
    3  version 2 and the whole luck queue (engine/base/luck_queue.py: the roll waiting on the
       player's luck and the rest of its effect behind it); versions 1 and 2 took in only
       the roll waiting, as the `PendingLuck` component it then was on its delver

    Every version takes in, when there is one, the party's turn begun together
    (RuleState.party_turn, issue 26), as they take the traps' last squares: a state without
    one digests as before.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from roguelike.core.components import COMPONENT_TYPES, HASHED_WHEN_PRESENT
from roguelike.engine.base.luck_queue import offer_waiting
from roguelike.engine.traps.trigger import last_squares_state

if TYPE_CHECKING:
    from roguelike.engine.game import Game

_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


_SCALARS = frozenset({int, str, bool, float, type(None)})


def _plain(value: Any) -> Any:
    """dataclasses.asdict without its deep copies (state_hash runs often in replays)."""
    if type(value) in _SCALARS:  # most fields: nothing to convert
        return value
    names = _FIELD_NAMES.get(type(value))
    if names is None and is_dataclass(value):
        names = _FIELD_NAMES[type(value)] = tuple(f.name for f in fields(value))
    # (scalar members are taken as they are, without a call each: replays hash every
    # component of every entity at each checkpoint)
    scalars = _SCALARS
    if names is not None:
        out = {}
        for name in names:
            v = getattr(value, name)
            out[name] = v if type(v) in scalars else _plain(v)
        return out
    if isinstance(value, list | tuple):
        return [v if type(v) in scalars else _plain(v) for v in value]
    if isinstance(value, dict):
        return {k: v if type(v) in scalars else _plain(v) for k, v in value.items()}
    return value


DIGEST_VERSION = 3  # what new records are made with
DIGEST_VERSIONS = (1, 2, 3)  # what this game can compute (verify recomputes old records')


def _old_pending_luck(game: Game) -> dict[str, object]:
    """Versions 1 and 2's `PendingLuck` table: the waiting offer, on its delver, as the
    component it was (the rest of the queue did not exist)."""
    offer = offer_waiting(game)
    if offer is None:
        return {}
    return {str(offer.eid): {"label": offer.label, "roll": offer.roll, "need": offer.need,
                             "cost": offer.cost, "resume": offer.resume,
                             "args": list(offer.args)}}


def state_digest(game: Game, version: int = DIGEST_VERSION) -> str:
    """A digest of everything that decides the future of the game, as digest `version`
    takes it in (the module's docstring); ValueError for a version this game lacks."""
    if version not in DIGEST_VERSIONS:
        raise ValueError(f"state digest version {version!r} is not one of {DIGEST_VERSIONS}")
    h = hashlib.blake2b(digest_size=16)
    st = game.state
    comps: dict[str, dict[str, object]] = {}
    for ctype in COMPONENT_TYPES:
        rows = {str(e): _plain(c) for e, c in st.store.query(ctype)}
        if rows or ctype not in HASHED_WHEN_PRESENT:
            comps[ctype.__name__] = rows
    if version <= 2:
        comps["PendingLuck"] = _old_pending_luck(game)
    state = {
        "seed": st.seed, "depth": st.depth, "round": st.round,
        "turn": st.turn_index, "order": st.order, "led": st.led,
        "actions": st.actions_taken, "play": st.streams.play.s,
        "components": comps, "over": st.over, "stuck": st.stuck_rounds,
    }
    # (rule state: the traps' last squares where positions do not say them; the key is
    # left out while there is none, so games hash as they did before it was added)
    hidden = last_squares_state(game)
    if hidden:
        state["last_squares"] = hidden
    # (the party's turn taken together outside a fight, engine/actions/marching.py: left out
    # while empty, as last_squares is, so a digest of a state without one is as before)
    if st.party_turn:
        state["party_turn"] = st.party_turn
    if version >= 2:
        state.update(mode=st.mode, current=st.current, deepest=st.deepest,
                     outcome=st.outcome, kills=st.kills, party=st.party,
                     options=st.options.to_dict())
    if version >= 3:
        state["luck_queue"] = _plain(st.luck_queue)
    h.update(json.dumps(state, sort_keys=True, separators=(",", ":")).encode())
    for depth in sorted(st.levels):
        h.update(st.levels[depth].tiles.tobytes())
    if version >= 2:
        for depth in sorted(st.levels):
            h.update(np.packbits(st.levels[depth].explored).tobytes())
    return h.hexdigest()

