//! A deliberately small replay for tests: it checks that an imported stream
//! is physically possible — tiles add up, hands have the right size, calls
//! use tiles that are held, shown hands match — which is what catches
//! importer bugs. It is not the rules engine and judges no rule.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use paifu::event::{DrawClaim, Event, GameLog, StartKyoku};
use paifu::tile::{Tile, sort_tiles};

/// What the replay found in one game.
#[derive(Default)]
pub struct Checked {
    /// Problems, as readable sentences.
    pub problems: Vec<String>,
    /// Wins whose shown hand leaves out the winning tile (a variant some
    /// bot-written logs use), counted rather than failed.
    pub shown_without_winning_tile: usize,
}

/// Replays one game and reports what does not add up.
pub fn check_game(log: &GameLog) -> Checked {
    let mut problems = Vec::new();
    let mut variant = 0;
    let seats = usize::from(log.meta.seats);
    let red_allowed = log.meta.rules.red_fives.unwrap_or(3) > 0;
    let mut kyoku: Option<Kyoku> = None;
    for (i, e) in log.events.iter().enumerate() {
        let at = |msg: String| format!("event {i} ({}): {msg}", e.src);
        if let Event::StartKyoku(sk) = &e.event {
            if let Some(k) = kyoku.take() {
                variant += k.hand_without_winning_tile;
                problems.extend(k.finish());
            }
            kyoku = Some(Kyoku::new(sk, seats, red_allowed));
            continue;
        }
        let Some(k) = kyoku.as_mut() else {
            // Connections can drop before the first deal.
            if !matches!(e.event, Event::Disconnect { .. } | Event::Reconnect { .. }) {
                problems.push(at("event before the first kyoku".into()));
            }
            continue;
        };
        if let Err(msg) = k.apply(&e.event) {
            problems.push(at(format!("{} {msg}", k.label)));
        }
    }
    if let Some(k) = kyoku.take() {
        variant += k.hand_without_winning_tile;
        problems.extend(k.finish());
    }
    Checked {
        problems,
        shown_without_winning_tile: variant,
    }
}

struct Kyoku {
    label: String,
    seats: usize,
    red_allowed: bool,
    /// Concealed tiles per seat, by raw tile index (red fives apart).
    hands: Vec<[u8; 37]>,
    hidden: Vec<usize>,
    melds: Vec<usize>,
    /// Every physical tile seen: starting hands, draws, indicators.
    seen: [u32; 37],
    draws: usize,
    /// The seat whose turn it is to discard, and what it drew last.
    last_draw: Vec<Option<Tile>>,
    ura_counted: bool,
    ended_exhaustive: bool,
    hand_without_winning_tile: usize,
    problems: Vec<String>,
}

fn kind_count(seen: &[u32; 37], kind: u8) -> u32 {
    let mut n = seen[usize::from(kind)];
    if let Some(red) = Tile::from_kind(kind).and_then(Tile::reddened) {
        n += seen[usize::from(red.index())];
    }
    n
}

impl Kyoku {
    fn new(sk: &StartKyoku, seats: usize, red_allowed: bool) -> Self {
        let mut k = Self {
            label: sk.label(),
            seats,
            red_allowed,
            hands: vec![[0; 37]; seats],
            hidden: vec![0; seats],
            melds: vec![0; seats],
            seen: [0; 37],
            draws: 0,
            last_draw: vec![None; seats],
            ura_counted: false,
            ended_exhaustive: false,
            hand_without_winning_tile: 0,
            problems: Vec::new(),
        };
        if sk.hands.len() != seats {
            k.problems.push(format!(
                "{}: {} hands for {seats} seats",
                k.label,
                sk.hands.len()
            ));
        }
        for (s, hand) in sk.hands.iter().enumerate().take(seats) {
            if hand.len() != 13 {
                k.problems.push(format!(
                    "{}: seat {s} starts with {} tiles",
                    k.label,
                    hand.len()
                ));
            }
            for t in hand {
                match t {
                    Some(t) => {
                        k.hands[s][usize::from(t.index())] += 1;
                        k.see(*t);
                    }
                    None => k.hidden[s] += 1,
                }
            }
        }
        k.see(sk.dora_marker);
        k
    }

    fn see(&mut self, t: Tile) {
        self.seen[usize::from(t.index())] += 1;
    }

    fn take(&mut self, seat: usize, t: Tile) -> Result<(), String> {
        let slot = &mut self.hands[seat][usize::from(t.index())];
        if *slot > 0 {
            *slot -= 1;
            Ok(())
        } else if self.hidden[seat] > 0 {
            self.hidden[seat] -= 1;
            Ok(())
        } else {
            Err(format!("seat {seat} does not hold {t}"))
        }
    }

    fn concealed(&self, seat: usize) -> usize {
        self.hands[seat]
            .iter()
            .map(|n| usize::from(*n))
            .sum::<usize>()
            + self.hidden[seat]
    }

    fn expect_size(&self, seat: usize, after_draw: bool) -> Result<(), String> {
        let want = 13 + usize::from(after_draw) - 3 * self.melds[seat];
        let have = self.concealed(seat);
        if have == want {
            Ok(())
        } else {
            Err(format!(
                "seat {seat} holds {have} concealed tiles with {} melds (expected {want})",
                self.melds[seat]
            ))
        }
    }

    fn seat(&self, s: paifu::event::Seat) -> Result<usize, String> {
        let i = s.index();
        if i < self.seats {
            Ok(i)
        } else {
            Err(format!("seat {i} is not at the table"))
        }
    }

