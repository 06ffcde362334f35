//! `paifu.events_table`: every event of many files as one `pyarrow.Table`,
//! one row an event, so that a corpus goes to pandas, polars or DuckDB in
//! one call. The files are read as `audit_many` reads them (`batch::run`
//! over the `expand`ed paths, in parallel with the GIL released) and each
//! game's rows are built in the worker that read it, as Arrow buffers
//! (`crate::arrow`), so that Python sees a few buffers per column and no
//! object per event.
//!
//! A typed column holds a field of the event's serde form — the dict
//! `Game.events()` gives, the line `paifu events` prints: tiles are their
//! mjai strings, seats their numbers, yaku their names, limits and draw
//! kinds as serde writes them — and `json` the whole form, so that nothing
//! is lost. The Python tests hold every column to the dicts, file by file.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::Serialize;
use serde_json::{Value, json};

use paifu::batch::{self, FileOutcome, ImportFailure};
use paifu::event::{Damage, Entry, Event, GameLog, Seat, StartKyoku, WinClaim};
use paifu::import::{DEFAULT_MAX_SIZE, ImportOptions};
use paifu::tile::Tile;

use crate::arrow::{Bools, Column, Ints, Lists, MAX_OFFSET, Pa, Strs};
use crate::audit::{inputs, pool};
use crate::errors::{PaifuError, import_error};

/// Files read at a time: enough to keep every thread busy, few enough that
/// the rows waiting for pyarrow stay small beside the table itself.
const CHUNK: usize = 128;

/// Declares the table's columns once: the struct that builds them, their
/// schema and their arrays, in the table's order.
macro_rules! columns {
    ($($field:ident $name:literal: $col:ty, $nullable:literal;)*) => {
        /// The table's columns being built.
        #[derive(Default)]
        struct Columns {
            $($field: $col,)*
        }

        impl Columns {
            /// The schema's fields: name, Arrow type, nullable.
            fn fields<'py>(pa: &Pa<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
                Ok(vec![$(
                    pa.module().call_method1(
                        "field",
                        ($name, <$col as Column>::arrow_type(pa)?, $nullable),
                    )?,
                )*])
            }

            /// Empty columns with room for `rows` rows.
            fn with_rows(rows: usize) -> Self {
                Self {
                    $($field: <$col as Column>::with_rows(rows),)*
                }
            }

            /// One pyarrow array per column, in the schema's order: the
            /// parts' rows one after the other.
            fn arrays<'py>(parts: &[Self], pa: &Pa<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
                Ok(vec![$({
                    let column: Vec<&$col> = parts.iter().map(|p| &p.$field).collect();
                    <$col as Column>::to_arrow(&column, pa)?
                },)*])
            }

            /// The largest offset any column holds.
            fn extent(&self) -> usize {
                0 $(.max(self.$field.extent()))*
            }
        }
    };
}

columns! {
    file "file": Strs, false;
    game "game": Ints<i32>, false;
    event "event": Ints<i32>, false;
    kyoku "kyoku": Strs, true;
    kind "type": Strs, false;
    actor "actor": Ints<i8>, true;
    target "target": Ints<i8>, true;
    seat "seat": Ints<i8>, true;
    pai "pai": Strs, true;
    consumed "consumed": Lists<Strs>, true;
    tsumogiri "tsumogiri": Bools, true;
    riichi "riichi": Bools, true;
    rinshan "rinshan": Bools, true;
    marker "marker": Strs, true;
    round_wind "round_wind": Strs, true;
    kyoku_number "kyoku_number": Ints<i8>, true;
    honba "honba": Ints<i16>, true;
    riichi_sticks "riichi_sticks": Ints<i16>, true;
    dealer "dealer": Ints<i8>, true;
    dora_marker "dora_marker": Strs, true;
    scores "scores": Lists<Ints<i32>>, true;
    hands "hands": Lists<Lists<Strs>>, true;
    han "han": Ints<i16>, true;
    fu "fu": Ints<i16>, true;
    points "points": Ints<i32>, true;
    limit "limit": Strs, true;
    yaku "yaku": Lists<Strs>, true;
    yaku_han "yaku_han": Lists<Ints<i16>>, true;
    pao "pao": Ints<i8>, true;
    deltas "deltas": Lists<Ints<i32>>, true;
    draw_kind "kind": Strs, true;
    tenpai "tenpai": Lists<Bools>, true;
    json "json": Strs, false;
}

