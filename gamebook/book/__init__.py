"""Turning an exploration into a book, built once: views, narration, page numbering, article.

Nothing here changes the game: the engine's answers are read once per decision point into
typed views (:mod:`gamebook.book.view`), and the pages are built once from them (a page
model that holds every sentence). The renderers of :mod:`gamebook.render` (Markdown, HTML,
text, Twee, Mermaid, the Graphviz diagrams, graph.json) only lay that model out.
"""
