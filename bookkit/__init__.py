"""Shared code of the book, in layers: exec/ (the engine), mkdocs/ (the plugin and checks),
pytest/ (snippet tests), tools/ (what scripts/ runs), and the page helpers snippets import."""
