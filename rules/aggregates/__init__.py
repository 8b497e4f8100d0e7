"""Pure reducers of the aggregates that are not matches: players and challenges.

They follow the games' discipline (standard library only, no clock, no randomness; time
enters as ``at`` stamped on each event by the service), so a player's or a challenge's
record is the fold of its own event stream, exactly like a match's state.
"""
