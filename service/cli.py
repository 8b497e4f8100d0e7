"""The ``subspace`` command: serve the API, run fold workers, sweep, list games.

Every command finds Redis the same way: ``--redis-url`` (or ``REDIS_URL``) if given, else
the embedded Redis whose data lives in ``--data-dir`` (or ``SUBSPACE_DATA_DIR``, default
``./var/redis``). A command that finds the embedded server already running (``serve``
started it) attaches to it; one that had to start it stops it when it exits.
"""
from __future__ import annotations

import json
import signal
import sys
from contextlib import contextmanager
from typing import Iterator

import click

from .settings import DEFAULT_DATA_DIR

_REDIS_URL = click.option(
    "--redis-url", envvar="REDIS_URL", default=None, metavar="URL",
    help="Redis to use (env REDIS_URL), e.g. redis://localhost:6379/0. Default: the embedded Redis.",
)
_DATA_DIR = click.option(
    "--data-dir", envvar="SUBSPACE_DATA_DIR", default=DEFAULT_DATA_DIR, show_default=True, metavar="DIR",
    type=click.Path(file_okay=False),
    help="Folder of the embedded Redis's data (AOF) when no Redis URL is given (env SUBSPACE_DATA_DIR).",
)


@contextmanager
def _redis(redis_url: str | None, data_dir: str) -> Iterator[str]:
    """The URL to use; starts (or attaches to) the embedded server when none is given."""
    if redis_url:
        yield redis_url
        return
    from store.embedded import start_embedded

    server = start_embedded(data_dir)
    try:
        yield server.url
    finally:
        server.stop()  # a no-op when we only attached to a running server


def version_text() -> tuple[str, bool]:
    """``subspace <version>`` and one line per engine (``stargate engine <version>``), and
    whether an engine is missing: a bug report names both, and a broken install shows here
    (``not installed``, exit status 1) before a player meets it."""
    from importlib import metadata

    import rules
    from replays.pinning import engine_versions

    try:
        lines = [f"subspace {metadata.version('subspace')}"]
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        lines = ["subspace (not installed)"]
    missing = False
    for game_id in rules.available():
        try:
            versions = engine_versions(rules.get_game(game_id))
            lines.append(f"{game_id} engine {versions['engine_version']} cards {versions['card_data_version']}")
        except ImportError as error:
            missing = True
            lines.append(f"{game_id} engine not installed ({error})")
    return "\n".join(lines), missing


def _print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from store.plugins import load_extra_games

    load_extra_games()
    text, missing = version_text()
    click.echo(text)
    ctx.exit(1 if missing else 0)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
    help="Print the version of Subspace and of each game engine, then exit.",
)
def main() -> None:
    """Subspace: event-sourced match service for out-of-print sci-fi card games.

    Quick start: `subspace serve`, then open http://127.0.0.1:8000/openapi.json.
    Without REDIS_URL everything runs on an embedded Redis under ./var/redis.
    """


def _exit_on_sigterm(signum: int, frame: object) -> None:
    raise SystemExit(0)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on (0.0.0.0 for all).")
@click.option("--port", default=8000, show_default=True, type=int, help="TCP port of the API.")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 64), envvar="SUBSPACE_WEB_WORKERS",
              help="gunicorn worker processes (each an event loop serving many requests, waits and streams).")
