"""Rest: the party rests one exploration turn, and rest is how wounds heal and injuries end.

DungeonPunk 004: "Rest is an important part of healing as well ... [you] can only remove
injured conditions through rest", by its Healing Table (content/explore.toml [[rest_kind]]);
Classic 002: a turn of rest in six, and an interrupted rest heals nothing.

The rest's rounds really pass: the resting party members lose their turns (the Resting
condition) while the turn loop runs on, so lights burn, the wandering-monster check is
rolled, monsters and Pillagers move and a knock-out runs its course. A foe coming into view
or a wound to anyone in the party breaks the rest (`disturb`), and a broken rest heals
nothing. When the turn is up (`tick`, from the clock) every party member on the level heals
by the table's row for where they lie, fatigue goes, and a member who began the rest whole
has had a night's rest for one injury.

For players and the bot: `rest_refusal` (why Rest cannot start now), `rest_needs` (what one
more rest would still do), `RestRun` (the `R` command: rest until healed or disturbed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from roguelike.content.explore import RestKind
from roguelike.core.components import Actor, Conditions, Disabled, HitBoxes, Position
from roguelike.core.events import Event
from roguelike.core.explore_components import Fatigue, Ledger, LightSource
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base.action import Action, Result, done, fail
from roguelike.engine.base.stats import attribute, chebyshev, is_disabled, name_of, speed
from roguelike.engine.base.words import direction_words, plural
from roguelike.engine.creatures.inventory import in_camp, ledger
from roguelike.engine.light.lighting import douse, relight
from roguelike.engine.rest.healing import get_up_if_able, heal_any
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import attribute_check, fatigue_penalty, roller_mod

if TYPE_CHECKING:
    from roguelike.engine.game import Game

RESTING = "resting"
REST_CAP = 100  # rests one `R` takes at most (a safety net: every rest makes progress)


def present(game: Game) -> list[int]:
    """The party members on the level being played (those left elsewhere do not rest)."""
    positions = game.store.table(Position)
    return [e for e in game.party if e in positions and positions[e].depth == game.depth]


def resting(game: Game) -> bool:
    return ledger(game).rest_ends > 0


def rest_refusal(game: Game) -> str:
    """Why the party cannot rest now, or '' (DungeonPunk's rest is a break, not a fight;
    Pillagers keeping their distance are no fight, but one near enough to strike this
    round may, at a delver in its way: RULES.md)."""
    if game.over:
        return "The game is over."
    if game.threats_in_view():
        return "Not with foes in view!"
    for eid in game.hostiles_in_view():  # (only Pillagers keeping their distance now)
        delver = _in_reach(game, eid)
        if delver and not is_disabled(game.store, eid):
            where = direction_words(game.store.get(delver, Position).xy,
                                    game.store.get(eid, Position).xy)
            return (f"Not with a Pillager in reach ({where} of "
                    f"{name_of(game.store, delver)}): it could strike this round. Move "
                    "away from it first.")
    return ""


def _in_reach(game: Game, eid: int) -> int:
    """The nearest standing delver on the level (the lower id on a tie) that the Pillager
    could reach and strike within one of its turns (a Move of its Speed, then an Attack:
    T&T's two actions), 0 when none: a rest begun there is one it may break with a blow
    (it strikes a delver who bars its way)."""
    store = game.store
    here = store.table(Position)[eid]
    reach = speed(store, eid) + game.content.rules.melee_reach
    disabled, positions = store.peek(Disabled), store.table(Position)
    near = sorted((chebyshev(positions[e], here), e) for e in game.party
                  if e not in disabled and e in positions
                  and positions[e].depth == here.depth)
    return near[0][1] if near and near[0][0] <= reach else 0


def rest_kind(game: Game, eid: int) -> RestKind:
    """The best row of the healing table for where `eid` lies: Bed Rest in the level's
    Camp room, Light Rest anywhere else."""
    kinds = game.content.explore.rest_kinds  # weakest first
    camp = in_camp(game, eid)
    return next(k for k in reversed(kinds) if k.place == "anywhere" or camp)


PLACE_WORDS = {"anywhere": "away from the Camp", "camp": "in the Camp"}


def rest_words(game: Game, kinds: dict[int, RestKind]) -> str:
    """Which row of the healing table each delver rested by, and what it heals: "Light
    Rest, away from the Camp, up to 1 box each: Bors, Vex; Bed Rest in the Camp heals 2"
    (the names alone were never explained)."""
    table = game.content.explore.rest_kinds
    parts = []
    for kind in table:
        who = [name_of(game.store, e) for e, k in kinds.items() if k is kind]
        if who:
            parts.append(f"{kind.name}, {PLACE_WORDS[kind.place]}, up to "
                         f"{plural(kind.boxes, 'box')} each: {', '.join(who)}")
    best = table[-1]
    if kinds and all(k is not best for k in kinds.values()):
        parts.append(f"{best.name} {PLACE_WORDS[best.place]} heals {best.boxes}")
    return "; ".join(parts)


def _crossed(game: Game, eid: int) -> int:
    boxes = game.store.try_get(eid, HitBoxes)
    return sum(loc.crossed for loc in boxes.locations) if boxes else 0


def injuries(game: Game, eid: int) -> int:
    """The stacks of Injured on `eid` (each ends with a night's rest)."""
    conds = game.store.try_get(eid, Conditions)
    if conds is None or "injured" not in conds.active:
        return 0
    return conds.stacks.get("injured", 1)


def night_hopeless(game: Game, eid: int) -> bool:
    """Whether only a natural 6 can pass `eid`'s night check (004's Endurance check for an
    injury) as things stand: its Might is too low for the penalties it carries (the
    Injured stacks themselves: "rolled 5-5 vs 5"). The fatigue a completed rest clears
    first is left out."""
    need = attribute(game.store, eid, game.content.explore.rest.injury_check)
    best = game.content.fight.d6.natural_success - 1  # the best roll that is no natural 6
    return best + roller_mod(game, eid) + fatigue_penalty(game, eid) < need


def hopeless_words(game: Game) -> str:
    """What the party is told when only a natural 6 would end an injury: resting for it
    no longer pays (each rest, for the wounds, still gives it a try), and the seeds give
    no other way (004's Healer's care needs a healer; RULES.md "Healing and rest")."""
    who = [name_of(game.store, e) for e in present(game)
           if injuries(game, e) and not _crossed(game, e) and night_hopeless(game, e)]
    if not who:
        return ""
    return (f"Only a natural 6 ends {' and '.join(who)}'s injury now (Endurance against "
            "Might, less the Injured penalty): resting on for it is not worth the light. "
            "Each rest taken for wounds still tries it.")


def rest_needs(game: Game, healing_only: bool = False) -> list[str]:
    """What one more rest would still do for the party on this level, one line each: a
    companion down (and a knock-out's rounds left), boxes to heal, injuries to rest off,
    fatigue. Empty when resting would do nothing more. `healing_only`: the wounds alone (a
    companion down, boxes to heal), what auto-explore rests for."""
    out: list[str] = []
    store = game.store
    for eid in present(game):
        name = name_of(store, eid)
        if is_disabled(store, eid):
            conds = store.try_get(eid, Conditions)
            left = conds.active.get("knocked_out", 0) if conds else 0
            out.append(f"{name} is Knocked Out ({left} rounds)" if left > 0
                       else f"{name} is down until healed")
            continue
        crossed = _crossed(game, eid)
        if crossed:
            out.append(f"{name}: {crossed} box{'es' if crossed != 1 else ''} to heal")
        if healing_only:
            continue
        if not crossed and injuries(game, eid) and not night_hopeless(game, eid):
            out.append(f"{name}: Injured x{injuries(game, eid)}, a night's rest each")
        fat = store.try_get(eid, Fatigue)
        if fat is not None and fat.level:
            out.append(f"{name}: fatigued")
    return out


@dataclass(frozen=True)
class Rest(Action):
    """The party rests one exploration turn: it heals, fatigue goes, time passes. `dark`:
    it puts its lights out for the rest (they burn nothing; lit again when the rest is
    done or broken)."""

    kind: ClassVar[str] = "rest"
    dark: bool = False

    def perform(self, game: Game, actor: int) -> Result:
        why = rest_refusal(game)
        if why:
            return fail(why)
        return done(*begin_rest(game, actor, self.dark))


def begin_rest(game: Game, actor: int, dark: bool = False) -> list[Event]:
    turn = game.content.explore.rounds_per_turn
    led = ledger(game)
    led.rest_ends = led.clock + turn
    doused = False
    for eid in present(game):
        if dark:
            doused = douse(game, eid) or doused
        if not is_disabled(game.store, eid):
            # (timed, one round past the rest, which ends it: a clock that runs out, so the
            # turn loop's helpless rule sees a party that will stir by itself)
            C.add_condition(game, eid, RESTING, turn + 1, "rest")
    act = game.store.get(actor, Actor)
    act.actions_left, act.move_points = 0, 0
    how = " in the dark, its lights put out" if doused else ""
    return [Event("rest", f"The party rests{how} for an exploration turn ({turn} rounds).",
                  actor)]


def _end(game: Game, led: Ledger) -> None:
    led.rest_ends = 0
    for eid in game.party:
        C.remove_condition(game, eid, RESTING)


def disturb(game: Game, why: str) -> list[Event]:
    """Something broke the rest (a foe in view, a wound): it ends now and heals nothing
    (Classic 002: "If the rest is interrupted, the character ... will not heal")."""
    led = ledger(game)
    if not led.rest_ends:
        return []
    _end(game, led)
    return [Event("rest_broken", f"The rest is broken: {why}. It heals nothing."),
            *light_up_again(game)]


def light_up_again(game: Game) -> list[Event]:
    """The lights put out for a rest in the dark are lit as they were when it ends, done
    or broken (choice, RULES.md: the foes it hid come unseen until they are next to the
    party; the lighting itself is not counted as an action)."""
    return [lit for eid in present(game) if (lit := relight(game, eid)) is not None]


def on_wounded(game: Game, eid: int) -> list[Event]:
    """A party member is about to be wounded. One already down takes no more wounds
    (RULES "Wounds, Knocked Out, Disabled"), so only a standing one's wound breaks the rest
    (a companion lying in a hazard would otherwise break every rest, to no effect)."""
    if is_disabled(game.store, eid):
        return []
    return disturb(game, f"{name_of(game.store, eid)} is hurt")


def foes_in_view(game: Game, seen: list[int]) -> list[Event]:
    """From the fight's view hook: hostiles are in view. A Pillager keeping its distance
    does not break the rest (T&T: it avoids combat; RULES.md "Healing and rest")."""
    if not seen or not ledger(game).rest_ends:
        return []
    threat = set(game.threats_in_view())  # (Pillagers only when engaged)
    threats = [eid for eid in seen if eid in threat]
    if not threats:
        return []
    return disturb(game, f"{name_of(game.store, threats[0])} comes into view")


def tick(game: Game, led: Ledger) -> list[Event]:
    """Each round, after the clock moved: the rest ends when its turn is up."""
    if not led.rest_ends or led.clock < led.rest_ends:
        return []
    return finish_rest(game, led)


def night_due(game: Game, eid: int) -> bool:
    """Whether a rest ending now would be a night for one of `eid`'s injuries (standing
    and whole before the rest's own healing: finish_rest)."""
    return not is_disabled(game.store, eid) and not _crossed(game, eid) \
        and injuries(game, eid) > 0


def finish_rest(game: Game, led: Ledger) -> list[Event]:
    store = game.store
    _end(game, led)
    members = present(game)
    kinds = {eid: rest_kind(game, eid) for eid in members}
    events = [Event("rest", f"The party has rested an exploration turn "
                    f"({rest_words(game, kinds)})."),
              *light_up_again(game)]
    for eid in members:
        fat = store.try_get(eid, Fatigue)
        if fat is not None:
            fat.level, fat.active_turns, fat.halved = 0, 0, False
        kind = kinds[eid]
        if not is_disabled(store, eid) and not _crossed(game, eid):
            events += _night(game, eid, kind)  # whole: a night's rest for one injury
            continue
        events += heal_any(game, eid, kind.boxes)
        events += get_up_if_able(game, eid)  # (one struck down with no box crossed)
    return events


def _night(game: Game, eid: int, kind: RestKind) -> list[Event]:
    """DungeonPunk 004: an injury ends with "a full night of rest" at full hit points, one
    night each, after a standard Endurance check for Light or Bed Rest."""
    left = injuries(game, eid)
    if not left:
        return []
    events: list[Event] = []
    if kind.injury_check:
        attr = game.content.explore.rest.injury_check
        ok, events = attribute_check(game, eid, attr,
                                     label="Endurance, to rest off an injury")
        if not ok:
            more = "only a natural 6 can end it now, so R and o rest no more for it" \
                if night_hopeless(game, eid) else "another night's rest"
            return [*events, Event("condition", f"{name_of(game.store, eid)} is still "
                                   f"Injured: {more}.", eid)]
    if left == 1:
        return events + C.remove_condition(game, eid, "injured")
    store = game.store
    store.get(eid, Conditions).stacks["injured"] = left - 1
    return [*events, Event("condition_end", f"{name_of(store, eid)} rests off an injury "
                           f"(Injured x{left - 1} left).", eid)]


def _lights(game: Game) -> int:
    return sum(1 for e in present(game) if game.store.has(e, LightSource))


@dataclass
class RestRun:
    """`R`, rest until healed or disturbed: the next Rest while resting still does
    something (rest_needs; with `healing_only`, while someone is wounded or down: what `o`
    rests for); stops when nothing is left, when a light goes out for good, or
    after REST_CAP rests. Whoever drives it stops it when disturbed (engine/helpers/watch.py)."""

    make: Callable[[], Action] = Rest
    rests: int = 0
    lights: int = -1
    healing_only: bool = False  # rest for wounds alone (rest_needs): auto-explore's rests

    def next(self, game: Game, eid: int) -> Action | str:
        if not rest_needs(game, self.healing_only):
            done_words = "The party is fully rested." if self.rests else "Nobody needs rest."
            hopeless = "" if self.healing_only else hopeless_words(game)
            return f"{done_words} {hopeless}" if hopeless else done_words
        lit = _lights(game)
        if self.lights >= 0 and lit < self.lights:
            return f"A light has gone out; rested {self.rests} turns."
        self.lights = lit
        if self.rests >= REST_CAP:
            return f"Rested {REST_CAP} turns; stopping."
        why = rest_refusal(game)
        if why:
            return why
        self.rests += 1
        return self.make()
