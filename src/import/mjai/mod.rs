//! mjai JSON lines importer (`formats/mjai.md`).
//!
//! Reads the event streams of Mortal, mjai-reviewer, the mjai server,
//! RiichiEnv and akochan (one JSON object per line), the mjai.app bot-input
//! stream (one JSON array of events per line) and gimite's old protocol
//! (`start_kyoku` without hands, followed by one `haipai` per seat).
//!
//! mjai is already an event stream in almost our shape, so most events map
//! one to one. What the importer adds: the `riichi` flag on the discard after
//! `reach`, `rinshan` on the draw after a kong, the winning tile when `hora`
//! omits it, `tsumogiri` when old logs omit it, and the kyoku header fields
//! old logs leave out — each inference noted in `meta.notes`.

mod claims;
mod fields;
mod kyoku;
mod wall;

#[cfg(test)]
pub(crate) mod corpus;
#[cfg(test)]
mod tests;

use serde_json::{Map, Value};

use crate::event::{
    EndClaim, Entry, Event, Format, GameLength, GameLog, GameMeta, Player, Seat, Source,
};
use crate::import::{ImportError, ImportErrorKind, Parsed, cut_at_end};

pub(crate) use claims::{NOTE_END_KYOKU_ADDED, draw_reason, win_hand};
use fields::{Fields, quote};
use kyoku::{DealerTrack, Kyoku, PendingStart};

/// The note added when `dahai` has no `tsumogiri` field.
const NOTE_TSUMOGIRI: &str = "`dahai` has no `tsumogiri` field: a discard is taken as tsumogiri when the seat's last event was the draw of that same tile";

/// Event types this importer reads (others are an error).
const KNOWN_TYPES: &[&str] = &[
    "none",
    "start_game",
    "start_kyoku",
    "haipai",
    "tsumo",
    "dahai",
    "reach",
    "reach_accepted",
    "chi",
    "pon",
    "daiminkan",
    "kakan",
    "ankan",
    "nukidora",
    "dora",
    "hora",
    "ryukyoku",
    "end_kyoku",
    "end_game",
    "error",
];

/// Reads an mjai log: one event per line, or one array of events per line.
///
/// A log damaged after its first complete kyoku (a line cut short or not an
/// event, an event that cannot be read) gives the kyoku complete before
/// the damage, with `meta.damage` set (`formats/mjai.md`, "Damaged logs").
/// A file that stops at the end of a line is no damage that can be seen:
/// it reads as a log that stops there, its unfinished kyoku kept and the
/// game incomplete.
///
/// # Errors
///
/// When no kyoku is complete before it: an [`ImportError`] at the first
/// line that is not an event, at the first event that cannot become part
/// of the stream (an unknown type, a missing or malformed field, play
/// outside a kyoku), or [`ImportErrorKind::Empty`] when the log holds no
/// kyoku.
pub fn parse(text: &str) -> Result<GameLog, ImportError> {
    crate::import::import_str(text, Format::Mjai)
}

/// Reads a log, keeping what is complete before any damage. `cut`: the
/// text stops where its bytes became unreadable, so its end is damage.
pub(crate) fn read(text: &str, cut: bool) -> Parsed {
    let mut builder = Builder::new();
    if let Err(error) = builder.lines(text) {
        return builder.damaged(error);
    }
    if cut && !builder.stopped {
        return builder.damaged(cut_at_end(Format::Mjai, text));
    }
    builder.finish(text)
}

impl Builder {
    /// Feeds every line of `text`, up to the first that cannot be read.
    fn lines(&mut self, text: &str) -> Result<(), ImportError> {
        let mut next_start = 0usize;
        let mut pieces = text.split('\n').enumerate().peekable();
        while let Some((i, raw)) = pieces.next() {
            let start = next_start;
            next_start = next_start.saturating_add(raw.len() + 1);
            let mut line = raw.strip_suffix('\r').unwrap_or(raw);
            if i == 0 {
                line = line.trim_start_matches('\u{feff}');
            }
            if line.trim().is_empty() {
                continue;
            }
            let src = Source {
                line: Some(u32::try_from(i + 1).unwrap_or(u32::MAX)),
                byte: Some(start as u64),
                ..Source::default()
            };
            // The last piece has no newline after it: where a cut file stops.
            let last = pieces.peek().is_none();
            let value = read_line(line, &src, last)?;
            for obj in objects(&value) {
                self.feed(obj, &src)?;
                if self.stopped {
                    return Ok(());
                }
            }
        }
        Ok(())
    }
}

/// Parses one line, which must be an event or an array of events. `last`:
/// no newline follows, so JSON that breaks off is the input ending.
fn read_line(line: &str, src: &Source, last: bool) -> Result<Value, ImportError> {
    let not_event = || {
        ImportError::expected(
            Format::Mjai,
            src.clone(),
            "an mjai event (a JSON object with \"type\")",
            quote(line),
        )
    };
    let value: Value = serde_json::from_str(line).map_err(|e| {
        if last && e.is_eof() {
            ImportError::new(
                Format::Mjai,
                src.clone(),
                ImportErrorKind::Truncated {
                    place: format!("inside the event {}", quote(line)),
                },
            )
        } else {
            not_event()
        }
    })?;
    let ok = match &value {
        Value::Object(o) => is_event(o),
        Value::Array(items) => items.iter().all(|v| v.as_object().is_some_and(is_event)),
        _ => false,
    };
    if ok { Ok(value) } else { Err(not_event()) }
}

