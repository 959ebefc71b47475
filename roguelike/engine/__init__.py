"""The headless, deterministic game engine. Nothing here imports the UI."""
