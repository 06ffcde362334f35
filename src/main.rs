//! The `paifu` command line: see `paifu --help` and the README.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        Err(err) => {
            // A reader that stops early (`paifu events … | head`) is not an
            // error of ours.
            let broken_pipe = err.chain().any(|e| {
                let io = e.downcast_ref::<std::io::Error>().map(std::io::Error::kind);
                let json = e
                    .downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind);
                io.or(json) == Some(std::io::ErrorKind::BrokenPipe)
            });
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            eprintln!("paifu: {err:#}");
            ExitCode::from(2)
        }
    }
}
