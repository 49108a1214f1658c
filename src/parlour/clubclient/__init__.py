"""The club's client: sending a player's finished rounds, signed, to the club they joined
(and keeping those it could not reach for later), and reading the club's leaderboards.
Used by ``parlour club`` and the app's Club screen; nothing here waits longer than its
timeout."""
