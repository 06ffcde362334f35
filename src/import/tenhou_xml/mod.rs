//! Tenhou mjlog XML importer (`formats/tenhou-xml.md`).
//!
//! The document is read as a flat token stream with quick-xml: every
//! element, in document order, becomes zero or more events. Draws and
//! discards carry their data in the element name (`<T52/>`), so they take a
//! fast path that never looks at attributes and allocates nothing but its
//! event. The attribute buffer is reused from element to element and its
//! values are borrowed from the input.
//!
//! Most saved logs are one flat run of elements with plain attributes:
//! `scan` reads those without quick-xml, and hands anything else (comments,
//! declarations, references, odd spacing, broken markup) back to the
//! quick-xml reader, which reads the document again from the start. Both
//! feed the same [`Builder`], so the stream and the errors are the same.
//!
//! Submodules: `attrs` (attribute values), `play` (kyoku start, draws,
//! discards, calls, riichi, dora), `meld` (the meld code), `claims`
//! (outcomes and their claims), `players` (`GO` and `UN`), `scan` (the
//! fast path).

mod attrs;
mod claims;
pub(crate) mod lobby;
mod meld;
mod play;
mod players;
mod scan;
pub mod shuffle;
mod wall;

#[cfg(test)]
mod corpus_tests;
#[cfg(test)]
mod tests;

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event as XmlEvent};

use self::attrs::Attrs;
use crate::event::{EndClaim, Entry, Event, Format, GameLog, GameMeta, Platform, Source};
use crate::import::{ImportError, ImportErrorKind, LineCursor, Parsed};

/// The elements a Tenhou log may hold, for error messages.
const EXPECTED_ELEMENTS: &str = "a Tenhou mjlog element (SHUFFLE, GO, UN, BYE, TAIKYOKU, INIT, \
     T/U/V/W<tile> draws, D/E/F/G<tile> discards, N, REACH, DORA, AGARI, RYUUKYOKU or FURITEN)";

/// Reads a Tenhou mjlog XML document.
///
/// A document damaged after its first complete kyoku (cut short, or with
/// something unreadable in it) gives the kyoku complete before the damage,
/// with `meta.damage` set (`formats/tenhou-xml.md`, "Damaged documents").
///
/// # Errors
///
/// An [`ImportError`] locating the first element that cannot become events,
/// when no kyoku is complete before it: broken XML, a document that ends
/// early ([`ImportErrorKind::Truncated`]), an element or attribute value the
/// format does not have, or a document without any kyoku
/// ([`ImportErrorKind::Empty`]).
pub fn parse(text: &str) -> Result<GameLog, ImportError> {
    crate::import::import_str(text, Format::TenhouXml)
}

/// Reads a document, keeping what is complete before any damage. `cut`:
/// the text stops where its bytes became unreadable, so its end is damage.
pub(crate) fn read(text: &str, cut: bool) -> Parsed {
    scan::parse(text, cut).unwrap_or_else(|| parse_with_quick_xml(text, cut))
}

/// Reads any document with quick-xml: the general path.
fn parse_with_quick_xml(text: &str, cut: bool) -> Parsed {
    let mut reader = Reader::from_str(text);
    let mut builder = Builder::new(text);
    let mut attrs = Attrs::default();
    // quick-xml skips a byte-order mark without counting it in its offsets.
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let offset = |pos: u64| usize::try_from(pos).map_or(usize::MAX, |p| p.saturating_add(bom));
    loop {
        let at = offset(reader.buffer_position());
        let event = match reader.read_event() {
            Ok(event) => event,
            Err(e) => {
                let at = offset(reader.error_position());
                if starts_other_than_a_win(text.get(at..).unwrap_or("")) {
                    // The element the input ends in is no second win: the
                    // kyoku of the last outcome is over.
                    builder.checkpoint();
                }
                let error = builder.syntax_error(at, &e);
                return builder.damaged(error);
            }
        };
        let step = match event {
            XmlEvent::Start(e) | XmlEvent::Empty(e) => builder.element(&e, &mut attrs),
            XmlEvent::Text(t) if !t.bytes().all(|b| b.is_ascii_whitespace()) => {
                Err(builder.stray_text(at, &t))
            }
            XmlEvent::CData(_) => Err(builder.stray_text(at, "a CDATA section")),
            XmlEvent::GeneralRef(_) => Err(builder.stray_text(at, "a character reference")),
            XmlEvent::End(e) => {
                if e.name().into_inner() == "mjloggm" {
                    builder.close_root();
                }
                Ok(())
            }
            XmlEvent::Text(_)
            | XmlEvent::Comment(_)
            | XmlEvent::Decl(_)
            | XmlEvent::PI(_)
            | XmlEvent::DocType(_) => Ok(()),
            XmlEvent::Eof => break,
        };
        if let Err(error) = step {
            return builder.damaged(error);
        }
    }
    builder.finish(cut)
}

