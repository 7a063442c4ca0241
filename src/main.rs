//! The `ludic` command line and its web server: front ends over the
//! library (see `ludic --help`). They are this binary's own modules, not
//! part of the library, so a program that imports ludic (the Python
//! package) gets the library alone.

mod cli;
mod serve;

fn main() {
    std::process::exit(cli::main());
}
