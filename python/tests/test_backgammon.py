"""Backgammon (games/backgammon.game) against OpenSpiel's ``backgammon``.

Seeded random games are played in OpenSpiel. At every position where a
player is to move after a throw, for the first turns of each game, the
position is written as a ludic position text (the board, the side to
move, the dice) and both engines list the positions a whole turn can
reach: OpenSpiel by applying its legal actions until the turn passes
(a double is two actions), ludic by applying its legal steps until the
turn ends. The two sets of boards must be equal. At every throw after
the first, the chance outcomes must give each throw of two dice the same
probability (OpenSpiel lists the 36 ordered throws, ludic the 21
unordered ones: 1/18 for two faces, 1/36 for a double), and at the end of a game OpenSpiel's
returns must be ludic's returns (``State.returns()``: the game's stake, 1, 2
or 3 for a single game, a gammon or a backgammon, +stake to the winner and
-stake to the loser), and its winner's ``Points`` counter the stake.

OpenSpiel's first chance node (an opening throw without doubles that also
decides who starts) has no counterpart: ludic's White throws like any
turn (docs/games/backgammon.md).

``LUDIC_BACKGAMMON_GAMES`` sets the number of games (10 by default; the
full run is 1,000: ``LUDIC_BACKGAMMON_GAMES=1000 pytest -k backgammon``),
``LUDIC_BACKGAMMON_FIRST`` the seed of the first (0 by default: seeds
``FIRST .. FIRST + GAMES``, so that the full run can be split between
processes) and ``LUDIC_BACKGAMMON_TURNS`` the turns compared in each
(all by default).
"""

import os
import random
import re

import pytest

import ludic

pyspiel = pytest.importorskip("pyspiel")

GAMES = int(os.environ.get("LUDIC_BACKGAMMON_GAMES", "10"))
TURNS = int(os.environ.get("LUDIC_BACKGAMMON_TURNS", "1000"))
FIRST = int(os.environ.get("LUDIC_BACKGAMMON_FIRST", "0"))

# ludic's start (White's numbering): White and Black's stacks.
START = {"W": {"24": 2, "13": 5, "8": 3, "6": 5}, "B": {"1": 2, "12": 5, "17": 3, "19": 5}}
BAR = {"W": "wbar", "B": "bbar"}
OFF = {"W": "woff", "B": "boff"}
# OpenSpiel's board position of the bar (kBarPos).
BAR_POS = 100


class Convert:
    """OpenSpiel's positions in ludic's terms: which of OpenSpiel's players
    is White, and which point label each of its board positions is; both
    found from OpenSpiel's start, not assumed."""

    def __init__(self, game):
        start = game.new_initial_state()
        layouts = {
            "24-pos": lambda pos: str(24 - pos),
            "pos+1": lambda pos: str(pos + 1),
        }
        for label in layouts.values():
            seen = {p: {label(i): start.board(p, i) for i in range(24) if start.board(p, i)}
                    for p in (0, 1)}
            if seen[0] == START["W"] and seen[1] == START["B"]:
                self.label, self.letters = label, ("W", "B")
                return
            if seen[0] == START["B"] and seen[1] == START["W"]:
                self.label, self.letters = label, ("B", "W")
                return
        raise AssertionError(f"OpenSpiel's start is not ludic's: {start}")

    def counts(self, state):
        """The board as {letter: {label: count}}, bar and trays included:
        OpenSpiel's `board(player, pos)` for the points and the bar
        (kBarPos, 100); the checkers borne off are the rest of fifteen."""
        out = {}
        for p in (0, 1):
            letter = self.letters[p]
            stacks = {self.label(i): state.board(p, i) for i in range(24) if state.board(p, i)}
            bar = state.board(p, BAR_POS)
            off = 15 - sum(stacks.values()) - bar
            if bar:
                stacks[BAR[letter]] = bar
            if off:
                stacks[OFF[letter]] = off
            out[letter] = stacks
        return out

    def position(self, state, dice):
        """The ludic position text of OpenSpiel's `state`, its player to move
        with `dice` to play."""
        mover = self.letters[state.current_player()]
        groups = []
        for letter, stacks in self.counts(state).items():
            items = ",".join(f"{site}*{n}" if n > 1 else site for site, n in stacks.items())
            groups.append(f"{letter}:{items}")
        a, b = dice
        left = [a] * 4 if a == b else sorted([a, b])
        return f"{mover} {' '.join(groups)} dice-left={','.join(map(str, left))}"


def key(counts):
    """A board as a hashable value."""
    return tuple(sorted((letter, tuple(sorted(s.items()))) for letter, s in counts.items()))


def ludic_counts(position):
    """{letter: {label: count}} of a ludic position text (its words
    `W:site,site*n…` and `B:…`; string splits rather than a pattern: this
    runs at every node of both engines' turn trees)."""
    out = {"W": {}, "B": {}}
    for word in position.split():
        if word[:2] not in ("W:", "B:"):
            continue
        stacks = out[word[0]]
        for item in word[2:].split(","):
            if item:
                site, _, n = item.partition("*")
                stacks[site] = int(n or 1)
    return out


def dice_of(text):
    """The two faces of a throw written by either engine (`roll:3-5`,
    OpenSpiel's `... roll: 35 ...`)."""
    m = re.search(r"roll:(\d)-(\d)", text) or re.search(r"roll: ?(\d)(\d)", text)
    assert m, text
    return tuple(sorted((int(m.group(1)), int(m.group(2)))))