/// Whether `rest`, an element the input ends inside, can be told from an
/// `AGARI` already: `</…`, or a name that is not `AGARI` nor the start of
/// it (`<I` is an `INIT`, `<AG` may still be a win).
fn starts_other_than_a_win(rest: &str) -> bool {
    let Some(tag) = rest.strip_prefix('<') else {
        return false;
    };
    if tag.starts_with('/') {
        return true;
    }
    let name_len = tag
        .bytes()
        .position(|b| !b.is_ascii_alphanumeric())
        .unwrap_or(tag.len());
    let name = tag.get(..name_len).unwrap_or("");
    if name.is_empty() {
        return false;
    }
    if name_len < tag.len() {
        name != "AGARI"
    } else {
        // The input ends inside the name.
        !"AGARI".starts_with(name)
    }
}

/// Where the reader stands in the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// Before the first `INIT`.
    Header,
    /// Inside a kyoku, before its outcome.
    Kyoku,
    /// After an outcome; `end_kyoku` not written yet (more `AGARI` may
    /// follow: double ron).
    Outcome {
        /// The outcome was a win (another win may follow).
        win: bool,
    },
    /// After `end_kyoku`, waiting for the next `INIT`.
    Between,
}

/// What a seat did last, for tsumogiri and replacement draws.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Last {
    /// Nothing that matters.
    Other,
    /// Drew the tile with this id.
    Draw(u8),
    /// Declared a kong or set a north aside: the next draw is a replacement.
    Kong,
}

/// The state of one import.
struct Builder<'a> {
    text: &'a str,
    lines: LineCursor<'a>,
    meta: GameMeta,
    events: Vec<Entry>,
    /// Ordinal of the next element.
    ordinal: u32,
    /// Where the current element is.
    src: Source,
    /// Whether ids 16, 52 and 88 are red fives.
    red: bool,
    /// Whether a `GO` element was read.
    go: bool,
    /// Whether the seat count is settled (by `GO` or the first `INIT`).
    seats_known: bool,
    phase: Phase,
    last: [Last; 4],
    /// A `REACH step="1"` waits for the seat's discard.
    riichi: [bool; 4],
    /// Where the latest outcome is (the synthesised `end_kyoku` points there).
    outcome_src: Source,
    /// A non-empty `owari` was read.
    owari: bool,
    /// `</mjloggm>` was read: the document is whole.
    root_closed: bool,
    /// The state after the latest complete kyoku, to fall back to when the
    /// document turns out to be damaged.
    checkpoint: Option<Checkpoint>,
    /// The generator of the game's walls, from a `SHUFFLE` seed of the
    /// current scheme (each `INIT` takes the next kyoku's wall).
    shuffler: Option<shuffle::Shuffler>,
}

/// What the game was when its latest complete kyoku ended. The metadata
/// other than these fields is read before the first kyoku (or describes
/// the players, whom a later `UN` only renames), so the current values
/// serve; keeping lengths rather than copies keeps a checkpoint O(1).
#[derive(Debug)]
struct Checkpoint {
    /// How many events there were (its `end_kyoku` not yet among them).
    events: usize,
    /// How many notes there were.
    notes: usize,
    /// The end claim read so far.
    end: Option<EndClaim>,
    /// Whether the game was already incomplete (a kyoku without outcome).
    incomplete: bool,
    /// The location the kyoku's `end_kyoku` carries.
    end_src: Source,
}

impl<'a> Builder<'a> {
    fn new(text: &'a str) -> Self {
        let mut meta = GameMeta::new(Format::TenhouXml, 4);
        meta.platform = Some(Platform::Tenhou);
        Self {
            text,
            lines: LineCursor::new(text),
            meta,
            // A saved log holds about one event per 17 bytes (the SHUFFLE
            // seed included); the reserve errs on the generous side.
            events: Vec::with_capacity(text.len() / 12),
            ordinal: 0,
            src: Source::default(),
            red: true,
            go: false,
            seats_known: false,
            phase: Phase::Header,
            last: [Last::Other; 4],
            riichi: [false; 4],
            outcome_src: Source::default(),
            owari: false,
            root_closed: false,
            checkpoint: None,
            shuffler: None,
        }
    }

