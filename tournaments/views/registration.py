"""Registration for directors: the registration table, adding one player through the picker,
and one entry's own page (payment, check-in, withdrawal, fixed table, class, team)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Max
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.forms import error_lines
from core.messages import translated
from core.permissions import may_manage_players, require_player_management
from core.tablepages import configure_table
from players import services as player_services

from ..forms.events import EntryActionForm, EntryAddForm
from ..forms.registration import BulkEntriesForm, NewPlayerForm, PlayerSearchForm
from ..models import Entry
from ..selectors import registration as selectors
from ..selectors.entry_links import entry_link
from ..services import entries as services
from ..services.divisions import DivisionRefused
from ..services.entries import BULK_ACTIONS
from ..services.entry_links import entry_link_reissue
from ..tables.registration import BULK_FORM, RegistrationTable, status_chips
from .check_in import arrivals_context
from .divisions import changeable_division, division_url

MAX_UNDO = 2000


@login_required
@require_http_methods(["GET", "POST"])
def registration(request, tournament_slug: str, division_name: str):
    division = changeable_division(request, tournament_slug, division_name)
    late_round = _late_round(division)
    initial = {"joins_at_round": late_round} if late_round else {}
    form = EntryAddForm(request.POST or None, initial=initial, viewer=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            entry = _add(request.user, division, form.cleaned_data)
        except DivisionRefused as err:
            form.add_error(None, translated(err))
        else:
            messages.success(
                request,
                _("%(name)s entered as #%(number)d.")
                % {"name": entry.player.name, "number": entry.number},
            )
            return redirect(division_url(division, "registration"))
    search = PlayerSearchForm(request.GET)
    text = search.cleaned_data["q"] if search.is_valid() else ""
    matches, more = selectors.player_matches(division, text, viewer=request.user)
    new_player = _new_player_id(request)
    entries = selectors.registration_entries(division)
    table = RegistrationTable(entries, request=request, division=division)
    configure_table(request, table, filename="registration", paginate=False)
    return render(
        request,
        "tournaments/registration.html",
        {
            "tournament": division.tournament,
            "division": division,
            "table": table,
            "counts": _counts(entries),
            "form": form,
            "search": search,
            "query": text,
            "matches": matches,
            "more": more,
            "bulk_form": BulkEntriesForm(division=division),
            "bulk_form_id": BULK_FORM,
            "undo": _undo_offer(request, division),
            "selected": new_player,
            "may_add_players": may_manage_players(request.user),
            "late_round": late_round,
            "duplicate": "duplicate" in request.GET,
        }
        | arrivals_context(division),
    )


def _late_round(division) -> int | None:
    """The round a player entered now joins at, once rounds are paired (``None`` before)."""
    last = division.round_set.aggregate(last=Max("number"))["last"]
    return min(last + 1, division.rounds) if last else None


def _new_player_id(request) -> int | None:
    """The player just created from this page (``?new=<id>``), to be chosen in the picker."""
    value = request.GET.get("new", "")
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 9 else None


@login_required
@require_POST
def registration_new_player(request, tournament_slug: str, division_name: str):
    """Create the player typed in the registration search ("new-name", "new-country",
    "new-member_id") and come back to the registration form with them chosen and, once rounds
    are paired, the late-entry fields open at the next round."""
    changeable_division(request, tournament_slug, division_name)
    require_player_management(request.user)
    form = NewPlayerForm(request.POST)
    back = reverse("tournaments:registration", args=[tournament_slug, division_name])
    typed = request.POST.get("new-name", "")[:100]
    if not form.is_valid():
        for line in error_lines(form, labels=False):
            messages.error(request, line)
        return redirect(f"{back}?{urlencode({'q': typed})}#add-player")
    data = form.cleaned_data
    try:
        player = player_services.player_create(
            by=request.user,
            name=data["name"],
            country=data["country"],
            member_id=data["member_id"],
            confirm_duplicate=data["confirm_duplicate"],
        )
    except player_services.DuplicatePlayer as err:
        messages.error(request, translated(err))
        query = urlencode({"q": data["name"], "duplicate": 1})
        return redirect(f"{back}?{query}#add-player")
    except (player_services.PlayerRefused, ValidationError) as err:
        messages.error(request, translated(err) if hasattr(err, "template") else err.messages[0])
        return redirect(f"{back}?{urlencode({'q': data['name']})}#add-player")
    messages.success(
        request,
        _("Player %(name)s added: check the entry details and press Add.") % {"name": player.name},
    )
    return redirect(f"{back}?{urlencode({'q': player.name, 'new': player.pk})}#add-player")


def _undo_offer(request, division) -> dict | None:
    """The undo a bulk change offers (``?undo=<action>&ids=1,2``): the inverse action and the
    entries it changed, when they are this division's."""
    action, ids = request.GET.get("undo", ""), request.GET.get("ids", "")
    if action not in BULK_ACTIONS or not ids:
        return None
    numbers = [
        int(part)
        for part in ids.split(",")[:MAX_UNDO]
        if part.isascii() and part.isdigit() and len(part) <= 9
    ]
    entries = list(division.entries.filter(pk__in=numbers).values_list("pk", flat=True))
    return {"action": action, "entries": entries} if entries else None


