"""The Publishing page of an event, under the event's address (included before the
tournaments' own, whose division pages would take "<slug>/publishing/")."""

from django.urls import include, path

from . import views

# Under "<tournament_slug>/publishing/".
page_patterns = [
    path("", views.publishing_page, name="page"),
    path("add/", views.target_add, name="target_add"),
    path("<int:target_id>/remove/", views.target_remove, name="target_remove"),
    path("<int:target_id>/switch/", views.target_switch, name="target_switch"),
    path("<int:target_id>/publish/", views.publish_now, name="publish_now"),
]

app_name = "publishing"
urlpatterns = [path("<str:tournament_slug>/publishing/", include(page_patterns))]
