"""Redis round trips and commands per ``POST /v1/matches/<id>/actions`` (issue 13 item 3).

``.venv/bin/python ops/bench/bench_round_trips.py [--game stargate] [--posts 60]``

The real app runs in this process (Flask's test client, ``SUBSPACE_FOLD_MODE=inline``) on
a private embedded Redis; every socket write a request thread makes is counted by a
wrapper around redis-py's connection (``send_packed_command``: one write is one round
trip, a pipeline included) and so is every command in it; the server's own count (``INFO
commandstats``, which also counts the commands a Lua script runs) is read before and after.
The POSTs are a random legal game of two anonymous seats (no players, bots, clock or
standing orders: the common case), with rate limits off and on, and in ``rq`` fold mode
(which must cost a seat's POST nothing: it enqueues no fold, the projection moves with it);
last with both seats held by registered players, where a POST that hands the other the
turn queues ``your_turn`` and so is hinted for the sweep (``workers.after_event.has_steps``).
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "ops" / "bench"))

import redis  # noqa: E402
from redis.connection import AbstractConnection  # noqa: E402

import rules  # noqa: E402
from store import MatchStore, codec, keys  # noqa: E402
from store.embedded import start_embedded  # noqa: E402


class Tally:
    """Counts, for the calling thread only, socket writes and the commands they carry."""

    def __init__(self) -> None:
        self.thread: int | None = None
        self.round_trips = 0
        self.commands: Counter[str] = Counter()

    def install(self) -> None:
        tally = self
        send_packed, send_command, pack_commands = (AbstractConnection.send_packed_command,
                                                    AbstractConnection.send_command, AbstractConnection.pack_commands)

        def counted_send(conn, command, check_health=True):
            if threading.get_ident() == tally.thread:
                tally.round_trips += 1
            return send_packed(conn, command, check_health)

        def counted_command(conn, *args, **kwargs):
            if threading.get_ident() == tally.thread:
                tally.commands[_name(args)] += 1
            return send_command(conn, *args, **kwargs)

        def counted_packs(conn, commands):
            if threading.get_ident() == tally.thread:
                for args in commands:
                    tally.commands[_name(args)] += 1
            return pack_commands(conn, commands)

        AbstractConnection.send_packed_command = counted_send
        AbstractConnection.send_command = counted_command
        AbstractConnection.pack_commands = counted_packs


def _name(args: tuple) -> str:
    first = args[0]
    name = first.decode() if isinstance(first, bytes) else str(first)
    return name.split()[0].upper()


def server_commands(conn: redis.Redis) -> Counter[str]:
    stats = conn.info("commandstats")
    return Counter({k.removeprefix("cmdstat_").upper(): int(v["calls"]) for k, v in stats.items()})


def measure(url: str, game, posts: int, rate_limits: bool, seed: int, fold_mode: str = "inline",
            players: bool = False) -> None:
    from service.app import create_app
    from run_all import play_locally, seats_of

    app = create_app({"REDIS_URL": url, "SUBSPACE_FOLD_MODE": fold_mode,
                      "SUBSPACE_RATE_LIMITS": "1" if rate_limits else "0", "TESTING": True})
    client = app.test_client()
    store = MatchStore(redis.Redis.from_url(url))
    created = client.post("/v1/matches", json={"game": game.id, "seats": seats_of(game)}).get_json()
    match_id, tokens = created["match_id"], [s["token"] for s in created["seats"]]
    if players:  # both seats held by registered players: a POST that hands one the turn tells them
        from store.players import PlayerStore

        registry = PlayerStore(store.conn)
        ids = [registry.register(display_name=n, email=None, webhook_url="https://example.org/hook",
                                 time_zone="UTC")["player"]["player_id"] for n in ("Ann", "Bob")]
        # written as an operator would, before the first POST fills the meta cache (update_meta
        # is only for the mutable fields: tests/service/test_one_round_trip_post.py)
        store.conn.hset(keys.meta(match_id), "seat_players", codec.dumps(ids))
    meta = store.get_meta(match_id)
    events, _ = play_locally(game, meta["config"], meta["seed"], random.Random(seed), posts + 1)
    # the first POST (it starts the match and fills the meta cache) is not counted
    first = events[0]
    client.post(f"/v1/matches/{match_id}/actions", json={"expected_version": 0, "action": first["payload"]},
                headers={"Authorization": f"Bearer {tokens[first['seat']]}"})
    tally = Tally()
    tally.install()
    before = server_commands(store.conn)
    tally.thread = threading.get_ident()
    done = 0
    for v, event in enumerate(events[1:], start=1):
        answer = client.post(f"/v1/matches/{match_id}/actions",
                             json={"expected_version": v, "action": event["payload"]},
                             headers={"Authorization": f"Bearer {tokens[event['seat']]}"})
        if answer.status_code != 201:
            raise RuntimeError(f"POST answered {answer.status_code}: {answer.get_json()}")
        done += 1
    tally.thread = None
    after = server_commands(store.conn)
    served = after - before
    served -= Counter({"INFO": 1})  # our own read of the stats
    client_total = sum(tally.commands.values())
    print(f"fold mode {fold_mode}, rate limits {'on ' if rate_limits else 'off'}"
          f"{', registered players' if players else ''}: {done} POSTs; per POST {tally.round_trips / done:.2f} round "
          f"trips, {client_total / done:.2f} commands sent, {sum(served.values()) / done:.2f} commands run by the "
          "server (scripts' included)")
    print("   sent per POST: " + ", ".join(f"{k} {n / done:.2f}" for k, n in tally.commands.most_common()))
    print("   run per POST:  " + ", ".join(f"{k} {n / done:.2f}" for k, n in served.most_common()))
    app.extensions["subspace"].close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="stargate")
    parser.add_argument("--posts", type=int, default=60)
    args = parser.parse_args()
    game = rules.get_game(args.game)
    with tempfile.TemporaryDirectory() as tmp, start_embedded(tmp) as server:
        for limits in (False, True):
            measure(server.url, game, args.posts, limits, seed=1)
        measure(server.url, game, args.posts, False, seed=1, fold_mode="rq")  # RQ is not in a seat's POST
        measure(server.url, game, args.posts, False, seed=1, players=True)  # your_turn: the hinted path


if __name__ == "__main__":
    main()
