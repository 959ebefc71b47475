"""The record file format shared by saves and replays: versioned JSON with a checksum.

    {"format": "traps-and-treasure-record", "version": 3,
     "body": {kind, game_version, content_digest, seed, party, actions, checkpoints,
              checkpoint_every, final, score, player, saved_at, options, hash_version},
     "checksum": blake2b-128 of the canonical JSON of body}

`actions` is a list of [round, action, fingerprint]: the round the action was chosen in,
the action as data, and a 16-bit digest of the state right after it (see recorder.py).
`final` and `score` are the file's claims about the game's end; `roguelike verify` redoes the
game and refuses the file if any of them differs. Version 2 added `final.deepest` and
`final.kills` (version 1 files are still read; they do not make those two claims) and party
entries [role, class, name] for delvers the player named (the names are in the game's state,
so a changed name changes every checkpoint and the final state hash). Version 3 added
`hash_version`: the version of the state digest (engine/state.py) its checkpoints and
final state hash were made with; a version 1 or 2 file made them with digest version 1,
which verify still computes for it, so an old record keeps its proof.
`saved_at` is for people only; nothing in the simulation reads it. No text anywhere in a
record may hold a control character (see text.py).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base.action import Action, ActionError
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.seeds import SeedError, normalise_seed
from roguelike.engine.creatures.starting_party import party_problem
from roguelike.engine.rule_registry import action_from_dict
from roguelike.engine.state import DIGEST_VERSION, DIGEST_VERSIONS
from roguelike.records.text import control_problem

FORMAT = "traps-and-treasure-record"
VERSION = 3
READ_VERSIONS = (1, 2, 3)
KINDS = ("save", "replay")
MAX_ACTIONS = 5_000_000
MAX_TEXT = 200


class RecordError(Exception):
    """A record file that cannot be used; the message is meant for the player."""


@dataclass(frozen=True)
class Final:
    """What the file claims about the game after its last action (each checked by verify)."""

    actions: int
    round: int
    depth: int
    over: bool
    outcome: str
    state_hash: str
    deepest: int | None = None  # None: a version 1 file, which does not claim it
    kills: int | None = None


FINAL_V1 = ("actions", "round", "depth", "over", "outcome", "state_hash")
FINAL_V2 = (*FINAL_V1, "deepest", "kills")


@dataclass(frozen=True)
class Record:
    kind: str
    game_version: str
    content_digest: str
    seed: str
    party: tuple[tuple[str, ...], ...]  # (role, class) or (role, class, name)
    rounds: tuple[int, ...]
    actions: tuple[Action, ...]
    prints: tuple[int, ...]
    checkpoint_every: int
    checkpoints: dict[int, str]
    final: Final
    score: dict[str, int]
    player: str = ""
    saved_at: str = ""
    options: dict[str, str] | None = None  # game options that change play (luck prompts)
    # the state digest version of `checkpoints` and `final.state_hash` (engine/state.py)
    hash_version: int = DIGEST_VERSION


def canonical(body: Any) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def checksum(body: Any) -> str:
    return hashlib.blake2b(canonical(body), digest_size=16).hexdigest()


def encode_body(body: dict[str, Any]) -> bytes:
    # (a version 1 record read back and written again stays version 1: it has no v2
    # claims, and its hashes are digest version 1's, which version 1 files leave unsaid)
    version = VERSION if "hash_version" in body else 2 if "deepest" in body["final"] else 1
    doc = {"format": FORMAT, "version": version, "body": body, "checksum": checksum(body)}
    return json.dumps(doc, separators=(",", ":")).encode() + b"\n"


def body_of(record: Record) -> dict[str, Any]:
    f = record.final
    body: dict[str, Any] = {
        "kind": record.kind,
        "game_version": record.game_version,
        "content_digest": record.content_digest,
        "seed": record.seed,
        "party": [list(p) for p in record.party],
        "actions": [[r, a.to_dict(), p] for r, a, p in
                    zip(record.rounds, record.actions, record.prints, strict=True)],
        "checkpoint_every": record.checkpoint_every,
        "checkpoints": [[n, h] for n, h in sorted(record.checkpoints.items())],
        "final": {k: getattr(f, k) for k in (FINAL_V1 if f.deepest is None else FINAL_V2)},
        "score": dict(record.score),
        "player": record.player,
        "saved_at": record.saved_at,
        "options": dict(record.options or {}),
    }
    if f.deepest is not None:
        body["hash_version"] = record.hash_version
    elif record.hash_version != 1:  # (a version 1 file says nothing: digest version 1)
        raise ValueError("a record without the deepest and kills claims is a version 1 "
                         "file, whose hashes are digest version 1's")
    return body


def encode(record: Record) -> bytes:
    return encode_body(body_of(record))


def cached_action(data: Any, seen: dict[tuple[Any, ...], Action]) -> Action:
    """action_from_dict, remembering actions already read (a 20,000-action replay has few
    distinct ones)."""
    key = None
    if isinstance(data, dict) and all(isinstance(v, int | str) for v in data.values()):
        key = tuple(sorted((k, type(v).__name__, v) for k, v in data.items()))
        hit = seen.get(key)
        if hit is not None:  # (its text was checked when it was first seen)
            return hit
    _check_text_in(data, "the action")
    action = action_from_dict(data)
    if key is not None:
        seen[key] = action
    return action


def _check_text_in(value: Any, what: str) -> None:
    """Every string in `value` (keys too) free of control characters, else ActionError."""
    if isinstance(value, str):
        problem = control_problem(value)
        if problem:
            raise ActionError(f"{what} {problem}")
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_text_in(k, f"{what} has a field name that")
            _check_text_in(v, f"{what}'s field {k!r}")
    elif isinstance(value, list | tuple):
        for v in value:
            _check_text_in(v, what)


# ----- decoding: every field checked, every failure a RecordError ---------------------------
_INT_MAX = 1 << 62


def _int(v: Any, what: str, lo: int = 0, hi: int = _INT_MAX) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise RecordError(f"{what} is not a whole number in range")
    return v


def _str(v: Any, what: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(v, str) or len(v) > limit:
        raise RecordError(f"{what} is not text (at most {limit} characters)")
    problem = control_problem(v)
    if problem:  # escape sequences must never reach a terminal that shows this file
        raise RecordError(f"{what} {problem}; a record's text may not hold control characters")
    return v


def _hex(v: Any, what: str) -> str:
    s = _str(v, what, 64)
    if not s or any(c not in "0123456789abcdef" for c in s):
        raise RecordError(f"{what} is not a hex digest")
    return s


def _list(v: Any, what: str) -> list[Any]:
    if not isinstance(v, list):
        raise RecordError(f"{what} is not a list")
    return v


def decode(data: bytes) -> Record:
    """Parse and check a record; anything wrong raises RecordError saying what."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RecordError("the file is not valid JSON (truncated or damaged?)") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise RecordError("the file is not a Traps & Treasure save or replay")
    version = doc.get("version")
    if type(version) is not int or version not in READ_VERSIONS:
        raise RecordError(f"the file has format version {version!r}; this game reads "
                          f"versions {', '.join(map(str, READ_VERSIONS))}")
    body = doc.get("body")
    if not isinstance(body, dict):
        raise RecordError("the file has no body")
    if doc.get("checksum") != checksum(body):
        raise RecordError("the checksum does not match: the file was damaged or edited")
    return _record(body, version)


