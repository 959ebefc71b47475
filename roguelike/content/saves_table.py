"""The Classic saving-throw tables (content/tables/saves.toml), ready to look up."""

from __future__ import annotations

from pathlib import Path

from roguelike.content.data_files import entries, read_toml
from roguelike.content.models import SaveBand, SaveCategory, SaveClassMap
from roguelike.content.schema import ContentError
from roguelike.core.lean_dataclass import dataclass


@dataclass(frozen=True)
class SaveTables:
    categories: dict[str, SaveCategory]
    class_map: dict[str, str]
    bands: list[SaveBand]

    def target(self, seed_class: str, level: int, category: str) -> int:
        if category not in self.categories:
            raise KeyError(f"unknown save category {category!r}")
        rows = [b for b in self.bands if b.seed_class == seed_class]
        if not rows:
            raise KeyError(f"no save table for {seed_class!r}")
        for band in rows:
            if band.level_min <= level <= band.level_max:
                return int(getattr(band, category))
        top = max(rows, key=lambda b: b.level_max)
        if level > top.level_max and top.open_ended:
            return int(getattr(top, category))
        low = min(rows, key=lambda b: b.level_min)
        return int(getattr(low if level < low.level_min else top, category))


def load_save_tables(root: Path) -> SaveTables:
    file = "tables/saves.toml"
    data = read_toml(root / file, root)
    cats = {c.id: c for c in entries(SaveCategory, data, "category", file)}
    cmap = {m.game_class: m.seed_class
            for m in entries(SaveClassMap, data, "class_map", file, unique=False)
            if m.game_class}
    bands = entries(SaveBand, data, "band", file, unique=False)
    known = {b.seed_class for b in bands}
    for game_class, seed_class in cmap.items():
        if seed_class not in known:
            raise ContentError(file, game_class, "seed_class", f"no bands for {seed_class!r}")
    return SaveTables(cats, cmap, bands)
