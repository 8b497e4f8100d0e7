"""What ``/v1/tournaments`` does: create, register, drop, start, pair, results, close a
round, cut to single elimination, finish, the judges' decisions, the sweep and exports.

Hidden information: a registered deck goes into the tournament's own stream (the server
must know it to build each round's matches) and leaves it only through
``rules.aggregates.tournaments.view`` (its owner's) or, after the event is finished, the
standings and the archive. Each match of the tournament has its own salted decklist
commitments, as every match does.

Every refusal is decided before anything is appended (``check_*`` of the reducer); the
matches of a round are created before its ``round_paired`` event under a per-tournament
lock, so two organisers' clicks cannot draw a round twice. A crash between creating the
matches and the append leaves unused matches (never a round without its matches).
"""
from __future__ import annotations

import csv
import hashlib
import io
import secrets
from datetime import datetime, timedelta, timezone

import redis

import rules
from replays import current_state, tournament_archive
from replays.decklists import decklist_commitment
from rules.aggregates import tournament_standings as S
from rules.aggregates import tournaments as T
from rules.errors import Conflict, DeckInvalid, InvalidRequest, NotFound
from store import MatchStore
from store.match_store import iso_utc, utc_now_iso
from store.players import PlayerStore
from store.tournaments import TournamentStore

from . import auth, pairing
from .challenges_logic import check_own_deck, validate_clock
from .interchange_logic import export_text
from .control_logic import adjudicate
from .matches_logic import check_ruleset, create_match, load_match


LOCK_SECONDS = 120


def _parse(ts: str) -> datetime:
    return datetime.fromisoformat(ts.replace("Z", "+00:00"))


def match_scores(game_id: str, state: dict) -> dict[int, int] | None:
    """Per-seat score behind a game's differential tiebreaker (None: the game has none)."""
    if game_id == "stargate":
        from rules.stargate import stats
        return {s: stats.experience(state, s) for s in range(len(state["seats"]))}
    if game_id == "startrek2e":
        return {s: seat["score"] for s, seat in enumerate(state["seats"])}
    return None


def state_hash(state: dict) -> str:
    return hashlib.sha256(T.canonical(state).encode()).hexdigest()


