//! The calls that are one library function each: `convert`, `rules`,
//! `profile`, `score`.

use pyo3::prelude::*;

/// Adds this module's functions to the native module.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
