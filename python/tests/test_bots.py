"""Bots as objects (ludic.bot): they play whole games step by step, repeat
with their seed, find forced wins that a brute force written here (apart
from ludic's rules) finds, refuse the specs the command line refuses, and
search with a Python evaluator whose preferences change their choice and
whose exceptions come back as they were raised."""

import random
import threading

import pytest

import ludic

# Tic-tac-toe's lines, by cell label (written here, not read from the rules).
TTT_LINES = [
    ("a1", "b1", "c1"), ("a2", "b2", "c2"), ("a3", "b3", "c3"),
    ("a1", "a2", "a3"), ("b1", "b2", "b3"), ("c1", "c2", "c3"),
    ("a1", "b2", "c3"), ("a3", "b2", "c1"),
]


def play(game, bots, max_steps=5000):
    """Plays bots[player] until the end; returns the action ids played."""
    s = game.new_initial_state()
    while not s.is_terminal() and len(s.history()) < max_steps:
        s.apply_action(bots[s.current_player()].step(s))
    return s


@pytest.mark.parametrize("spec", ["random", "greedy", "mc:4", "mcts:40", "mcts:30,cut=4,eps=0.3", "ab:2"])
@pytest.mark.parametrize("name", ["tictactoe", "connect4", "checkers", "breakthrough"])
def test_a_bot_plays_a_whole_game_and_repeats_with_its_seed(name, spec):
    game = ludic.load_game(name)
    s = play(game, [ludic.bot(spec, seed=5), ludic.bot("random", seed=6)])
    assert s.is_terminal() or name == "checkers"
    again = play(game, [ludic.bot(spec, seed=5), ludic.bot("random", seed=6)])
    assert again.history() == s.history()
    # restart() goes back to the seed.
    b = ludic.bot(spec, seed=5)
    first = play(game, [b, ludic.bot("random", seed=6)])
    b.restart()
    assert play(game, [b, ludic.bot("random", seed=6)]).history() == first.history()


def test_seeds_differ_and_multi_step_turns_are_followed():
    game = ludic.load_game("checkers", repetition=False)
    a = play(game, [ludic.bot("random", seed=1)] * 2)
    b = play(game, [ludic.bot("random", seed=2)] * 2)
    assert a.history() != b.history()
    # A double jump: Black's man on 9 takes 14 then 23 (or 22), two steps
    # of one turn; the bot's second step continues the turn it chose.
    s = game.state_from_position("B B:9,1 W:14,22,23,32")
    turns = s.legal_moves()
    assert sorted(turns) == ["9x18x25", "9x18x27"], turns
    for seed in range(6):
        bot = ludic.bot("random", seed=seed)
        t = s.clone()
        t.apply_action(bot.step(t))
        assert t.current_player() == 0  # the turn goes on
        t.apply_action(bot.step(t))
        assert t.current_player() == 1


def test_specs_the_command_line_refuses_raise_its_reason():
    cases = {
        "minimax": "unknown player `minimax`",
        "mcts:0": "`0` is not a positive whole number",
        "random:3": "`random` takes no `:` argument",
        "ab:65": "`65` is too deep",
        "ab:2,cut=3": "`ab` takes no options such as `cut=3`",
        "mcts:0s": "`0s` is not a finite positive duration",
        "human": "`human` is not a bot",
    }
    for spec, reason in cases.items():
        with pytest.raises(ValueError, match=reason.replace("(", r"\(")) as e:
            ludic.bot(spec)
        assert reason in str(e.value)
    with pytest.raises(ValueError, match="takes no evaluator"):
        ludic.bot("greedy", evaluator=lambda s: [0, 0])
    with pytest.raises(ValueError, match="cut= and eps="):
        ludic.bot("mcts:10,cut=3", evaluator=lambda s: [0, 0])
    with pytest.raises(TypeError):
        ludic.bot(3)
    s = play(ludic.load_game("tictactoe"), [ludic.bot("random")] * 2)
    with pytest.raises(ValueError, match="over"):
        ludic.bot("random").step(s)


def ttt_cells(state):
    """The cells of tic-tac-toe's position by label: 'X', 'O' or ''."""
    obs = state.observation()
    labels = state.game.site_labels
    return {lab: "X" if obs[0, 0, i] else "O" if obs[1, 0, i] else "" for i, lab in enumerate(labels)}


def ttt_wins(cells, who):
    return any(all(cells[c] == who for c in line) for line in TTT_LINES)


def ttt_state(game, labels):
    s = game.new_initial_state()
    for lab in labels:
        s.play(lab)
    return s


