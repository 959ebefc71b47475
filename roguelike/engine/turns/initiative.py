"""Traps & Treasure initiative: a d6 each, 6 acts first; ties by Rank, Speed, then roll-off."""

from __future__ import annotations

from collections.abc import Callable

from roguelike.core.rng import Stream


def order_by_initiative(
    entrants: list[int],
    roll: dict[int, int],
    rank: Callable[[int], int],
    speed: Callable[[int], int],
    rng: Stream,
    die: int = 6,
    thrown: bool = True,
) -> tuple[list[int], dict[int, list[int]]]:
    """Sort entrants; returns the order and the roll-off dice each tied entrant threw
    (`thrown` False: no record of them, {}; the turn loop keeps none, and a rest's
    rounds roll off a group of Pillagers each round). The same dice either way."""
    rolloffs: dict[int, list[int]] = {}  # (made for those who roll off: few do)
    d = rng.d

    def settle(group: list[int]) -> list[int]:
        # Roll off again and again among those still tied, as players would at a table:
        # everyone in the group rolls, then each set of equal rolls settles, highest first.
        if len(group) <= 1:
            return group
        if len(group) == 2:  # the usual tie, rolled off until settled (no subgroups)
            a, b = group
            if not thrown:
                while True:
                    ra, rb = d(die), d(die)
                    if ra != rb:
                        return group if ra > rb else [b, a]
            a_rolls, b_rolls = rolloffs.setdefault(a, []), rolloffs.setdefault(b, [])
            while True:
                ra, rb = d(die), d(die)
                a_rolls.append(ra)
                b_rolls.append(rb)
                if ra != rb:
                    return group if ra > rb else [b, a]
        # the subgroups are fixed by this roll-off before any of them rolls again, so a
        # member's next roll cannot pull it into a lower subgroup (and a second turn); the
        # whole group rolls, in its order, before any subgroup does
        subgroups: dict[int, list[int]] = {}
        for e in group:
            value = d(die)
            if thrown:
                mine = rolloffs.get(e)
                if mine is None:
                    rolloffs[e] = [value]
                else:
                    mine.append(value)
            tied = subgroups.get(value)
            if tied is None:
                subgroups[value] = [e]
            else:
                tied.append(e)
        out: list[int] = []
        for value in sorted(subgroups, reverse=True):
            tied = subgroups[value]
            if len(tied) == 1:
                out.append(tied[0])  # (settled: no call)
            else:
                out += settle(tied)
        return out

    # Entrants grouped by roll and rank, highest first. Speed only breaks ties of roll and
    # rank, so only those entrants' Speed is looked up (it adds up carried treasure); the
    # others' cannot change their place.
    groups: dict[tuple[int, int], list[int]] = {}
    for e in entrants:
        key = (roll[e], rank(e))
        group = groups.get(key)
        if group is None:
            groups[key] = [e]
        else:
            group.append(e)
    result: list[int] = []
    for key in sorted(groups, reverse=True):
        group = groups[key]
        if len(group) == 1:
            result.append(group[0])  # nobody to roll off against
            continue
        # highest Speed first; equal ones by id, then settled by roll-offs
        keyed = sorted([(-speed(e), e) for e in group])
        i, n = 0, len(keyed)
        while i < n:
            v = keyed[i][0]
            j = i + 1
            while j < n and keyed[j][0] == v:
                j += 1
            result += settle([t[1] for t in keyed[i:j]]) if j > i + 1 else [keyed[i][1]]
            i = j
    # (in the entrants' order, as before)
    return result, {e: rolloffs[e] for e in entrants if e in rolloffs} if rolloffs else {}
