//! `paifu.review`: the review of `paifu review --format json`. The game is
//! reviewed by `review::write::review_game` and written by
//! `review::write::write_json` as a batch of one file; its lines are
//! sorted by their `type` into the dict the call returns.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use paifu::batch::{Batch, FileOutcome};
use paifu::import::{DEFAULT_MAX_SIZE, ImportOptions};
use paifu::review::Options;
use paifu::review::write::{ReviewBatch, review_game, write_json};

use crate::audit::choice;
use crate::errors::{PaifuError, import_error};
use crate::game::Target;
use crate::json;

/// Reviews one game's decisions for a teacher, as `paifu review --format
/// json [--decisions] [--seat SEAT]`.
///
/// Returns a dict of the report's lines by kind: `items` (the mistakes
/// and notes, each its `item` line), `decisions` (with `decisions=True`,
/// each decision's line), `chances` (with `decisions=True`, each chance
/// passed), `game` (the game's closing line: each seat's summary),
/// `summary` (the summary line's dict) and `lines` (every line, in order).
/// `seat` is a seat number (0-3 from the first dealer) or a player's name.
/// Raises paifu.ImportError when the file is no log.
#[pyfunction]
#[pyo3(signature = (source, seat = None, decisions = false, *, rules = "auto",
    efficiency_threshold = Options::default().efficiency_threshold,
    max_size = DEFAULT_MAX_SIZE))]
pub fn review<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    seat: Option<&Bound<'py, PyAny>>,
    decisions: bool,
    rules: &str,
    efficiency_threshold: u8,
    max_size: u64,
) -> PyResult<Bound<'py, PyDict>> {
    if !(1..=100).contains(&efficiency_threshold) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "efficiency_threshold is a percentage from 1 to 100",
        ));
    }
    let seat = match seat {
        None => None,
        Some(s) if s.is_none() => None,
        Some(s) => Some(s.str()?.to_string()),
    };
    let choice = choice(rules)?;
    let target = Target::extract(source)?;
    let options = Options {
        efficiency_threshold,
        choices: decisions,
    };
    let read = ImportOptions { max_size };
    let (text, failure) = py.detach(|| {
        let file = target.run(&read, |log| review_game(log, &choice, &options));
        let failure = match &file.outcome {
            FileOutcome::ImportError(e) => Some((file.file.clone(), Some(e.clone()), None)),
            FileOutcome::InternalError(e) => Some((file.file.clone(), None, Some(e.clone()))),
            FileOutcome::Game(_) | FileOutcome::Skipped => None,
        };
        let batch = ReviewBatch {
            batch: Batch {
                rules: choice.label().to_owned(),
                files: vec![file],
            },
            seat,
            decisions,
            options,
        };
        let mut out = Vec::new();
        // Writing into memory cannot fail but for serde, which the
        // review's plain types never make fail.
        let _ = write_json(&batch, &mut out);
        (String::from_utf8_lossy(&out).into_owned(), failure)
    });
    match failure {
        Some((file, Some(f), _)) => return Err(import_error(py, &file, &f)),
        Some((file, None, Some(message))) => {
            return Err(PaifuError::new_err(format!(
                "internal error in {file}: {message}"
            )));
        }
        _ => {}
    }
    let lines = json::lines_to_py(py, &text)?.cast_into::<PyList>()?;
    let out = PyDict::new(py);
    let (items, choices, chances) = (PyList::empty(py), PyList::empty(py), PyList::empty(py));
    out.set_item("game", py.None())?;
    out.set_item("summary", py.None())?;
    for line in lines.iter() {
        let dict = line.cast::<PyDict>()?;
        if let Some(summary) = dict.get_item("summary")? {
            out.set_item("summary", summary)?;
            continue;
        }
        let kind: Option<String> = dict.get_item("type")?.map(|t| t.extract()).transpose()?;
        match kind.as_deref() {
            Some("item") => items.append(&line)?,
            Some("decision") => choices.append(&line)?,
            Some("chance") => chances.append(&line)?,
            Some("game") => out.set_item("game", &line)?,
            _ => {}
        }
    }
    out.set_item("items", items)?;
    out.set_item("decisions", choices)?;
    out.set_item("chances", chances)?;
    out.set_item("lines", lines)?;
    Ok(out)
}
