"""Levels and stocking: a generated level stocked in order (stock.py: doors, traps,
monsters, then exploration's part in stock_explore.py) and the depths: the goal at the
bottom, leaving the dungeon and the score (depths.py).
"""
