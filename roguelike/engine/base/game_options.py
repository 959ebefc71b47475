"""Game options that change how the engine talks to the player, never the rules' odds.

`luck_prompt`: "ask" (players' default) stops the engine after a failed roll that luck could
still turn, with the offer first in the luck queue (engine/base/luck_queue.py), until
SpendLuck(n) or KeepRoll() is sent; "never" (the bot, the sim, the benchmarks) never asks:
luck is then spent only by pledging it before a roll with SpendLuck(n).
"""

from __future__ import annotations

from roguelike.core.lean_dataclass import dataclass

LUCK_PROMPTS = ("ask", "never")


@dataclass(slots=True)
class GameOptions:
    luck_prompt: str = "ask"

    def __post_init__(self) -> None:
        if self.luck_prompt not in LUCK_PROMPTS:
            raise ValueError(f"luck_prompt must be one of {LUCK_PROMPTS}")

    def to_dict(self) -> dict[str, str]:
        return {"luck_prompt": self.luck_prompt}

    @classmethod
    def from_dict(cls, data: dict[str, str]) -> GameOptions:
        return cls(luck_prompt=str(data.get("luck_prompt", "ask")))
