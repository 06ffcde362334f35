//! The one way values cross into Python: serialised by serde_json, the
//! library's own serde types, and read back by Python's `json.loads`, so
//! that a dict from the binding is the CLI's JSON line, key for key.
//! Many values go through one `loads` call (a JSON array), which keeps the
//! cost per value near the C parser's.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `json.loads(text)`.
pub fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    LOADS.import(py, "json", "loads")?.call1((text,))
}

/// A serde value as a Python object.
pub fn to_py<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    loads(py, &to_string(value)?)
}

/// A serde value as JSON text; an error (which the library's plain types
/// never give) becomes a Python `ValueError`.
pub fn to_string(value: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
}

/// JSON lines (as the CLI writes them) as one Python list of dicts.
pub fn lines_to_py<'py>(py: Python<'py>, lines: &str) -> PyResult<Bound<'py, PyAny>> {
    let mut array = String::with_capacity(lines.len() + 2);
    array.push('[');
    for (i, line) in lines.lines().filter(|l| !l.is_empty()).enumerate() {
        if i > 0 {
            array.push(',');
        }
        array.push_str(line);
    }
    array.push(']');
    loads(py, &array)
}
