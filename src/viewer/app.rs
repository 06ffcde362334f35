//! The window: panels around the board, keyboard shortcuts, and the
//! actions the panels ask for, applied once the frame is drawn.

use std::path::{Path, PathBuf};

use egui::{Color32, Key, Modifiers};

use crate::engine::Severity;
use crate::event::{Event, Format, Seat};
use crate::whatif::{Branch, Move};
use crate::yaku::NameStyle;

use super::ViewerError;
use super::board::{self, BoardInput, BoardLayout};
use super::describe::player_name;
use super::fonts::FontChoice;
use super::session::{Command, KyokuEntry, Profile, RecentFiles, Session};
use super::tiles::TileAtlas;
use super::{marks, panels};

/// How the viewer starts.
#[derive(Clone, Debug)]
pub struct Options {
    /// A log to open.
    pub file: Option<PathBuf>,
    /// The rule profile.
    pub profile: Profile,
    /// The kyoku to open on: a label (`E2-1`), a round (`E2`, its first
    /// hand) or a number n, the n-th round played with honba repeats not
    /// counted ([`find_kyoku`]).
    pub kyoku: Option<String>,
    /// The event to open on, numbered from 0 in the whole game as the
    /// header, the findings and `paifu audit` number events; with `kyoku`
    /// it must lie in that kyoku.
    pub event: Option<usize>,
    /// Open on this review item instead (1-based, in event order, as
    /// `paifu review` lists them); it wins over `kyoku` and `event`.
    pub item: Option<usize>,
    /// The seat drawn at the bottom.
    pub bottom: u8,
    /// Dark theme.
    pub dark: bool,
    /// Window size in points.
    pub width: f32,
    /// Window size in points.
    pub height: f32,
    /// Remember opened files in the user's configuration folder.
    pub remember_files: bool,
    /// Open with wins compared under these profiles (empty: the
    /// session's and every preset for the same number of players).
    pub compare: Option<Vec<Profile>>,
    /// Open on a what-if branch from the decision at `event`: the move in
    /// the words the "What if…" panel gives it (`discard East`).
    pub what_if: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            file: None,
            profile: Profile::Auto,
            kyoku: None,
            event: None,
            item: None,
            bottom: 0,
            dark: true,
            width: 1440.0,
            height: 900.0,
            remember_files: false,
            compare: None,
            what_if: None,
        }
    }
}

/// What a panel asks for; applied after drawing.
#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    /// A command for the session.
    Session(Command),
    /// Open a file.
    Open(PathBuf),
    /// Turn the table: the next seat at the bottom.
    Rotate,
    /// Turn the table until this seat is at the bottom.
    Bottom(Seat),
    /// Show or hide a seat's concealed hand.
    ToggleHidden(usize),
    /// The seat the "why" panel explains.
    SelectSeat(Seat),
    /// Light or dark.
    SetDark(bool),
    /// The language yaku are named in.
    SetYakuNames(NameStyle),
    /// Audit under the JSON profile in this file (the Rules menu's "Load
    /// profile…").
    LoadProfile(PathBuf),
    /// A file dropped on the window: a rule profile when it is one, else a
    /// game log to open.
    Dropped(PathBuf),
    /// What-if play: start a branch, choose in it, save it, leave it.
    WhatIf(WhatIfAction),
}

/// What the what-if panel asks for.
#[derive(Clone, PartialEq, Debug)]
pub enum WhatIfAction {
    /// Branch the record at event `at`, where `seat` makes `mv` instead.
    Start {
        /// The recorded decision's event.
        at: usize,
        /// Who chooses otherwise.
        seat: Seat,
        /// The other choice.
        mv: Move,
    },
    /// Make the choice the branch waits for.
    Choose(Move),
    /// Back to the recorded game, where the cursor was.
    Back,
    /// Write the branch into the current folder in this format.
    Save(Format),
}

/// A what-if branch open in the viewer: the branch, and the recorded game
/// to return to. While it is open the viewer's session is the branch's
/// log, audited and reviewed as any log is.
#[derive(Debug)]
pub struct WhatIfView {
    /// The branch.
    pub branch: Branch,
    /// The recorded game's session, as it was when the branch started.
    pub record: Box<Session>,
    /// What the last save or refused choice said.
    pub message: Option<String>,
}

