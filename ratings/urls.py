from django.urls import path

from .views import lists as views

app_name = "ratings"
urlpatterns = [
    path("", views.rating_lists, name="lists"),
    path("new/", views.rating_list_create, name="create"),
    path("<str:list_slug>/", views.rating_list, name="list"),
    path("<str:list_slug>/recompute/", views.recompute, name="recompute"),
    path("<str:list_slug>/events/<int:event_id>/tsh/", views.rating_event_tsh, name="event_tsh"),
    path("<str:list_slug>/events/<int:event_id>/csv/", views.rating_event_csv, name="event_csv"),
    path("<str:list_slug>/projected/<str:tournament_slug>/", views.projected, name="projected"),
    path(
        "<str:list_slug>/rate/<str:tournament_slug>/",
        views.rate_tournament,
        name="rate_tournament",
    ),
]
