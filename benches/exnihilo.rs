//! Random playouts of `games/exnihilo.game` (rules.md §1), side 5.
//!
//! Two runs of the same playouts: the engine as it is, and the engine
//! probing every `after:` filter by playing the move and undoing it (the
//! generators' overlay plans and twin levels removed): the baseline of
//! docs/performance.md, and Ludii's way of filtering.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludic::compile::{Game, Options};
use ludic::engine::{State, playout};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::sync::Arc;

fn game(size: u16) -> Game {
    let opts = Options::from_sets(&[format!("size={size}")]).unwrap();
    Game::load("games/exnihilo.game", &opts).unwrap()
}

fn bench(c: &mut Criterion, name: &str, start: State) {
    let mut buf = Vec::with_capacity(512);
    let mut i = 0;
    let mut group = c.benchmark_group("exnihilo playouts");
    group.throughput(Throughput::Elements(1));
    group.bench_function(name, |b| {
        b.iter(|| {
            i += 1;
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            rng.set_stream(i);
            black_box(playout(start.clone(), &mut rng, 100_000, &mut buf))
        })
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    for size in [4, 5, 6] {
        bench(c, &format!("side {size}"), State::new(Arc::new(game(size))));
    }
    let probing = State::new_probing(Arc::new(game(5)));
    bench(c, "side 5, filters probed", probing);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = playouts
}
criterion_main!(benches);
