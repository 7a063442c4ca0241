perft: perft tests/data/found/raw/g520.game 2 --json --quiet
