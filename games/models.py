"""Games, their scoresheets, word lists and the judge's log (broadcasts and the integrity
desk's dismissals: broadcast/models.py, integrity/models.py). A game's scoresheet is its `Turn`
rows (a Scoresheet model would hold nothing of its own), rewritten by the services from an engine
replay of the rows the referee entered (`is_entry`): scores, totals and result obey the rules.
"""

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.model_fields import acting_user, different, optional_link
from core.models import Named
from core.permissions import RESULTS
from games.engine.scoresheet import CHALLENGED_VALID, NO_CHALLENGE, PHONY_WITHDRAWN, SheetEntry
from players.models import Player
from tournaments.models import Division, Tournament
from tournaments.models.events import stored_rule_set

from .engine.clock import ClockState
from .engine.rules import RuleSet
from .engine.state import Ending as EngineEnding
from .engine.state import TurnKind


class GameQuerySet(models.QuerySet):
    def recent(self) -> "GameQuerySet":
        """Newest first, with what a list shows, in a fixed number of queries."""
        return self.select_related(
            "first_player", "second_player", "pairing__round__division__tournament"
        ).order_by("-created_at", "-id")

    def visible_to(self, user) -> "GameQuerySet":
        """Casual games, and games at the tables of the tournaments ``user`` may see."""
        return self.filter(
            Q(pairing__isnull=True)
            | Q(pairing__round__division__tournament__in=Tournament.objects.visible_to(user))
        )