@pytest.mark.parametrize("spec", ["ab:1", "ab:2", "ab:4", "mcts:400"])
def test_a_mate_in_one_at_tic_tac_toe(spec):
    # X: a3, b3, a1; O: a2, b2, c1. X to move: c3 wins at once (a3-b3-c3),
    # and nothing else does; O threatens c2 (a2-b2-c2), which X must not
    # leave for later.
    game = ludic.load_game("tictactoe")
    s = ttt_state(game, ["a3", "a2", "b3", "b2", "a1", "c1"])
    cells = ttt_cells(s)
    wins = {lab for lab, who in cells.items() if who == "" and ttt_wins({**cells, lab: "X"}, "X")}
    assert wins == {"c3"}
    for seed in range(3):
        a = ludic.bot(spec, seed=seed).step(s)
        assert s.action_to_string(a) in wins
        assert s.child(a).returns() == [1.0, -1.0]


# Connect Four, written here: 7 columns, 6 rows, four in a row.
def c4_win(cols, who):
    grid = {(c, r): p for c, col in enumerate(cols) for r, p in enumerate(col)}
    for (c, r), p in grid.items():
        if p != who:
            continue
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if all(grid.get((c + k * dc, r + k * dr)) == who for k in range(4)):
                return True
    return False


def c4_moves(cols):
    return [c for c in range(7) if len(cols[c]) < 6]


def c4_after(cols, c, who):
    out = [list(x) for x in cols]
    out[c].append(who)
    return out


def c4_forces_win(cols, c, me, them):
    """Column c wins for `me` at once, or every reply leaves a winning column."""
    after = c4_after(cols, c, me)
    if c4_win(after, me):
        return True
    replies = c4_moves(after)
    if not replies:
        return False
    for r in replies:
        reply = c4_after(after, r, them)
        if c4_win(reply, them):
            return False
        if not any(c4_win(c4_after(reply, m, me), me) for m in c4_moves(reply)):
            return False
    return True


def column(state, action):
    return "abcdefg".index(state.action_to_string(action)[0])


def test_ab_finds_forced_wins_in_three_plies_at_connect_four():
    # Seeded random games, stopped where the mover has no win at once and
    # the opponent no threat, but some column (not every) forces a win in
    # three plies by the brute force above: ab:3 and ab:4 play one of them.
    game = ludic.load_game("connect4")
    found = 0
    rng = random.Random(41)
    while found < 6:
        s, cols = game.new_initial_state(), [[] for _ in range(7)]
        for _ in range(rng.randrange(6, 20)):
            if s.is_terminal():
                break
            me, them = s.current_player(), 1 - s.current_player()
            moves = c4_moves(cols)
            forcing = [c for c in moves if c4_forces_win(cols, c, me, them)]
            quiet = not any(c4_win(c4_after(cols, c, me), me) for c in moves) and not any(
                c4_win(c4_after(cols, c, them), them) for c in moves
            )
            if quiet and forcing and len(forcing) < len(moves):
                found += 1
                for spec in ("ab:3", "ab:4"):
                    a = ludic.bot(spec, seed=found).step(s)
                    assert column(s, a) in forcing, (spec, cols, forcing)
                break
            a = rng.choice(s.legal_actions())
            cols[column(s, a)].append(me)
            s.apply_action(a)
    assert found == 6


def x_on(label):
    """An evaluator: X (player 0) wins wherever X holds `label`, else even."""

    def f(state):
        i = state.game.site_labels.index(label)
        return [1.0, -1.0] if state.observation()[0, 0, i] else [0.0, 0.0]

    return f


@pytest.mark.parametrize("spec", ["ab:1", "ab:2", "mcts:200"])
def test_an_evaluator_that_prefers_an_outcome_changes_the_choice(spec):
    game = ludic.load_game("tictactoe")
    s = game.new_initial_state()
    for label in ("c1", "b3", "a2"):
        a = ludic.bot(spec, seed=1, evaluator=x_on(label)).step(s)
        assert s.action_to_string(a) == label


def test_priors_steer_mcts_and_take_three_forms():
    game = ludic.load_game("tictactoe")
    s = game.new_initial_state()
    even = lambda st: [0.0, 0.0]  # noqa: E731
    target = s.string_to_action("b1")
    forms = [
        lambda st: ([0.0, 0.0], {target: 1.0}),
        lambda st: ([0.0, 0.0], [1.0 if a == target else 0.0 for a in st.legal_actions()]),
        lambda st: ([0.0, 0.0], [1.0 if a == target else 0.0 for a in range(game.num_distinct_actions())]),
    ]
    for f in forms:
        calls = []

        def g(st, f=f):
            calls.append(st.history())
            out = f(st)
            # Other positions: priors over their own legal actions.
            return out if st.history() == [] else ([0.0, 0.0], None)

        assert ludic.bot("mcts:60", seed=1, evaluator=g).step(s) == target
        assert calls[0] == [] and all(len(h) >= 1 for h in calls[1:])
    # Without priors the search spreads its visits: b1 is one of nine.
    assert ludic.bot("mcts:60", seed=1, evaluator=even).step(s) != target
    with pytest.raises(ValueError, match="priors: 2 numbers"):
        ludic.bot("mcts:5", evaluator=lambda st: ([0.0, 0.0], [1.0, 2.0])).step(s)
    with pytest.raises(ValueError, match="expected 2 finite values"):
        ludic.bot("mcts:5", evaluator=lambda st: [0.0, 0.0, 0.0]).step(s)
    with pytest.raises(ValueError, match="expected 2 finite values"):
        ludic.bot("ab:1", evaluator=lambda st: [float("nan"), 0.0]).step(s)


