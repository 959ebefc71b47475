"""Which failed rolls the player is asked to buy back with luck, and how the question
reads.

The engine offers luck after every failed roll a delver could still buy (luck_prompt
"ask"); the options choose which of those offers the screen asks about. "harm" (the
default) asks only where the failure hurts a delver: a save against a wound, a trap, a
poison or a spell, a marker's check or disarm. A miss, a spell that fizzles, a door that
holds, a lock not picked (rolls tried again at the next action for nothing but time) are
kept without asking, by a recorded KeepRoll, as the player's `n` would: the same game as
answering every one of them "keep". A try at a door that only luck could pass (no die
but a natural 6 would have done) is still asked: tried again, it may fail for a long
while. A blow, a shot or a spell at long odds is not: `F` plays such rounds, and a
question each round stopped it (a Force Bolt at a rat 12 squares off, 5-2 vs 5) for an
answer that is nearly always "keep".
"""

from __future__ import annotations

from roguelike.engine.luck_queue import Offer

# the resumers (engine/luck_queue.py) of the rolls whose failure harms nobody
HARMLESS = frozenset({"attack", "cast", "pick_lock", "break_door", "force_door",
                      "lock_door", "listen", "crystal_ball"})
FIGHT_ROLLS = frozenset({"attack", "cast"})  # of them, never asked under "harm"
# the options screen's words for each value of the luck option
LUCK_WORDS = {"ask": "ask after every failed roll",
              "harm": "ask only when it keeps a delver from harm",
              "never": "never ask (every roll stands)"}
DIE = 6  # (the harmless rolls are all d6 checks)


def could_pass(offer: Offer) -> bool:
    """Whether a 6 on the die would have passed the roll without luck."""
    return offer.roll + offer.cost <= DIE


def asked(offer: Offer, setting: str) -> bool:
    """Whether the luck option asks the player about `offer` (False: kept unasked)."""
    if setting != "harm":
        return True
    if offer.resume in FIGHT_ROLLS:
        return False
    return offer.resume not in HARMLESS or not could_pass(offer)


def rolled_words(offer: Offer) -> str:
    """The roll as the log gives it, with its modifier: '2-1' (luck buys need - total)."""
    modifier = offer.need - offer.cost - offer.roll
    return f"{offer.roll}{modifier:+d}" if modifier else str(offer.roll)
