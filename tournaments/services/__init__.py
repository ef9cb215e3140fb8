"""Writes for tournaments, one module per concept. Each validates, locks, writes and audits."""
