//! `ARCHITECTURE.md` is the map of the code: every file of the library is
//! named in the code-map section of its folder, so that a file added or
//! moved without its line in the map fails here.

#![allow(clippy::expect_used)]

use std::path::{Path, PathBuf};

/// The files of `dir`, recursively, as paths relative to the crate.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Unit-test modules are the tests' own, not the library's.
fn is_test_module(rel: &str) -> bool {
    rel.ends_with("tests.rs") || rel.contains("/tests/")
}

/// The code map's sections: each `### \`src/…\`` heading's path and text.
fn sections(map: &str) -> Vec<(String, String)> {
    let code_map = map
        .split("## Code map")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("ARCHITECTURE.md has a code map");
    code_map
        .split("\n### ")
        .skip(1)
        .filter_map(|section| {
            let heading = section.lines().next()?;
            let path = heading.split('`').nth(1)?.to_owned();
            Some((path, section.to_owned()))
        })
        .collect()
}

#[test]
fn the_code_map_names_every_library_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let sections = sections(&map);
    let lib = sections
        .iter()
        .find(|(path, _)| path == "src/lib.rs")
        .map(|(_, text)| text.clone())
        .expect("a section for src/lib.rs");
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut missing = Vec::new();
    for file in &files {
        let rel = file
            .strip_prefix(root)
            .expect("below the crate")
            .to_string_lossy()
            .replace('\\', "/");
        if is_test_module(&rel) || rel == "src/main.rs" {
            continue;
        }
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
        let name = name.unwrap_or_default();
        // The section of the file's top folder, or of the file itself at
        // the root (or the crate root's section for a root file).
        let section = sections
            .iter()
            .filter(|(path, _)| rel == *path || (path.ends_with('/') && rel.starts_with(path)))
            .max_by_key(|(path, _)| path.len())
            .map(|(path, text)| (path.clone(), text.clone()));
        let named = match &section {
            Some((path, _)) if *path == rel => true,
            Some((path, text)) => {
                let inner = &rel[path.len()..];
                // The folder's own `mod.rs` is what its section describes;
                // a deeper one is named by its folder (`audit/`); any other
                // file by its path below the section's folder or the end
                // of it (`html/item.rs`, `item.rs`).
                let folder = inner
                    .rsplit_once('/')
                    .map(|(dir, _)| dir.rsplit('/').next().unwrap_or(dir));
                let suffixes =
                    std::iter::successors(Some(inner), |p| p.split_once('/').map(|x| x.1));
                inner == "mod.rs"
                    || suffixes
                        .into_iter()
                        .any(|p| text.contains(&format!("`{p}`")))
                    || (name == "mod.rs"
                        && folder.is_some_and(|f| text.contains(&format!("`{f}/`"))))
            }
            None => lib.contains(&format!("`{name}`")),
        };
        if !named {
            missing.push(rel);
        }
    }
    assert!(
        missing.is_empty(),
        "files the code map of ARCHITECTURE.md does not name: {missing:?}"
    );
    assert!(files.len() > 100, "the source tree was found");
}
