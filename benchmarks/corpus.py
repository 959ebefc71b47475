"""The fixed corpus: recorded bot games that the engine's figure is measured on.

    python benchmarks/corpus.py regenerate   # rebuild benchmarks/corpus/ (only on purpose)
    python benchmarks/corpus.py check        # does every game still replay to its hashes?

The figures of benchmarks/resim.py re-simulate these files, so they measure the engine and
not what the bot does today: the bot's games change whenever it learns something, the
corpus only when someone regenerates it in a commit that says why (a rule change that alters
games makes tests/test_corpus.py fail until then).

`regenerate` plays the bot on the seeds corpus-0, corpus-1, ... and keeps the first victory
and the first other games, in seed order, until the corpus holds MIN_ACTIONS actions, fights,
rests, traps sprung, Pillagers met and a game that reaches MIN_DEEPEST. Each game is a
replay file in the project's own format (roguelike/records/codec.py), gzipped;
manifest.json names each file with its seed, actions, outcome and final state hash.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # (run as a script)
    sys.path.insert(0, str(ROOT))

from roguelike.bot.player import bot_game, play  # noqa: E402
from roguelike.core.events import Event  # noqa: E402
from roguelike.engine.base.action import Action  # noqa: E402
from roguelike.engine.game import Game  # noqa: E402
from roguelike.records.capture import capture  # noqa: E402
from roguelike.records.codec import Record, decode, encode  # noqa: E402
from roguelike.records.recorder import attach  # noqa: E402

CORPUS = Path(__file__).resolve().parent / "corpus"
MANIFEST = CORPUS / "manifest.json"
SEED_PREFIX = "corpus"
MIN_ACTIONS = 20_000
MIN_DEEPEST = 12
GAME_CAP = 50_000  # actions a game, as the balance report allows
MAX_SEEDS = 80  # a search that finds no victory in this many seeds stops and says so
# event kinds the corpus must hold at least one of, by what they stand for
MUST_HOLD = {"fights": "hit", "rests": "rest", "traps": "trap_trigger",
             "pillagers": "pillage", "victory": "victory"}


@dataclass
class Heard:
    """Every event kind a bot game brought, counted (bot.play's watch)."""

    kinds: Counter[str] = field(default_factory=Counter)

    def __call__(self, game: Game, action: Action, events: list[Event]) -> None:
        self.kinds.update(e.kind for e in events)


def record_game(seed: str) -> tuple[Record, dict[str, Any]]:
    """One bot game on `seed` recorded, and its manifest entry."""
    game = bot_game(seed)
    attach(game)
    heard = Heard()
    play(game, GAME_CAP, watch=heard)
    entry = {"seed": game.seed, "actions": game.actions_taken, "outcome": game.outcome,
             "deepest": game.deepest, "state_hash": game.state_hash(),
             "holds": {name: heard.kinds[kind] for name, kind in MUST_HOLD.items()}}
    # no saved_at (wall time): the same games give the same bytes, so an unchanged corpus
    # regenerates to no diff at all
    return replace(capture(game, "replay"), saved_at=""), entry


def _complete(entries: list[dict[str, Any]]) -> bool:
    held = {name: sum(e["holds"][name] for e in entries) for name in MUST_HOLD}
    return (sum(e["actions"] for e in entries) >= MIN_ACTIONS and all(held.values())
            and max((e["deepest"] for e in entries), default=0) >= MIN_DEEPEST)


def regenerate(out: Path = CORPUS, say: Any = print) -> list[dict[str, Any]]:
    """Play seeds in order until the kept games make a complete corpus; write it."""
    kept: list[tuple[Record, dict[str, Any]]] = []
    have_victory = False
    for i in range(MAX_SEEDS):
        record, entry = record_game(f"{SEED_PREFIX}-{i}")
        say(f"{entry['seed']}: {entry['outcome']}, depth {entry['deepest']}, "
            f"{entry['actions']} actions")
        victory = entry["outcome"] == "victory"
        enough = sum(e["actions"] for _r, e in kept) >= MIN_ACTIONS
        if (victory and not have_victory) or not enough:
            kept.append((record, entry))
            have_victory |= victory
        if have_victory and _complete([e for _r, e in kept]):
            break
    else:
        raise SystemExit(f"no complete corpus in {MAX_SEEDS} seeds: see the games above")
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.replay.json.gz"):
        old.unlink()
    entries = []
    for record, entry in kept:
        name = f"{entry['seed']}.replay.json.gz"
        (out / name).write_bytes(gzip.compress(encode(record), mtime=0))
        entries.append({"file": name, **entry})
    (out / "manifest.json").write_text(json.dumps(entries, indent=1) + "\n", encoding="utf-8")
    return entries


def manifest(corpus: Path = CORPUS) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((corpus / "manifest.json").read_text("utf-8"))
    return data


def load(entry: dict[str, Any], corpus: Path = CORPUS) -> Record:
    return decode(gzip.decompress((corpus / entry["file"]).read_bytes()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("regenerate", "check"))
    args = ap.parse_args(argv)
    if args.what == "regenerate":
        entries = regenerate()
        print(f"{len(entries)} games, {sum(e['actions'] for e in entries)} actions "
              f"written to {CORPUS}")
        return 0
    from roguelike.records.replay import verify_record

    ok = True
    for entry in manifest():
        result = verify_record(load(entry))
        good = result["verified"] and result["state_hash"] == entry["state_hash"]
        ok &= good
        print(f"{entry['file']}: {'replays' if good else 'DIFFERS: ' + str(result)}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