class Tournaments:
    """The tournament operations over one Redis connection."""

    def __init__(self, conn: redis.Redis):
        self.conn = conn
        self.store = TournamentStore(conn)
        self.players = PlayerStore(conn)
        self.matches = MatchStore(conn)

    # ---- reading --------------------------------------------------------------------------
    def _caller(self, token: str | None) -> str:
        return auth.require_player(token, self.players)

    def _maybe_caller(self, token: str | None) -> str | None:
        return self._caller(token) if token is not None else None

    def get(self, tournament_id: str, token: str | None) -> dict:
        return T.view(self.store.load(tournament_id), self._maybe_caller(token))

    def standings(self, tournament_id: str) -> dict:
        state = self.store.load(tournament_id)
        return {"tournament_id": tournament_id, "game": state["game"], "head": state["head"],
                "tiebreak": S.DIFFERENTIAL.get(state["game"]),
                "standings": S.standings(state), "elimination": _elimination_view(state)}

    # ---- organising -----------------------------------------------------------------------
    def create(self, token: str | None, body: dict) -> dict:
        organiser = self._caller(token)
        game = rules.get_game(body["game"])
        ruleset = check_ruleset(game, body.get("ruleset"))
        clock = validate_clock(body.get("clock"))
        judges = list(dict.fromkeys(body.get("judges") or []))
        unknown = [j for j in judges if not self.players.exists(j)]
        if unknown:
            raise InvalidRequest(f"no player with id {', '.join(map(repr, unknown))}", code="unknown_player",
                                 details={"unknown": unknown})
        low, high = body["table_sizes"]
        if low > high:
            raise InvalidRequest("table_sizes is [smallest, largest]", code="invalid_table_sizes")
        if body["format"] == T.SINGLE_ELIMINATION and (low, high) != (2, 2):
            raise InvalidRequest("single elimination is played at tables of two", code="invalid_table_sizes")
        tournament_id = self.store.new_id()
        event = T.event(
            "created", utc_now_iso(), tournament_id=tournament_id, name=body["name"], game=game.id, ruleset=ruleset,
            format=body["format"], rounds=body["rounds"], table_sizes=[low, high], clock=clock,
            round_hours=body["round_hours"], organiser=organiser, judges=judges, cut=body.get("cut"),
        )
        return T.view(self.store.create(tournament_id, event), organiser)

    def register(self, tournament_id: str, token: str | None, deck: object) -> dict:
        player_id = self._caller(token)
        state = self.store.load(tournament_id)
        T.check_register(state, player_id)  # refuse on status before judging the deck
        name = self.players.get(player_id)["display_name"]
        check_own_deck(rules.get_game(state["game"]), state["ruleset"], max(2, state["table_sizes"][0]), name, deck)
        salt = secrets.token_hex(16)

        def registered(current: dict) -> dict:
            T.check_register(current, player_id)
            return T.event("registered", utc_now_iso(), player_id=player_id, name=name, deck=deck, salt=salt,
                           deck_commitment=decklist_commitment(deck, salt))

        return T.view(self.store.update(tournament_id, registered), player_id)

    def drop(self, tournament_id: str, token: str | None, player_id: str | None, reason: str | None) -> dict:
        caller = self._caller(token)
        target = player_id or caller

        def dropped(current: dict) -> dict:
            if target != caller:
                T.require_judge(current, caller)
                T.require_reason(reason)
            T.check_drop(current, target)
            return T.event("dropped", utc_now_iso(), player_id=target, by=caller, reason=reason)

        return T.view(self.store.update(tournament_id, dropped), caller)

    def start(self, tournament_id: str, token: str | None) -> dict:
        caller = self._caller(token)

        def started(current: dict) -> dict:
            T.require_organiser(current, caller)
            T.check_start(current, minimum=max(2, current["table_sizes"][0]))
            return T.event("started", utc_now_iso(), by=caller)

        state = self.store.update(tournament_id, started)
        self.store.index_running(tournament_id)
        return T.view(state, caller)

    def forbid(self, tournament_id: str, token: str | None, pair: list[str], reason: str | None) -> dict:
        caller = self._caller(token)

        def forbidden(current: dict) -> dict:
            T.require_organiser(current, caller)
            why = T.require_reason(reason)
            if len(set(pair)) != 2 or any(p not in current["players"] for p in pair):
                raise InvalidRequest("name two registered players", code="invalid_pairing")
            return T.event("pair_forbidden", utc_now_iso(), players=sorted(pair), reason=why, by=caller)

        return T.view(self.store.update(tournament_id, forbidden), caller)

    def pair(self, tournament_id: str, token: str | None, manual: dict | None = None) -> dict:
        """Draw the next round (or take the organiser's manual draw, with its reason), create
        its matches and record it."""
        caller = self._caller(token)
        T.require_organiser(self.store.load(tournament_id), caller)
        return self._pair_round(tournament_id, caller, manual)

    def repair(self, tournament_id: str, token: str | None, reason: str | None, manual: dict | None = None) -> dict:
        """A judge's re-pair: withdraw the current round (none of its tables may have a
        result; its matches are left unplayed and never count) and draw it again, by the
        pairing engine or the judge's manual draw."""
        caller = self._caller(token)

        def withdrawn(current: dict) -> dict:
            T.require_judge(current, caller)
            why = T.require_reason(reason)
            rnd = T.check_withdraw(current)
            return T.event("round_withdrawn", utc_now_iso(), round=rnd["round"], reason=why, by=caller,
                           matches=[t.get("match_id") for t in rnd["tables"]])

        self.store.update(tournament_id, withdrawn)
        return self._pair_round(tournament_id, caller, manual)

    def _pair_round(self, tournament_id: str, caller: str, manual: dict | None) -> dict:
        lock = f"{{t:{tournament_id}}}:pairing"
        state = self.store.load(tournament_id)
        if not self.conn.set(lock, "1", nx=True, ex=LOCK_SECONDS):
            raise Conflict("this round is being drawn already", code="pairing_in_progress")
        try:
            T.check_pair(state)
            tables, byes, slots, reason = self._draw(state, manual)
            T.check_tables(state, tables, byes)
            round_no = len(state["rounds_log"]) + 1
            deadline = iso_utc(datetime.now(timezone.utc) + timedelta(hours=state["round_hours"]))
            drawn = [{"table": i + 1, "players": t, "match_id": self._create_match(state, round_no, i + 1, t)}
                     for i, t in enumerate(tables)]

            def paired(current: dict) -> dict:
                T.check_pair(current)
                return T.event("round_paired", utc_now_iso(), round=round_no, phase=current["phase"], tables=drawn,
                               byes=byes, deadline=deadline, manual=reason, slots=slots, by=caller,
                               seeds=state["seeds"] if current["phase"] == T.SINGLE_ELIMINATION else None)

            state = self.store.update(tournament_id, paired)
        finally:
            self.conn.delete(lock)
        return T.view(state, caller)

    def _draw(self, state: dict, manual: dict | None) -> tuple[list[list[str]], list[str], list | None, str | None]:
        if manual is not None:
            if state["phase"] == T.SINGLE_ELIMINATION:
                raise Conflict("a bracket is not paired by hand", code="bracket_fixed")
            return [list(t) for t in manual["tables"]], list(manual.get("byes") or []), None, \
                T.require_reason(manual.get("reason"))
        if state["phase"] == T.SINGLE_ELIMINATION:
            if state["format"] == T.SINGLE_ELIMINATION and not state["seeds"]:
                state["seeds"] = T.active_players(state)  # seeded in registration order
            tables, byes, slots = pairing.elimination_tables(state)
            if not tables:
                raise Conflict("the bracket is decided: finish the tournament", code="bracket_decided")
            return tables, byes, slots, None
        ranking = S.ranking(state)
        low, high = state["table_sizes"]
        playable = self._playable(state)
        if high == 2:
            tables, byes = pairing.swiss_pairs(state, ranking, S.points(state), playable)
        else:
            tables, byes = pairing.multiplayer_tables(state, ranking, (low + high) // 2, playable), []
        return tables, byes, None, None

    @staticmethod
    def _playable(state: dict):
        """Whether these players' registered decks can sit at one table (the game's own
        deck building decides: Babylon 5 seats one player per race)."""
        game = rules.get_game(state["game"])
        seen: dict[frozenset, bool] = {}

        def playable(table: list[str]) -> bool:
            key = frozenset(table)
            if key not in seen:
                try:
                    game.build_config(state["ruleset"], [{"name": state["players"][p]["name"],
                                                          "deck": state["players"][p]["deck"]} for p in table])
                    seen[key] = True
                except DeckInvalid:
                    seen[key] = False
            return seen[key]
        return playable

    def _create_match(self, state: dict, round_no: int, table_no: int, players: list[str]) -> str:
        seats = [{"name": state["players"][p]["name"], "deck": state["players"][p]["deck"]} for p in players]
        created = create_match(
            self.matches, state["game"], state["ruleset"], seats, seat_players=list(players), shuffle_seats=True,
            extra_meta={"tournament_id": state["tournament_id"], "tournament_round": round_no,
                        "tournament_table": table_no, "judges": [state["organiser"], *state["judges"]]},
            clock=state["clock"],
        )
        return created["match_id"]  # players act with their own tokens; seat tokens are dropped

    def close_round(self, tournament_id: str, token: str | None) -> dict:
        caller = self._caller(token)

        def closed(current: dict) -> dict:
            T.require_organiser(current, caller)
            rnd = T.check_close(current)
            return T.event("round_closed", utc_now_iso(), round=rnd["round"], by=caller)

        return T.view(self.store.update(tournament_id, closed), caller)

    def cut(self, tournament_id: str, token: str | None, top: int) -> dict:
        caller = self._caller(token)

        def cut_event(current: dict) -> dict:
            T.require_organiser(current, caller)
            if current["phase"] != T.SWISS or current["status"] != T.RUNNING:
                raise Conflict("a cut follows the Swiss rounds of a running event", code="cut_not_allowed")
            last = T.current_round(current)
            if last is None or not last["closed"] or len(current["rounds_log"]) < current["rounds"]:
                raise Conflict("play and close every Swiss round before the cut", code="rounds_incomplete")
            ranked = [p for p in S.ranking(current) if not current["players"][p]["dropped"]]
            if top > len(ranked):
                raise InvalidRequest(f"only {len(ranked)} players can make the cut", code="cut_too_large")
            return T.event("cut", utc_now_iso(), top=top, seeds=ranked[:top], by=caller)

        return T.view(self.store.update(tournament_id, cut_event), caller)

    def finish(self, tournament_id: str, token: str | None) -> dict:
        caller = self._caller(token)

        def finished(current: dict) -> dict:
            T.require_organiser(current, caller)
            if current["status"] != T.RUNNING:
                raise Conflict(f"the tournament is {current['status']}", code=f"tournament_{current['status']}")
            last = T.current_round(current)
            if last is not None and not last["closed"]:
                raise Conflict(f"round {last['round']} is still being played", code="round_open")
            return T.event("finished", utc_now_iso(), by=caller)

        state = self.store.update(tournament_id, finished)
        self.store.unindex(tournament_id)
        return T.view(state, caller)

    # ---- pausing (GEMP's players asked for it: a server outage, a holiday, a dispute) -------
    def pause(self, tournament_id: str, token: str | None, reason: str | None) -> dict:
        """Pause a running tournament (a judge or the organiser, with a reason): no round is
        paired and no round deadline passes while it is paused. The matches' own clocks are
        their players' (each match can pause by agreement, and judges may add time)."""
        caller = self._caller(token)

        def paused(current: dict) -> dict:
            T.require_judge(current, caller)
            why = T.require_reason(reason)
            T.check_pause(current)
            return T.event("paused", utc_now_iso(), reason=why, by=caller)

        return T.view(self.store.update(tournament_id, paused), caller)

    def resume(self, tournament_id: str, token: str | None, reason: str | None) -> dict:
        """Resume a paused tournament: the open round's deadline moves on by the pause's length."""
        caller = self._caller(token)

        def resumed(current: dict) -> dict:
            T.require_judge(current, caller)
            why = T.require_reason(reason)
            pause = T.check_resume(current)
            now = utc_now_iso()
            rnd = T.current_round(current)
            deadline = None
            if rnd is not None and not rnd["closed"]:
                deadline = iso_utc(_parse(rnd["deadline"]) + (_parse(now) - _parse(pause["since"])))
            return T.event("resumed", now, reason=why, deadline=deadline, by=caller)

        return T.view(self.store.update(tournament_id, resumed), caller)

    # ---- judges ---------------------------------------------------------------------------
    def extend_deadline(self, tournament_id: str, token: str | None, hours: int, reason: str | None) -> dict:
        caller = self._caller(token)

        def extended(current: dict) -> dict:
            T.require_judge(current, caller)
            why = T.require_reason(reason)
            rnd = T.current_round(current)
            if rnd is None or rnd["closed"]:
                raise Conflict("no round is being played", code="no_open_round")
            deadline = iso_utc(_parse(rnd["deadline"]) + timedelta(hours=hours))
            return T.event("deadline_extended", utc_now_iso(), round=rnd["round"], deadline=deadline, reason=why,
                           by=caller)

        return T.view(self.store.update(tournament_id, extended), caller)

    def game_loss(self, tournament_id: str, token: str | None, round_no: int, table_no: int, player_id: str,
                  reason: str | None) -> dict:
        """A judge's game loss for ``player_id`` at a table of the current round: every
        other player at the table wins it."""
        caller = self._caller(token)

        def loss(current: dict) -> dict:
            T.require_judge(current, caller)
            why = T.require_reason(reason)
            table = T.check_result(current, round_no, table_no, None)
            if player_id not in table["players"]:
                raise InvalidRequest("that player is not at this table", code="not_at_table")
            return T.event("result_recorded", utc_now_iso(), round=round_no, table=table_no,
                           match_id=table.get("match_id"), winners=[p for p in table["players"] if p != player_id],
                           scores=None, final_hash=None, source="judge", reason=why, annulled=False, by=caller,
                           loser=player_id)

        return T.view(self.store.update(tournament_id, loss), caller)

    def annul(self, tournament_id: str, token: str | None, round_no: int, table_no: int, reason: str | None) -> dict:
        caller = self._caller(token)

        def annulled(current: dict) -> dict:
            T.require_judge(current, caller)
            why = T.require_reason(reason)
            table = T.check_result(current, round_no, table_no, None)
            return T.event("result_recorded", utc_now_iso(), round=round_no, table=table_no,
                           match_id=table.get("match_id"), winners=[], scores=None, final_hash=None, source="judge",
                           reason=why, annulled=True, by=caller)

        return T.view(self.store.update(tournament_id, annulled), caller)

    def penalty(self, tournament_id: str, token: str | None, player_id: str, points: int, reason: str | None) -> dict:
        caller = self._caller(token)

        def penalised(current: dict) -> dict:
            T.require_judge(current, caller)
            why = T.require_reason(reason)
            if player_id not in current["players"]:
                raise NotFound("no such player in this tournament", code="not_registered")
            rnd = T.current_round(current)
            return T.event("penalty", utc_now_iso(), player_id=player_id, points=points, reason=why,
                           round=rnd["round"] if rnd else 0, by=caller)

        return T.view(self.store.update(tournament_id, penalised), caller)

    # ---- results --------------------------------------------------------------------------
    def record_result(self, tournament_id: str, round_no: int, table_no: int, match_id: str) -> bool:
        """A client's nudge to record a finished match now: the match must be that table's
        in the current round (409 ``match_not_in_round`` otherwise); False if it is not over."""
        T.check_result(self.store.load(tournament_id), round_no, table_no, match_id)
        return self.record_from_match(tournament_id, match_id)

    def record_from_match(self, tournament_id: str, match_id: str, source: str = "match") -> bool:
        """Record the result of a finished match of the current round; False if it is not
        finished or already recorded (idempotent: the sweep may call it any number of times)."""
        state = self.store.load(tournament_id)
        found = T.table_of_match(state, match_id)
        if found is None:
            raise Conflict(f"match {match_id!r} is not a match of this tournament", code="match_not_in_round")
        rnd, table = found
        if table["result"] is not None or rnd["closed"]:
            return False
        match = load_match(self.matches, match_id)
        _, final = current_state(self.matches, match.game, match_id)
        outcome = match.game.outcome(final)
        if outcome is None:
            return False
        seat_players = match.meta["seat_players"]
        scores = match_scores(state["game"], final)
        record = export_text(self.matches, match_id, None, delay=0)

        def recorded(current: dict) -> dict:
            T.check_result(current, rnd["round"], table["table"], match_id)
            return T.event(
                "result_recorded", utc_now_iso(), round=rnd["round"], table=table["table"], match_id=match_id,
                winners=[seat_players[s] for s in outcome.get("winners") or []],
                scores=None if scores is None else {seat_players[s]: v for s, v in scores.items()},
                final_hash=state_hash(final), match_record=hashlib.sha256(record.encode()).hexdigest(),
                decklist_commitments=match.meta.get("decklist_commitments"), source=source,
                reason=outcome.get("reason") if source != "match" else None,
                annulled=False,
            )

        try:
            self.store.update(tournament_id, recorded)
        except Conflict as error:
            if error.code == "result_recorded":
                return False
            raise
        return True

    def sweep(self, now: datetime | None = None) -> dict:
        """Every running tournament: record the results of finished matches; after a round's
        deadline, a game loss for each seat still on the clock of an unfinished match."""
        now = now or datetime.now(timezone.utc)
        done = {"results": 0, "deadline_losses": 0}
        for tournament_id in self.store.running_ids():
            try:
                state = self.store.load(tournament_id)
            except NotFound:
                self.store.unindex(tournament_id)
                continue
            rnd = T.current_round(state)
            if rnd is None or rnd["closed"]:
                continue
            paused = state.get("paused") is not None
            for table in rnd["tables"]:
                if table["result"] is None and table.get("match_id"):
                    done["results"] += self.record_from_match(tournament_id, table["match_id"])
            if not paused and now >= _parse(rnd["deadline"]):  # a paused round's deadline does not pass
                done["deadline_losses"] += self._deadline_losses(tournament_id, rnd["round"])
        return done

    def _deadline_losses(self, tournament_id: str, round_no: int) -> int:
        """A game loss for every seat still on the clock of each unfinished match: the match
        is ended by a judge's decision in its own log (``control_logic.adjudicate``), then
        recorded like any finished match — with its file, so the archive re-folds it too."""
        state = self.store.load(tournament_id)
        count = 0
        for table in T.current_round(state)["tables"]:
            if table["result"] is not None or not table.get("match_id"):
                continue
            match = load_match(self.matches, table["match_id"])
            _, live = current_state(self.matches, match.game, table["match_id"])
            if match.game.outcome(live) is None:
                late = sorted(match.game.deciding_seats(live))
                winners = [s for s in range(match.seat_count) if s not in late]
                adjudicate(self.matches, table["match_id"], winners,
                           f"round {round_no}'s deadline passed with seat(s) {', '.join(map(str, late))} on the clock")
            if self.record_from_match(tournament_id, table["match_id"], source="deadline"):
                count += 1
        return count

    # ---- exports --------------------------------------------------------------------------
    def standings_csv(self, tournament_id: str) -> str:
        out = io.StringIO()
        rows = self.standings(tournament_id)["standings"]
        fields = ["rank", "player_id", "name", "dropped", "match_points", "played", "omw", "gw", "ogw", "differential"]
        writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return out.getvalue()

    def rounds_text(self, tournament_id: str) -> str:
        return tournament_archive.rounds_text(self.store.load(tournament_id))

    def archive(self, tournament_id: str, token: str | None) -> str:
        """The whole record (every event and every match's interchange file): after the
        tournament is finished, to anyone; before, to its judges (deck lists are in it)."""
        state = self.store.load(tournament_id)
        if state["status"] != T.FINISHED:
            caller = self._caller(token)
            T.require_judge(state, caller)
        matches = {}
        for rnd in state["rounds_log"]:
            for table in rnd["tables"]:
                match_id = table.get("match_id")
                if match_id and (table["result"] or {}).get("final_hash"):  # a finished match (played or decided)
                    matches[match_id] = export_text(self.matches, match_id, None, delay=0)
        return tournament_archive.render(state, self.store.events(tournament_id), matches)


def _elimination_view(state: dict) -> list[dict]:
    return [{"round": r["round"], "tables": [{"players": t["players"], "winners": (t["result"] or {}).get("winners")}
                                             for t in r["tables"]], "byes": r["byes"]}
            for r in state["rounds_log"] if r["phase"] == T.SINGLE_ELIMINATION]
