"""Command line: validate a Babylon 5 CCG card CSV and write the project's JSON.

Why a separate module: ``python -m rules.babylon5.cards.importer`` must not be imported by
the package itself (the parsing lives in ``csv_format.py``). Usage::

    python -m rules.babylon5.cards.importer FILE.csv               # validate only
    python -m rules.babylon5.cards.importer FILE.csv --out F.json   # validate and write
    python -m rules.babylon5.cards.importer FILE.csv --check F.json # F.json == a fresh import?

Exit status 0 = valid, 1 = problems (each on its own line, ``FILE:LINE: column ...: ...``,
on stderr), 2 = the file cannot be read.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import check_pool
from .csv_format import CardImportError, dump_cards, parse_csv


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.babylon5.cards.importer",
                                     description="Validate a Babylon 5 CCG card CSV and write the project's JSON.")
    parser.add_argument("csv_file", type=Path)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--out", type=Path, help="write the cards as JSON here")
    group.add_argument("--check", type=Path, help="fail unless this JSON file equals a fresh import")
    args = parser.parse_args(argv)
    try:
        text = args.csv_file.read_text(encoding="utf-8-sig")
    except OSError as exc:
        print(f"{args.csv_file}: cannot read: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        cards = parse_csv(text, args.csv_file.name)
        check_pool(cards, args.csv_file.name)
    except CardImportError as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        print(f"{len(exc.errors)} problem(s); nothing written", file=sys.stderr)
        return 1
    dumped = dump_cards(cards, args.csv_file.name)
    if args.check:
        if not args.check.is_file() or args.check.read_text(encoding="utf-8") != dumped:
            print(f"{args.check} differs from a fresh import of {args.csv_file}", file=sys.stderr)
            return 1
    elif args.out:
        args.out.write_text(dumped, encoding="utf-8")
    print(f"{args.csv_file}: {len(cards)} cards OK" + (f", written to {args.out}" if args.out else ""))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
