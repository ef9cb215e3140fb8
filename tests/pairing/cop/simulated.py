"""What the tests read of COP's simulations besides the standings ``simulate`` returns: each
player's final record, to check the simulated games themselves."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pairing.cop.simulate import Plan, _play_out


def simulate_records(
    wl2: Sequence[int], spread: Sequence[int], plan: Plan, sims: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``simulate``'s standings (the same games: ``simulate`` plays them out the same way) with,
    in the same places, each player's final twice wins minus losses and spread."""
    state = _play_out(wl2, spread, plan, sims, rng)
    keys = np.sort(state.keys, axis=1)
    return (state.codec.player(keys), *state.codec.record(keys))
