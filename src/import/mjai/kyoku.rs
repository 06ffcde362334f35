//! Kyoku headers (both protocols) and the actions inside a kyoku.

use crate::event::{Entry, Event, Format, Seat, Source, StartKyoku, Wall, Wind};
use crate::import::{ImportError, ImportErrorKind};
use crate::tile::{Tile, sort_seen_tiles};

use super::fields::{Fields, quote};
use super::wall::{self, Haiyama};
use super::{Builder, NOTE_TSUMOGIRI};

/// The kyoku being read.
pub(super) struct Kyoku {
    /// `E1-0` and so on, for notes.
    pub(super) label: String,
    /// Where the last outcome (`hora`, `ryukyoku`) was, if there was one.
    pub(super) outcome: Option<Source>,
    /// `end_kyoku` was read.
    pub(super) ended: bool,
    /// Index (into the events) of each seat's last action with a tile.
    last_of: [Option<usize>; 4],
    /// Index of the last event that is not a `dora`.
    last_non_dora: Option<usize>,
}

/// An old-protocol `start_kyoku`: the header, waiting for the hands.
pub(super) struct PendingStart {
    start: StartKyoku,
    src: Source,
    hands: [Option<Vec<Option<crate::tile::Tile>>>; 4],
}

/// The round wind as the sequence of dealers implies it, for old logs
/// without `bakaze`: the wind moves on whenever the deal passes back to a
/// lower seat.
#[derive(Default)]
pub(super) struct DealerTrack {
    previous: Option<Seat>,
    wind: u8,
}

fn wind_of(f: &Fields<'_>) -> Result<Option<Wind>, ImportError> {
    let Some(s) = f.opt_str("bakaze")? else {
        return Ok(None);
    };
    match s {
        "E" => Ok(Some(Wind::East)),
        "S" => Ok(Some(Wind::South)),
        "W" => Ok(Some(Wind::West)),
        "N" => Ok(Some(Wind::North)),
        _ => Err(f.error("a wind E, S, W or N in `bakaze` of `start_kyoku`", quote(s))),
    }
}

impl Builder {
    fn set_seats(&mut self, n: usize, what: &str, f: &Fields<'_>) -> Result<u8, ImportError> {
        let Some(n) = u8::try_from(n).ok().filter(|n| (3..=4).contains(n)) else {
            return Err(f.error(
                format!("3 or 4 entries in {what} of `start_kyoku`"),
                format!("{n}"),
            ));
        };
        match self.seats {
            Some(seats) if seats != n => Err(f.error(
                format!("{seats} entries in {what} of `start_kyoku`, one per seat at the table"),
                format!("{n}"),
            )),
            _ => {
                self.seats = Some(n);
                self.meta.seats = n;
                Ok(n)
            }
        }
    }

    pub(super) fn start_kyoku(&mut self, f: &Fields<'_>) -> Result<(), ImportError> {
        self.close_kyoku(Some(f.src()));
        let dora_marker = f.tile("dora_marker")?;
        let hands = f.opt_hands("tehais")?;
        let scores = f.opt_i32_list("scores")?;
        if let Some(h) = &hands {
            self.set_seats(h.len(), "`tehais`", f)?;
        }
        if let Some(s) = &scores {
            self.set_seats(s.len(), "`scores`", f)?;
        }
        // Old logs are checked against the table once the `haipai` are in.
        let dealer = f.seat("oya", self.table())?;
        let round_wind = self.round_wind(wind_of(f)?, dealer);
        let kyoku = match f.opt_u8("kyoku")? {
            Some(k) if (1..=4).contains(&k) => k,
            Some(k) => {
                return Err(f.error(
                    "a kyoku number 1-4 in `kyoku` of `start_kyoku`",
                    format!("`{k}`"),
                ));
            }
            None => {
                self.note("`start_kyoku` has no `kyoku`: it is the dealer's seat plus one");
                dealer.get() + 1
            }
        };
        let honba = f.opt_u8("honba")?.unwrap_or_else(|| {
            self.note("`start_kyoku` has no `honba`: taken as 0");
            0
        });
        let riichi_sticks = f.opt_u8("kyotaku")?.unwrap_or_else(|| {
            self.note("`start_kyoku` has no `kyotaku`: taken as 0");
            0
        });
        let haiyama = self.haiyama(f)?;
        let start = StartKyoku {
            round_wind,
            kyoku,
            honba,
            riichi_sticks,
            dealer,
            scores,
            dora_marker,
            hands: Vec::new(),
            // The deal goes with the wall: the engine holds the hands to it
            // (`WALL-MISMATCH`), the importer does not judge them.
            wall: haiyama.as_ref().map(|h| {
                Box::new(Wall {
                    deal: h.deal_by_seat(dealer),
                    ..h.wall.clone()
                })
            }),
        };
        match hands {
            Some(mut hands) => {
                for hand in &mut hands {
                    sort_seen_tiles(hand);
                }
                self.emit_start(StartKyoku { hands, ..start }, f.src().clone());
            }
            None => {
                self.pending = Some(PendingStart {
                    start,
                    src: f.src().clone(),
                    hands: Default::default(),
                });
            }
        }
        Ok(())
    }

