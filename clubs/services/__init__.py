"""Writes for clubs: the club, its members (one by one or in bulk), club nights, attendance,
casual games and their corrections, and guests. Each module's services are named here."""

from core.audit import ALREADY_UNDONE

from .corrections import (
    DELETE_FIELDS,
    NOT_UNDOABLE,
    UNDOABLE_GAME_ACTIONS,
    casual_game_delete,
    casual_game_undo,
    casual_game_update,
)
from .guests import club_guest_add, club_guest_make_member, club_guest_match
from .members import club_member_ids, membership_set_status, memberships_import
from .nights import (
    CLUB_FIELDS,
    GAME_FIELDS,
    MEMBERSHIP_FIELDS,
    NEGATIVE_SCORE,
    SAME_PLAYER,
    ClubRefused,
    attendance_mark,
    casual_game_add,
    casual_game_correct,
    club_create,
    club_session_create,
    club_update,
    membership_add,
    membership_update,
)

__all__ = [
    "ALREADY_UNDONE",
    "CLUB_FIELDS",
    "DELETE_FIELDS",
    "GAME_FIELDS",
    "MEMBERSHIP_FIELDS",
    "NEGATIVE_SCORE",
    "NOT_UNDOABLE",
    "SAME_PLAYER",
    "UNDOABLE_GAME_ACTIONS",
    "ClubRefused",
    "attendance_mark",
    "casual_game_add",
    "casual_game_correct",
    "casual_game_delete",
    "casual_game_undo",
    "casual_game_update",
    "club_create",
    "club_guest_add",
    "club_guest_make_member",
    "club_guest_match",
    "club_member_ids",
    "club_session_create",
    "club_update",
    "membership_add",
    "membership_set_status",
    "membership_update",
    "memberships_import",
]
