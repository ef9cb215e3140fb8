"""Tournament pages, one module per screen."""
