analyze: analyze tests/data/found/raw/g1142.game --count 3 --players greedy,mc:5 --seed 2 --threads 1 --json --max-turns 40
