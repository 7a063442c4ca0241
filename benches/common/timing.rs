//! Timing for the benches' summaries.
//!
//! This machine is shared (its load average is often far above its two
//! cores), so wall time mostly measures the other processes. The summaries
//! time the CPU time of the calling thread instead
//! (`CLOCK_THREAD_CPUTIME_ID`, nanosecond resolution). Sharing still costs
//! something (caches, frequency), so the two sides of a ratio are timed in
//! turns, ludic then baseline, repetition after repetition.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use rustix::time::{ClockId, clock_gettime};
use std::hint::black_box;
use std::time::Duration;

fn thread_cpu() -> Duration {
    let t = clock_gettime(ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Criterion's measurement on the same clock: the CPU time of the
/// benchmarking thread, shown like wall time.
pub struct ThreadCpu;

/// Lends its duration formatter to [`ThreadCpu`].
static WALL: WallTime = WallTime;

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        thread_cpu()
    }
    fn end(&self, t0: Duration) -> Duration {
        thread_cpu().saturating_sub(t0)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, d: &Duration) -> f64 {
        d.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}

/// The clock that [`time`] reads.
pub const CLOCK: &str = "thread CPU time";

/// Runs `f` once; returns the CPU time it took and its result.
pub fn time<T>(f: impl FnOnce() -> T) -> (Duration, T) {
    let t0 = thread_cpu();
    let r = black_box(f());
    (thread_cpu().saturating_sub(t0), r)
}

/// The median of some durations.
pub fn median(mut ds: Vec<Duration>) -> Duration {
    ds.sort();
    ds.get(ds.len() / 2).copied().unwrap_or_default()
}

/// Median duration of `reps` runs of `f` (after one untimed warm-up run),
/// and `f`'s result, checked to be the same every run.
#[allow(dead_code)]
pub fn median_time<T: PartialEq + std::fmt::Debug>(
    reps: usize,
    mut f: impl FnMut() -> T,
) -> (Duration, T) {
    let expected = f();
    let ds = (0..reps.max(1))
        .map(|_| {
            let (d, r) = time(&mut f);
            assert_eq!(r, expected, "a fixed workload gave another result");
            d
        })
        .collect();
    (median(ds), expected)
}

/// Times `a` and `b` in turns, `reps` times each after one warm-up run of
/// each; returns both medians and both results (checked to be the same
/// every run).
#[allow(dead_code)]
pub fn compare<A, B>(
    reps: usize,
    mut a: impl FnMut() -> A,
    mut b: impl FnMut() -> B,
) -> ((Duration, A), (Duration, B))
where
    A: PartialEq + std::fmt::Debug,
    B: PartialEq + std::fmt::Debug,
{
    let (ra, rb) = (a(), b());
    let (mut da, mut db) = (Vec::new(), Vec::new());
    for _ in 0..reps.max(1) {
        let (d, r) = time(&mut a);
        assert_eq!(r, ra, "a fixed workload gave another result");
        da.push(d);
        let (d, r) = time(&mut b);
        assert_eq!(r, rb, "a fixed workload gave another result");
        db.push(d);
    }
    ((median(da), ra), (median(db), rb))
}

/// Events per second.
pub fn rate(count: u64, d: Duration) -> f64 {
    count as f64 / d.as_secs_f64().max(1e-12)
}

/// The machine's load averages (1, 5, 15 minutes), for the record.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