    /// Notes that the kyoku whose outcome was read last is complete: no
    /// element of it can follow any more.
    fn checkpoint(&mut self) {
        if let Phase::Outcome { .. } = self.phase {
            // In this phase the `end_kyoku` is still to be written.
            self.checkpoint = Some(Checkpoint {
                events: self.events.len(),
                notes: self.meta.notes.len(),
                end: self.meta.end.clone(),
                incomplete: self.meta.incomplete,
                end_src: self.outcome_src.clone(),
            });
        }
    }

    /// `</mjloggm>`: nothing more belongs to the game.
    fn close_root(&mut self) {
        self.root_closed = true;
        self.checkpoint();
    }

    /// The document is damaged at `error`: the game as it was after its
    /// latest complete kyoku, if one is complete.
    fn damaged(mut self, error: ImportError) -> Parsed {
        let Some(cp) = self.checkpoint.take() else {
            return Parsed::Damaged { saved: None, error };
        };
        self.events.truncate(cp.events);
        self.events.push(Entry {
            event: Event::EndKyoku,
            src: cp.end_src,
        });
        self.meta.notes.truncate(cp.notes);
        self.meta.end = cp.end;
        self.meta.incomplete = cp.incomplete;
        let log = self.into_log();
        Parsed::Damaged {
            saved: Some(log),
            error,
        }
    }

    /// The location of byte `at`, within the current element.
    fn locate(&self, at: usize) -> Source {
        Source {
            line: Some(self.lines.peek(at)),
            byte: Some(at as u64),
            element: None,
            path: None,
        }
    }

    fn push(&mut self, event: Event) {
        self.events.push(Entry {
            event,
            src: self.src.clone(),
        });
    }

    fn error(&self, kind: ImportErrorKind) -> ImportError {
        ImportError::new(Format::TenhouXml, self.src.clone(), kind)
    }

    fn expected(&self, expected: impl Into<String>, found: impl Into<String>) -> ImportError {
        ImportError::expected(Format::TenhouXml, self.src.clone(), expected, found)
    }

    fn syntax_error(&self, at: usize, e: &quick_xml::Error) -> ImportError {
        let kind = match e {
            // Every syntax error of quick-xml is markup the input ends in
            // (`>`, a closing quote, `-->` not found before its end).
            quick_xml::Error::Syntax(s) => ImportErrorKind::Truncated {
                place: format!(
                    "inside {} ({s})",
                    attrs::quote(self.text.get(at..).unwrap_or("").trim_end())
                ),
            },
            other => ImportErrorKind::Syntax {
                message: other.to_string(),
            },
        };
        ImportError::new(Format::TenhouXml, self.locate(at), kind)
    }

    fn stray_text(&self, at: usize, text: &str) -> ImportError {
        ImportError::expected(
            Format::TenhouXml,
            self.locate(at),
            "only elements (Tenhou logs hold no text)",
            attrs::quote(text.trim()),
        )
    }

    /// Finds a tag in the input: the byte offset of its `<` and its text
    /// between `<` and `>`, borrowed from the input for as long as the
    /// input lives (so the attribute buffer can be reused). A reader over a
    /// `&str` hands out slices of it, so the tag's address says where it is.
    fn find_tag(&self, e: &BytesStart<'_>) -> Option<(usize, &'a str)> {
        let start = (e.as_ptr() as usize).checked_sub(self.text.as_ptr() as usize)?;
        let content = self.text.get(start..start.checked_add(e.len())?)?;
        let lt = start.checked_sub(1)?;
        std::ptr::eq(content.as_ptr(), e.as_ptr()).then_some((lt, content))
    }

    /// Handles one start or empty-element tag.
    fn element(&mut self, e: &BytesStart<'_>, attrs: &mut Attrs<'a>) -> Result<(), ImportError> {
        let Some((at, content)) = self.find_tag(e) else {
            return Err(ImportError::new(
                Format::TenhouXml,
                Source::default(),
                ImportErrorKind::Syntax {
                    message: format!(
                        "cannot locate the tag <{}> in the input",
                        e.name().into_inner()
                    ),
                },
            ));
        };
        let name_len = e.name().into_inner().len();
        self.tag(at, content, name_len, attrs, Attributes::Quick)
            .map(|_| ())
    }

