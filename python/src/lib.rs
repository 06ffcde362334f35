//! `paifu._paifu`: the Python binding of the paifu library. Each call is a
//! thin layer over a library function the CLI calls too, and each result
//! that the CLI prints as JSON is the same serde value, written by the
//! library's own writer and read back by Python's `json` module: a dict
//! from here equals the CLI's line by construction. `events_table` is the
//! one exception: its rows cross as Arrow buffers (`arrow`), each typed
//! column a field of that serde value, the value itself in `json`.
//!
//! `python/paifu/__init__.py` re-exports this module; `python/README.md`
//! documents the API and `python/paifu/__init__.pyi` types it.

mod arrow;
mod audit;
mod errors;
mod game;
mod json;
mod replay;
mod review;
mod table;
mod tools;

use pyo3::prelude::*;

/// The native half of the `paifu` package (use `import paifu`).
#[pymodule]
fn _paifu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", paifu::report::PAIFU_VERSION)?;
    m.add("DEFAULT_MAX_SIZE", paifu::import::DEFAULT_MAX_SIZE)?;
    m.add("PaifuError", py.get_type::<errors::PaifuError>())?;
    m.add("ImportError", py.get_type::<errors::ImportError>())?;
    m.add("RulesError", py.get_type::<errors::RulesError>())?;
    m.add("ScoreError", py.get_type::<errors::ScoreError>())?;
    m.add_class::<game::Game>()?;
    m.add_class::<audit::Report>()?;
    m.add_class::<audit::Reports>()?;
    m.add_class::<replay::Replay>()?;
    m.add_function(wrap_pyfunction!(game::load, m)?)?;
    m.add_function(wrap_pyfunction!(audit::audit, m)?)?;
    m.add_function(wrap_pyfunction!(audit::audit_many, m)?)?;
    m.add_function(wrap_pyfunction!(review::review, m)?)?;
    m.add_function(wrap_pyfunction!(table::events_table, m)?)?;
    tools::register(m)?;
    Ok(())
}
