"""The translation catalogues: every entry translated, not fuzzy, with the same placeholders as
its English; the checker itself tried on small good and bad catalogues; ``check_catalogues``."""

from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from core.catalogues import (
    catalogue_paths,
    catalogue_problems,
    placeholders,
    stale_compiled,
    stale_messages,
)

LOCALE = Path(settings.LOCALE_PATHS[0])
HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'


def po(body: str) -> polib.POFile:
    return polib.pofile(HEADER + body)


@pytest.mark.parametrize("path", catalogue_paths(LOCALE), ids=lambda p: p.parts[-3])
def test_every_catalogue_is_complete_and_keeps_every_placeholder(path):
    assert catalogue_problems(polib.pofile(str(path))) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Round %(round)d of %(total)d", ["%(round)d", "%(total)d"]),
        ("%s won by %d", ["%s", "%d"]),
        ("{name} and {0} and {}", ["{name}", "{0}", "{}"]),
        ("100%% sure, {{ not }} one", []),
        ("An average of %.1f", ["%.1f"]),
    ],
)
def test_placeholders_are_found_in_every_style(text, found):
    assert sorted(placeholders(text).elements()) == sorted(found)


def test_a_faithful_catalogue_has_no_problems():
    good = po(
        'msgid "Round %(round)d of %(total)d"\nmsgstr "รอบที่ %(round)d จาก %(total)d"\n\n'
        'msgid "Hello {name}"\nmsgstr "สวัสดี {name}"\n\n'
        'msgid "Plain"\nmsgstr "ธรรมดา"\n\n'
        'msgid "%(count)d game"\nmsgid_plural "%(count)d games"\n'
        'msgstr[0] "one game"\nmsgstr[1] "%(count)d games"\n'
    )
    assert catalogue_problems(good) == []


def test_placeholders_may_change_order_in_a_translation():
    swapped = po('msgid "%(a)s beat %(b)s"\nmsgstr "%(b)s lost to %(a)s"\n')
    assert catalogue_problems(swapped) == []


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ('msgid "Players"\nmsgstr ""\n', "'Players': untranslated"),
        ('#, fuzzy\nmsgid "Players"\nmsgstr "ผู้เล่น"\n', "'Players': fuzzy"),
        (
            'msgid "Round %(round)d"\nmsgstr "รอบ"\n',
            "'Round %(round)d': placeholder ['%(round)d'] missing",
        ),
        (
            'msgid "Round"\nmsgstr "รอบ %(round)d"\n',
            "'Round': placeholder ['%(round)d'] added",
        ),
        ('msgid "Hi {name}"\nmsgstr "Hi"\n', "'Hi {name}': placeholder ['{name}'] missing"),
        ('msgid "%s won"\nmsgstr "won"\n', "'%s won': placeholder ['%s'] missing"),
        (
            'msgid "%(n)d game"\nmsgid_plural "%(n)d games"\nmsgstr[0] "game"\nmsgstr[1] ""\n',
            "'%(n)d game': untranslated",
        ),
        (
            'msgid "%(n)d game"\nmsgid_plural "%(n)d games"\nmsgstr[0] "x"\nmsgstr[1] "games"\n',
            "'%(n)d game': placeholder ['%(n)d'] missing",
        ),
        (
            'msgid "game"\nmsgid_plural "games"\nmsgstr[0] "%(n)d x"\nmsgstr[1] "y"\n',
            "'game': placeholder ['%(n)d'] added",
        ),
    ],
)
def test_a_bad_entry_is_named_with_what_is_wrong(body, problem):
    assert catalogue_problems(po(body)) == [problem]


def test_a_renamed_placeholder_is_both_missing_and_added():
    assert catalogue_problems(po('msgid "Hi {name}"\nmsgstr "Hi {nom}"\n')) == [
        "'Hi {name}': placeholder ['{name}'] missing",
        "'Hi {name}': placeholder ['{nom}'] added",
    ]


def test_obsolete_entries_are_not_checked():
    assert catalogue_problems(po('#~ msgid "Gone"\n#~ msgstr ""\n')) == []


def write_catalogue(locale_dir: Path, body: str, *, compile_it: bool = True) -> Path:
    path = locale_dir / "th" / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True)
    catalogue = po(body)
    catalogue.save(str(path))
    if compile_it:
        catalogue.save_as_mofile(str(path.with_suffix(".mo")))
    return path


def test_a_compiled_catalogue_matching_its_po_is_fresh(tmp_path):
    write_catalogue(tmp_path, 'msgid "Players"\nmsgstr "ผู้เล่น"\n')
    assert stale_compiled(tmp_path) == []


def test_a_compiled_catalogue_behind_its_po_is_stale(tmp_path):
    path = write_catalogue(tmp_path, 'msgid "Players"\nmsgstr "ผู้เล่น"\n')
    po('msgid "Players"\nmsgstr "นักกีฬา"\n').save(str(path))
    assert stale_compiled(tmp_path) == [
        "th/LC_MESSAGES/django.mo: out of date with its .po (run `python manage.py compilemessages`)"
    ]


def test_a_missing_compiled_catalogue_is_stale(tmp_path):
    write_catalogue(tmp_path, 'msgid "Players"\nmsgstr "ผู้เล่น"\n', compile_it=False)
    assert stale_compiled(tmp_path) == [
        "th/LC_MESSAGES/django.mo: missing (run `python manage.py compilemessages`)"
    ]


@pytest.mark.slow
def test_msgids_the_source_does_not_use_and_ones_it_lacks_are_both_found(tmp_path):
    write_catalogue(
        tmp_path, 'msgid "Players"\nmsgstr "ผู้เล่น"\n\nmsgid "Nowhere in the code"\nmsgstr "x"\n'
    )
    problems = stale_messages(Path(settings.BASE_DIR), tmp_path)
    assert len(problems) == 2
    assert (
        problems[0].startswith("th/LC_MESSAGES/django.po: ") and "msgids not in it" in problems[0]
    )
    assert problems[1] == (
        "th/LC_MESSAGES/django.po: 1 msgids no longer used, e.g. 'Nowhere in the code'"
    )


def test_the_command_fails_clearly_without_catalogues(settings, tmp_path):
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    with pytest.raises(
        CommandError,
        match=r"No catalogues in .*locale: run `python manage.py makemessages --all`\.",
    ):
        call_command("check_catalogues", "--skip-makemessages")


def test_the_command_names_each_problem_and_fails(settings, tmp_path, capsys):
    settings.LOCALE_PATHS = [tmp_path]
    write_catalogue(tmp_path, 'msgid "Players"\nmsgstr ""\n')
    with pytest.raises(CommandError, match="^1 problems in the translation catalogues.$"):
        call_command("check_catalogues", "--skip-makemessages")
    assert "th/LC_MESSAGES/django.po: 'Players': untranslated" in capsys.readouterr().err


def test_the_command_passes_complete_compiled_catalogues(settings, tmp_path, capsys):
    settings.LOCALE_PATHS = [tmp_path]
    write_catalogue(tmp_path, 'msgid "Players"\nmsgstr "ผู้เล่น"\n')
    call_command("check_catalogues", "--skip-makemessages")
    assert capsys.readouterr().out == "1 catalogues checked.\n"