    fn apply(&mut self, e: &Event) -> Result<(), String> {
        match e {
            Event::Tsumo { actor, pai, .. } => {
                let s = self.seat(*actor)?;
                self.draws += 1;
                match pai {
                    Some(t) => {
                        self.hands[s][usize::from(t.index())] += 1;
                        self.see(*t);
                    }
                    None => self.hidden[s] += 1,
                }
                self.last_draw[s] = *pai;
                self.expect_size(s, true)
            }
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
                ..
            } => {
                let s = self.seat(*actor)?;
                if *tsumogiri && self.last_draw[s].is_some() && self.last_draw[s] != Some(*pai) {
                    return Err(format!("tsumogiri of {pai} after drawing another tile"));
                }
                self.last_draw[s] = None;
                self.take(s, *pai)?;
                self.expect_size(s, false)
            }
            Event::Chi {
                actor, consumed, ..
            }
            | Event::Pon {
                actor, consumed, ..
            } => {
                let s = self.seat(*actor)?;
                for t in consumed {
                    self.take(s, *t)?;
                }
                self.melds[s] += 1;
                // After a call the caller discards from 14 - 3×melds.
                let want = 14 - 3 * self.melds[s];
                (self.concealed(s) == want)
                    .then_some(())
                    .ok_or_else(|| format!("seat {s} has the wrong count after a call"))
            }
            Event::Daiminkan {
                actor, consumed, ..
            } => {
                let s = self.seat(*actor)?;
                for t in consumed {
                    self.take(s, *t)?;
                }
                self.melds[s] += 1;
                Ok(())
            }
            Event::Kakan { actor, pai, .. } => {
                let s = self.seat(*actor)?;
                self.take(s, *pai)?;
                Ok(())
            }
            Event::Ankan { actor, consumed } => {
                let s = self.seat(*actor)?;
                for t in consumed {
                    self.take(s, *t)?;
                }
                self.melds[s] += 1;
                Ok(())
            }
            Event::Nukidora { actor, pai } => {
                let s = self.seat(*actor)?;
                self.take(s, *pai)
            }
            Event::Dora { marker } => {
                self.see(*marker);
                Ok(())
            }
            Event::Hora {
                actor,
                target,
                pai,
                claim,
            } => {
                let s = self.seat(*actor)?;
                if let Some(ura) = &claim.ura_markers
                    && !self.ura_counted
                {
                    self.ura_counted = true;
                    for t in ura {
                        self.see(*t);
                    }
                }
                if let Some(hand) = &claim.hand
                    && self.hidden[s] == 0
                {
                    let mut mine: Vec<Tile> = Vec::new();
                    for (i, n) in self.hands[s].iter().enumerate() {
                        for _ in 0..*n {
                            mine.extend(Tile::from_index(i as u8));
                        }
                    }
                    if actor != target {
                        mine.push(*pai);
                    }
                    sort_tiles(&mut mine);
                    let mut shown = hand.clone();
                    sort_tiles(&mut shown);
                    // Some bot-written logs (tenhou-python-bot fixtures)
                    // show the hand without the winning tile.
                    let mut shown_plus = hand.clone();
                    shown_plus.push(*pai);
                    sort_tiles(&mut shown_plus);
                    if shown_plus == mine {
                        self.hand_without_winning_tile += 1;
                    } else if mine != shown {
                        return Err(format!(
                            "winner {s} shows {} but holds {}",
                            paifu::tile::format_hand(&shown),
                            paifu::tile::format_hand(&mine)
                        ));
                    }
                }
                Ok(())
            }
            Event::Ryukyoku { kind, claim } => {
                if matches!(kind, paifu::event::DrawKind::Exhaustive) {
                    self.ended_exhaustive = true;
                }
                self.check_shown(claim)
            }
            _ => Ok(()),
        }
    }

    fn check_shown(&self, claim: &DrawClaim) -> Result<(), String> {
        let Some(shown) = &claim.shown_hands else {
            return Ok(());
        };
        for (s, hand) in shown.iter().enumerate().take(self.seats) {
            let Some(hand) = hand else { continue };
            if self.hidden[s] > 0 {
                continue;
            }
            let mut mine: Vec<Tile> = Vec::new();
            for (i, n) in self.hands[s].iter().enumerate() {
                for _ in 0..*n {
                    mine.extend(Tile::from_index(i as u8));
                }
            }
            sort_tiles(&mut mine);
            let mut shown = hand.clone();
            sort_tiles(&mut shown);
            if mine != shown {
                return Err(format!(
                    "seat {s} shows {} but holds {}",
                    paifu::tile::format_hand(&shown),
                    paifu::tile::format_hand(&mine)
                ));
            }
        }
        Ok(())
    }

    fn finish(mut self) -> Vec<String> {
        for kind in 0..34u8 {
            let n = kind_count(&self.seen, kind);
            if n > 4 {
                self.problems
                    .push(format!("{}: {n} copies of kind {kind}", self.label));
            }
        }
        for red in 34..37 {
            let n = self.seen[red];
            let limit = if self.red_allowed { 1 } else { 0 };
            if n > limit {
                self.problems.push(format!(
                    "{}: {n} copies of a red five (limit {limit})",
                    self.label
                ));
            }
        }
        if self.seats == 3 {
            for kind in 1..=7u8 {
                if kind_count(&self.seen, kind) > 0 {
                    self.problems
                        .push(format!("{}: a three-player game uses 2m-8m", self.label));
                }
            }
        }
        // 136 = 52 dealt + 70 drawn (the live wall shrinks by one for every
        // replacement draw) + 14 in the dead wall.
        if self.seats == 4 && self.ended_exhaustive && self.draws != 70 {
            self.problems.push(format!(
                "{}: exhaustive draw after {} draws (136 tiles give 70)",
                self.label, self.draws
            ));
        }
        self.problems
    }
}
