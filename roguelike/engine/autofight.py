"""Auto-fight (DCSS's Tab; here `F`): the next action of a delver's turn in a fight.

fight_round.FightRun asks it for each delver on its count, one action at a time, until the
round is played or something new happens; every answer is an ordinary action (Step,
Attack, RangedAttack, Cast, GetUp, EndMove, Wait), recorded like a keypress. In order:

1. get up from Prone; pick up a knocked-away weapon;
2. out of a known lasting trap effect that strikes whoever stays in it (an acid pool and
   its reach), to the free safe square farthest from the foes;
3. a foe beside it: a delver who should not stand in melee (a shooter, too close to
   shoot; a caster; badly hurt, a Head or Torso with one box left, while a companion holds
   the line; anyone in the jaws of a foe that cannot move) steps back to a square no foe
   stands next to, when one is free; else it strikes (the weakest foe beside it; a trap's
   figure first: one counterattack ends it, 001);
4. a shooter shoots the nearest foe it can hit; a caster casts (fight_sense.spell_choice);
5. badly hurt: it keeps its distance (a move under way steps farther while that gains
   ground) and ends its turn rather than close in;
6. else it moves, as far as the Move goes, never onto a known trap or a lasting effect's
   square nor diagonally past a trap: a shooter or caster to the nearest square with a
   shot or a line and no foe beside it, a fighter to the nearest foe it can reach.

A delver with nothing to do ends its turn (a foe out of reach comes to it). It says why
only when there is nothing to fight.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from roguelike.content.fight_tables import fight_tables
from roguelike.core.components import Actor, Conditions, Door, Position, TrapFigure
from roguelike.engine.action_base import Action
from roguelike.engine.actions import Attack, EndMove, Step, Wait
from roguelike.engine.checks import fight_state
from roguelike.engine.explore.light import in_darkness
from roguelike.engine.explore.spells import known_spells
from roguelike.engine.fight_actions import GetUp, RangedAttack, RecoverWeapon, shot_refusal
from roguelike.engine.fight_sense import (
    ANY_CAST,
    STEPS,
    anyone_shoots,
    bolt_reach,
    castable,
    fight_foes,
    harming_squares,
    helped,
    hits_left,
    immobile,
    spell_choice,
    step_back,
    trap_corners,
    unsafe_squares,
)
from roguelike.engine.game import Game
from roguelike.engine.shooting import blockers, ranged_reach
from roguelike.engine.stats import chebyshev, is_disabled, speed
from roguelike.engine.travel import held_squares, whole_action
from roguelike.engine.watch import low_health
from roguelike.world.paths import UNREACHABLE
from roguelike.world.sight import clear_line

Square = tuple[int, int]


def foes_in_view(game: Game) -> list[int]:
    """Standing foes the party sees, Pillagers keeping their distance among them."""
    return [e for e in game.hostiles_in_view() if not is_disabled(game.store, e)]


def no_foe(game: Game) -> str:
    """Why there is nothing to fight."""
    if foes_in_view(game):
        return "No foe to fight: the Pillagers in view keep their distance (walk into one " \
               "to fight it)."
    return "No foe in view."


def fight_step(game: Game, eid: int, careful: bool = True) -> Action | str:
    """The next action of `eid`'s turn in a plain fight, or why there is none. `careful`
    False fights on however hurt, and every foe in view, Pillagers keeping their distance
    too (the auto-explore harness's stand-in for a player, who walks into a Pillager in
    the way)."""
    foes = fight_foes(game) if careful else foes_in_view(game)
    if not foes:
        return no_foe(game)
    store = game.store
    conds = store.try_get(eid, Conditions)
    if conds is not None and "prone" in conds.active:
        return whole_action(game, eid, GetUp())
    if fight_state(game, eid).disarmed:
        return whole_action(game, eid, RecoverWeapon())
    turn = _Turn(game, eid, foes, careful)
    action = turn.decide()
    others = [f for f in foes_in_view(game) if f not in foes] if turn.stuck else []
    if others:  # no way to the foes but through the Pillagers in it: them too, then
        return _Turn(game, eid, foes + others, careful).decide()
    return action


class _Turn:
    """What one delver knows at one moment of its turn, and the choice made from it."""

    def __init__(self, game: Game, eid: int, foes: list[int], careful: bool) -> None:
        store = game.store
        self.game, self.eid = game, eid
        self.pos = store.get(eid, Position)
        self.act = store.get(eid, Actor)
        positions = store.table(Position)
        self.foes = sorted(foes, key=lambda f: (chebyshev(positions[f], self.pos), f))
        self.spots = [positions[f] for f in self.foes]
        self.mobile = [f for f in self.foes if not immobile(game, f)]
        reach = game.content.rules.melee_reach
        self.beside = [f for f in self.foes if chebyshev(positions[f], self.pos) <= reach]
        self.hurt = careful and low_health(game, eid) is not None
        self.shooter = ranged_reach(game, eid) > 0
        # (a caster keeps out of melee, and casts while a six can still make it)
        self.caster = "force_bolt" in known_spells(game, eid)
        self.casts = self.caster and castable(game, eid, ANY_CAST)
        # (a foe where no light reaches is seen only from beside it: never stepped away
        # from to shoot, nor aimed at from afar)
        self.lit = [s for s in self.spots if not in_darkness(game, s.x, s.y)]
        self.unsafe = unsafe_squares(game)
        self.corners = trap_corners(game)
        self.stuck = False  # no way to any foe that can move (decide found none)

    @property
    def can_act(self) -> bool:
        return self.act.actions_left > 0

    def decide(self) -> Action:
        game, eid, pos = self.game, self.eid, self.pos
        # (once a turn: a step that leaves the delver where it was, held, is not retried)
        if self.act.move_points <= 0 and pos.xy in harming_squares(game, known=True):
            out = step_back(game, eid, pos, self.spots, self.unsafe, beyond=0)
            if out is not None:
                return out
        if self.beside:
            return self._beside()
        if self.can_act:
            shot = self._shot() if self.shooter else None
            if shot is not None:
                return shot
            spell = spell_choice(game, eid, pos, self.foes) if self.casts else None
            if spell is not None:
                return spell
        if self.hurt:
            return self._keep_away()
        return self._move()

    def _beside(self) -> Action:
        game, store = self.game, self.game.store
        figure = next((f for f in self.beside if store.has(f, TrapFigure)), None)
        if figure is not None and self.can_act:
            return Attack(figure)
        aims = (self.shooter or self.caster) and bool(self.lit)
        # (the badly hurt leave while a companion holds the line: alone, one who steps
        # back is followed and struck all the same; and nobody stays in the jaws of a foe
        # that cannot move while a companion can strike it from afar)
        leaves = aims or (self.hurt and helped(game, self.eid)) \
            or (any(f not in self.mobile for f in self.beside) and anyone_shoots(game))
        if leaves:
            back = step_back(game, self.eid, self.pos, self.spots, self.unsafe)
            if back is not None:
                return back
        if not self.can_act:
            return EndMove()
        return Attack(min(self.beside, key=lambda f: (hits_left(game, f), f)))

    def _shot(self) -> Action | None:
        """At the nearest foe the shot reaches (the weakest of equals)."""
        game = self.game
        ok = [f for f in self.foes if not shot_refusal(game, self.eid, f)]
        if not ok:
            return None
        positions = game.store.table(Position)
        return RangedAttack(min(ok, key=lambda f: (chebyshev(positions[f], self.pos),
                                                   hits_left(game, f), f)))

    def _keep_away(self) -> Action:
        """Badly hurt and nothing to strike from afar: a move under way steps farther from
        the foes while that gains ground; then the turn ends."""
        if self.act.move_points > 0:
            gap = min(chebyshev(s, self.pos) for s in self.spots)
            farther = step_back(self.game, self.eid, self.pos, self.spots, self.unsafe,
                                beyond=gap)
            if farther is not None:
                return farther
        return Wait()

    def _move(self) -> Action:
        if not self.can_act and self.act.move_points <= 0:
            return Wait()
        if self.shooter or self.caster:  # to a line, else nearer (never beside a foe)
            step = self._to_line() or self._close(self.foes)
        elif self.mobile:
            step = self._close(self.mobile)
            self.stuck = step is None
        else:  # only foes that cannot move: left to those who strike from afar, if any
            step = None if anyone_shoots(self.game) else self._close(self.foes)
        if step is None:
            return Wait()  # nothing to reach: let the foes come
        return step

    def _to_line(self) -> Action | None:
        """A step toward the nearest square (within what is left of a Move, or a whole
        one) with a shot or a line at a foe and no foe beside it; EndMove or Wait when
        this square is one; None when none is in reach."""
        budget = self.act.move_points if self.act.move_points > 0 else \
            speed(self.game.store, self.eid)
        for square, first in self._reachable(budget):
            if self._aims_from(square):
                if first is None:  # here: the shot or spell waits for the next action
                    return EndMove() if self.act.move_points > 0 else Wait()
                return Step(first[0] - self.pos.x, first[1] - self.pos.y)
        return None

    def _aims_from(self, square: Square) -> bool:
        """Whether from `square`, no foe beside it, a shot or a bolt reaches a foe."""
        game = self.game
        if any(chebyshev(s, _at(square)) <= 1 for s in self.spots):
            return False
        sight = game.transparency()
        if self.shooter:
            reach = ranged_reach(game, self.eid)
            near = fight_tables(game.content).d6.ranged_min_squares
            taken = blockers(game, self.eid)
            for s in self.lit:
                d = chebyshev(s, _at(square))
                if near <= d <= reach and clear_line(sight, square, s.xy,
                                                     taken - {s.xy}):
                    return True
        if self.caster:
            reach = bolt_reach(game)
            return any(chebyshev(s, _at(square)) <= reach and clear_line(sight, square, s.xy)
                       for s in self.lit)
        return False

    def _reachable(self, budget: int) -> list[tuple[Square, Square | None]]:
        """Squares within `budget` steps over free, safe, known ground, nearest first,
        each with the first step toward it (None for this square)."""
        game = self.game
        start = self.pos.xy
        firsts: dict[Square, Square | None] = {start: None}
        order: list[tuple[Square, Square | None]] = [(start, None)]
        for (x, y), sq, d in self._spread([start], budget, lambda sq: game.creature_at(*sq)
                                          is None and not self._locked(sq)):
            if d == 1 and game.step_blocked(self.eid, *sq):
                continue
            first = firsts.get((x, y)) or sq
            if (x, y) not in firsts:
                continue  # (reached only through a square barred above)
            firsts[sq] = first
            order.append((sq, first))
        return order

    def _spread(self, sources: list[Square], limit: int, free: Callable[[Square], bool]
                ) -> Iterator[tuple[Square, Square, int]]:
        """Breadth first from `sources` over known, walkable, safe squares that `free`
        lets in (no locked door, nor diagonally past a known trap): each (from, square,
        steps) as it is first reached, up to `limit` steps."""
        level = self.game.level
        seen = set(sources)
        frontier: deque[tuple[Square, int]] = deque((s, 0) for s in sources)
        while frontier:
            (x, y), d = frontier.popleft()
            if d >= limit:
                continue
            for dx, dy in STEPS:
                sq = (x + dx, y + dy)
                if sq in seen or not level.in_bounds(*sq) or not level.explored[sq[1], sq[0]] \
                        or not level.is_walkable(*sq) or sq in self.unsafe \
                        or self._slips_past((x, y), sq) or not free(sq):
                    continue
                seen.add(sq)
                frontier.append((sq, d + 1))
                yield (x, y), sq, d + 1

    def _locked(self, sq: Square) -> bool:
        """A door known to be locked there (a step into it only fails: it is no way)."""
        door = self.game.door_at(*sq)
        return door is not None and self.game.store.get(door, Door).locked

    def _slips_past(self, a: Square, b: Square) -> bool:
        """A diagonal step between two squares beside a known trap (001: it may spring)."""
        return a[0] != b[0] and a[1] != b[1] and bool(
            {(b[0], a[1]), (a[0], b[1])} & self.corners)

    def _close(self, foes: list[int]) -> Step | None:
        """A step toward the nearest of `foes`, over known ground round the other
        creatures, locked doors and companions held fast, never onto an unsafe square nor
        diagonally past a known trap; a shooter or caster never steps beside a foe."""
        game = self.game
        goals = [game.store.get(f, Position).xy for f in foes]
        held = set(held_squares(game, self.eid))
        here = self.pos.xy

        def free(sq: Square) -> bool:
            if sq == here:
                return True
            if self._locked(sq) or sq in held:
                return False
            other = game.creature_at(*sq)
            return other is None or other in game.party

        dist = {g: 0 for g in goals}
        for _from, square, steps in self._spread(goals, UNREACHABLE, free):
            dist[square] = steps
        if here not in dist:
            return None
        keep_off = self.shooter or self.caster
        best = None
        for dx, dy in STEPS:
            sq = (here[0] + dx, here[1] + dy)
            d = dist.get(sq)
            if d is None or d >= dist[here] or sq in goals or self._slips_past(here, sq) \
                    or (keep_off and any(chebyshev(s, _at(sq)) <= 1 for s in self.spots)):
                continue
            if best is None or d < best[0]:
                best = (d, dx, dy)
        return Step(best[1], best[2]) if best is not None else None


def _at(square: Square) -> Position:
    """A Position for chebyshev (its depth is not compared)."""
    return Position(0, square[0], square[1])
