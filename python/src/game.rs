//! `paifu.load` and `paifu.Game`: one log imported by the library's
//! importer (`batch::read_hashed` for a path, as every CLI command reads
//! one; `import::import_bytes` for bytes), its events the serde form
//! `paifu events` prints.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList};

use paifu::batch::{self, BatchFile, FileOutcome, Input, ReadError, Sha256Digest, read_hashed};
use paifu::event::{Event, GameLine, GameLog};
use paifu::import::{DEFAULT_MAX_SIZE, ImportOptions, import_bytes};

use crate::errors::import_error;
use crate::json;

/// A game log read by paifu: its metadata and its normalised event stream.
///
/// Made by `paifu.load`; immutable, safe to share between threads.
#[pyclass(module = "paifu", frozen)]
pub struct Game {
    pub(crate) log: Arc<GameLog>,
    /// The path as given, or `-` for bytes (the CLI's name for standard
    /// input): the `file` of every line this game's reports carry.
    pub(crate) file: String,
    /// The SHA-256 of the bytes as read (before gzip is undone).
    pub(crate) sha256: Option<Sha256Digest>,
}

/// What `load` reads: a path or the file's bytes.
pub enum Source {
    Path(PathBuf),
    Bytes(Vec<u8>),
}

impl Source {
    pub fn extract(source: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(b) = source.cast::<PyBytes>() {
            return Ok(Self::Bytes(b.as_bytes().to_vec()));
        }
        if let Ok(b) = source.cast::<PyByteArray>() {
            return Ok(Self::Bytes(b.to_vec()));
        }
        source.extract::<PathBuf>().map(Self::Path).map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "expected a path (str or os.PathLike) or bytes, not {}",
                source.get_type()
            ))
        })
    }
}

/// A log read, or the import failure as the batch reports carry it.
pub struct Read {
    pub file: String,
    pub sha256: Option<Sha256Digest>,
    pub log: Result<GameLog, ReadError>,
}

/// Reads `source` as the CLI does; runs without the GIL.
pub fn read(source: &Source, options: &ImportOptions) -> Read {
    match source {
        Source::Path(path) => {
            let hashed = read_hashed(path, options);
            Read {
                file: path.display().to_string(),
                sha256: hashed.sha256,
                log: hashed.log,
            }
        }
        Source::Bytes(bytes) => Read {
            file: "-".to_owned(),
            sha256: Some(Sha256Digest::of(bytes)),
            log: import_bytes(bytes, options).map_err(ReadError::Import),
        },
    }
}

impl Read {
    /// The game, or the `paifu.ImportError` to raise.
    pub fn into_game(self, py: Python<'_>) -> PyResult<Game> {
        match self.log {
            Ok(log) => Ok(Game {
                log: Arc::new(log),
                file: self.file,
                sha256: self.sha256,
            }),
            Err(e) => Err(import_error(py, &self.file, &e.failure())),
        }
    }
}

/// Reads a game log: a path (str or os.PathLike) or the file's bytes
/// (gzip is undone, the format found from the content, as the CLI does).
///
/// Raises paifu.ImportError (with `file`, `format`, `line`, `byte`,
/// `expected`, `found`) when it is no log or cannot be read. A log
/// damaged part-way loads with the kyoku complete before the damage
/// (`Game.damaged` says where), as `paifu events` prints it.
#[pyfunction]
#[pyo3(signature = (source, *, max_size = DEFAULT_MAX_SIZE))]
pub fn load(py: Python<'_>, source: &Bound<'_, PyAny>, max_size: u64) -> PyResult<Game> {
    let source = Source::extract(source)?;
    let options = ImportOptions { max_size };
    py.detach(|| read(&source, &options)).into_game(py)
}

