"""Traps & Treasure initiative: a d6 each, 6 acts first; ties by Rank, Speed, then roll-off."""

from __future__ import annotations

from collections.abc import Callable

from roguelike.engine.rng import Stream


def order_by_initiative(
    entrants: list[int],
    roll: dict[int, int],
    rank: Callable[[int], int],
    speed: Callable[[int], int],
    rng: Stream,
    die: int = 6,
) -> tuple[list[int], dict[int, list[int]]]:
    """Sort entrants; returns the order and the roll-off dice each tied entrant threw."""
    rolloffs: dict[int, list[int]] = {}  # (made for those who roll off: few do)
    d = rng.d

    def settle(group: list[int]) -> list[int]:
        # Roll off again and again among those still tied, as players would at a table:
        # everyone in the group rolls, then each set of equal rolls settles, highest first.
        if len(group) <= 1:
            return group
        if len(group) == 2:  # the usual tie, rolled off until settled (no subgroups)
            a, b = group
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
            rolloffs.setdefault(e, []).append(value)
            subgroups.setdefault(value, []).append(e)
        out: list[int] = []
        for value in sorted(subgroups, reverse=True):
            out += settle(subgroups[value])
        return out

    # Speed only breaks ties of roll and rank, so only those entrants' Speed is looked up
    # (it adds up carried treasure); the others' 0 cannot change their place or grouping.
    first = [(roll[e], rank(e), e) for e in entrants]
    count: dict[tuple[int, int], int] = {}
    for r, k, _e in first:
        count[r, k] = count.get((r, k), 0) + 1
    # highest roll, rank and Speed first; equal ones by id, then settled by roll-offs
    keyed = sorted([(-r, -k, -speed(e) if count[r, k] > 1 else 0, e) for r, k, e in first])
    result: list[int] = []
    i, n = 0, len(keyed)
    while i < n:
        r, k, v, e = keyed[i]
        j = i + 1
        while j < n and keyed[j][0] == r and keyed[j][1] == k and keyed[j][2] == v:
            j += 1
        if j == i + 1:
            result.append(e)  # nobody to roll off against
        else:
            result += settle([t[3] for t in keyed[i:j]])
        i = j
    # (in the entrants' order, as before)
    return result, {e: rolloffs[e] for e in entrants if e in rolloffs}
