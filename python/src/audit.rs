//! `paifu.audit`, `paifu.audit_many` and `paifu.Report`: the audit of
//! `paifu audit`. Each game is audited by `report::audit_game` and its
//! report written by `report::write_json` (the CLI's `--format json`), as a
//! batch of one file; the lines become the report's dicts.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use paifu::batch::{self, BatchFile, FileOutcome, Input, expand};
use paifu::event::Format;
use paifu::import::{DEFAULT_MAX_SIZE, ImportOptions};
use paifu::report::{GameReport, Profile, Report as BatchReport, audit_game, write_json};
use paifu::rules::{ProfileSpec, RulesChoice};

use crate::errors::{PaifuError, import_error, rules_error};
use crate::game::Target;
use crate::json;

/// The audit of one file, before it meets Python: the CLI's JSON lines
/// for it and what the report states apart from them.
struct Audited {
    file: String,
    sha256: Option<String>,
    format: Option<Format>,
    profile: Option<Profile>,
    notes: Vec<String>,
    lines: String,
    failure: Option<batch::ImportFailure>,
    internal: Option<String>,
    skipped: bool,
}

impl Audited {
    /// Writes `file`'s report as `paifu audit --rules LABEL --format json`
    /// writes a batch of that one file.
    fn of(label: &str, file: BatchFile<GameReport>) -> Self {
        let (format, profile, notes) = match file.game() {
            Some(g) => (Some(g.format), Some(g.profile.clone()), g.notes.clone()),
            None => (None, None, Vec::new()),
        };
        let failure = match &file.outcome {
            FileOutcome::ImportError(e) => Some(e.clone()),
            _ => None,
        };
        let internal = match &file.outcome {
            FileOutcome::InternalError(e) => Some(e.clone()),
            _ => None,
        };
        let skipped = matches!(file.outcome, FileOutcome::Skipped);
        let name = file.file.clone();
        let sha256 = file.sha256.map(|d| d.to_string());
        let report = BatchReport {
            rules: label.to_owned(),
            files: vec![file],
        };
        let mut out = Vec::new();
        // Writing into memory fails only were serde to, which the report's
        // plain types do not; the lines would then be those written.
        let _ = write_json(&report, &mut out);
        Self {
            file: name,
            sha256,
            format: format.or(failure.as_ref().and_then(|f| f.format)),
            profile,
            notes,
            lines: String::from_utf8_lossy(&out).into_owned(),
            failure,
            internal,
            skipped,
        }
    }

    /// The Python report.
    fn into_report(self, py: Python<'_>) -> PyResult<Report> {
        let lines = json::lines_to_py(py, &self.lines)?;
        let lines = lines.cast_into::<PyList>()?;
        let findings = PyList::empty(py);
        let mut summary = py.None().into_bound(py);
        let mut damaged = py.None().into_bound(py);
        for line in lines.iter() {
            let dict = line.cast::<PyDict>()?;
            if let Some(s) = dict.get_item("summary")? {
                summary = s;
            } else if dict.contains("rule")? {
                findings.append(&line)?;
            } else if dict.contains("damaged")? {
                damaged = line.clone();
            }
        }
        let error = match (&self.failure, &self.internal) {
            (Some(f), _) => Some(import_error(py, &self.file, f).into_value(py).into_any()),
            (None, Some(message)) => Some(
                PaifuError::new_err(format!("internal error in {}: {message}", self.file))
                    .into_value(py)
                    .into_any(),
            ),
            (None, None) => None,
        };
        Ok(Report {
            file: self.file,
            sha256: self.sha256,
            format: self.format.map(Format::name),
            profile: json::to_py(py, &self.profile)?.unbind(),
            notes: self.notes,
            findings: findings.into_any().unbind(),
            summary: summary.unbind(),
            damaged: damaged.unbind(),
            lines: lines.into_any().unbind(),
            error,
        })
    }
}

