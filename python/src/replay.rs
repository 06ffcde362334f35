//! `paifu.Replay`: a game stepped event by event over the library's judged
//! replay (`engine::Replay`, the audit's own), with the table as the engine
//! holds it and the moves it allows (`whatif::legal_moves`). The replay
//! borrows its log and rules; a `self_cell` keeps them together with it, so
//! that a step is one step of the engine, not a replay from the start.

use std::sync::Arc;

use pyo3::prelude::*;
use serde::Serialize;

use paifu::engine::{FuritenCause, Replay as EngineReplay, SeatView, TableView, Turn};
use paifu::event::{Event, GameLog, Seat, Wind};
use paifu::import::{DEFAULT_MAX_SIZE, ImportOptions};
use paifu::rules::Rules;
use paifu::score::MeldKind;
use paifu::tile::Tile;
use paifu::whatif::{Move, legal_moves, recorded_move};

use crate::audit::choice;
use crate::errors::import_error;
use crate::game::{Target, read};
use crate::json;

/// What the engine's replay borrows: the game and the rules it is judged by.
struct Owner {
    log: Arc<GameLog>,
    rules: Rules,
}

self_cell::self_cell!(
    /// The owner and the replay that borrows it.
    struct Cell {
        owner: Owner,
        #[covariant]
        dependent: EngineReplay,
    }
);

/// A game replayed event by event, as the audit replays it: after each
/// event, the table (hands, melds, rivers, scores, the wall) and what the
/// engine knows about each seat (waits, shanten, furiten and its cause),
/// and at a decision the moves the engine allows.
#[pyclass(module = "paifu", unsendable)]
pub struct Replay {
    cell: Cell,
}

impl Replay {
    fn replay(&self) -> &EngineReplay<'_> {
        self.cell.borrow_dependent()
    }

    fn log(&self) -> &GameLog {
        &self.cell.borrow_owner().log
    }

    /// A fresh replay of the same game, positioned before the first event.
    fn restart(&mut self) {
        let owner = Owner {
            log: Arc::clone(&self.cell.borrow_owner().log),
            rules: self.cell.borrow_owner().rules.clone(),
        };
        self.cell = Cell::new(owner, |o| EngineReplay::new(&o.log, &o.rules));
    }
}

#[pymethods]
impl Replay {
    /// `game` is a `paifu.Game`, a path or the file's bytes; `rules` is
    /// `auto` (the game's profile from its log), a preset or a JSON file.
    #[new]
    #[pyo3(signature = (game, rules = "auto", *, max_size = DEFAULT_MAX_SIZE))]
    fn new(py: Python<'_>, game: &Bound<'_, PyAny>, rules: &str, max_size: u64) -> PyResult<Self> {
        let choice = choice(rules)?;
        let log = match Target::extract(game)? {
            Target::Game(log, ..) => log,
            Target::Source(source) => {
                let options = ImportOptions { max_size };
                let r = py.detach(|| read(&source, &options));
                match r.log {
                    Ok(log) => Arc::new(log),
                    Err(e) => return Err(import_error(py, &r.file, &e.failure())),
                }
            }
        };
        let rules = choice.for_log(&log).rules;
        let cell = Cell::new(Owner { log, rules }, |o| {
            EngineReplay::new(&o.log, &o.rules)
        });
        Ok(Self { cell })
    }

    /// The index of the event `step()` applies next.
    #[getter]
    fn position(&self) -> usize {
        self.replay().position()
    }

    /// The name of the rules replayed by.
    #[getter]
    fn rules(&self) -> String {
        self.cell.borrow_owner().rules.name.clone()
    }

    /// The number of events.
    fn __len__(&self) -> usize {
        self.log().events.len()
    }

