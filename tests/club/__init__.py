"""The club: its server, client, signatures and web page."""
