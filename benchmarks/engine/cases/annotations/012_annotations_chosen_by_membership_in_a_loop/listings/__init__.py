"""Listings server: tool modules register functions in a table; the server adds them."""
