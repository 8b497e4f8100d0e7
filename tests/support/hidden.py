"""Reading views and answers for hidden-information tests."""
from __future__ import annotations

from typing import Any


def strings(node: Any) -> list[str]:
    """Every string in a JSON value (keys excepted), at any depth: what a reader is told."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for v in node.values() for s in strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in strings(v)]
    return []


def numbers(node: Any) -> set[int]:
    """Every integer in a JSON value (booleans and keys excepted), at any depth: a deck of
    numbers nobody else has shows up here if any of it leaks."""
    if isinstance(node, bool):
        return set()
    if isinstance(node, int):
        return {node}
    if isinstance(node, dict):
        return set().union(set(), *(numbers(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(set(), *(numbers(v) for v in node))
    return set()