def _add(by, division, data: dict) -> Entry:
    return services.entry_add(
        by=by,
        division=division,
        player=data["player"],
        rating=data["rating"],
        status=Entry.Status.CHECKED_IN if data["checked_in"] else Entry.Status.REGISTERED,
        joins_at_round=data["joins_at_round"],
        starting_wins=data["starting_wins"],
        starting_losses=data["starting_losses"],
        starting_spread=data["starting_spread"],
    )


def _counts(entries) -> dict:
    rows = list(entries.values_list("status", "paid", "withdrawn_after_round"))
    return {
        "entered": len(rows),
        "checked_in": sum(status == Entry.Status.CHECKED_IN for status, _p, _w in rows),
        "paid": sum(paid for _s, paid, _w in rows),
        "withdrawn": sum(withdrawn is not None for _s, _p, withdrawn in rows),
    }


@login_required
@require_http_methods(["GET", "POST"])
def entry_update(request, tournament_slug: str, division_name: str, entry_id: int):
    """One entry's page; its forms post here. A withdrawal, and a reinstatement that changes a
    round already paired, need their confirmation box ticked."""
    division = changeable_division(request, tournament_slug, division_name)
    entry = get_object_or_404(
        Entry.objects.select_related("player"), pk=entry_id, division=division
    )
    if request.method == "GET":
        return _entry_page(request, division, entry, EntryActionForm())
    form = EntryActionForm(request.POST)
    if not form.is_valid():
        return _entry_page(request, division, entry, form, status=422)
    data = form.cleaned_data
    if _needs_confirmation(entry, data) and not data["confirm"]:
        form.add_error("confirm", _("Tick the box to confirm."))
        return _entry_page(request, division, entry, form, status=422)
    try:
        _apply(request.user, entry, data)
    except DivisionRefused as err:
        messages.error(request, translated(err))
        return redirect(division_url(division, "entry_update", entry_id=entry.pk))
    messages.success(request, _done_message(entry, data["action"]))
    if data["action"] == "reissue_link":  # back to the page showing the new link and QR
        return redirect(division_url(division, "entry_update", entry_id=entry.pk))
    return redirect(division_url(division, "registration"))


def _done_message(entry: Entry, action: str) -> str:
    """What the director is told after a change: a withdrawal says after which round."""
    names = {"number": entry.number, "name": entry.player.name}
    if action == "withdraw":
        entry.refresh_from_db(fields=["withdrawn_after_round"])
        if entry.withdrawn_after_round == 0:
            return _("#%(number)d %(name)s withdrawn before the start.") % names
        return _("#%(number)d %(name)s withdrawn after round %(round)d.") % (
            names | {"round": entry.withdrawn_after_round}
        )
    if action == "reissue_link":
        return _("#%(number)d %(name)s has a new personal link; the old one is void.") % names
    return _("#%(number)d %(name)s updated.") % names


def _needs_confirmation(entry: Entry, data: dict) -> bool:
    if data["action"] == "withdraw":
        return True
    if data["action"] == "reinstate":
        return bool(_rounds_missed(entry))
    return False


def _rounds_missed(entry: Entry) -> list[int]:
    """Rounds paired after the player's withdrawal, which a reinstatement leaves without them."""
    if entry.withdrawn_after_round is None:
        return []
    rounds = entry.division.round_set.filter(number__gt=entry.withdrawn_after_round)
    return list(rounds.order_by("number").values_list("number", flat=True))


def _entry_page(request, division, entry: Entry, form, status: int = 200):
    return render(
        request,
        "tournaments/registration_entry.html",
        {
            "tournament": division.tournament,
            "division": division,
            "entry": entry,
            "chips": status_chips(entry),
            "form": form,
            "errors": error_lines(form) if form.is_bound else [],
            "withdraw_rounds": range(entry.joins_at_round - 1, division.rounds),
            "rounds_missed": _rounds_missed(entry),
        }
        | _personal_link(request, division, entry),
        status=status,
    )


def _personal_link(request, division, entry: Entry) -> dict:
    """The player's personal link, to show (with its QR code) or hand to them."""
    path = entry_link(division.tournament.slug, entry.pk, entry.link_generation)
    return {"personal_link": request.build_absolute_uri(path)}


def _apply(by, entry: Entry, data: dict) -> None:
    action = data["action"]
    simple = {
        "unpaid": services.entry_mark_unpaid,
        "check_in": services.entry_check_in,
        "undo_check_in": services.entry_undo_check_in,
        "reinstate": services.entry_reinstate,
        "reissue_link": entry_link_reissue,
    }
    if action in simple:
        simple[action](by=by, entry=entry)
    elif action == "paid":
        services.entry_mark_paid(by=by, entry=entry, note=data["note"])
    elif action == "withdraw":
        services.entry_withdraw(by=by, entry=entry, after_round=data["after_round"])
    elif action == "class":
        services.entry_set_class(by=by, entry=entry, klass=data["klass"])
    elif action == "grade":
        services.entry_set_grade(by=by, entry=entry, grade=data["grade"])
    elif action == "team":
        services.entry_set_team(by=by, entry=entry, team=data["team"])
    else:
        services.entry_set_fixed_table(by=by, entry=entry, table=data["table"])