impl WhatIfView {
    /// The file name a save in `format` writes, in the current folder:
    /// the record's name, the event branched at and `whatif`.
    #[must_use]
    pub fn file_name(&self, format: Format) -> String {
        let stem = Path::new(&self.record.source)
            .file_stem()
            .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
        let ext = if format == Format::Mjai {
            "mjson"
        } else {
            "json"
        };
        format!(
            "{stem}.whatif-{}.{}.{ext}",
            self.branch.from_event(),
            format.name()
        )
    }
}

/// The viewer application.
#[derive(Debug)]
pub struct ViewerApp {
    /// The open game, if any.
    pub session: Option<Session>,
    /// The last error (a file that could not be opened), shown in a bar.
    pub error: Option<String>,
    /// The seat at the bottom.
    pub bottom: Seat,
    /// Seats whose hands are drawn face down.
    pub hidden: [bool; 4],
    /// The seat the "why" panel explains.
    pub selected: Seat,
    /// Dark theme.
    pub dark: bool,
    /// The text of the open-file field.
    pub open_field: String,
    /// Recently opened files.
    pub recent: RecentFiles,
    /// The language yaku are named in.
    pub yaku_names: NameStyle,
    /// The text of the profile-file field of the Rules menu.
    pub profile_field: String,
    /// Whether the profile-file field is shown.
    pub profile_entry: bool,
    /// Which CJK fonts to install for the names (read on the first frame).
    pub fonts: FontChoice,
    /// The what-if branch open, if any (the session is then its log).
    pub what_if: Option<WhatIfView>,
    atlas: Option<(bool, TileAtlas)>,
    pending: Vec<Action>,
    styled: bool,
    board: Option<BoardLayout>,
}

impl ViewerApp {
    /// A viewer, opening `options.file` if given (an error is shown in the
    /// window rather than refusing to start).
    #[must_use]
    pub fn new(options: Options) -> Self {
        let mut app = Self {
            session: None,
            error: None,
            bottom: Seat::wrapping(options.bottom),
            hidden: [false; 4],
            selected: Seat::wrapping(options.bottom),
            dark: options.dark,
            open_field: String::new(),
            recent: if options.remember_files {
                RecentFiles::load_default()
            } else {
                RecentFiles::default()
            },
            yaku_names: NameStyle::default(),
            profile_field: String::new(),
            profile_entry: false,
            fonts: FontChoice::default(),
            what_if: None,
            atlas: None,
            pending: Vec::new(),
            styled: false,
            board: None,
        };
        if let Some(path) = &options.file {
            app.open(path.clone(), options.profile.clone());
            if let Some(s) = app.session.as_mut()
                && let Err(e) = place(s, &options)
            {
                app.error = Some(e);
            }
            if let (Some(s), Some(set)) = (app.session.as_mut(), &options.compare) {
                s.apply(Command::Compare(Some(set.clone())));
            }
            if let Some(text) = &options.what_if
                && let Err(e) = app.start_what_if(text)
            {
                app.error = Some(e);
            }
        }
        app
    }

    /// Starts a what-if branch at the cursor with the move the "What if…"
    /// panel names `text` (`discard East`).
    ///
    /// # Errors
    ///
    /// When the cursor is on no decision, the kyoku has no wall, or no
    /// move allowed there reads `text`.
    pub fn start_what_if(&mut self, text: &str) -> Result<(), String> {
        let session = self.session.as_ref().ok_or("no game is open")?;
        let at = session.cursor();
        let choice = match session.choice_here() {
            Some(Ok(c)) => c,
            Some(Err(e)) => return Err(format!("what-if at event {at}: {e}")),
            None => return Err(format!("what-if: no seat decides at event {at}")),
        };
        let mv = choice
            .options
            .iter()
            .find(|m| m.to_string() == text.trim())
            .ok_or_else(|| {
                let all: Vec<String> = choice.options.iter().map(ToString::to_string).collect();
                format!(
                    "what-if at event {at}: no move `{text}`; the moves are: {}",
                    all.join(", ")
                )
            })?
            .clone();
        let seat = choice.seat;
        self.what_if(WhatIfAction::Start { at, seat, mv });
        match &self.error {
            Some(e) if self.what_if.is_none() => Err(e.clone()),
            _ => Ok(()),
        }
    }

    /// A viewer on a game already loaded (tests, screenshots).
    #[must_use]
    pub fn with_session(session: Session, dark: bool) -> Self {
        let mut app = Self::new(Options {
            dark,
            ..Options::default()
        });
        app.session = Some(session);
        app
    }

