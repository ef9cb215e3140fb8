"""TSH (John Chew's Tournament Shell) files: ``.t`` division data and ``config.tsh``.

Pure: bytes in, frozen values out, no Django. ``read_t``/``write_t`` round-trip a division
including tags this code does not understand; ``tsh_results`` feeds ``tournaments.results.standings``.
"""

from tournaments.tsh.config import TshAutopair, TshConfig, TshDivisionEntry, read_config
from tournaments.tsh.division import TshDivision, TshPlayer, display_name
from tournaments.tsh.messages import TshError, TshProblem
from tournaments.tsh.reader import decode_t, read_t
from tournaments.tsh.results import tsh_players, tsh_results
from tournaments.tsh.writer import player_line, tsh_name, write_t

__all__ = [
    "TshAutopair",
    "TshConfig",
    "TshDivision",
    "TshDivisionEntry",
    "TshError",
    "TshPlayer",
    "TshProblem",
    "decode_t",
    "display_name",
    "player_line",
    "read_config",
    "read_t",
    "tsh_players",
    "tsh_name",
    "tsh_results",
    "write_t",
]
