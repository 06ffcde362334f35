//! The elements of a kyoku: `INIT`, draws, discards, `N`, `REACH`, `DORA`,
//! and the outcome elements' place in the stream (their claims are read in
//! [`super::claims`]).

use super::attrs::{self, Attrs, IntList};
use super::claims::{self, Draw};
use super::{Action, Builder, Last, Phase, meld};
use crate::event::{Entry, Event, ScoresClaim, Seat, Source, StartKyoku, Wind};
use crate::import::{ImportError, ImportErrorKind};
use crate::tile::Tile;

/// The hand attributes of `INIT`, by seat.
const HANDS: [&str; 4] = ["hai0", "hai1", "hai2", "hai3"];

impl Builder<'_> {
    /// Checks that play may happen now (inside a kyoku, before its outcome).
    fn in_play(&self, what: &str) -> Result<(), ImportError> {
        match self.phase {
            Phase::Kyoku => Ok(()),
            Phase::Header => Err(self.expected(format!("INIT before {what}"), "no kyoku yet")),
            Phase::Outcome { .. } | Phase::Between => Err(self.expected(
                format!("INIT (a new kyoku) before {what}"),
                "the previous kyoku already ended",
            )),
        }
    }

    fn tile(&self, id: u32, name: &str) -> Result<Tile, ImportError> {
        attrs::tile(id, name, self.red, &self.src)
    }

    /// `seat` as a [`Seat`] of this game.
    fn seat_of(&self, seat: u8, what: &str) -> Result<Seat, ImportError> {
        Seat::new(seat)
            .filter(|s| s.get() < self.meta.seats)
            .ok_or_else(|| {
                self.expected(
                    format!("{what} of a seat 0-{}", self.meta.seats.saturating_sub(1)),
                    format!("seat {seat}"),
                )
            })
    }

    /// A draw or discard tag at `src`. Every tag of play comes here, so the
    /// usual case (inside a kyoku, a seat and a tile id of the table) is
    /// decided by plain comparisons; the located error is built only when
    /// one fails, in the order the checks are stated in.
    pub(super) fn action(&mut self, action: Action, src: Source) -> Result<(), ImportError> {
        let i = usize::from(action.seat);
        let pai = if self.phase == Phase::Kyoku && action.seat < self.meta.seats {
            Tile::from_tenhou_id(action.id, self.red).ok()
        } else {
            None
        };
        let (Some(pai), Some(&last)) = (pai, self.last.get(i)) else {
            self.src = src;
            return Err(self.action_error(action));
        };
        let seat = Seat::wrapping(action.seat);
        // The id fits in a u8: it named a tile, so it is at most 135.
        let id = action.id as u8;
        let event = if action.discard {
            let tsumogiri = action.lower || last == Last::Draw(id);
            let riichi = self.riichi.get_mut(i).is_some_and(std::mem::take);
            self.set_last(i, Last::Other);
            Event::Dahai {
                actor: seat,
                pai,
                tsumogiri,
                riichi,
            }
        } else {
            self.set_last(i, Last::Draw(id));
            Event::Tsumo {
                actor: seat,
                pai: Some(pai),
                rinshan: last == Last::Kong,
            }
        };
        self.events.push(Entry { event, src });
        Ok(())
    }

    /// Why a draw or discard tag cannot be read (`self.src` is its place).
    #[cold]
    fn action_error(&self, action: Action) -> ImportError {
        let what = if action.discard {
            "a discard"
        } else {
            "a draw"
        };
        if let Err(e) = self.in_play(what) {
            return e;
        }
        if let Err(e) = self.seat_of(action.seat, what) {
            return e;
        }
        match self.tile(action.id, "the tag") {
            Err(e) => e,
            Ok(_) => self.expected(what, "a tag this reader cannot place"),
        }
    }

    fn set_last(&mut self, seat: usize, last: Last) {
        if let Some(slot) = self.last.get_mut(seat) {
            *slot = last;
        }
    }

    /// `INIT`: a kyoku starts.
    pub(super) fn init(&mut self, attrs: &Attrs<'_>) -> Result<(), ImportError> {
        match self.phase {
            Phase::Outcome { .. } => self.end_kyoku(),
            Phase::Kyoku => {
                let label = self.current_label();
                self.meta.incomplete = true;
                self.meta.notes.push(format!(
                    "kyoku {label} has no outcome: the next INIT (element {}) follows it",
                    self.src.element.unwrap_or_default()
                ));
            }
            Phase::Header | Phase::Between => {}
        }
        if !self.seats_known {
            self.settle_seats(attrs);
        }
        if attrs.has("shuffle") {
            self.meta.rules.tenhou_early_format = Some(true);
        }
        let seed: IntList<u32> = attrs.ints("seed", &self.src)?.unwrap_or_default();
        let [round, honba, sticks, _, _, dora, ..] = &*seed else {
            return Err(self.expected(
                "`seed` as round,honba,riichi sticks,die,die,dora indicator",
                attrs::quote(attrs.get("seed").unwrap_or("")),
            ));
        };
        let round = self.narrow::<u8>(*round, "a round in `seed`")?;
        let seats = usize::from(self.meta.seats);
        let scores = self.scores(attrs)?;
        let mut hands = Vec::with_capacity(seats);
        for (i, name) in HANDS.iter().enumerate() {
            // Old logs name the first hand `hai`.
            let value = attrs
                .get(name)
                .or_else(|| if i == 0 { attrs.get("hai") } else { None });
            if i >= seats {
                if value.is_some_and(|v| !v.trim().is_empty()) {
                    return Err(self.expected(
                        format!("an empty `{name}` in a three-player game"),
                        attrs::quote(value.unwrap_or("")),
                    ));
                }
                continue;
            }
            let Some(value) = value else {
                return Err(self.error(ImportErrorKind::Missing {
                    name: format!("attribute `{name}`"),
                }));
            };
            hands.push(attrs::sorted_hand(value, name, self.red, &self.src)?);
        }
        let dealer = attrs.seat("oya", self.meta.seats, &self.src)?;
        // Each kyoku takes the generator's next words, damaged or not.
        let wall = self.shuffler.as_mut().and_then(|s| {
            let k = s.next_kyoku_of(self.meta.seats);
            super::wall::layout(&k.wall, self.meta.seats, dealer, self.red).map(Box::new)
        });
        let start = StartKyoku {
            round_wind: Wind::from_index(round / 4),
            kyoku: round % 4 + 1,
            honba: self.narrow(*honba, "honba in `seed`")?,
            riichi_sticks: self.narrow(*sticks, "riichi sticks in `seed`")?,
            dealer,
            scores,
            dora_marker: self.tile(*dora, "seed")?,
            hands,
            wall,
        };
        self.phase = Phase::Kyoku;
        self.last = [Last::Other; 4];
        self.riichi = [false; 4];
        self.push(Event::StartKyoku(Box::new(start)));
        Ok(())
    }

    /// Without `GO`, the first `INIT` tells the seat count (an empty `hai3`
    /// is a three-player game); red fives are assumed.
    fn settle_seats(&mut self, attrs: &Attrs<'_>) {
        let sanma = attrs.get("hai3").is_none_or(|v| v.trim().is_empty());
        self.meta.seats = if sanma { 3 } else { 4 };
        self.seats_known = true;
        if !self.go {
            self.meta.notes.push(format!(
                "the log has no GO element: red fives are assumed, and the {} seats are read from the first INIT",
                self.meta.seats
            ));
        }
    }

    /// `ten` of `INIT` and of a riichi payment: each seat's score in
    /// hundreds, as points.
    fn scores(&self, attrs: &Attrs<'_>) -> Result<Option<Vec<i32>>, ImportError> {
        let seats = usize::from(self.meta.seats);
        match attrs.ints::<i32>("ten", &self.src)? {
            Some(ten) if ten.len() >= seats => ten
                .iter()
                .take(seats)
                .map(|v| claims::hundreds(*v, &self.src))
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            Some(_) => Err(self.expected(
                format!("{seats} scores in `ten`"),
                attrs::quote(attrs.get("ten").unwrap_or("")),
            )),
            None => Ok(None),
        }
    }

    fn narrow<T: TryFrom<u32>>(&self, v: u32, what: &str) -> Result<T, ImportError> {
        T::try_from(v).map_err(|_| self.expected(format!("a representable {what}"), v.to_string()))
    }

    /// `N`: a call, a kong or a north set aside.
    pub(super) fn meld(&mut self, attrs: &Attrs<'_>) -> Result<(), ImportError> {
        self.in_play("a call")?;
        let actor = attrs.seat("who", self.meta.seats, &self.src)?;
        let code: u16 = attrs.int("m", &self.src)?;
        let meld = meld::decode(code).map_err(|reason| {
            self.expected("a meld code (formats.md §1.5)", format!("{code}: {reason}"))
        })?;
        let target = match meld.target(actor) {
            Some(t) => self.seat_of(t.get(), "a call on the discard")?,
            None => actor,
        };
        let event = meld
            .to_event(actor, target, self.red)
            .map_err(|e| self.error(ImportErrorKind::Tile(e)))?;
        let last = if meld.draws_replacement() {
            Last::Kong
        } else {
            Last::Other
        };
        self.set_last(actor.index(), last);
        self.push(event);
        Ok(())
    }

    /// `REACH`: step 1 marks the seat's next discard, step 2 pays the stick.
    pub(super) fn reach(&mut self, attrs: &Attrs<'_>) -> Result<(), ImportError> {
        self.in_play("riichi")?;
        let actor = attrs.seat("who", self.meta.seats, &self.src)?;
        match attrs.get("step") {
            Some("1") => {
                if let Some(r) = self.riichi.get_mut(actor.index()) {
                    *r = true;
                }
            }
            Some("2") => {
                let scores = self.scores(attrs)?;
                self.push(Event::RiichiAccepted {
                    actor,
                    claim: scores.map(|s| {
                        Box::new(ScoresClaim {
                            scores: Some(s),
                            deltas: None,
                        })
                    }),
                });
            }
            other => {
                return Err(
                    self.expected("`step` 1 or 2", attrs::quote(other.unwrap_or("nothing")))
                );
            }
        }
        Ok(())
    }

    /// `DORA`: a new indicator.
    pub(super) fn dora(&mut self, attrs: &Attrs<'_>) -> Result<(), ImportError> {
        self.in_play("a dora indicator")?;
        let id: u32 = attrs.int("hai", &self.src)?;
        let marker = self.tile(id, "hai")?;
        self.push(Event::Dora { marker });
        Ok(())
    }

    /// `AGARI`: a win; several in a row share one discard.
    pub(super) fn agari(&mut self, attrs: &Attrs<'_>) -> Result<(), ImportError> {
        if self.phase != (Phase::Outcome { win: true }) {
            self.in_play("a win")?;
        }
        let hora = claims::agari(attrs, self.meta.seats, self.red, &self.src)?;
        self.push(hora);
        self.outcome(Phase::Outcome { win: true }, attrs)
    }

    /// `RYUUKYOKU`: a draw, or the server stopping the game.
    pub(super) fn ryuukyoku(&mut self, attrs: &Attrs<'_>) -> Result<(), ImportError> {
        self.in_play("a draw")?;
        match claims::ryuukyoku(attrs, self.meta.seats, self.red, &self.src)? {
            Draw::Outcome(event, note) => {
                self.push(event);
                self.meta.notes.extend(note);
                self.outcome(Phase::Outcome { win: false }, attrs)
            }
            Draw::Stopped => {
                // Not an outcome: the kyoku stays open and `finish` marks
                // the game incomplete.
                self.meta.notes.push(format!(
                    "element {} (RYUUKYOKU without kind, scores or hands) stops the game without ending the kyoku",
                    self.src.element.unwrap_or_default()
                ));
                self.final_result(attrs).map(|_| ())
            }
        }
    }

    fn outcome(&mut self, phase: Phase, attrs: &Attrs<'_>) -> Result<(), ImportError> {
        self.phase = phase;
        self.outcome_src = self.src.clone();
        let last = self.final_result(attrs)?;
        // A draw is always alone, and the game's final result comes with
        // its last outcome; only after another win may more follow (a
        // multiple ron), so that kyoku is complete with the next element.
        if phase == (Phase::Outcome { win: false }) || last {
            self.checkpoint();
        }
        Ok(())
    }

    /// `owari` on an outcome element: the game's final claim. `true` when
    /// it was there (and not empty).
    fn final_result(&mut self, attrs: &Attrs<'_>) -> Result<bool, ImportError> {
        if let Some((end, note)) = claims::owari(attrs, self.meta.seats, &self.src)? {
            self.meta.end = Some(end);
            self.meta.notes.extend(note);
            self.owari = true;
            return Ok(true);
        }
        if attrs.has("owari") {
            self.meta.notes.push(format!(
                "the final result (`owari`) at element {} is empty",
                self.src.element.unwrap_or_default()
            ));
        }
        Ok(false)
    }
}
