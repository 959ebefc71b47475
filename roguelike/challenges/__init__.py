"""Seed challenges: what a challenge is (model.py), where challenges, attempts, games and
the verification queue are kept (store.py: all the SQL, portable), the worker processes
that prove each game by re-simulating its replay (worker.py, verify_job.py), the boards
(board.py) and the public log of finished games (public_log.py); the command line's side
(client.py, commands.py) talks to a host's website.
"""
