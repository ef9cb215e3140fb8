"""Properties of every COP answer on random consistent requests (hypothesis, derandomized)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.cop.engine import pair_request
from pairing.cop.messages import OVERCONSTRAINED, SUCCESS
from pairing.cop.request import CopRequest
from pairing.cop.settings import CopSettings

from .build import check_valid_pairing


def _round(active: list[int], size: int, rng) -> tuple[tuple[int, ...], tuple[int, ...]]:
    order = list(active)
    rng.shuffle(order)
    pairings, results = [-1] * size, [0] * size
    if len(order) % 2:
        bye = order.pop()
        pairings[bye], results[bye] = bye, rng.choice([50, 0, -50])
    for a, b in zip(order[0::2], order[1::2], strict=True):
        pairings[a], pairings[b] = b, a
        results[a], results[b] = rng.randint(250, 550), rng.randint(250, 550)
    return tuple(pairings), tuple(results)


@st.composite
def requests(draw) -> CopRequest:
    size = draw(st.integers(2, 11))
    removed = draw(st.sets(st.integers(0, size - 1), max_size=size - 2))
    active = [p for p in range(size) if p not in removed]
    played, left = draw(st.integers(0, 4)), draw(st.integers(1, 4))
    rng = draw(st.randoms(use_true_random=False))
    rounds = [_round(active, size, rng) for _ in range(played)]
    pairings = [p for p, _ in rounds]
    if draw(st.booleans()):  # part of the round to pair is already paired
        current, _ = _round(active, size, rng)
        keep = draw(st.integers(0, max(0, len(active) - 2)))
        kept = set(rng.sample(active, keep))
        kept = {p for p in kept if current[p] in kept}
        pairings.append(tuple(current[p] if p in kept else -1 for p in range(size)))
    classes = tuple(rng.choice("AB") for _ in range(size))
    return CopRequest(
        names=tuple(f"P{p}" for p in range(size)),
        classes=classes,
        pairings=tuple(pairings),
        results=tuple(r for _, r in rounds),
        rounds=played + left,
        settings=CopSettings(
            place_prizes=draw(st.integers(1, len(active))),
            class_prizes={"B": draw(st.integers(1, 2))},
            division_sims=300,
            control_loss_sims=200,
            control_loss_activation_round=draw(st.integers(0, played + left)),
            allow_repeat_byes=draw(st.booleans()),
            top_down_byes=draw(st.booleans()),
        ),
        removed=tuple(sorted(removed)),
        seed=draw(st.integers(0, 2**40)),
    )


@settings(max_examples=35, derandomize=True, deadline=None)
@given(requests())
def test_every_answer_is_a_valid_pairing_and_the_same_for_the_same_seed(request):
    first = pair_request(request)
    assert pair_request(request) == first
    if first.error_code == SUCCESS:
        check_valid_pairing(request, first.pairings)
    else:
        # The only conflict random requests can build: control loss stays hard when destiny's
        # child is pre-paired or the forced bye falls on the leader or on them.
        assert first.error_code == OVERCONSTRAINED
        assert "control loss" in first.error.render()