class Game(models.Model):
    """A game between two players, casual or at one table of a tournament round."""

    class Ending(models.TextChoices):
        OUT = EngineEnding.OUT.value, _("A player went out")
        PASSES = EngineEnding.PASSES.value, _("Passes")
        SCORELESS = EngineEnding.SCORELESS.value, _("Scoreless turns")
        TURN_CAP = EngineEnding.TURN_CAP.value, _("Turn limit")
        FINISH_LINE = EngineEnding.FINISH_LINE.value, _("Finish line reached")
        FORFEIT = EngineEnding.FORFEIT.value, _("Forfeit")

    class Side(models.IntegerChoices):
        FIRST = 0, _("First player")
        SECOND = 1, _("Second player")

    pairing = models.OneToOneField(
        "tournaments.Pairing",
        verbose_name=_("pairing"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="game",
    )
    first_player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="games_first",
        verbose_name=_("first player (went first)"),
    )
    second_player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="games_second",
        verbose_name=_("second player"),
    )
    rules_preset = models.CharField(_("rule set"), max_length=32, default="naspa")
    rules = models.JSONField(_("rule set details"), default=dict)
    lexicon = optional_link(
        "Lexicon", _("word list"), on_delete=models.SET_NULL, related_name="games"
    )
    title = models.CharField(_("title"), max_length=200, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    first_score = models.IntegerField(_("first player's score"), default=0)
    second_score = models.IntegerField(_("second player's score"), default=0)
    ending = models.CharField(_("how it ended"), max_length=16, choices=Ending.choices, blank=True)
    winner = models.PositiveSmallIntegerField(
        _("winner"), choices=Side.choices, null=True, blank=True
    )
    forfeited_by = models.PositiveSmallIntegerField(
        _("forfeited by"), choices=Side.choices, null=True, blank=True
    )
    # Play-off attempts of a tie (games.engine.playoff); tiles left by side (games.end_racks).
    playoff_words = models.JSONField(_("play-off words"), default=list, blank=True)
    end_racks = models.JSONField(_("tiles left on the racks"), default=list, blank=True)
    # The pairing's result version this sheet last recorded: while the pairing is still at it,
    # a corrected sheet may replace its result; once anyone else changes it, the sheet only warns.
    result_version = models.PositiveIntegerField(
        _("pairing result version recorded by the sheet"), null=True, blank=True, editable=False
    )
    created_by = acting_user(_("created by"), blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [different("first_player", "second_player", name="game_distinct_players")]

    def __str__(self) -> str:
        return f"{self.first_player} v {self.second_player}"

    def get_absolute_url(self) -> str:
        return reverse("games:detail", kwargs={"game_id": self.pk})

    @property
    def is_over(self) -> bool:
        return bool(self.ending)

    @property
    def awaited_sides(self) -> list[int]:
        """The sides whose tiles left are awaited before the result is final (``end_racks``)."""
        return [side for side, rack in enumerate(self.end_racks or []) if rack is None]

    @property
    def has_final_scores(self) -> bool:
        """Whether the sheet's scores are the game's result: over, no rack still awaited, and
        not ended by a forfeit (the scores at that moment do not decide it). The result entry's
        comparison with the sheet reads this (``tournaments.services.results``)."""
        return self.is_over and not self.awaited_sides and self.ending != self.Ending.FORFEIT

    def side_of(self, player_id: int) -> int | None:
        """0 or 1 for the sheet's first or second player, ``None`` for anyone else."""
        if player_id == self.first_player_id:
            return 0
        if player_id == self.second_player_id:
            return 1
        return None

    @property
    def scores(self) -> tuple[int, int]:
        return (self.first_score, self.second_score)

    @property
    def players(self) -> tuple[Player, Player]:
        return (self.first_player, self.second_player)

    @property
    def player_names(self) -> tuple[str, str]:
        return (self.first_player.name, self.second_player.name)

    @property
    def tournament(self):
        if self.pairing_id is None:
            return None
        return self.pairing.round.division.tournament

    def rule_set(self) -> RuleSet:
        """The engine's rule set this game is played under."""
        return stored_rule_set(self.rules_preset, self.rules)

    def is_changeable_by(self, user, action: str = RESULTS) -> bool:
        """Tournament games: that tournament's directors and assistants; casual games: the
        person who created it. (Staff and the anonymous are settled by core.permissions.)"""
        if self.pairing_id is not None:
            return self.tournament.is_changeable_by(user, RESULTS)
        return self.created_by_id is not None and self.created_by_id == user.pk

    def entries(self) -> list[SheetEntry]:
        """The turns the referee entered, in order, as the scoresheet replays them."""
        return [turn.as_entry() for turn in self.turns.filter(is_entry=True).order_by("number")]


class Turn(models.Model):
    """One line of a scoresheet, as the engine computed it from the entries."""

    class Kind(models.TextChoices):
        PLAY = TurnKind.PLAY.value, _("Play")
        EXCHANGE = TurnKind.EXCHANGE.value, _("Exchange")
        PASS = TurnKind.PASS.value, _("Pass")
        PHONY = TurnKind.PHONY.value, _("Phony withdrawn")
        LOST_CHALLENGE = TurnKind.LOST_CHALLENGE.value, _("Turn lost to a challenge")
        CHALLENGE_PENALTY = TurnKind.CHALLENGE_PENALTY.value, _("Challenge penalty")
        CHALLENGE_BONUS = TurnKind.CHALLENGE_BONUS.value, _("Challenge bonus")
        TIME_OVERRUN = TurnKind.TIME_OVERRUN.value, _("Over time: turn lost")
        RACK = TurnKind.RACK.value, _("Tiles left on the racks")
        CLOCK = TurnKind.CLOCK.value, _("Time penalty")

    class Challenge(models.TextChoices):
        NONE = NO_CHALLENGE, _("Not challenged")
        PHONY = PHONY_WITHDRAWN, _("Phony, withdrawn")
        VALID = CHALLENGED_VALID, _("Challenged and valid")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="turns")
    number = models.PositiveSmallIntegerField(_("line"))
    player = models.PositiveSmallIntegerField(_("player"), choices=Game.Side.choices)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    is_entry = models.BooleanField(_("entered"), default=True, help_text=_("Entered by hand; otherwise worked out."))  # fmt: skip
    move = models.CharField(_("move"), max_length=40, blank=True)
    rack = models.CharField(_("rack"), max_length=20, blank=True)
    challenge = models.CharField(_("challenge"), max_length=8, choices=Challenge.choices, default=Challenge.NONE)  # fmt: skip
    seconds = models.PositiveIntegerField(_("seconds used"), null=True, blank=True)
    score = models.IntegerField(_("score"), default=0)
    first_total = models.IntegerField(_("first player's total"), default=0)
    second_total = models.IntegerField(_("second player's total"), default=0)
    words = models.JSONField(_("words formed"), default=list, blank=True)
    withdrawn_score = models.IntegerField(_("score of the withdrawn play"), null=True, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    saved_at = models.DateTimeField(_("saved"), null=True, blank=True, default=timezone.now)  # fmt: skip

    class Meta:
        ordering = ["game", "number"]
        verbose_name = _("turn")
        verbose_name_plural = _("turns")
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="turn_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.number} {self.move or self.get_kind_display()}"

    def as_entry(self) -> SheetEntry:
        if self.kind == self.Kind.CLOCK:
            return SheetEntry(penalty=self.score, player=self.player, notes=self.notes)
        return SheetEntry(
            move=self.move,
            rack=self.rack,
            seconds=self.seconds,
            challenge=self.challenge,
            notes=self.notes,
        )

    @property
    def totals(self) -> tuple[int, int]:
        return (self.first_total, self.second_total)


class GameClock(models.Model):
    """The table clock of a scoresheet, kept here so that every device shows the same clock.

    The fields are ``games.engine.clock.ClockState``; times are milliseconds since the epoch on
    the server's time line (the services convert), used times are milliseconds.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="clock")
    running = models.PositiveSmallIntegerField(
        _("clock running for"), choices=Game.Side.choices, null=True, blank=True
    )
    since_ms = models.BigIntegerField(_("running since (ms)"), null=True, blank=True)
    first_used_ms = models.BigIntegerField(_("first player's time used (ms)"), default=0)
    second_used_ms = models.BigIntegerField(_("second player's time used (ms)"), default=0)
    turn_of = models.PositiveSmallIntegerField(
        _("turn in progress of"), choices=Game.Side.choices, null=True, blank=True
    )
    turn_ms = models.BigIntegerField(_("turn time before the last start (ms)"), default=0)
    last_turn_player = models.PositiveSmallIntegerField(
        _("last finished turn of"), choices=Game.Side.choices, null=True, blank=True
    )
    last_turn_ms = models.BigIntegerField(_("last finished turn (ms)"), null=True, blank=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("game clock")
        verbose_name_plural = _("game clocks")

    def __str__(self) -> str:
        return f"clock of game {self.game_id}"

    def as_state(self) -> ClockState:
        last = None
        if self.last_turn_player is not None and self.last_turn_ms is not None:
            last = (self.last_turn_player, self.last_turn_ms)
        return ClockState(
            running=self.running,
            since=self.since_ms,
            used=(self.first_used_ms, self.second_used_ms),
            turn_of=self.turn_of,
            turn_ms=self.turn_ms,
            last_turn=last,
        )

    def state_fields(self, state: ClockState) -> dict:
        """The field values that store ``state``."""
        last_player, last_ms = state.last_turn or (None, None)
        return {
            "running": state.running,
            "since_ms": state.since,
            "first_used_ms": state.used[0],
            "second_used_ms": state.used[1],
            "turn_of": state.turn_of,
            "turn_ms": state.turn_ms,
            "last_turn_player": last_player,
            "last_turn_ms": last_ms,
        }


class Lexicon(Named):
    """A word list a director uploaded.

    The words live in the database (`word_list`, normalised: upper case, sorted, one per line)
    rather than under MEDIA_ROOT: the row and its words are written in one transaction, every web
    process reads the same copy without a shared media volume, and backups of the database hold
    everything. Lists are a few MB; reads that do not need the words defer the column.
    """

    name = models.CharField(_("name"), max_length=60, unique=True)
    checksum = models.CharField(_("SHA-256"), max_length=64)
    word_count = models.PositiveIntegerField(_("words"))
    word_list = models.TextField(_("word list"))
    uploaded_by = acting_user(blank=True)
    uploaded_at = models.DateTimeField(_("uploaded"), auto_now_add=True)

    class Meta(Named.Meta):
        verbose_name = _("word list")
        verbose_name_plural = _("word lists")


class JudgeKiosk(models.Model):
    """A judging screen a director opened for a division: its URL (the token) lets anyone at the
    judging table ask the word judge, and nothing else, until it expires or is closed."""

    token = models.CharField(_("token"), max_length=64, unique=True)
    division = models.ForeignKey(
        Division, on_delete=models.CASCADE, related_name="judge_kiosks", verbose_name=_("division")
    )
    lexicon = models.ForeignKey(
        Lexicon, on_delete=models.PROTECT, related_name="kiosks", verbose_name=_("word list")
    )
    opened_by = acting_user(_("opened by"))
    opened_at = models.DateTimeField(_("opened"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        ordering = ["-opened_at", "-id"]
        verbose_name = _("judging screen")
        verbose_name_plural = _("judging screens")

    def __str__(self) -> str:
        return str(self.division)

    def is_open(self, now) -> bool:
        return self.closed_at is None and now < self.expires_at


class Judgment(models.Model):
    """One ruling of the word judge: which words, against which list, and the answer."""

    at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    lexicon = models.ForeignKey(
        Lexicon, on_delete=models.PROTECT, related_name="judgments", verbose_name=_("word list")
    )
    words = models.JSONField(_("words"))
    acceptable = models.BooleanField(_("acceptable"))
    by = acting_user(_("asked by"))
    kiosk = optional_link(
        JudgeKiosk, _("judging screen"), on_delete=models.SET_NULL, related_name="judgments"
    )

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("judgment")
        verbose_name_plural = _("judgments")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {' '.join(self.words)}"


from .broadcast.models import BroadcastMark, DivisionBroadcast, EventBroadcast  # noqa: E402, F401
from .integrity.models import FlagDismissal  # noqa: E402, F401
