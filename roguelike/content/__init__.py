"""Content: the schemas and loader of the data files in `content/` (loader.py reads them
all; each table's schema and checks live in its own module)."""