fn is_event(o: &Map<String, Value>) -> bool {
    o.get("type").is_some_and(Value::is_string)
}

fn objects(value: &Value) -> Vec<&Map<String, Value>> {
    match value {
        Value::Object(o) => vec![o],
        Value::Array(items) => items.iter().filter_map(Value::as_object).collect(),
        _ => Vec::new(),
    }
}

/// The game being built, line by line.
struct Builder {
    meta: GameMeta,
    events: Vec<Entry>,
    /// Fixed by the first kyoku.
    seats: Option<u8>,
    /// Whether `start_game` was read.
    started: bool,
    /// The current (or last) kyoku.
    kyoku: Option<Kyoku>,
    /// An old-protocol `start_kyoku` waiting for its `haipai` events.
    pending: Option<PendingStart>,
    /// A `reach` waiting for its discard: the seat and where it was declared.
    reach: Option<(Seat, Source)>,
    dealers: DealerTrack,
    /// `end_game` was read.
    game_over: bool,
    /// A server `error` ended the game; the rest of the file is not read.
    stopped: bool,
    /// The state after the latest complete kyoku (or `end_game`), to fall
    /// back to when the log turns out to be damaged.
    checkpoint: Option<Checkpoint>,
}

/// What the game was when its latest complete kyoku ended: lengths and the
/// few fields a kyoku changes (the rest is read before the first kyoku),
/// so that a checkpoint costs O(1).
struct Checkpoint {
    events: usize,
    notes: usize,
    end: Option<EndClaim>,
    incomplete: bool,
}

impl Builder {
    fn new() -> Self {
        Self {
            meta: GameMeta::new(Format::Mjai, 4),
            events: Vec::new(),
            seats: None,
            started: false,
            kyoku: None,
            pending: None,
            reach: None,
            dealers: DealerTrack::default(),
            game_over: false,
            stopped: false,
            checkpoint: None,
        }
    }

    /// Notes that everything read so far is complete: a kyoku with its
    /// outcome and its `end_kyoku`, or the game with its `end_game`.
    pub(super) fn checkpoint(&mut self) {
        self.checkpoint = Some(Checkpoint {
            events: self.events.len(),
            notes: self.meta.notes.len(),
            end: self.meta.end.clone(),
            incomplete: self.meta.incomplete,
        });
    }

    /// The log is damaged at `error`: the game as it was at its latest
    /// checkpoint, if there is one.
    fn damaged(mut self, error: ImportError) -> Parsed {
        let Some(cp) = self.checkpoint.take() else {
            return Parsed::Damaged { saved: None, error };
        };
        self.events.truncate(cp.events);
        self.meta.notes.truncate(cp.notes);
        self.meta.end = cp.end;
        self.meta.incomplete = cp.incomplete;
        Parsed::Damaged {
            saved: Some(GameLog {
                meta: self.meta,
                events: self.events,
            }),
            error,
        }
    }

    /// Adds a note once.
    fn note(&mut self, note: impl Into<String>) {
        let note = note.into();
        if !self.meta.notes.contains(&note) {
            self.meta.notes.push(note);
        }
    }

    fn table(&self) -> u8 {
        self.seats.unwrap_or(4)
    }

    fn feed(&mut self, obj: &Map<String, Value>, src: &Source) -> Result<(), ImportError> {
        let ty = obj.get("type").and_then(Value::as_str).unwrap_or_default();
        let f = Fields::new(obj, ty, src);
        if !KNOWN_TYPES.contains(&ty) {
            return Err(f.error("a known mjai event type", quote(ty)));
        }
        if ty == "none" {
            return Ok(());
        }
        if self.game_over {
            return Err(f.error("nothing after `end_game`", quote(ty)));
        }
        if ty == "error" {
            return self.server_error(&f);
        }
        if ty != "haipai" {
            self.finish_pending(false)?;
        }

        if let Some((seat, at)) = &self.reach {
            let discards = ty == "dahai" && f.seat("actor", self.table()).ok() == Some(*seat);
            if !discards {
                let at = at
                    .line
                    .map_or_else(String::new, |l| format!(" at line {l}"));
                return Err(f.error(
                    format!("the riichi discard of seat {seat} after its `reach`{at}"),
                    quote(ty),
                ));
            }
        }
        match ty {
            "start_game" => self.start_game(&f),
            "start_kyoku" => self.start_kyoku(&f),
            "haipai" => self.haipai(&f),
            "end_game" => {
                self.end_game(&f)?;
                // Nothing more belongs to the game.
                self.checkpoint();
                Ok(())
            }
            _ => self.play(&f),
        }
    }

