"""The golden seed catalog: a compact summary of depths 1-12 for 20 seeds.

    python -m roguelike.tools.golden            # compare with tests/golden/catalog.json
    python -m roguelike.tools.golden --update   # regenerate it (say why in the commit)

Each level is summarised from `tools.dump.level_json`, so anything a branch adds to the
level dump (traps, markers, treasure) lands in the catalog without touching this file:
the tile grid is hashed, things on the map are listed as "kind name x,y" (ids left out,
since they depend on creation order), and every other field is hashed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from roguelike.core.ecs import EntityStore
from roguelike.tools.dump import describe, level_json
from roguelike.world.level import Level

SEEDS = (
    "clever-grey-skull-15", "bitter-bronze-toad-22", "rapid-brown-hound-33",
    "fierce-opal-ring-99", "dark-cobalt-spider-74", "silent-wine-owl-13",
    "young-brass-vulture-2", "calm-ruby-dagger-19", "crooked-amber-axe-25",
    "hungry-rust-crow-90", "lone-frost-hare-75", "lone-copper-spider-48", "keen-hazel-helm-6",
    "ancient-granite-rat-14", "sleepy-jade-toad-81", "cold-gilded-eagle-1",
    "empty-shadow-yak-33", "gentle-green-viper-2", "hungry-tawny-golem-73",
    "stormy-umber-ferret-83",
)
DEPTHS = range(1, 13)
CATALOG = Path(__file__).resolve().parents[2] / "tests" / "golden" / "catalog.json"


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _entity(ent: dict[str, Any]) -> str:
    extra = [f"{k}={ent[k]}" for k in sorted(ent) if k not in ("id", "kind", "name", "x", "y")]
    return " ".join([ent.get("kind", "?"), str(ent.get("name", "")).replace(" ", "_"),
                     f"{ent.get('x')},{ent.get('y')}", *extra])


def _without_ids(value: Any) -> Any:
    """Entity ids depend on the order levels were made in, never on the level itself."""
    if isinstance(value, dict):
        return {k: _without_ids(v) for k, v in value.items() if k != "id"}
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def summarise(dump: dict[str, Any]) -> dict[str, Any]:
    """A level dump made compact and free of entity ids."""
    ents = [e for e in dump.get("entities", []) if e.get("kind") != "door"]
    rest = _without_ids({k: v for k, v in dump.items()
                         if k not in ("seed", "depth", "tiles", "entities")})
    return {
        "tiles": _digest(dump.get("tiles")),
        "layout": _digest(rest),
        "doors": sum(1 for e in dump.get("entities", []) if e.get("kind") == "door"),
        "things": [_entity(e) for e in ents],
    }


def level_summary(seed: str, level: Level, store: EntityStore) -> dict[str, Any]:
    """The summary of a level inside a running game (for same-dungeon-any-route tests)."""
    return summarise(describe(seed, level, store))


def build_catalog(seeds: Sequence[str] = SEEDS, depths: Sequence[int] = DEPTHS
                  ) -> dict[str, Any]:
    return {seed: {str(d): summarise(level_json(seed, d)) for d in depths} for seed in seeds}


def differences(old: dict[str, Any], new: dict[str, Any], limit: int = 10) -> list[str]:
    out = []
    for seed in sorted(set(old) | set(new)):
        a, b = old.get(seed, {}), new.get(seed, {})
        for depth in sorted(set(a) | set(b), key=int):
            if a.get(depth) != b.get(depth):
                fields = sorted(k for k in set(a.get(depth, {})) | set(b.get(depth, {}))
                                if a.get(depth, {}).get(k) != b.get(depth, {}).get(k))
                out.append(f"{seed} depth {depth}: {', '.join(fields) or 'missing'} changed")
    return out[:limit] + ([f"... and {len(out) - limit} more"] if len(out) > limit else [])


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m roguelike.tools.golden")
    p.add_argument("--update", action="store_true", help="rewrite the checked-in catalog")
    p.add_argument("--path", type=Path, default=CATALOG)
    args = p.parse_args(argv)
    new = build_catalog()
    if args.update:
        args.path.parent.mkdir(parents=True, exist_ok=True)
        args.path.write_text(json.dumps(new, indent=1, sort_keys=True) + "\n")
        print(f"wrote {args.path}")
        return 0
    old = json.loads(args.path.read_text()) if args.path.is_file() else {}
    diff = differences(old, new)
    print("\n".join(diff) if diff else "golden catalog matches")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
