//! Helpers for the unit tests that walk the shared corpus.

use std::path::{Path, PathBuf};

/// `../shared/corpus/<sub>` beside the repository, if this machine has it.
/// When it does not, says so: a corpus test is never skipped silently.
pub(crate) fn corpus(sub: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(sub);
    if dir.is_dir() {
        Some(dir)
    } else {
        // Straight to stderr, past the test harness's capture.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIPPED: no corpus at {}",
            dir.display()
        );
        None
    }
}

/// Every file below `dir`, sorted.
pub(crate) fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}
