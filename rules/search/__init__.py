"""Full-text search over the rules corpus and the example library.

Words in any order, stemmed by the database (SQLite FTS5's porter tokenizer, PostgreSQL's
``english`` configuration), with the synonyms players use; ranked, and the matched words marked.
"""

from rules.search.engine import Hit, search

__all__ = ["Hit", "search"]