/// One event's values, column by column; `None` where the event lacks the
/// field.
#[derive(Default)]
struct Row<'a> {
    actor: Option<Seat>,
    target: Option<Seat>,
    seat: Option<Seat>,
    pai: Option<Tile>,
    consumed: Option<&'a [Tile]>,
    tsumogiri: Option<bool>,
    riichi: Option<bool>,
    rinshan: Option<bool>,
    marker: Option<Tile>,
    start: Option<&'a StartKyoku>,
    scores: Option<&'a [i32]>,
    win: Option<&'a WinClaim>,
    deltas: Option<&'a [i32]>,
    draw_kind: Option<String>,
    tenpai: Option<&'a [bool]>,
}

impl<'a> Row<'a> {
    fn of(event: &'a Event) -> Self {
        match event {
            Event::StartKyoku(s) => Self {
                start: Some(s),
                scores: s.scores.as_deref(),
                ..Self::default()
            },
            Event::Tsumo {
                actor,
                pai,
                rinshan,
            } => Self {
                actor: Some(*actor),
                pai: *pai,
                // Absent from the line when false (serde's default), but
                // every draw is or is not one.
                rinshan: Some(*rinshan),
                ..Self::default()
            },
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
                riichi,
            } => Self {
                actor: Some(*actor),
                pai: Some(*pai),
                tsumogiri: Some(*tsumogiri),
                riichi: Some(*riichi),
                ..Self::default()
            },
            Event::Chi {
                actor,
                target,
                pai,
                consumed,
            }
            | Event::Pon {
                actor,
                target,
                pai,
                consumed,
            } => Self {
                actor: Some(*actor),
                target: Some(*target),
                pai: Some(*pai),
                consumed: Some(consumed),
                ..Self::default()
            },
            Event::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => Self {
                actor: Some(*actor),
                target: Some(*target),
                pai: Some(*pai),
                consumed: Some(consumed),
                ..Self::default()
            },
            Event::Kakan {
                actor,
                pai,
                consumed,
            } => Self {
                actor: Some(*actor),
                pai: Some(*pai),
                consumed: Some(consumed),
                ..Self::default()
            },
            Event::Ankan { actor, consumed } => Self {
                actor: Some(*actor),
                consumed: Some(consumed),
                ..Self::default()
            },
            Event::Nukidora { actor, pai } => Self {
                actor: Some(*actor),
                pai: Some(*pai),
                ..Self::default()
            },
            Event::Dora { marker } => Self {
                marker: Some(*marker),
                ..Self::default()
            },
            Event::RiichiAccepted { actor, claim } => Self {
                actor: Some(*actor),
                scores: claim.as_ref().and_then(|c| c.scores.as_deref()),
                deltas: claim.as_ref().and_then(|c| c.deltas.as_deref()),
                ..Self::default()
            },
            Event::Hora {
                actor,
                target,
                pai,
                claim,
            } => Self {
                actor: Some(*actor),
                target: Some(*target),
                pai: Some(*pai),
                win: Some(claim),
                deltas: claim.deltas.as_deref(),
                ..Self::default()
            },
            Event::Ryukyoku { kind, claim } => Self {
                draw_kind: serde_name(kind),
                tenpai: claim.tenpai.as_deref(),
                deltas: claim.deltas.as_deref(),
                ..Self::default()
            },
            Event::EndKyoku => Self::default(),
            Event::Disconnect { seat } | Event::Reconnect { seat } => Self {
                seat: Some(*seat),
                ..Self::default()
            },
        }
    }
}

/// A unit enum's name as serde writes it (a draw's kind, a limit).
fn serde_name(value: &impl Serialize) -> Option<String> {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => Some(s),
        _ => None,
    }
}

fn seat(s: Option<Seat>) -> Option<i8> {
    s.and_then(|s| i8::try_from(s.get()).ok())
}

fn tile(t: Option<Tile>) -> Option<&'static str> {
    t.map(Tile::to_mjai)
}

impl Columns {
    /// The rows of one game's events, all but `file` and `game` (which
    /// depend on the files before it).
    fn of_game(log: &GameLog) -> Result<Self, String> {
        let rows = log.events.len();
        let mut columns = Self::with_rows(rows);
        // About the size of an event's line: the one column whose bytes
        // would otherwise grow by doubling.
        columns.json.reserve_bytes(rows * 128);
        let mut label = None;
        for (index, entry) in log.events.iter().enumerate() {
            if let Event::StartKyoku(s) = &entry.event {
                label = Some(s.label());
            }
            columns.push(index, label.as_deref(), entry)?;
        }
        Ok(columns)
    }

    /// The rows.
    fn len(&self) -> usize {
        self.json.len()
    }

