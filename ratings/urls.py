from django.urls import include, path

from .views import lists as views

# A rating list's pages, under "<list_slug>/".
list_patterns = [
    path("", views.rating_list, name="list"),
    path("recompute/", views.recompute, name="recompute"),
    path("events/<int:event_id>/tsh/", views.rating_event_tsh, name="event_tsh"),
    path("events/<int:event_id>/csv/", views.rating_event_csv, name="event_csv"),
    path("projected/<str:tournament_slug>/", views.projected, name="projected"),
    path("rate/<str:tournament_slug>/", views.rate_tournament, name="rate_tournament"),
]

app_name = "ratings"
urlpatterns = [
    path("", views.rating_lists, name="lists"),
    path("new/", views.rating_list_create, name="create"),
    path("<str:list_slug>/", include(list_patterns)),
]
