//! Events from a rebuilt order of play: the actions, the dora indicators at
//! Tenhou's timing, `riichi_accepted`, the outcome (`formats/tenhou6.md`,
//! "Events written").

use super::calls::{Discard, Take, kakan_added};
use super::doc::{Doc, path};
use super::kyoku::{Kyoku, KyokuEvents, seat};
use super::order::{SeatPlay, Step, river_tile};
use super::result::Outcome;
use crate::event::{Event, Seat, Source, StartKyoku};
use crate::import::stream::StreamBuilder;
use crate::import::{ImportError, ImportErrorKind};
use crate::tile::{Tile, sort_seen_tiles};

/// Writes one kyoku's events.
pub(super) struct Emitter<'a, 't> {
    doc: &'a Doc<'t>,
    kyoku: &'a Kyoku<'t>,
    notes: &'a mut Vec<String>,
    /// The events, each at its own place, and each seat's pons (for
    /// kakan).
    b: StreamBuilder,
    /// Index of the next kan dora in the kyoku's dora list.
    next_dora: usize,
    /// Kan dora the list does not hold.
    missing_dora: usize,
    /// An open kong's indicator waits for the seat's next discard or kong.
    pending: [bool; 4],
    /// The seat's next draw is a replacement draw.
    rinshan: [bool; 4],
    /// The tile of the last action (the winning tile of a win).
    last_tile: Option<Tile>,
    open_kong_dora: bool,
}

impl<'a, 't> Emitter<'a, 't> {
    pub(super) fn new(doc: &'a Doc<'t>, kyoku: &'a Kyoku<'t>, notes: &'a mut Vec<String>) -> Self {
        let entries: usize = kyoku
            .seats
            .iter()
            .map(|s| s.takes.len() + s.discards.len())
            .sum();
        Self {
            doc,
            kyoku,
            notes,
            b: StreamBuilder::new(4, entries + kyoku.dora.len() + 8),
            next_dora: 1,
            missing_dora: 0,
            pending: [false; 4],
            rinshan: [false; 4],
            last_tile: None,
            open_kong_dora: false,
        }
    }

    fn push(&mut self, event: Event, src: Source) {
        self.b.push_at(event, src);
    }

    fn src(&self, seat: u8, array: usize, index: usize) -> Source {
        let k = self.kyoku;
        let raw = k.seats.get(usize::from(seat)).and_then(|s| match array {
            1 => s.take_raw.get(index).copied(),
            _ => s.discard_raw.get(index).copied(),
        });
        let path = path(&k.path, &[4 + 3 * usize::from(seat) + array, index]);
        match raw {
            Some(raw) => self.doc.src(raw, path),
            None => self.doc.src(k.raw, path),
        }
    }

    /// `start_kyoku`.
    pub(super) fn start(&mut self, seats: u8) {
        let k = self.kyoku;
        let hands = k
            .seats
            .iter()
            .take(usize::from(seats))
            .map(|s| {
                let mut hand = s.haipai.clone();
                sort_seen_tiles(&mut hand);
                hand
            })
            .collect();
        let Some(&(dora_marker, _)) = k.dora.first() else {
            return;
        };
        let start = StartKyoku {
            round_wind: k.wind(),
            kyoku: k.index % 4 + 1,
            honba: k.honba,
            riichi_sticks: k.sticks,
            dealer: seat(k.dealer()),
            scores: Some(k.scores.clone()),
            dora_marker,
            hands,
            wall: None,
        };
        let src = self.doc.src(k.raw, k.path.clone());
        self.push(Event::StartKyoku(Box::new(start)), src);
    }

    fn dora(&mut self) {
        let k = self.kyoku;
        match k.dora.get(self.next_dora) {
            Some(&(marker, raw)) => {
                let src = self
                    .doc
                    .src(raw, format!("{}[2][{}]", k.path, self.next_dora));
                self.push(Event::Dora { marker }, src);
                self.next_dora += 1;
            }
            None => self.missing_dora += 1,
        }
    }

