"""The rules' sentences come out translated, singular and plural alike."""

from django.utils import translation

from games.engine.rules import PRESETS
from tournaments.rule_texts import rules_sentences


def test_the_thai_rules_read_in_thai_with_their_plural_counts_translated():
    english = rules_sentences(PRESETS["thai"])
    with translation.override("th"):
        thai = rules_sentences(PRESETS["thai"])
    assert len(thai) == len(english)
    # Every sentence is translated: none is left as the English one.
    assert [t for t, e in zip(thai, english, strict=True) if t == e] == []


def test_swahili_uses_the_singular_for_one_and_the_plural_for_more():
    from tournaments.rule_texts import _translate

    with translation.override("sw"):
        one = _translate("%(count)d minute", "%(count)d minutes", 1)
        many = _translate("%(count)d minute", "%(count)d minutes", 2)
    # "dakika" does not change with the count; both forms are the Swahili ones.
    assert (one, many) == ("dakika %(count)d", "dakika %(count)d")


def test_the_count_picks_the_form_one_for_one_and_the_plural_otherwise():
    from tournaments.rule_texts import _translate

    assert _translate("%(count)d minute", "%(count)d minutes", 1) == "%(count)d minute"
    assert _translate("%(count)d minute", "%(count)d minutes", 0) == "%(count)d minutes"
    assert _translate("%(count)d minute", "%(count)d minutes", 2) == "%(count)d minutes"
