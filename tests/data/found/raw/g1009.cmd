perft: perft tests/data/found/raw/g1009.game 2 --json --quiet
