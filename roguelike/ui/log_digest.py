"""The lines a batch of events writes to the message log, with the empty fight rounds of a
rest or a wait folded into one line.

A rest of 60 rounds with a Pillager in view (it keeps its distance, so the party rests on in
fight mode) makes a "Round N: ..." line and an "X acts (initiative N)." line per delver for
every round: some 240 lines in which nothing happens, more than the log keeps, so the
history lost everything before the rest. A run of two or more such rounds, neither the
batch's last (its lines say whose turn it is now), is written as one line instead.
"""

from __future__ import annotations

from roguelike.core.events import Event

FILLER = ("round", "turn")  # a round's roll and a turn's "X acts": nothing happened


def log_lines(evs: list[Event]) -> list[str]:
    """The texts of `evs` for the log, each run of empty rounds folded into one line."""
    rounds: list[list[Event]] = [[]]
    for e in evs:
        if e.kind == "round" and e.text:
            rounds.append([])
        rounds[-1].append(e)
    lines: list[str] = []
    run: list[list[Event]] = []  # the empty rounds not yet written
    for i, chunk in enumerate(rounds):
        if 0 < i < len(rounds) - 1 and _empty(chunk):
            run.append(chunk)
            continue
        lines += _folded(run) + _texts(chunk)
        run = []
    return lines


def _empty(chunk: list[Event]) -> bool:
    return all(e.kind in FILLER or not e.text for e in chunk)


def _texts(chunk: list[Event]) -> list[str]:
    return [e.text for e in chunk if e.text]


def _folded(run: list[list[Event]]) -> list[str]:
    if len(run) < 2:
        return [text for chunk in run for text in _texts(chunk)]
    first, last = run[0][0].roll, run[-1][0].roll
    return [f"Rounds {first}-{last}: nothing happens ({len(run)} rounds)."]
