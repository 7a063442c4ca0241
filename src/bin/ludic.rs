//! The `ludic` command line: a thin layer over the library (see
//! `ludic --help`).

fn main() {
    std::process::exit(ludic::cli::main());
}