@_DATA_DIR
@_REDIS_URL
@click.option(
    "--fold-mode", type=click.Choice(["inline", "rq"]), envvar="SUBSPACE_FOLD_MODE", default=None,
    help="inline: fold each match right after an append, in the API process (default with the embedded "
    "Redis: no worker needed). rq: enqueue fold jobs for `subspace worker` (default with REDIS_URL).",
)
def serve(host: str, port: int, workers: int, data_dir: str, redis_url: str | None, fold_mode: str | None) -> None:
    """Run the HTTP API: gunicorn with gevent workers, the same server model as production
    (ops/gunicorn.conf.py), so long polls and streams cost no thread each.

    Without a Redis URL this process starts the embedded Redis, hands it to every worker
    and stops it on exit (SIGTERM, Ctrl-C). With --fold-mode rq run `subspace worker` too.
    """
    from .server import run

    settings: dict[str, object] = {"SUBSPACE_DATA_DIR": data_dir}
    if fold_mode:
        settings["SUBSPACE_FOLD_MODE"] = fold_mode
    with _redis(redis_url, data_dir) as url:
        settings["REDIS_URL"] = url
        if not redis_url:
            settings.setdefault("SUBSPACE_FOLD_MODE", "inline")  # nobody runs a worker for it
        if settings.get("SUBSPACE_FOLD_MODE") == "inline":  # no worker processes: the server's player runs here
            _start_bot_thread(url)
            _start_clock_thread(url)  # and the clock job: deadlines pass with nobody running `subspace clock`
        where = url if redis_url else f"embedded Redis in {data_dir}"
        click.echo(f"Subspace API on http://{host}:{port}/  (OpenAPI: http://{host}:{port}/openapi.json)")
        click.echo(f"Redis: {where}; fold mode: {settings.get('SUBSPACE_FOLD_MODE') or 'rq'}; workers: {workers} (gevent)")
        # SIGTERM (systemd, kill): gunicorn's master stops its workers and exits through
        # SystemExit, so the embedded Redis is shut down by _redis on the way out.
        try:
            run(settings, bind=f"{host}:{port}", workers=workers)
        except SystemExit as stop:
            if stop.code not in (0, None):
                raise


def _start_bot_thread(url: str) -> None:
    """The server's player in the serving process when it folds inline (no worker processes;
    ``subspace bots`` does it in production). A daemon thread: it ends with the process."""
    import threading

    from store.connection import connect
    from workers.bots import run_forever

    from .notifications import notify_your_turn

    threading.Thread(target=run_forever, args=(connect(url), lambda: False),
                     kwargs={"on_appended": notify_your_turn}, name="bots", daemon=True).start()


def _start_clock_thread(url: str) -> None:
    """The clock job beside the dev server (``subspace clock`` does it in production)."""
    import threading

    from store.connection import connect
    from workers.clock import run_clock

    from .notifications import notify_your_turn

    threading.Thread(target=run_clock, args=(connect(url),), kwargs={"on_appended": notify_your_turn},
                     name="clock", daemon=True).start()


@main.command()
@_REDIS_URL
@_DATA_DIR
@click.option("--once", is_flag=True, help="Play the bot turns due now, then exit (instead of looping).")
def bots(redis_url: str | None, data_dir: str, once: bool) -> None:
    """Run the server's player: seats created with {"bot": {"pace_seconds": N}} act here.

    Safe to run several (each turn is claimed by one) and to kill at any moment (a turn not
    played stays due, or is scheduled again by the match's next read or post).
    """
    from store.connection import connect
    from workers.bots import run_due, run_forever

    from .notifications import notify_your_turn

    stopping = {"now": False}
    signal.signal(signal.SIGTERM, lambda signum, frame: stopping.update(now=True))
    with _redis(redis_url, data_dir) as url:
        conn = connect(url)
        try:
            if once:
                click.echo(json.dumps({"played": run_due(conn, on_appended=notify_your_turn)}))
            else:
                click.echo("playing the server's seats")
                run_forever(conn, lambda: stopping["now"], on_appended=notify_your_turn)
        finally:
            conn.close()


@main.command()
@_REDIS_URL
@_DATA_DIR
@click.option("--queue", "queues", multiple=True, default=("fold",), show_default=True, help="Queue(s) to work (repeatable).")
@click.option("--burst", is_flag=True, help="Exit once the queues are empty instead of waiting for jobs.")
def worker(redis_url: str | None, data_dir: str, queues: tuple[str, ...], burst: bool) -> None:
    """Run an RQ fold worker: folds appended events into each match's projection.

    Needed when the API runs with --fold-mode rq (the default with REDIS_URL). Safe to run
    several; killing one loses nothing (`subspace sweep` re-enqueues what it left behind).
    """
    from workers import run_worker

    with _redis(redis_url, data_dir) as url:
        run_worker(url, queues=queues, burst=burst)


@main.command()
@_REDIS_URL
@_DATA_DIR
@click.option("--full", is_flag=True, help="Check every match, not only those flagged as lagging (slower).")
@click.option("--unstarted-hours", type=click.FloatRange(min=0), envvar="SUBSPACE_UNSTARTED_HOURS", default=72.0,
              show_default=True, help="Expire matches created this long ago that have no event yet (0: never).")
