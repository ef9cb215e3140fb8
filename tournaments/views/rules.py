"""The rules of an event and of its divisions: edit them (start from a preset, change any
field), and the links to a pairing's scoresheet that take the division's rules."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods

from core.messages import translated
from core.permissions import RESULTS, may_change
from games.engine.rules import PRESETS

from ..forms.rules import DivisionRulesForm, RulesForm, rules_initial
from ..models import Division
from ..rule_texts import preset_choices, rules_sentences
from ..selectors.rules import inheriting_divisions, played_games, unreported_game_of
from ..services import rules as services
from .divisions import changeable_division, division_url
from .events import directed_event

INHERIT_WITH_CHANGES = gettext_noop(
    "You changed some rules, but “Play under the event's rules” is ticked. Untick it to give "
    "this division these rules, or leave the fields as they were."
)


def _start(request, preset: str, current) -> dict:
    """The form's first values: the preset asked for (``?preset=``), else the rules in force."""
    asked = request.GET.get("preset", "")
    if asked in PRESETS:
        return rules_initial(asked, PRESETS[asked])
    return rules_initial(preset, current)


def _page(request, form, *, heading, current, cancel, division=None, tournament) -> object:
    return render(
        request,
        "tournaments/rules_form.html",
        {
            "form": form,
            "heading": heading,
            "rules": rules_sentences(current),
            "presets": preset_choices(),
            "cancel": cancel,
            "tournament": tournament,
            "division": division,
        },
    )


def _refuse_changes_while_inheriting(form) -> None:
    """Fields changed while "Play under the event's rules" stays ticked: saving would silently
    drop what the director typed, so say so instead."""
    if set(form.changed_data) - {"inherit", "confirm_played"}:
        raise services.RulesRefused(INHERIT_WITH_CHANGES)


@login_required
@require_http_methods(["GET", "POST"])
def division_rules(request, tournament_slug: str, division_name: str):
    division = changeable_division(request, tournament_slug, division_name)
    current = division.rule_set()
    preset = division.stored_rules()[0]
    played = played_games(Division.objects.filter(pk=division.pk))
    # Filling the fields from a preset means giving the division rules of its own.
    inherit = division.inherits_rules and request.GET.get("preset", "") not in PRESETS
    initial = _start(request, preset, current) | {"inherit": inherit}
    form = DivisionRulesForm(request.POST or None, initial=initial, played=played, current=current)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if data["inherit"]:
                _refuse_changes_while_inheriting(form)
            services.division_rules_update(
                by=request.user,
                division=division,
                preset="" if data["inherit"] else data["preset"],
                fields=form.rule_fields(),
                confirm_played=data.get("confirm_played", False),
            )
        except services.RulesRefused as err:
            form.add_error(None, translated(err))
        else:
            messages.success(request, _("The division's rules are saved."))
            return redirect(division_url(division))
    heading = _("Division %(name)s: rules") % {"name": division.name}
    return _page(
        request,
        form,
        heading=heading,
        current=current,
        cancel=division_url(division),
        division=division,
        tournament=division.tournament,
    )


@login_required
@require_http_methods(["GET", "POST"])
def tournament_rules(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug)
    current = tournament.rule_set()
    played = played_games(inheriting_divisions(tournament))
    initial = _start(request, tournament.rules_preset, current)
    form = RulesForm(request.POST or None, initial=initial, played=played, current=current)
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_rules_update(
                by=request.user,
                tournament=tournament,
                preset=form.cleaned_data["preset"],
                fields=form.rule_fields(),
                confirm_played=form.cleaned_data.get("confirm_played", False),
            )
        except services.RulesRefused as err:
            form.add_error(None, translated(err))
        else:
            messages.success(request, _("The event's rules are saved."))
            return redirect(tournament)
    heading = _("%(event)s: rules") % {"event": tournament.name}
    return _page(
        request,
        form,
        heading=heading,
        current=current,
        cancel=tournament.get_absolute_url(),
        tournament=tournament,
    )


def scoresheet_url(pairing_id: int) -> str:
    """The scoresheet of a pairing: a new one under its division's rules, or the one there is."""
    return f"{reverse('games:create')}?pairing={pairing_id}"


def player_scoresheet_url(user, division: Division, entry_id: int) -> str | None:
    """For the player's page: the sheet of their game in progress, for those who may enter
    the division's results (a scorekeeper at the table); None for everyone else."""
    if not user.is_authenticated or not may_change(user, division, RESULTS):
        return None
    pairing = unreported_game_of(division.pk, entry_id)
    return scoresheet_url(pairing.pk) if pairing is not None else None