/// The audit of one game: its findings, each a dict equal to its line of
/// `paifu audit --format json`, and the summary line.
#[pyclass(module = "paifu", frozen)]
pub struct Report {
    file: String,
    sha256: Option<String>,
    format: Option<&'static str>,
    profile: Py<PyAny>,
    notes: Vec<String>,
    findings: Py<PyAny>,
    summary: Py<PyAny>,
    damaged: Py<PyAny>,
    lines: Py<PyAny>,
    error: Option<Py<PyAny>>,
}

#[pymethods]
impl Report {
    /// The path as given (`-` for bytes): every finding's `file`.
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// The SHA-256 of the file's bytes as read, in hex; None when they
    /// could not be read to the end.
    #[getter]
    fn sha256(&self) -> Option<&str> {
        self.sha256.as_deref()
    }

    /// The format the log was read as; None when it was not recognised.
    #[getter]
    fn format(&self) -> Option<&'static str> {
        self.format
    }

    /// The profile the game was judged by: `name`, `revision`, `book`
    /// (None when the file could not be read).
    #[getter]
    fn profile(&self, py: Python<'_>) -> Py<PyAny> {
        self.profile.clone_ref(py)
    }

    /// How `rules="auto"` chose and adjusted the game's profile, one
    /// sentence each.
    #[getter]
    fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }

    /// The findings in event order, each a dict with the keys of `paifu
    /// audit --format json` (`file`, `kyoku`, `event`, `line`, `seat`,
    /// `rule`, `severity`, `message`, `expected`, `recorded`, `citation`,
    /// `profile`).
    #[getter]
    fn findings(&self, py: Python<'_>) -> Py<PyAny> {
        self.findings.clone_ref(py)
    }

    /// The summary line's `summary` dict (counts by severity and rule,
    /// outcomes checked and matching, the profiles, the inputs' digests).
    #[getter]
    fn summary(&self, py: Python<'_>) -> Py<PyAny> {
        self.summary.clone_ref(py)
    }

    /// The `damaged` line when the file is damaged part-way (its complete
    /// kyoku were audited), else None.
    #[getter]
    fn damaged(&self, py: Python<'_>) -> Py<PyAny> {
        self.damaged.clone_ref(py)
    }

    /// Every line `paifu audit --format json` writes for this file alone,
    /// as dicts, the summary last.
    #[getter]
    fn lines(&self, py: Python<'_>) -> Py<PyAny> {
        self.lines.clone_ref(py)
    }

    /// In `audit_many`, why the file gave no game: the `paifu.ImportError`
    /// (or `paifu.PaifuError`) `audit` would have raised; else None.
    #[getter]
    fn error(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.error.as_ref().map(|e| e.clone_ref(py))
    }

    /// Whether the game was audited (no error).
    #[getter]
    fn ok(&self) -> bool {
        self.error.is_none()
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.findings.bind(py).len()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let n = self.findings.bind(py).len().unwrap_or(0);
        format!("<paifu.Report {:?}: {n} findings>", self.file)
    }
}

/// The rules a `rules=` argument names: `auto`, a preset or a JSON file.
pub fn choice(rules: &str) -> PyResult<RulesChoice> {
    ProfileSpec::parse(rules, false)
        .and_then(|s| s.load())
        .map_err(|e| rules_error(&e))
}

/// Audits one game under a rule profile, as `paifu audit --format json`.
///
/// `source` is a path, the file's bytes or a `Game`; `rules` is `auto`
/// (each game's profile from its log), a preset (`paifu.rules()`) or a
/// JSON profile file. Raises paifu.ImportError when the file is no log,
/// paifu.RulesError when the profile is unknown.
#[pyfunction]
#[pyo3(signature = (source, rules = "auto", *, max_size = DEFAULT_MAX_SIZE))]
pub fn audit(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    rules: &str,
    max_size: u64,
) -> PyResult<Report> {
    let choice = choice(rules)?;
    let target = Target::extract(source)?;
    let options = ImportOptions { max_size };
    let audited = py.detach(|| {
        let file = target.run(&options, |log| audit_game(log, &choice));
        Audited::of(choice.label(), file)
    });
    let report = audited.into_report(py)?;
    match &report.error {
        Some(e) => Err(PyErr::from_value(e.bind(py).clone())),
        None => Ok(report),
    }
}