#[pymethods]
impl Game {
    /// The format the log was read as (`tenhou-xml`, `tenhou6`, `mjai`,
    /// `majsoul`, `riichicity`).
    #[getter]
    fn format(&self) -> &'static str {
        self.log.meta.format.name()
    }

    /// The path as given, or `-` when loaded from bytes.
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// The SHA-256 of the bytes read (before gzip is undone), in hex.
    #[getter]
    fn sha256(&self) -> Option<String> {
        self.sha256.map(|d| d.to_string())
    }

    /// Players at the table: 4, or 3.
    #[getter]
    fn seats(&self) -> u8 {
        self.log.meta.seats
    }

    /// The players in seat order (from the first dealer), as dicts
    /// (`name`, `rank`, `rating`, `sex` where the log has them).
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json::to_py(py, &self.log.meta.players)
    }

    /// The rule hints the log carries, as in the game line's `rules`.
    #[getter]
    fn rules_hints<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json::to_py(py, &self.log.meta.rules)
    }

    /// The game line `paifu events` prints before the events: `type`
    /// (`game`), `file`, then the metadata.
    #[getter]
    fn meta<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json::to_py(py, &GameLine::new(&self.file, &self.log.meta))
    }

    /// Where the log is damaged (`format`, `line`, `byte`, `message`), or
    /// None: the events are then the kyoku complete before it.
    #[getter]
    fn damaged<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json::to_py(py, &self.log.meta.damage)
    }

    /// The kyoku in order, each a dict: `label` (`E2-1`: round wind, kyoku,
    /// counters), `start` (the index of its `start_kyoku` event), `end`
    /// (one past its last event) and `results` (its `hora` and `ryukyoku`
    /// events, as `events()` gives them).
    #[getter]
    fn kyoku<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let events = &self.log.events;
        let starts: Vec<usize> = events
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e.event, Event::StartKyoku(_)))
            .map(|(i, _)| i)
            .collect();
        let list = PyList::empty(py);
        for (n, &start) in starts.iter().enumerate() {
            let end = starts.get(n + 1).copied().unwrap_or(events.len());
            let Some(Event::StartKyoku(s)) = events.get(start).map(|e| &e.event) else {
                continue;
            };
            let results: Vec<_> = events
                .get(start..end)
                .unwrap_or_default()
                .iter()
                .filter(|e| e.event.is_outcome())
                .collect();
            let dict = pyo3::types::PyDict::new(py);
            dict.set_item("label", s.label())?;
            dict.set_item("start", start)?;
            dict.set_item("end", end)?;
            dict.set_item("results", json::to_py(py, &results)?)?;
            list.append(dict)?;
        }
        Ok(list)
    }

    /// The normalised events as dicts, each equal to its line of `paifu
    /// events` (the game line apart: `Game.meta`). A finding's `event` is
    /// an index into this list.
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let log = Arc::clone(&self.log);
        let text = py.detach(move || json::to_string(&log.events))?;
        json::loads(py, &text)
    }

    /// The number of events.
    fn __len__(&self) -> usize {
        self.log.events.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<paifu.Game {} {} seats, {} kyoku, {} events from {:?}>",
            self.log.meta.format.name(),
            self.log.meta.seats,
            self.log.kyoku_count(),
            self.log.events.len(),
            self.file
        )
    }
}

/// What a call on one game reads: a source, or a game already loaded.
pub enum Target {
    Source(Source),
    Game(Arc<GameLog>, String, Option<Sha256Digest>),
}

impl Target {
    /// A `Game`, a path or bytes.
    pub fn extract(source: &Bound<'_, PyAny>) -> PyResult<Self> {
        match source.cast::<Game>() {
            Ok(g) => {
                let g = g.get();
                Ok(Self::Game(Arc::clone(&g.log), g.file.clone(), g.sha256))
            }
            Err(_) => Source::extract(source).map(Self::Source),
        }
    }

    /// Runs `job` on the game as a batch of one file: a path goes through
    /// the CLI's own `batch::run` (the same read, the same panic guard).
    /// Runs without the GIL.
    pub fn run<T: Send>(
        self,
        options: &ImportOptions,
        job: impl Fn(&GameLog) -> T + Sync,
    ) -> BatchFile<T> {
        match self {
            Self::Game(log, file, sha256) => BatchFile {
                file,
                sha256,
                outcome: FileOutcome::Game(Box::new(job(&log))),
            },
            Self::Source(Source::Path(path)) => {
                let inputs = [Input {
                    path,
                    walked: false,
                }];
                let mut files = batch::run(&inputs, options, job);
                files.pop().unwrap_or_else(|| BatchFile {
                    file: String::new(),
                    sha256: None,
                    outcome: FileOutcome::InternalError("no result".to_owned()),
                })
            }
            Self::Source(source) => {
                let r = read(&source, options);
                BatchFile {
                    file: r.file,
                    sha256: r.sha256,
                    outcome: match r.log {
                        Ok(log) => FileOutcome::Game(Box::new(job(&log))),
                        Err(e) => FileOutcome::ImportError(e.failure()),
                    },
                }
            }
        }
    }
}
