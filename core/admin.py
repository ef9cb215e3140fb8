"""The audit log's admin, and the two kinds of admin page the apps use for audited rows.

Every change of state goes through an audited service, the admin's too: a page either only
shows its rows (`ServiceWrittenAdmin`, `ServiceWrittenInline`) or saves through the app's
service (`SavedByServiceAdmin`).
"""

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.utils.translation import gettext_lazy as _

from .audit_text import describe_entries
from .messages import translated
from .models import AuditEntry, Profile
from .refusal import Refusal


def refusal_text(err: Exception) -> str:
    """A service's refusal (or the model's own validation) as a sentence for the person who
    asked."""
    if isinstance(err, Refusal):
        return translated(err)
    if isinstance(err, ValidationError):
        return " ".join(err.messages)
    return str(err)


class _LookedUpOnly:
    """Nothing added, changed or deleted here: the site's pages write these rows (through
    services that audit them). ``obj`` is the inline's parent; a model admin asks without."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ServiceWrittenAdmin(_LookedUpOnly, admin.ModelAdmin):
    """Rows only the site's pages change (through services that audit them): looked up here."""


class ServiceWrittenInline(_LookedUpOnly, admin.TabularInline):
    """Rows of another object shown on its page, changed only on the site's pages."""

    extra = 0


class SavedByServiceAdmin(admin.ModelAdmin):
    """Changes saved by the app's audited update service; rows are added and removed on the site.

    Subclasses set `update_service` (as a staticmethod), called as
    `update_service(by=user, <model name>=row, **changed_fields)`. A refusal (the service's
    checks go beyond the model's) is shown as an error on the unchanged page.
    """

    update_service = None

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def save_model(self, request, obj, form, change) -> None:
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        if changes:
            row = {obj._meta.model_name: obj}
            self.update_service(by=request.user, **row, **changes)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except (ValidationError, ValueError) as err:
            self.message_user(request, refusal_text(err), messages.ERROR)
            return HttpResponseRedirect(request.path)


@admin.register(AuditEntry)
class AuditEntryAdmin(ServiceWrittenAdmin):
    list_display = ["at", "actor", "action", "object_type", "object_id", "tournament", "scope"]
    list_filter = ["action", "object_type"]
    search_fields = ["object_id", "scope"]
    readonly_fields = ["sentence", *(f.name for f in AuditEntry._meta.fields)]

    @admin.display(description=_("what happened"))
    def sentence(self, entry: AuditEntry) -> str:
        (described,) = describe_entries([entry])
        return described.text


@admin.register(Profile)
class ProfileAdmin(ServiceWrittenAdmin):
    """Accounts' languages: set by their owners on the switcher (``languages.profile_language_set``)."""

    list_display = ["user", "language"]
    list_filter = ["language"]
    search_fields = ["user__username"]
    readonly_fields = ["user", "language"]
