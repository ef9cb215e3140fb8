"""Rule sets in the reader's language: ``games.engine.rules_text`` translated with Django.

Pages, the rules sheet PDF and the rules form read their sentences, the presets' names and
the summaries in confirmations from here, so they always say the same thing.
"""

from __future__ import annotations

from django.utils.translation import gettext

from games.engine.rules import PRESETS, RuleSet
from games.engine.rules_text import PRESET_TEXTS, describe, render, turn_limit
from games.engine.rules_text import preset_name as rules_text_preset_name


def _translate(singular: str, plural: str | None, count: int | None) -> str:
    # The pure core marks each form with gettext_noop, so the catalogues hold the singular and the
    # plural as two entries (not one plural entry ngettext would look up): pick the form here.
    # Every site language counts "one" as n == 1 or has a single form (both entries then agree).
    if plural is None or count is None or count == 1:
        return gettext(singular)
    return gettext(plural)


def rules_sentences(rules: RuleSet) -> list[str]:
    """Every rule of ``rules`` as one translated sentence each."""
    return [render(phrase, _translate) for phrase in describe(rules)]


def turn_limit_sentence(rules: RuleSet) -> str:
    """The per-turn time limit in the reader's language, the rules sheet's own sentence."""
    return render(turn_limit(rules), _translate)


def rules_summary(rules: RuleSet) -> str:
    """The rules on one line, for confirmations and the audit's readers."""
    return " ".join(rules_sentences(rules))


def preset_name(name: str) -> str:
    """The preset's human name ("Custom rules" for none, the bare name for an unknown one)."""
    return render(rules_text_preset_name(name), _translate)


def preset_description(name: str) -> str:
    known = PRESET_TEXTS.get(name)
    return gettext(known.description) if known is not None else ""


def preset_choices() -> list[tuple[str, str]]:
    """(slug, "Human name – description") for every preset, in the presets' order."""
    return [(name, f"{preset_name(name)} – {preset_description(name)}") for name in PRESETS]


def rules_context(rules: RuleSet, *, edit_url: str | None, sheet_url: str | None = None) -> dict:
    """What the event and division pages show of their rules (``_rules_summary.html``)."""
    return {
        "rules": rules_sentences(rules),
        "rules_name": preset_name(rules.name),
        "rules_edit_url": edit_url,
        "rules_sheet_url": sheet_url,
    }