class Boom(Exception):
    pass


@pytest.mark.parametrize("spec", ["mcts:50", "ab:3"])
def test_an_evaluator_that_raises_propagates_its_exception(spec):
    game = ludic.load_game("connect4")
    s = game.new_initial_state()
    n = {"calls": 0}

    def f(state):
        n["calls"] += 1
        if n["calls"] == 7:
            raise Boom("the seventh position")
        return [0.0, 0.0]

    bot = ludic.bot(spec, evaluator=f)
    with pytest.raises(Boom, match="seventh"):
        bot.step(s)
    assert n["calls"] == 7  # the search stopped at the exception
    # The bot and the state go on.
    assert s.history() == []
    a = bot.step(s)
    assert a in s.legal_actions()


def test_the_evaluator_runs_on_the_callers_thread_and_may_call_ludic():
    game = ludic.load_game("connect4")
    threads = set()

    def f(state):
        threads.add(threading.get_ident())
        # Back into ludic from inside the search.
        kids = [state.child(a) for a in state.legal_actions()[:2]]
        assert all(k.move_number() == state.move_number() + 1 for k in kids)
        return [0.0, 0.0]

    results = {}

    def run(key, spec, evaluator):
        results[key] = play(game, [ludic.bot(spec, seed=3, evaluator=evaluator), ludic.bot("mcts:30", seed=4)]).history()

    workers = [
        threading.Thread(target=run, args=("ev", "mcts:20", f)),
        threading.Thread(target=run, args=("plain", "mcts:30", None)),
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert threads and all(t == workers[0].ident for t in threads)
    # The same games played one after the other.
    run("ev2", "mcts:20", f)
    run("plain2", "mcts:30", None)
    assert results["ev"] == results["ev2"] and results["plain"] == results["plain2"]


def test_bots_play_through_openspiels_evaluate_bots():
    pytest.importorskip("pyspiel", reason="open_spiel has no wheel for this Python or machine")
    import numpy as np
    import ludic.openspiel as lo
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    game = lo.load_game("connect_four")
    wins = 0
    for seed in range(4):
        bots = [ludic.bot("mcts:300", seed=seed), ludic.bot("random", seed=seed)]
        returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))
        wins += returns[0] == 1.0
    assert wins >= 3


def test_a_batched_evaluator_gets_lists_and_steers_as_one_at_a_time():
    game = ludic.load_game("tictactoe")
    s = game.new_initial_state()
    one = x_on("b3")
    sizes = []

    def many(states):
        sizes.append(len(states))
        return [one(st) for st in states]

    for label, f in (("b3", one), ("a1", x_on("a1"))):
        g = (lambda states, f=f: (sizes.append(len(states)), [f(st) for st in states])[1])
        a = ludic.bot("mcts:200", seed=1, evaluator=g, batch=8).step(s)
        assert s.action_to_string(a) == label
    assert max(sizes) > 1 and all(1 <= n <= 8 for n in sizes)
    # A batched search finds the only mate in one too.
    mate = ttt_state(game, ["a3", "a2", "b3", "b2", "a1", "c1"])
    even = lambda states: [[0.0, 0.0]] * len(states)  # noqa: E731
    for seed in range(3):
        a = ludic.bot("mcts:400", seed=seed, evaluator=even, batch=16).step(mate)
        assert mate.action_to_string(a) == "c3"
    with pytest.raises(ValueError, match="2 evaluations for a batch"):
        ludic.bot("mcts:50", evaluator=lambda states: [[0.0, 0.0]] * 2, batch=4).step(s)
    with pytest.raises(Boom):
        ludic.bot("mcts:50", evaluator=lambda states: (_ for _ in ()).throw(Boom("batch")), batch=4).step(s)
    for bad in (0, -1):
        with pytest.raises(ValueError):
            ludic.bot("mcts:50", evaluator=many, batch=bad)
    with pytest.raises(ValueError, match="only mcts with an evaluator"):
        ludic.bot("ab:2", evaluator=one, batch=4)
    with pytest.raises(ValueError, match="only mcts with an evaluator"):
        ludic.bot("mcts:20", batch=4)