    /// An open kong's indicator comes out before the next discard or
    /// right after the next kong declaration of the same seat.
    fn flush_pending(&mut self, s: u8) {
        if let Some(p) = self.pending.get_mut(usize::from(s))
            && *p
        {
            *p = false;
            self.open_kong_dora = true;
            self.dora();
        }
    }

    /// The actions of the rebuilt order.
    pub(super) fn play(&mut self, steps: &[Step]) -> Result<(), ImportError> {
        let k = self.kyoku;
        // A riichi stick is paid once the discard passes: not when it is won
        // on, and not when the log stops right after it (no one knows).
        let open_end = k.outcome.as_ref().is_none_or(Outcome::takes_last_discard);
        for (n, step) in steps.iter().enumerate() {
            let last = n + 1 == steps.len();
            match *step {
                Step::Take(s, i) => self.take(s, i)?,
                Step::Discard(s, i) => self.discard(s, i, !(last && open_end))?,
            }
        }
        Ok(())
    }

    fn arrays(&self, s: u8) -> Result<SeatPlay<'a>, ImportError> {
        let k: &'a Kyoku<'t> = self.kyoku;
        k.seats
            .get(usize::from(s))
            .map(|a| SeatPlay {
                takes: &a.takes,
                discards: &a.discards,
            })
            .ok_or_else(|| self.internal("a step names a seat that is not at the table"))
    }

    fn internal(&self, detail: &str) -> ImportError {
        self.doc.error(
            self.kyoku.raw,
            self.kyoku.path.clone(),
            ImportErrorKind::Order {
                detail: detail.to_owned(),
            },
        )
    }

    /// Entry `i` of one of a seat's arrays, which the rebuilt order names.
    fn entry<T: Copy>(&self, array: &[T], i: usize, what: &str) -> Result<T, ImportError> {
        array
            .get(i)
            .copied()
            .ok_or_else(|| self.internal(&format!("a step names a {what} that does not exist")))
    }

    /// An open or added kong was declared: an indicator still waiting comes
    /// out, this kong's waits in turn, and the seat's next draw is a
    /// replacement draw.
    fn open_kong_declared(&mut self, s: u8) {
        let su = usize::from(s) % 4;
        self.flush_pending(s);
        self.pending[su] = true;
        self.rinshan[su] = true;
    }

    fn take(&mut self, s: u8, i: usize) -> Result<(), ImportError> {
        let play = self.arrays(s)?;
        let take = self.entry(play.takes, i, "take")?;
        let src = self.src(s, 1, i);
        let actor = seat(s);
        let su = usize::from(s) % 4;
        let event = match take {
            Take::Draw(t) => {
                self.last_tile = Some(t);
                let rinshan = std::mem::take(&mut self.rinshan[su]);
                Event::Tsumo {
                    actor,
                    pai: Some(t),
                    rinshan,
                }
            }
            Take::Chi { pai, consumed } => Event::Chi {
                actor,
                target: seat(s + 3),
                pai,
                consumed,
            },
            Take::Pon {
                pai,
                offset,
                consumed,
            } => {
                self.b.add_pon(actor, pai, consumed);
                Event::Pon {
                    actor,
                    target: seat(s + offset),
                    pai,
                    consumed,
                }
            }
            Take::Daiminkan {
                pai,
                offset,
                consumed,
            } => {
                self.push(
                    Event::Daiminkan {
                        actor,
                        target: seat(s + offset),
                        pai,
                        consumed,
                    },
                    src,
                );
                self.open_kong_declared(s);
                return Ok(());
            }
        };
        self.push(event, src);
        Ok(())
    }

    fn discard(&mut self, s: u8, i: usize, passes: bool) -> Result<(), ImportError> {
        let play = self.arrays(s)?;
        let discard = self.entry(play.discards, i, "discard")?;
        let src = self.src(s, 2, i);
        let actor = seat(s);
        let su = usize::from(s) % 4;
        match discard {
            Discard::Placeholder => {}
            Discard::Tile { riichi, .. } | Discard::Tsumogiri { riichi } => {
                let pai = river_tile(&play, i)
                    .ok_or_else(|| self.internal("a tsumogiri without a drawn tile"))?;
                self.flush_pending(s);
                self.last_tile = Some(pai);
                self.push(
                    Event::Dahai {
                        actor,
                        pai,
                        tsumogiri: matches!(discard, Discard::Tsumogiri { .. }),
                        riichi,
                    },
                    src.clone(),
                );
                if riichi && passes {
                    self.push(Event::RiichiAccepted { actor, claim: None }, src);
                }
            }
            Discard::Kakan {
                tiles,
                after_letter,
                ..
            } => {
                let (pai, consumed) = self.kakan_parts(actor, &tiles, after_letter, &src);
                self.last_tile = Some(pai);
                self.push(
                    Event::Kakan {
                        actor,
                        pai,
                        consumed,
                    },
                    src,
                );
                self.open_kong_declared(s);
            }
            Discard::Ankan(consumed) => {
                self.last_tile = Some(consumed[0]);
                self.push(Event::Ankan { actor, consumed }, src);
                self.flush_pending(s);
                self.dora();
                self.rinshan[su] = true;
            }
            Discard::Nukidora(pai) => {
                self.last_tile = Some(pai);
                self.push(Event::Nukidora { actor, pai }, src);
                self.rinshan[su] = true;
            }
        }
        Ok(())
    }

    /// The added tile and the pon's three tiles: the kong's tiles less the
    /// seat's pon of that kind. Without such a pon, the tile after `k`.
    fn kakan_parts(
        &mut self,
        actor: Seat,
        kong: &[Tile; 4],
        after_letter: Tile,
        src: &Source,
    ) -> (Tile, [Tile; 3]) {
        if let Some(found) = self.b.take_pon(actor, |pon| kakan_added(kong, pon)) {
            return found;
        }
        let mut rest = [after_letter; 3];
        let mut skipped = false;
        let mut j = 0;
        for t in kong {
            if !skipped && *t == after_letter {
                skipped = true;
                continue;
            }
            if let Some(slot) = rest.get_mut(j) {
                *slot = *t;
                j += 1;
            }
        }
        self.notes.push(format!(
            "{}: a kakan without a matching earlier pon; the tile after `k` is taken as the added tile",
            src.path.as_deref().unwrap_or("log")
        ));
        (after_letter, rest)
    }

    /// The outcome and `end_kyoku`, and what is left of the dora list.
    pub(super) fn finish(mut self) -> Result<KyokuEvents, ImportError> {
        let k = self.kyoku;
        let extra = k.dora.len().saturating_sub(self.next_dora);
        if extra > 0 {
            for _ in 0..extra {
                self.dora();
            }
            self.notes.push(format!(
                "{}[2]: {extra} dora indicator(s) more than the kongs reveal; placed before the outcome",
                k.path
            ));
        }
        if self.missing_dora > 0 {
            self.notes.push(format!(
                "{}[2]: the dora list has {} indicator(s) fewer than the kongs would reveal; those dora events are left out",
                k.path, self.missing_dora
            ));
        }
        let complete = match &k.outcome {
            None => false,
            Some(Outcome::Wins(wins)) => {
                let pai = self
                    .last_tile
                    .ok_or_else(|| self.internal("a win before any tile was played"))?;
                for w in wins {
                    self.push(
                        Event::Hora {
                            actor: w.actor,
                            target: w.target,
                            pai,
                            claim: Box::new(w.claim.clone()),
                        },
                        w.src.clone(),
                    );
                }
                true
            }
            Some(Outcome::Draw { kind, claim, src }) => {
                self.push(
                    Event::Ryukyoku {
                        kind: *kind,
                        claim: claim.clone(),
                    },
                    src.clone(),
                );
                true
            }
        };
        if complete {
            let src = match k.result_raw {
                Some(raw) => self.doc.src(raw, format!("{}[16]", k.path)),
                None => self.doc.src(k.raw, k.path.clone()),
            };
            self.push(Event::EndKyoku, src);
        }
        Ok(KyokuEvents {
            events: self.b.into_events(),
            complete,
            open_kong_dora: self.open_kong_dora,
        })
    }
}
