"""Each migration of the club database, oldest first."""
