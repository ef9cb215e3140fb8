from django.urls import path

from . import views

app_name = "core"
urlpatterns = [
    path("lockouts/", views.lockouts, name="lockouts"),
    path("lockouts/<int:attempt_id>/lift/", views.lockout_lift, name="lockout_lift"),
]
