"""Where a host keeps what outlives its processes: SQLite files by default (nothing to
install), or one PostgreSQL database that several hosts share (`--db postgresql://...`).

One code path for both: every query is written once with `?` parameters (database.py
turns them into psycopg's `%s`), and what the two spell differently (an auto-numbered
key, a floating-point column, how a write transaction starts, a queue's row lock) is the
Dialect. Schemas grow by numbered migrations (migrations.py).
"""
