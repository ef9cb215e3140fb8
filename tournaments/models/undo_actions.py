"""Which audited changes to an entry or a division's check-in can be undone from the log, and
under which action each undo is recorded: read by the audit log's rows (``selectors.audit``)
and carried out by ``services.change_undo``."""

# The change's action -> the fields it set, and the action its undo is audited under.
ENTRY_UNDO: dict[str, tuple[tuple[str, ...], str]] = {
    "entry.withdraw": (("withdrawn_after_round",), "entry.reinstate"),
    "entry.reinstate": (("withdrawn_after_round",), "entry.withdraw"),
    "entry.check_in": (("status",), "entry.undo_check_in"),
    "entry.self_check_in": (("status",), "entry.undo_check_in"),
    "entry.undo_check_in": (("status",), "entry.check_in"),
    "entry.paid": (("paid", "payment_note"), "entry.unpaid"),
    "entry.unpaid": (("paid", "payment_note"), "entry.paid"),
    "entry.fixed_table": (("fixed_table",), "entry.fixed_table"),
    "entry.class": (("player_class",), "entry.class"),
    "entry.grade": (("grade",), "entry.grade"),
    "entry.team": (("team",), "entry.team"),
}
DIVISION_UNDO = {
    "division.check_in_open": "division.check_in_close",
    "division.check_in_close": "division.check_in_open",
}
UNDOABLE = frozenset(ENTRY_UNDO) | frozenset(DIVISION_UNDO)