def read_hash_version(raw: Any) -> int:
    """A version 3 file's `hash_version`: one of the state digests this game computes."""
    version = _int(raw, "hash_version", 1)
    if version not in DIGEST_VERSIONS:
        raise RecordError(f"its state hashes are of digest version {version}, which this "
                          f"game cannot check (it computes versions "
                          f"{', '.join(map(str, DIGEST_VERSIONS))}; was it made by a newer "
                          f"version of the game?)")
    return version


def _final(f: Any, version: int, n_actions: int) -> Final:
    keys = FINAL_V1 if version == 1 else FINAL_V2
    if not isinstance(f, dict) or set(f) != set(keys):
        raise RecordError(f"the final state summary is malformed (version {version} has "
                          f"{', '.join(keys)})")
    if not isinstance(f["over"], bool):
        raise RecordError("final.over is not true/false")
    final = Final(_int(f["actions"], "final.actions"), _int(f["round"], "final.round"),
                  _int(f["depth"], "final.depth"), f["over"],
                  _str(f["outcome"], "final.outcome", 40),
                  _hex(f["state_hash"], "final.state_hash"))
    if version > 1:
        final = Final(**{**final.__dict__, "deepest": _int(f["deepest"], "final.deepest"),
                         "kills": _int(f["kills"], "final.kills")})
    if final.actions != n_actions:
        raise RecordError(f"the file says {final.actions} actions but holds {n_actions}")
    return final