def sweep(redis_url: str | None, data_dir: str, full: bool, unstarted_hours: float) -> None:
    """Re-enqueue fold jobs for matches whose projection is behind their event log; expire
    challenges nobody answered in time and start filled ones whose start was interrupted;
    record the results of finished tournament matches and the game losses of a passed
    round deadline; expire abandoned unstarted matches (no event since they were created);
    with --full, also archive finished matches that are not archived yet.

    Run it periodically (e.g. every minute from a timer) next to the workers.
    """
    from store.connection import connect
    from store.plugins import load_extra_games
    from workers import sweep as sweep_matches
    from workers.compaction import compact_finished
    from workers.expiry import expire_unstarted, remove_orphaned_notes

    from .challenges_logic import Challenges
    from .tournaments_logic import Tournaments

    load_extra_games()  # the sweep folds and finishes matches itself: of every game the service runs
    with _redis(redis_url, data_dir) as url:
        conn = connect(url)
        try:
            report = sweep_matches(conn, full=full)
            challenges = Challenges(conn).sweep()
            tournaments = Tournaments(conn).sweep()
            expired = expire_unstarted(conn, unstarted_hours)
            compacted = compact_finished(conn) if full else []
            orphaned = remove_orphaned_notes(conn) if full else []
        finally:
            conn.close()
    click.echo(report.summary())
    click.echo(f"challenges: {len(challenges['expired'])} expired, {len(challenges['started'])} started")
    click.echo(f"tournaments: {tournaments['results']} result(s) recorded, "
               f"{tournaments['deadline_losses']} game loss(es) at a round deadline")
    for label, ids in (("enqueued", report.enqueued), ("already queued", report.already_queued), ("repaired", report.repaired)):
        if ids:
            click.echo(f"  {label}: {', '.join(ids)}")
    click.echo(f"{len(expired)} unstarted match(es) older than {unstarted_hours:g} h expired")
    if full:
        click.echo(f"{len(compacted)} finished match(es) compacted (intermediate snapshots dropped)")
        click.echo(f"{len(orphaned)} orphaned annotation stream(s) removed (their match no longer exists)")
    if report.failed:  # the timer's unit shows failed: an operator looks at the log's traceback
        raise SystemExit(1)


@main.command()
@_REDIS_URL
@_DATA_DIR
@click.option("--once", is_flag=True, help="Deliver what is due now, then exit (instead of looping).")
@click.option("--consumer", default=None, metavar="NAME", help="Consumer name in the outbox group (default: host-pid).")
@click.option("--smtp-host", envvar="SUBSPACE_SMTP_HOST", default=None, help="SMTP server for e-mail (env SUBSPACE_SMTP_HOST); none: e-mails are dead-lettered.")
@click.option("--smtp-port", envvar="SUBSPACE_SMTP_PORT", default=25, show_default=True, type=int, help="env SUBSPACE_SMTP_PORT")
@click.option("--smtp-from", envvar="SUBSPACE_SMTP_FROM", default="subspace@localhost", show_default=True, help="Sender address (env SUBSPACE_SMTP_FROM).")
@click.option("--claim-idle", default=60.0, show_default=True, type=float, metavar="SECONDS",
              help="Take over deliveries another consumer claimed and left unsettled this long (it died).")
@click.option("--allow-private-webhooks", is_flag=True, envvar="SUBSPACE_WEBHOOK_ALLOW_PRIVATE",
              help="Also POST to webhook hosts on loopback/private addresses (a closed installation; tests).")
def notify(redis_url: str | None, data_dir: str, once: bool, consumer: str | None, smtp_host: str | None,
           smtp_port: int, smtp_from: str, claim_idle: float, allow_private_webhooks: bool) -> None:
    """Deliver notifications from the outbox: signed webhooks and e-mail.

    Safe to run several and to kill at any moment: a delivery claimed by a dead consumer is
    taken over after --claim-idle seconds; one sent is never sent again (see store/outbox.py).
    """
    import os
    import socket

    from store.connection import connect
    from workers.notify import Deliverer, SmtpSettings

    name = consumer or f"{socket.gethostname()}-{os.getpid()}"
    stopping = {"now": False}

    def stop(signum: int, frame: object) -> None:
        stopping["now"] = True

    signal.signal(signal.SIGTERM, stop)
    with _redis(redis_url, data_dir) as url:
        conn = connect(url)
        try:
            deliverer = Deliverer(
                conn, consumer=name, claim_idle_ms=int(claim_idle * 1000),
                smtp=SmtpSettings(host=smtp_host, port=smtp_port, sender=smtp_from),
                allow_private_webhooks=allow_private_webhooks,
            )
            if once:
                tally = {"sent": 0, "retried": 0, "dead": 0}
                while True:
                    round_ = deliverer.run_once()
                    for k, v in round_.items():
                        tally[k] += v
                    if not any(round_.values()):
                        break
                click.echo(json.dumps(tally))
            else:
                click.echo(f"delivering notifications as {name}")
                deliverer.run_forever(should_stop=lambda: stopping["now"])
        finally:
            conn.close()


