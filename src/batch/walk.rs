//! The PATH arguments of a batch into files.

use std::path::{Path, PathBuf};

/// A file to read, and how it came to be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Input {
    /// The path; `-` is standard input.
    pub path: PathBuf,
    /// Found by walking a folder rather than named on the command line: a
    /// file there that is no game log (a README) is skipped, where a named
    /// one is an error.
    pub walked: bool,
}

/// Expands folders into the files below them (sorted, so output order does
/// not depend on the file system); `-` stays standard input.
#[must_use]
pub fn expand(paths: &[PathBuf]) -> Vec<Input> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found);
            found.sort();
            out.extend(found.into_iter().map(|path| Input { path, walked: true }));
        } else {
            out.push(Input {
                path: p.clone(),
                walked: false,
            });
        }
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        // An unreadable folder is reported when its path is opened as a file.
        out.push(dir.to_path_buf());
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}
