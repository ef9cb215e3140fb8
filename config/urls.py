from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.generic import RedirectView

from core import language_views
from tournaments.views import cop_api, short_links

from . import health, person_views, views

# The admin is installed as SimpleAdminConfig (config/settings.py): its pages are registered here,
# when the URLs load, so a command that never serves a page does not import every admin.py.
admin.autodiscover()

# What the desk holds about one person, under "players/<player_id>/data/" (config/person_views.py).
person_data_patterns = [
    path("", person_views.person_data, name="person_data"),
    path("download/", person_views.person_data_download, name="person_data_download"),
    path("erase/", person_views.person_data_erase, name="person_data_erase"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("login/", language_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/setlang/", language_views.choose_language, name="set_language"),
    # Django's default login address, typed from habit, leads to the login (its ?next= kept).
    path(
        "accounts/login/",
        RedirectView.as_view(pattern_name="login", query_string=True),
        name="accounts_login",
    ),
    path("accounts/", include("core.urls")),
    path("players/<int:player_id>/data/", include(person_data_patterns)),
    # A personal link a person can type: the short code printed beside the QR code.
    path("p/", short_links.short_link_form, name="short_link_form"),
    path("p/<str:code>/", short_links.short_link, name="short_link"),
    path("players/", include("players.urls")),
    path("clubs/", include("clubs.urls")),
    path("ratings/", include("ratings.urls")),
    # An event's Publishing page, before the event's division pages that would take its path.
    path("t/", include("publishing.urls")),
    path("t/", include("tournaments.urls")),
    path("games/", include("games.urls")),
    path("admin/", admin.site.urls),
    path(
        "api/pair_service.PairService/HandlePairRequest",
        cop_api.handle_pair_request,
        name="cop_pair_request",
    ),
]