    /// akochan's `haiyama`, the whole wall: read into the wall after the
    /// deal when it has akochan's layout, else noted and dropped.
    fn haiyama(&mut self, f: &Fields<'_>) -> Result<Option<Haiyama>, ImportError> {
        let Some(v) = f.get("haiyama") else {
            return Ok(None);
        };
        let seen = f.seen_tiles_value("haiyama", v)?;
        let tiles: Option<Vec<Tile>> = seen.iter().copied().collect();
        let read = tiles
            .as_deref()
            .filter(|_| self.seats.is_none_or(|s| s == 4))
            .and_then(Haiyama::read);
        if read.is_none() {
            self.note(format!(
                "`start_kyoku` lists a wall (`haiyama`) that is not akochan's {} shown tiles of a four-player game; it is not kept",
                wall::TILES
            ));
        }
        Ok(read)
    }

    fn round_wind(&mut self, bakaze: Option<Wind>, dealer: Seat) -> Wind {
        let track = &mut self.dealers;
        if track.previous.is_some_and(|p| dealer < p) {
            track.wind = track.wind.saturating_add(1);
        }
        track.previous = Some(dealer);
        if let Some(w) = bakaze {
            track.wind = w.index();
            return w;
        }
        let wind = Wind::from_index(track.wind);
        self.note(
            "`start_kyoku` has no `bakaze`: the round wind starts at East and moves on each time the deal passes back to a lower seat",
        );
        wind
    }

    pub(super) fn haipai(&mut self, f: &Fields<'_>) -> Result<(), ImportError> {
        let Some(pending) = &mut self.pending else {
            return Err(f.error(
                "`haipai` only right after a `start_kyoku` without `tehais`",
                "`haipai`",
            ));
        };
        let actor = f.seat("actor", 4)?;
        let Some(pais) = f.get("pais") else {
            return Err(ImportError::new(
                Format::Mjai,
                f.src().clone(),
                ImportErrorKind::Missing {
                    name: "`pais` of `haipai`".into(),
                },
            ));
        };
        let mut tiles = f.seen_tiles_value("pais", pais)?;
        sort_seen_tiles(&mut tiles);
        let Some(slot) = pending.hands.get_mut(actor.index()) else {
            return Err(f.error("a seat 0-3 in `actor` of `haipai`", format!("{actor}")));
        };
        if slot.is_some() {
            return Err(f.error(
                "one `haipai` per seat",
                format!("a second `haipai` for seat {actor}"),
            ));
        }
        *slot = Some(tiles);
        Ok(())
    }

    /// Completes an old-protocol `start_kyoku` once its `haipai` are read.
    /// `at_end`: the file ends here, rather than another event following.
    pub(super) fn finish_pending(&mut self, at_end: bool) -> Result<(), ImportError> {
        let Some(pending) = self.pending.take() else {
            return Ok(());
        };
        let dealt = pending.hands.iter().filter(|h| h.is_some()).count();
        let seats = match (self.seats, dealt) {
            (Some(s), _) => s,
            // Three hands and then play: a three-player game. Three hands
            // and the end of the file may be a deal cut short, unless the
            // game names three players.
            (None, 3) if !at_end || self.meta.players.len() == 3 => 3,
            _ => 4,
        };
        self.seats = Some(seats);
        self.meta.seats = seats;
        let missing = |seat: usize| {
            ImportError::new(
                Format::Mjai,
                pending.src.clone(),
                ImportErrorKind::Missing {
                    name: format!("`haipai` of seat {seat} after this `start_kyoku`"),
                },
            )
        };
        let mut hands = Vec::new();
        for (seat, hand) in pending.hands.into_iter().enumerate() {
            match hand {
                Some(h) if seat < usize::from(seats) => hands.push(h),
                None if seat < usize::from(seats) => return Err(missing(seat)),
                Some(_) => {
                    return Err(ImportError::expected(
                        Format::Mjai,
                        pending.src,
                        format!("`haipai` for seats 0-{} only", seats - 1),
                        format!("one for seat {seat}"),
                    ));
                }
                None => {}
            }
        }
        if pending.start.dealer.get() >= seats {
            return Err(ImportError::expected(
                Format::Mjai,
                pending.src,
                format!("a seat 0-{} in `oya` of `start_kyoku`", seats - 1),
                format!("`{}`", pending.start.dealer),
            ));
        }
        self.emit_start(
            StartKyoku {
                hands,
                ..pending.start
            },
            pending.src,
        );
        Ok(())
    }

    fn emit_start(&mut self, start: StartKyoku, src: Source) {
        let label = start.label();
        let index = self.events.len();
        self.events.push(Entry {
            event: Event::StartKyoku(Box::new(start)),
            src,
        });
        self.kyoku = Some(Kyoku {
            label,
            outcome: None,
            ended: false,
            last_of: [None; 4],
            last_non_dora: Some(index),
        });
    }

