//! The `paifu` command line: see `paifu --help` and the README.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        Err(err) => {
            eprintln!("paifu: {err:#}");
            ExitCode::from(2)
        }
    }
}
