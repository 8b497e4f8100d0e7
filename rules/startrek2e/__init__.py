"""Star Trek CCG Second Edition: the engine (rules) and its card package (cards/)."""
