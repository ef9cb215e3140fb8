"""A player's rating history as an inline SVG line chart, drawn on the server (no JavaScript)."""

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from core.formatting import fmt_date

from .rating_text import point_label
from .selectors import RatingHistory

WIDTH, HEIGHT, MARGIN = 600, 180, 36


def _scale(ratings: list[int]) -> tuple[int, int]:
    low, high = min(ratings), max(ratings)
    # A flat history still needs a band to draw in; 50 points either side reads well.
    if high - low < 100:
        middle = (low + high) // 2
        low, high = middle - 50, middle + 50
    return low, high


def history_points(history: RatingHistory) -> list[tuple[float, float]]:
    """Chart coordinates of each point: evenly spaced events, rating upwards."""
    ratings = [point.rating for point in history.points]
    low, high = _scale(ratings)
    inner_w, inner_h = WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN
    step = inner_w / (len(ratings) - 1) if len(ratings) > 1 else 0
    return [
        (
            round(MARGIN + (i * step if step else inner_w / 2), 1),
            round(MARGIN + inner_h * (high - rating) / (high - low), 1),
        )
        for i, rating in enumerate(ratings)
    ]


def history_svg(history: RatingHistory) -> SafeString:
    """The chart: one polyline through every event, a dot per event titled with its rating."""
    if not history.points:
        return mark_safe("")
    coordinates = history_points(history)
    ratings = [point.rating for point in history.points]
    low, high = _scale(ratings)
    line = " ".join(f"{x},{y}" for x, y in coordinates)
    dots = "".join(
        format_html(
            '<circle class="rating-point" cx="{}" cy="{}" r="3.5"><title>{} {}: {}</title></circle>',
            x,
            y,
            fmt_date(point.when),
            point_label(point),
            point.rating,
        )
        for (x, y), point in zip(coordinates, history.points, strict=True)
    )
    label = _("Rating history on %(list)s") % {"list": history.rating_list.name}
    return mark_safe(  # noqa: S308 - every interpolated value is escaped or a number
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        f'<text x="2" y="{MARGIN + 4}" class="axis">{high}</text>'
        f'<text x="2" y="{HEIGHT - MARGIN + 4}" class="axis">{low}</text>'
        f'<line x1="{MARGIN}" y1="{HEIGHT - MARGIN}" x2="{WIDTH - MARGIN}" '
        f'y2="{HEIGHT - MARGIN}" class="axis-line"/>'
        f'<polyline class="rating-line" fill="none" points="{line}"/>{dots}</svg>'
    )
