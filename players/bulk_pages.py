"""The two steps of every "Add many" page (a division's registration, a club's members): read the
paste or file and show each row with its possible duplicates, then (``text`` posted back with a
choice per duplicate) write every row or none. The page says what it adds to (``AddMany``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.shortcuts import redirect, render

from core.messages import translated
from core.refusal import Refusal

from .bulk import RowsPlan
from .bulk_forms import AddManyForm, ImportChoicesForm
from .roster import Roster, parse_pasted_names, parse_roster, renumbered, roster_as_csv


@dataclass(frozen=True)
class AddMany:
    template: str
    context: dict
    plan: Callable[[Roster], RowsPlan]  # the rows against the players already here
    write: Callable[[list], list]  # (row, choice) pairs -> what was added (all or nothing)
    done: Callable[[int], str]  # the message after ``count`` were added
    after: str  # where to go then


def add_many_page(request, page: AddMany):
    if request.method == "GET":
        return render(request, page.template, page.context | {"form": AddManyForm()})
    if "text" in request.POST:
        return _confirm(request, page)
    form = AddManyForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, page.template, page.context | {"form": form}, status=422)
    text, is_csv = form.text()
    roster = parse_roster(text) if is_csv else parse_pasted_names(text)
    plan = page.plan(roster)
    if plan.problems:
        context = page.context | {"form": form, "problems": plan.problems}
        return render(request, page.template, context, status=422)
    choices = ImportChoicesForm(initial={"text": roster_as_csv(roster)}, plan=plan)
    return render(request, page.template, page.context | {"plan": plan, "choices": choices})


def _confirm(request, page: AddMany):
    plan = page.plan(renumbered(parse_roster(request.POST.get("text", "")), -1))
    if plan.problems:
        context = page.context | {"form": AddManyForm(), "problems": plan.problems}
        return render(request, page.template, context, status=422)
    choices = ImportChoicesForm(request.POST, plan=plan)
    if choices.is_valid():
        try:
            added = page.write(choices.choices())
        except Refusal as err:
            choices.add_error(None, translated(err))
        else:
            messages.success(request, page.done(len(added)))
            return redirect(page.after)
    context = page.context | {"plan": plan, "choices": choices}
    return render(request, page.template, context, status=422)
