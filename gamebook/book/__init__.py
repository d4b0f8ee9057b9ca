"""Turning an exploration into a book: page numbering, narration, templates, diagrams, JSON.

Nothing here changes the game: pages are built once from the engine's answers (a page model),
and the Markdown, HTML and text templates, the Graphviz diagram and graph.json only lay that
model out.
"""
