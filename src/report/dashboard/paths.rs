//! Paths as the dashboard shows them: relative to the PATH arguments as
//! given, under the last name of the argument (`corpus/tenhou-xml/a.mjlog`
//! for a file found in `…/corpus`), so that the page names no folder of
//! the machine it was written on and is the same wherever it is written.

use std::path::{Component, Path};

/// A file as the page names it, and the source folder it is counted in.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Shown {
    /// The path shown.
    pub path: String,
    /// The source folder: the argument's name and the first folder below
    /// it (`corpus/tenhou-xml`), or the argument's name when the file lies
    /// directly in it, or the folder of a file named on the command line.
    pub folder: String,
}

/// The last name of a path (`corpus` for `/data/corpus/`), or the path
/// itself when it has none that is a plain name (`.`, `..`, `/`).
pub(super) fn last_name(path: &str) -> String {
    match Path::new(path).components().next_back() {
        Some(Component::Normal(name)) => name.to_string_lossy().into_owned(),
        _ if path.starts_with('/') => "/".to_owned(),
        _ => path.to_owned(),
    }
}

fn names(rest: &Path) -> Vec<String> {
    rest.components()
        .filter_map(|c| match c {
            Component::Normal(n) => Some(n.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect()
}

/// How `file` is shown, given the PATH arguments `roots` as given.
pub(super) fn shown(file: &str, roots: &[String]) -> Shown {
    if file == "-" {
        return Shown {
            path: "-".into(),
            folder: "standard input".into(),
        };
    }
    let path = Path::new(file);
    for root in roots {
        let Ok(rest) = path.strip_prefix(root) else {
            continue;
        };
        let label = last_name(root);
        let rest = names(rest);
        return match rest.as_slice() {
            // A file named on the command line.
            [] => Shown {
                folder: path
                    .parent()
                    .and_then(Path::to_str)
                    .filter(|p| !p.is_empty())
                    .map_or_else(|| ".".to_owned(), last_name),
                path: label,
            },
            [_] => Shown {
                path: format!("{label}/{}", rest.join("/")),
                folder: label,
            },
            [first, ..] => Shown {
                path: format!("{label}/{}", rest.join("/")),
                folder: format!("{label}/{first}"),
            },
        };
    }
    // Not below any argument (cannot happen for files the audit found):
    // the file's own name, never its full path.
    Shown {
        path: last_name(file),
        folder: ".".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roots(r: &[&str]) -> Vec<String> {
        r.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn files_below_a_folder_are_shown_under_its_last_name() {
        let r = roots(&["/data/shared/corpus/"]);
        let s = shown("/data/shared/corpus/tenhou-xml/2019/a.mjlog", &r);
        assert_eq!(s.path, "corpus/tenhou-xml/2019/a.mjlog");
        assert_eq!(s.folder, "corpus/tenhou-xml");
        let s = shown("/data/shared/corpus/README.md", &r);
        assert_eq!(s.path, "corpus/README.md");
        assert_eq!(s.folder, "corpus");
    }

    #[test]
    fn a_file_named_on_the_command_line_is_shown_by_its_name() {
        let r = roots(&["testdata/tenhou_xml/double_ron.mjlog", "-"]);
        let s = shown("testdata/tenhou_xml/double_ron.mjlog", &r);
        assert_eq!(s.path, "double_ron.mjlog");
        assert_eq!(s.folder, "tenhou_xml");
        assert_eq!(shown("-", &r).path, "-");
        let s = shown("game.mjlog", &roots(&["game.mjlog"]));
        assert_eq!((s.path.as_str(), s.folder.as_str()), ("game.mjlog", "."));
    }

    #[test]
    fn no_machine_path_leaks() {
        let s = shown("/home/someone/logs/x.json", &roots(&["elsewhere"]));
        assert_eq!(s.path, "x.json");
        assert_eq!(last_name("."), ".");
        assert_eq!(last_name("/"), "/");
    }
}
