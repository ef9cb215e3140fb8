"""A player's entry in a division: number, rating at entry, registration, late entry, withdrawal."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from players.models import Player

from .events import Division

# The fields of an entry a director edits (as ``events.DIVISION_FIELDS``).
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


def tsh_fields_as_kept(value) -> bool:
    """Whether ``value`` is ``Entry.tsh_fields`` as the TSH import keeps them (and the exports
    read them): an object whose ``name`` and ``rating`` are text (or absent) and whose ``tags``
    are ``[tag, [values]]`` pairs of text."""
    if not isinstance(value, dict):
        return False
    if any(not isinstance(value.get(key) or "", str) for key in ("name", "rating")):
        return False
    tags = value.get("tags", [])
    return isinstance(tags, list) and all(
        isinstance(tag, list)
        and len(tag) == 2
        and isinstance(tag[0], str)
        and isinstance(tag[1], list)
        and all(isinstance(word, str) for word in tag[1])
        for tag in tags
    )


class Entry(models.Model):
    """A player's place in a division: their number, rating at entry and registration status."""

    class Status(models.TextChoices):
        # Whether the player is at the venue; payment is its own flag (``paid``), so a player
        # checked in before paying can still be marked paid.
        REGISTERED = "registered", _("Registered")
        CHECKED_IN = "checked_in", _("Checked in")

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField(_("player number"))
    rating = models.IntegerField(_("rating at entry"), default=0)
    status = models.CharField(
        _("registration"), max_length=16, choices=Status.choices, default=Status.REGISTERED
    )
    paid = models.BooleanField(_("paid"), default=False)
    payment_note = models.CharField(_("payment note"), max_length=200, blank=True)
    joins_at_round = models.PositiveSmallIntegerField(_("joins at round"), default=1)
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("withdrawn after round"), null=True, blank=True
    )
    starting_wins = models.DecimalField(
        _("starting wins"), max_digits=5, decimal_places=1, default=0
    )
    starting_losses = models.DecimalField(
        _("starting losses"), max_digits=5, decimal_places=1, default=0
    )
    starting_spread = models.IntegerField(_("starting spread"), default=0)
    fixed_table = models.PositiveSmallIntegerField(
        _("fixed table"),
        null=True,
        blank=True,
        help_text=_("Always seat this player at this table (for example for accessibility)."),
    )
    player_class = models.CharField(
        _("class"),
        max_length=4,
        blank=True,
        help_text=_(
            "A class letter for class prizes (COP pairs class contenders in the last round)."
        ),
    )
    grade = models.CharField(
        _("grade"),
        max_length=8,
        blank=True,
        help_text=_("For handicap prizes: the division gives each grade its base points."),
    )
    # A school, club or country the player plays for: team standings add up its members across
    # the event's divisions, and a division may keep team-mates apart in its first rounds.
    team = models.CharField(
        _("team"),
        max_length=80,
        blank=True,
        help_text=_("A school, club or country; team standings add up its members' results."),
    )
    # What a TSH import read and this site does not model (original name and rating text, tags
    # such as newr, team, class, rrank), written back unchanged on export.
    tsh_fields = models.JSONField(_("TSH fields"), default=dict, blank=True)
    # Raised when a director revokes the personal link: links signed for an older generation
    # (printed QR codes included) then say they are void (selectors/entry_links.py).
    link_generation = models.PositiveIntegerField(_("personal link generation"), default=0)

    class Meta:
        ordering = ["division", "number"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["division", "player"], name="entry_player_once"),
            models.UniqueConstraint(fields=["division", "number"], name="entry_number_unique"),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.player}"

    def is_active_in(self, round_number: int) -> bool:
        """Whether the entry plays ``round_number``: joined by then, not withdrawn before it
        (``active_in_q`` says the same in a query)."""
        if round_number < self.joins_at_round:
            return False
        return self.withdrawn_after_round is None or round_number <= self.withdrawn_after_round


def active_in_q(round_number: int, prefix: str = "") -> models.Q:
    """``Entry.is_active_in(round_number)`` as a query on entries (``prefix``: the path to them,
    e.g. ``"entries__"`` from a division)."""
    joined = models.Q(**{f"{prefix}joins_at_round__lte": round_number})
    withdrawn = models.Q(**{f"{prefix}withdrawn_after_round__isnull": True}) | models.Q(
        **{f"{prefix}withdrawn_after_round__gte": round_number}
    )
    return joined & withdrawn


# Which audited changes to an entry or a division's check-in the audit log can undo, and the
# action each undo is recorded under (result_text.audit_rows shows the button, services.change_undo
# carries it out).
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
# A registration is undone by removing the entry (refused once it is paired); a division's
# settings by putting back the fields the change set (``services.change_undo``).
ADD_UNDO = {"entry.add": "entry.remove"}
SETTINGS_UNDO = {"division.update": "division.update", "division.rules": "division.rules"}
UNDOABLE = (
    frozenset(ENTRY_UNDO)
    | frozenset(DIVISION_UNDO)
    | frozenset(ADD_UNDO)
    | frozenset(SETTINGS_UNDO)
)
