"""Headless tools behind the command line: the bot sim and the level dump."""
