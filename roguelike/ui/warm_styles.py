"""The parsed styles of the zygote's warm-up game, handed to the first game a child makes.

Textual parses every style source (each widget's DEFAULT_CSS, each screen's) afresh for
each new app, and again in full whenever a screen brings a source it has not seen: about
a tenth of a forked game's CPU before its first screen (issue 30). The warm-up game
(roguelike/ui/warm_up.py) has parsed them all, so its stylesheet is kept, and the next
app of the same class takes it whole (App.stylesheet, Textual's public attribute) instead
of building its own: in the host's zygote, that app is the forked child's game.

A stylesheet belongs to one app at a time: it is given once, then forgotten, and only to
an app whose style variables (its theme) are the warm-up's, since the parsed rules hold
the values of those variables.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.app import App
from textual.css.stylesheet import Stylesheet


@dataclass
class KeptStyles:
    """At most one stylesheet, by the class of app that parsed it."""

    held: dict[type[App[Any]], tuple[Stylesheet, dict[str, str]]] = field(
        default_factory=dict)

    def keep(self, app: App[Any]) -> None:
        """Keep the stylesheet of an app that has finished running (the warm-up's)."""
        self.held = {type(app): (app.stylesheet, app.get_css_variables())}

    def give(self, app: App[Any]) -> bool:
        """Hand the kept stylesheet to a new app of the same class and theme, once;
        True if it took it (else it keeps the empty one Textual made for it)."""
        kept = self.held.pop(type(app), None)
        if kept is None or kept[1] != app.get_css_variables():
            return False
        app.stylesheet = kept[0]
        return True


# (a cache of parsed styles, one per process: filled by the warm-up before the zygote
# forks, taken by the first game in each child; no game state lives here)
KEPT = KeptStyles()
