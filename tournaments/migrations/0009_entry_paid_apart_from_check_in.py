"""Payment becomes its own flag: "paid" is no longer a step between registered and checked in."""

from django.db import migrations, models


def paid_from_status(apps, schema_editor):
    Entry = apps.get_model("tournaments", "Entry")
    Entry.objects.filter(status="paid").update(paid=True, status="registered")
    # A player checked in after being marked paid kept the payment note only.
    Entry.objects.filter(status="checked_in").exclude(payment_note="").update(paid=True)


def status_from_paid(apps, schema_editor):
    Entry = apps.get_model("tournaments", "Entry")
    Entry.objects.filter(status="registered", paid=True).update(status="paid")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_cop_settings_classes_and_log"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="paid",
            field=models.BooleanField(default=False, verbose_name="paid"),
        ),
        migrations.RunPython(paid_from_status, status_from_paid),
        migrations.AlterField(
            model_name="entry",
            name="status",
            field=models.CharField(
                choices=[("registered", "Registered"), ("checked_in", "Checked in")],
                default="registered",
                max_length=16,
                verbose_name="registration",
            ),
        ),
    ]
