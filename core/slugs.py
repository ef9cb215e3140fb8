"""A slug of its own for a new object of a model addressed by slug (an event, a club, a rating
list)."""

from django.utils.text import slugify


def free_slug(model, name: str, fallback: str) -> str:
    """``name`` as a slug (``fallback`` when nothing of it is left), numbered ``-2``, ``-3``, ...
    past the slugs objects of ``model`` already have."""
    base = slugify(name, allow_unicode=True) or fallback
    slug, n = base, 1
    while model.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug
