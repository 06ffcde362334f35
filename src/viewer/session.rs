//! The viewer's model: a game, its audit and its review under a chosen
//! profile, and a cursor on its events. No egui types here, so the model is
//! tested on its own; the UI turns key presses and clicks into
//! [`Command`]s and applies them after drawing.

use std::path::{Path, PathBuf};

use crate::compare::{WinComparison, compare_win};
use crate::engine::{Finding, TableView, WinView, audit, view_at, win_at};
use crate::event::{Event, GameLog, Seat};
use crate::import::{ImportOptions, import_bytes};
use crate::review::{self, Decision, GameReview, Item};
use crate::rules::{AutoRules, Rules};
use crate::whatif::{Branch, BranchError, Choice};

pub use crate::rules::ProfileSpec as Profile;

use super::ViewerError;
use super::describe::{describe, kyoku_result};

/// One kyoku of the game, for the kyoku list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KyokuEntry {
    /// The label (`E2-1`).
    pub label: String,
    /// Index of its `start_kyoku` event.
    pub start: usize,
    /// Index of its last event (its `end_kyoku`, or the log's last event).
    pub end: usize,
    /// How it ended, in a few words (`Ron: West from North, 7700`).
    pub result: String,
}

/// What the user asks for; applied by [`Session::apply`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// Move by this many events.
    Step(i64),
    /// Move to the next (positive) or previous (negative) turn: a discard,
    /// call, win or draw.
    Turn(i64),
    /// Move to the start of the next (positive) or previous (negative)
    /// kyoku.
    Kyoku(i64),
    /// The first event of the current kyoku.
    KyokuStart,
    /// The last event of the current kyoku.
    KyokuEnd,
    /// A given event.
    Goto(usize),
    /// The next finding after the cursor (wraps around).
    NextFinding,
    /// The previous finding before the cursor (wraps around).
    PrevFinding,
    /// Review this seat only (`None`: every seat).
    ReviewSeat(Option<Seat>),
    /// The next review item of the review seat after the cursor (wraps
    /// around).
    NextItem,
    /// The previous review item of the review seat before the cursor
    /// (wraps around).
    PrevItem,
    /// Audit and review again under another profile.
    SetProfile(Profile),
    /// Show each win under several profiles side by side (`Some`: these
    /// profiles, or when empty the session's and every preset for the
    /// same number of players), or stop (`None`).
    Compare(Option<Vec<Profile>>),
}

/// A game open in the viewer.
#[derive(Debug)]
pub struct Session {
    /// Where the game came from (a file name, or a label).
    pub source: String,
    /// The game.
    pub log: GameLog,
    /// The profile asked for.
    pub profile: Profile,
    /// The rules it resolved to.
    pub rules: Rules,
    /// Why `auto` chose what it chose.
    pub rules_notes: Vec<String>,
    /// Every finding of the audit, in event order.
    pub findings: Vec<Finding>,
    /// The review under the same rules, with the default options; computed
    /// when the game is opened and when the profile changes, never while
    /// drawing.
    pub review: GameReview,
    /// The kyoku, in order.
    pub kyoku: Vec<KyokuEntry>,
    cursor: usize,
    view: Option<TableView>,
    review_seat: Option<Seat>,
    /// The win at the cursor and its `hora` event, computed when the
    /// cursor moves, not while drawing.
    win: Option<(usize, WinView)>,
    /// The profiles wins are compared under, when comparing.
    compare: Option<Vec<Rules>>,
    /// The win at the cursor under those profiles.
    comparison: Option<WinComparison>,
    /// The decision recorded at the cursor and the moves a what-if branch
    /// may take there (or why it may not), computed when the cursor moves.
    choice: Option<Result<Choice, BranchError>>,
}

impl Session {
    /// Reads and audits a log file (plain or gzip, any supported format).
    ///
    /// # Errors
    ///
    /// When the file cannot be read or imported.
    pub fn open(path: &Path, profile: Profile) -> Result<Self, ViewerError> {
        let bytes = std::fs::read(path).map_err(|source| ViewerError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Self::from_bytes(&path.display().to_string(), &bytes, profile)
    }

    /// Imports and audits a log held in memory.
    ///
    /// # Errors
    ///
    /// When the bytes are not a game log.
    pub fn from_bytes(source: &str, bytes: &[u8], profile: Profile) -> Result<Self, ViewerError> {
        let log =
            import_bytes(bytes, &ImportOptions::default()).map_err(|e| ViewerError::Import {
                source_name: source.to_owned(),
                error: Box::new(e),
            })?;
        Self::from_log(source, log, profile)
    }

    /// Audits an imported game.
    ///
    /// # Errors
    ///
    /// When the profile is unknown.
    pub fn from_log(source: &str, log: GameLog, profile: Profile) -> Result<Self, ViewerError> {
        let AutoRules {
            rules,
            notes: rules_notes,
        } = profile.resolve(&log)?;
        let findings = audit(&log, &rules).findings;
        let review = review::review(&log, &rules, &review::Options::default());
        let kyoku = kyoku_entries(&log);
        let mut session = Self {
            source: source.to_owned(),
            log,
            profile,
            rules,
            rules_notes,
            findings,
            review,
            kyoku,
            cursor: 0,
            view: None,
            // Every seat: a log has no notion of whose game it is.
            review_seat: None,
            win: None,
            compare: None,
            comparison: None,
            choice: None,
        };
        // Open on the deal of the first kyoku, not on the metadata.
        let first = session.kyoku.first().map_or(0, |k| k.start);
        session.goto(first);
        Ok(session)
    }

    /// The event under the cursor.
    #[must_use]
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// How many events the game has.
    #[must_use]
    pub fn len(&self) -> usize {
        self.log.events.len()
    }

    /// Whether the game has no events.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.log.events.is_empty()
    }

    /// The table as the engine sees it at the cursor (at an `end_kyoku`,
    /// the table as the kyoku ended).
    #[must_use]
    pub fn view(&self) -> Option<&TableView> {
        self.view.as_ref()
    }

    /// The index of the kyoku holding the cursor.
    #[must_use]
    pub fn kyoku_index(&self) -> Option<usize> {
        self.kyoku
            .iter()
            .rposition(|k| k.start <= self.cursor)
            .or_else(|| (!self.kyoku.is_empty()).then_some(0))
    }

    /// The kyoku holding the cursor.
    #[must_use]
    pub fn current_kyoku(&self) -> Option<&KyokuEntry> {
        self.kyoku_index().and_then(|i| self.kyoku.get(i))
    }

    /// The event under the cursor in words.
    #[must_use]
    pub fn event_text(&self, index: usize) -> String {
        self.log
            .events
            .get(index)
            .map_or_else(String::new, |e| describe(&self.log, &e.event))
    }

    /// The findings on the event under the cursor.
    pub fn findings_here(&self) -> impl Iterator<Item = (usize, &Finding)> {
        let at = self.cursor;
        self.findings
            .iter()
            .enumerate()
            .filter(move |(_, f)| f.event == at)
    }

    /// The seat whose review items are listed and stepped through (`None`:
    /// every seat). Every seat until a [`Command::ReviewSeat`] picks one.
    #[must_use]
    pub fn review_seat(&self) -> Option<Seat> {
        self.review_seat
    }

    /// Whether the review seat is `seat` or every seat.
    #[must_use]
    pub fn reviews(&self, seat: Seat) -> bool {
        self.review_seat.is_none_or(|s| s == seat)
    }

    /// The review items of the review seat, in event order.
    pub fn review_items(&self) -> impl Iterator<Item = &Item> {
        self.review.items.iter().filter(|i| self.reviews(i.seat))
    }

    /// The review items of the review seat on the event under the cursor.
    pub fn items_here(&self) -> impl Iterator<Item = &Item> {
        let at = self.cursor;
        self.review_items().filter(move |i| i.event == at)
    }

    /// The discard decision the review analysed at the cursor, whoever
    /// made it.
    #[must_use]
    pub fn decision_here(&self) -> Option<&Decision> {
        self.review.decision_at(self.cursor)
    }

    /// The win under the cursor as the audit judged it (its verdict beside
    /// the claim); at an `end_kyoku` or `dora` after wins, the last win of
    /// the kyoku.
    #[must_use]
    pub fn win_here(&self) -> Option<WinView> {
        self.win.as_ref().map(|(_, w)| w.clone())
    }

    /// The `hora` event of [`Self::win_here`]: who won, from whom (the
    /// winner for a tsumo) and on which tile.
    #[must_use]
    pub fn win_event_here(&self) -> Option<(Seat, Seat, crate::tile::Tile)> {
        let (i, _) = self.win.as_ref()?;
        match self.log.events.get(*i).map(|e| &e.event) {
            Some(Event::Hora {
                actor, target, pai, ..
            }) => Some((*actor, *target, *pai)),
            _ => None,
        }
    }

    /// The decision recorded at the cursor with the moves the engine
    /// allowed there, for a what-if branch (`Err(NoWall)`: the kyoku's
    /// record has no wall); `None` where no seat decided.
    #[must_use]
    pub fn choice_here(&self) -> Option<&Result<Choice, BranchError>> {
        self.choice.as_ref()
    }

    /// Whether wins are shown under several profiles.
    #[must_use]
    pub fn comparing(&self) -> bool {
        self.compare.is_some()
    }

    /// The win under the cursor under each compared profile, computed when
    /// the cursor or the set of profiles changes.
    #[must_use]
    pub fn comparison(&self) -> Option<&WinComparison> {
        self.comparison.as_ref()
    }

    /// The profiles compared by default: the session's, then every preset
    /// for the same number of players.
    #[must_use]
    pub fn default_compare_set(&self) -> Vec<Rules> {
        let mut out = vec![self.rules.clone()];
        for name in Rules::PRESETS {
            if let Some(r) = Rules::preset(name)
                && r.seats == self.log.meta.seats
                && !out.iter().any(|o| o.name == r.name)
            {
                out.push(r);
            }
        }
        out
    }

    /// The index of the win the cursor is on or just after.
    fn win_index_here(&self) -> Option<usize> {
        let k = self.current_kyoku()?;
        let event = |i: usize| self.log.events.get(i).map(|e| &e.event);
        let win = (k.start..=self.cursor)
            .rev()
            .find(|&i| event(i).is_some_and(Event::is_win))?;
        // Only while nothing but the outcome's own events followed it.
        let settled = (win..=self.cursor)
            .all(|i| event(i).is_some_and(|e| e.is_win() || e.is_end_kyoku() || e.is_dora()));
        settled.then_some(win)
    }

    /// Recomputes the win at the cursor, and its comparison, when the win
    /// changed (or `force`, after a change of profiles).
    fn refresh_win(&mut self, force: bool) {
        let win = self.win_index_here();
        if !force && self.win.as_ref().map(|(i, _)| *i) == win && win.is_some() {
            return;
        }
        self.win = win.and_then(|i| win_at(&self.log, &self.rules, i).map(|w| (i, w)));
        self.comparison = match (&self.compare, &self.win) {
            (Some(profiles), Some((i, _))) => compare_win(&self.log, *i, profiles),
            _ => None,
        };
    }

    /// The waits of a player's concealed hand before and after the
    /// concealed kong under the cursor, when the player is in riichi.
    #[must_use]
    pub fn kong_in_riichi(&self) -> Option<crate::engine::KongWaits> {
        crate::engine::kong_waits_at(&self.log, &self.rules, self.cursor)
    }

    /// Applies a command.
    pub fn apply(&mut self, command: Command) {
        match command {
            Command::Step(n) => {
                let target = offset(self.cursor, n, self.len());
                self.goto(target);
            }
            Command::Turn(n) => self.turn(n),
            Command::Kyoku(n) => self.kyoku_step(n),
            Command::KyokuStart => {
                if let Some(k) = self.current_kyoku() {
                    let start = k.start;
                    self.goto(start);
                }
            }
            Command::KyokuEnd => {
                if let Some(k) = self.current_kyoku() {
                    let end = k.end;
                    self.goto(end);
                }
            }
            Command::Goto(i) => self.goto(i),
            Command::NextFinding => {
                let next = self
                    .findings
                    .iter()
                    .find(|f| f.event > self.cursor)
                    .or_else(|| self.findings.first())
                    .map(|f| f.event);
                if let Some(e) = next {
                    self.goto(e);
                }
            }
            Command::PrevFinding => {
                let prev = self
                    .findings
                    .iter()
                    .rev()
                    .find(|f| f.event < self.cursor)
                    .or_else(|| self.findings.last())
                    .map(|f| f.event);
                if let Some(e) = prev {
                    self.goto(e);
                }
            }
            Command::ReviewSeat(seat) => {
                self.review_seat = seat.filter(|s| s.get() < self.review.seats);
            }
            Command::NextItem => {
                let next = self
                    .review_items()
                    .find(|i| i.event > self.cursor)
                    .or_else(|| self.review_items().next())
                    .map(|i| i.event);
                if let Some(e) = next {
                    self.goto(e);
                }
            }
            Command::PrevItem => {
                let prev = self
                    .review_items()
                    .filter(|i| i.event < self.cursor)
                    .last()
                    .or_else(|| self.review_items().last())
                    .map(|i| i.event);
                if let Some(e) = prev {
                    self.goto(e);
                }
            }
            Command::SetProfile(profile) => {
                // The menu offers only profiles that resolve; a file changed
                // since is reported by `switch_profile`.
                let _ = self.switch_profile(profile);
            }
            Command::Compare(None) => {
                self.compare = None;
                self.comparison = None;
            }
            Command::Compare(Some(profiles)) => {
                let set = if profiles.is_empty() {
                    self.default_compare_set()
                } else {
                    profiles
                        .iter()
                        .filter_map(|p| p.resolve(&self.log).ok().map(|a| a.rules))
                        .collect()
                };
                self.compare = Some(set);
                self.refresh_win(true);
            }
        }
    }

    /// Audits and reviews the game again under `profile`, which becomes
    /// the current one; on an error nothing changes.
    ///
    /// # Errors
    ///
    /// When the profile does not resolve (a file that cannot be read or is
    /// not a profile).
    pub fn switch_profile(&mut self, profile: Profile) -> Result<(), ViewerError> {
        let AutoRules { rules, notes } = profile.resolve(&self.log)?;
        self.findings = audit(&self.log, &rules).findings;
        self.review = review::review(&self.log, &rules, &review::Options::default());
        self.rules = rules;
        self.rules_notes = notes;
        self.profile = profile;
        self.view = None;
        self.goto(self.cursor);
        // The win at the cursor was computed under the old profile.
        self.refresh_win(true);
        Ok(())
    }

    fn goto(&mut self, index: usize) {
        self.cursor = index.min(self.len().saturating_sub(1));
        let needs = self.view.as_ref().is_none_or(|v| v.event != self.cursor);
        if needs {
            // At an `end_kyoku` (or anything the engine has no table for)
            // show the last table before it.
            let k_start = self.current_kyoku().map_or(0, |k| k.start);
            self.view = (k_start..=self.cursor)
                .rev()
                .find_map(|i| view_at(&self.log, &self.rules, i));
        }
        self.refresh_win(false);
        self.choice = match Branch::choice_at(&self.log, &self.rules, self.cursor) {
            Ok(c) => Some(Ok(c)),
            Err(e @ BranchError::NoWall { .. }) => {
                let decided = self.log.events.get(self.cursor).is_some_and(|e| {
                    let e = &e.event;
                    e.is_discard() || e.is_call() || e.is_kong() || e.is_win()
                });
                decided.then_some(Err(e))
            }
            Err(_) => None,
        };
    }

    fn turn(&mut self, n: i64) {
        let is_turn = |e: &Event| {
            e.is_discard()
                || e.is_call()
                || e.is_kong()
                || e.is_nukidora()
                || e.is_outcome()
                || e.is_start_kyoku()
        };
        let mut at = self.cursor;
        for _ in 0..n.unsigned_abs() {
            let found = if n > 0 {
                (at + 1..self.len())
                    .find(|&i| self.log.events.get(i).is_some_and(|e| is_turn(&e.event)))
            } else {
                (0..at)
                    .rev()
                    .find(|&i| self.log.events.get(i).is_some_and(|e| is_turn(&e.event)))
            };
            match found {
                Some(i) => at = i,
                None => break,
            }
        }
        self.goto(at);
    }

    fn kyoku_step(&mut self, n: i64) {
        let Some(current) = self.kyoku_index() else {
            return;
        };
        let Some(k) = self.kyoku.get(current) else {
            return;
        };
        // Back from inside a kyoku goes to its start first, as a media
        // player's "previous" does.
        let target = if n < 0 && self.cursor > k.start {
            offset(current, n + 1, self.kyoku.len())
        } else {
            offset(current, n, self.kyoku.len())
        };
        if let Some(start) = self.kyoku.get(target).map(|k| k.start) {
            self.goto(start);
        }
    }
}

/// `at + n`, kept within `0..len`.
fn offset(at: usize, n: i64, len: usize) -> usize {
    let at = i64::try_from(at).unwrap_or(i64::MAX);
    let max = i64::try_from(len.saturating_sub(1)).unwrap_or(i64::MAX);
    usize::try_from(at.saturating_add(n).clamp(0, max)).unwrap_or(0)
}

fn kyoku_entries(log: &GameLog) -> Vec<KyokuEntry> {
    let mut out: Vec<KyokuEntry> = Vec::new();
    for (i, entry) in log.events.iter().enumerate() {
        match &entry.event {
            Event::StartKyoku(start) => out.push(KyokuEntry {
                label: start.label(),
                start: i,
                end: i,
                result: String::from("(unfinished)"),
            }),
            event => {
                if let Some(k) = out.last_mut() {
                    k.end = i;
                    if let Some(r) = kyoku_result(log, event) {
                        // Several winners on one discard: list them all.
                        if k.result.starts_with('(') {
                            k.result = r;
                        } else if event.is_win() {
                            k.result = format!("{}; {r}", k.result);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The recent-files list, kept in a small text file (one path a line,
/// newest first).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RecentFiles {
    /// Where the list is kept; `None` keeps it in memory only (tests).
    pub store: Option<PathBuf>,
    /// Newest first.
    pub files: Vec<PathBuf>,
}

impl RecentFiles {
    /// How many files are remembered.
    pub const LIMIT: usize = 10;

    /// The list kept in the user's configuration folder
    /// (`$XDG_CONFIG_HOME/paifu/recent`, else `~/.config/paifu/recent`).
    #[must_use]
    pub fn load_default() -> Self {
        let store = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))
            .map(|dir| dir.join("paifu").join("recent"));
        let files = store
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .map(|text| {
                text.lines()
                    .filter(|l| !l.trim().is_empty())
                    .take(Self::LIMIT)
                    .map(PathBuf::from)
                    .collect()
            })
            .unwrap_or_default();
        Self { store, files }
    }

    /// Puts a file first; the list is saved when it has a store (a failure
    /// to save is not worth interrupting the user for).
    pub fn add(&mut self, path: &Path) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.files.retain(|p| *p != path);
        self.files.insert(0, path);
        self.files.truncate(Self::LIMIT);
        if let Some(store) = &self.store {
            let text: String = self
                .files
                .iter()
                .map(|p| format!("{}\n", p.display()))
                .collect();
            if let Some(dir) = store.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = std::fs::write(store, text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(profile: &str) -> Session {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou_xml/pao_ron_edited.mjlog");
        Session::open(&path, Profile::parse(profile, false).unwrap()).unwrap()
    }

    #[test]
    fn steps_stay_inside_the_game() {
        let mut s = session("auto");
        assert_eq!(s.cursor(), 0);
        s.apply(Command::Step(-5));
        assert_eq!(s.cursor(), 0);
        s.apply(Command::Step(1_000_000));
        assert_eq!(s.cursor(), s.len() - 1);
        assert!(s.view().is_some(), "the last table is still shown");
    }

    #[test]
    fn turns_stop_at_discards_and_calls() {
        let mut s = session("auto");
        s.apply(Command::Turn(1));
        let e = &s.log.events[s.cursor()].event;
        assert!(e.is_discard(), "{e:?}");
        s.apply(Command::Turn(3));
        s.apply(Command::Turn(-3));
        assert!(s.log.events[s.cursor()].event.is_discard());
    }

    #[test]
    fn kyoku_back_goes_to_the_start_first() {
        let mut s = session("auto");
        s.apply(Command::Kyoku(2));
        let third = s.kyoku[2].start;
        assert_eq!(s.cursor(), third);
        s.apply(Command::Step(5));
        s.apply(Command::Kyoku(-1));
        assert_eq!(s.cursor(), third);
        s.apply(Command::Kyoku(-1));
        assert_eq!(s.cursor(), s.kyoku[1].start);
        s.apply(Command::Kyoku(99));
        assert_eq!(s.cursor(), s.kyoku[4].start);
    }

    #[test]
    fn findings_wrap_around_and_follow_the_profile() {
        let mut s = session("ema2016");
        // Ten findings under EMA's rules, and the edited draw the seed's
        // wall shows.
        assert_eq!(s.findings.len(), 11);
        s.apply(Command::Goto(433));
        s.apply(Command::NextFinding);
        assert_eq!(s.cursor(), 0, "wraps to the first finding");
        s.apply(Command::PrevFinding);
        assert_eq!(s.cursor(), 433, "wraps to the last");
        assert_eq!(s.findings_here().count(), 1);
        s.apply(Command::SetProfile(Profile::Auto));
        // Under Tenhou's rules only the edit remains.
        assert_eq!(
            s.findings
                .iter()
                .map(|f| f.rule.to_string())
                .collect::<Vec<_>>(),
            ["WALL-MISMATCH"]
        );
        assert_eq!(s.rules.name, "tenhou");
        assert_eq!(s.cursor(), 433, "the cursor stays put");
    }

    fn double_ron(profile: &str) -> Session {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tenhou_xml/double_ron.mjlog");
        Session::open(&path, Profile::parse(profile, false).unwrap()).unwrap()
    }

    #[test]
    fn the_review_is_computed_once_with_the_default_options() {
        let s = double_ron("auto");
        assert_eq!(
            s.review,
            review::review(&s.log, &s.rules, &review::Options::default())
        );
        assert!(!s.review.items.is_empty());
        assert_eq!(s.review_seat(), None, "every seat to start with");
        assert_eq!(s.review_items().count(), s.review.items.len());
    }

    #[test]
    fn items_wrap_around_for_the_review_seat() {
        let mut s = double_ron("auto");
        let events = |s: &Session, seat: u8| -> Vec<usize> {
            s.review
                .items
                .iter()
                .filter(|i| i.seat.get() == seat)
                .map(|i| i.event)
                .collect()
        };
        let all: Vec<usize> = s.review.items.iter().map(|i| i.event).collect();
        s.apply(Command::NextItem);
        assert_eq!(s.cursor(), all[0]);
        s.apply(Command::NextItem);
        assert_eq!(s.cursor(), all[1]);
        s.apply(Command::ReviewSeat(Seat::new(3)));
        let west = events(&s, 3);
        assert!(west.len() > 2, "{west:?}");
        assert!(s.review_items().all(|i| i.seat.get() == 3));
        s.apply(Command::NextItem);
        assert_eq!(
            s.cursor(),
            west[0],
            "the seat's first item after the cursor"
        );
        s.apply(Command::PrevItem);
        assert_eq!(s.cursor(), *west.last().unwrap(), "wraps to the last");
        assert!(s.items_here().count() >= 1);
        assert!(
            s.items_here()
                .all(|i| i.event == s.cursor() && i.seat.get() == 3)
        );
        s.apply(Command::NextItem);
        assert_eq!(s.cursor(), west[0], "wraps to the first");
        s.apply(Command::NextItem);
        assert_eq!(s.cursor(), west[1]);
        s.apply(Command::PrevItem);
        assert_eq!(s.cursor(), west[0]);
        s.apply(Command::ReviewSeat(None));
        assert_eq!(s.review_items().count(), s.review.items.len());
    }

    #[test]
    fn the_decision_at_the_cursor_is_the_reviews() {
        let mut s = double_ron("auto");
        let item = s
            .review
            .items
            .iter()
            .find(|i| i.decision.is_some())
            .unwrap();
        let (event, index) = (item.event, item.decision.unwrap());
        s.apply(Command::Goto(event));
        let d = s.decision_here().unwrap();
        assert_eq!(d, &s.review.decisions[index]);
        assert_eq!(d.event, event);
        s.apply(Command::Goto(event - 1));
        assert!(
            s.decision_here().is_none(),
            "the draw before is no decision"
        );
    }

    #[test]
    fn the_review_follows_the_profile() {
        let mut s = double_ron("auto");
        let cite = |s: &Session| {
            s.review
                .items
                .iter()
                .find(|i| !i.citation.is_empty())
                .map(|i| i.citation)
                .unwrap()
        };
        assert!(cite(&s).starts_with("Tenhou rules"), "{}", cite(&s));
        s.apply(Command::SetProfile(
            Profile::parse("ema2016", false).unwrap(),
        ));
        assert!(cite(&s).starts_with("EMA 2016"), "{}", cite(&s));
        assert_eq!(
            s.review,
            review::review(&s.log, &s.rules, &review::Options::default())
        );
    }

    #[test]
    fn kyoku_results_are_listed() {
        let s = session("auto");
        let labels: Vec<&str> = s.kyoku.iter().map(|k| k.label.as_str()).collect();
        assert_eq!(labels, ["E1-0", "E1-1", "E2-0", "E3-0", "E4-0"]);
        assert!(
            s.kyoku[4].result.starts_with("Ron: "),
            "{}",
            s.kyoku[4].result
        );
        assert!(s.kyoku[4].result.ends_with(", 32000"));
    }

    #[test]
    fn a_win_is_explained_at_its_event_and_at_the_kyoku_end() {
        let mut s = session("ema2016");
        s.apply(Command::Goto(92));
        let w = s.win_here().unwrap();
        assert!(!w.verdict().unwrap().agrees(crate::engine::ClaimField::Han));
        s.apply(Command::KyokuEnd);
        assert!(s.win_here().is_some());
        s.apply(Command::Goto(91));
        assert!(s.win_here().is_none());
    }

    #[test]
    fn unknown_profiles_and_bad_logs_are_errors() {
        assert!(matches!(
            Profile::parse("mleague", false).map_err(ViewerError::from),
            Err(ViewerError::UnknownProfile(_))
        ));
        let e = Session::from_bytes("junk", b"not a log", Profile::Auto).unwrap_err();
        assert!(e.to_string().starts_with("junk: "), "{e}");
    }

    #[test]
    fn a_profile_file_audits_like_its_preset() {
        let dir = std::env::temp_dir().join(format!("paifu-profile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("ema.json");
        let rules = Rules::preset("ema2016").unwrap();
        std::fs::write(&good, serde_json::to_string(&rules).unwrap()).unwrap();
        let profile = Profile::parse(good.to_str().unwrap(), false).unwrap();
        let mut s = session("auto");
        s.apply(Command::SetProfile(profile));
        assert_eq!(s.findings, session("ema2016").findings);
        let bad = dir.join("bad.json");
        std::fs::write(&bad, "{\"name\": 3}").unwrap();
        let e = ViewerError::from(Profile::parse(bad.to_str().unwrap(), false).unwrap_err());
        assert!(matches!(e, ViewerError::RulesFile { .. }), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn after_a_kong_in_riichi_the_waits_are_the_hands_now() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rules/RIICHI-KONG/hit.jsonl");
        let mut s = Session::open(&path, Profile::Auto).unwrap();
        let kong = s
            .log
            .events
            .iter()
            .position(|e| matches!(e.event, Event::Ankan { .. }))
            .unwrap();
        let waits = |s: &Session| s.view().unwrap().seats[3].waits;
        s.apply(Command::Goto(kong - 1));
        let before = waits(&s);
        s.apply(Command::Goto(kong));
        let k = s.kong_in_riichi().unwrap();
        assert_eq!(k.before, before);
        assert_ne!(k.before, k.after, "this kong changes the waits");
        // At the kong, at its indicator and at the replacement draw: the
        // waits of the hand after the kong, never the old ones beside them.
        for at in kong..kong + 3 {
            s.apply(Command::Goto(at));
            assert_eq!(waits(&s), k.after, "event {at}");
        }
        assert!(s.log.events[kong + 3].event.is_discard());
        s.apply(Command::Goto(kong + 1));
        assert!(
            s.kong_in_riichi().is_none(),
            "the comparison is shown at the kong only"
        );
    }

    #[test]
    fn recent_files_keep_the_newest_first_without_repeats() {
        let mut r = RecentFiles::default();
        for name in ["a", "b", "a"] {
            r.add(Path::new(name));
        }
        let names: Vec<String> = r
            .files
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a", "b"]);
        for i in 0..20 {
            r.add(Path::new(&format!("f{i}")));
        }
        assert_eq!(r.files.len(), RecentFiles::LIMIT);
    }
}
