"""The playoff's titles, game scores and advantage in words, for the bracket templates
(``playoff_text``)."""

from django import template

from tournaments import playoff_text
from tournaments.selectors.playoffs import GameView, LevelTitle, PlayoffView, SeriesTitle

register = template.Library()


@register.filter
def playoff_title(title: LevelTitle | SeriesTitle) -> str:
    """A level's or a series' title: ``{{ title|playoff_title }}``."""
    if isinstance(title, SeriesTitle):
        return playoff_text.series_title(title)
    return playoff_text.level_title(title)


@register.filter
def game_score(game: GameView) -> str:
    return playoff_text.game_score(game)


@register.filter
def playoff_advantage(view: PlayoffView) -> str:
    return playoff_text.advantage_text(view.stage)
