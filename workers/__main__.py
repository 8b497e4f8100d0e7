"""``python -m workers work|sweep|clock``: the fold worker and the lag sweep without the full CLI
(what the systemd units run; ``subspace worker`` is the same ``run_worker``)."""
from __future__ import annotations

import argparse
import os
import sys

from store.connection import connect

from .enqueue import QUEUE
from .expiry import expire_unstarted, remove_orphaned_notes, unstarted_hours_setting
from .run import run_worker
from .sweep import sweep as sweep_matches


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m workers", description=__doc__)
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL"), help="default: $REDIS_URL")
    sub = parser.add_subparsers(dest="command", required=True)
    work = sub.add_parser("work", help="run a fold worker")
    work.add_argument("--burst", action="store_true", help="exit when the queue is empty")
    work.add_argument("--queue", action="append", help=f"queue(s) to work (default: {QUEUE})")
    sweep = sub.add_parser("sweep", help="re-enqueue folds for lagging matches, then exit")
    sweep.add_argument("--full", action="store_true", help="check every match, not only the lagging hints")
    sweep.add_argument("--unstarted-hours", type=float, default=unstarted_hours_setting(),
                       help="expire matches with no event created this long ago (0: never; default $SUBSPACE_UNSTARTED_HOURS or 72)")
    clock = sub.add_parser("clock", help="run the clock job (deadlines, timeouts, reminders)")
    clock.add_argument("--interval", type=float, default=5.0, help="longest sleep between passes (s)")
    args = parser.parse_args(argv)
    if not args.redis_url:
        parser.error("set REDIS_URL or pass --redis-url")
    if args.command == "work":
        run_worker(args.redis_url, queues=tuple(args.queue or (QUEUE,)), burst=args.burst)
        return 0
    if args.command == "clock":
        from store.plugins import load_extra_games

        from .clock import run_clock

        load_extra_games()
        run_clock(connect(args.redis_url), interval=args.interval)
        return 0
    conn = connect(args.redis_url)
    report = sweep_matches(conn, full=args.full)
    print(report.summary())
    expired = expire_unstarted(conn, args.unstarted_hours)
    print(f"{len(expired)} unstarted match(es) older than {args.unstarted_hours:g} h expired")
    if args.full:
        print(f"{len(remove_orphaned_notes(conn))} orphaned annotation stream(s) removed")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
