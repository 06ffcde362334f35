//! paifu's errors as Python exceptions: one base class, `PaifuError`, and
//! one subclass per kind of bad input. An import error carries its parts
//! as attributes (the file, the format, the line and byte, what was
//! expected and found) — the fields of the CLI's `import_error` JSON line.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

use paifu::batch::ImportFailure;

create_exception!(
    paifu,
    PaifuError,
    PyException,
    "The base class of every error paifu raises."
);
create_exception!(
    paifu,
    ImportError,
    PaifuError,
    "A file could not be read as a game log: attributes `file`, `format`, \
     `line`, `byte`, `expected`, `found` and `message` say where and why \
     (None where unknown)."
);
create_exception!(
    paifu,
    RulesError,
    PaifuError,
    "A rule profile could not be found or read."
);
create_exception!(
    paifu,
    ScoreError,
    PaifuError,
    "A hand, a tile or a situation could not be read, or the hand is no win."
);

/// The import failure of `file` as a `paifu.ImportError` (not raised).
pub fn import_error(py: Python<'_>, file: &str, failure: &ImportFailure) -> PyErr {
    let err = ImportError::new_err(format!("{file}: {}", failure.message));
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("file", file)?;
        value.setattr("message", &failure.message)?;
        value.setattr("format", failure.format.map(paifu::event::Format::name))?;
        value.setattr("line", failure.line)?;
        value.setattr("byte", failure.byte)?;
        value.setattr("expected", failure.expected.as_deref())?;
        value.setattr("found", failure.found.as_deref())?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A rule profile that could not be loaded, as a `paifu.RulesError`.
pub fn rules_error(e: &impl std::fmt::Display) -> PyErr {
    RulesError::new_err(e.to_string())
}
