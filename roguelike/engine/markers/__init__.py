"""Markers: Traps & Treasure event markers, one per room, a free Wits check when a character
comes near, and what the marker holds (event_markers.py).
"""
