//! `paifu rules`: list the built-in profiles or print one as JSON, the form
//! a user edits to make a variant.

use std::io::Write;
use std::process::ExitCode;

use paifu::rules::{ProfileSpec, Rules};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A profile to print as JSON; without it, the list of profiles.
    name: Option<String>,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    // Written, not printed: `println!` panics when the reader stops early
    // (`paifu rules tenhou | head`); an error here is a broken pipe that
    // `main` treats as the reader's choice.
    let mut out = std::io::stdout().lock();
    match &args.name {
        None => {
            for name in Rules::PRESETS {
                writeln!(out, "{name}")?;
            }
        }
        Some(name) => {
            let rules = ProfileSpec::parse(name, false)?.rules()?;
            writeln!(out, "{}", serde_json::to_string_pretty(&rules)?)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
