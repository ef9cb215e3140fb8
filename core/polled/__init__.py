"""The one read path of every page a room of phones polls, wherever the page lives."""