/// Files audited together at a time: enough to keep every thread busy,
/// few enough that the first report comes soon and memory stays flat.
const CHUNK: usize = 64;

/// The reports of `audit_many`, in input order.
#[pyclass(module = "paifu")]
pub struct Reports {
    inputs: Vec<Input>,
    next: usize,
    choice: Arc<RulesChoice>,
    options: ImportOptions,
    pool: Option<Arc<rayon::ThreadPool>>,
    ready: VecDeque<Audited>,
}

#[pymethods]
impl Reports {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Report>> {
        while self.ready.is_empty() && self.next < self.inputs.len() {
            let end = (self.next + CHUNK).min(self.inputs.len());
            let chunk = self.inputs.get(self.next..end).unwrap_or_default().to_vec();
            self.next = end;
            let choice = Arc::clone(&self.choice);
            let options = self.options;
            let pool = self.pool.clone();
            let audited: Vec<Audited> = py.detach(move || {
                let job = || {
                    batch::run(&chunk, &options, |log| audit_game(log, &choice))
                        .into_iter()
                        .map(|f| Audited::of(choice.label(), f))
                        .collect()
                };
                match pool {
                    Some(pool) => pool.install(job),
                    None => job(),
                }
            });
            // A file found in a folder that is no game log is passed over,
            // as the CLI notes it without a report.
            self.ready
                .extend(audited.into_iter().filter(|a| !a.skipped));
        }
        match self.ready.pop_front() {
            Some(a) => a.into_report(py).map(Some),
            None => Ok(None),
        }
    }

    /// The number of files to audit (folders walked), skipped ones included.
    fn __len__(&self) -> usize {
        self.inputs.len()
    }
}

/// Audits many files in parallel, the GIL released while the engine
/// works; an iterator of `Report`s in input order (folders are walked in
/// sorted order, and a file there that is no game log is passed over).
///
/// A file that cannot be read gives a report whose `error` is the
/// exception `audit` would raise (and whose `ok` is False): one bad file
/// does not stop the batch. `threads` is the number of worker threads
/// (None: one per core).
#[pyfunction]
#[pyo3(signature = (paths, rules = "auto", threads = None, *, max_size = DEFAULT_MAX_SIZE))]
pub fn audit_many(
    paths: &Bound<'_, PyAny>,
    rules: &str,
    threads: Option<usize>,
    max_size: u64,
) -> PyResult<Reports> {
    let inputs = inputs(paths, "audit_many")?;
    let choice = choice(rules)?;
    Ok(Reports {
        inputs,
        next: 0,
        choice: Arc::new(choice),
        options: ImportOptions { max_size },
        pool: pool(threads)?,
        ready: VecDeque::new(),
    })
}

/// The files a batch call reads: its `paths` (any iterable of paths, not
/// one path alone: a string is iterable by characters), folders walked as
/// the CLI walks them.
pub fn inputs(paths: &Bound<'_, PyAny>, call: &str) -> PyResult<Vec<Input>> {
    if paths.is_instance_of::<pyo3::types::PyString>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{call} takes a list of paths, not one path: use [path]"
        )));
    }
    let paths = paths
        .try_iter()?
        .map(|p| p.and_then(|p| p.extract::<PathBuf>()))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(expand(&paths))
}

/// The worker threads of a batch call's `threads`: a pool of that many, or
/// none (rayon's global pool, one thread per core).
pub fn pool(threads: Option<usize>) -> PyResult<Option<Arc<rayon::ThreadPool>>> {
    threads
        .map(|n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n.max(1))
                .build()
                .map(Arc::new)
                .map_err(|e| PaifuError::new_err(e.to_string()))
        })
        .transpose()
}
