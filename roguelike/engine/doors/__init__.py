"""Doors: the first-meeting lock roll, stuck doors, picking, breaking, locking and secret
doors (doorways.py; Traps & Treasure door rules).
"""
