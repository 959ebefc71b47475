"""Traps & Treasure d6 checks on current attributes, with fatigue added to the target."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Character
from roguelike.core.events import Event
from roguelike.engine.base.stats import attribute, name_of
from roguelike.engine.status.checks import Check, fatigue_penalty
from roguelike.engine.status.luck import offer_luck

if TYPE_CHECKING:
    from roguelike.content.loader import Content
    from roguelike.engine.game import Game


def check(game: Game, eid: int, attr: str, what: str, need: int | None = None
          ) -> tuple[bool, Event]:
    """d6 >= the current attribute (or `need`), plus fatigue. The event explains the roll."""
    base = attribute(game.store, eid, attr) if need is None else need
    target = base + fatigue_penalty(game, eid)
    roll = game.streams.play.d(6)
    ok = roll >= target
    label = attr.capitalize() if need is None else "target"
    tired = f" +{target - base} fatigue" if target != base else ""
    text = (f"{name_of(game.store, eid)} {'succeeds' if ok else 'fails'} at {what} "
            f"(rolled {roll} vs {label} {base}{tired}).")
    return ok, Event("check", text, eid, roll=roll, need=target)


def hopeless(game: Game, eid: int, attr: str, what: str, need: int | None = None) -> str:
    """Why a check the delver chooses to try cannot succeed now, or '': its target (the
    attribute or `need`, plus fatigue) beyond a 6 and the pips luck could still buy after
    the roll (luck buys no more than the critical margin: DungeonPunk 004:50). Refused
    before any action is spent, so nobody tries a locked door for ever: rest first."""
    base = attribute(game.store, eid, attr) if need is None else need
    tired = fatigue_penalty(game, eid)
    target = base + tired
    char = game.store.try_get(eid, Character)
    luck = char.luck if char is not None and game.options.luck_prompt == "ask" else 0
    if target <= 6 + min(luck, _critical_margin(game.content)):
        return ""
    why = f" ({base} +{tired} fatigue: rest first)" if tired else ""
    return f"{name_of(game.store, eid)} cannot succeed at {what}: it needs {target} on a d6{why}."


def check_or_offer(game: Game, eid: int, attr: str, what: str, resume: str, args: list[int],
                   need: int | None = None) -> tuple[bool | None, list[Event]]:
    """check(), and after a failure that luck could still turn, the luck prompt as for a
    fight roll (engine/status/luck.py): (True/False, events) when decided, (None, events) while the
    player decides (the offer first in the luck queue). The resumer registered as `resume`
    then finishes with `args` and the final outcome; a caller that gets a decision finishes
    the same way.

    Luck after the roll buys the missing pips 1:1 (DungeonPunk), except after a failure
    short by more than the critical margin (DungeonPunk 004:50, as for the d6 check)."""
    ok, event = check(game, eid, attr, what, need)
    if ok:
        return True, [event]
    margin = _critical_margin(game.content)
    short = event.need - event.roll
    label = f"{attr.capitalize()} ({what})"
    chk = Check(eid, label, event.roll, event.need, 0, 0, False, False, False,
                critical_failure=short > margin)
    offer = offer_luck(game, chk, resume, args)
    return (None if offer else False), [event, *offer]


def _critical_margin(content: Content) -> int:
    return content.fight.d6.critical_margin