    fn open(&mut self, path: PathBuf, profile: Profile) {
        match Session::open(&path, profile) {
            Ok(s) => {
                self.recent.add(&path);
                self.session = Some(s);
                // Another game: a branch of the last one is left.
                self.what_if = None;
                self.error = None;
                self.open_field = path.display().to_string();
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    fn atlas(&mut self, ctx: &egui::Context) -> Option<TileAtlas> {
        if self
            .atlas
            .as_ref()
            .is_none_or(|(dark, _)| *dark != self.dark)
        {
            match TileAtlas::load(ctx, self.dark) {
                Ok(a) => self.atlas = Some((self.dark, a)),
                Err(e) => self.error = Some(e.to_string()),
            }
        }
        self.atlas.as_ref().map(|(_, a)| a.clone())
    }

    /// Queues an action for the end of the frame.
    pub fn push(&mut self, action: Action) {
        self.pending.push(action);
    }

    /// Draws one frame into `ui` and applies what it asked for.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        if !self.styled {
            self.styled = true;
            if let Err(e) = super::fonts::install(ui.ctx(), self.fonts) {
                self.error = Some(e.to_string());
            }
            ui.ctx().set_visuals(visuals(self.dark));
        }
        panels::yaku_names::set(ui.ctx(), self.yaku_names);
        self.keyboard(ui.ctx());
        self.dropped_files(ui.ctx());
        let atlas = self.atlas(ui.ctx());
        let mut actions = Vec::new();
        panels::controls::show(ui, self, &mut actions);
        if let Some(session) = &self.session {
            // The board is square and limited by the height: the width it
            // cannot use goes to the review list.
            egui::Panel::left("kyoku")
                .resizable(true)
                .default_size(290.0)
                .show(ui, |ui| {
                    panels::kyoku_list::show(ui, session, &mut actions);
                    ui.separator();
                    panels::review::show(ui, session, &mut actions);
                });
            // Opened comparing rule books, the panel starts wide enough for
            // a column per profile; the user may resize it either way.
            egui::Panel::right("why")
                .resizable(true)
                .default_size(if session.comparing() { 620.0 } else { 400.0 })
                .show(ui, |ui| {
                    if panels::whatif::show(ui, session, self.what_if.as_ref(), &mut actions) {
                        ui.separator();
                    }
                    if panels::wall::show(ui, session, atlas.as_ref()) {
                        ui.separator();
                    }
                    panels::why::show(ui, session, self.selected, atlas.as_ref(), &mut actions);
                    ui.separator();
                    panels::findings::show(ui, session, &mut actions);
                });
            egui::Panel::bottom("timeline")
                .resizable(false)
                .show(ui, |ui| panels::timeline::show(ui, session, &mut actions));
        }
        let board = egui::CentralPanel::default()
            .frame(egui::Frame::central_panel(ui.style()).fill(if self.dark {
                Color32::from_gray(24)
            } else {
                Color32::from_gray(210)
            }))
            .show(ui, |ui| self.central(ui, atlas.as_ref(), &mut actions))
            .inner;
        self.board = board;
        self.pending.extend(actions);
        self.apply_pending(ui.ctx());
    }

    /// Where the board put its parts in the last frame (tests click the
    /// name plates through it).
    #[must_use]
    pub fn board_layout(&self) -> Option<&BoardLayout> {
        self.board.as_ref()
    }

    fn central(
        &self,
        ui: &mut egui::Ui,
        atlas: Option<&TileAtlas>,
        actions: &mut Vec<Action>,
    ) -> Option<BoardLayout> {
        let Some(session) = &self.session else {
            ui.centered_and_justified(|ui| {
                ui.heading(
                    "Open a game log: type its path above, drop it on the window, or pick a recent file.",
                );
            });
            return None;
        };
        let Some(view) = session.view() else {
            ui.centered_and_justified(|ui| ui.label("No table at this event."));
            return None;
        };
        let atlas = atlas?;
        let rect = ui.available_rect_before_wrap();
        // A click on the table only focuses the window: turning it is the
        // R key, the Rotate button, or a click on a player's name.
        ui.allocate_rect(rect, egui::Sense::hover());
        let seats = view.state.seats;
        let names = (0..seats)
            .map(|s| player_name(&session.log, Seat::wrapping(s)))
            .collect();
        let event = session.log.events.get(session.cursor()).map(|e| &e.event);
        let input = BoardInput {
            view,
            names,
            bottom: self.bottom,
            hidden: self.hidden,
            actor: event.and_then(|e| Some((e.actor()?, e.is_discard()))),
            deltas: event.and_then(outcome_deltas).or_else(|| {
                // At the end of a kyoku, the outcome's deltas are still shown.
                let k = session.current_kyoku()?;
                (session.cursor() == k.end)
                    .then(|| {
                        (k.start..k.end).rev().find_map(|i| {
                            session
                                .log
                                .events
                                .get(i)
                                .and_then(|e| outcome_deltas(&e.event))
                        })
                    })
                    .flatten()
            }),
            marks: marks::marks_here(session, event),
            dark: self.dark,
        };
        let layout = board::draw(ui.painter(), atlas, rect, &input);
        if let Some(w) = &self.what_if {
            // The board is a branch, not the record: said on the board itself.
            let mark = panels::whatif::MARK;
            ui.painter().rect_stroke(
                rect.shrink(2.0),
                4.0,
                egui::Stroke::new(3.0, mark),
                egui::StrokeKind::Inside,
            );
            ui.painter().text(
                rect.left_top() + egui::vec2(12.0, 10.0),
                egui::Align2::LEFT_TOP,
                format!("WHAT-IF · from event {}", w.branch.from_event()),
                egui::FontId::proportional(20.0),
                mark,
            );
        }
        for (seat, plate) in &layout.name_plates {
            let (seat, plate) = (*seat, *plate);
            let plate = ui
                .interact(
                    plate,
                    ui.scope_id().with(("name plate", seat)),
                    egui::Sense::click(),
                )
                .on_hover_text("Click: turn the table to this seat");
            if plate.clicked() {
                actions.push(Action::Bottom(seat));
            }
        }
        Some(layout)
    }

    fn keyboard(&mut self, ctx: &egui::Context) {
        if ctx.memory(|m| m.focused().is_some()) {
            // Typing in the open-file field.
            return;
        }
        let keys: [(Modifiers, Key, Action); 14] = [
            // Shifted keys first: an unshifted binding would also take them.
            (
                Modifiers::SHIFT,
                Key::ArrowRight,
                Action::Session(Command::Turn(1)),
            ),
            (
                Modifiers::SHIFT,
                Key::ArrowLeft,
                Action::Session(Command::Turn(-1)),
            ),
            (Modifiers::SHIFT, Key::M, Action::Session(Command::PrevItem)),
            (
                Modifiers::NONE,
                Key::ArrowRight,
                Action::Session(Command::Step(1)),
            ),
            (
                Modifiers::NONE,
                Key::ArrowLeft,
                Action::Session(Command::Step(-1)),
            ),
            (
                Modifiers::NONE,
                Key::ArrowDown,
                Action::Session(Command::Kyoku(1)),
            ),
            (
                Modifiers::NONE,
                Key::ArrowUp,
                Action::Session(Command::Kyoku(-1)),
            ),
            (
                Modifiers::NONE,
                Key::Home,
                Action::Session(Command::KyokuStart),
            ),
            (
                Modifiers::NONE,
                Key::End,
                Action::Session(Command::KyokuEnd),
            ),
            (
                Modifiers::NONE,
                Key::N,
                Action::Session(Command::NextFinding),
            ),
            (
                Modifiers::NONE,
                Key::P,
                Action::Session(Command::PrevFinding),
            ),
            (Modifiers::NONE, Key::M, Action::Session(Command::NextItem)),
            (Modifiers::NONE, Key::R, Action::Rotate),
            (Modifiers::NONE, Key::D, Action::SetDark(!self.dark)),
        ];
        let mut fired = Vec::new();
        ctx.input_mut(|i| {
            for (m, k, a) in keys {
                if i.consume_key(m, k) {
                    fired.push(a);
                }
            }
        });
        self.pending.extend(fired);
    }

    fn dropped_files(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        });
        if let Some(path) = dropped.into_iter().next() {
            self.pending.push(Action::Dropped(path));
        }
    }

    fn apply_pending(&mut self, ctx: &egui::Context) {
        let pending = std::mem::take(&mut self.pending);
        for action in pending {
            match action {
                Action::Session(c) => {
                    if let Some(s) = self.session.as_mut() {
                        s.apply(c);
                    }
                }
                Action::Open(path) => self.open(path, self.current_profile()),
                Action::Rotate => {
                    let seats = self.session.as_ref().map_or(4, |s| s.log.meta.seats.max(1));
                    self.bottom = self.bottom.plus(1, seats);
                }
                Action::Bottom(seat) => self.bottom = seat,
                Action::ToggleHidden(i) => {
                    if let Some(h) = self.hidden.get_mut(i) {
                        *h = !*h;
                    }
                }
                Action::SelectSeat(s) => self.selected = s,
                Action::SetDark(d) => {
                    self.dark = d;
                    ctx.set_visuals(visuals(d));
                }
                Action::SetYakuNames(style) => self.yaku_names = style,
                Action::LoadProfile(path) => self.load_profile(&path),
                Action::Dropped(path) => self.dropped(path),
                Action::WhatIf(a) => self.what_if(a),
            }
        }
    }

    /// Makes the JSON profile in `path` the current one, as `--rules FILE`
    /// does; a file that is not a profile is an error in the window.
    fn load_profile(&mut self, path: &Path) {
        let Some(session) = self.session.as_mut() else {
            self.error = Some("open a game log before loading a rule profile".into());
            return;
        };
        match Profile::from_file(path)
            .map_err(ViewerError::from)
            .and_then(|p| session.switch_profile(p))
        {
            Ok(()) => {
                self.error = None;
                self.profile_entry = false;
                self.profile_field = path.display().to_string();
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// A dropped `.json` file may be a rule profile or a game log (tenhou.net/6,
    /// mjai, Mahjong Soul write JSON too): a profile when it reads as one,
    /// else a log; when it is neither, both reasons are shown.
    fn dropped(&mut self, path: PathBuf) {
        let json = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"));
        if !json {
            return self.open(path, self.current_profile());
        }
        let profile_error = match Profile::from_file(&path) {
            Ok(_) if self.session.is_some() => return self.load_profile(&path),
            Ok(_) => "open a game log before loading a rule profile".to_owned(),
            Err(e) => ViewerError::from(e).to_string(),
        };
        self.open(path, self.current_profile());
        if let Some(log_error) = &self.error {
            self.error = Some(format!(
                "neither a game log nor a rule profile: {log_error}; {profile_error}"
            ));
        }
    }

    /// Starts, plays, saves or leaves a what-if branch. The branch's log
    /// becomes the session (audited and reviewed as any log), its cursor
    /// on the branch's last event.
    fn what_if(&mut self, action: WhatIfAction) {
        match action {
            WhatIfAction::Start { at, seat, mv } => {
                let Some(record) = self.session.take() else {
                    return;
                };
                match Branch::new(&record.log, &record.rules, at, seat, mv) {
                    Ok(branch) => {
                        self.what_if = Some(WhatIfView {
                            branch,
                            record: Box::new(record),
                            message: None,
                        });
                        self.show_branch();
                    }
                    Err(e) => {
                        self.error = Some(format!("what-if: {e}"));
                        self.session = Some(record);
                    }
                }
            }
            WhatIfAction::Choose(mv) => {
                let Some(w) = self.what_if.as_mut() else {
                    return;
                };
                match w.branch.choose(mv) {
                    Ok(()) => {
                        w.message = None;
                        self.show_branch();
                    }
                    Err(e) => w.message = Some(e.to_string()),
                }
            }
            WhatIfAction::Back => {
                if let Some(w) = self.what_if.take() {
                    self.session = Some(*w.record);
                }
            }
            WhatIfAction::Save(format) => {
                let Some(w) = self.what_if.as_mut() else {
                    return;
                };
                let name = w.file_name(format);
                let written = crate::export::export(w.branch.log(), format)
                    .map_err(|e| e.to_string())
                    .and_then(|text| std::fs::write(&name, text).map_err(|e| e.to_string()));
                w.message = Some(match written {
                    Ok(()) => format!("Saved as {name} (marked as a what-if)."),
                    Err(e) => format!("Not saved: {e}"),
                });
            }
        }
    }

    /// The session becomes the branch's log, at its last event.
    fn show_branch(&mut self) {
        let Some(w) = &self.what_if else { return };
        let profile = w.record.profile.clone();
        let source = format!("what-if of {}", w.record.source);
        match Session::from_log(&source, w.branch.log().clone(), profile) {
            Ok(mut s) => {
                s.apply(Command::Goto(s.len().saturating_sub(1)));
                self.session = Some(s);
            }
            Err(e) => self.error = Some(format!("what-if: {e}")),
        }
    }

    fn current_profile(&self) -> Profile {
        self.session
            .as_ref()
            .map_or(Profile::Auto, |s| s.profile.clone())
    }
}

fn visuals(dark: bool) -> egui::Visuals {
    if dark {
        egui::Visuals::dark()
    } else {
        egui::Visuals::light()
    }
}

fn outcome_deltas(event: &Event) -> Option<Vec<i32>> {
    match event {
        Event::Hora { claim, .. } => claim.deltas.clone(),
        Event::Ryukyoku { claim, .. } => claim.deltas.clone(),
        _ => None,
    }
}

/// The colour of a severity, on the board and in the panels.
#[must_use]
pub fn severity_color(s: Severity) -> Color32 {
    match s {
        Severity::Error => Color32::from_rgb(214, 48, 49),
        Severity::Warning => Color32::from_rgb(230, 140, 20),
        Severity::Info => Color32::from_rgb(52, 120, 200),
    }
}

/// Places the cursor where `options` asks: on a review item, or at a
/// kyoku and an event.
pub(super) fn place(session: &mut Session, options: &Options) -> Result<(), String> {
    match options.item {
        Some(n) => place_item(session, n),
        None => place_cursor(session, options.kyoku.as_deref(), options.event),
    }
}

/// Places the cursor on the `n`-th review item (from 1) of the review seat.
fn place_item(session: &mut Session, n: usize) -> Result<(), String> {
    let count = session.review_items().count();
    let event = n
        .checked_sub(1)
        .and_then(|i| session.review_items().nth(i))
        .map(|i| i.event)
        .ok_or_else(|| {
            format!(
                "no review item {n} in this game (it has {count}; `paifu review FILE` lists them)"
            )
        })?;
    session.apply(Command::Goto(event));
    Ok(())
}

/// The kyoku `text` names: a label as the kyoku list shows it (`E2-1`,
/// round East 2 with honba 1), a round (`E2`: its first hand), or a number
/// n from 1: the n-th round played, honba repeats not counted (in a
/// four-player game 1–4 are E1–E4 and 5 is S1).
///
/// # Errors
///
/// When nothing matches: the message lists the game's labels.
pub fn find_kyoku<'s>(session: &'s Session, text: &str) -> Result<&'s KyokuEntry, String> {
    let text = text.trim();
    let round = |k: &KyokuEntry| k.label.split('-').next().unwrap_or_default().to_owned();
    // The first hand of each round, in play order.
    let mut firsts: Vec<&KyokuEntry> = Vec::new();
    for k in &session.kyoku {
        if !firsts.iter().any(|f| round(f) == round(k)) {
            firsts.push(k);
        }
    }
    let found = match text.parse::<usize>() {
        Ok(n) => n.checked_sub(1).and_then(|i| firsts.get(i).copied()),
        Err(_) => session
            .kyoku
            .iter()
            .find(|k| k.label.eq_ignore_ascii_case(text))
            .or_else(|| {
                firsts
                    .iter()
                    .copied()
                    .find(|k| round(k).eq_ignore_ascii_case(text))
            }),
    };
    found.ok_or_else(|| {
        let labels: Vec<&str> = session.kyoku.iter().map(|k| k.label.as_str()).collect();
        format!(
            "no kyoku `{text}` in this game; its kyoku are {} (give a label, a round such as {} for its first hand, or a number 1–{}: the n-th round played, honba repeats not counted)",
            labels.join(", "),
            firsts.first().map_or_else(|| "E1".to_owned(), |k| round(k)),
            firsts.len()
        )
    })
}

/// Places the cursor at an event of the game (numbered as the header and
/// the findings number them), at the deal of a kyoku, or both when the
/// event lies in that kyoku.
fn place_cursor(
    session: &mut Session,
    kyoku: Option<&str>,
    event: Option<usize>,
) -> Result<(), String> {
    let kyoku = kyoku
        .map(|k| find_kyoku(session, k).map(|e| (e.label.clone(), e.start, e.end)))
        .transpose()?;
    let last = session.len().saturating_sub(1);
    let target = match (event, kyoku) {
        (Some(e), _) if e > last => {
            return Err(format!(
                "event {e} is past the end of the game: its events are numbered 0–{last}, as the viewer's header and `paifu audit` (ev#N) number them"
            ));
        }
        (Some(e), Some((label, start, end))) if !(start..=end).contains(&e) => {
            return Err(format!(
                "event {e} is not in kyoku {label}, which holds events {start}–{end} (events are numbered in the whole game)"
            ));
        }
        (Some(e), _) => e,
        (None, Some((_, start, _))) => start,
        (None, None) => session.kyoku.first().map_or(0, |k| k.start),
    };
    session.apply(Command::Goto(target));
    Ok(())
}

impl eframe::App for ViewerApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