@main.command()
@_REDIS_URL
@_DATA_DIR
@click.option("--interval", default=5.0, show_default=True, type=float,
              help="Longest sleep between passes (seconds); it wakes earlier for the next deadline.")
@click.option("--once", is_flag=True, help="One pass over what is due now, then exit.")
def clock(redis_url: str | None, data_dir: str, interval: float, once: bool) -> None:
    """Run the clock job: time out expired decisions, pass expired response windows,
    decide matches whose grace period ended, and send the 80 % reminders.

    Run exactly one (two are safe, not useful) next to the API; killing it loses nothing.
    """
    from store.connection import connect
    from store.plugins import load_extra_games
    from workers.clock import run_clock, tick

    from .notifications import notify_your_turn

    load_extra_games()
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    with _redis(redis_url, data_dir) as url:
        conn = connect(url)
        try:
            if once:
                click.echo(json.dumps(tick(conn, on_appended=notify_your_turn)))
            else:
                run_clock(conn, interval=interval, on_appended=notify_your_turn)
        finally:
            conn.close()


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the same JSON as GET /v1/games.")
def games(as_json: bool) -> None:
    """List the games this installation runs, with rulesets and starter decks."""
    from store.plugins import load_extra_games

    from .games_logic import list_games

    load_extra_games()
    listing = list_games()
    if as_json:
        click.echo(json.dumps({"games": listing}, indent=2))
        return
    if not listing:
        click.echo("no games available", err=True)
        sys.exit(1)
    for game in listing:
        click.echo(f"{game['id']}: {game['title']} (engine {game['engine_version']})")
        for ruleset in game["rulesets"]:
            default = " [default]" if ruleset["id"] == game["default_ruleset"] else ""
            click.echo(f"  ruleset {ruleset['id']}{default}: {ruleset['description']}")
        for deck in game["starter_decks"]:
            click.echo(f"  starter deck {deck.get('id')}: {deck.get('name', '')}")


# ---- interchange files (docs/interchange.md) ----------------------------------------------
@main.command("stats")
@_REDIS_URL
@_DATA_DIR
@click.argument("what")
@click.argument("report", required=False)
@click.option("--min-games", default=1, show_default=True, type=click.IntRange(min=1), help="Leave out rows with fewer games.")
@click.option("--limit", default=30, show_default=True, type=click.IntRange(1, 1000), help="Rows to print.")
@click.option("--json", "as_json", is_flag=True, help="Print the same JSON as GET /v1/stats/<game>[/<report>].")
def stats_cmd(redis_url: str | None, data_dir: str, what: str, report: str | None, min_games: int, limit: int,
              as_json: bool) -> None:
    """Analytics across finished matches. `subspace stats rebuild` recounts every match
    from the logs; `subspace stats GAME [REPORT]` prints the overview or one report
    (starters, factions, cards-included, cards-played, matchups)."""

    from store.connection import connect
    from store.plugins import load_extra_games
    from workers.stats import GAMES, rebuild

    from . import stats_logic

    load_extra_games()
    with _redis(redis_url, data_dir) as url:
        conn = connect(url)
        try:
            if what == "rebuild":
                games = (report,) if report else GAMES
                total = conn.zcard("subspace:matches")
                with click.progressbar(length=total, label="rebuilding", show_pos=True, file=sys.stderr) as bar:
                    counted = rebuild(conn, games, progress=bar.update)
                click.echo(f"counted {counted} finished match(es) of {', '.join(games)}")
                return
            body = (stats_logic.report(conn, what, report, min_games=min_games, limit=limit) if report
                    else stats_logic.overview(conn, what))
        finally:
            conn.close()
    if as_json:
        click.echo(json.dumps(body, indent=2))
    elif report is None:
        for key, value in body.items():
            click.echo(f"{key:16} {value}")
    else:
        click.echo(f"{body['game']} {body['report']} over {body['matches']} match(es)")
        for row in body["rows"]:
            label = row.get("key") or f"{row['deck']} vs {row['opponent']}"
            click.echo(f"  {label:48} {row['games']:6} games {row['wins']:6} wins {row['win_rate']:7.1%}")


