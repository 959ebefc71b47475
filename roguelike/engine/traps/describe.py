"""What the UI shows about a trap: look text, disarm odds, whether it is drawn, and the
lasting effects it leaves (an acid pool, a gas) in words: what they do, to whom, how long."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roguelike.core.components import Hazard, Position, Trap
from roguelike.engine.base.words import hazard_noun, plural, the_trap
from roguelike.engine.status import conditions
from roguelike.engine.traps.core import profile_of, step_at

if TYPE_CHECKING:
    from roguelike.engine.base.views import StoreAndContent
    from roguelike.engine.game import Game

STATE_WORDS = {"hidden": "hidden", "exposed": "armed", "armed": "armed (reset)",
               "disarmed": "disarmed", "sprung": "sprung"}


def state_words(game: Game, trap_eid: int) -> str:
    """The trap's state as the player should read it: a sprung trap says whether and when
    it re-arms ('sprung, re-arms in 3 rounds'), what it left that lasts ('sprung; its acid
    pool stays until the trap is disarmed'), or 'spent' when it can do nothing more."""
    trap = game.store.get(trap_eid, Trap)
    if trap.state != "sprung":
        return STATE_WORDS.get(trap.state, trap.state)
    if trap.reset_round >= 0:
        left = max(0, trap.reset_round - game.round)
        return f"sprung, re-arms in {plural(left, 'round')}"
    lasting = [hz for hz in lasting_effects(game, trap_eid) if harms(game, hz)]
    if lasting:
        step = _step(game, lasting[0])
        return f"sprung; its {hazard_noun(step['kind'])} stays {_until(game, lasting[0])}"
    return "spent: harmless now"


def harmless(game: Game, trap_eid: int) -> bool:
    """A trap that can do nothing more: disarmed, or spent with nothing of it lasting that
    harms (the map draws what lies on its square over it)."""
    trap = game.store.get(trap_eid, Trap)
    return trap.state == "disarmed" or (
        trap.state == "sprung" and trap.reset_round < 0
        and not any(harms(game, hz) for hz in lasting_effects(game, trap_eid)))


# ----- lasting effects (components.Hazard) ---------------------------------------------

# each hook of a lasting effect (content/traps/README.md) and whom it strikes
HOOK_WHO = {"on_turn_start": "whoever starts a turn there",
            "per_round": "whoever is there, every round", "on_enter": "whoever steps in",
            "on_move": "whoever moves through", "on_end_move": "whoever ends a move there",
            "while_inside": "whoever is there"}
UNTIL = {"until_disarmed": "until the trap is disarmed", "permanent": "for good",
         "until_escape": "until its victims get out", "until_stopped": "until it is stopped"}


def lasting_effects(game: Game, trap_eid: int) -> list[int]:
    """The started lasting effects (Hazard entities) of one trap."""
    return [eid for eid, hz in game.store.query(Hazard)
            if hz.trap == trap_eid and game.round >= hz.starts]


def _step(game: StoreAndContent, hz_eid: int) -> dict[str, Any]:
    hz = game.store.get(hz_eid, Hazard)
    return step_at(game.content.traps[hz.profile], hz.step)


def harms(game: Game, hz_eid: int) -> bool:
    """Whether a lasting effect does anything to whoever is in, enters or crosses it (a
    fallen weight that only slows the way does not)."""
    step = _step(game, hz_eid)
    return any(step.get(hook) for hook in HOOK_WHO)


def _until(game: Game, hz_eid: int) -> str:
    hz = game.store.get(hz_eid, Hazard)
    if hz.ends >= 0:
        return f"for {plural(max(0, hz.ends - game.round), 'round')}"
    return UNTIL.get(str(_step(game, hz_eid)["rounds"]), "until it ends")


def _op_words(game: Game, op: dict[str, Any]) -> str:
    kind = op.get("op")
    if kind == "hits":
        count = op.get("count", 1)
        return plural(count, "Hit") if isinstance(count, int) else f"{count} Hits"
    if kind == "damage":  # "1d3 drowning damage"
        parts = [str(op.get("dice", "")), str(op.get("kind", "")).replace("_", " "), "damage"]
        return " ".join(p for p in parts if p)
    if kind == "condition":
        return conditions.resolve(game, str(op["condition"])).name
    if kind == "stat":
        return f"{str(op['stat']).capitalize()} lost"
    if kind == "swim":
        return "swimming or sinking"
    return ""


def _harm_words(game: Game, ops: list[dict[str, Any]]) -> str:
    words = [w for op in ops if (w := _op_words(game, op))]
    text = " and ".join(dict.fromkeys(words)) or "harm"
    saves = [str(op["save"]) for op in ops if op.get("op") == "save_or" and op.get("save")]
    return text + (f" (a save vs {saves[0]} avoids it)" if saves else "")


def hazard_words(game: Game, hz_eid: int) -> str:
    """'acid pool left by the Noxious Acid Pool trap (until the trap is disarmed; 2 Hits to
    whoever starts a turn there, 1 Hit to whoever steps in)'."""
    hz = game.store.get(hz_eid, Hazard)
    step = _step(game, hz_eid)
    harm = [f"{_harm_words(game, step[hook])} to {who}"
            for hook, who in HOOK_WHO.items() if step.get(hook)]
    trap = the_trap(game.content.traps[hz.profile].name)
    how = "; ".join([_until(game, hz_eid), *([", ".join(harm)] if harm else [])])
    return f"{hazard_noun(step['kind'])} left by {trap} ({how})"


def known_effects_at(game: Game, xy: tuple[int, int]) -> list[int]:
    """The started lasting effects covering a square of this level whose trap the party
    knows (it saw them begin), ascending id."""
    out = []
    for eid, hz, pos in game.store.query(Hazard, Position):
        trap = game.store.try_get(hz.trap, Trap)
        if pos.depth == game.depth and game.round >= hz.starts and trap is not None \
                and trap.known_by and [xy[0], xy[1]] in hz.squares:
            out.append(eid)
    return sorted(out)


def _successes(need: int) -> int:
    """2d6 outcomes (of 36) reaching `need`."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need)


def disarm_odds(game: Game, actor: int, trap_eid: int, slow: bool) -> tuple[int, int]:
    """Chance to disarm as (successes, 36); an unrolled "N+" value averages over its d6."""
    trap = game.store.get(trap_eid, Trap)
    profile = profile_of(game, trap_eid)
    stocking = game.content.trap_stocking
    bonus = stocking.mage_knight.disarm_slow_bonus if (slow and stocking) else 0
    if profile.disarm_variable and trap.disarm_value == 0:
        total = sum(_successes(profile.disarm_base + d - bonus) for d in range(1, 7))
        return ((total + 3) // 6, 36)
    value = trap.disarm_value or profile.disarm_base
    return (_successes(value - bonus), 36)


def describe_trap(game: Game, trap_eid: int) -> str:
    trap = game.store.get(trap_eid, Trap)
    profile = profile_of(game, trap_eid)
    where = "trap square" if trap.placement == "square" else "room trap"
    rank = f", Threat Rank {trap.rank}" if trap.rank else ""
    state = state_words(game, trap_eid)
    if trap.state == "disarmed" or state.startswith("spent"):
        # a trap that can do nothing more is not described by what it would do
        return f"{profile.name} ({where}{rank}; {state})."
    value = str(trap.disarm_value) if trap.disarm_value else profile.disarm
    return (f"{profile.name} ({where}{rank}; {state}; disarm {value}+ on 2d6). "
            f"{profile.text}")
