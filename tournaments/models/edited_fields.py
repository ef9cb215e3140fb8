"""The fields of an event, a division and an entry that a director edits: what their services
change and audit, and what an event archive writes and reads back (``archive/shape.py``)."""

DIVISION_FIELDS = [
    "name",
    "rounds",
    "pairing_plan",
    "bye_spread",
    "forfeit_spread",
    "max_repeats",
    "gibsonize",
    "prize_places",
    "max_spread_per_round",
    "tiebreaks",
    "pair_checked_in_only",
    "withdrawn_last",
    "cop_settings",
    "avoid_team_rounds",
]

ENTRY_FIELDS = [
    "player",
    "number",
    "rating",
    "status",
    "paid",
    "payment_note",
    "joins_at_round",
    "withdrawn_after_round",
    "starting_wins",
    "starting_losses",
    "starting_spread",
    "fixed_table",
]

TOURNAMENT_FIELDS = [
    "name",
    "slug",
    "start_date",
    "end_date",
    "venue",
    "rules_preset",
    "rules",
    "is_public",
    "language",
    "self_reporting",
    "club",
    "thai_buddhist_era",
    "country",
    "paper_size",
    "time_zone",
]