@main.command("export")
@_REDIS_URL
@_DATA_DIR
@click.argument("match_ids", nargs=-1)
@click.option("--all", "every", is_flag=True, help="Every finished match (with --since: created since DATE).")
@click.option("--since", type=click.DateTime(), default=None, metavar="DATE",
              help="With --all: only matches created at or after DATE (UTC, e.g. 2026-11-01).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=".", show_default=True,
              help="Folder to write <match id>.ndjson files into.")
def export_cmd(redis_url: str | None, data_dir: str, match_ids: tuple[str, ...], every: bool, since, out_dir: str) -> None:
    """Write matches as interchange files: a finished match in full (seed, config, deck
    lists: anyone can re-verify it), a live one as a spectator sees it, lagging the head."""
    from pathlib import Path
    from datetime import timezone

    from store import MatchStore
    from store.connection import connect
    from store.players import PlayerStore
    from store.plugins import load_extra_games

    from .interchange_logic import export_text, is_finished, match_ids_since
    from .settings import load_settings

    load_extra_games()
    if not match_ids and not every:
        raise click.UsageError("name match ids or pass --all")
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    delay = load_settings().export_delay
    with _redis(redis_url, data_dir) as url:
        conn = connect(url)
        try:
            store = MatchStore(conn)
            ids = list(match_ids)
            if every:
                stamp = since.replace(tzinfo=timezone.utc).timestamp() if since is not None else None
                ids = [m for m in match_ids_since(store, stamp) if is_finished(store, m)]
            with click.progressbar(ids, label="exporting", show_pos=True, file=sys.stderr) as bar:
                for match_id in bar:
                    text = export_text(store, match_id, None, delay=delay, players=PlayerStore(conn))
                    (folder / f"{match_id}.ndjson").write_text(text, encoding="utf-8")
        finally:
            conn.close()
    click.echo(f"exported {len(ids)} match(es) to {folder}")


def _verify_files(files: tuple[str, ...], label: str, on_verified=None) -> int:
    """Verify each file (and hand it to ``on_verified``); print one line per refusal; the
    number refused."""
    from rules.errors import ImportRefused
    from replays import interchange

    refused = 0
    with click.progressbar(files, label=label, show_pos=True, file=sys.stderr) as bar:
        for name in bar:
            try:
                with open(name, encoding="utf-8") as handle:
                    parsed = interchange.parse(handle.read())
                final = interchange.verify(parsed)
                if on_verified is not None:
                    on_verified(name, parsed, final)
            except (ImportRefused, UnicodeDecodeError, OSError) as error:
                refused += 1
                details = getattr(error, "details", None) or {}
                click.echo(f"\n{name}: refused ({getattr(error, 'code', type(error).__name__)}, "
                           f"event {details.get('event')}, line {details.get('line')}): "
                           f"{getattr(error, 'message', error)}", err=True)
    return refused


@main.command("verify")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def verify_cmd(files: tuple[str, ...]) -> None:
    """Re-fold interchange files with this engine, offline (no Redis): the seed against its
    commitment, the deck lists against theirs, every event by the rules. Exit status 1 if
    any file is refused."""
    from store.plugins import load_extra_games

    load_extra_games()
    refused = _verify_files(files, "verifying")
    click.echo(f"{len(files) - refused} verified, {refused} refused")
    sys.exit(1 if refused else 0)


@main.command("verify-tournament")
@click.argument("file", type=click.Path(dir_okay=False, exists=True))
def verify_tournament_cmd(file: str) -> None:
    """Verify a tournament archive offline (no Redis): recompute the hash chain of every
    record, re-fold every match from its log, check every deck list against its
    commitment and its player's registration. Names the line of the first thing that
    fails and exits 1."""
    from replays import tournament_archive
    from rules.errors import ImportRefused
    from store.plugins import load_extra_games

    load_extra_games()
    try:
        with open(file, encoding="utf-8") as handle:
            verified = tournament_archive.verify(handle.read())
    except (ImportRefused, UnicodeDecodeError) as error:
        details = getattr(error, "details", None) or {}
        click.echo(f"{file}: refused ({getattr(error, 'code', type(error).__name__)}, line {details.get('line')}): "
                   f"{getattr(error, 'message', error)}", err=True)
        sys.exit(1)
    click.echo(f"{file}: verified tournament {verified.tournament_id}: {verified.records} records, "
               f"{verified.matches} matches, head {verified.head}")


