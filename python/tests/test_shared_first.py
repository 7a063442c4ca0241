"""A first place several seats share, seen from Python: ``places()``
shows it, ``outcome()`` names no winner (no seat is first alone) and
``returns()`` shares the value of the places the seats hold together.

The game is tests/data/three-seat-race.game: three seats each step a man
east along their own row of four (a1, a2, a3 to column d); a man on the
last column scores one. Each seat has exactly one legal step a turn, so
the game is fixed: seats move P1, P2, P3, P1, …, and a man reaches column
d on its seat's third step. At the rules' turn limit the seats are ranked
by score (docs/players.md, "Several players")."""

from pathlib import Path

import ludic

ROOT = Path(__file__).resolve().parents[2]
RACE = ROOT / "tests" / "data" / "three-seat-race.game"
MOVES = ["a1-b1", "a2-b2", "a3-b3", "b1-c1", "b2-c2", "b3-c3", "c1-d1", "c2-d2", "c3-d3"]


def race(limit: int) -> "ludic.State":
    """The race ended by a turn limit of `limit` turns (the file's 8 or
    another), every legal turn played until the end."""
    text = RACE.read_text().replace("(turn-limit 8)", f"(turn-limit {limit})")
    assert text != RACE.read_text() or limit == 8
    s = ludic.from_source(text).new_state()
    for m in MOVES[:limit]:
        assert not s.is_over()
        assert s.places() is None
        assert s.outcome() is None
        assert s.returns() == [0.0, 0.0, 0.0]
        s.play(m)
    assert s.is_over()
    return s


def test_two_seats_first_together_share_first_place():
    # Eight turns: P1 steps on turns 1, 4, 7 and reaches d1; P2 on 2, 5,
    # 8 and reaches d2; P3 steps twice and stands on c3. Scores 1, 1, 0:
    # P1 and P2 first together, P3 third (the second place is skipped).
    s = race(8)
    assert s.places() == [1, 1, 3]
    winner, _reason = s.outcome()
    assert winner is None  # no seat is first alone
    # Three places score 1 - 2(i - 1)/(3 - 1): 1, 0, -1. P1 and P2 hold
    # places 1 and 2 together: (1 + 0) / 2 = 0.5 each; P3 -1. Sum 0.
    assert s.returns() == [0.5, 0.5, -1.0]
    assert [s.player_return(p) for p in range(3)] == [0.5, 0.5, -1.0]
    assert s.rewards() == [0.5, 0.5, -1.0]


def test_one_seat_first_alone_is_the_winner():
    # Seven turns: only P1 reached column d. Scores 1, 0, 0: P1 first,
    # P2 and P3 second together, sharing places 2 and 3: (0 - 1) / 2.
    s = race(7)
    assert s.places() == [1, 2, 2]
    assert s.outcome()[0] == 0
    assert s.returns() == [1.0, -0.5, -0.5]


def test_every_seat_first_is_a_draw():
    # Six turns: every man stands on column c, no seat scores. All three
    # share places 1 to 3: (1 + 0 - 1) / 3 = 0 each.
    s = race(6)
    assert s.places() == [1, 1, 1]
    assert s.outcome()[0] is None
    assert s.returns() == [0.0, 0.0, 0.0]
