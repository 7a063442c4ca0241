//! End-to-end test of `ludic serve` in headless Chromium, driven over
//! WebDriver (tests/webdriver: a small client of its own) through
//! chromedriver. It needs Debian's
//! `chromium` and `chromium-driver` (installed by .ci/setup), so it is
//! ignored by a plain `cargo test`; .ci/test runs it with
//! `cargo test --release --test browser -- --ignored`.
//!
//! Screenshots of each step go to target/browser/ (artifacts, not in the
//! repository).

#[path = "../webdriver/mod.rs"]
mod webdriver;

mod driver;

mod acf;
mod checkers;
mod dice;
mod new_users;
mod notation;
mod pictures;
mod records;
mod seats;
