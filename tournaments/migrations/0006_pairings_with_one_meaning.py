"""Give every stored pairing the one meaning ``tournaments/results/outcomes.py`` reads, before 0007
makes the database refuse the combinations that had none.

Each repair keeps what the standings showed, since those were what players saw:

- a forfeiter named on a result that is not a forfeit was read by nothing: cleared;
- a double forfeit or forfeit without an opponent counted as that player's forfeit loss: it
  becomes a forfeit naming the player;
- a forfeit between two players without a forfeiter was left out of the standings (while the
  exports guessed): it becomes an unreported game again, listed as missing until the director
  records who forfeited;
- a played game without an opponent was left out of the standings too, but has no game to
  report: it becomes the bye the pairing service would have written;
- a bye with an opponent was the first player's bye and nothing for the second: the second
  player is taken off it.

A separate migration from the constraints: PostgreSQL will not alter a table with deferred
foreign-key checks pending from updates in the same transaction.
"""

from django.db import migrations
from django.db.models import F, Q

KINDS = ("played", "bye", "forfeit", "double_forfeit")


def repair(apps, schema_editor):
    Pairing = apps.get_model("tournaments", "Pairing")
    pairings = Pairing.objects.all()
    unreported = {"first_score": None, "second_score": None, "reported_at": None}
    pairings.exclude(kind__in=KINDS).filter(second__isnull=False).update(kind="played")
    pairings.exclude(kind__in=KINDS).filter(second__isnull=True).update(kind="bye")
    pairings.exclude(kind="forfeit").exclude(forfeited_by=None).update(forfeited_by=None)
    pairings.filter(kind="double_forfeit", second=None).update(kind="forfeit")
    pairings.filter(kind="forfeit", second=None).exclude(forfeited_by=F("first")).update(
        forfeited_by=F("first")
    )
    unnamed = Q(forfeited_by=None) | (~Q(forfeited_by=F("first")) & ~Q(forfeited_by=F("second")))
    pairings.filter(unnamed, kind="forfeit", second__isnull=False).update(
        kind="played", forfeited_by=None, version=F("version") + 1, **unreported
    )
    pairings.filter(kind="played", second=None).update(
        kind="bye", version=F("version") + 1, **unreported
    )
    pairings.filter(kind="bye", second__isnull=False).update(second=None)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_alter_tournament_club")]

    operations = [migrations.RunPython(repair, migrations.RunPython.noop)]
