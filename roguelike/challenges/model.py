"""What a challenge is: a seed, the game it is played with, a party rule, a window and an
attempt rule, under a short code; and the daily and weekly challenges a host makes itself.

Times are UTC, to the second, written `2026-11-30T00:00:00Z` wherever they are stored or
sent (that text sorts as the times do, in any database).
"""

from __future__ import annotations

import argparse
import re
import secrets
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

from roguelike import __version__
from roguelike.argtypes import party as party_arg
from roguelike.content.loader import default_content
from roguelike.engine.seeds import SeedError, daily_seed, normalise_seed, random_seed
from roguelike.records.text import control_problem

KINDS = ("daily", "weekly", "custom")
ATTEMPT_RULES = {"one": "one ranked attempt", "best": "best of many attempts"}
ROLES = ("leader", "mercenary", "apprentice")
TITLE_MAX = 60
LONGEST = timedelta(days=31)  # a custom challenge's window, at most
CODE_LETTERS = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/i/l: read aloud, typed back
CODE_LENGTH = 6
_CODE = re.compile(r"^[a-z0-9][a-z0-9-]{2,23}$")
STAMP = "%Y-%m-%dT%H:%M:%SZ"


def engine_key(game_version: str, content_digest: str) -> str:
    """What a replay needs to be proved: the game version and content it was made with."""
    return f"{game_version}+{content_digest}"


def this_engine() -> str:
    """The game version and content this process plays and proves games with."""
    return engine_key(__version__, default_content().digest)


class ChallengeError(ValueError):
    """A challenge that cannot be made as asked; the message is for the player."""


def utc_now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def iso(when: datetime) -> str:
    return when.astimezone(UTC).strftime(STAMP)


def parse_iso(text: str) -> datetime:
    return datetime.strptime(text, STAMP).replace(tzinfo=UTC)


def code_ok(code: str) -> bool:
    """A well-formed code (anything else is not looked up at all)."""
    return bool(_CODE.match(code))


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


Party = tuple[str, str, str]  # the classes of the Leader, the Mercenary and the Apprentice


@dataclass(frozen=True)
class Challenge:
    code: str
    kind: str
    title: str
    seed: str
    game_version: str
    content_digest: str
    party: Party | None  # None: any party
    opens: datetime
    closes: datetime
    attempts: str  # "one" or "best" (ATTEMPT_RULES)
    hidden: bool  # the seed is told only to a player whose attempt has started
    created_at: datetime
    created_by: int | None = None  # the account that made it; None: the host
    id: int = 0

    def is_open(self, now: datetime) -> bool:
        return self.opens <= now < self.closes

    def seed_public(self, now: datetime) -> bool:
        """May anyone see the seed? (A hidden seed is public once the window closes.)"""
        return not self.hidden or now >= self.closes

    @property
    def party_text(self) -> str:
        return ",".join(self.party) if self.party else ""

    def party_words(self) -> str:
        return "any party" if self.party is None else ", ".join(self.party)

    def rule_words(self) -> str:
        return ATTEMPT_RULES[self.attempts]

    def party_problem(self, party: tuple[tuple[str, ...], ...]) -> str | None:
        """Why a game's party breaks this challenge's party rule (names may be anything)."""
        if self.party is None:
            return None
        classes = {m[0]: m[1] for m in party if len(m) >= 2}
        played = tuple(classes.get(role, "?") for role in ROLES)
        if played != self.party or len(party) != len(ROLES):
            return (f"this challenge is played with the party {', '.join(self.party)}; "
                    f"the game's party is {', '.join(played)}")
        return None

    def version_problem(self, game_version: str, content_digest: str) -> str | None:
        """Why a game made with this version and content cannot count here, or None."""
        if (game_version, content_digest) == (self.game_version, self.content_digest):
            return None
        return (f"this challenge is played with game version {self.game_version} and "
                f"content {self.content_digest}; the game was made with version "
                f"{game_version} and content {content_digest}")

    def public(self, now: datetime, seed_known: bool = False) -> dict[str, Any]:
        """The challenge as anyone may see it: the seed only when it is public (or
        `seed_known`, for a viewer whose attempt has started)."""
        show = seed_known or self.seed_public(now)
        return {"code": self.code, "kind": self.kind, "title": self.title,
                "seed": self.seed if show else None, "hidden": self.hidden,
                "game_version": self.game_version, "content_digest": self.content_digest,
                "party": list(self.party) if self.party else None,
                "opens": iso(self.opens), "closes": iso(self.closes),
                "attempts": self.attempts, "open": self.is_open(now)}


# ----- the host's own challenges ----------------------------------------------------------
def daily_code(day: date) -> str:
    return f"day-{day.isoformat()}"


def weekly_code(monday: date) -> str:
    year, week, _ = monday.isocalendar()
    return f"week-{year}-{week:02d}"


