playout-walk: playout tests/data/found/raw/g1170.game --moves c5 a1 b5 a2 b1 a3 a5 --count 15 --seed 5 --json --quiet --max-turns 150
