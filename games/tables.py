import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from core.table_columns import DayColumn, MomentColumn

from .models import Game, Judgment


class GameTable(tables.Table):
    created_at = DayColumn(verbose_name=_("Date"), linkify=lambda record: record.get_absolute_url())
    first_player = tables.Column(verbose_name=_("First player"), order_by=("first_player__name",))
    first_score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"}})
    second_score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"}})
    second_player = tables.Column(
        verbose_name=_("Second player"), order_by=("second_player__name",)
    )
    ending = tables.Column(verbose_name=_("Ended"), default=_("In progress"))
    event = tables.Column(
        verbose_name=_("Tournament"),
        accessor="pairing__round__division__tournament",
        default="",
        orderable=False,
    )

    class Meta:
        model = Game
        fields = (
            "created_at",
            "first_player",
            "first_score",
            "second_score",
            "second_player",
            "ending",
            "event",
        )
        order_by = ("-created_at",)

    def render_ending(self, record: Game) -> str:
        return record.get_ending_display()


class JudgmentTable(tables.Table):
    at = MomentColumn(verbose_name=_("When"))
    lexicon = tables.Column(verbose_name=_("Word list"))
    words = tables.Column(verbose_name=_("Words"))
    acceptable = tables.BooleanColumn(verbose_name=_("Acceptable"))
    by = tables.Column(verbose_name=_("Asked by"))

    class Meta:
        model = Judgment
        fields = ("at", "lexicon", "words", "acceptable", "by")
        orderable = False  # the latest rulings, newest first

    def render_words(self, value) -> str:
        return " ".join(value)
