"""The Lua scripts: each is one atomic step on the keys of a single match (one slot).

``APPEND`` order matters: the idempotency key is checked *before* the expected version,
so a client retrying a request that already succeeded gets its original response rather
than a 409 (its expected_version is stale precisely because its first try worked).
"""
from __future__ import annotations

# The checks, the XADD and the appends notice every append of a match event makes
# (``APPEND`` and ``APPEND_PROJECTED``): KEYS 1 events stream, 2 meta hash, 3 idempotency key
# (or, without one, ``keys.no_idempotency``: a name in the match's slot, so a Cluster routes
# the call); ARGV 1 expected version, 2 stored-response bytes, 3 idempotency ttl seconds, 4 how
# many ARGV come before the entry's field/value pairs (store/event_codec.py), which run to
# the end, 5 the pub/sub channel, 6 the match id published on it (PUBLISH from a script
# reaches every node's subscribers on a Cluster too; a cluster pipeline refuses PUBLISH).
_APPEND_CORE = r"""
if redis.call('EXISTS', KEYS[2]) == 0 then return {'missing'} end
local idem = string.find(KEYS[3], ':idem:', 1, true) ~= nil
if idem then
  local stored = redis.call('GET', KEYS[3])
  if stored then return {'replayed', stored} end
end
local current = 0
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last > 0 then current = tonumber(string.match(last[1][1], '^(%d+)-')) end
if current ~= tonumber(ARGV[1]) then return {'conflict', tostring(current)} end
local v = current + 1
redis.call('XADD', KEYS[1], v .. '-0', unpack(ARGV, tonumber(ARGV[4]) + 1))
if idem then redis.call('SET', KEYS[3], ARGV[2], 'EX', tonumber(ARGV[3])) end
redis.call('PUBLISH', ARGV[5], ARGV[6])
"""

# Recording how every audience sees events (replays/redaction.py), shared by
# APPEND_PROJECTED and RECORD_REDACTIONS: ``key`` the redactions hash, ``tag`` the engine
# tag, ``first`` the version of ARGV[from]; ARGV[from..to] one record per version ('' for an
# event everyone sees as stored). Written only where it continues the record (``upto``) under
# the same tag; a record starting at version 1 under another tag replaces the old one (a new
# engine). Returns 1 if recorded, 0 if not.
_RECORD_REDACTIONS_FN = r"""
local function record_redactions(key, tag, first, from, to)
  if to < from then return 0 end
  local up = tonumber(redis.call('HGET', key, 'upto') or '-1')
  if redis.call('HGET', key, 'engine') ~= tag then
    if first ~= 1 then return 0 end
    redis.call('DEL', key)
    redis.call('HSET', key, 'engine', tag)
    up = 0
  end
  if first > up + 1 then return 0 end
  for i = from, to do
    local at = first + i - from
    if at > up and ARGV[i] ~= '' then redis.call('HSET', key, tostring(at), ARGV[i]) end
  end
  local last = first + to - from
  if last > up then redis.call('HSET', key, 'upto', last) end
  return 1
end
"""

# ARGV 4 is 6: the entry's fields follow directly.
# Returns {"ok", new_version} | {"replayed", stored_response} | {"conflict", current} | {"missing"}
APPEND = _APPEND_CORE + r"""
return {'ok', tostring(v)}
"""

# The service's POST in one call: the append, and the state after it (which the service
# computed while validating) as the projection and a snapshot when due. KEYS 4 projection
# hash, 5 snapshot hash, 6 digests string; ARGV 4 is 9 (or more with redactions); ARGV 7
# the packed state, 8 "1" to store it as the snapshot of the new version too, "0" not to, or
# "c<µs>:<µs>" (the event's fold time and the budget): add the time to the projection's
# ``spent`` (fold time since the last snapshot) and store the snapshot once it reaches the
# budget (replays/checkpoints.py: a replay then folds at most that much), 9 the state's
# digest (written at offset v * its length: ``keys.digests``; refold --check names the exact
# divergent version with them). The projection only moves forward (as WRITE_PROJECTION).
# And how every audience sees the events the service folded (those past the projection
# and this one, replays/redaction.py): KEYS 7 the redactions hash, ARGV 10 the engine tag,
# 11 the first version recorded, 12..ARGV[4] the records (see _RECORD_REDACTIONS_FN).
# Returns as APPEND.
APPEND_PROJECTED = _RECORD_REDACTIONS_FN + _APPEND_CORE + r"""
local at = tonumber(redis.call('HGET', KEYS[4], 'version') or '-1')
if at < v then redis.call('HSET', KEYS[4], 'version', v, 'state', ARGV[7]) end
local snap = ARGV[8] == '1'
local cost, budget = string.match(ARGV[8], '^c(%d+):(%d+)$')
if cost and not snap then
  local spent = tonumber(redis.call('HGET', KEYS[4], 'spent') or '0') + tonumber(cost)
  snap = spent >= tonumber(budget)
  if not snap then redis.call('HSET', KEYS[4], 'spent', spent) end
end
if snap then
  redis.call('HSET', KEYS[5], tostring(v), ARGV[7])
  redis.call('HSET', KEYS[4], 'spent', 0)
end
if ARGV[9] ~= '' then redis.call('SETRANGE', KEYS[6], v * string.len(ARGV[9]), ARGV[9]) end
if KEYS[7] then record_redactions(KEYS[7], ARGV[10], tonumber(ARGV[11]), 12, tonumber(ARGV[4])) end
return {'ok', tostring(v)}
"""

