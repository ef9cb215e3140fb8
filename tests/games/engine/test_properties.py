"""Properties over random legal games and random placements (hypothesis, kept small and fast)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.board import CENTRE, SIZE, Board, Placement
from games.engine.messages import IllegalMove
from games.engine.moves import Play, play_from_tiles
from games.engine.randomplay import play_random_game
from games.engine.rules import PRESETS
from games.engine.scoring import score_play
from games.engine.state import (
    ExchangeTurn,
    GameState,
    PassTurn,
    PhonyWithdrawn,
    PlayTurn,
    TurnKind,
)
from games.engine.tiles import FULL_SET

from .positions import bag_tiles

FAST = settings(max_examples=30, deadline=None)
seeds = st.integers(min_value=0, max_value=10**6)
presets = st.sampled_from(sorted(PRESETS))


def tiles_everywhere(state: GameState) -> Counter:
    """Board + racks + bag, as bag tiles."""
    return (
        Counter(state.board.tiles_on_board())
        + Counter("".join(state.racks))
        + Counter(bag_tiles(state))
    )


@FAST
@given(seed=seeds, name=presets, players=st.sampled_from([2, 2, 3]))
def test_random_games_conserve_the_100_tiles_and_replay_identically(seed, name, players):
    rules = PRESETS[name]
    players = min(players, rules.max_players)
    final, record = play_random_game(seed, rules, players=players)
    state = GameState.new(rules, final.players, seed=seed)
    for event, outcome in record:
        assert state.apply(event) == outcome  # same seed, same events: same game
        assert tiles_everywhere(state) == Counter(FULL_SET)
    assert state.is_over and state.scores == final.scores


@FAST
@given(seed=seeds, name=presets)
def test_totals_are_the_sum_of_turn_scores_and_end_adjustments(seed, name):
    rules = PRESETS[name]
    state, _ = play_random_game(seed, rules)
    if rules.game_clock_seconds is not None:
        state.finish_with_clock()
    for player in range(len(state.players)):
        lines = [t.score for t in state.turns if t.player == player]
        assert sum(lines) == state.scores[player]
    assert state.turns[-1].totals == state.scores
    if rules.max_turns_per_player is not None:
        turns = Counter(t.player for t in state.turns if t.consumes_turn)
        assert max(turns.values(), default=0) <= rules.max_turns_per_player


@FAST
@given(seed=seeds, name=presets)
def test_scoresheet_replay_with_stated_racks_reaches_the_same_result(seed, name):
    rules = PRESETS[name]
    final, record = play_random_game(seed, rules)
    known = GameState.new(rules, final.players, seed=seed)
    sheet = GameState.new(rules, final.players, racks_known=False)
    for event, _ in record:
        rack = known.racks[known.to_move]
        known.apply(event)
        sheet.apply(_with_rack(event, rack))
        if not known.is_over:
            assert sheet.scores == known.scores and sheet.bag_count == known.bag_count
    assert sheet.ending == known.ending
    assert sheet.scores_before_adjustments == known.scores_before_adjustments
    # A scoresheet knows a final rack when it was stated since the last draw, or deduced.
    for stated, held in zip(sheet.final_racks, known.final_racks, strict=True):
        assert stated is None or sorted(stated) == sorted(held)
    if None not in sheet.final_racks:
        assert sheet.scores == known.scores


def _with_rack(event, rack):
    """The same event as a scoresheet records it: the rack stated, exchanges by count."""
    if isinstance(event, PlayTurn):
        return PlayTurn(event.play, event.seconds, rack)
    if isinstance(event, PhonyWithdrawn):
        return PhonyWithdrawn(event.play, event.seconds, rack)
    if isinstance(event, ExchangeTurn):
        return ExchangeTurn(event.count, event.seconds, rack)
    if isinstance(event, PassTurn):
        return PassTurn(event.seconds, rack)
    return event  # challenges carry no rack


# --- placements: everything the engine accepts is legal, and only that ------------------------


@st.composite
def mid_game_boards(draw) -> Board:
    """A board from a random legal game, stopped after a random number of plays."""
    seed = draw(seeds)
    _, record = play_random_game(seed, PRESETS["home"])
    plays = sum(outcome.kind is TurnKind.PLAY for _, outcome in record)
    stop = draw(st.integers(min_value=0, max_value=plays))
    state = GameState.new(PRESETS["home"], ["A", "B"], seed=seed)
    for event, outcome in record:
        if outcome.kind is TurnKind.PLAY:
            if stop == 0:
                break
            stop -= 1
        state.apply(event)
    return state.board


squares = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
letters = st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def legal_by_hand(board: Board, spots: list[tuple[int, int]]) -> bool:
    """An independent statement of the placement rules for new tiles on ``spots``."""
    if not spots or len(set(spots)) != len(spots):
        return False
    if any(board.get(r, c) is not None for r, c in spots):
        return False
    rows, cols = {r for r, _ in spots}, {c for _, c in spots}
    if len(rows) > 1 and len(cols) > 1:
        return False
    new = set(spots)

    def filled(r, c):
        return (r, c) in new or board.get(r, c) is not None

    (r0, c0), (r1, c1) = min(spots), max(spots)
    line = [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
    if not all(filled(r, c) for r, c in line):
        return False
    neighbours = [
        (r + dr, c + dc) for r, c in spots for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
    ]
    if board.is_empty():
        return CENTRE in new and len(spots) >= 2
    touches = any(board.get(r, c) is not None for r, c in neighbours)
    return touches


@FAST
@given(board=mid_game_boards(), spots=st.lists(squares, min_size=1, max_size=4), data=st.data())
def test_engine_accepts_exactly_the_legal_placements(board, spots, data):
    tiles = [Placement(r, c, data.draw(letters)) for r, c in spots]
    try:
        play = play_from_tiles(board, tiles)
        score_play(board, play)
        accepted = True
    except IllegalMove:
        accepted = False
    assert accepted == legal_by_hand(board, spots)


@FAST
@given(board=mid_game_boards(), start=squares, step=st.sampled_from([(1, 1), (1, -1)]))
def test_diagonal_tiles_are_always_refused(board, start, step):
    (r, c), (dr, dc) = start, step
    tiles = [Placement(r, c, "A"), Placement(r + dr, c + dc, "B")]
    try:
        play_from_tiles(board, tiles)
    except IllegalMove:
        return
    raise AssertionError("a diagonal placement was accepted")


@FAST
@given(
    board=mid_game_boards(),
    row=st.integers(0, SIZE - 1),
    col=st.integers(0, SIZE - 1),
    across=st.booleans(),
    word=st.text(alphabet="AB.", min_size=1, max_size=8),
)
def test_any_play_the_engine_scores_is_a_legal_placement(board, row, col, across, word):
    play = Play(row, col, across, word)
    try:
        scored = score_play(board, play)
    except IllegalMove:
        return
    spots = [(p.row, p.col) for p in scored.placed]
    assert legal_by_hand(board, spots)
    assert len(scored.main_word) >= 2
