"""The morgue file: a plain-text account of a finished game."""

from __future__ import annotations

from pathlib import Path

from roguelike.core.components import Disabled, HitBoxes
from roguelike.engine.base.stats import name_of
from roguelike.engine.creatures.inventory import carried
from roguelike.engine.game import Game
from roguelike.records.atomic import atomic_write
from roguelike.records.score import banking_lines, score_parts

LAST_MESSAGES = 30


def _boxes(hb: HitBoxes) -> list[str]:
    lines = []
    for loc in hb.locations:
        marks = "".join("X" if i < loc.crossed else "o" for i in range(len(loc.boxes)))
        lines.append(f"    {loc.name:<10} {marks:<12} {loc.attribute} {loc.value}")
    return lines


def _inventory(game: Game, eid: int) -> list[str]:
    """What `eid` carries, by name ('Flask of Oil', 'Treasure (60 gp)'), in stow order."""
    return [f"      {name_of(game.store, item)}" for item in carried(game.store, eid)]


def cause_of_end(game: Game) -> str:
    if not game.over:
        return "still delving (saved)"
    causes = [f"{name_of(game.store, e)}: {d.cause}" for e in game.party
              if (d := game.store.try_get(e, Disabled)) is not None and d.cause]
    return game.outcome + (" - " + "; ".join(causes) if causes else "")


def morgue_text(game: Game, player: str = "", ended_at: str = "") -> str:
    parts = score_parts(game)
    out = [
        "Traps & Treasure - morgue",
        f"Player: {player or '-'}    Ended: {ended_at or '-'}",
        f"Seed: {game.seed}",
        f"Outcome: {cause_of_end(game)}",
        f"Depth: {game.depth} (deepest {game.deepest})    Rounds: {game.round}    "
        f"Actions: {game.actions_taken}    Kills: {game.kills}",
        "Score: " + ", ".join(f"{k} {v}" for k, v in parts.items() if k != "total")
        + f"  = {parts['total']}",
        "",
        "The party:",
    ]
    for eid in game.party:
        down = game.store.try_get(eid, Disabled)
        out.append(f"  {name_of(game.store, eid)}" + (" (Disabled)" if down else ""))
        hb = game.store.try_get(eid, HitBoxes)
        if hb is not None:
            out += _boxes(hb)
        inv = _inventory(game, eid)
        if inv:
            out += ["    Carrying:", *inv]
    out += ["", "Treasure banked:", *[f"  {line}" for line in banking_lines(game)]]
    out += ["", "Last messages:"]
    out += [f"  {e.text}" for e in game.log[-LAST_MESSAGES:]]
    return "\n".join(out) + "\n"


def write_morgue(game: Game, path: Path, player: str = "", ended_at: str = "") -> Path:
    atomic_write(Path(path), morgue_text(game, player, ended_at).encode())
    return Path(path)