    /// A draw or discard tag at byte `at` that the fast path recognised
    /// (`<T52/>`); the root must have come first, which the caller made
    /// sure of. The same as [`Builder::tag`] with that tag.
    fn action_at(&mut self, at: usize, action: Action) -> Result<(), ImportError> {
        let element = self.ordinal;
        self.ordinal = self.ordinal.saturating_add(1);
        let src = Source {
            line: Some(self.lines.line(at)),
            byte: Some(at as u64),
            element: Some(element),
            path: None,
        };
        // Only after an outcome does a tag close a kyoku (`tag` says why).
        if self.phase != Phase::Kyoku {
            self.checkpoint();
        }
        self.action(action, src)
    }

    /// Handles one start or empty-element tag at byte `at`, whose text
    /// between `<` and `>` (without a closing `/`) is `content`. `Ok(false)`
    /// when the plain attribute reader met syntax it leaves to quick-xml.
    fn tag(
        &mut self,
        at: usize,
        content: &'a str,
        name_len: usize,
        attrs: &mut Attrs<'a>,
        how: Attributes,
    ) -> Result<bool, ImportError> {
        let ordinal = self.ordinal;
        self.ordinal = self.ordinal.saturating_add(1);
        self.src = Source {
            line: Some(self.lines.line(at)),
            byte: Some(at as u64),
            element: Some(ordinal),
            path: None,
        };
        let name = content.get(..name_len).unwrap_or(content);
        // Any element but another win closes the kyoku of the last outcome.
        if name != "AGARI" {
            self.checkpoint();
        }
        if ordinal == 0 {
            if name != "mjloggm" {
                return Err(self.expected("the root element <mjloggm>", found_element(name)));
            }
            return Ok(true);
        }
        if let Some(action) = Action::from_name(name) {
            return self.action(action, self.src.clone()).map(|()| true);
        }
        match how {
            Attributes::Quick => attrs.load(content, name_len, &self.src)?,
            Attributes::Plain => {
                if !attrs.load_plain(content, name_len) {
                    return Ok(false);
                }
            }
        }
        self.dispatch(name, attrs).map(|()| true)
    }

    /// Reads an element other than the root, a draw or a discard.
    fn dispatch(&mut self, name: &str, attrs: &Attrs<'a>) -> Result<(), ImportError> {
        match name {
            "SHUFFLE" => {
                self.shuffle(attrs);
                Ok(())
            }
            "FURITEN" => Ok(()),
            "GO" => self.go(attrs),
            "UN" => self.un(attrs),
            "BYE" => {
                let seat = attrs.seat("who", self.meta.seats, &self.src)?;
                self.between_kyoku();
                self.push(Event::Disconnect { seat });
                Ok(())
            }
            "TAIKYOKU" => {
                if let Some(id) = attrs.text("log", &self.src)? {
                    self.meta.log_id = Some(id);
                }
                Ok(())
            }
            "INIT" => self.init(attrs),
            "N" => self.meld(attrs),
            "REACH" => self.reach(attrs),
            "DORA" => self.dora(attrs),
            "AGARI" => self.agari(attrs),
            "RYUUKYOKU" => self.ryuukyoku(attrs),
            _ => Err(self.expected(EXPECTED_ELEMENTS, found_element(name))),
        }
    }

    /// An element that may stand between kyoku (`BYE`, `UN`): a pending
    /// `end_kyoku` is written first, so the outcome stays last in its kyoku.
    fn between_kyoku(&mut self) {
        if let Phase::Outcome { .. } = self.phase {
            self.end_kyoku();
        }
    }

    fn end_kyoku(&mut self) {
        self.events.push(Entry {
            event: Event::EndKyoku,
            src: self.outcome_src.clone(),
        });
        self.phase = Phase::Between;
    }

    /// Reads `SHUFFLE`: the seed of the game's walls. A seed of another
    /// scheme gives no walls, and the log's notes say so; it is not an
    /// error, since the log's play does not depend on it.
    fn shuffle(&mut self, attrs: &Attrs<'_>) {
        let Some(seed) = attrs.get("seed") else {
            return;
        };
        match shuffle::Shuffler::new(seed) {
            Ok(s) => self.shuffler = Some(s),
            Err(e) => self.meta.notes.push(format!(
                "the walls are not rebuilt from the SHUFFLE seed (element {}): {e}",
                self.src.element.unwrap_or_default()
            )),
        }
    }

    /// Reads `GO`: rules, red fives, seat count.
    fn go(&mut self, attrs: &Attrs<'_>) -> Result<(), ImportError> {
        if self.phase != Phase::Header {
            return Err(self.expected("GO before the first INIT", "GO after it"));
        }
        let go = players::go(attrs, &self.src)?;
        self.meta.rules = go.rules;
        self.meta.seats = go.seats;
        lobby::decode(&mut self.meta.rules, go.seats);
        self.red = go.red;
        self.go = true;
        self.seats_known = true;
        Ok(())
    }