    /// Appends an event of the current kyoku.
    pub(super) fn push(&mut self, event: Event, src: &Source) {
        let index = self.events.len();
        if let Some(k) = &mut self.kyoku {
            if !event.is_dora() {
                k.last_non_dora = Some(index);
            }
            // Riichi payments and wins name a seat but show no tile of it.
            let shows_tile = !matches!(event, Event::RiichiAccepted { .. } | Event::Hora { .. });
            if let Some(slot) = event
                .actor()
                .filter(|_| shows_tile)
                .and_then(|a| k.last_of.get_mut(a.index()))
            {
                *slot = Some(index);
            }
        }
        self.events.push(Entry {
            event,
            src: src.clone(),
        });
    }

    /// The seat's last action with a tile in this kyoku.
    pub(super) fn last_of(&self, seat: Seat) -> Option<&Event> {
        let k = self.kyoku.as_ref()?;
        let index = (*k.last_of.get(seat.index())?)?;
        self.events.get(index).map(|e| &e.event)
    }

    fn last_non_dora(&self) -> Option<&Event> {
        let index = self.kyoku.as_ref()?.last_non_dora?;
        self.events.get(index).map(|e| &e.event)
    }

    /// An event inside a kyoku.
    pub(super) fn play(&mut self, f: &Fields<'_>) -> Result<(), ImportError> {
        let ty = f.ty();
        match &self.kyoku {
            None => return Err(f.error("`start_kyoku` before any play", quote(ty))),
            Some(k) if k.ended => {
                return Err(f.error("`start_kyoku` or `end_game` after `end_kyoku`", quote(ty)));
            }
            Some(_) => {}
        }
        let seats = self.table();
        let event = match ty {
            "tsumo" => {
                let actor = f.seat("actor", seats)?;
                let rinshan = self
                    .last_non_dora()
                    .is_some_and(|e| e.gives_replacement_draw() && e.actor() == Some(actor));
                Event::Tsumo {
                    actor,
                    pai: f.seen_tile("pai")?,
                    rinshan,
                }
            }
            "dahai" => {
                let actor = f.seat("actor", seats)?;
                let pai = f.tile("pai")?;
                let tsumogiri = match f.opt_bool("tsumogiri")? {
                    Some(t) => t,
                    None => {
                        self.note(NOTE_TSUMOGIRI);
                        matches!(
                            self.last_of(actor),
                            Some(Event::Tsumo { pai: Some(drawn), .. }) if *drawn == pai
                        )
                    }
                };
                // `feed` has checked that a pending `reach` is this seat's.
                let riichi = self.reach.take().is_some();
                Event::Dahai {
                    actor,
                    pai,
                    tsumogiri,
                    riichi,
                }
            }
            "reach" => {
                let actor = f.seat("actor", seats)?;
                self.reach = Some((actor, f.src().clone()));
                return Ok(());
            }
            "chi" => {
                let (actor, target, pai, consumed) = f.call(seats)?;
                Event::Chi {
                    actor,
                    target,
                    pai,
                    consumed,
                }
            }
            "pon" => {
                let (actor, target, pai, consumed) = f.call(seats)?;
                Event::Pon {
                    actor,
                    target,
                    pai,
                    consumed,
                }
            }
            "daiminkan" => {
                let (actor, target, pai, consumed) = f.call(seats)?;
                Event::Daiminkan {
                    actor,
                    target,
                    pai,
                    consumed,
                }
            }
            "kakan" => Event::Kakan {
                actor: f.seat("actor", seats)?,
                pai: f.tile("pai")?,
                consumed: f.sorted_tiles("consumed")?,
            },
            "ankan" => Event::Ankan {
                actor: f.seat("actor", seats)?,
                consumed: f.sorted_tiles("consumed")?,
            },
            "nukidora" => Event::Nukidora {
                actor: f.seat("actor", seats)?,
                pai: f.tile("pai")?,
            },
            "dora" => Event::Dora {
                marker: f.tile("dora_marker")?,
            },
            "reach_accepted" => self.reach_accepted(f, seats)?,
            "hora" => self.hora(f, seats)?,
            "ryukyoku" => self.ryukyoku(f)?,
            "end_kyoku" => {
                let mut complete = false;
                if let Some(k) = &mut self.kyoku {
                    k.ended = true;
                    complete = k.outcome.is_some();
                    if !complete {
                        self.meta.incomplete = true;
                    }
                }
                self.push(Event::EndKyoku, f.src());
                if complete {
                    self.checkpoint();
                }
                return Ok(());
            }
            _ => return Err(f.error("a known mjai event type", quote(ty))),
        };
        if event.is_outcome()
            && let Some(k) = &mut self.kyoku
        {
            k.outcome = Some(f.src().clone());
        }
        self.push(event, f.src());
        Ok(())
    }
}