    /// Applies the next event and returns it (as `Game.events()` gives
    /// it), or None at the end.
    fn step<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(i) = self.cell.with_dependent_mut(|_, r| r.step()) else {
            return Ok(None);
        };
        match self.log().events.get(i) {
            Some(entry) => json::to_py(py, entry).map(Some),
            None => Ok(None),
        }
    }

    /// Goes to just before event `index` (0: the start; `len(r)`: the end).
    fn seek(&mut self, index: usize) {
        if index < self.replay().position() {
            self.restart();
        }
        if index > 0 {
            self.cell.with_dependent_mut(|_, r| {
                r.run_through(index - 1);
            });
        }
    }

    /// The table after the last event applied, or None before the first
    /// deal and after an `end_kyoku`.
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let replay = self.replay();
        let Some(view) = replay.view() else {
            return Ok(None);
        };
        json::to_py(py, &table_out(&view, replay.turn())).map(Some)
    }

    /// The moves the engine allows `seat` now, each a dict in the events'
    /// words (`{"type": "dahai", "pai": "5m", "tsumogiri": False,
    /// "riichi": False}`, `{"type": "pon", "consumed": ["5p", "5p"]}`,
    /// `{"type": "hora", "tsumo": False}`, `{"type": "pass"}`, ...) with
    /// `text`, the viewer's words for it; empty when the seat has no
    /// decision, None when the log hides the seat's hand (its moves are
    /// unknown). Without a seat: the seat whose decision the log records
    /// next.
    #[pyo3(signature = (seat = None))]
    fn legal<'py>(&self, py: Python<'py>, seat: Option<u8>) -> PyResult<Bound<'py, PyAny>> {
        let seat = match seat {
            Some(s) => Some(seat_of(s, self.log().meta.seats)?),
            None => self.taken_move().map(|(s, _)| s),
        };
        if seat.is_some_and(|s| self.replay().table().is_some() && self.replay().hidden(s)) {
            return Ok(py.None().into_bound(py));
        }
        let moves: Vec<MoveOut> =
            seat.map_or_else(Vec::new, |s| self.moves(s).iter().map(move_out).collect());
        json::to_py(py, &moves)
    }

    /// The decision the log records next, if the next event is one: the
    /// move as `legal()` gives it, with `seat`.
    fn taken<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.taken_move()
            .map(|(seat, mv)| {
                let mut out = move_out(&mv);
                out.seat = Some(seat);
                json::to_py(py, &out)
            })
            .transpose()
    }

    /// The engine's findings on the events applied so far, in the order
    /// the audit reports them: `rule`, `severity`, `event`, `kyoku`,
    /// `seat`, `message`, `expected`, `recorded` and `citation` as in the
    /// finding's line of `paifu audit --format json`, and `src` (the
    /// event's place in the file) where the line has `line`.
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if self.replay().position() >= self.log().events.len() {
            // The checks of the log's end (a kyoku it cuts off, the final
            // totals) are the audit's closing: made on a replay of its own,
            // so that this one can still seek.
            let owner = self.cell.borrow_owner();
            let audit = EngineReplay::new(&owner.log, &owner.rules).finish();
            return json::to_py(py, &audit.findings);
        }
        json::to_py(py, &self.replay().findings())
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.step(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "<paifu.Replay at event {} of {} ({} rules)>",
            self.replay().position(),
            self.log().events.len(),
            self.cell.borrow_owner().rules.name
        )
    }
}

impl Replay {
    /// The moves `seat` may make now. Right after a ron they are those of
    /// the discard the ron took: a second ron on it (a double ron) was
    /// decided at the discard, with the first, and the replay, which has
    /// applied the first win, no longer offers it.
    fn moves(&self, seat: Seat) -> Vec<Move> {
        let Some(start) = self.ron_window() else {
            return legal_moves(self.replay(), seat);
        };
        let owner = self.cell.borrow_owner();
        let mut at_discard = EngineReplay::new(&owner.log, &owner.rules);
        if let Some(last) = start.checked_sub(1) {
            at_discard.run_through(last);
        }
        legal_moves(&at_discard, seat)
    }