    /// Reads `UN`: the players, or a seat reconnecting.
    fn un(&mut self, attrs: &Attrs<'_>) -> Result<(), ImportError> {
        match players::un(attrs, self.meta.seats, &self.src)? {
            players::Un::Players(players, notes) => {
                self.meta.players = players;
                self.meta.notes.extend(notes);
            }
            players::Un::Reconnect(seat) => {
                self.between_kyoku();
                self.push(Event::Reconnect { seat });
            }
        }
        Ok(())
    }

    /// Closes the stream at the end of the text: the pending `end_kyoku`,
    /// completeness, players. A document that ends before `</mjloggm>`, or
    /// whose text was `cut`, is damaged there.
    fn finish(mut self, cut: bool) -> Parsed {
        let end = Source {
            line: Some(self.lines.line(self.text.len())),
            byte: Some(self.text.len() as u64),
            element: None,
            path: None,
        };
        if self.ordinal == 0 {
            let error = ImportError::expected(
                Format::TenhouXml,
                end,
                "the root element <mjloggm>",
                "no element",
            );
            return Parsed::Damaged { saved: None, error };
        }
        if !self.root_closed || cut {
            let place = if self.root_closed {
                "where the readable bytes end".to_owned()
            } else {
                "before `</mjloggm>`: the document is cut short".to_owned()
            };
            let error =
                ImportError::new(Format::TenhouXml, end, ImportErrorKind::Truncated { place });
            return self.damaged(error);
        }
        match self.phase {
            Phase::Header => {
                let error = ImportError::new(Format::TenhouXml, end, ImportErrorKind::Empty);
                return Parsed::Damaged { saved: None, error };
            }
            Phase::Outcome { .. } => self.end_kyoku(),
            Phase::Kyoku => {
                self.meta.incomplete = true;
                let label = self.current_label();
                self.meta.notes.push(format!(
                    "the log stops inside kyoku {label}, before its outcome"
                ));
            }
            Phase::Between => {}
        }
        if !self.owari {
            self.meta.incomplete = true;
            self.meta
                .notes
                .push("the log has no final result (`owari`)".to_owned());
        }
        Parsed::Whole(self.into_log())
    }

    /// The game as read: players completed and cut to the table.
    fn into_log(mut self) -> GameLog {
        let seats = usize::from(self.meta.seats);
        if self.meta.players.is_empty() {
            self.meta.players = vec![crate::event::Player::default(); seats];
            self.meta
                .notes
                .push("the log has no UN element: the players have no names".to_owned());
        }
        self.meta.players.truncate(seats);
        GameLog {
            meta: self.meta,
            events: self.events,
        }
    }

    /// The label (`E2-1`) of the latest kyoku.
    fn current_label(&self) -> String {
        self.events
            .iter()
            .rev()
            .find_map(|e| match &e.event {
                Event::StartKyoku(k) => Some(k.label()),
                _ => None,
            })
            .unwrap_or_default()
    }
}

/// How a tag's attributes are read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Attributes {
    /// By quick-xml, whatever their syntax.
    Quick,
    /// By [`Attrs::load_plain`], which gives up on anything unusual.
    Plain,
}

/// A draw or discard tag: `T52`, `D52`, `d52`...
#[derive(Clone, Copy, Debug)]
struct Action {
    /// The seat, from the letter.
    seat: u8,
    /// The tile id.
    id: u32,
    /// A discard (else a draw).
    discard: bool,
    /// A lower-case discard (the live protocol's tsumogiri).
    lower: bool,
}

impl Action {
    fn from_name(name: &str) -> Option<Self> {
        let (&letter, digits) = name.as_bytes().split_first()?;
        if digits.is_empty() || digits.len() > 4 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let id = digits
            .iter()
            .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
        Self::new(letter, id)
    }

    /// The action of a tag's letter with tile id `id`.
    const fn new(letter: u8, id: u32) -> Option<Self> {
        let (seat, discard, lower) = match letter {
            b'T'..=b'W' => (letter - b'T', false, false),
            b'D'..=b'G' => (letter - b'D', true, false),
            b'd'..=b'g' => (letter - b'd', true, true),
            _ => return None,
        };
        Some(Self {
            seat,
            id,
            discard,
            lower,
        })
    }
}

/// How an element name is quoted in errors.
fn found_element(name: &str) -> String {
    format!("<{name}>")
}
