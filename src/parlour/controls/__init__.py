"""The keys of every screen and what they do, without Textual.

Each screen's keys are one table (:mod:`.keys`); a game's controls (:mod:`.game` and one
module per game, named by the game's plug-in) keep what the player has selected and turn
keys into engine moves. The app makes its bindings from the tables, and the help and
docs/keys.md are written from them, so that the three can never disagree.
"""