    /// The first of the rons just applied, if the last event is a ron.
    fn ron_window(&self) -> Option<usize> {
        let position = self.replay().position();
        let events = &self.log().events;
        let mut start = position;
        while let Some(Event::Hora { actor, target, .. }) = start
            .checked_sub(1)
            .and_then(|i| events.get(i))
            .map(|e| &e.event)
            && actor != target
        {
            start -= 1;
        }
        (start < position).then_some(start)
    }

    /// The next event as a decision: who makes it and the move.
    fn taken_move(&self) -> Option<(Seat, Move)> {
        recorded_move(&self.log().events.get(self.replay().position())?.event)
    }
}

/// A move in the events' words, with the viewer's words as `text` (and
/// its `seat` when it is the one the record took).
#[derive(Serialize)]
struct MoveOut {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pai: Option<Tile>,
    #[serde(skip_serializing_if = "Option::is_none")]
    consumed: Option<Vec<Tile>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tsumogiri: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    riichi: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tsumo: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<Seat>,
    text: String,
}

fn move_out(mv: &Move) -> MoveOut {
    let mut out = MoveOut {
        kind: "pass",
        pai: None,
        consumed: None,
        tsumogiri: None,
        riichi: None,
        tsumo: None,
        seat: None,
        text: mv.to_string(),
    };
    match mv {
        Move::Discard {
            tile,
            tsumogiri,
            riichi,
        } => {
            out.kind = "dahai";
            out.pai = Some(*tile);
            out.tsumogiri = Some(*tsumogiri);
            out.riichi = Some(*riichi);
        }
        Move::Tsumo | Move::Ron => {
            out.kind = "hora";
            out.tsumo = Some(matches!(mv, Move::Tsumo));
        }
        Move::Call { kind, consumed } => {
            out.kind = match kind {
                MeldKind::Chi => "chi",
                MeldKind::Pon => "pon",
                _ => "daiminkan",
            };
            // Sorted: a log's order of the tiles taken from the hand is
            // not part of the move.
            let mut consumed = consumed.clone();
            paifu::tile::sort_tiles(&mut consumed);
            out.consumed = Some(consumed);
        }
        Move::Kong { kind, tile } => {
            // A concealed kong takes every tile of its kind: its kind
            // names it (a red five among them or not).
            if *kind == MeldKind::Kakan {
                out.kind = "kakan";
                out.pai = Some(*tile);
            } else {
                out.kind = "ankan";
                out.pai = Some(Tile::from_kind(tile.kind()).unwrap_or(*tile));
            }
        }
        Move::North => out.kind = "nukidora",
        Move::Pass => {}
    }
    out
}

fn seat_of(seat: u8, seats: u8) -> PyResult<Seat> {
    if seat < seats {
        Ok(Seat::wrapping(seat))
    } else {
        Err(pyo3::exceptions::PyValueError::new_err(format!(
            "seat {seat} is not at a table of {seats}"
        )))
    }
}

/// The table as `Replay.table()` gives it: the library's `TableView`,
/// field by field, borrowed and written by serde in one pass (a decision's
/// table is read at every step of a corpus: no intermediate JSON values).
#[derive(Serialize)]
struct TableOut<'a> {
    dealer: Seat,
    dora_indicators: &'a [Tile],
    event: usize,
    honba: u8,
    kyoku: &'a str,
    riichi_sticks: u8,
    round_wind: Wind,
    scores: &'a Option<Vec<i32>>,
    seats: Vec<SeatOut<'a>>,
    tiles_left: i32,
    turn: Option<TurnOut>,
}

/// One seat of [`TableOut`].
#[derive(Serialize)]
struct SeatOut<'a> {
    dead: bool,
    drawn: Option<Tile>,
    furiten: Option<FuritenOut>,
    hand: Vec<Tile>,
    hidden: bool,
    hidden_tiles: u8,
    kuikae: Option<Vec<Tile>>,
    melds: Vec<MeldOut<'a>>,
    nukidora: u8,
    riichi: Option<RiichiOut>,
    river: Vec<RiverOut>,
    score: Option<i32>,
    seat: usize,
    shanten: Option<i8>,
    waits: Option<Vec<Tile>>,
}

