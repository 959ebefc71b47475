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
    rolloffs: dict[int, list[int]] = {e: [] for e in entrants}

    def settle(group: list[int]) -> list[int]:
        # Roll off again and again among those still tied, as players would at a table:
        # everyone in the group rolls, then each set of equal rolls settles, highest first.
        if len(group) <= 1:
            return group
        rolled = []
        for e in group:
            value = rng.d(die)
            rolloffs[e].append(value)
            rolled.append(value)
        if len(rolled) == 2:  # the usual tie, settled without building subgroups
            if rolled[0] != rolled[1]:
                return group if rolled[0] > rolled[1] else [group[1], group[0]]
            return settle(group)
        out: list[int] = []
        # (each subgroup is picked by its members' latest roll, after the higher subgroups
        # have rolled again: kept exactly so, as recorded games depend on it)
        for value in sorted(set(rolled), reverse=True):
            out += settle([e for e in group if rolloffs[e][-1] == value])
        return out

    # Speed only breaks ties of roll and rank, so only those entrants' Speed is looked up
    # (it adds up carried treasure); the others' 0 cannot change their place or grouping.
    first = {e: (roll[e], rank(e)) for e in entrants}
    count: dict[tuple[int, int], int] = {}
    for key in first.values():
        count[key] = count.get(key, 0) + 1
    tie = {e: (*key, speed(e) if count[key] > 1 else 0) for e, key in first.items()}
    keyed = sorted(entrants, key=lambda e: (-tie[e][0], -tie[e][1], -tie[e][2], e))
    result: list[int] = []
    i = 0
    while i < len(keyed):
        j = i
        k = tie[keyed[i]]
        while j < len(keyed) and tie[keyed[j]] == k:
            j += 1
        result += settle(keyed[i:j])
        i = j
    return result, {e: r for e, r in rolloffs.items() if r}
