"""A person's data on request, for staff: the page, the JSON download and the erasure."""

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from core.permissions import may_handle_personal_data, require
from players.erasure import player_export_record
from players.models import Player

from .person_data import person_erase, person_export


class EraseForm(forms.Form):
    confirm = forms.BooleanField(
        label=gettext_lazy(
            "I have checked that the request comes from this person, and the name and "
            "personal details are to be erased for good."
        )
    )


def _player(request, player_id: int) -> Player:
    require(may_handle_personal_data(request.user))
    return get_object_or_404(Player, pk=player_id)


@login_required
@require_safe
def person_data(request, player_id: int):
    player = _player(request, player_id)
    return render(request, "players/person_data.html", {"player": player, "form": EraseForm()})


@login_required
@require_POST
def person_data_download(request, player_id: int):
    player = _player(request, player_id)
    player_export_record(by=request.user, player=player)
    body = json.dumps(person_export(player), ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="person-{player.pk}.json"'
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def person_data_erase(request, player_id: int):
    player = _player(request, player_id)
    form = EraseForm(request.POST)
    if not form.is_valid():
        context = {"player": player, "form": form}
        return render(request, "players/person_data.html", context, status=422)
    erased = person_erase(by=request.user, player=player)
    messages.success(
        request, _("The person's name and details are erased; their results are kept.")
    )
    return redirect(erased)