#[derive(Serialize)]
struct MeldOut<'a> {
    from: Option<Seat>,
    kind: MeldKind,
    tiles: &'a [Tile],
}

#[derive(Serialize)]
struct RiverOut {
    called: bool,
    riichi: bool,
    tile: Tile,
    tsumogiri: bool,
}

#[derive(Serialize)]
struct RiichiOut {
    accepted: bool,
    double: bool,
    ippatsu: bool,
}

#[derive(Serialize)]
struct FuritenOut {
    cause: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    event: Option<usize>,
    tile: Tile,
}

#[derive(Serialize)]
struct TurnOut {
    phase: &'static str,
    seat: Option<Seat>,
}

/// The table of `view` as [`TableOut`].
fn table_out(view: &TableView, turn: Option<Turn>) -> TableOut<'_> {
    let s = &view.state;
    let seats = s
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let facts = view.seats.get(i);
            let mut hand = p.concealed.clone();
            paifu::tile::sort_tiles(&mut hand);
            SeatOut {
                dead: facts.is_some_and(|f| f.dead),
                drawn: p.drawn,
                furiten: facts.and_then(|f| f.furiten).map(furiten_out),
                hand,
                hidden: facts.is_none_or(|f| f.hidden),
                hidden_tiles: p.hidden_tiles,
                kuikae: facts.map(|f: &SeatView| kinds(f.kuikae.kinds())),
                melds: p
                    .melds
                    .iter()
                    .map(|m| MeldOut {
                        from: m.from,
                        kind: m.meld.kind,
                        tiles: &m.meld.tiles,
                    })
                    .collect(),
                nukidora: p.nukidora,
                riichi: p.riichi.map(|r| RiichiOut {
                    accepted: r.accepted,
                    double: r.double,
                    ippatsu: r.ippatsu,
                }),
                river: p
                    .river
                    .iter()
                    .map(|r| RiverOut {
                        called: r.called,
                        riichi: r.riichi,
                        tile: r.tile,
                        tsumogiri: r.tsumogiri,
                    })
                    .collect(),
                score: s.scores.as_ref().and_then(|v| v.get(i)).copied(),
                seat: i,
                shanten: facts.and_then(|f| f.shanten),
                waits: facts.map(|f| kinds(f.waits.kinds())),
            }
        })
        .collect();
    TableOut {
        dealer: s.dealer,
        dora_indicators: &s.dora_indicators,
        event: view.event,
        honba: s.honba,
        kyoku: &view.kyoku,
        riichi_sticks: s.riichi_sticks,
        round_wind: s.round_wind,
        scores: &s.scores,
        seats,
        tiles_left: s.live_wall,
        turn: turn.map(turn_out),
    }
}

/// Tile kinds as their plain tiles.
fn kinds(kinds: impl Iterator<Item = u8>) -> Vec<Tile> {
    kinds.filter_map(Tile::from_kind).collect()
}

fn furiten_out(cause: FuritenCause) -> FuritenOut {
    let (cause, tile, event) = match cause {
        FuritenCause::OwnDiscard { tile } => ("own_discard", tile, None),
        FuritenCause::Passed { tile, event } => ("passed", tile, Some(event)),
        FuritenCause::PassedInRiichi { tile, event } => ("passed_in_riichi", tile, Some(event)),
    };
    FuritenOut { cause, event, tile }
}

fn turn_out(turn: Turn) -> TurnOut {
    let (phase, seat) = match turn {
        Turn::Deal => ("deal", None),
        Turn::Drawn(s) => ("drawn", Some(s)),
        Turn::Called(s) => ("called", Some(s)),
        Turn::Discarded(s) => ("discarded", Some(s)),
        Turn::Kong(s) => ("kong", Some(s)),
        Turn::Ended => ("ended", None),
    };
    TurnOut { phase, seat }
}
