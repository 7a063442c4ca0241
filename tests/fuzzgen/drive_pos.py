#!/usr/bin/env python3
"""Random draughts and chess positions through both tiers of the CLI.

drive_pos.py FIRST LAST
"""
import random
import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drive import compare, Found, random_walk  # noqa

NUMBERED = {"checkers": 32, "giveaway": 32, "international": 50, "checkers10": 50}
COORD = ["russian", "brazilian"]


def dark_squares_8():
    out = []
    for r in range(8):
        for c in range(8):
            if (r + c) % 2 == 0:
                out.append("abcdefgh"[c] + str(r + 1))
    return out


def draughts_pos(rng, game):
    if game in NUMBERED:
        n = NUMBERED[game]
        sq = list(range(1, n + 1))
    else:
        sq = dark_squares_8()
    k = rng.randint(2, min(len(sq), rng.choice([6, 10, 16, 24])))
    chosen = rng.sample(sq, k)
    w, b = [], []
    for s in chosen:
        king = rng.random() < 0.3
        (w if rng.random() < 0.5 else b).append(("K" if king else "") + str(s))
    if not w:
        w.append(b.pop())
    if not b:
        b.append(w.pop())
    side = rng.choice(["W", "B"])
    if game in NUMBERED:
        return ["--fen", f"{side}:W{','.join(w)}:B{','.join(b)}"]
    return ["--position", f"{side} W:{','.join(w)} B:{','.join(b)}"]


def chess_fen(rng):
    board = [[None] * 8 for _ in range(8)]
    def free():
        while True:
            r, c = rng.randrange(8), rng.randrange(8)
            if board[r][c] is None:
                return r, c
    # kings
    castle = ""
    if rng.random() < 0.5:
        board[0][4] = "K"
        for c, f in ((7, "K"), (0, "Q")):
            if rng.random() < 0.7:
                board[0][c] = "R"
                if rng.random() < 0.8:
                    castle += f
    else:
        r, c = free(); board[r][c] = "K"
    if rng.random() < 0.5:
        board[7][4] = "k"
        for c, f in ((7, "k"), (0, "q")):
            if rng.random() < 0.7:
                board[7][c] = "r"
                if rng.random() < 0.8:
                    castle += f
    else:
        while True:
            r, c = free()
            if all(board[rr][cc] != "K" for rr in range(max(0, r - 1), min(8, r + 2)) for cc in range(max(0, c - 1), min(8, c + 2))):
                board[r][c] = "k"
                break
    for _ in range(rng.randint(0, 14)):
        p = rng.choice("PPPPNBRQ")
        if rng.random() < 0.5:
            p = p.lower()
        r, c = free()
        if p in "Pp" and r in (0, 7):
            continue
        board[r][c] = p
    side = rng.choice("wb")
    ep = "-"
    # en passant: a pawn that just moved two squares
    if rng.random() < 0.4:
        if side == "w":
            c = rng.randrange(8)
            if board[4][c] == "p" and board[5][c] is None and board[6][c] is None:
                ep = "abcdefgh"[c] + "6"
        else:
            c = rng.randrange(8)
            if board[3][c] == "P" and board[2][c] is None and board[1][c] is None:
                ep = "abcdefgh"[c] + "3"
    rows = []
    for r in range(7, -1, -1):
        s, e = "", 0
        for c in range(8):
            p = board[r][c]
            if p is None:
                e += 1
            else:
                if e:
                    s += str(e)
                    e = 0
                s += p
        if e:
            s += str(e)
        rows.append(s)
    return ["--fen", f"{'/'.join(rows)} {side} {castle or '-'} {ep} 0 1"]


def main():
    first, last = int(sys.argv[1]), int(sys.argv[2])
    found = 0
    games = list(NUMBERED) + COORD + ["chess"]
    for seed in range(first, last + 1):
        rng = random.Random(seed)
        game = games[seed % len(games)]
        pos = chess_fen(rng) if game == "chess" else draughts_pos(rng, game)
        try:
            r = compare("moves", ["moves", game] + pos)
            if r is None or r[0] != 0:
                continue
            for d in (1, 2, 3):
                r = compare("perft", ["perft", game] + pos + [str(d), "--json", "--quiet"], jsonic=True)
                if r is None or r[0] != 0 or '"counts"' not in r[1]:
                    break
                import json
                if json.loads(r[1])["counts"][-1] > 30000:
                    break
            played = random_walk([game] + pos, rng, rng.randint(2, 10))
            if played:
                compare("show", ["show", game] + pos + ["--moves", " ".join(played)])
            compare("playout", ["playout", game] + pos + ["--count", "20", "--seed", "3", "--json", "--quiet", "--max-turns", "150"], jsonic=True)
        except Found as e:
            found += 1
            print(f"FOUND seed {seed} {game} {pos}:\n{e}\n", flush=True)
        if seed % 50 == 0:
            print(seed, "found", found, flush=True)
    print("done found", found)


if __name__ == "__main__":
    main()
