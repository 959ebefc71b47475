"""SSH-hosted play: accounts, a lobby, one game process per session, watching, reattach.

The host is an asyncssh server. It never runs game code itself: every lobby and every game
is a child process on its own PTY, and the host only moves bytes, keeps a pyte copy of each
game's screen for watchers and writes the asciicast recording.
"""