    fn server_error(&mut self, f: &Fields<'_>) -> Result<(), ImportError> {
        self.finish_pending(false)?;
        if let Some((seat, _)) = self.reach.take() {
            self.note(format!(
                "seat {seat} declared riichi right before the server error; the declaration has no discard and is not in the stream"
            ));
        }
        let message = f.opt_str("message")?.unwrap_or("(no message)");
        let line = f
            .src()
            .line
            .map_or_else(String::new, |l| format!(" at line {l}"));
        self.note(format!(
            "the game was stopped by a server error{line}: {message}"
        ));
        self.meta.incomplete = true;
        self.stopped = true;
        Ok(())
    }

    fn start_game(&mut self, f: &Fields<'_>) -> Result<(), ImportError> {
        if self.started || !self.events.is_empty() || self.pending.is_some() {
            return Err(f.error(
                "one `start_game` before the first kyoku",
                "another `start_game`",
            ));
        }
        self.started = true;
        // Our own notes come first: they describe the game as a whole.
        for note in f.opt_strings("paifu_notes")?.unwrap_or_default() {
            self.note(note);
        }
        // paifu's own mark of a what-if branch; a mark it cannot read is
        // left out (the notes still say it).
        if let Some(mark) = f.get("what_if") {
            self.meta.what_if = serde_json::from_value(mark.clone()).ok();
        }
        if let Some(names) = f.opt_strings("names")? {
            self.meta.players = names
                .into_iter()
                .map(|name| Player {
                    name,
                    ..Player::default()
                })
                .collect();
        }
        match f.opt_u8("kyoku_first")? {
            None => {}
            Some(0) => self.meta.rules.length = Some(GameLength::Hanchan),
            Some(4) => self.meta.rules.length = Some(GameLength::EastOnly),
            Some(n) => self.note(format!(
                "`kyoku_first` {n} is neither 0 (hanchan) nor 4 (East only); the game length is left unknown"
            )),
        }
        if let Some(aka) = f.opt_bool("aka_flag")? {
            self.meta.rules.red_fives = Some(if aka { 3 } else { 0 });
        }
        if let Some(id) = f.opt_u8("id")? {
            self.note(format!(
                "the log is the stream sent to the bot in seat {id} (mjai.app `id`); other seats' tiles may be hidden"
            ));
        }
        if f.has("seed") {
            self.note("`start_game` has a wall `seed`; it is not kept");
        }
        if let Some(uri) = f.opt_str("uri")? {
            self.meta.log_id = log_id_of(uri);
        }
        Ok(())
    }

    fn end_game(&mut self, f: &Fields<'_>) -> Result<(), ImportError> {
        self.close_kyoku(Some(f.src()));
        if let Some(scores) = f.opt_i32_list("scores")? {
            self.meta.end = Some(EndClaim {
                scores: Some(scores),
                points: None,
            });
        }
        self.game_over = true;
        Ok(())
    }

    /// Ends the current kyoku at `start_kyoku`, `end_game` or the end of the
    /// file: an outcome without `end_kyoku` gets one, a kyoku without outcome
    /// makes the game incomplete.
    fn close_kyoku(&mut self, at: Option<&Source>) {
        let Some(k) = self.kyoku.take() else {
            return;
        };
        if k.ended {
            return;
        }
        match k.outcome {
            Some(outcome_src) => {
                self.events.push(Entry {
                    event: Event::EndKyoku,
                    src: at.cloned().unwrap_or(outcome_src),
                });
                self.note(NOTE_END_KYOKU_ADDED.replace("{label}", &k.label));
                self.checkpoint();
            }
            None => self.meta.incomplete = true,
        }
    }

    /// Closes the game at the end of `text` (which may stop inside a
    /// kyoku: its events are kept and the game is incomplete).
    fn finish(mut self, text: &str) -> Parsed {
        if let Err(error) = self.finish_pending(true) {
            return self.damaged(error);
        }
        if let Some((seat, at)) = self.reach.take() {
            let error = ImportError::expected(
                Format::Mjai,
                at,
                format!("the riichi discard of seat {seat} after its `reach`"),
                "the end of the file",
            );
            return self.damaged(error);
        }
        self.close_kyoku(None);
        if !self.game_over {
            self.meta.incomplete = true;
        }
        if !self.events.iter().any(|e| e.event.is_start_kyoku()) {
            // Located at the end: the kyoku would have had to come by then
            // (a file cut before its first kyoku says where it stops).
            let end = Source {
                line: Some(crate::import::line_of(text.as_bytes(), text.len())),
                byte: Some(text.len() as u64),
                ..Source::default()
            };
            let error = ImportError::new(Format::Mjai, end, ImportErrorKind::Empty);
            return Parsed::Damaged { saved: None, error };
        }
        Parsed::Whole(GameLog {
            meta: self.meta,
            events: self.events,
        })
    }
}

/// The `log=` parameter of a Tenhou viewer address (gimite's `uri`).
fn log_id_of(uri: &str) -> Option<String> {
    let query = uri.split_once('?')?.1;
    query
        .split('&')
        .find_map(|kv| kv.strip_prefix("log="))
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
}
