//! `paifu rules`: list the built-in profiles or print one as JSON, the form
//! a user edits to make a variant.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, bail};

use paifu::rules::Rules;

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
            let rules = load_rules(name)?;
            writeln!(out, "{}", serde_json::to_string_pretty(&rules)?)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// A preset by name, or a JSON profile from a file.
pub fn load_rules(name: &str) -> anyhow::Result<Rules> {
    if let Some(r) = Rules::preset(name) {
        return Ok(r);
    }
    let path = std::path::Path::new(name);
    if !path.exists() {
        bail!(
            "`{name}` is neither a rule profile ({}) nor a file",
            Rules::PRESETS.join(", ")
        );
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read rules file {name}"))?;
    Rules::from_json(&text).with_context(|| format!("rules file {name}"))
}