def daily(day: date, game_version: str, content_digest: str, now: datetime) -> Challenge:
    """The day's challenge: today's seed (the one `roguelike daily` plays, so not
    hidden), one ranked attempt, any party, for that UTC day."""
    opens = datetime(day.year, day.month, day.day, tzinfo=UTC)
    return Challenge(code=daily_code(day), kind="daily", title=f"Daily {day.isoformat()}",
                     seed=daily_seed(day), game_version=game_version,
                     content_digest=content_digest, party=None, opens=opens,
                     closes=opens + timedelta(days=1), attempts="one", hidden=False,
                     created_at=now)


def weekly(day: date, game_version: str, content_digest: str, now: datetime) -> Challenge:
    """The week's challenge (Monday to Monday, UTC): a fresh secret seed, hidden until a
    player's attempt starts, one ranked attempt, any party."""
    monday = day - timedelta(days=day.weekday())
    opens = datetime(monday.year, monday.month, monday.day, tzinfo=UTC)
    year, week, _ = monday.isocalendar()
    return Challenge(code=weekly_code(monday), kind="weekly",
                     title=f"Week {week} of {year}", seed=random_seed(secrets.randbits(64)),
                     game_version=game_version, content_digest=content_digest, party=None,
                     opens=opens, closes=opens + timedelta(days=7), attempts="one",
                     hidden=True, created_at=now)


# ----- a player's own challenge -----------------------------------------------------------
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def parse_closes(text: str, now: datetime) -> datetime:
    """When a custom challenge closes: '3d' (days) or '12h' from now, a weekday ('sunday':
    the end of the coming Sunday), a date (the end of that day) or 'YYYY-MM-DD HH:MM',
    all UTC."""
    t = text.strip().lower()
    m = re.fullmatch(r"(\d{1,3})\s*([dh]?)", t)
    if m:
        n = int(m.group(1))
        return now + (timedelta(hours=n) if m.group(2) == "h" else timedelta(days=n))
    if t in WEEKDAYS:
        ahead = (WEEKDAYS.index(t) - now.weekday()) % 7
        end = now.date() + timedelta(days=ahead + 1)
        return datetime(end.year, end.month, end.day, tzinfo=UTC)
    for fmt, end_of_day in (("%Y-%m-%d", True), ("%Y-%m-%d %H:%M", False),
                            ("%Y-%m-%dt%H:%M", False)):
        try:
            when = datetime.strptime(t, fmt).replace(tzinfo=UTC)
        except ValueError:
            continue
        return when + timedelta(days=1) if end_of_day else when
    raise ChallengeError(f"{text!r} is not a closing time: write a number of days ('3d') "
                         "or hours ('12h'), a weekday ('sunday'), or a date ('2026-12-06', "
                         "'2026-12-06 18:00'), UTC")


def parse_party_rule(text: str) -> Party | None:
    """'' or 'any': any party; else three classes, Leader's first ('warrior,rogue,mage')."""
    t = text.strip().lower()
    if t in ("", "any"):
        return None
    try:
        pairs = party_arg(t)
    except argparse.ArgumentTypeError as err:
        raise ChallengeError(f"party {text!r}: {err}") from None
    return (pairs[0][1], pairs[1][1], pairs[2][1])


def custom(*, seed: str, title: str, party: str, closes: str, attempts: str, hidden: bool,
           game_version: str, content_digest: str, now: datetime,
           created_by: int | None) -> Challenge:
    """A player's challenge from what they typed (a blank seed: a fresh secret one); every
    problem is a ChallengeError saying what to change. Its code is made when it is
    stored (store.add_challenge)."""
    if seed.strip():
        try:
            seed = normalise_seed(seed)
        except SeedError as err:
            raise ChallengeError(str(err)) from None
    else:
        seed = random_seed(secrets.randbits(64))
    title = " ".join(title.split())
    problem = control_problem(title)
    if problem or len(title) > TITLE_MAX or any(c in title for c in "[]\\"):
        raise ChallengeError(f"a title is at most {TITLE_MAX} characters of plain text "
                             "(no [, ] or \\)")
    if attempts not in ATTEMPT_RULES:
        raise ChallengeError(f"attempts: {' or '.join(ATTEMPT_RULES)}")
    ends = parse_closes(closes, now)
    if ends <= now:
        raise ChallengeError("the challenge would close before it opens")
    if ends - now > LONGEST:
        raise ChallengeError(f"a challenge lasts at most {LONGEST.days} days")
    return Challenge(code="", kind="custom", title=title or f"Seed challenge until {iso(ends)}",
                     seed=seed, game_version=game_version, content_digest=content_digest,
                     party=parse_party_rule(party), opens=now, closes=ends,
                     attempts=attempts, hidden=hidden, created_at=now, created_by=created_by)


def with_code(challenge: Challenge, code: str) -> Challenge:
    return replace(challenge, code=code)