    /// Appends one event's row (all but `file` and `game`).
    fn push(&mut self, index: usize, kyoku: Option<&str>, entry: &Entry) -> Result<(), String> {
        let index = i32::try_from(index).map_err(|_| "too many events for a table".to_owned())?;
        self.json
            .push_written(|out| serde_json::to_writer(out, entry))
            .map_err(|e| e.to_string())?;
        let row = Row::of(&entry.event);
        self.event.push(Some(index));
        self.kyoku.push(kyoku);
        self.kind.push(Some(entry.event.type_name()));
        self.actor.push(seat(row.actor));
        self.target.push(seat(row.target));
        self.seat.push(seat(row.seat));
        self.pai.push(tile(row.pai));
        self.consumed
            .push(row.consumed, |c, t| c.push(Some(t.to_mjai())));
        self.tsumogiri.push(row.tsumogiri);
        self.riichi.push(row.riichi);
        self.rinshan.push(row.rinshan);
        self.marker.push(tile(row.marker));

        let start = row.start;
        let wind = start.map(|s| s.round_wind.letter().to_string());
        self.round_wind.push(wind.as_deref());
        self.kyoku_number
            .push(start.and_then(|s| i8::try_from(s.kyoku).ok()));
        self.honba.push(start.map(|s| i16::from(s.honba)));
        self.riichi_sticks
            .push(start.map(|s| i16::from(s.riichi_sticks)));
        self.dealer.push(seat(start.map(|s| s.dealer)));
        self.dora_marker.push(tile(start.map(|s| s.dora_marker)));
        self.scores.push(row.scores, |c, &v| c.push(Some(v)));
        self.hands.push(start.map(|s| &s.hands), |c, hand| {
            c.push(Some(hand), |t, &tile| t.push(tile.map(Tile::to_mjai)));
        });

        let win = row.win;
        self.han.push(win.and_then(|w| w.han).map(i16::from));
        self.fu.push(win.and_then(|w| w.fu).map(i16::from));
        self.points.push(win.and_then(|w| w.points));
        let limit = win.and_then(|w| w.limit).and_then(|l| serde_name(&l));
        self.limit.push(limit.as_deref());
        // A claim without yaku leaves the key out: null, as for a field
        // the event lacks.
        let yaku = win.map(|w| &w.yaku).filter(|y| !y.is_empty());
        self.yaku.push(yaku, |c, y| c.push(Some(y.yaku.name())));
        self.yaku_han
            .push(yaku, |c, y| c.push(Some(i16::from(y.han))));
        self.pao.push(seat(win.and_then(|w| w.pao)));
        self.deltas.push(row.deltas, |c, &v| c.push(Some(v)));
        self.draw_kind.push(row.draw_kind.as_deref());
        self.tenpai.push(row.tenpai, |c, &v| c.push(Some(v)));
        Ok(())
    }

    /// Fills in `file` and `game` on every row.
    fn set_file(&mut self, file: &str, game: i32) {
        let rows = self.len();
        self.file = Strs::with_rows(rows);
        self.game = Ints::with_rows(rows);
        for _ in 0..rows {
            self.file.push(Some(file));
            self.game.push(Some(game));
        }
    }
}

/// What a worker makes of one game: its rows, and where it is damaged.
struct FileRows {
    columns: Result<Columns, String>,
    damage: Option<Damage>,
}

/// Why a file gave no rows.
enum Failure {
    /// It could not be read as a game log.
    Import(ImportFailure),
    /// paifu failed on it (a bug: the message).
    Internal(String),
}

/// Groups files' rows into record batches, in order, `file` and `game`
/// filled in: consecutive files while every column's offsets fit 32 bits.
fn join(files: Vec<(String, i32, Columns)>) -> Result<Vec<Vec<Columns>>, String> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    let mut extent = 0usize;
    for (file, game, mut rows) in files {
        rows.set_file(&file, game);
        let own = rows.extent();
        if own > MAX_OFFSET {
            return Err(format!(
                "{file}: too many events for one Arrow record batch"
            ));
        }
        if extent + own > MAX_OFFSET {
            out.push(std::mem::take(&mut current));
            extent = 0;
        }
        current.push(rows);
        extent += own;
    }
    if !current.is_empty() {
        out.push(current);
    }
    Ok(out)
}