def _record(b: dict[str, Any], version: int = VERSION) -> Record:
    want = {"kind", "game_version", "content_digest", "seed", "party", "actions",
            "checkpoint_every", "checkpoints", "final", "score", "player", "saved_at",
            "options"} | ({"hash_version"} if version >= 3 else set())
    if set(b) != want:
        raise RecordError(f"the body has fields {sorted(b)}, expected {sorted(want)}")
    kind = _str(b["kind"], "kind")
    if kind not in KINDS:
        raise RecordError(f"kind {kind!r} is not one of {KINDS}")
    seed, party = read_seed(b["seed"]), read_party(b["party"], version)
    raw = _list(b["actions"], "actions")
    if len(raw) > MAX_ACTIONS:
        raise RecordError("too many actions")
    rounds, actions, prints = [], [], []
    seen: dict[tuple[Any, ...], Action] = {}  # most actions repeat; actions are immutable
    for i, item in enumerate(raw):
        # the usual entry is checked inline; the helpers (and their messages) only when
        # something looks wrong: naming every one of 20,000 actions cost more than the rest
        if type(item) is not list or len(item) != 3:
            item = _list(item, f"action {i}")
            if len(item) != 3:
                raise RecordError(f"action {i} is not [round, action, fingerprint]")
        round_, data, mark = item
        if type(round_) is not int or not 0 <= round_ <= _INT_MAX:
            round_ = _int(round_, f"action {i} round")
        rounds.append(round_)
        try:
            actions.append(cached_action(data, seen))
        except (ActionError, TypeError, ValueError) as err:
            raise RecordError(f"action {i}: {err}") from None
        if type(mark) is not int or not 0 <= mark <= 0xFFFF:
            mark = _int(mark, f"action {i} fingerprint", 0, 0xFFFF)
        prints.append(mark)
    every = _int(b["checkpoint_every"], "checkpoint_every", 1)
    checkpoints: dict[int, str] = {}
    for i, entry in enumerate(_list(b["checkpoints"], "checkpoints")):
        item = _list(entry, f"checkpoint {i}")
        if len(item) != 2:
            raise RecordError(f"checkpoint {i} is not [action count, hash]")
        checkpoints[_int(item[0], f"checkpoint {i}", 1, len(raw))] = _hex(item[1],
                                                                          f"checkpoint {i}")
    final = _final(b["final"], version, len(actions))
    # (versions 1 and 2 say nothing: their hashes are digest version 1's, today's then)
    hash_version = read_hash_version(b["hash_version"]) if version >= 3 else 1
    score = b["score"]
    if not isinstance(score, dict) or len(score) > 32:
        raise RecordError("score is not a table of parts")
    parts = {_str(k, "score part", 40): _int(v, f"score part {k}", -(1 << 40), 1 << 40)
             for k, v in score.items()}
    return Record(kind=kind, game_version=_str(b["game_version"], "game_version", 40),
                  content_digest=_str(b["content_digest"], "content_digest", 64), seed=seed,
                  party=party, rounds=tuple(rounds), actions=tuple(actions),
                  prints=tuple(prints), checkpoint_every=every, checkpoints=checkpoints,
                  final=final, score=parts, player=_str(b["player"], "player", 64),
                  saved_at=_str(b["saved_at"], "saved_at", 64), options=_options(b["options"]),
                  hash_version=hash_version)


def read_seed(raw: Any) -> str:
    seed = _str(raw, "seed")
    try:
        if normalise_seed(seed) != seed:
            raise RecordError(f"seed {seed!r} is not in normal form")
    except SeedError as err:
        raise RecordError(f"bad seed: {err}") from None
    return seed


def read_party(raw: Any, version: int = VERSION) -> tuple[tuple[str, ...], ...]:
    """The party: [role, class] entries, and since version 2 [role, class, name] for a
    delver the player named; names are checked as a new game checks them
    (engine/creatures/starting_party.py)."""
    sizes = (2,) if version == 1 else (2, 3)
    party = []
    for i, member in enumerate(_list(raw, "party")):
        entry = _list(member, f"party[{i}]")
        if len(entry) not in sizes:
            raise RecordError(f"party[{i}] is not [role, class]"
                              + ("" if version == 1 else " or [role, class, name]"))
        party.append(tuple(_str(v, f"party[{i}] {what}", 40)
                           for v, what in zip(entry, ("role", "class", "name"), strict=False)))
    if not 1 <= len(party) <= 8:
        raise RecordError("the party has no members (or far too many)")
    problem = party_problem(tuple(party))  # names: printable, short, no markup
    if problem:
        raise RecordError(f"bad party: {problem}")
    return tuple(party)


def read_text(raw: Any, what: str, limit: int = MAX_TEXT) -> str:
    """Checked text (no control characters) for a field of a file."""
    return _str(raw, what, limit)


def read_entry(item: Any, i: int, seen: dict[tuple[Any, ...], Action]
               ) -> tuple[int, Action, int]:
    """One [round, action, fingerprint] entry (a journal line), checked as decode does."""
    item = _list(item, f"action {i}")
    if len(item) != 3:
        raise RecordError(f"action {i} is not [round, action, fingerprint]")
    try:
        action = cached_action(item[1], seen)
    except (ActionError, TypeError, ValueError) as err:
        raise RecordError(f"action {i}: {err}") from None
    return (_int(item[0], f"action {i} round"), action,
            _int(item[2], f"action {i} fingerprint", 0, 0xFFFF))


def read_options(raw: Any) -> dict[str, str]:
    return _options(raw)


def _options(raw: Any) -> dict[str, str]:
    if not isinstance(raw, dict) or len(raw) > 16:
        raise RecordError("options is not a table")
    opts = {_str(k, "option", 40): _str(v, f"option {k}", 40) for k, v in raw.items()}
    try:
        GameOptions.from_dict(opts)
    except ValueError as err:
        raise RecordError(f"bad options: {err}") from None
    return opts
