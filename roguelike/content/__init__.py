"""Content: the schemas and loader of the data files in `content/`."""

from roguelike.content.loader import Content, default_content, load_content
from roguelike.content.schema import ContentError

__all__ = ["Content", "ContentError", "default_content", "load_content"]