@main.command("import")
@_REDIS_URL
@_DATA_DIR
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def import_cmd(redis_url: str | None, data_dir: str, files: tuple[str, ...]) -> None:
    """Verify interchange files and store each as a finished, read-only match (one line per
    import: file and new match id). Exit status 1 if any file is refused."""
    from store import MatchStore
    from store.connection import connect
    from store.plugins import load_extra_games
    from workers import fold_pending, settle_lagging

    from .interchange_logic import store_verified

    load_extra_games()
    with _redis(redis_url, data_dir) as url:
        conn = connect(url)
        store = MatchStore(conn)

        def fold_now(match_id: str) -> None:
            fold_pending(conn, match_id)
            settle_lagging(conn, match_id)

        def keep(name: str, parsed, final) -> None:
            created = store_verified(store, parsed, final, after_append=fold_now)
            click.echo(f"\n{name}: imported as {created['match_id']}")
        try:
            refused = _verify_files(files, "importing", keep)
        finally:
            conn.close()
    click.echo(f"{len(files) - refused} imported, {refused} refused")
    sys.exit(1 if refused else 0)


@main.command("refold")
@_REDIS_URL
@_DATA_DIR
@click.option("--check", "check", is_flag=True, help="Re-fold every live match with this engine; flag and list those that differ.")
@click.option("--finished", is_flag=True, help="With --check: finished matches too.")
@click.option("--list", "listing", is_flag=True, help="List the flagged matches waiting for a decision.")
@click.option("--accept", "accept_id", metavar="MATCH", default=None,
              help="As a judge: replace MATCH's stored fold (and result) with this engine's.")
@click.option("--keep", "keep_id", metavar="MATCH", default=None,
              help="As a judge: keep MATCH on its recorded fold and result.")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def refold_cmd(redis_url: str | None, data_dir: str, check: bool, finished: bool, listing: bool,
               accept_id: str | None, keep_id: str | None, as_json: bool) -> None:
    """Find the matches a deploy changed and decide what happens to them.

    --check prints one line per diverged match (its first divergent version, the last one
    that still agreed, the recorded and current engine) and exits 1 if there is any; each is
    flagged in its meta and the index until a player or a judge accepts or keeps it.
    """
    from dataclasses import asdict

    from replays import refold
    from store import MatchStore
    from store.connection import connect
    from store.plugins import load_extra_games
    from workers.jobs import SNAPSHOT_EVERY

    load_extra_games()
    if sum(bool(x) for x in (check, listing, accept_id, keep_id)) != 1:
        raise click.UsageError("pass exactly one of --check, --list, --accept MATCH, --keep MATCH")
    with _redis(redis_url, data_dir) as url:
        conn = connect(url)
        try:
            store = MatchStore(conn)
            if check:
                found = refold.check_all(store, include_finished=finished)
                if as_json:
                    click.echo(json.dumps([asdict(d) for d in found], indent=2))
                for d in found:
                    if not as_json:
                        where = (f"at version {d.first_divergent_version}" if d.exact else
                                 f"between versions {d.last_agreeing_version + 1} and {d.first_divergent_version}")
                        click.echo(f"{d.match_id}: diverges {where} ({d.reason}); recorded engine "
                                   f"{d.recorded_engine_version}/{d.recorded_card_data_version}, now "
                                   f"{d.engine_version}/{d.card_data_version}")
                if not as_json:
                    click.echo(f"{len(found)} match(es) diverged")
                sys.exit(1 if found else 0)
            if listing:
                for match_id in refold.diverged(store):
                    click.echo(match_id)
                return
            decision, match_id = (refold.ACCEPT, accept_id) if accept_id else (refold.KEEP, keep_id)
            record = refold.resolve(store, str(match_id), decision, "judge", snapshot_every=SNAPSHOT_EVERY)
            click.echo(f"{match_id}: {record['status']}")
        finally:
            conn.close()


if __name__ == "__main__":  # pragma: no cover
    main()