def openspiel_turn_boards(state, conv):
    """The boards a whole turn of OpenSpiel's player to move can reach."""
    player = state.current_player()
    boards, seen = set(), set()

    def walk(s):
        if s.is_terminal() or s.is_chance_node() or s.current_player() != player:
            boards.add(key(conv.counts(s)))
            return
        text = str(s)
        if text in seen:
            return
        seen.add(text)
        for a in s.legal_actions():
            walk(s.child(a))

    walk(state)
    return boards


def ludic_turn_boards(state):
    """The boards a whole ludic turn can reach, with the result of each
    that ends the game: {board: (winner letter, returns by letter) or
    None}."""
    player = state.current_player()
    boards, seen = {}, set()

    def walk(s):
        if s.is_terminal():
            position = s.to_position()
            winner, _ = s.outcome()
            returns = s.returns()
            points = re.search(r"Points=(\d+),(\d+)", position)
            assert returns[winner] == int(points.group(1 + winner)), (position, returns)
            boards[key(ludic_counts(position))] = ("WB"[winner], dict(zip("WB", returns)))
            return
        if s.is_chance_node() or s.current_player() != player:
            t = s.clone()
            for _ in range(10):
                if not t.is_chance_node():
                    break
                t.apply_action(t.chance_outcomes()[0][0])
            boards.setdefault(key(ludic_counts(t.to_position())), None)
            return
        position = s.to_position()
        if position in seen:
            return
        seen.add(position)
        for a in s.legal_actions():
            walk(s.child(a))

    walk(state)
    return boards


def throws_of(outcomes, describe):
    """{(low face, high face): probability} of a chance node's outcomes:
    OpenSpiel lists the 36 ordered throws (3-5 and 5-3 apart, 1/36 each),
    ludic the 21 unordered ones; both sum to the same odds."""
    out = {}
    for a, p in outcomes:
        d = dice_of(describe(a))
        out[d] = out.get(d, 0.0) + p
    return out


def play_one(game, bg, conv, seed, stats):
    """One seeded random OpenSpiel game compared turn by turn; the number
    of positions compared (``stats["returns"]`` counts the games whose
    returns were compared at the end)."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    # OpenSpiel's opening throw.
    outcomes = s.chance_outcomes()
    s.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    compared, turns, expected = 0, 0, None
    dice = dice_of(str(s).replace("Dice: ", "roll: "))
    while not s.is_terminal() and turns < TURNS:
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            if expected is not None:
                theirs = throws_of(outcomes, lambda a: s.action_to_string(pyspiel.PlayerId.CHANCE, a))
                assert theirs.keys() == expected.keys()
                for d, p in theirs.items():
                    assert p == pytest.approx(expected[d], abs=1e-12), d
            a = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            s.apply_action(a)
            dice = dice_of(s.action_to_string(pyspiel.PlayerId.CHANCE, a))
            continue
        position = conv.position(s, dice)
        st = bg.state_from_position(position)
        theirs = openspiel_turn_boards(s, conv)
        if not st.legal_actions():
            # A player who cannot move passes: OpenSpiel's one action.
            ours = {}
            assert theirs == {key(conv.counts(s))}, position
        else:
            ours = ludic_turn_boards(st)
            assert set(ours) == theirs, position
        compared += 1
        # OpenSpiel's turn, played at random; ludic's chance node after the
        # same turn offers the same throws.
        player = s.current_player()
        while not s.is_terminal() and not s.is_chance_node() and s.current_player() == player:
            s.apply_action(rng.choice(s.legal_actions()))
        turns += 1
        expected = None
        board = key(conv.counts(s))
        if s.is_terminal():
            winner, ludic_returns = ours[board]
            returns = s.returns()
            assert returns[conv.letters.index(winner)] > 0, (position, returns)
            for p, letter in enumerate(conv.letters):
                assert returns[p] == ludic_returns[letter], (position, returns, ludic_returns)
            stats["returns"] += 1
        elif st.legal_actions():
            t = st.clone()
            path = find_turn(t, board)
            expected = throws_of(path.chance_outcomes(), path.action_to_string)
    return compared


def find_turn(state, board):
    """The state after ludic's turn from `state` that reaches `board`, at the
    chance node of the next throw."""
    player = state.current_player()

    def walk(s):
        if s.is_chance_node() or s.current_player() != player or s.is_terminal():
            t = s.clone()
            for _ in range(10):
                if not t.is_chance_node():
                    break
                t.apply_action(t.chance_outcomes()[0][0])
            return s if key(ludic_counts(t.to_position())) == board else None
        for a in s.legal_actions():
            found = walk(s.child(a))
            if found is not None:
                return found
        return None

    found = walk(state)
    assert found is not None and found.is_chance_node()
    return found


def test_backgammon_agrees_with_openspiel_position_by_position():
    # Gammons and backgammons scored 2 and 3, as ludic's Points.
    game = pyspiel.load_game("backgammon(scoring_type=full_scoring)")
    bg = ludic.load("backgammon")
    conv = Convert(game)
    assert bg.max_utility() == 3.0 and bg.min_utility() == -3.0
    compared, stats = 0, {"returns": 0}
    for seed in range(FIRST, FIRST + GAMES):
        compared += play_one(game, bg, conv, seed, stats)
        if GAMES > 10:
            # Progress of a long run (seen with `pytest -s`).
            print(f"backgammon: seed {seed} passed, {compared} positions so far, "
                  f"{stats['returns']} games' returns", flush=True)
    print(f"backgammon: {GAMES} games (seeds {FIRST}..{FIRST + GAMES - 1}), "
          f"{compared} positions compared, returns compared at the end of {stats['returns']}")
    assert compared >= GAMES * min(TURNS, 20)
