"""The journal file: the game in play, one line per action, appended as each is taken.

A game is its seed, party, options and actions, so a file that gains a line with every
action holds the whole game at every moment. Nothing is ever rewritten in place: the file
only grows while the game lasts, and resuming re-simulates it (live.py writes it, resume.py
reads it back; the full save, save.py, is a checkpoint beside it).

`<slot>.journal`, one value a line, each line `<json>\\t<crc32 of the json, 8 hex>\\n`:

    {"format": "traps-and-treasure-journal", "version": 1, "seed", "party", "options",
     "player", "game_version", "content_digest", "started_at"}       the header, first
    [round, action, fingerprint]                                       one per action
    {"closed": n}                                                      saved and closed
                                                                       after n actions

The CRC catches a line that was torn or damaged on the disk; the fingerprint (recorder.py)
catches a whole line that does not replay. A close marker only says the game was left
cleanly (the menu then says Continue rather than Recover); play may go on after it.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from roguelike import __version__
from roguelike.engine.base.action import Action
from roguelike.engine.game import Game
from roguelike.records import codec
from roguelike.records.codec import Final, Record, RecordError
from roguelike.records.recorder import CHECKPOINT_EVERY

FORMAT = "traps-and-treasure-journal"
VERSION = 1
HEADER_MAX = 4096  # bytes: a longer first line is not a journal


def line(value: Any) -> bytes:
    body = json.dumps(value, separators=(",", ":"), ensure_ascii=True).encode()
    return b"%s\t%08x\n" % (body, zlib.crc32(body))


def header(game: Game, player: str = "") -> bytes:
    return line({"format": FORMAT, "version": VERSION, "seed": game.seed,
                 "party": [[str(v) for v in member] for member in game.party_spec],
                 "options": game.options.to_dict(), "player": player,
                 "game_version": __version__, "content_digest": game.content.digest,
                 "started_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")})


def action_line(round_: int, action: dict[str, Any], fingerprint: int) -> bytes:
    return line([round_, action, fingerprint])


def closed_line(n: int) -> bytes:
    return line({"closed": n})


def whole_game(game: Game, prints: list[int], player: str = "") -> bytes:
    """A journal holding all of `game` so far (to start one, or to rewrite a damaged one)."""
    return header(game, player) + b"".join(
        action_line(r, a, p) for (r, a), p in zip(game.history, prints, strict=True))


class BadLine(ValueError):
    pass


def _value(raw: bytes) -> Any:
    body, tab, crc = raw.rpartition(b"\t")
    if not tab or len(crc) != 8:
        raise BadLine("no checksum")
    try:
        if int(crc, 16) != zlib.crc32(body):
            raise BadLine("checksum differs")
        return json.loads(body)
    except (ValueError, RecursionError):
        raise BadLine("not JSON") from None


@dataclass
class JournalRead:
    """What a journal file holds, up to its first unreadable line."""

    seed: str
    party: tuple[tuple[str, ...], ...]
    options: dict[str, str]
    player: str
    game_version: str
    content_digest: str
    start: int  # the offset just past the header
    rounds: list[int] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    prints: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)  # ends[i]: the offset just past action i
    closed: bool = False  # the last line read is a close marker
    damage: str = ""  # what could not be read, "" if nothing
    torn: bool = False  # the damage is only an unfinished last line (what a crash leaves)

    def end_of(self, n: int) -> int:
        """The file offset just past the first `n` actions' lines."""
        return self.ends[n - 1] if n else self.start

    def identity(self) -> tuple[Any, ...]:
        return self.seed, self.party, self.options

    def record(self) -> Record:
        """The journal as a record to re-simulate. It claims no final state (see
        resim.resimulate's check_claims): the actions and fingerprints are what it says.
        It holds no state hash either, so the game it gives back is recorded in the
        current state digest (Record's default)."""
        n = len(self.actions)
        return Record(kind="save", game_version=self.game_version,
                      content_digest=self.content_digest, seed=self.seed, party=self.party,
                      rounds=tuple(self.rounds), actions=tuple(self.actions),
                      prints=tuple(self.prints), checkpoint_every=CHECKPOINT_EVERY,
                      checkpoints={}, final=Final(n, 0, 0, False, "", ""), score={},
                      player=self.player, options=self.options)


def _read_header(raw: bytes) -> dict[str, Any]:
    try:
        head = _value(raw)
    except BadLine as err:
        raise RecordError(f"its first line is damaged ({err})") from None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise RecordError("it is not a Traps & Treasure journal")
    if head.get("version") != VERSION:
        raise RecordError(f"it has journal version {head.get('version')!r}; this game "
                          f"reads version {VERSION}")
    return head


def parse(data: bytes) -> JournalRead:
    """Read a journal's bytes; RecordError if even its header cannot be used."""
    stop = data.find(b"\n", 0, HEADER_MAX)
    if stop < 0:
        raise RecordError("it has no header line")
    head = _read_header(data[:stop])
    try:
        j = JournalRead(seed=codec.read_seed(head.get("seed")),
                        party=codec.read_party(head.get("party")),
                        options=codec.read_options(head.get("options")),
                        player=codec.read_text(head.get("player"), "player", 64),
                        game_version=codec.read_text(head.get("game_version"),
                                                     "game_version", 40),
                        content_digest=codec.read_text(head.get("content_digest"),
                                                       "content_digest", 64),
                        start=stop + 1)
    except RecordError as err:
        raise RecordError(f"its header is unusable: {err}") from None
    seen: dict[tuple[Any, ...], Action] = {}
    pos, size = j.start, len(data)
    while pos < size:
        stop = data.find(b"\n", pos)
        if stop < 0:
            j.damage, j.torn = f"an unfinished last line ({size - pos} bytes)", True
            break
        try:
            was_action = _take(j, _value(data[pos:stop]), seen)
        except (BadLine, RecordError) as err:
            j.damage = (f"line {len(j.actions) + 2} and everything after it "
                        f"({size - pos} bytes): {err}")
            break
        pos = stop + 1
        if was_action:
            j.ends.append(pos)
    return j


def _take(j: JournalRead, value: Any, seen: dict[tuple[Any, ...], Action]) -> bool:
    """Add one line's value to `j`; True if it was an action (not a close marker)."""
    if isinstance(value, dict):
        if set(value) != {"closed"} or value["closed"] != len(j.actions):
            raise RecordError("a close marker out of place")
        j.closed = True
        return False
    round_, action, mark = codec.read_entry(value, len(j.actions), seen)
    j.rounds.append(round_)
    j.actions.append(action)
    j.prints.append(mark)
    j.closed = False
    return True


def read_journal(path: Path) -> JournalRead | None:
    """The journal at `path` (None if there is none); RecordError if it is unusable."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise RecordError(f"it cannot be read: {err.strerror or err}") from None
    return parse(data)


def peek(path: Path) -> tuple[str, bool] | None:
    """(seed, closed) from the header and the last line only: cheap enough for the menu.
    None if there is no usable journal there."""
    try:
        with open(path, "rb") as fh:
            first = fh.readline(HEADER_MAX)
            size = fh.seek(0, 2)
            fh.seek(max(0, size - 128))
            tail = fh.read()
    except OSError:
        return None
    try:
        seed = codec.read_seed(_read_header(first.rstrip(b"\n")).get("seed"))
    except RecordError:
        return None
    last = tail.rstrip(b"\n").rpartition(b"\n")[2]
    try:
        value = _value(last)
    except BadLine:
        return seed, False
    return seed, isinstance(value, dict) and "closed" in value and tail.endswith(b"\n")
