"""The Publishing page of an event, under the event's address (included before the
tournaments' own, whose division pages would take "<slug>/publishing/")."""

from django.urls import path

from . import views

app_name = "publishing"
urlpatterns = [
    path("<str:tournament_slug>/publishing/", views.publishing_page, name="page"),
    path("<str:tournament_slug>/publishing/add/", views.target_add, name="target_add"),
    path(
        "<str:tournament_slug>/publishing/<int:target_id>/remove/",
        views.target_remove,
        name="target_remove",
    ),
    path(
        "<str:tournament_slug>/publishing/<int:target_id>/switch/",
        views.target_switch,
        name="target_switch",
    ),
    path(
        "<str:tournament_slug>/publishing/<int:target_id>/publish/",
        views.publish_now,
        name="publish_now",
    ),
]
