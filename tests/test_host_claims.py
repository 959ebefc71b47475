"""One game per account across hosts (roguelike/host/claims.py) on a real PostgreSQL
server: the claim is one statement, a dead host's claim is taken once stale, a host asks
another for a game, and each host sees the others' live games."""

from __future__ import annotations

import threading

from roguelike.host.claims import STALE, Claims
from roguelike.storage.database import open_database

pytest_plugins = ("pg_server",)


def test_one_claim_per_account_across_hosts(pg_url):
    now = [1000.0]
    db = open_database(pg_url)
    a, b = (Claims(db, name, clock=lambda: now[0]) for name in ("a", "b"))
    assert a.take(7, "ann") == ""  # ours
    assert a.take(7, "ann") == ""  # (again: still ours)
    assert b.take(7, "ann") == "a" and b.holder(7) == "a" and a.holder(7) == ""
    a.beat([(7, "amber-wolf-17", 3, True)])
    [seen] = b.elsewhere()
    assert (seen.account, seen.host, seen.player, seen.seed, seen.depth, seen.watchable) \
        == (7, "a", "ann", "amber-wolf-17", 3, True)
    assert a.elsewhere() == []
    # b asks for it: a is told at its next stamp, ends the game and lets go
    b.want(7)
    assert a.beat([(7, "amber-wolf-17", 3, True)]) == [7]
    a.release(7)
    assert b.take(7, "ann") == "" and a.take(7, "ann") == "b"
    # b dies: its stamp ages; once stale the claim is a's for the taking, and gone from
    # the live list
    now[0] += STALE + 1
    assert a.elsewhere() == [] and a.holder(7) == ""
    assert a.take(7, "ann") == ""
    # a host started again drops the stale rows of games it no longer runs
    assert a.take(8, "bob") == ""
    now[0] += STALE + 1
    a.beat([])
    with db.read() as conn:
        assert db.q(conn, "SELECT COUNT(*) FROM live_games").fetchone()[0] == 0
    # a host shut down lets go of all its games at once
    assert a.take(9, "cy") == "" and b.take(10, "di") == ""
    a.release_all()
    assert b.take(9, "cy") == "" and a.take(10, "di") == "b"


def test_two_hosts_claiming_at_once_get_one_game(pg_url):
    db = open_database(pg_url)
    hosts = [Claims(db, f"h{n}") for n in range(6)]
    won: list[str] = []
    lock = threading.Lock()
    gate = threading.Barrier(len(hosts))

    def claim(c: Claims) -> None:
        gate.wait()
        if c.take(42, "cat") == "":
            with lock:
                won.append(c.host)

    threads = [threading.Thread(target=claim, args=(c,)) for c in hosts]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(won) == 1
