"""The base every other layer stands on; it imports nothing else of the game.

The entity store (`ecs`), the named random streams (`rng`), dice (`dice`), the events the
engine tells its watchers (`events`) and the plain component dataclasses (`components`,
`explore_components`). World, content and the engine's rules all build on these.
"""
