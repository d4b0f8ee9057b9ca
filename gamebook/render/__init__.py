"""Laying a finished book out: Markdown, HTML, text, print, Twee, Mermaid, DOT, graph.json.

Every renderer reads the finished :class:`~gamebook.book.pages.Book` and nothing else: its
pages hold every sentence (narrated once, when the book was built), the decision point each
page shows (:mod:`gamebook.book.view`: the step, the attack, the chain links) and the events
of each choice. This room imports ``gamebook.book`` only, never the engine, the explorer or
the cards (``tests/test_architecture.py``). Graphviz and Jinja2 are imported only where a
format uses them.
"""
