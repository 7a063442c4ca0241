#!/usr/bin/env bash
# Instruction-count benchmark: runs examples/fixed_work.rs (checkers
# perft(6) = 36768 and 100 seeded random playouts, both asserted) under
# valgrind's callgrind and prints the instructions executed (Ir): the whole
# run, and the perft and playout parts alone. Unlike wall time, Ir barely
# moves between runs on a noisy machine, so a change's cost shows.
#
# Built for plain x86-64 (no -C target-cpu=native: this valgrind cannot
# decode AVX-512), in its own target directory so that the flags do not
# disturb the usual build.
#
# Usage: bash benches/callgrind.sh        (from anywhere in the repo)
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }

target=target/callgrind
export RUSTFLAGS="-C target-cpu=x86-64"
export CARGO_TARGET_DIR="$target"
cargo build --release --example fixed_work --quiet
bin="$target/release/examples/fixed_work"

out="$target/callgrind.out"
log="$target/callgrind.log"
valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" 2>"$log" || {
    cat "$log" >&2
    exit 1
}
total=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log")

# Inclusive cost of the two parts, from the same profile.
part() {
    callgrind_annotate --inclusive=yes "$out" 2>/dev/null |
        grep -E "fixed_work::$1( |\$|\\[)" | head -1 | awk '{gsub(",", "", $1); print $1}'
}
perft_ir=$(part perft_work)
playout_ir=$(part playout_work)

echo "callgrind, examples/fixed_work (checkers; rustc $(rustc --version | cut -d' ' -f2), RUSTFLAGS=\"$RUSTFLAGS\")"
printf '  total Ir                       %15s\n' "$total"
printf '  perft(6) from the start, Ir    %15s\n' "${perft_ir:-?}"
printf '  100 playouts (seeds 1..100), Ir %14s\n' "${playout_ir:-?}"
echo "  profile: $out (callgrind_annotate $out)"