# KEYS: 1 the redactions hash; ARGV: 1 engine tag, 2 first version, 3.. one record per version.
RECORD_REDACTIONS = _RECORD_REDACTIONS_FN + r"""
return record_redactions(KEYS[1], ARGV[1], tonumber(ARGV[2]), 3, #ARGV)
"""

# Everything a request needs to know a match's current state, in one round trip.
# KEYS: 1 projection hash, 2 events stream, 3 idempotency key (or ``keys.no_idempotency``), 4 standing orders hash
# Returns {stored_response or false, projection version or false, state, entries past the
# projection ({id, {field, value, ...}} each), how many seats have standing orders}.
READ_HEAD = r"""
local stored = false
if string.find(KEYS[3], ':idem:', 1, true) then stored = redis.call('GET', KEYS[3]) end
local proj = redis.call('HMGET', KEYS[1], 'version', 'state')
if not proj[1] then return {stored, false} end
local tail = redis.call('XRANGE', KEYS[2], (tonumber(proj[1]) + 1) .. '-0', '+')
return {stored, proj[1], proj[2], tail, redis.call('HLEN', KEYS[4])}
"""

# The state at a past version in one round trip (``MatchStore.read_at``: a replay).
# KEYS: 1 projection hash, 2 events stream, 3 snapshot hash, 4 archive; ARGV: 1 the version.
# Returns {false} for an unknown match; else {projection version, projection state, entries
# past the projection, archive or false, then (the version within 0..head, not archived) the
# base version, its state and the entries after it up to the version}. An archived match's
# stream holds only entries past the archive's log: they come whole (the reader takes the
# archive's states and log, store/archive.py). The base is the latest snapshot at or before
# the version, or the projection when it is closer: read in the same atomic step, so a fold
# moving the projection meanwhile cannot make it overshoot.
READ_AT = r"""
local proj = redis.call('HMGET', KEYS[1], 'version', 'state')
if not proj[1] then return {false} end
local pv = tonumber(proj[1])
local tail = redis.call('XRANGE', KEYS[2], (pv + 1) .. '-0', '+')
local head = pv
if #tail > 0 then head = tonumber(string.match(tail[#tail][1], '^(%d+)-')) end
local at = tonumber(ARGV[1])
local archive = redis.call('GET', KEYS[4])
if archive then return {proj[1], proj[2], tail, archive, false, false, redis.call('XRANGE', KEYS[2], '-', '+')} end
if at < 0 or at > head then return {proj[1], proj[2], tail, false} end
local best = -1
for _, field in ipairs(redis.call('HKEYS', KEYS[3])) do
  local v = tonumber(field)
  if v and v <= at and v > best then best = v end
end
local state = false
if pv <= at and pv > best then
  best = pv
  state = proj[2]
elseif best >= 0 then
  state = redis.call('HGET', KEYS[3], tostring(best))
end
if best < 0 then return {proj[1], proj[2], tail, false} end
local between = {}
if at > best then between = redis.call('XRANGE', KEYS[2], (best + 1) .. '-0', at .. '-0') end
return {proj[1], proj[2], tail, false, tostring(best), state, between}
"""