/// Every event of every file as one `pyarrow.Table`, one row an event, in
/// input order (file order, then event order); folders are walked in
/// sorted order, and a file there that is no game log is passed over.
///
/// Columns (null where the event lacks the field): `file`, `game` (the
/// index of the file among the files read), `event` (the index in the
/// game's `events()`), `kyoku` (the label, `E2-1`), `type`, `actor`,
/// `target`, `seat`, `pai`, `consumed`, `tsumogiri`, `riichi`, `rinshan`,
/// `marker`; from `start_kyoku`: `round_wind`, `kyoku_number`, `honba`,
/// `riichi_sticks`, `dealer`, `dora_marker`, `scores`, `hands`; from a
/// claim: `han`, `fu`, `points`, `limit`, `yaku`, `yaku_han`, `pao`,
/// `deltas`; from `ryukyoku`: `kind`, `tenpai`; and `json`, the event's
/// line of `paifu events`. python/README.md lists each column's type and
/// source.
///
/// The files are read in parallel (`threads` workers; None: one per core)
/// with the GIL released. `on_error="raise"`: the first file in input
/// order that cannot be read raises the paifu.ImportError `paifu.load`
/// would. `on_error="skip"`: such a file gives no rows, and the schema's
/// metadata `paifu.errors` lists it (`file`, `error`). The metadata also
/// holds `paifu.files` (the files read) and `paifu.damaged` (the files
/// read only up to damage: `file`, `damaged`). Without pyarrow, raises
/// Python's ImportError.
#[pyfunction]
#[pyo3(signature = (paths, threads = None, *, on_error = "raise", max_size = DEFAULT_MAX_SIZE))]
pub fn events_table<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    threads: Option<usize>,
    on_error: &str,
    max_size: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let skip = match on_error {
        "raise" => false,
        "skip" => true,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "on_error must be \"raise\" or \"skip\", not {other:?}"
            )));
        }
    };
    let pa = Pa::import(py, "paifu.events_table")?;
    let inputs = inputs(paths, "events_table")?;
    let pool = pool(threads)?;
    let options = ImportOptions { max_size };
    let schema = pa
        .module()
        .call_method1("schema", (Columns::fields(&pa)?,))?;
    let from_arrays = pa.module().getattr("RecordBatch")?.getattr("from_arrays")?;
    let schema_kw = PyDict::new(py);
    schema_kw.set_item("schema", &schema)?;

    let mut batches = Vec::new();
    let mut errors: Vec<Value> = Vec::new();
    let mut damaged: Vec<Value> = Vec::new();
    let mut games = 0usize;
    for chunk in inputs.chunks(CHUNK) {
        let pool = pool.clone();
        let read = py.detach(move || {
            let job = || {
                batch::run(chunk, &options, |log| FileRows {
                    columns: Columns::of_game(log),
                    damage: log.meta.damage.clone(),
                })
            };
            match pool {
                Some(pool) => pool.install(job),
                None => job(),
            }
        });
        let mut files = Vec::with_capacity(read.len());
        for file in read {
            let failure = match file.outcome {
                FileOutcome::Game(rows) => {
                    let FileRows { columns, damage } = *rows;
                    match columns {
                        Ok(columns) => {
                            if let Some(d) = &damage {
                                damaged.push(json!({"file": file.file, "damaged": d}));
                            }
                            let game = i32::try_from(games)
                                .map_err(|_| PaifuError::new_err("too many files for a table"))?;
                            games += 1;
                            files.push((file.file, game, columns));
                            continue;
                        }
                        Err(message) => Failure::Internal(message),
                    }
                }
                // A file found in a folder that is no game log is passed
                // over, as the CLI passes it over.
                FileOutcome::Skipped => continue,
                FileOutcome::ImportError(e) => Failure::Import(e),
                FileOutcome::InternalError(message) => Failure::Internal(message),
            };
            if !skip {
                return Err(match &failure {
                    Failure::Import(e) => import_error(py, &file.file, e),
                    Failure::Internal(message) => {
                        PaifuError::new_err(format!("internal error in {}: {message}", file.file))
                    }
                });
            }
            let error = match failure {
                Failure::Import(e) => e.message,
                Failure::Internal(message) => format!("internal error: {message}"),
            };
            errors.push(json!({"file": file.file, "error": error}));
        }
        let joined = py
            .detach(move || join(files))
            .map_err(PaifuError::new_err)?;
        for parts in joined {
            let batch = from_arrays.call((Columns::arrays(&parts, &pa)?,), Some(&schema_kw))?;
            // The layout is checked (lengths, offsets, buffers), not the
            // values: cheap, and a mistake here is an exception, not a
            // crash in whoever reads the table.
            batch.call_method0("validate")?;
            batches.push(batch);
        }
    }

    let table =
        pa.module()
            .getattr("Table")?
            .call_method("from_batches", (batches,), Some(&schema_kw))?;
    let metadata = PyDict::new(py);
    metadata.set_item("paifu.files", games.to_string())?;
    metadata.set_item("paifu.errors", Value::Array(errors).to_string())?;
    metadata.set_item("paifu.damaged", Value::Array(damaged).to_string())?;
    table.call_method1("replace_schema_metadata", (metadata,))
}