# KEYS: 1 projection hash, 2 snapshot hash
# ARGV: 1 version, 2 state bytes, then pairs (snapshot version, snapshot state bytes)
# Forward-only: a stale worker finishing late never overwrites a newer projection.
# Snapshots are written either way: the state at a version is the same whoever folds it.
# Returns 1 if the projection was written, 0 if it was already at or past ``version``.
WRITE_PROJECTION = r"""
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '-1')
if tonumber(ARGV[1]) <= current then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'state', ARGV[2])
return 1
"""

# KEYS: 1 meta hash; ARGV: field, value, field, value, ...
# Returns 0 (and writes nothing) if the match does not exist.
UPDATE_META = r"""
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
"""

# Aggregates other than matches (players, challenges): the stream and its projection move
# together, so a reader never sees a state that is not the fold of the stream.
# KEYS: 1 events stream, 2 state hash
# ARGV: 1 expected version, 2 event bytes, 3 new state bytes
# Returns {"ok", new_version} | {"conflict", current}
APPEND_AGGREGATE = r"""
local current = tonumber(redis.call('HGET', KEYS[2], 'version') or '0')
if current ~= tonumber(ARGV[1]) then return {'conflict', tostring(current)} end
local v = current + 1
redis.call('XADD', KEYS[1], v .. '-0', 'e', ARGV[2])
redis.call('HSET', KEYS[2], 'version', v, 'state', ARGV[3])
return {'ok', tostring(v)}
"""

# KEYS: 1 a client's open-wait sorted set (member: wait id, score: lease expiry)
# ARGV: 1 now (unix seconds), 2 cap, 3 lease expiry, 4 wait id
# Expired leases (a crashed process never released them) are dropped first, so the count
# heals itself. Returns {1, 0} when the lease was taken, {0, soonest expiry} at the cap.
ACQUIRE_WAIT = r"""
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local soonest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, soonest[2]}
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('EXPIRE', KEYS[1], 86400)  -- only collects the key of a client gone for a day
return {1, '0'}
"""

# KEYS: 1 meta hash, 2 events stream, then every other key of the match to delete
# Deletes a match only if it still has no event (nobody acted since it was created): the
# check and the delete are one step, so an append racing the sweep either lands first
# (and the match is kept) or finds the match gone (404), never half of it.
# Returns 1 if deleted, 0 if the match has events (or is already gone).
EXPIRE_UNSTARTED = r"""
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('EXISTS', KEYS[2]) == 1 and redis.call('XLEN', KEYS[2]) > 0 then return 0 end
redis.call('DEL', unpack(KEYS))
return 1
"""

# KEYS: 1 snapshot hash; ARGV: 1 keep every (0: keep none but version 0)
# A finished match keeps its log, meta, projection (its final state), the initial snapshot
# (version 0, which every fold may start from) and, when ARGV[1] > 0, the snapshots at
# multiples of it: the dense ones only sped up reads of a match that no longer changes, and
# were most of its bytes. Returns how many snapshots were dropped.
DROP_INTERMEDIATE_SNAPSHOTS = r"""
local every = tonumber(ARGV[1])
local fields = redis.call('HKEYS', KEYS[1])
local dropped = 0
for _, field in ipairs(fields) do
  local v = tonumber(field)
  if v ~= 0 and (every <= 0 or v % every ~= 0) then redis.call('HDEL', KEYS[1], field); dropped = dropped + 1 end
end
return dropped
"""

# KEYS: 1 events stream, 2 projection hash, 3 archive key, then keys to delete (the
# snapshot hash, the per-audience caches); ARGV: 1 the archive (store/archive.py), 2 the
# version it covers. A finished match's log and kept snapshots move into one compressed
# value: only if the stream's last event is that version and the projection is at it (a
# match that moved on or is not folded yet is left alone). The stream keeps its last entry
# alone (rewritten, so no deleted entries pad its node): the version every append checks
# and every waiter reads. Readers read the stream before the archive (MatchStore.read_events),
# so whichever side of this step they fall on they see every event.
# Returns 1 if archived, 0 if not.
ARCHIVE = r"""
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last == 0 then return 0 end
local current = tonumber(string.match(last[1][1], '^(%d+)-'))
if current ~= tonumber(ARGV[2]) then return 0 end
if tonumber(redis.call('HGET', KEYS[2], 'version') or '-1') ~= current then return 0 end
redis.call('SET', KEYS[3], ARGV[1])
redis.call('DEL', KEYS[1])
redis.call('XADD', KEYS[1], last[1][1], unpack(last[1][2]))
for i = 4, #KEYS do redis.call('DEL', KEYS[i]) end
return 1
"""
